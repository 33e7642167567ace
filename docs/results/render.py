"""Render the measurement records under docs/results/ as Markdown tables.

    python3 docs/results/render.py docs/results/quality-history.json [more.json ...]

Each file is one JSON object: ``title``, ``about`` (a paragraph), ``commands`` (how the figures
were taken), ``columns`` (``key``, ``label``, optional ``format`` such as ``"{:.3f}"``; a dotted
key reads a nested object), ``rows`` (one object per run or finding, newest first) and optional
``notes``. Standard library only, so it runs without the project's venv.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

# Shown for a value a run did not record, so an empty cell never reads as zero.
MISSING = "–"


def _lookup(row: dict[str, Any], key: str) -> Any:
    value: Any = row
    for part in key.split("."):
        if not isinstance(value, dict) or part not in value:
            return None
        value = value[part]
    return value


def _cell(value: Any, fmt: str | None) -> str:
    if value is None:
        return MISSING
    if isinstance(value, list):
        return "; ".join(_cell(v, fmt) for v in value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if fmt and isinstance(value, (int, float)):
        return fmt.format(value)
    return str(value).replace("|", "\\|").replace("\n", " ")


def render(record: dict[str, Any]) -> str:
    """The record as Markdown: a heading, its paragraph and commands, the table, the notes."""
    columns = record["columns"]
    out = [f"## {record['title']}", ""]
    if record.get("about"):
        out += [record["about"], ""]
    for command in record.get("commands", []):
        out.append(f"    {command}")
    if record.get("commands"):
        out.append("")
    out.append("| " + " | ".join(c["label"] for c in columns) + " |")
    out.append("|" + "---|" * len(columns))
    for row in record["rows"]:
        out.append("| " + " | ".join(_cell(_lookup(row, c["key"]), c.get("format")) for c in columns) + " |")
    if record.get("notes"):
        out.append("")
        out += [f"- {note}" for note in record["notes"]]
    return "\n".join(out) + "\n"


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if argv else 2
    texts = [render(json.loads(Path(name).read_text(encoding="utf-8"))) for name in argv]
    print("\n".join(texts), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
