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
