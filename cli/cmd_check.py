"""``clearpage check-config FILE``: validate a config; print FILE:LINE: key: problem; exit 1 on errors.

Warnings (ad list lines the engine cannot use) are summed up in one line when there are more
than ``SHOWN_WARNINGS``; ``--all-warnings`` prints each.
"""
from __future__ import annotations

import re
import sys

from clearpage.filters import ConfigError, load_config


# Up to this many warnings are printed as they are; more are summed up in one line.
SHOWN_WARNINGS = 3
# A warning standing for several list lines ("FILE: 3042 more line(s) of the same kind: ...").
_MORE = re.compile(r": (\d+) more line\(s\) of the same kind")


def add_parser(sub, name: str) -> None:
    parser = sub.add_parser(name, help="validate a YAML config file")
    parser.add_argument("file", help="the YAML config to check (merged over the embedded default)")
    parser.add_argument("--all-warnings", action="store_true", help="print every warning instead of a one-line summary")
    parser.set_defaults(func=run)


def run(args) -> int:
    try:
        config = load_config(args.file)
    except ConfigError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        print(f"{args.file}: {len(exc.problems)} problem(s)", file=sys.stderr)
        return 1
    warnings = config.warnings
    if args.all_warnings or len(warnings) <= SHOWN_WARNINGS:
        for warning in warnings:
            print(f"warning: {warning}", file=sys.stderr)
    else:
        lines = sum(int(m.group(1)) if (m := _MORE.search(w)) else 1 for w in warnings)
        files = len({w.split(":", 1)[0] for w in warnings})
        print(f"warning: {lines} line(s) of {files} ad list(s) the engine cannot use (unsupported options, scriptlets, "
              f"procedural filters) in {len(warnings)} warning(s); --all-warnings prints them", file=sys.stderr)
    sites = len(config.sites)
    print(f"{args.file}: OK (mode {config.settings.mode}, chain {', '.join(config.settings.chain)}, {sites} site rule(s))")
    return 0
