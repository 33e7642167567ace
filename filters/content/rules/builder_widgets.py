"""A page builder's widgets inside the content, for ``auto``.

Page builders wrap each block of a page's text in a panel named like a sidebar's widget
(``so-panel widget widget_text``, ``widget_sow-editor``); the markup hints read ``widget_`` as
boilerplate, so the article's blocks were ruled out of the container or cleaned out of it.
``unmark_content_widgets`` clears the mark of such a panel when that word is its only
boilerplate evidence (no tag, role or other word says so), it is a ``<div>`` of the flow
(a sidebar's widgets are list items or sections, or say "side"), and the nearest marked
element around it is the content (``<main>``, ``entry-content``), not a side column
(``widget-area``, ``<aside>``), whose widgets keep their mark.
"""
from __future__ import annotations

import re

from .. import features as feat
from .. import hints

# A class naming a sidebar widget's type ("widget_text", "widget_sow-editor").
_WIDGET_CLASS = re.compile(r"\S*widget_\S*", re.IGNORECASE)
# A builder's panel is a block of the flow; a sidebar's widgets are items of a list (li,
# section) or say they are a side's ("zox-side-widget") even inside a content wrapper.
_PANEL_TAG = "div"
_SIDE_WORD = re.compile(r"side", re.IGNORECASE)


def unmark_content_widgets(f: feat.Features, kinds: list[int]) -> int:
    """Set the widget-marked panels inside the content (see the module's docstring) to NEUTRAL
    in ``kinds`` (changed in place); returns how many were cleared."""
    cleared = 0
    for i, kind in enumerate(kinds):
        if kind != hints.BOILERPLATE or f.tags[i] != _PANEL_TAG or f.roles[i]:
            continue
        cls = f.classes[i]
        if not cls or "widget_" not in cls.lower() or _SIDE_WORD.search(hints.names_at(f, i)):
            continue
        rest = _WIDGET_CLASS.sub(" ", cls).strip()
        if hints.hint_of_names(f.tags[i], f.itemprops[i], rest, f.ids[i]) == hints.BOILERPLATE:
            continue  # (another word says boilerplate too: "widget_related", an id "sidebar-text")
        a = f.parent[i]
        while a > 0 and kinds[a] == hints.NEUTRAL:
            a = f.parent[a]
        if a > 0 and kinds[a] == hints.CONTENT:
            kinds[i] = hints.NEUTRAL
            cleared += 1
    return cleared
