"""The runner and ``clearpage eval`` on tiny datasets: real pipelines, real files, real processes."""
import json

import pytest

from clearpage.addon.cli import main
from clearpage.filters import ConfigError
from clearpage.filters.evaluation import datasets, report, runner


def run_on(root, algorithms=("article_subtree",), **kw):
    pages = datasets.load(root)
    return runner.evaluate(str(root), datasets.detect(root), pages, algorithms, **kw)


def test_scores_reader_text_per_page(wcxb_dir):
    run = run_on(wcxb_dir)
    rows = {r.page_id: r for r in run.rows}
    assert rows["0001"].f1 > 0.9 and rows["0001"].with_share == 1.0 and rows["0001"].without_share == 1.0
    # The page declares windows-1252: the engine's decoding reads "café" right, so the snippet is found.
    assert rows["0002"].with_share == 1.0 and rows["0002"].f1 > 0.9
    # Empty reference: scores 1 only for an empty output; the footer line is output, so 0.
    assert rows["0003"].f1 == 0.0 and rows["0003"].output_words > 0
    assert all(r.error is None and r.ms is not None and r.ms > 0 for r in run.rows)
    assert all(r.select_ms is not None and 0 <= r.select_ms <= r.ms for r in run.rows)
    assert len(run.floor_ms) == 3


def test_fallback_is_emptied_and_algorithm_set(tmp_path):
    user = tmp_path / "user.yaml"
    user.write_text("content:\n  fallback: [article_subtree]\n  min_chars: 5\n", encoding="utf-8")
    config = runner.algorithm_config("article_subtree", str(user))
    assert config.settings.content.algorithm == "article_subtree"
    assert config.settings.content.fallback == ()
    assert config.settings.content.min_chars == 5  # the rest of the user's file applies


def test_unknown_algorithm_fails_before_any_work(wcxb_dir):
    with pytest.raises(ConfigError, match="unknown content algorithm 'nope'"):
        run_on(wcxb_dir, ("nope",))


def test_timeout_counts_as_empty_output_and_is_reported(wcxb_dir):
    run = run_on(wcxb_dir, timeout_s=1e-6)
    assert all(r.timeout and r.error.startswith("timeout") and r.output_words == 0 for r in run.rows)
    summary = report.summarise(run)[0]
    assert summary.timeouts == 3 and summary.errors == 3
    assert summary.f1 == pytest.approx(1 / 3)  # empty output scores 1 only on 0003, whose reference is empty
    assert summary.median_ms is None


def test_parallel_run_matches_serial(wcxb_dir):
    serial = run_on(wcxb_dir)
    parallel = run_on(wcxb_dir, jobs=2)
    assert [(r.page_id, r.f1) for r in parallel.rows] == [(r.page_id, r.f1) for r in serial.rows]


def test_cli_prints_tables_and_writes_json(wcxb_dir, tmp_path, capsys):
    out = tmp_path / "eval.json"
    code = main(["eval", str(wcxb_dir), "--algorithm", "article_subtree", "--jobs", "1", "--json", str(out), "--quiet"])
    assert code == 0
    printed = capsys.readouterr().out
    assert "article_subtree" in printed and "F1 per page type" in printed and "lxml floor" in printed
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["kind"] == "wcxb" and data["pages"] == 3
    summary = data["algorithms"]["article_subtree"]
    assert set(summary["f1_by_type"]) == {"article", "listing"}
    assert len(data["rows"]) == 3 and {r["page_id"] for r in data["rows"]} == {"0001", "0002", "0003"}


def test_cli_rejects_a_directory_that_is_no_dataset(tmp_path, capsys):
    assert main(["eval", str(tmp_path), "--quiet"]) == 2
    assert "neither a WCXB split" in capsys.readouterr().err


def test_cli_on_readability_pages_reports_both_types(readability_dir, capsys):
    assert main(["eval", str(readability_dir), "--jobs", "1", "--quiet"]) == 0
    printed = capsys.readouterr().out
    assert "readerable (1)" in printed and "not-readerable (1)" in printed
