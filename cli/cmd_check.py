"""``clearpage check-config FILE``: validate a config; print FILE:LINE: key: problem; exit 1 on errors."""
from __future__ import annotations

import sys

from clearpage.filters import ConfigError, load_config


def add_parser(sub, name: str) -> None:
    parser = sub.add_parser(name, help="validate a YAML config file")
    parser.add_argument("file", help="the YAML config to check (merged over the embedded default)")
    parser.set_defaults(func=run)


def run(args) -> int:
    try:
        config = load_config(args.file)
    except ConfigError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        print(f"{args.file}: {len(exc.problems)} problem(s)", file=sys.stderr)
        return 1
    for warning in config.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    sites = len(config.sites)
    print(f"{args.file}: OK (mode {config.settings.mode}, chain {', '.join(config.settings.chain)}, {sites} site rule(s))")
    return 0
