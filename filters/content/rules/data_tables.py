"""A data table's cells for ``auto``'s cleaning: a cell of links is the table's data, not a link list.

Cleaning removes a block holding a few links and next to no other text as a link list, and a
table cell (``td``) is such a block when its value is a few linked names: a list of prize
winners by year has one cell per prize, each holding the year's laureates as links, and
cleaning cut those cells one by one, leaving rows with holes and columns out of line
(a wiki's list page lost 125 of its cells). ``data_cells`` names the cells (``td``/``th``)
with links inside the selection whose table is a data table by the reader's own test
(``render.tables.is_data_table``: header cells, a caption, or a grid of many rows or columns),
so cleaning keeps them; marked boilerplate inside a cell still goes, and a whole table of
navigation links is still judged as one block. A layout table's cells (a sidebar column of
links on an old site) are not data cells and are judged as before.
"""
from __future__ import annotations

from ...render.tables import is_data_table
from .. import features as feat
from .. import hints

_CELL_TAGS = frozenset({"td", "th"})


def data_cells(f: feat.Features, kinds: list[int], nodes: list[int], min_links: int) -> set[int]:
    """Element numbers of the unmarked cells inside the selection ``nodes`` holding at least
    ``min_links`` links (the ones cleaning could take for a link list) whose nearest table is a
    data table."""
    cells: set[int] = set()
    verdicts: dict[int, bool] = {}  # table element number -> is a data table (each table asked once)
    tags, links, parent = f.tags, f.links, f.parent
    for root in nodes:
        for i in range(root, root + f.count[root]):
            if tags[i] not in _CELL_TAGS or links[i] < min_links or kinds[i] in hints.MARKED:
                continue
            table = parent[i]
            while table >= 0 and tags[table] != "table":
                table = parent[table]
            if table < 0:
                continue
            verdict = verdicts.get(table)
            if verdict is None:
                verdict = verdicts[table] = is_data_table(f.elements[table])
            if verdict:
                cells.add(i)
    return cells
