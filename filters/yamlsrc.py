"""YAML source with positions: safe loading into located nodes, duplicate-key detection, merging.

Every value keeps the file and line it came from, so validation can say
``user.yaml:12: filters.link_list.threshold: must be >= 0`` even after a user file was merged
over the embedded default. Only YAML's safe constructors run (no tags that build objects).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import re

import yaml

from .errors import ConfigError, Problem


class _Loader(yaml.SafeLoader):
    """SafeLoader with YAML 1.2 booleans: only true/false are bools.

    YAML 1.1 also reads yes/no/on/off as booleans, so ``mode: off`` would arrive as False;
    here it stays the string "off" (and ``scripts: yes`` is a clear type error).
    """


class _FastLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """_Loader's rules on libyaml's parser (PyYAML's own scanner takes seconds for a 40,000-line
    `sites:` list). Used for text that parses: any error is reported by _Loader, in its words."""


for _cls in (_Loader, _FastLoader):
    _cls.yaml_implicit_resolvers = {
        first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:bool"]
        for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
    }
    _cls.add_implicit_resolver(
        "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")
    )

# No real config comes near this many values (the default has a few hundred; big lists live in
# list files): past it the YAML is an alias bomb ("billion laughs") or not a config at all.
MAX_VALUES = 100_000
MAX_FLOW_DEPTH = 64  # levels of [ ] / { } nesting; real configs use two or three
# libyaml's parser recurses in C once per level of nesting, which Python's recursion limit does not
# bound; block nesting is at most as deep as a line is long, so past this the Python parser runs.
FAST_MAX_LINE = 1000
_PLAIN_COLLECTION_TAGS = frozenset({"tag:yaml.org,2002:map", "tag:yaml.org,2002:seq", "tag:yaml.org,2002:omap"})


@dataclass(slots=True)
class Node:
    """A YAML value with where it came from."""

    file: str
    line: int | None


@dataclass(slots=True)
class Scalar(Node):
    value: Any = None


@dataclass(slots=True)
class Seq(Node):
    items: list[Node] = field(default_factory=list)


@dataclass(slots=True)
class Map(Node):
    # key -> (line of the key, value node)
    entries: dict[str, tuple[int | None, Node]] = field(default_factory=dict)

    def get(self, key: str) -> Node | None:
        entry = self.entries.get(key)
        return entry[1] if entry else None

    def key_line(self, key: str) -> int | None:
        entry = self.entries.get(key)
        return entry[0] if entry else self.line


def plain(node: Node) -> Any:
    """The node as plain Python data (dicts, lists, scalars), positions dropped."""
    if isinstance(node, Map):
        return {k: plain(v) for k, (_, v) in node.entries.items()}
    if isinstance(node, Seq):
        return [plain(v) for v in node.items]
    return node.value  # type: ignore[attr-defined]


def load_text(text: str, file: str) -> Node:
    """Parse YAML text into located nodes; syntax errors and duplicate keys become ConfigError."""
    depth, line = _flow_depth(text)
    if depth > MAX_FLOW_DEPTH:
        # PyYAML's scanner is quadratic in flow nesting ([[[[...): refuse before it starts.
        raise ConfigError([Problem(file, line, "", f"YAML nested too deeply to be a config (more than {MAX_FLOW_DEPTH} levels of [ or {{)")])
    loader: _Loader | _FastLoader | None
    loader, root = _compose_fast(text)
    try:
        if loader is None:
            loader = _Loader(text)
            root = loader.get_single_node()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        raise ConfigError([Problem(file, mark.line + 1 if mark else None, "", f"YAML syntax error: {exc.problem}")]) from None
    except yaml.YAMLError as exc:
        raise ConfigError([Problem(file, None, "", f"YAML error: {exc}")]) from None
    except RecursionError:
        raise ConfigError([Problem(file, None, "", "YAML nested too deeply to be a config")]) from None
    finally:
        if loader is not None:
            loader.dispose()
    if root is None:
        return Map(file, 1)
    problems: list[Problem] = []
    try:
        # Without anchors every YAML node has one parent: each can be let go once converted, so
        # the two trees are never both whole in memory (for a 40,000-line sites: list, ~35 MB).
        node = _convert(root, file, loader, problems, "", _Budget(release="&" not in text))
    except RecursionError:
        raise ConfigError([Problem(file, None, "", "YAML nested too deeply to be a config")]) from None
    if problems:
        raise ConfigError(problems)
    return node


_FLOW_CHARS = re.compile(r"[\n'\"#\[\]{}]")


def _compose_fast(text: str) -> tuple[_FastLoader | None, yaml.Node | None]:
    """The text's node tree by libyaml, or (None, None) when it is not for libyaml or does not parse."""
    if not getattr(yaml, "__with_libyaml__", False) or max(map(len, text.splitlines()), default=0) > FAST_MAX_LINE:
        return None, None
    loader = _FastLoader(text)
    try:
        return loader, loader.get_single_node()
    except Exception:  # noqa: BLE001 - _Loader parses it again and says what is wrong, in its words
        loader.dispose()
        return None, None


def _flow_depth(text: str) -> tuple[int, int]:
    """The deepest nesting of [ and { outside quotes and comments, and the line where it happens."""
    depth = deepest = 0
    deepest_line = line = 1
    quote = None
    for match in _FLOW_CHARS.finditer(text):  # only these characters matter: the rest is skipped in C
        char = match.group()
        previous = text[match.start() - 1] if match.start() else "\n"
        if char == "\n":
            line += 1
            if quote == "#":
                quote = None
        elif quote:
            if char == quote and quote != "#":
                quote = None
        elif char in "'\"" and previous in " \t\n[{,:":
            quote = char
        elif char == "#" and previous in " \t\n":
            quote = "#"
        elif char in "[{":
            depth += 1
            if depth > deepest:
                deepest, deepest_line = depth, line
        elif char in "]}":
            depth = max(depth - 1, 0)
    return deepest, deepest_line


def load_file(path: str) -> Node:
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except OSError as exc:
        raise ConfigError([Problem(path, None, "", f"cannot read config: {exc.strerror or exc}")]) from None
    except UnicodeDecodeError as exc:
        raise ConfigError([Problem(path, None, "", f"config is not UTF-8: {exc.reason}")]) from None
    return load_text(text, path)


class _Budget:
    """Counts values as they are converted: aliases can make a few lines expand exponentially."""

    def __init__(self, release: bool = False) -> None:
        self.left = MAX_VALUES
        self.release = release  # let each YAML node go once converted (only when no node has two parents)

    def spend(self, file: str, line: int, path: str) -> None:
        self.left -= 1
        if self.left < 0:
            raise ConfigError([Problem(file, line, path, f"more than {MAX_VALUES} values: aliases (*name) expanding out of bounds?")])


def _convert(node: yaml.Node, file: str, loader: _Loader | _FastLoader, problems: list[Problem], path: str, budget: _Budget) -> Node:
    line = node.start_mark.line + 1
    budget.spend(file, line, path)
    if isinstance(node, (yaml.MappingNode, yaml.SequenceNode)) and node.tag not in _PLAIN_COLLECTION_TAGS:
        problems.append(Problem(file, line, path, f"YAML tag {node.tag!r} is not allowed (plain mappings and lists only)"))
        return Scalar(file, line, None)
    if isinstance(node, yaml.MappingNode):
        result = Map(file, line)
        loader.flatten_mapping(node)  # resolves YAML merge keys (<<) safely
        for i, (key_node, value_node) in enumerate(node.value):
            if budget.release:
                node.value[i] = None  # (the loop holds this pair until the next)
            key_line = key_node.start_mark.line + 1
            if not isinstance(key_node, yaml.ScalarNode):
                problems.append(Problem(file, key_line, path, "mapping keys must be plain strings"))
                continue
            key = str(_construct(loader, key_node, budget))
            sub = f"{path}.{key}" if path else key
            if key in result.entries:
                problems.append(Problem(file, key_line, sub, f"duplicate key (first at line {result.entries[key][0]})"))
                continue
            result.entries[key] = (key_line, _convert(value_node, file, loader, problems, sub, budget))
        return result
    if isinstance(node, yaml.SequenceNode):
        items = []
        for i, item in enumerate(node.value):
            if budget.release:
                node.value[i] = None
            items.append(_convert(item, file, loader, problems, f"{path}[{i}]", budget))
        return Seq(file, line, items)
    try:
        value = _construct(loader, node, budget)
    except yaml.YAMLError as exc:
        problems.append(Problem(file, line, path, f"bad value: {exc}"))
        value = None
    return Scalar(file, line, value)


def _construct(loader: _Loader | _FastLoader, node: yaml.Node, budget: _Budget) -> Any:
    """A scalar's value; the loader forgets the node when it can (it keeps every node it built, for aliases)."""
    value = loader.construct_object(node, deep=True)
    if budget.release:
        loader.constructed_objects.pop(node, None)
    return value


def merge(base: Node, override: Node) -> Node:
    """Override merged over base: mappings merge key by key; lists and scalars replace."""
    if isinstance(base, Map) and isinstance(override, Map):
        merged = Map(override.file, override.line, dict(base.entries))
        for key, (key_line, value) in override.entries.items():
            if key in merged.entries:
                merged.entries[key] = (key_line, merge(merged.entries[key][1], value))
            else:
                merged.entries[key] = (key_line, value)
        return merged
    return override
