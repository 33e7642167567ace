"""The content-selection interface: ``select(doc, ctx) -> Selection | None`` and its registry.

A selection is one or more nodes of the (already filtered) document, in document order,
with a score and a human-readable reason. Algorithms are built once per config load from
frozen options, like filters, and keep no per-page state on ``self``.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar

from ..chain.base import BuildEnv
from ..context import PageContext


@dataclass(frozen=True)
class Selection:
    nodes: tuple[Any, ...]  # lxml elements, in document order, none inside another
    score: float
    reason: str
    algorithm: str = ""

    @property
    def node(self):
        """The first (for single-node algorithms, the only) selected node."""
        return self.nodes[0]


class ContentAlgorithm(ABC):
    name: ClassVar[str]
    Options: ClassVar[type | None] = None

    def __init__(self, options: Any, env: BuildEnv):
        self.options = options

    @abstractmethod
    def select(self, doc, ctx: PageContext) -> Selection | None:
        """Pick the main content of ``doc`` or return None when nothing qualifies."""


ALGORITHMS: dict[str, type[ContentAlgorithm]] = {}


def register(cls: type[ContentAlgorithm]) -> type[ContentAlgorithm]:
    if cls.name in ALGORITHMS:
        raise RuntimeError(f"content algorithm {cls.name!r} registered twice")
    ALGORITHMS[cls.name] = cls
    return cls


def in_document_order(nodes) -> tuple:
    """Nodes sorted in document order with any node inside another selected node dropped."""
    unique = list(dict.fromkeys(nodes))
    chosen = set(unique)
    kept = [n for n in unique if not any(a in chosen for a in n.iterancestors())]
    if len(kept) < 2:
        return tuple(kept)
    root = kept[0].getroottree().getroot()
    order = {el: i for i, el in enumerate(root.iter())}
    return tuple(sorted(kept, key=lambda n: order.get(n, 0)))
