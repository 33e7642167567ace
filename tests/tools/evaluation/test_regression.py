"""Regression guard: the default content algorithm's mean word F1 on a fixed wcxb-dev sample.

The sample: for each page type, the first ``PER_TYPE`` pages of that type in file order
(63 pages). The algorithm: whatever ``content.algorithm`` config/default.yaml names, run as
``clearpage eval`` runs it (reader mode, no fallback). The test fails when the sample's mean
F1 drops more than ``TOLERANCE`` below the floor recorded for that algorithm in floors.json.

After a deliberate change (a new default algorithm, a better one), record the new floor:
    CLEARPAGE_UPDATE_FLOORS=1 .venv/bin/python -m pytest tests/tools/evaluation/test_regression.py
(``CLEARPAGE_UPDATE_FLOORS=ecetr,text_tag_ratio`` records those algorithms instead, so a floor
is ready before a default changes.) Floors are recorded, never edited by hand.
"""
from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path

import pytest

from clearpage.filters import load_config
from clearpage.tools.evaluation import datasets, report, runner
from tests.tools.evaluation.conftest import write_wcxb

FLOORS = Path(__file__).with_name("floors.json")
PER_TYPE = 9
TOLERANCE = 0.01
# Quality, not speed: a page's wall-clock timeout far above the runner's default (10 s), so a loaded
# machine (parallel test runs, other work) cannot turn slow pages into empty outputs (a floor once
# recorded on a loaded machine sat 0.07 below the same tree's figure measured quietly).
TIMEOUT_S = 600.0
UPDATE_SWITCH = "CLEARPAGE_UPDATE_FLOORS"
SAMPLE_RULE = f"wcxb-dev: the first {PER_TYPE} pages of each page type in file order"


def sample(root: Path) -> list[datasets.EvalPage]:
    chosen, seen = [], {}
    for page in datasets.load(root):
        if seen.get(page.page_type, 0) < PER_TYPE:
            seen[page.page_type] = seen.get(page.page_type, 0) + 1
            chosen.append(page)
    return chosen


def measure(root: Path, algorithm: str) -> report.Summary:
    run = runner.evaluate(str(root), datasets.WCXB, sample(root), (algorithm,), jobs=min(2, os.cpu_count() or 1), timeout_s=TIMEOUT_S)
    summary = report.summarise(run)[0]
    errors = [f"{r.page_id}: {r.error}" for r in run.rows if r.error]
    return dataclasses.replace(summary, errors=len(errors)), errors


def record(floors: dict, algorithm: str, summary: report.Summary) -> None:
    floors["sample"] = SAMPLE_RULE
    floors["floors"][algorithm] = {
        "f1": round(summary.f1, 4),
        "pages": summary.pages,
        "f1_by_type": {t: round(v, 4) for t, v in summary.f1_by_type.items()},
    }


@pytest.mark.shared
@pytest.mark.slow
def test_default_algorithm_keeps_its_f1_floor(shared):
    root = shared / "datasets" / "wcxb-dev"
    default = load_config().settings.content.algorithm
    floors = json.loads(FLOORS.read_text(encoding="utf-8")) if FLOORS.exists() else {"sample": SAMPLE_RULE, "floors": {}}
    switch = os.environ.get(UPDATE_SWITCH, "")
    if switch:
        # "1": the default algorithm; or a comma-separated list of algorithm names.
        names = [default] if switch == "1" else [n.strip() for n in switch.split(",") if n.strip()]
        for name in names:
            record(floors, name, measure(root, name)[0])
        FLOORS.write_text(json.dumps(floors, indent=2, sort_keys=True) + "\n", encoding="utf-8")
        pytest.skip(f"{UPDATE_SWITCH} set: recorded floors for {', '.join(names)} in {FLOORS.name}")
    assert floors["sample"] == SAMPLE_RULE, f"{FLOORS.name} was recorded on another sample; re-record with {UPDATE_SWITCH}=1"
    recorded = floors["floors"].get(default)
    assert recorded is not None, f"no floor for {default!r} in {FLOORS.name}; record one with {UPDATE_SWITCH}=1"
    summary, errors = measure(root, default)
    assert summary.pages == recorded["pages"] == PER_TYPE * len(recorded["f1_by_type"])
    assert summary.f1 >= recorded["f1"] - TOLERANCE, (
        f"{default}: mean F1 {summary.f1:.4f} on the sample fell below the floor {recorded['f1']:.4f} - {TOLERANCE}; "
        f"per type {summary.f1_by_type} (recorded {recorded['f1_by_type']}); errors {errors[:5]}"
    )


def test_sample_rule_picks_per_type_in_file_order(tmp_path):
    html = b"<html><body><p>text</p></body></html>"
    kinds = ["article"] * 12 + ["listing"] * 2 + ["article"]
    root = write_wcxb(tmp_path / "d", [(f"{i:04d}", kind, html, "text", [], []) for i, kind in enumerate(kinds, 1)])
    picked = sample(root)
    assert [p.page_id for p in picked] == [f"{i:04d}" for i in range(1, PER_TYPE + 1)] + ["0013", "0014"]
