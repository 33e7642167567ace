"""``clearpage filter PATH|-``: the proxy's pipeline, offline, on a file or standard input."""
from __future__ import annotations

import json
import sys

from clearpage.filters import ConfigError, PageError, Pipeline, load_config
from clearpage.filters.pipeline import MODES


def add_parser(sub, name: str) -> None:
    parser = sub.add_parser(name, help="filter one HTML file offline")
    parser.add_argument("path", help="HTML file, or - for standard input")
    parser.add_argument("--url", help="the page's URL (for relative links, site rules and the bypass link)")
    parser.add_argument("--config", help="YAML config merged over the embedded default")
    parser.add_argument("--mode", choices=MODES, help="override the config's mode")
    parser.add_argument("--format", choices=("html", "text"), help="html (default) or text output")
    parser.add_argument("--charset", help="charset as an HTTP header would declare it")
    parser.add_argument("--report", metavar="FILE", help="write what each filter removed, as JSON")
    parser.add_argument("--memory", metavar="PATH",
                        help="use and feed the site memory (SQLite) at PATH, as the proxy does: run a site's pages one "
                        "after another with the same PATH and its template is removed from the later ones")
    parser.add_argument("-o", "--output", metavar="OUT", help="write here instead of standard output")
    parser.set_defaults(func=run)


def run(args) -> int:
    try:
        config = load_config(args.config)
    except ConfigError as exc:
        print(exc, file=sys.stderr)
        return 2
    data = sys.stdin.buffer.read() if args.path == "-" else _read(args.path)
    if data is None:
        return 2
    memory = None
    if args.memory:
        from clearpage.filters.learn.memory import SiteMemory, batch_settings

        memory = SiteMemory(batch_settings(config.memory), path=args.memory)
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
        with open(args.report, "w", encoding="utf-8") as fh:
            json.dump(result.report_dict(), fh, indent=2, ensure_ascii=False)
    if args.output:
        with open(args.output, "wb") as fh:
            fh.write(out)
    else:
        sys.stdout.buffer.write(out)
        sys.stdout.buffer.flush()
    print(f"clearpage: mode={result.mode}; removed={result.removed_count}; {result.decision}", file=sys.stderr)
    return 0


def _read(path: str) -> bytes | None:
    try:
        with open(path, "rb") as fh:
            return fh.read()
    except OSError as exc:
        print(f"clearpage: cannot read {path}: {exc.strerror or exc}", file=sys.stderr)
        return None
