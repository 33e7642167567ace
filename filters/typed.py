"""Typed conversion of located YAML into frozen dataclasses, with strict checks.

Rules: ``"false"`` is not a bool, ``true`` is not an int, unknown keys are errors (with a
"did you mean"), and bounds declared in field metadata (``min``, ``max``, ``check``) are
enforced. Every problem names file, line and the dotted key; all problems are collected.

Field metadata understood here:
  ``min`` / ``max``: inclusive numeric bounds.
  ``check``: callable(value) -> error message or None, run after type conversion.
  ``convert``: callable(node, key, problems) -> value, replacing the generic conversion.
"""
from __future__ import annotations

import contextlib
import contextvars
import dataclasses
import difflib
import functools
import types
import typing
from collections.abc import Callable, Iterator
from typing import Any, Literal

from .errors import ClearpageError, Problem
from .yamlsrc import Map, Node, Scalar, Seq

_MISSING = object()
# While a config loads: (id of a YAML node, what it became) -> (the node, the value), so that a node
# shared by many profiles (the top level under each `sites:` entry) is converted and checked once.
_REUSE: contextvars.ContextVar[dict[tuple[int, Any], tuple[Node, Any]] | None] = contextvars.ContextVar("clearpage_reuse", default=None)
_hints = functools.cache(typing.get_type_hints)  # a dataclass's field types: the same on every call


@contextlib.contextmanager
def reusing_conversions() -> Iterator[None]:
    """Inside: converting the same node object to the same type again returns the first result
    (successes only: a failing node is converted again, so each profile reports its problems)."""
    token = _REUSE.set({})
    try:
        yield
    finally:
        _REUSE.reset(token)


def reuse(node: Node, what: Any, build: Callable[[], Any]) -> Any:
    """``build()``, or, inside reusing_conversions, its value from the last time ``node`` became ``what``."""
    memo = _REUSE.get()
    if memo is None:
        return build()
    hit = memo.get((id(node), what))
    if hit is not None and hit[0] is node:
        return hit[1]
    value = build()
    memo[(id(node), what)] = (node, value)  # the node is kept alive with it, so its id stays its own
    return value


class Invalid(ClearpageError):
    """Internal marker: the value was reported as a problem already (it never leaves the config
    loader: the problems collected are raised together as one ConfigError)."""


def convert(node: Node, tp: Any, key: str, problems: list[Problem]) -> Any:
    """Convert ``node`` to type ``tp``; append problems and raise Invalid when it cannot."""
    if isinstance(node, (Map, Seq)):
        return reuse(node, tp, lambda: _convert_any(node, tp, key, problems))
    return _convert_any(node, tp, key, problems)


def _convert_any(node: Node, tp: Any, key: str, problems: list[Problem]) -> Any:
    origin = typing.get_origin(tp)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return convert_dataclass(node, tp, key, problems)
    if origin is Literal:
        return _convert_literal(node, typing.get_args(tp), key, problems)
    if origin in (typing.Union, types.UnionType):
        return _convert_union(node, typing.get_args(tp), key, problems)
    if origin is tuple:
        args = typing.get_args(tp)
        return _convert_sequence(node, args[0], key, problems)
    if origin is dict:
        _, value_tp = typing.get_args(tp)
        return _convert_mapping(node, value_tp, key, problems)
    if tp in (bool, int, float, str):
        return _convert_scalar(node, tp, key, problems)
    if tp is Any:
        from .yamlsrc import plain
        return plain(node)
    raise TypeError(f"unsupported config type {tp!r} at {key}")


def _fail(problems: list[Problem], node: Node, key: str, message: str) -> typing.NoReturn:
    problems.append(Problem(node.file, node.line, key, message))
    raise Invalid


def _describe(node: Node) -> str:
    if isinstance(node, Map):
        return "a mapping"
    if isinstance(node, Seq):
        return "a list"
    value = node.value  # type: ignore[attr-defined]
    if value is None:
        return "empty (null)"
    return f"{type(value).__name__} {value!r}"


_TYPE_NAMES = {bool: "true or false (unquoted)", int: "an integer", float: "a number", str: "a string"}


def _convert_scalar(node: Node, tp: type, key: str, problems: list[Problem]) -> Any:
    if not isinstance(node, Scalar):
        _fail(problems, node, key, f"expected {_TYPE_NAMES[tp]}, got {_describe(node)}")
    value = node.value
    if tp is bool:
        ok = isinstance(value, bool)
    elif tp is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif tp is float:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        value = float(value) if ok else value
    else:
        ok = isinstance(value, str)
    if not ok:
        _fail(problems, node, key, f"expected {_TYPE_NAMES[tp]}, got {_describe(node)}")
    return value


def _convert_literal(node: Node, choices: tuple[Any, ...], key: str, problems: list[Problem]) -> Any:
    if isinstance(node, Scalar) and node.value in choices and type(node.value) is type(choices[0]):
        return node.value
    options = ", ".join(str(c) for c in choices)
    _fail(problems, node, key, f"expected one of {options}; got {_describe(node)}")


def _convert_union(node: Node, args: tuple[Any, ...], key: str, problems: list[Problem]) -> Any:
    non_none = [a for a in args if a is not type(None)]
    if isinstance(node, Scalar) and node.value is None and len(non_none) < len(args):
        return None
    if len(non_none) == 1:
        return convert(node, non_none[0], key, problems)
    # Try each alternative silently; report once when none fits.
    for alt in non_none:
        scratch: list[Problem] = []
        try:
            return convert(node, alt, key, scratch)
        except Invalid:
            continue
    _fail(problems, node, key, f"expected {' or '.join(_name(a) for a in non_none)}, got {_describe(node)}")


def _name(tp: Any) -> str:
    if tp in _TYPE_NAMES:
        return _TYPE_NAMES[tp]
    if typing.get_origin(tp) is tuple:
        return "a list"
    return getattr(tp, "__name__", str(tp))


def _convert_sequence(node: Node, item_tp: Any, key: str, problems: list[Problem]) -> tuple[Any, ...]:
    if not isinstance(node, Seq):
        _fail(problems, node, key, f"expected a list, got {_describe(node)}")
    out, bad = [], False
    for i, item in enumerate(node.items):
        try:
            out.append(convert(item, item_tp, f"{key}[{i}]", problems))
        except Invalid:
            bad = True
    if bad:
        raise Invalid
    return tuple(out)


def _convert_mapping(node: Node, value_tp: Any, key: str, problems: list[Problem]) -> dict[str, Any]:
    if not isinstance(node, Map):
        _fail(problems, node, key, f"expected a mapping, got {_describe(node)}")
    out, bad = {}, False
    for name, (_, value) in node.entries.items():
        try:
            out[name] = convert(value, value_tp, f"{key}.{name}" if key else name, problems)
        except Invalid:
            bad = True
    if bad:
        raise Invalid
    return out


def convert_dataclass(node: Node, cls: type, key: str, problems: list[Problem], *, extra: dict[str, Any] | None = None) -> Any:
    """Build ``cls`` from a mapping node. ``extra`` adds keyword values computed by the caller."""
    if not isinstance(node, Map):
        _fail(problems, node, key, f"expected a mapping, got {_describe(node)}")
    hints = _hints(cls)
    fields = {f.name: f for f in dataclasses.fields(cls) if f.init}
    values: dict[str, Any] = dict(extra or {})
    bad = False
    for name, (key_line, _) in node.entries.items():
        if name not in fields and name not in values:
            sub = f"{key}.{name}" if key else name
            hint = difflib.get_close_matches(name, list(fields), n=1)
            allowed = ", ".join(sorted(fields))
            suggestion = f"; did you mean {hint[0]!r}?" if hint else f"; allowed: {allowed}"
            problems.append(Problem(node.file, key_line, sub, f"unknown key{suggestion}"))
            bad = True
    for name, fld in fields.items():
        if name in values:
            continue
        sub = f"{key}.{name}" if key else name
        child = node.get(name)
        if child is None:
            if fld.default is not dataclasses.MISSING:
                values[name] = fld.default
                continue
            if fld.default_factory is not dataclasses.MISSING:
                values[name] = fld.default_factory()
                continue
            problems.append(Problem(node.file, node.line, sub, "missing key"))
            bad = True
            continue
        try:
            values[name] = _convert_field(child, fld, hints[name], sub, problems)
        except Invalid:
            bad = True
    if bad:
        raise Invalid
    try:
        return cls(**values)
    except (ValueError, TypeError) as exc:
        _fail(problems, node, key, str(exc))


def _convert_field(node: Node, fld: dataclasses.Field[Any], tp: Any, key: str, problems: list[Problem]) -> Any:
    return reuse(node, fld, lambda: _convert_checked(node, fld, tp, key, problems))


def _convert_checked(node: Node, fld: dataclasses.Field[Any], tp: Any, key: str, problems: list[Problem]) -> Any:
    meta = fld.metadata
    if "convert" in meta:
        value = meta["convert"](node, key, problems)
    else:
        value = convert(node, tp, key, problems)
    if "min" in meta and value is not None and value < meta["min"]:
        _fail(problems, node, key, f"must be >= {meta['min']}, got {value}")
    if "max" in meta and value is not None and value > meta["max"]:
        _fail(problems, node, key, f"must be <= {meta['max']}, got {value}")
    if "check" in meta and value is not None:
        message = meta["check"](value)
        if message:
            _fail(problems, node, key, message)
    return value


def field(*, doc: str = "", **meta: Any) -> Any:
    """A dataclass field with validation metadata and a one-line doc (no default: defaults live in config/)."""
    return dataclasses.field(metadata={"doc": doc, **meta})
