"""``clearpage bench pipeline`` on a few pages: every page timed in both modes, the stages named,
and each of issue 27's targets printed with its verdict (not timed: the figures are only read)."""
from __future__ import annotations

import json

from clearpage.cli import main

PAGE = ("<html><head><title>Page {n}</title></head><body><nav><a href='/'>Home</a> <a href='/a'>A</a> <a href='/b'>B</a></nav>"
        "<article><h1>Page {n}</h1><p>{text}</p></article><script>track()</script></body></html>")
TEXT = "A sentence long enough to be read as the article's own prose, not as a menu. " * 10


def test_the_pipeline_benchmark_prints_issue_27s_targets_with_verdicts(tmp_path, capsys):
    pages = tmp_path / "pages"
    pages.mkdir()
    for n in range(3):
        (pages / f"{n}.html").write_text(PAGE.format(n=n, text=TEXT), encoding="utf-8")
    out = tmp_path / "pipeline.json"
    assert main(["bench", "pipeline", str(pages), "--no-trafilatura", "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    figures = json.loads(out.read_text(encoding="utf-8"))
    assert figures["pages"] == 3
    for mode in ("filter", "reader"):
        entry = figures["modes"][mode]
        assert entry["pages"] == 3 and entry["errors"] == []
        assert {"decode", "parse", "serialize", "filter.ignore"} <= set(entry["stages"])
    targets = {t["target"]: t for t in figures["targets"]}
    assert set(targets) == {
        "filter mode median <= 2.5x the floor (cpu)", "filter mode median <= 2.5x the floor (wall)",
        "reader mode median <= 4x the floor (cpu)", "reader mode median <= 4x the floor (wall)",
    }
    for target in targets.values():
        assert target["value"] > 0 and target["met"] == (target["value"] <= (2.5 if target["target"].startswith("filter") else 4.0))
        assert f"target: {target['target']}: {target['value']} -> {'met' if target['met'] else 'MISSED'}" in printed


def test_the_pipeline_benchmark_times_autos_rules_and_phases(tmp_path, capsys):
    pages = tmp_path / "pages"
    pages.mkdir()
    for n in range(3):
        (pages / f"{n}.html").write_text(PAGE.format(n=n, text=TEXT), encoding="utf-8")
    out = tmp_path / "pipeline.json"
    assert main(["bench", "pipeline", str(pages), "--mode", "reader", "--rules", "--no-trafilatura", "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    reader = json.loads(out.read_text(encoding="utf-8"))["modes"]["reader"]
    rules, phases = reader["rules"], reader["phases"]
    # Every rule of the table is listed under its phase, in the table's order; the ones every
    # page runs (no condition, no early stop before them) ran on all three pages.
    assert list(rules)[:3] == ["swallowing_buttons", "consent_dialogs", "modal_dialogs"]
    assert rules["features"]["phase"] == "MEASURE" and rules["clean"]["phase"] == "CLEAN"
    assert rules["features"]["pages_run"] == rules["scores"]["pages_run"] == rules["answer"]["pages_run"] == 3
    assert rules["forum_scores"]["pages_run"] == 0  # (its condition, a forum, holds on none)
    assert list(phases) == ["PREPARE", "MEASURE", "MARK", "SCORE", "CHOOSE", "WIDEN", "UNMARK", "SPARE", "CLEAN", "TRIM", "FINISH"]
    for name, rule in rules.items():
        assert rule["cpu_mean_ms"] >= 0 and rule["cpu_median_ms"] >= 0, name
    assert rules["features"]["cpu_mean_ms"] > 0
    # A phase's time is its rules' (each page's sum, so the means add up).
    measure = sum(rule["cpu_mean_ms"] for rule in rules.values() if rule["phase"] == "MEASURE")
    assert abs(phases["MEASURE"]["cpu_mean_ms"] - measure) < 0.01
    assert "auto's rules, CPU ms per page (3 pages)" in printed
    assert any(line.split()[:1] == ["features"] for line in printed.splitlines())
    assert not any(line.split()[:1] == ["forum_scores"] for line in printed.splitlines())


def test_rule_times_are_not_recorded_unless_asked(tmp_path):
    from clearpage.filters.content.auto import phases

    pages = tmp_path / "pages"
    pages.mkdir()
    (pages / "0.html").write_text(PAGE.format(n=0, text=TEXT), encoding="utf-8")
    out = tmp_path / "pipeline.json"
    assert main(["bench", "pipeline", str(pages), "--mode", "reader", "--no-trafilatura", "--json", str(out)]) == 0
    assert "rules" not in json.loads(out.read_text(encoding="utf-8"))["modes"]["reader"]
    assert phases._rule_times is None
