"""Errors the engine raises, all under one root, ``ClearpageError`` (docs/errors.md has the tree).

``ConfigError``: a config that cannot be used, with every problem's file, line and key.
``PageError``: a page the engine could not process (``BudgetExceeded``: not in its time);
the content-coding errors (content_coding.py) are page errors too. Callers serving pages
serve the original bytes on any of them.
"""
from __future__ import annotations

from dataclasses import dataclass


class ClearpageError(Exception):
    """The root of every error the engine raises on purpose."""


@dataclass(frozen=True)
class Problem:
    """One thing wrong in a config file, located as precisely as the YAML allows."""

    file: str
    line: int | None
    key: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        return f"{where}: {self.key or '(top level)'}: {self.message}"


class ConfigError(ClearpageError, ValueError):
    """A config that cannot be used; carries every problem found, not only the first.

    Also a ValueError, as it always was: callers that catch ValueError still catch it."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class PageError(ClearpageError):
    """A page the pipeline could not process; callers serve the original instead."""


class BudgetExceeded(PageError):
    """The page took longer than its time budget."""
