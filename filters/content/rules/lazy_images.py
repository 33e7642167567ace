"""Lazy-loaded images inside ``auto``'s selection get their real ``src``/``srcset``.

Reader mode runs no scripts, so the loader that would copy ``data-src`` into ``src`` never
runs. This resolver is auto's own and differs from ``filters/render/lazy_images.py``; merging
the two changes output and is left to the issue that settles article precision.
"""
from __future__ import annotations

from lxml import etree

# Where lazy loaders keep the real image, best first; the script that would copy it is gone.
_LAZY_SRC = ("data-src", "data-lazy-src", "data-original", "data-lazy", "data-url", "data-hi-res-src")
_LAZY_SRCSET = ("data-srcset", "data-lazy-srcset")
# (compiled once: a string given to ``.xpath()`` is compiled again at every call)
_LAZY_IMAGE_ELEMENTS = etree.XPath("descendant-or-self::img | descendant::source")


def load_lazy_images(root) -> None:
    """Give lazy-loaded images inside ``root`` their real ``src``/``srcset``."""
    for img in _LAZY_IMAGE_ELEMENTS(root):
        src = img.get("src")
        if not src or src.startswith("data:") or "placeholder" in src or "blank." in src:
            real = next((img.get(a) for a in _LAZY_SRC if img.get(a)), None)
            if real:
                img.set("src", real)
        if not img.get("srcset"):
            real = next((img.get(a) for a in _LAZY_SRCSET if img.get(a)), None)
            if real:
                img.set("srcset", real)


def load_all(roots) -> None:
    """``load_lazy_images`` on each of ``roots`` (the selected blocks)."""
    for root in roots:
        load_lazy_images(root)
