"""Scoring and choosing for ``auto``: block values, subtree scores, records, the container and its siblings.

1. Block value: a block's non-link characters (worth more in prose with punctuation), minus
   its link characters, minus a fixed cost per block (menus are many tiny blocks).
2. Subtree score: the sum of its blocks' values, bottom-up; a subtree whose markup says
   boilerplate counts against its ancestors with its positive value turned negative.
3. Records (repeated siblings: a listing, product tiles, posts) are worth at least their text.
4. The container: the element with the best score (semantic containers get a bonus, and the
   learned block classifier's p(content) moves a candidate's score by a bounded factor).
5. Siblings of the container join when they score well, are prose, or the classifier is sure of them.

The functions take the options and the features; the ``*_step`` functions at the end are the
phase table's entries over the page state.
"""
from __future__ import annotations

from ...learn import classifier
from .. import features as feat
from .. import hints
from ..rules import sections
from .cleaning import LIST_CONTAINERS
from .options import AutoOptions
from .state import PageState

# Relative margin on the bounds that decide which candidates the classifier is asked about, so
# float rounding can never leave out one that could win.
BOUND_SLACK = 1e-9
# Table cells side by side are columns of one row, not repeated items.
_CELL_TAGS = frozenset({"td", "th"})
# Repeated siblings this share of which hold an image are cards (product tiles), not a menu.
CARD_IMAGE_SHARE = 0.8
# In a listing no item holds more than this share of the group's text.
RECORD_MAX_SHARE = 0.6
# A container with fewer characters than this, on a page whose hidden text outweighs its
# visible text, sends auto back to look with the hidden elements shown.
HIDDEN_RETRY_CHARS = 200
# A small best container climbs to an ancestor holding at most this share of the page's text ...
CLIMB_MAX_SHARE = 0.5
# ... and at most this share of link text (or the container's own share).
CLIMB_MAX_LINK_DENSITY = 0.5


# ------------------------------------------------------------------ values and scores

def block_value(o: AutoOptions, f: feat.Features, i: int) -> float:
    """Element ``i``'s own value as a text block (0.0 without block text)."""
    chars = f.blk_chars[i]
    if not chars:
        return 0.0
    text = chars - f.blk_link[i]
    value = text - o.block_cost
    if f.blk_punct[i] and text >= o.prose_min_chars:
        value += o.prose_bonus * text
    return value


def own_values(o: AutoOptions, f: feat.Features) -> list[float]:
    """Each element's own value: ``block_value`` for a block (0.0 for an inline element), plus
    ``link_weight`` x its characters - ``link_cost`` for a link; one pass with the options read
    once (the same sums, in the same order, as a ``block_value`` call per element)."""
    block_cost, prose_bonus, prose_min_chars = o.block_cost, o.prose_bonus, o.prose_min_chars
    link_weight, link_cost = o.link_weight, o.link_cost
    values: list[float] = []
    append = values.append
    for is_block, chars, link, punct, is_link, total in zip(f.is_block, f.blk_chars, f.blk_link, f.blk_punct, f.is_link, f.chars):
        value = 0.0
        if is_block and chars:
            text = chars - link
            value = text - block_cost
            if punct and text >= prose_min_chars:
                value += prose_bonus * text
        if is_link:
            value += link_weight * total - link_cost
        append(value)
    return values


def scores(o: AutoOptions, f: feat.Features, kinds: list[int], records: set[int], floors: dict[int, float], *,
           comments_count: bool) -> tuple[list[float], list[float]]:
    """Subtree scores (hint-adjusted) and raw sums (hints ignored)."""
    n = len(f)
    raw = own_values(o, f)
    scored = raw[:]
    kept = raw[:]
    weight = o.boilerplate_weight
    cap = o.boilerplate_cap
    # A marked element holding most of the page is a wrapper ("elementor-widget", "off-canvas-wrap").
    wrapper_chars = o.boilerplate_max_share * f.chars[0]
    parent, chars, links, tags = f.parent, f.chars, f.links, f.tags
    # Only a link list (this many links) or a form can be removable without a mark.
    min_links = o.link_list_min_links
    record_weight, record_cost = o.record_weight, o.record_cost
    boilerplate, comments = hints.BOILERPLATE, hints.COMMENTS
    floored = records | floors.keys()  # (one set test per element instead of two)
    for i in range(n - 1, -1, -1):
        kind = kinds[i]
        if i in floored:
            floor = record_weight * chars[i] - record_cost
            if i in floors:
                floor = max(floor, floors[i])
            if raw[i] < floor:
                scored[i] += floor - raw[i]
                raw[i] = floor
            kept[i] = max(kept[i], floor)
        s = scored[i]
        marked = (kind == boilerplate or (kind == comments and not comments_count)) and chars[i] <= wrapper_chars
        if marked:
            if s > 0:
                s = -weight * min(s, cap)
            scored[i] = s
        p = parent[i]
        if p >= 0:
            scored[p] += s
            raw[p] += raw[i]
            if not marked and ((links[i] < min_links and tags[i] != "form") or not removable(o, f, kinds, i, s, comments_count, wrapper_chars)):
                kept[p] += kept[i]
    w = o.kept_weight
    if w:
        scored = [(1.0 - w) * a + w * b for a, b in zip(scored, kept)]
    return scored, raw


def removable(o: AutoOptions, f: feat.Features, kinds: list[int], i: int, score: float, forum: bool, wrapper_chars: float) -> bool:
    """What cleaning will remove whatever the container (so it should not weigh on the choice)."""
    kind = kinds[i]
    if (kind == hints.BOILERPLATE or (kind == hints.COMMENTS and not forum)) and f.chars[i] <= wrapper_chars:
        return True
    if f.links[i] >= o.link_list_min_links and f.tags[i] in LIST_CONTAINERS and score <= 0:
        if f.link_density(i) > o.link_list_density and f.chars[i] - f.link_chars[i] <= o.link_list_max_text:
            return True
    return f.tags[i] == "form" and f.controls[i] > 0 and f.chars[i] < o.form_max_chars


def outermost_value(f: feat.Features, kinds: list[int], raw: list[float], kind: int) -> float:
    """The positive value held in the outermost elements of one hint kind."""
    total = 0.0
    i, n = 0, len(f)
    while i < n:
        if kinds[i] == kind:
            total += max(raw[i], 0.0)
            i += f.count[i]
        else:
            i += 1
    return total


def records(o: AutoOptions, f: feat.Features) -> tuple[set[int], dict[int, float], list[list[int]]]:
    """Repeated siblings (same tag and class: list items, tiles, posts, table rows) and their parents.

    Returns the record elements, per parent of a record group the floor of its value
    (a listing is worth its text even when every item is mostly a link) and the groups. Menus repeat too;
    a group whose items are short links with next to no other text is not records.
    """
    chars_of, tags, parent_of, classes = f.chars, f.tags, f.parent, f.classes
    items = [i for i in range(1, len(f)) if chars_of[i] and tags[i] not in _CELL_TAGS]
    items_of: dict[int, int] = {}
    for i in items:
        p = parent_of[i]
        items_of[p] = items_of.get(p, 0) + 1
    # Only parents with enough items can hold a group (the class is read for their items alone).
    minimum = o.record_min_items
    groups: dict[tuple[int, str, str], list[int]] = {}
    for i in items:
        p = parent_of[i]
        if items_of[p] >= minimum:
            groups.setdefault((p, tags[i], classes[i] or ""), []).append(i)
    sections.regroup_unique_items(groups, minimum)
    found_records: set[int] = set()
    floors: dict[int, float] = {}
    found: list[list[int]] = []
    for (parent, tag, _), members in groups.items():
        if len(members) < o.record_min_items or tag == "a":
            continue  # (bare links one after another are a link list: listings wrap their items)
        chars = sum(f.chars[i] for i in members)
        link = sum(f.link_chars[i] for i in members)
        links = sum(f.links[i] for i in members)
        cards = sum(1 for i in members if f.images[i]) >= CARD_IMAGE_SHARE * len(members)
        if chars - link < o.record_min_text_share * chars and links and link / links < o.record_min_link_chars and not cards:
            continue  # a menu (product tiles, each with its picture, are records however short their links)
        if max(f.chars[i] for i in members) > RECORD_MAX_SHARE * chars:
            continue  # one member holds the text: a layout (columns, rows of a page table), not a listing
        found_records.update(members)
        found.append(members)
        floor = o.record_weight * f.chars[parent] - o.record_cost * items_of[parent]
        floors[parent] = max(floors.get(parent, floor), floor)
    return found_records, floors, found


# ------------------------------------------------------------------ the container

def container(o: AutoOptions, f: feat.Features, kinds: list[int], scored: list[float], forum: bool, probability: dict[int, float]) -> int | None:
    """The best candidate container; fills ``probability`` with the p(content) of the candidates that could win.

    p moves a candidate's value by at most a factor 1 +- ``classifier_container``, so one whose
    highest possible value is below another's lowest cannot win and the classifier is not asked
    about it (the model costs per block); the winner is the one asking about every block gives.
    """
    weight = o.classifier_container
    found = candidates(o, f, kinds, scored, forum)
    if found:
        floor = max(s for _, s in found) * (1.0 - weight) * (1.0 - BOUND_SLACK)
        probability.update(probabilities(o, f, kinds, [i for i, s in found if s * (1.0 + weight) >= floor]))
    best, best_value = None, 0.0
    for i, s in found:
        p = probability.get(i)
        if p is not None:
            s *= 1.0 + weight * (2.0 * p - 1.0)
        if s > best_value:
            best, best_value = i, s
    return best


def candidates(o: AutoOptions, f: feat.Features, kinds: list[int], scored: list[float], forum: bool) -> list[tuple[int, float]]:
    """(element number, score with the container bonus) of every element that may be the
    container: scoring above zero, outside boilerplate-marked subtrees, in document order."""
    bonus = o.container_bonus
    wrapper_chars = o.boilerplate_max_share * f.chars[0]
    out = []
    excluded_until = -1  # inside a boilerplate-marked subtree up to this element number
    for i in range(len(f)):
        if i < excluded_until:
            continue
        kind = kinds[i]
        if (kind == hints.BOILERPLATE or (kind == hints.COMMENTS and not forum)) and f.chars[i] <= wrapper_chars:
            excluded_until = i + f.count[i]
            continue
        s = scored[i]
        if s <= 0:
            continue
        if kind == hints.CONTENT:
            s *= 1.0 + bonus
        out.append((i, s))
    return out


def probabilities(o: AutoOptions, f: feat.Features, kinds: list[int], asked: list[int]) -> dict[int, float]:
    """The block classifier's p(content) of the blocks among element numbers ``asked`` (empty:
    switched off, no model, or none asked). Callers ask only about scoring elements whose p
    can change a decision: the container's candidates and its siblings."""
    if not o.classifier or not asked:
        return {}
    model = classifier.shipped()
    if model is None:
        return {}
    return model.probabilities(f, kinds, blocks=asked)


def hidden_chars(f: feat.Features) -> int:
    """Characters inside the subtrees skipped as hidden (attribute or inline style)."""
    return sum(len(el.text_content()) for _, el in f.hidden)


def climbed(f: feat.Features, kinds: list[int], best: int, min_chars: int) -> int:
    """A best container too small to stand alone grows to its nearest ancestor with enough
    text, while that ancestor is still a small, mostly unlinked part of the page (a product's
    title, price and specs are short blocks side by side; their column is the content)."""
    limit = CLIMB_MAX_SHARE * f.chars[0]
    density = max(CLIMB_MAX_LINK_DENSITY, f.link_density(best))  # (product tiles are all links)
    i = f.parent[best]
    while i > 0 and f.chars[i] <= limit and f.link_density(i) <= density:
        if kinds[i] == hints.BOILERPLATE:
            break
        if f.chars[i] >= min_chars:
            return i
        i = f.parent[i]
    return best


def with_siblings(o: AutoOptions, f: feat.Features, kinds: list[int], scored: list[float], best: int, forum: bool,
                  probability: dict[int, float]) -> list[int]:
    """The container and those of its siblings that are content too, in document order.

    A link block or an ad between two halves of an article makes their parent score lower
    than the bigger half; the other half still scores well on its own and joins here.
    """
    parent = f.parent[best]
    if parent < 0:
        return [best]
    threshold = o.sibling_share * scored[best]
    nodes = []
    for j in f.children(parent):
        if j == best:
            nodes.append(j)
            continue
        kind = kinds[j]
        if kind == hints.BOILERPLATE or (kind == hints.COMMENTS and not forum):
            continue
        prose = f.chars[j] >= o.sibling_prose_chars and f.punct[j] and f.link_density(j) < o.sibling_max_link_density
        p = probability.get(j)
        if p is not None and p < o.classifier_stay:
            continue
        if scored[j] > 0 and (scored[j] >= threshold or prose or (p is not None and p >= o.classifier_join)):
            nodes.append(j)
    return nodes


# ------------------------------------------------------------------ steps over the page state

def measure_step(s: PageState) -> None:
    """The features of the page (hidden elements shown or not); no elements, no selection."""
    s.f = feat.compute(s.body, hidden_shown=s.hidden_shown)
    if not len(s.f):
        s.stop(None)


def records_step(s: PageState) -> None:
    """The records, their floors and their groups."""
    s.records, s.floors, s.groups = records(s.options, s.f)


def scores_step(s: PageState, *, comments_count: bool) -> None:
    """Subtree scores and raw values; with ``comments_count``, comment-marked subtrees count as content."""
    s.scores, s.raw = scores(s.options, s.f, s.kinds, s.records, s.floors, comments_count=comments_count)


def container_step(s: PageState) -> None:
    """The best container, with the classifier asked about the candidates that could win."""
    s.probability = {}
    s.best = container(s.options, s.f, s.kinds, s.scores, s.forum, s.probability)


def missed(s: PageState) -> bool:
    """No container, or one too small to stand alone: the fallbacks look."""
    return s.best is None or s.best_chars < s.options.min_container_chars
