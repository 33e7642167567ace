"""``python -m clearpage.tools.bench.floor_proxy [clearpage proxy options]``: bench proxy's floor run.

The proxy ``clearpage proxy`` serves, with the same options and start-up message, but its
workers are ``floor_worker``s: they only parse and serialise each page, nothing is filtered.
The start-up message ends with a warning saying so. Not for real use.
"""
from __future__ import annotations

import argparse
import sys

from clearpage.cli import cmd_proxy

from .floor_worker import MODULE as FLOOR_WORKER

WARNING = "bench proxy's floor run: the workers only parse and serialise pages, nothing is filtered"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m clearpage.tools.bench.floor_proxy")
    cmd_proxy.add_parser(parser.add_subparsers(dest="command", required=True), "proxy")
    args = parser.parse_args(["proxy", *(sys.argv[1:] if argv is None else argv)])
    try:
        return cmd_proxy.run(args, worker_module=FLOOR_WORKER, warnings=(WARNING,))
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
