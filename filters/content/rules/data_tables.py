"""A data table's cells for ``auto``'s cleaning: a cell of links is the table's data, not a link list.

``data_cells`` names the cells (``td``/``th``) with links inside the selection whose table is a
data table by the reader's own test (``render.tables.is_data_table``), so cleaning keeps them;
marked boilerplate inside a cell still goes, and a layout table's cells are judged as before.
"""
from __future__ import annotations

from ...render.tables import is_data_table
from .. import features as feat
from .. import hints

# A table's cells: the blocks a link list could be mistaken for.
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
