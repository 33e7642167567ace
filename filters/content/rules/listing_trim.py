"""What ``auto`` trims from a listing's entries: labels every entry repeats, texts an entry shows
twice, and meta lines.

``remove_entry_labels`` removes a short text found in nearly every entry of a listing ("Apply
now", "Fast apply"), but not a field's values, links to one shared place nor a table's cells;
``remove_entry_copies`` removes the second copy of a line an entry shows twice in another tag or
class (a title for screen readers, a byline per screen size); ``remove_entry_meta`` removes an
entry's date, time ago, counters and dated byline ("Feb 9, 2026", "84 reactions"; the words are
phrases.py's).
"""
from __future__ import annotations

import re

from ... import dom
from ...context import PageContext
from .. import features as feat
from .. import phrases
from . import listings

# A row of script controls (rating stars, vote arrows: links that lead nowhere) is the template's
# too, and says more words than a label: "1 of 5 stars2 of 5 stars...".
CONTROLS_MAX_CHARS = 120
# Fewer entries than this are too few to tell a template's label from a shared value.
MIN_ENTRIES = 4
# A text in at least this share of the entries is the template's, not the entries' own
# (a category or a date shared by most but not all entries stays).
LABEL_MIN_SHARE = 0.8
# Labels, badges and buttons are short; a longer repeated text may be a shared teaser or notice.
LABEL_MAX_CHARS = 40
# Entries of a listing link their titles (to the entry's own page): at least this share of them.
TITLED_MIN_SHARE = 0.5
# Cards without a heading are a listing's entries when nearly all of them link (to the item's page).
LINKED_MIN_SHARE = 0.8
# A copy this short may be a value shown twice for a reason (a score, a count); longer ones are the same title or name again.
COPY_MIN_CHARS = 6
# ... and texts longer than this are an entry's teaser or body, read once (and cost more to compare).
COPY_MAX_CHARS = 200
# Entries that are table rows hold data in columns: equal cells are values, not labels (but a
# label inside a cell with more text, a widget's caption beside the entry's data, is the template's).
_ROW_TAGS = frozenset({"tr"})
# A row's cells: a text that is a whole cell is a column's value.
_CELL_TAGS = frozenset({"td", "th"})
# Lists a label may head: "Pros" over the pros, "What we like" over its points.
_LIST_TAGS = frozenset({"ul", "ol", "dl"})
# Hrefs that lead nowhere: the link is a script's control (an empty fragment, a javascript: URL).
_DEAD_HREF = re.compile(r"(?i)^\s*(?:#\s*$|javascript:)")
# A text ending as a sentence is a notice or a teaser, not a label.
_SENTENCE_END = frozenset(".!?")
# A date, a time ago, a row of counters or a byline with its date is short; a longer line says more.
META_MAX_CHARS = 70
# A meta line needs no comparison between entries (a label does): a group of this many is a listing.
META_MIN_ENTRIES = 3
# A month's name or abbreviation, the unit of a time ago (phrases.py), a year after a date.
_MONTH = phrases.any_of(phrases.MONTHS) + r"\.?"
_UNIT = phrases.any_of(phrases.TIME_UNITS)
_YEAR = r"(?:,?\s*'?\d{2,4})"
# A whole line that is a date ("Feb 9, 2026", "May 28-29 '26", "9 February 2026", "3/7/2026", "2026-03-07"), maybe
# after "Updated", "Published" or "Posted (on)", or a time ago ("4 hrs ago", "9d", "Yesterday"; not
# "8 weeks", a course's length).
_DATE_LINE = (
    r"(?:(?:last\s+)?" + phrases.any_of(phrases.DATE_PREFIXES) + r"\s*:?\s*(?:on\s+)?)?"
    r"(?:" + _MONTH + r"\s+\d{1,2}(?:st|nd|rd|th)?(?:\s*[-–]\s*\d{1,2})?" + _YEAR + r"?"
    r"|\d{1,2}(?:st|nd|rd|th)?\s+" + _MONTH + _YEAR + r"?"
    r"|\d{1,4}[/.-]\d{1,2}[/.-]\d{2,4}"
    r"|\d+\s*" + _UNIT + r"\s+ago|\d+[smhdwy]"
    "|" + "|".join(phrases.DAY_WORDS) + ")")
# Counters and their bare names ("84 reactions", "Comments 9 comments", "3 min read") with the
# separators themes put between them; a line of them holds a number.
_COUNTER = r"(?:\d[\d,.]*\s*[km]?\s*)?" + phrases.any_of(phrases.COUNTER_NOUNS)
_COUNTERS_LINE = r"(?=\D*\d)(?:" + _COUNTER + r"\s*[·•|,]?\s*)+"
# A byline with its date: names, a separator, a date ("Alan Woinski | 3 days ago", "Beth Mole –
# 3/7/2026", "Jess Lee for The DEV Team ・ Feb 17"); names are capitalised, so this part of the
# pattern is case-sensitive and the rest is not.
_NAME = r"[A-Z][\w.'-]*(?:\s+(?:[A-Z][\w.'-]*|" + "|".join(phrases.BYLINE_JOINERS) + "))*"
_BYLINE_DATE = r"(?:[Bb]y\s+)?" + _NAME + r"(?:\s*,\s*" + _NAME + r")*\s*(?:[|·•–—・]|\s-|\son)\s*(?i:" + _DATE_LINE + r")\s*\|?"
# A time ago with the entry's section after it ("9 hrs ago | Latin America"): a news front's kicker line.
_AGO_SECTION = r"(?i:\d+\s*" + _UNIT + r"\s+ago)\s*[|·•]?\s*[A-Z][\w&' -]{0,24}"
# A meta line: a date, a time ago, counters, a byline with its date or a time ago with a section,
# whole (one pattern: one match per candidate line).
_META_LINE = re.compile(r"(?i:" + _DATE_LINE + "|" + _COUNTERS_LINE + ")|" + _BYLINE_DATE + "|" + _AGO_SECTION)
# A number, looked for first (most short lines of an entry hold none) ...
_DIGIT = re.compile(r"\d")
# ... and the dates without one.
_DAY_WORDS = frozenset(phrases.DAY_WORDS)
# A kicker (the section's or the story type's label a theme prints over an entry's title) or a
# byline, named so by its class ...
_NAMED_META = re.compile(r"eyebrow|kicker|rubric|overline|byline", re.IGNORECASE)
# ... a label or names, not a sentence.
NAMED_META_MAX_CHARS = 60


def remove_entry_labels(f: feat.Features, nodes: list[int], groups: list[list[int]], ctx: PageContext) -> int:
    """Remove the labels repeated in the entries of the groups of records ``groups`` inside the
    selection ``nodes`` (see the module's docstring); returns how many elements were removed."""
    text_of: dict[int, str] = {}  # (nested groups walk the same elements: each text read once)
    listings_texts = [{m: _short_texts(f, m, text_of) for m in members} for members in groups
                      if _is_listing(f, nodes, members, rows=True) or _is_linked_cards(f, nodes, members)]
    if not listings_texts:
        return 0
    field_of: dict[int, tuple] = {}  # (each element's field, read once)
    slot_texts: dict[tuple, set[str]] = {}  # (a field's values may sit in several groups: one per section)
    toolbars: set[tuple] = set()  # fields an entry shows with two texts at once: a row of buttons, not one value
    for texts in listings_texts:
        for found in texts.values():
            shown: dict[tuple, str] = {}
            for i, text in found:
                field = field_of.get(i) or field_of.setdefault(i, _field(f, i))
                slot_texts.setdefault(field, set()).add(text)
                if shown.setdefault(field, text) != text:
                    toolbars.add(field)
    doomed: list = []
    for texts in listings_texts:
        labels = _entry_labels(f, texts, slot_texts, toolbars, field_of)
        for found in texts.values():
            end = -1  # (a label inside one already doomed goes with it)
            for i, text in found:
                if i >= end and text in labels and f.in_page(i):
                    doomed.append(f.elements[i])
                    end = i + f.count[i]
    return ctx.kill_all(doomed, "auto", "a label every entry of the listing repeats")


def _is_listing(f: feat.Features, nodes: list[int], members: list[int], rows: bool = False, min_entries: int = MIN_ENTRIES) -> bool:
    """Whether ``members`` are enough entries of a listing inside the selection ``nodes``, most
    of them with a linked title (not a plan's or a product's feature cards, nor a table's rows
    unless ``rows``)."""
    return (_enough_entries(f, nodes, members, rows, min_entries)
            and sum(1 for m in members if listings.has_linked_heading(f, m) or _has_linked_aria_heading(f, m)) >= TITLED_MIN_SHARE * len(members))


def _is_linked_cards(f: feat.Features, nodes: list[int], members: list[int], min_entries: int = MIN_ENTRIES) -> bool:
    """Whether ``members`` are enough cards inside the selection ``nodes``, at least
    ``LINKED_MIN_SHARE`` of them holding a link (a shop's or a catalogue's tiles, titled by a link
    without a heading), not a table's rows."""
    return _enough_entries(f, nodes, members, False, min_entries) and sum(1 for m in members if f.links[m]) >= LINKED_MIN_SHARE * len(members)


def _enough_entries(f: feat.Features, nodes: list[int], members: list[int], rows: bool, min_entries: int) -> bool:
    """Whether ``members`` are at least ``min_entries`` entries inside the selection ``nodes``,
    not a table's rows unless ``rows``."""
    return len(members) >= min_entries and (rows or f.tags[members[0]] not in _ROW_TAGS) and f.inside_any(members[0], nodes)


def _has_linked_aria_heading(f: feat.Features, m: int) -> bool:
    """Whether entry ``m`` holds a link that is or holds an element with role "heading" (a title
    marked up as a heading for screen readers: ``<a><span role="heading">``)."""
    for i in range(m + 1, m + f.count[m]):
        if f.is_link[i] and f.chars[i]:
            if any(el.get("role") == "heading" for el in f.elements[i].iter() if isinstance(el.tag, str)):
                return True
    return False


def _slot(f: feat.Features, i: int) -> tuple[str, str]:
    """Element ``i``'s tag and class: its place in the entries' template."""
    return f.tags[i], f.elements[i].get("class") or ""


def _field(f: feat.Features, i: int) -> tuple:
    """Element ``i``'s field in the entries' template: its tag and class, and for an element
    without a class, the tag and class of its nearest ancestor with one (a bare ``<a>`` or
    ``<div>`` is every field of a template at once)."""
    slot = _slot(f, i)
    j = i
    while not slot[-1] and j > 0:
        j = f.parent[j]
        slot = (*slot, f.tags[j], f.elements[j].get("class") or "")
    return slot


def remove_entry_copies(f: feat.Features, nodes: list[int], groups: list[list[int]], ctx: PageContext) -> int:
    """Remove, in each entry of the groups of records ``groups`` inside the selection ``nodes``,
    the second and later copies of a text the entry already shows (see the module's docstring);
    returns how many elements were removed."""
    text_of: dict[int, str] = {}  # (nested groups walk the same elements: each text read once)
    doomed: list = []
    for members in groups:
        if not _is_listing(f, nodes, members):
            continue
        for m in members:
            doomed.extend(f.elements[i] for i in _copies(f, m, text_of))
    return ctx.kill_all(doomed, "auto", "a copy of a text its listing entry already shows")


def _copies(f: feat.Features, m: int, text_of: dict[int, str]) -> list[int]:
    """The elements of entry ``m`` whose whole text repeats another's of the same entry word for
    word (at least ``COPY_MIN_CHARS``, at most ``COPY_MAX_CHARS``), each text's copy in a heading
    (else its first) left out, as are copies in its tag and class and sentences; of nested
    elements with one text only the outermost counts, and none an earlier rule removed;
    ``text_of`` caches the texts read."""
    by_text: dict[str, list[int]] = {}
    i, end = m + 1, m + f.count[m]
    while i < end:
        chars = f.chars[i]
        if not chars:
            i += f.count[i]
            continue
        if COPY_MIN_CHARS <= chars <= COPY_MAX_CHARS and _whole_line(f, i):
            text = _text(f, i, text_of)
            if text and text[-1] not in _SENTENCE_END:  # (a sentence said twice is a summary)
                found = by_text.setdefault(text, [])
                if (not found or not f.holds(found[-1], i)) and f.in_page(i):  # (an earlier rule may have removed one copy)
                    found.append(i)
        i += 1
    doomed = []
    for found in by_text.values():
        if len(found) > 1:
            kept = next((i for i in found if _in_heading(f, i, m)), found[0])
            # (a copy in the kept one's own tag and class is the same field of a sub-entry, nested
            # cards, when it sits where the kept one sits: the same tags and classes up to the entry;
            # the same component under other wrappers is one rendered twice, for another screen)
            doomed.extend(i for i in found if i != kept and (_slot(f, i) != _slot(f, kept) or _path(f, i, m) != _path(f, kept, m)))
    return doomed


def _path(f: feat.Features, i: int, m: int) -> list[tuple[str, str]]:
    """The tags and classes of element ``i``'s ancestors below entry ``m``, nearest first."""
    path = []
    i = f.parent[i]
    while i > m:
        path.append(_slot(f, i))
        i = f.parent[i]
    return path


def _whole_line(f: feat.Features, i: int) -> bool:
    """Whether element ``i`` is a block or all of its block's own text (a line of its own, not a
    word in a sentence: code names and terms repeat in prose)."""
    return f.is_block[i] or f.blk_chars[f.block[i]] == f.chars[i]


def _in_heading(f: feat.Features, i: int, m: int) -> bool:
    """Whether element ``i`` is, holds or sits (below entry ``m``) in a heading."""
    if any(f.tags[j] in feat.HEADING_TAGS for j in range(i, i + f.count[i])):
        return True
    while i != m:
        if f.tags[i] in feat.HEADING_TAGS:
            return True
        i = f.parent[i]
    return False


def _entry_labels(f: feat.Features, texts: dict[int, list[tuple[int, str]]], slot_texts: dict[tuple, set[str]],
                  toolbars: set[tuple], field_of: dict[int, tuple]) -> set[str]:
    """The short texts found in at least ``LABEL_MIN_SHARE`` of the entries (``texts``: each
    entry's short texts), but for texts an entry shows twice (a row's equal cells), a field's
    values and shared links: a text whose element (tag and class) holds other texts in the
    listings (``slot_texts``) is a value its field takes (a category, "Full-time" beside
    "Contract", "Winner" beside "Honoree"), and links that lead to one place from every entry go
    to a shared category's page."""
    counts: dict[str, int] = {}
    targets: dict[str, set] = {}
    slots: dict[str, set] = {}  # text -> the (tag, class) of its elements
    twice: set[str] = set()  # texts an entry shows side by side in two places (cells of a row: data)
    where: dict[str, list[int]] = {}  # text -> its elements
    for found in texts.values():
        outermost: dict[str, int] = {}
        for i, text in found:
            where.setdefault(text, []).append(i)
            targets.setdefault(text, set()).add(_target(f, i))
            slots.setdefault(text, set()).add(field_of[i])
            first = outermost.setdefault(text, i)
            if first != i and not f.holds(first, i):
                twice.add(text)
        for text in outermost:
            counts[text] = counts.get(text, 0) + 1
    minimum = LABEL_MIN_SHARE * len(texts)
    frequent = {text for text, n in counts.items() if n >= minimum}

    def one_value_or_button(text: str, slot: tuple) -> bool:
        if len(slot_texts[slot]) == 1:
            return True
        # (texts over a list of their own, "Pros" over the pros and "Cons" beside it, head two parts)
        return _is_button_row(slot_texts[slot], slot in toolbars, frequent, twice) and not any(_heads_a_list(f.elements[i]) for i in where[text])

    # (a link to a place on the page itself, "Back to top", "Back to Project" -> #project, is a
    # jump, not a shared page's link nor a value, however often an entry shows it)
    return {text for text in frequent
            if _jumps(targets[text]) or (text not in twice and not _one_destination(targets[text]) and all(one_value_or_button(text, slot) for slot in slots[text]))}


def _jumps(targets: set) -> bool:
    """Whether every link of a text leads to a place on the page itself (``#name``)."""
    return bool(targets) and all(t is not None and t.startswith("#") for t in targets)


def _is_button_row(values: set[str], toolbar: bool, frequent: set[str], twice: set[str]) -> bool:
    """Whether a field holding ``values`` that an entry shows two of at once (``toolbar``) is a
    row of buttons: every value in most entries and none shown twice in one (nested cards each
    showing one value of the field: "Winner" in one, "Honoree" in three)."""
    return toolbar and values <= frequent and not values & twice


def _heads_a_list(el) -> bool:
    """Whether the element after ``el`` is a list, or starts with one (a label over its own items)."""
    after = el.getnext()
    while after is not None and not isinstance(after.tag, str):  # (comments between them)
        after = after.getnext()
    if after is None:
        return False
    return after.tag in _LIST_TAGS or (len(after) > 0 and after[0].tag in _LIST_TAGS)


def _one_destination(targets: set) -> bool:
    return len(targets) == 1 and None not in targets


def _target(f: feat.Features, i: int) -> str | None:
    """The href of the link that is, holds or sits in element ``i`` (None when there is none or
    it leads nowhere)."""
    if f.links[i]:
        el = f.elements[i]
        href = el.get("href") if f.is_link[i] else next((a.get("href") for a in el.iter("a") if a.get("href") is not None), None)
        return None if _is_dead(href) else href
    while i > 0 and not f.is_block[i]:
        i = f.parent[i]
        if f.is_link[i]:
            href = f.elements[i].get("href")
            return None if _is_dead(href) else href
    return None


def _short_texts(f: feat.Features, m: int, text_of: dict[int, str]) -> list[tuple[int, str]]:
    """(element number, text with its whitespace runs as one space) of the elements inside entry
    ``m`` whose whole text is at most ``LABEL_MAX_CHARS`` long, in document order, but for
    headings (the title's slot), sentences (a repeated notice is read as such), and inline
    labels in a line with more text (a field's name before its value: "Title:", "Price -"), the
    values right after such a name ("Features: Auto ignition", the same in every entry) and, in a
    table's row, a cell's whole text (a column's value)."""
    found = []
    row = f.tags[m] in _ROW_TAGS
    for i in range(m + 1, m + f.count[m]):
        chars = f.chars[i]
        if (not 0 < chars <= LABEL_MAX_CHARS and not _is_controls_row(f, i)) or f.tags[i] in feat.HEADING_TAGS:
            continue
        if not f.is_block[i] and f.blk_chars[f.block[i]] > chars:
            continue
        if (row and _whole_cell(f, i, m)) or _after_field_name(f.elements[i]):
            continue
        text = _text(f, i, text_of)
        if text and text[-1] not in _SENTENCE_END:
            found.append((i, text))
    return found


def _is_controls_row(f: feat.Features, i: int) -> bool:
    """Whether element ``i``'s text (at most ``CONTROLS_MAX_CHARS``) is all links that lead nowhere."""
    if not 0 < f.chars[i] <= CONTROLS_MAX_CHARS or f.link_chars[i] != f.chars[i]:
        return False
    links = [a for a in f.elements[i].iter("a") if (a.text_content() or "").strip()]
    return bool(links) and all(_is_dead(a.get("href")) for a in links)


def _is_dead(href: str | None) -> bool:
    """Whether a link to ``href`` leads nowhere (a script's control)."""
    return href is None or _DEAD_HREF.match(href) is not None


def _after_field_name(el) -> bool:
    """Whether the text right before ``el`` in its parent is a field's name ("Features:")."""
    before = el.getprevious()
    while before is not None and not isinstance(before.tag, str):  # (comments between them)
        if (before.tail or "").strip():
            break
        before = before.getprevious()
    text = (before.tail if before is not None else (el.getparent().text if el.getparent() is not None else None)) or ""
    return text.rstrip().endswith(":")


def _whole_cell(f: feat.Features, i: int, m: int) -> bool:
    """Whether element ``i`` is, or holds all the text of, a cell of row ``m``."""
    chars = f.chars[i]
    while i != m:
        if f.tags[i] in _CELL_TAGS:
            return f.chars[i] == chars
        i = f.parent[i]
    return False


def _text(f: feat.Features, i: int, text_of: dict[int, str]) -> str:
    """Element ``i``'s text with its whitespace runs as one space, read once into ``text_of``."""
    text = text_of.get(i)
    if text is None:
        text = text_of[i] = dom.text_of(f.elements[i])
    return text


def remove_entry_meta(f: feat.Features, nodes: list[int], groups: list[list[int]], ctx: PageContext) -> int:
    """Remove the meta lines (a date, a time ago, counters) of the entries of the listings among
    the groups of records ``groups`` inside the selection ``nodes`` (see the module's
    docstring); returns how many elements were removed."""
    doomed: dict[int, object] = {}  # (nested groups walk the same elements: each line found once)
    named: dict[str, bool] = {}  # (class list -> whether it names a kicker or a byline)
    for members in groups:
        if not (_is_listing(f, nodes, members, min_entries=META_MIN_ENTRIES) or _is_linked_cards(f, nodes, members, min_entries=META_MIN_ENTRIES)):
            continue
        for m in members:
            for i in _meta_lines(f, m, doomed, named):
                if f.in_page(i):
                    doomed[i] = f.elements[i]
    return ctx.kill_all(doomed.values(), "auto", "a listing entry's date or counters")


def _meta_lines(f: feat.Features, m: int, found_before, named: dict[str, bool]) -> list[int]:
    """The outermost elements of entry ``m`` that are a whole line (``_whole_line``) of at most
    ``META_MAX_CHARS`` that are a meta line (``is_meta_text``) or a class-named kicker or byline of
    at most ``NAMED_META_MAX_CHARS``; headings, and the lines in
    ``found_before``, are not looked into; ``named`` memoises the class test (``_named_meta``)."""
    found = []
    read = -1  # (the last element whose text was read: a child holding all of it says the same)
    i, end = m + 1, m + f.count[m]
    while i < end:
        chars = f.chars[i]
        if not chars or f.tags[i] in feat.HEADING_TAGS or i in found_before:
            i += f.count[i]
            continue
        if chars <= META_MAX_CHARS and _whole_line(f, i):
            same = f.parent[i] == read and f.chars[read] == chars  # (a wrapper's text, read already: not meta)
            read = i
            if (chars <= NAMED_META_MAX_CHARS and _named_meta(f, i, named)) or (not same and is_meta_text(dom.text_of(f.elements[i]))):
                found.append(i)
                i += f.count[i]
                continue
        i += 1
    return found


def _named_meta(f: feat.Features, i: int, named: dict[str, bool]) -> bool:
    """Whether element ``i`` or its parent is named as a kicker or a byline ("c-tease__eyebrow",
    "RubricWrapper", "BylinesWrapper"); ``named`` holds the answers per class list read so far
    (entries repeat their template's classes)."""
    return _is_named_meta(f.classes[i] or "", named) or _is_named_meta(f.classes[f.parent[i]] or "", named)


def _is_named_meta(names: str, named: dict[str, bool]) -> bool:
    found = named.get(names)
    if found is None:
        found = named[names] = _NAMED_META.search(names) is not None
    return found


def is_meta_text(text: str) -> bool:
    """Whether ``text`` is only a date, a time ago, counters, a byline with its date, or a time ago
    with a section's name."""
    if _DIGIT.search(text) is None:  # (one quick scan: most short lines of an entry hold no number)
        return text.lower() in _DAY_WORDS
    return _META_LINE.fullmatch(text) is not None
