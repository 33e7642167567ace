"""Shop collection grids for ``auto``: the controls around and inside a product grid, and the grid as content.

``remove_untabbed_repeat_links`` removes a tile's second link to its product, taken out of the
tab order; ``remove_facet_panels`` removes a faceted filter panel; ``grid_over_seo_text`` makes a
grid of product tiles the container over a block of text for search engines;
``unmark_tile_parts`` clears a style mark every tile repeats ("price-tag"); ``shop_grid_wrappers``
spares a grid of names and prices that reads as a link list.
"""
from __future__ import annotations

import re

from ... import dom
from ...context import PageContext
from .. import features as feat
from .. import hints

# tabindex="-1": focusable by script only, skipped by the keyboard and screen readers' link lists.
_UNTABBED = "-1"


def remove_untabbed_repeat_links(f: feat.Features, nodes: list[int], ctx: PageContext) -> int:
    """Remove, inside the selection ``nodes``, the links with text taken out of the tab order whose
    address a tabbable link with text in the selection also points at; returns how many went."""
    tabbable: set[str] = set()
    untabbed = []
    for i in nodes:
        for a in f.elements[i].iter("a"):
            href = a.get("href")
            if not href or not _has_text(a):
                continue
            if (a.get("tabindex") or "").strip() == _UNTABBED:
                untabbed.append((a, href))
            else:
                tabbable.add(href)
    doomed = [a for a, href in untabbed if href in tabbable]
    return ctx.kill_all(doomed, "auto", "a tile's repeat of its own link, out of the tab order")


def _has_text(a) -> bool:
    """Whether link ``a`` shows any text."""
    return bool(dom.text_of(a))


# A class or id word naming a shop's faceted filter panel ("facets", "plp-filters", "refinements").
_FACET_NAME = re.compile(r"(?:^|[\s_-])(?:facets?|filters?|refinements?|refine-by)(?:$|[\s_-])", re.I)
# A class or id also naming what is filtered ("filter-results", "filter-item"): the content itself.
_FILTERED_NAME = re.compile(r"results?|items?|products?|grid", re.I)
# A text this long is a sentence, not a facet's option ("Canon (125)", "$50 to $75"): no panel holds one.
FACET_OPTION_MAX_CHARS = 80
# A panel holding more than this share of the selection's text is not a side panel (the page is the filter).
FACET_MAX_SHARE = 0.3


def remove_facet_panels(f: feat.Features, nodes: list[int], ctx: PageContext) -> int:
    """Remove, inside the selection ``nodes``, the outermost elements named as a faceted filter panel
    (price ranges, brands, ratings to tick; no sentence in them) that hold at most FACET_MAX_SHARE
    of the selection's text; returns how many went."""
    limit = FACET_MAX_SHARE * sum(f.chars[i] for i in nodes)
    chars, count, elements, classes, ids = f.chars, f.count, f.elements, f.classes, f.ids
    doomed = []
    for root in nodes:
        i, end = root + 1, root + count[root]
        while i < end:
            if chars[i] <= limit and (classes[i] or ids[i]) and _is_facet_panel(elements[i], classes[i], ids[i]):
                doomed.append(elements[i])
                i += count[i]
            else:
                i += 1
    return ctx.kill_all(doomed, "auto", "a faceted filter panel")


def _is_facet_panel(el, cls: str | None, ident: str | None) -> bool:
    """Whether ``el`` (whose class and id are ``cls`` and ``ident``, one of them set: the caller
    skips the elements without a name, most of them) is named as a filter panel, not as the
    filtered items, and holds no sentence."""
    name = f"{cls or ''} {ident or ''}"
    low = name.lower()
    if "facet" not in low and "filter" not in low and "refine" not in low:
        return False  # (plain substring tests first, without a generator: the regexes are dearer)
    if not _FACET_NAME.search(name) or _FILTERED_NAME.search(name):
        return False
    return all(len(t.strip()) <= FACET_OPTION_MAX_CHARS for t in el.itertext())


# A class or id word naming a block written for search engines ("seo", "category-seo-text", "x_seo__y").
_SEO_NAME = re.compile(r"(?:^|[\s_-])seo(?:$|[\s_-])", re.I)
# Items of a group this share of which hold an image are product tiles (as auto's CARD_IMAGE_SHARE).
GRID_IMAGE_SHARE = 0.8
# A marked element holding a grid is only its wrapper when the grid has at least this share of its text.
GRID_WRAPPER_SHARE = 0.8
# A grid replaces an SEO block as the container when it holds at least this share of the block's text.
GRID_MIN_SHARE = 0.25


def grid_over_seo_text(f: feat.Features, kinds: list[int], scores: list[float], best: int, groups: list[list[int]]) -> tuple[int, int | None]:
    """The container to use instead of ``best`` when ``best`` is (inside) a block named as SEO text
    and a grid of product tiles outside that block holds at least GRID_MIN_SHARE of its text: the
    parent of the biggest such grid (scoring above zero, outside marked subtrees), with the SEO
    block it won over; else ``best`` and None."""
    seo = _seo_block(f, best)
    if seo is None:
        return best, None
    grid, grid_chars = best, GRID_MIN_SHARE * f.chars[seo]
    for members in groups:
        parent = f.parent[members[0]]
        chars = sum(f.chars[i] for i in members)
        if chars < grid_chars or f.holds(seo, parent) or f.holds(parent, seo):
            continue
        if sum(1 for i in members if f.images[i]) < GRID_IMAGE_SHARE * len(members):
            continue  # (not tiles: an FAQ's rows, a list of links)
        if scores[parent] > 0 and not f.under_kind(kinds, parent, hints.MARKED, bigger_than=chars / GRID_WRAPPER_SHARE):
            grid, grid_chars = parent, chars
    return (grid, seo) if grid != best else (best, None)


def outside(f: feat.Features, nodes: list[int], root: int) -> list[int]:
    """``nodes`` less ``root`` and those inside it."""
    return [i for i in nodes if not f.holds(root, i)]


def _seo_block(f: feat.Features, i: int) -> int | None:
    """The nearest element named as SEO text among ``i`` and its ancestors, if any."""
    while i > 0:
        el = f.elements[i]
        cls, ident = el.get("class"), el.get("id")
        if (cls or ident) and _SEO_NAME.search(f"{cls or ''} {ident or ''}"):
            return i
        i = f.parent[i]
    return None


# A grid's tiles hold at least this share of the selection's text for their parts to be read as a template.
TILE_GRID_MIN_SHARE = 0.5
# A price: a currency sign before or after an amount ("$19.99", "19,99 €", "£5").
_PRICE = re.compile(r"[$€£¥₹]\s?\d|\d\s?[€£₹]|\d\s?(?:EUR|USD|GBP|CHF|kr)\b")
# A grid is a shop's when at least this share of its tiles shows a price.
TILE_PRICE_SHARE = 0.5
# A part named as the entry's metadata (byline, date, vendor, rating line) keeps its mark: references drop it.
_META_NAME = re.compile(r"(?:^|[^a-z])meta(?:$|[^a-z])", re.I)
# A marked part recurring (same tag and class) in at least this share of the tiles is part of the tile.
TILE_PART_MIN_SHARE = 0.5


def unmark_tile_parts(f: feat.Features, kinds: list[int], nodes: list[int], groups: list[list[int]]) -> None:
    """Clear, in ``kinds``, the boilerplate mark that a style word gives a part of every tile ("price-tag",
    "SaleTagBlock") in a shop's grid holding at least TILE_GRID_MIN_SHARE of the selection ``nodes``:
    the part recurs in TILE_PART_MIN_SHARE of the tiles, so it is the tile's own template."""
    limit = TILE_GRID_MIN_SHARE * sum(f.chars[i] for i in nodes)
    for members in groups:
        if _is_shop_grid(f, members, nodes, limit):
            for i in _template_parts(f, kinds, members):
                kinds[i] = hints.NEUTRAL


def _is_shop_grid(f: feat.Features, members: list[int], nodes: list[int], min_chars: float) -> bool:
    """Whether the group ``members`` sits in the selection ``nodes`` with at least ``min_chars`` of text,
    as image tiles (GRID_IMAGE_SHARE) of which TILE_PRICE_SHARE show a price."""
    if sum(f.chars[i] for i in members) < min_chars or not f.inside_any(members[0], nodes):
        return False
    if sum(1 for i in members if f.images[i]) < GRID_IMAGE_SHARE * len(members):
        return False
    # (not a shop's grid without prices: cards of posts, tools, services)
    return sum(1 for i in members if _PRICE.search(dom.text_of(f.elements[i]))) >= TILE_PRICE_SHARE * len(members)


def _template_parts(f: feat.Features, kinds: list[int], members: list[int]) -> list[int]:
    """The style-marked parts of the tiles ``members`` whose tag and class recur in TILE_PART_MIN_SHARE of them."""
    parts: dict[tuple[str, str], list[int]] = {}
    tiles: dict[tuple[str, str], int] = {}  # how many tiles hold a part of each tag and class
    for m in members:
        keys = set()
        for i in range(m + 1, m + f.count[m]):
            if kinds[i] == hints.BOILERPLATE and f.chars[i] and _is_style_mark(f.elements[i], f.tags[i]):
                key = (f.tags[i], f.elements[i].get("class") or "")
                parts.setdefault(key, []).append(i)
                keys.add(key)
        for key in keys:
            tiles[key] = tiles.get(key, 0) + 1
    minimum = TILE_PART_MIN_SHARE * len(members)
    return [i for key, found in parts.items() if tiles[key] >= minimum for i in found]


def _is_style_mark(el, tag: str) -> bool:
    """Whether ``el``'s boilerplate mark comes from a style word alone, and it is not named as metadata."""
    return hints.weak_boilerplate(el, tag) and not _META_NAME.search(f"{el.get('class') or ''} {el.get('id') or ''}")


# A shop's grid holding at least this share of the selection's text is the page's own list, not a list of
# links (a narrower strip beside a product or an article is its "recommended"/"more games" row: 10-18%).
GRID_SPARED_MIN_SHARE = 0.25


def shop_grid_wrappers(f: feat.Features, nodes: list[int], groups: list[list[int]]) -> set[int]:
    """Element numbers of the parents of the shop grids (image tiles with prices) holding at least
    GRID_SPARED_MIN_SHARE of the selection ``nodes``, and of their ancestors inside the selection of
    which the grid holds GRID_WRAPPER_SHARE: a grid of names and prices is mostly link text, and the
    page's content all the same."""
    limit = GRID_SPARED_MIN_SHARE * sum(f.chars[i] for i in nodes)
    spared: set[int] = set()
    for members in groups:
        if not _is_shop_grid(f, members, nodes, limit):
            continue
        chars = sum(f.chars[i] for i in members)
        i = f.parent[members[0]]
        while i > 0 and i not in nodes and f.chars[i] * GRID_WRAPPER_SHARE <= chars:
            spared.add(i)
            i = f.parent[i]
    return spared
