"""The main landmark's wrappers for ``auto``: an element around the page's ``<main>`` is layout.

Themes wrap the main content and its sidebar in one element and name it after both
(``<div class="content-sidebar-wrap"><main>...</main><aside>...</aside></div>``): the
"sidebar" in the name marks the wrapper as boilerplate, and everything inside it, the
page's ``<main>`` too, is ruled out as the container. ``unmark_main_wrappers`` clears the
boilerplate mark of the ancestors of a ``<main>`` (or ``role=main``) that holds at least
``MAIN_MIN_SHARE`` of the ancestor's text: what holds the main content is not boilerplate.
The sidebar keeps its own mark and cleaning still removes it.
"""
from __future__ import annotations

from .. import features as feat
from .. import hints

# A main landmark holding at least this share of a marked ancestor's text makes it a wrapper.
MAIN_MIN_SHARE = 0.5


def unmark_main_wrappers(f: feat.Features, kinds: list[int], wrapper_chars: float) -> None:
    """Set the boilerplate-marked ancestors of the page's main landmarks (see the module's
    docstring) holding at most ``wrapper_chars`` characters to NEUTRAL in ``kinds`` (changed
    in place; a bigger one is a wrapper to auto already and its mark rules nothing out)."""
    for i in range(len(f)):
        if kinds[i] == hints.CONTENT and f.chars[i] and _is_main(f, i):  # (main and role=main are CONTENT)
            a = f.parent[i]
            while a > 0 and f.chars[a] * MAIN_MIN_SHARE <= f.chars[i]:
                if kinds[a] == hints.BOILERPLATE and f.chars[a] <= wrapper_chars and f.tags[a] not in hints.BOILERPLATE_TAGS and not f.elements[a].get("role"):
                    kinds[a] = hints.NEUTRAL
                a = f.parent[a]


def _is_main(f: feat.Features, i: int) -> bool:
    return f.tags[i] == "main" or (f.elements[i].get("role") or "").strip().lower() == "main"
