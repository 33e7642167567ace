"""No import cycles in the engine: the import graph of ``filters/`` has no loop.

The graph is read from the source with ``ast``: every ``import`` and ``from ... import``,
at module level or inside a function (a lazy import is still an edge), relative ones
resolved; ``from pkg import name`` is an edge to the module ``pkg.name`` when there is one,
else to ``pkg``. Imports under ``if TYPE_CHECKING:`` are left out: they never run.
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("filters",)  # the repo folders checked, each installed as clearpage.<folder>
INSTALLED_PREFIX = "clearpage."


def module_names(folder: Path, package: str) -> dict[str, Path]:
    """Every module under ``folder`` by dotted name (a package by its ``__init__.py``)."""
    names = {}
    for path in sorted(folder.rglob("*.py")):
        parts = [package, *path.relative_to(folder).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join(parts)] = path
    return names


def _type_checking_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST):
    """The import statements of a module, wherever they stand, except under ``if TYPE_CHECKING``."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _type_checking_only(node):
            stack.extend(node.orelse)
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        stack.extend(ast.iter_child_nodes(node))


def _known(name: str, modules: dict[str, Path]) -> str | None:
    """``name`` (installed or repo spelling) as the longest known module it is in, else None."""
    if name.startswith(INSTALLED_PREFIX):
        name = name[len(INSTALLED_PREFIX):]
    parts = name.split(".")
    while parts:
        candidate = ".".join(parts)
        if candidate in modules:
            return candidate
        parts.pop()
    return None


def import_graph(modules: dict[str, Path]) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        is_package = path.name == "__init__.py"
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in _imports(tree):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                if node.level:
                    base = name.split(".")
                    drop = node.level - 1 if is_package else node.level
                    base = base[: len(base) - drop] if drop else base
                    base_name = ".".join(base + ([node.module] if node.module else []))
                else:
                    base_name = node.module or ""
                targets = [f"{base_name}.{alias.name}" for alias in node.names]
            for target in targets:
                found = _known(target, modules)
                if found is not None and found != name:
                    graph[name].add(found)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One cycle (a path back to its start) for each strongly connected group of modules."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    groups: list[list[str]] = []

    def visit(node: str) -> None:  # Tarjan's algorithm
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return [_path_within(graph, group) for group in groups]


def _path_within(graph: dict[str, set[str]], group: list[str]) -> list[str]:
    """A shortest cycle through the group's first module, staying inside the group."""
    start, members = group[0], set(group)
    previous: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for nxt in sorted(graph[node] & members):
                if nxt == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(previous[path[-1]])
                    return [start, *reversed(path[:-1]), start]
                if nxt not in previous:
                    previous[nxt] = node
                    following.append(nxt)
        frontier = following
    return group  # (unreachable: a strongly connected group has a cycle through each member)


def test_the_engine_has_no_import_cycle():
    found = []
    for package in PACKAGES:
        found += cycles(import_graph(module_names(ROOT / package, package)))
    assert not found, "import cycles:\n" + "\n".join(" -> ".join(cycle) for cycle in found)


def test_a_cycle_is_found_and_named(tmp_path):
    """The check itself: a lazy import back, a relative one from a subpackage, and a type-only one."""
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from . import b\n")
    (package / "b.py").write_text("def f():\n    from .sub import c\n")
    (package / "sub" / "__init__.py").write_text("")
    (package / "sub" / "c.py").write_text("from ..a import thing\n")
    (package / "sub" / "d.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .. import a\n")
    (package / "e.py").write_text("from pkg.sub import d\n")
    graph = import_graph(module_names(package, "pkg"))
    assert graph["pkg.sub.d"] == set() and graph["pkg.e"] == {"pkg.sub.d"}
    assert cycles(graph) == [["pkg.a", "pkg.b", "pkg.sub.c", "pkg.a"]]
