"""Regression guard: metadata match rates on all of Readability's test pages in ../shared.

Per field (title, byline, publishedTime, lang, dir, siteName, excerpt) the normalised match
rate over the pages that expect a value (see tools/evaluation/metadata_match.py). The test
fails when a field's rate drops more than ``TOLERANCE`` (2 points) below the floor recorded in
metadata_floors.json. After a deliberate change, record the new floors:
    CLEARPAGE_UPDATE_METADATA_FLOORS=1 .venv/bin/python -m pytest tests/tools/evaluation/test_metadata_regression.py
Floors are recorded, never edited by hand.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from clearpage.tools.evaluation import datasets, metadata_match

FLOORS = Path(__file__).with_name("metadata_floors.json")
TOLERANCE = 0.02
UPDATE_SWITCH = "CLEARPAGE_UPDATE_METADATA_FLOORS"
DATASET = "readability-pages"


@pytest.mark.shared
def test_metadata_match_rates_keep_their_floors(shared):
    result = metadata_match.measure(datasets.load(shared / "datasets" / DATASET))
    assert not result.errors, result.errors
    measured = {name: {"expected": s.expected, "rate": round(s.share, 4)} for name, s in result.fields.items()}
    if os.environ.get(UPDATE_SWITCH):
        FLOORS.write_text(json.dumps({"dataset": DATASET, "pages": result.pages, "fields": measured}, indent=2) + "\n",
                          encoding="utf-8")
        pytest.skip(f"{UPDATE_SWITCH} set: recorded metadata floors in {FLOORS.name}")
    floors = json.loads(FLOORS.read_text(encoding="utf-8"))
    assert result.pages == floors["pages"], f"{DATASET} has {result.pages} pages, the floors were recorded on {floors['pages']}"
    misses = {}
    for m in result.misses:
        if m.kind != "extra":
            misses.setdefault(m.field, []).append(m.format())
    dropped = [
        f"{name}: {measured[name]['rate']:.3f} < floor {floor['rate']:.3f} - {TOLERANCE} (misses: {misses.get(name, [])[:5]})"
        for name, floor in floors["fields"].items()
        if measured[name]["rate"] < floor["rate"] - TOLERANCE
    ]
    assert not dropped, "\n".join(dropped)
    assert {name: m["expected"] for name, m in measured.items()} == {name: f["expected"] for name, f in floors["fields"].items()}
