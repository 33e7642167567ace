"""``clearpage config-reference``: every config key with its type, default and meaning, as Markdown."""
from __future__ import annotations


def add_parser(sub, name: str) -> None:
    parser = sub.add_parser(name, help="print the config reference (Markdown)")
    parser.set_defaults(func=run)


def run(args) -> int:
    from clearpage.filters.reference import markdown

    print(markdown(), end="")
    return 0
