"""Tables for the reader page: data tables keep (and gain) header cells, layout tables become blocks.

A screen reader announces a table's size and reads each cell with its headers; for a table
used only to place things on the screen that is noise, and the cells read in a confusing
order. ``is_data_table`` decides, from the markup alone (rules in the order applied):

  layout: role=presentation/none, or datatable="0";
  data:   a caption, a summary, thead/tfoot/colgroup/col, th cells, or cells with
          scope/headers/abbr;
  layout: a table inside it (a data table does not nest tables);
  layout: fewer than 2 rows or fewer than 2 columns;
  data:   at least 10 rows, more than 4 columns, or more than 10 cells;
  layout: otherwise (small grids of a few cells are almost always layout).

Layout tables are linearised: table, row and cell become ``div``s in reading order (row by
row, cell by cell; empty cells dropped; the caption becomes a paragraph).
Data tables get header cells when they have none (the first row, when every cell in it is
short, non-empty text and not a number) and ``scope`` on header cells that lack it, and are
wrapped in a focusable, labelled region so a wide table scrolls sideways by keyboard too
without making the page scroll (WCAG 1.4.10 reflow).
"""
from __future__ import annotations

import re

from .. import dom

MIN_DATA_ROWS = 10
MIN_DATA_COLUMNS = 5
MIN_DATA_CELLS = 11
# A header cell says what a column is; longer text than this is content, not a header.
MAX_HEADER_CHARS = 60
_NUMBER = re.compile(r"^[\s\d.,:%+\-–−$€£¥/()]+$")
ROW_GROUPS = ("thead", "tbody", "tfoot")
_SUBSTANTIVE = ("img", "svg", "picture", "video", "audio", "iframe", "math")
_WRAPPER_CLASS = "cp-table"


def rows_of(table) -> list:
    """The table's own rows (not those of nested tables), in order."""
    rows = []
    for child in table:
        tag = dom.tag_of(child)
        if tag == "tr":
            rows.append(child)
        elif tag in ROW_GROUPS:
            rows.extend(r for r in child if dom.tag_of(r) == "tr")
    return rows


def cells_of(row) -> list:
    return [c for c in row if dom.tag_of(c) in ("td", "th")]


def _own_descendants(table, *tags):
    """Descendants of ``table`` with one of ``tags`` that belong to it, not to a nested table."""
    out = []
    for el in table.iter(*tags):
        owner = next((a for a in el.iterancestors("table")), None)
        if owner is table:
            out.append(el)
    return out


def is_data_table(table) -> bool:
    role = (table.get("role") or "").strip().lower()
    if role in ("presentation", "none") or table.get("datatable") == "0":
        return False
    if table.get("summary") or _own_descendants(table, "caption", "thead", "tfoot", "colgroup", "col", "th"):
        return True
    if any(c.get("scope") or c.get("headers") or c.get("abbr") for c in _own_descendants(table, "td")):
        return True
    if any(True for _ in table.iterdescendants("table")):
        return False
    rows = rows_of(table)
    columns = max((sum(_span(c) for c in cells_of(r)) for r in rows), default=0)
    if len(rows) < 2 or columns < 2:
        return False
    cells = sum(len(cells_of(r)) for r in rows)
    return len(rows) >= MIN_DATA_ROWS or columns >= MIN_DATA_COLUMNS or cells >= MIN_DATA_CELLS


def _span(cell) -> int:
    try:
        return max(1, min(int(cell.get("colspan") or 1), 1000))
    except ValueError:
        return 1


def prepare(root) -> tuple[int, int]:
    """Linearise layout tables, give data tables headers; returns (data, layout) counts."""
    tables = list(root.iter("table"))
    kinds = [(t, is_data_table(t)) for t in tables]  # decided before any change
    data = layout = 0
    for table, is_data in kinds:
        if is_data:
            add_headers(table)
            data += 1
        else:
            linearise(table)
            layout += 1
    labels: dict[str, int] = {}
    for table in list(root.iter("table")):
        _wrap(table, labels)
    return data, layout


def linearise(table) -> None:
    """Turn a layout table into divs in reading order, dropping empty cells."""
    for el in list(table.iter()):
        if el is not table and _owner(el) is not table:
            continue
        tag = dom.tag_of(el)
        if tag in ("td", "th") and not dom.text_of(el) and not list(el.iter(*_SUBSTANTIVE)):
            dom.remove(el)
        elif tag in ("td", "th", "tr", *ROW_GROUPS):
            el.tag = "div"
            _clear(el, keep=("id", "lang", "dir"))
        elif tag == "caption":
            el.tag = "p"
            _clear(el, keep=("id", "lang", "dir"))
        elif tag in ("col", "colgroup"):
            dom.remove(el)
    table.tag = "div"
    _clear(table, keep=("id", "lang", "dir"))


def _owner(el):
    return next((a for a in el.iterancestors("table")), None)


def _clear(el, keep: tuple[str, ...]) -> None:
    for name in list(el.attrib):
        if name not in keep:
            del el.attrib[name]


def add_headers(table) -> None:
    rows = rows_of(table)
    if not rows:
        return
    if not _own_descendants(table, "th"):
        first = cells_of(rows[0])
        if len(first) >= 2 and all(_header_like(c) for c in first):
            for cell in first:
                cell.tag = "th"
                cell.set("scope", "col")
    for cell in _own_descendants(table, "th"):
        if not dom.text_of(cell) and not list(cell.iter(*_SUBSTANTIVE)):
            cell.tag = "td"  # an empty header heads nothing
            cell.attrib.pop("scope", None)
    for index, row in enumerate(rows):
        in_head = dom.tag_of(row.getparent()) == "thead"
        cells = cells_of(row)
        for position, cell in enumerate(cells):
            if dom.tag_of(cell) != "th" or cell.get("scope"):
                continue
            if in_head or index == 0 or all(dom.tag_of(c) == "th" for c in cells):
                cell.set("scope", "colgroup" if _span(cell) > 1 else "col")
            elif position == 0:
                cell.set("scope", "row")


def _header_like(cell) -> bool:
    text = dom.text_of(cell)
    return bool(text) and len(text) <= MAX_HEADER_CHARS and not _NUMBER.match(text)


def _wrap(table, labels: dict[str, int]) -> None:
    parent = table.getparent()
    if parent is None or (dom.tag_of(parent) == "div" and parent.get("class") == _WRAPPER_CLASS):
        return
    wrapper = dom.new_element("div", {"class": _WRAPPER_CLASS, "role": "region", "tabindex": "0"})
    caption = table.find("caption")
    label = dom.text_of(caption) if caption is not None else ""
    if not label:
        rows = rows_of(table)
        label = ", ".join(dom.text_of(c) for c in cells_of(rows[0]) if dom.text_of(c)) if rows else ""
    label = _short(label) or "table"
    labels[label] = labels.get(label, 0) + 1
    wrapper.set("aria-label", label if labels[label] == 1 else f"{label} ({labels[label]})")
    wrapper.tail = table.tail
    table.tail = None
    table.addprevious(wrapper)
    wrapper.append(table)


def _short(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[:limit].rsplit(" ", 1)[0] + "…"
