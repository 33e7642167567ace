"""``clearpage lists update``: fetch the subscribed ad lists (``lists.subscriptions``) into their cache.

One progress line per list on stderr while it downloads, then one result line per list: fetched
(size, rules), not modified, or kept (the previous copy, and why). Exit 1 when a list has no
usable copy at all afterwards. ``lists show`` prints where each copy is and when it was checked.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

from clearpage.cli.loading import BAD_CONFIG, config_or_report
from clearpage.filters.adblock import subscriptions


def add_parser(sub, name: str) -> None:
    parser = sub.add_parser(name, help="fetch the subscribed ad lists (EasyList, EasyPrivacy, ...) into the cache")
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    for action, help_text in (("update", "fetch the lists now (conditional requests: unchanged lists are not downloaded again)"),
                              ("show", "print each subscribed list's cached copy and when it was last checked")):
        p = actions.add_parser(action, help=help_text)
        p.add_argument("--config", metavar="FILE", help="YAML config merged over the embedded default (its lists: section)")
        p.add_argument("--dir", metavar="DIR", help="cache directory (default: lists.dir, else $XDG_CACHE_HOME/clearpage/lists)")
        p.set_defaults(func=run)


def run(args) -> int:
    config = config_or_report(args.config)
    if config is None:
        return BAD_CONFIG
    settings = config.lists
    urls = settings.subscriptions if settings is not None else ()
    directory = Path(args.dir) if args.dir else Path(settings.dir) if settings is not None and settings.dir else subscriptions.default_dir()
    if not urls:
        print("clearpage lists: no lists subscribed (lists.subscriptions is empty)")
        return 0
    if args.action == "show":
        return _show(urls, directory)
    progress = _Progress(sys.stderr)
    outcomes = subscriptions.update(urls, directory, progress=progress)
    progress.end()
    missing = 0
    for outcome in outcomes:
        if outcome.status == subscriptions.NEW:
            print(f"{outcome.url}: fetched, {outcome.size} bytes, {outcome.rules} rules -> {outcome.path}")
        elif outcome.status == subscriptions.NOT_MODIFIED:
            print(f"{outcome.url}: not modified -> {outcome.path}")
        else:
            kept = f"kept the previous copy {outcome.path}" if outcome.path else "no copy"
            print(f"{outcome.url}: {outcome.reason}; {kept}")
            missing += outcome.path is None
    return 1 if missing else 0


def _show(urls, directory: Path) -> int:
    for url in urls:
        path = subscriptions.list_path(directory, url)
        checked = subscriptions.read_meta(path).get("checked")
        when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(checked)) if isinstance(checked, (int, float)) else "never"
        print(f"{url}: {path if path.is_file() else 'no copy'} (checked {when})")
    return 0


class _Progress:
    """One line, rewritten in place on a terminal (a line per list elsewhere)."""

    def __init__(self, stream) -> None:
        self.stream = stream
        self.tty = stream.isatty()
        self.url: str | None = None

    def __call__(self, url: str, done: int, total: int | None) -> None:
        if url != self.url:
            self.end()
            self.url = url
        if self.tty:
            of = f" of {total / 1024:.0f} KiB" if total else ""
            self.stream.write(f"\r{url}: {done / 1024:.0f} KiB{of}")
            self.stream.flush()

    def end(self) -> None:
        if self.url is not None:
            if self.tty:
                self.stream.write("\n")
            else:
                self.stream.write(f"{self.url}: downloaded\n")
            self.stream.flush()
        self.url = None
