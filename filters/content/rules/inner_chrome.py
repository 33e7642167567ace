"""Structural boilerplate inside ``auto``'s chosen container: what markup and position give away.

- ``still_attached``: the selected blocks a rule removed whole (an author's bio box selected as a
  sibling of the article) leave the selection, which would otherwise still render them.
"""
from __future__ import annotations

from .. import features as feat


def still_attached(f: feat.Features, nodes: list[int]) -> list[int]:
    """``nodes`` without the blocks removed from the document (all of them when all were)."""
    kept = [i for i in nodes if f.elements[i].getparent() is not None]
    return kept or nodes
