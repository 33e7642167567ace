"""What a filter did to a page: the removals it made and why, in a form tests and headers can read."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, NamedTuple

Action = Literal["kill", "unwrap", "strip"]


class Removal(NamedTuple):
    """One change: ``kill`` drops element and content, ``unwrap`` keeps the content, ``strip`` drops attributes.

    A named tuple (immutable): one is made per removal, a hundred on many pages, at a third of
    a frozen dataclass's cost."""

    action: Action
    target: str  # short description of the element, e.g. "div#sidebar.links"
    reason: str


@dataclass
class FilterReport:
    """Per-filter record of removals (the list is capped; ``count`` is exact)."""

    filter: str
    removals: list[Removal] = field(default_factory=list)
    count: int = 0
    notes: list[str] = field(default_factory=list)

    MAX_KEPT = 200  # enough to explain a page; a million-element page must not grow the report without bound

    def add(self, action: Action, target: str, reason: str) -> None:
        self.count += 1
        if len(self.removals) < self.MAX_KEPT:
            self.removals.append(Removal(action, target, reason))

    def as_dict(self) -> dict:
        return {
            "filter": self.filter,
            "count": self.count,
            "removals": [r._asdict() for r in self.removals],
            "notes": list(self.notes),
        }
