"""Errors the engine raises: config problems with file, line and key, and page failures."""
from __future__ import annotations

from dataclasses import dataclass


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


class ConfigError(ValueError):
    """A config that cannot be used; carries every problem found, not only the first."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class PageError(Exception):
    """A page the pipeline could not process; callers serve the original instead."""


class BudgetExceeded(PageError):
    """The page took longer than its time budget."""
