"""The filter interface and the registry that maps YAML names to filter classes.

A filter is built once per config load from its frozen options (compile selectors and lists
here) and then applied to many pages: ``apply(doc, ctx) -> FilterReport``. It must keep no
per-page state on ``self``; the page's state lives in the ``PageContext``.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from ..context import PageContext
from ..errors import Problem
from ..report import FilterReport


@dataclass
class BuildEnv:
    """What filters may use while they are built: a cache shared across profiles, and a problem sink."""

    cache: dict[Any, Any] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)  # e.g. unsupported lines in an ad list
    subscribed_lists: tuple[str, ...] = ()  # cached copies of lists.subscriptions the caller asked for (the proxy)

    def cached(self, key: Any, build):
        """Build a heavy resource (an ad list, a compiled engine) once per config load."""
        if key not in self.cache:
            self.cache[key] = build()
        return self.cache[key]


class Filter(ABC):
    name: ClassVar[str]
    Options: ClassVar[type]
    #: "kill" or "unwrap" or "strip" for the docs' filter table (docs/filters.md); informative only.
    summary: ClassVar[str] = ""

    def __init__(self, options: Any, env: BuildEnv):
        self.options = options

    @abstractmethod
    def apply(self, doc, ctx: PageContext) -> FilterReport:
        """Change ``doc`` in place and report what was removed and why."""


FILTERS: dict[str, type[Filter]] = {}


def register(cls: type[Filter]) -> type[Filter]:
    if cls.name in FILTERS:
        raise RuntimeError(f"filter {cls.name!r} registered twice")
    FILTERS[cls.name] = cls
    return cls


def config_dir_of(file: str) -> Path:
    return Path(file).resolve().parent
