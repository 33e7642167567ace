"""The config reference: every key with its type, default and meaning, generated from the code.

``clearpage config-reference`` prints it as Markdown; docs/configuration.md embeds the same text between
markers and a test keeps the two equal, so the documentation cannot drift from the schema.
"""
from __future__ import annotations

import dataclasses
import typing
from typing import Any, Literal

from .chain.base import FILTERS
from .content.base import ALGORITHMS
from .learn.memory import MemorySettings
from .settings import ContentSettings, ProxySettings, Settings, FleetSettings, ListsSettings, TlsSettings, default_path, default_text, load_config
from .yamlsrc import load_text, plain


def _type_name(tp: Any) -> str:
    origin = typing.get_origin(tp)
    if origin is Literal:
        return " \\| ".join(str(a) for a in typing.get_args(tp))
    if origin is tuple:
        return f"list of {_type_name(typing.get_args(tp)[0])}"
    if origin is dict:
        return "mapping"
    if origin in (typing.Union, getattr(__import__("types"), "UnionType")):
        return " or ".join("null" if a is type(None) else _type_name(a) for a in typing.get_args(tp))
    if dataclasses.is_dataclass(tp):
        return "mapping"
    return {bool: "bool", int: "int", float: "number", str: "string"}.get(tp, getattr(tp, "__name__", str(tp)))


def _default(defaults: dict, path: list[str]) -> str:
    value: Any = defaults
    for key in path:
        if not isinstance(value, dict) or key not in value:
            return ""
        value = value[key]
    if isinstance(value, (dict,)):
        return ""
    if isinstance(value, list):
        return "[" + ", ".join(str(v) for v in value) + "]"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _bounds(meta: dict) -> str:
    parts = []
    if "min" in meta:
        parts.append(f">= {meta['min']}")
    if "max" in meta:
        parts.append(f"<= {meta['max']}")
    return f" ({', '.join(parts)})" if parts else ""


def _rows(cls: type, prefix: str, defaults: dict, skip: tuple[str, ...] = ()) -> list[str]:
    hints = typing.get_type_hints(cls)
    rows = []
    for f in dataclasses.fields(cls):
        if f.name in skip:
            continue
        key = f"{prefix}.{f.name}" if prefix else f.name
        tp = hints[f.name]
        if dataclasses.is_dataclass(tp):
            rows += _rows(tp, key, defaults)
            continue
        doc = f.metadata.get("doc", "") + _bounds(f.metadata)
        rows.append(f"| `{key}` | {_type_name(tp)} | `{_default(defaults, key.split('.'))}` | {doc} |")
    return rows


def markdown() -> str:
    defaults = plain(load_text(default_text(), default_path()))
    rows = ["| key | type | default | meaning |", "|---|---|---|---|"]
    rows += _rows(Settings, "", defaults, skip=("chain", "filters", "content"))
    rows.append(f"| `chain` | list of filter names | `{_default(defaults, ['chain'])}` | the filters, in the order they run; `removed_links` must be last |")
    rows += _rows(ProxySettings, "proxy", defaults)
    rows += _rows(MemorySettings, "memory", defaults)
    rows += _rows(ListsSettings, "lists", defaults)
    rows += _rows(TlsSettings, "tls", defaults)
    rows += _rows(FleetSettings, "fleet", defaults)
    for name in sorted(FILTERS):
        rows += _rows(FILTERS[name].Options, f"filters.{name}", defaults)
    rows += _rows(ContentSettings, "content", defaults, skip=("options",))
    for name in sorted(ALGORITHMS):
        options = ALGORITHMS[name].Options
        if options is not None:
            rows += _rows(options, f"content.{name}", defaults)
    rows.append("| `sites` | list of mappings | `[]` | per-site overrides: `match` (a host glob or a list of them; `*.example.com` covers example.com too) and any of `mode`, `chain`, `filters`, `content`, `output`, `reader`, `auto`; first match wins |")
    load_config()  # the reference is only printed for a default config that loads
    return "\n".join(rows) + "\n"
