"""Lazy-loaded images inside ``auto``'s selection get their real ``src``/``srcset``.

Reader mode runs no scripts, so the loader that would copy ``data-src`` into ``src`` never
runs. The resolver is the reader page's (filters/render/lazy_images.py, ``resolve_addresses``):
one list of loader attributes for both.
"""
from __future__ import annotations

from ...render.lazy_images import resolve_addresses


def load_all(roots) -> None:
    """Resolve the lazy images of each of ``roots`` (the selected blocks)."""
    for root in roots:
        resolve_addresses(root)
