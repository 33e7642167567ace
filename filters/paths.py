"""File paths: config paths resolved against the config file that names them (checked readable at
load), and the user cache directory clearpage keeps derived files in."""
from __future__ import annotations

import os
from pathlib import Path

from .errors import Problem
from .typed import Invalid, convert
from .yamlsrc import Node


def resolve_against(node: Node, value: str) -> Path:
    path = Path(os.path.expanduser(value))
    if not path.is_absolute():
        path = Path(node.file).resolve().parent / path
    return path


def readable_files(node: Node, key: str, problems: list[Problem]) -> tuple[str, ...]:
    """Convert hook: a list of file paths, each resolved and checked readable."""
    values = convert(node, tuple[str, ...], key, problems)
    out, bad = [], False
    for i, value in enumerate(values):
        item = node.items[i]  # type: ignore[attr-defined]
        path = resolve_against(item, value)
        try:
            with open(path, "rb"):
                pass
        except OSError as exc:
            problems.append(Problem(item.file, item.line, f"{key}[{i}]", f"cannot read list file {str(path)!r}: {exc.strerror or exc}"))
            bad = True
            continue
        out.append(str(path))
    if bad:
        raise Invalid
    return tuple(out)


def user_cache_dir() -> Path:
    """``$XDG_CACHE_HOME/clearpage``, else ``~/.cache/clearpage``: compiled ad lists, the unpacked
    language model (files derived from installed ones, safe to delete)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "clearpage"
