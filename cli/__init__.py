"""The ``clearpage`` command: proxy, filter, check-config, and the measurement commands.

Each subcommand lives in its own module and registers through ``COMMANDS`` (name ->
"module:function" that adds its parser); modules are imported only when their command runs,
so ``clearpage filter`` never loads mitmproxy.
"""
from __future__ import annotations

import argparse
import importlib

# name -> (module, function adding the subparser). The function sets ``func`` on the parser.
COMMANDS: dict[str, tuple[str, str]] = {
    "filter": ("clearpage.cli.cmd_filter", "add_parser"),
    "check-config": ("clearpage.cli.cmd_check", "add_parser"),
    "lists": ("clearpage.cli.cmd_lists", "add_parser"),
    "proxy": ("clearpage.cli.cmd_proxy", "add_parser"),
    "fleet": ("clearpage.cli.cmd_fleet", "add_parser"),
    "bench": ("clearpage.cli.cmd_bench", "add_parser"),
    "config-reference": ("clearpage.cli.cmd_reference", "add_parser"),
    "a11y-report": ("clearpage.cli.cmd_a11y", "add_parser"),
    "eval": ("clearpage.cli.cmd_eval", "add_parser"),
    "soak": ("clearpage.cli.cmd_soak", "add_parser"),
    "rules": ("clearpage.cli.cmd_rules", "add_parser"),
    "train": ("clearpage.cli.cmd_train", "add_parser"),
    "outputs": ("clearpage.cli.cmd_outputs", "add_parser"),
    "batch": ("clearpage.cli.cmd_batch", "add_parser"),
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="clearpage", description="A proxy that serves every web page back readable.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, (module, function) in COMMANDS.items():
        getattr(importlib.import_module(module), function)(sub, name)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
