"""``clearpage bench memory-store`` on both stores: every page looked up and learned, figures
printed, and the run's hosts forgotten (a shared database is left as it was)."""
from __future__ import annotations

import json

from clearpage.cli import main

from tests.support.stores import stored_rows


def test_the_store_benchmark_runs_and_leaves_nothing_behind(memory_location, tmp_path, capsys):
    out = tmp_path / "store.json"
    assert main(["bench", "memory-store", "--db", memory_location, "--hosts", "2", "--pages", "4", "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "pages/s" in printed and "reload" in printed
    figures = json.loads(out.read_text(encoding="utf-8"))
    assert {name: f["pages"] for name, f in figures["passes"].items()} == {"new": 8, "reload": 8}
    assert all(f["lookup_p50_ms"] > 0 and f["learn_p99_ms"] >= f["learn_p50_ms"] for f in figures["passes"].values())
    assert stored_rows(memory_location, "SELECT count(*) FROM hosts") == [(0,)]
