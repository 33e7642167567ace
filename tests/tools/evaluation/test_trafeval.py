"""trafeval's pooled snippet metric, its loader, and ``clearpage eval --dev-sets`` on tiny made-up sets."""
import json
import shutil

import pytest

from clearpage.cli import main
from clearpage.tools.evaluation import datasets, devsets, report, runner
from clearpage.tools.evaluation.metric import SnippetCounts, pooled_scores, snippet_counts


def test_snippets_match_case_sensitively_after_whitespace_normalising():
    counts = snippet_counts("The  old\tmill\n\nran all summer.", ["old mill ran", "the old mill", "summer."], ["all  summer", "winter"])
    assert counts == SnippetCounts(tp=2, fn=1, fp=1, tn=1)


def test_pooled_scores_sum_counts_over_pages_not_page_means():
    pages = [SnippetCounts(tp=1, fn=0, fp=0, tn=3), SnippetCounts(tp=9, fn=10, fp=5, tn=0)]
    scores = pooled_scores(pages)
    assert scores.precision == pytest.approx(10 / 15)
    assert scores.recall == pytest.approx(10 / 20)
    assert scores.f1 == pytest.approx(20 / 35)


def test_pooled_scores_without_any_match_are_zero_not_an_error():
    assert pooled_scores([]) == pooled_scores([SnippetCounts(0, 0, 0, 4)])
    assert pooled_scores([SnippetCounts(0, 3, 2, 0)]).f1 == 0.0


def test_trafeval_layout_is_detected_and_loaded(trafeval_dir):
    assert datasets.detect(trafeval_dir) == datasets.TRAFEVAL
    pages = datasets.load(trafeval_dir)
    assert [(p.page_id, p.page_type, p.url) for p in pages] == [
        ("a", "article", "https://example.org/a"), ("b", "article", "https://example.org/b")]
    assert pages[1].reference().without_snippets == ("Imprint and privacy", "Not on the page")


def test_trafeval_entry_without_its_page_names_the_entry(trafeval_dir):
    (trafeval_dir / "html" / "b.html.gz").unlink()
    with pytest.raises(datasets.DatasetError, match=r"evaldata.json: entry 'https://example.org/b': no page"):
        datasets.load(trafeval_dir)


def test_run_pools_counts_over_pages(trafeval_dir):
    run = runner.evaluate(str(trafeval_dir), datasets.TRAFEVAL, datasets.load(trafeval_dir), ("auto",))
    rows = {r.page_id: r for r in run.rows}
    assert rows["a"].snippets == {"tp": 1, "fn": 1, "fp": 0, "tn": 1}
    assert rows["b"].snippets["tp"] == 1
    summary = report.summarise(run)[0]
    total = {k: rows["a"].snippets[k] + rows["b"].snippets[k] for k in ("tp", "fn", "fp", "tn")}
    assert summary.snippets == total
    assert summary.f1 == pytest.approx(2 * total["tp"] / (2 * total["tp"] + total["fp"] + total["fn"]))


@pytest.fixture
def dev_root(tmp_path, wcxb_dir, trafeval_dir, readability_dir):
    root = tmp_path / "datasets"
    root.mkdir()
    for src, name in ((wcxb_dir, "wcxb-dev"), (trafeval_dir, "trafeval"), (readability_dir, "readability-pages")):
        shutil.move(str(src), root / name)
    return root


def test_dev_sets_print_three_sets_and_compare(dev_root, tmp_path, capsys):
    first = tmp_path / "first.json"
    assert main(["eval", "--dev-sets", str(dev_root), "--jobs", "1", "--quiet", "--json", str(first)]) == 0
    out = capsys.readouterr().out
    assert "wcxb-dev" in out and "trafeval" in out and "readability-pages" in out and "mean F1 of the three sets" in out
    data = json.loads(first.read_text())
    assert set(data["sets"]) == {"wcxb-dev", "trafeval", "readability-pages"}
    assert set(data["sets"]["wcxb-dev"]["f1_by_type"]) == {"article", "listing"}
    # The same code against its own figures: no change, so no drop but no rise either: not kept.
    assert main(["eval", "--dev-sets", str(dev_root), "--jobs", "1", "--quiet", "--against", str(first)]) == 0
    out = capsys.readouterr().out
    assert "verdict: do not keep" in out and "DROP" not in out


def _figures(wcxb, traf, read, article):
    return [devsets.SetFigures("wcxb-dev", "wcxb", 3, 0, 0, wcxb, {"article": article}),
            devsets.SetFigures("trafeval", "trafeval", 2, 0, 0, traf),
            devsets.SetFigures("readability-pages", "readability", 2, 0, 0, read)]


def test_compare_flags_a_page_type_drop_even_when_the_mean_rises():
    old = devsets.as_json(_figures(0.80, 0.80, 0.90, 0.95), "auto", None)
    better = devsets.compare(old, _figures(0.801, 0.85, 0.90, 0.949))
    assert better.keep and not better.drops
    worse_type = devsets.compare(old, _figures(0.801, 0.85, 0.90, 0.947))
    assert not worse_type.keep and [d.name for d in worse_type.drops] == ["wcxb-dev/article"]
    worse_set = devsets.compare(old, _figures(0.80, 0.85, 0.897, 0.95))
    assert [d.name for d in worse_set.drops] == ["readability-pages"]
    assert "DROP" in worse_set.format() and "readability-pages drops -0.0030" in worse_set.format()


def test_against_a_file_that_is_not_a_dev_sets_report_fails_clearly(dev_root, tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"dataset": "x"}', encoding="utf-8")
    assert main(["eval", "--dev-sets", str(dev_root), "--quiet", "--against", str(bad)]) == 2
    assert "no \"sets\" key" in capsys.readouterr().err


def test_dev_sets_missing_set_is_named(tmp_path, capsys):
    assert main(["eval", "--dev-sets", str(tmp_path), "--quiet"]) == 2
    assert "wcxb-dev: missing" in capsys.readouterr().err
