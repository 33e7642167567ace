"""``clearpage filter PATH|-``: the proxy's pipeline, offline, on a file or standard input.

Reads a regular file or a pipe of at most ``MAX_PAGE_BYTES``; a problem with any path it reads
or writes is one line naming the path.
"""
from __future__ import annotations

import json
import os
import stat
import sys

from clearpage.filters import PageError, Pipeline
from clearpage.cli.loading import BAD_CONFIG, config_or_report
from clearpage.filters.pipeline import MODES


# Far above any page the proxy filters (its max_body_bytes), and a bound on what a device such as
# /dev/zero, or a runaway pipe, can make this command hold in memory.
MAX_PAGE_BYTES = 256 << 20


def add_parser(sub, name: str) -> None:
    parser = sub.add_parser(name, help="filter one HTML file offline")
    parser.add_argument("path", help="HTML file, or - for standard input")
    parser.add_argument("--url", help="the page's URL (for relative links, site rules and the bypass link)")
    parser.add_argument("--config", help="YAML config merged over the embedded default")
    parser.add_argument("--mode", choices=MODES, help="override the config's mode")
    parser.add_argument("--format", choices=("html", "text"), help="html (default) or text output")
    parser.add_argument("--charset", help="charset as an HTTP header would declare it")
    parser.add_argument("--report", metavar="FILE", help="write what each filter removed, as JSON")
    parser.add_argument("--memory", metavar="PATH|URL",
                        help="use and feed the site memory (an SQLite file or a postgresql:// URL) at PATH, as the proxy does: run a site's pages one "
                        "after another with the same PATH and its template is removed from the later ones")
    parser.add_argument("-o", "--output", metavar="OUT", help="write here instead of standard output")
    parser.set_defaults(func=run)


def run(args) -> int:
    config = config_or_report(args.config)
    if config is None:
        return BAD_CONFIG
    data = _read(args.path)
    if data is None:
        return 2
    memory = None
    if args.memory:
        from clearpage.filters.learn.memory import SiteMemory, SiteMemoryError, batch_settings

        try:
            memory = SiteMemory(batch_settings(config.memory), path=args.memory)
        except SiteMemoryError as exc:  # a postgresql:// URL without psycopg, or not a valid URL
            print(f"clearpage: --memory: {exc}", file=sys.stderr)
            return 2
    try:
        result = Pipeline(config, memory=memory).run(data, args.url, mode=args.mode, charset=args.charset, format=args.format)
    except PageError as exc:
        print(f"clearpage: {args.path}: {exc}", file=sys.stderr)
        return 1
    finally:
        if memory is not None:
            memory.close()
    out = result.output.encode("utf-8") if result.changed else data
    if args.report:
        report = json.dumps(result.report_dict(), indent=2, ensure_ascii=False).encode("utf-8")
        if not _write(args.report, report, "--report"):
            return 2
    if args.output:
        if not _write(args.output, out, "-o"):
            return 2
    else:
        sys.stdout.buffer.write(out)
        sys.stdout.buffer.flush()
    print(f"clearpage: mode={result.mode}; removed={result.removed_count}; {result.decision}", file=sys.stderr)
    return 0


def _read(path: str) -> bytes | None:
    """The page: standard input for "-", else a regular file or a pipe (never a device or a
    directory), at most MAX_PAGE_BYTES; None after saying why not."""
    try:
        if path == "-":
            data = sys.stdin.buffer.read(MAX_PAGE_BYTES + 1)
        else:
            with open(path, "rb") as fh:
                mode = os.fstat(fh.fileno()).st_mode
                if not (stat.S_ISREG(mode) or stat.S_ISFIFO(mode)):
                    print(f"clearpage: cannot read {path}: not a file or a pipe (a directory or device)", file=sys.stderr)
                    return None
                data = fh.read(MAX_PAGE_BYTES + 1)
    except OSError as exc:
        print(f"clearpage: cannot read {path}: {exc.strerror or exc}", file=sys.stderr)
        return None
    if len(data) > MAX_PAGE_BYTES:
        print(f"clearpage: cannot read {path}: over the {MAX_PAGE_BYTES >> 20} MiB limit for a page", file=sys.stderr)
        return None
    return data


def _write(path: str, data: bytes, option: str) -> bool:
    """Write ``data`` to ``path``; False after one line naming the path and the problem."""
    if os.path.isdir(path):
        print(f"clearpage: cannot write {option} {path}: it is a directory (give a file name)", file=sys.stderr)
        return False
    try:
        with open(path, "wb") as fh:
            fh.write(data)
    except OSError as exc:
        print(f"clearpage: cannot write {option} {path}: {exc.strerror or exc}", file=sys.stderr)
        return False
    return True
