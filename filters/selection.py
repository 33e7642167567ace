"""Choosing a page's content for the reader and text modes, by a profile.

The profile's noise selectors remove what they match first; then its site content selectors
answer when they match, else its algorithms run in order and the first selection holding
``content.min_chars`` characters wins (else the one holding most). The pipeline calls this
directly, or through the per-site memory (``learn/site.py``), which uses both steps.
"""
from __future__ import annotations

from . import dom
from .content.base import Selection, in_document_order
from .context import PageContext
from .settings import Profile


def remove_noise(profile: Profile, doc, ctx: PageContext) -> None:
    """Kill what the profile's noise selectors match (before any content is chosen)."""
    report = None
    for selector in profile.noise_selectors:
        for el in selector(doc):
            if el.getparent() is not None:
                report = report or ctx.new_report("noise_selectors")
                ctx.kill(el, report, f"noise selector {selector.css}")


def select_content(profile: Profile, doc, ctx: PageContext) -> Selection | None:
    """Site selectors first, then the configured algorithm and its fallbacks."""
    remove_noise(profile, doc, ctx)
    matched = [el for selector in profile.content_selectors for el in selector(doc)]
    if matched:
        return Selection(in_document_order(matched), 1.0, "site content selectors", "selectors")
    min_chars = profile.settings.content.min_chars
    best: Selection | None = None
    best_chars = -1
    for algorithm in profile.algorithms:
        ctx.check_budget()
        selection = algorithm.select(doc, ctx)
        if selection is None:
            continue
        chars = _counted_chars(selection.nodes, min_chars)
        if chars >= min_chars:
            return selection
        if chars > best_chars:
            best, best_chars = selection, chars
    return best


# How much of a selected node's text (as serialised, before collapsing whitespace) is read to
# tell that the selection holds ``min_chars``: collapsing a whole article's text to count it was
# most of the count's cost, and a few KB hold the few hundred characters asked for.
_COUNTED_PREFIX_CHARS = 4096


def _counted_chars(nodes, minimum: int) -> int:
    """``sum(len(dom.text_of(n)) for n in nodes)``, or a count of at least ``minimum`` that stops
    short of it once the selection is known to hold ``minimum``. Each node's text is collapsed only
    up to ``_COUNTED_PREFIX_CHARS`` first: the collapsed prefix of a text is never longer than the
    collapsed text (its words are the text's first words, the last perhaps cut short), so a sum of
    those that reaches ``minimum`` answers; else the whole texts are counted."""
    total = 0
    for node in nodes:
        if len(node) == 0:
            total += len(dom.text_of(node))
        else:
            total += len(dom.collapse(dom.string_of(node)[:_COUNTED_PREFIX_CHARS]))
        if total >= minimum:
            return total
    return sum(len(dom.text_of(n)) for n in nodes)
