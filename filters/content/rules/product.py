"""Product and collection pages for ``auto``: shops' words for other items, copies, action labels.

``OTHER_ITEMS_HEADING`` adds shops' headings to sections.py's (the words are phrases.py's);
``remove_pseudo_headed_sections`` removes such sections titled by a styled block, not a heading;
``remove_repeated_blocks`` removes a text block repeated word for word in a screen-size variant
or a carousel clone (any repeat, on a page that shows a product); ``remove_action_labels``
removes blocks that are only "Add to cart" or "Load more"; ``with_product_title`` widens the
container to the product's name; ``unmark_prose_slides`` keeps feature slides of prose.
"""
from __future__ import annotations

import re

from ... import dom, pagekind
from ...context import PageContext
from .. import features as feat
from .. import hints
from .. import phrases
from . import sections

# Headings of sections about other items than the page's own (phrases.py; matched at the start).
OTHER_ITEMS_HEADING = re.compile(phrases.heading_pattern(phrases.OTHER_ITEMS_HEADINGS), re.IGNORECASE)


# A text block repeating an earlier one of at least this many characters, word for word, is a
# copy when it or the original sits in a variant for one screen size or a carousel slide;
# shorter ones repeat by nature (prices, labels, "Add to cart").
REPEAT_MIN_CHARS = 20
# A shorter repeat of a title (a tile's product name shown over its image, as its heading and in
# its quick-add form) is a copy when both copies are titles (headings or whole links) and sit in
# one small block: a grid tile, not a page's two mentions nor a comparison table's equal cells.
TILE_REPEAT_MIN_CHARS = 8
# The most visible text a block holding both copies may have to count as one tile.
TILE_MAX_CHARS = 400
# Cells and code repeat on purpose (a table's values, the same command in two examples).
_REPEATING_TAGS = frozenset({"td", "th", "pre", "code"})
# Class tokens of one rendering among several: shown or hidden by screen size ("hide-on-mobile",
# "hidden-md-up", "d-lg-none", "md:hidden", "desktop", "tablet-only") or a carousel's slides and
# clones ("swiper-slide-duplicate", "slick-cloned"). Bulma's "is-" classes name a screen for a
# layout or size ("columns is-mobile", "is-size-7-mobile") unless they say hidden, invisible or a
# display ("is-hidden-mobile", "is-block-tablet"): every screen shows the others.
_VARIANT_CLASS = re.compile(
    r"(?<![\w-])(?:(?:hidden|hide|visible|show|only|d)-(?:on-|for-)?(?:xs|sm|md|lg|xl|xxl|mobile|desktop|tablet|phone|small|medium|large|up|down)[\w-]*"
    r"|(?!is-(?!hidden|invisible|block|flex|inline)[\w-]*(?:mobile|desktop|tablet|touch)(?![\w-]))[\w-]*(?:mobile|desktop|tablet)(?:-only)?|(?:xs|sm|md|lg|xl|max-[a-z]+):(?:hidden|block|flex|grid)"
    r"|slick-cloned|swiper-slide[\w-]*|[\w-]*-duplicate)(?![\w-])",
    re.IGNORECASE,
)


def remove_repeated_blocks(f: feat.Features, nodes: list[int], ctx: PageContext) -> int:
    """Remove, inside the selection ``nodes``, the innermost text blocks whose text repeats an
    earlier block's word for word where one of the two is a variant for another screen size or a
    carousel slide; returns how many were removed.

    Product pages render one description two or three times (for the phone and the desktop,
    a carousel's clones of its slides); the reader should show it once. Text repeated outside
    such variants stays (a feature listed under two plans, a summary before its section), except
    on pages whose markup says they show a product (``ctx.page_kind``, pagekind.py).
    """
    blk_chars, chars, tags = f.blk_chars, f.chars, f.tags
    by_length: dict[int, list[int]] = {}  # (a copy has its original's length: only equal lengths are read)
    for root in nodes:
        # Innermost blocks (all their text their own; inline elements have no block text) long enough.
        for i in [i for i in range(root, root + f.count[root]) if blk_chars[i] >= TILE_REPEAT_MIN_CHARS and blk_chars[i] == chars[i]]:
            if tags[i] not in _REPEATING_TAGS:
                by_length.setdefault(chars[i], []).append(i)
    doomed: list[int] = []
    for length, same_length in by_length.items():
        if len(same_length) < 2:
            continue
        first: dict[str, int] = {}
        for i in same_length:
            el = f.elements[i]
            text = dom.text_of(el)
            original = first.get(text)
            if original is None:
                first[text] = i
            elif f.in_page(i):  # (checked on repeats only: cleaning may have removed either)
                if not f.in_page(original):
                    first[text] = i
                elif _tile_copy(f, original, i, text):
                    doomed.append(i)
                elif length >= REPEAT_MIN_CHARS:
                    # On a page that says it shows a product, any word-for-word repeat is a copy: shops hide their
                    # screen variants by script or inline style as often as by a class (other pages' repeats are often content).
                    is_copy = _any_repeat if shows_a_product(f, ctx, i) else _variants
                    if is_copy(f.elements[original], el):
                        doomed.append(i)
    return ctx.kill_all([f.elements[i] for i in doomed], "auto", "repeated text block (a copy of an earlier one)")


# A sentence's end: prose repeated nearby is a summary or a pull quote, not a tile's copy.
_SENTENCE_END = re.compile(r"[.!?…]\W*$")


def _tile_copy(f: feat.Features, a: int, b: int, text: str) -> bool:
    """Whether block ``b`` repeats block ``a``'s title ``text`` inside one grid tile."""
    ea, eb = f.elements[a], f.elements[b]
    return (not _SENTENCE_END.search(text) and (_same_component(ea, eb) or _is_title(ea) and _is_title(eb))
            and _in_one_tile(f, a, b))


def _same_component(a, b) -> bool:
    """Whether ``a`` and ``b`` are one styled component rendered twice (the same tag and classes),
    not two entries of one list (code lines, a table's cells: their parents are alike too)."""
    if a.tag != b.tag or not a.get("class") or a.get("class") != b.get("class"):
        return False
    pa, pb = a.getparent(), b.getparent()
    return pa is not pb and (pa.tag != pb.tag or pa.get("class") != pb.get("class"))


def _is_title(el) -> bool:
    """A heading, or a block whose whole text is one link's (a tile's name links to the item)."""
    if el.tag in feat.HEADING_TAGS or el.tag == "a" or any(a.tag == "a" for a in el.iterancestors("a")):
        return True
    link = next(el.iter("a"), None)
    return link is not None and len(link.text_content().strip()) == len(el.text_content().strip())


def _in_one_tile(f: feat.Features, a: int, b: int) -> bool:
    """Whether elements ``a`` and ``b`` (numbers, ``a`` first) sit in one block of at most ``TILE_MAX_CHARS``."""
    above_a = set()
    while a >= 0:
        above_a.add(a)
        a = f.parent[a]
    while b not in above_a:
        b = f.parent[b]
    return f.chars[b] <= TILE_MAX_CHARS


# A microdata Product item is the page's own product when it holds at least this share of the
# page's text (the product's column: name, price, description); a grid's tiles hold a sliver each.
PRODUCT_ITEM_MIN_SHARE = 0.25


def shows_a_product(f: feat.Features, ctx: PageContext, i: int) -> bool:
    """Whether the page says it shows one product: in its meta tags or JSON-LD (``ctx.page_kind``,
    read before the chain), or by element ``i`` sitting in a microdata Product item that no
    other item holds and that holds ``PRODUCT_ITEM_MIN_SHARE`` of the page's text (read up from
    ``i``: a walk of the whole tree for items would cost every page as much as the metadata step)."""
    if ctx.page_kind == pagekind.PRODUCT:
        return True
    outermost = None
    while i > 0:
        if f.elements[i].get("itemscope") is not None:
            outermost = i
        i = f.parent[i]
    return (outermost is not None and pagekind.is_product_item(f.elements[outermost])
            and f.chars[outermost] >= PRODUCT_ITEM_MIN_SHARE * f.chars[0])


def _any_repeat(a, b) -> bool:
    """Every repeat is a copy (the rule on product pages)."""
    return True


def _variants(a, b) -> bool:
    """Whether ``a`` or ``b``, below their nearest common ancestor, sits in a screen-size variant or a carousel slide."""
    above_a = [a, *a.iterancestors()]
    common = set(above_a)
    above_b = []
    for el in (b, *b.iterancestors()):
        if el in common:
            above_a = above_a[:above_a.index(el)]
            break
        above_b.append(el)
    return any(_VARIANT_CLASS.search(el.get("class") or "") for el in (*above_a, *above_b))


# Labels that start like an "other items" heading but mark one item in a grid (phrases.py).
_ITEM_LABELS = re.compile(phrases.heading_pattern(phrases.ITEM_LABELS), re.IGNORECASE)


# A section opened by a styled label but holding this much paragraph text (<p>) is an article
# body that a widget placed first in it happens to open (a "Sign up for our newsletter" box
# would take the whole article with it). The same bar as the article-subtree rule's.
SECTION_MAX_PARAGRAPH_CHARS = 500


def _paragraph_chars(f: feat.Features, top: int) -> int:
    """Characters in the outermost <p> elements of ``top``'s subtree."""
    total, i, end = 0, top, top + f.count[top]
    while i < end:
        if f.tags[i] == "p":
            total += f.chars[i]
            i += f.count[i]
        else:
            i += 1
    return total


def remove_pseudo_headed_sections(f: feat.Features, nodes: list[int], ctx: PageContext, also: re.Pattern | None = None) -> int:
    """Remove, inside the selection ``nodes``, the sections that start with a short block (not an
    h2-h6: a styled div, a paragraph, a tab's label) saying they show other things (shipping & returns,
    seller's other items, how about these?; or matching ``also`` instead); returns how many were removed.

    Shops title their sections with styled divs as often as with headings. The section is the
    block's widest ancestor starting with it (sections.section_of), at most
    ``sections.ELSEWHERE_MAX_SHARE`` of the selection.
    """
    blk_chars, chars, tags, parent = f.blk_chars, f.chars, f.tags, f.parent
    limit = sections.ELSEWHERE_MAX_SHARE * sum(chars[i] for i in nodes)
    doomed: list[int] = []
    for root in nodes:
        top = f.elements[root]
        end = root + f.count[root]
        # Short innermost blocks (their text all their own) first in their parents: the candidate labels.
        labels = [i for i in range(root + 1, end) if 0 < blk_chars[i] <= sections.ELSEWHERE_HEADING_MAX_CHARS and blk_chars[i] == chars[i] and parent[i] == i - 1]
        skip_to = -1
        for i in labels:
            if i < skip_to or tags[i] in feat.HEADING_TAGS:
                continue  # (inside a section already removed; headings are sections.py's)
            text = dom.string_of(f.elements[i])
            if also is not None:
                if not also.match(text):
                    continue
            elif not (sections.ELSEWHERE_HEADING.match(text) or OTHER_ITEMS_HEADING.match(text)) or _ITEM_LABELS.match(text):
                continue
            if not dom.is_inside(f.elements[i], top):
                continue  # (cleaning removed it already)
            section = sections.section_of(f, i, root, limit)
            if _paragraph_chars(f, section) >= SECTION_MAX_PARAGRAPH_CHARS:
                continue  # an article body that a widget's label happens to open
            doomed.append(section)
            skip_to = section + f.count[section]
    return ctx.kill_all([f.elements[i] for i in doomed], "auto", lambda el: f"section about other things (styled label): {el.text_content().strip()[:40]!r}")


# Buttons and links that act on an item or the page rather than describe it (phrases.py), a
# whole block's text, matched in full.
ACTION_LABEL = re.compile(phrases.heading_pattern(phrases.ACTION_LABELS) + r"[\s:.!»›>→-]*", re.IGNORECASE)
# (the longest text read as an action label, and the labels' first two letters: phrases.py keeps them in step)
ACTION_LABEL_MAX_CHARS = phrases.ACTION_LABEL_MAX_CHARS
ACTION_LABEL_STARTS = phrases.ACTION_LABEL_STARTS


def remove_action_labels(f: feat.Features, nodes: list[int], ctx: PageContext) -> int:
    """Remove, inside the selection ``nodes``, the outermost elements whose whole text is an
    action label (a shop tile's "Quick view", a card's "Learn more"); returns how many were removed.

    The labels say what a button does, not what the page says, and a grid repeats them per tile.
    """
    chars, elements = f.chars, f.elements
    short = [i for root in nodes for i in range(root + 1, root + f.count[root]) if 0 < chars[i] <= ACTION_LABEL_MAX_CHARS]
    removed = 0
    report = None
    for i in short:  # (in document order: an outer label first; a label inside it goes with it)
        text = _text_of(elements[i])
        if _may_be_action_label(text) and ACTION_LABEL.fullmatch(text) and dom.is_inside(elements[i], elements[0]):  # (cleaning or an outer label may have removed it)
            report = report or ctx.new_report("auto")
            ctx.kill(elements[i], report, f"action label: {elements[i].text_content().strip()!r}")
            removed += 1
    return removed


def _may_be_action_label(text: str) -> bool:
    """False only when ``ACTION_LABEL`` cannot match ``text``: its first two letters after the
    whitespace (``\\s`` is what ``strip`` strips) start no label. Beyond ASCII the regex decides
    (its case-insensitive letters also match a few others: the long s, the Kelvin sign)."""
    start = text.lstrip()[:2]
    return start.lower() in ACTION_LABEL_STARTS or not start.isascii()


def _text_of(el) -> str:
    """``el``'s text (its own text when it has no children: most short blocks are leaves, and reading that is cheaper)."""
    return (el.text or "") if not len(el) else dom.string_of(el)


# A product page's selection widens to take in the product's title (its <h1>) when the two
# meet in an ancestor holding at most this share of the page's text (the product's column, not
# the whole page) ...
TITLE_CLIMB_MAX_SHARE = 0.5
# ... with at most this share of link text (not a column of menus and tiles around it).
TITLE_CLIMB_MAX_LINK_DENSITY = 0.3


def with_product_title(f: feat.Features, kinds: list[int], best: int, ctx: PageContext) -> int:
    """On a product page, the lowest ancestor of ``best`` that also holds the page's first
    visible ``<h1>`` (the product's name: its price, options and details sit beside it), when
    that ancestor is a small, mostly unlinked part of the page outside marked subtrees;
    otherwise ``best`` (a description tab chosen alone had left out the name, the price and the
    key facts)."""
    title = next((i for i, tag in enumerate(f.tags) if tag == "h1" and f.chars[i]), None)
    if title is None or best <= title < best + f.count[best] or not shows_a_product(f, ctx, best):
        return best
    i = f.parent[best]
    while i > 0 and not (i <= title < i + f.count[i]):
        i = f.parent[i]
    if i <= 0 or f.chars[i] > TITLE_CLIMB_MAX_SHARE * f.chars[0] or f.link_density(i) > TITLE_CLIMB_MAX_LINK_DENSITY:
        return best
    return best if f.under_kind(kinds, i, hints.MARKED) else i


# Class or id words of a slider (a carousel's frame, track and slides).
_SLIDER_NAME = re.compile(r"slider|carousel|slick|swiper|slides?(?![a-z])", re.IGNORECASE)
# ... and of sliders of quotes about the seller rather than the item's features (references
# of such pages keep them as often as not).
_QUOTES_NAME = re.compile(r"testimonial|case-?stud|quote", re.IGNORECASE)
# A slider marked as boilerplate by its name, inside the selection, holding this much prose is
# the page's own feature slides (a heading and a paragraph each), not a carousel of other items
# (tiles of names and prices hold no sentences).
SLIDES_MIN_PROSE_CHARS = 500
# ... with at most this share of link text.
SLIDES_MAX_LINK_DENSITY = 0.3


def unmark_prose_slides(f: feat.Features, kinds: list[int], nodes: list[int], prose_min_chars: int) -> None:
    """Clear, in ``kinds``, the boilerplate mark that a slider's name gives a block inside the
    selection ``nodes`` (and the slider parts inside it) when the block holds
    ``SLIDES_MIN_PROSE_CHARS`` of prose and little link text: a product's features shown as slides."""
    for root in nodes:
        i, end = root + 1, root + f.count[root]
        while i < end:
            if (kinds[i] == hints.BOILERPLATE and f.link_density(i) <= SLIDES_MAX_LINK_DENSITY and _is_slider_part(f, i)
                    and f.prose_chars([i], prose_min_chars) >= SLIDES_MIN_PROSE_CHARS):
                for j in range(i, i + f.count[i]):
                    if kinds[j] == hints.BOILERPLATE and _is_slider_part(f, j):
                        kinds[j] = hints.NEUTRAL
                i += f.count[i]
            else:
                i += 1


def _is_slider_part(f: feat.Features, i: int) -> bool:
    """Whether element ``i``'s boilerplate mark is a style word alone and its name says slider."""
    el = f.elements[i]
    names = hints.names_of(el)
    return _SLIDER_NAME.search(names) is not None and not _QUOTES_NAME.search(names) and hints.weak_boilerplate(el, f.tags[i])
