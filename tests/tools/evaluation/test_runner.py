"""The runner and ``clearpage eval`` on tiny datasets: real pipelines, real files, real processes."""
import json

import pytest

from clearpage.cli import main
from clearpage.filters import ConfigError
from clearpage.tools.evaluation import datasets, report, runner


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


# ----------------------------------------------------------------------------- --classifier-folds

_SHIPPED_SEEN: list = []  # what classifier.shipped() returned inside each page's run


def _register_probe():
    """A real content algorithm (the registry's own plugin path) that selects the body and notes which
    block classifier ``shipped()`` gives while the page runs: what the quality branch's ``auto`` would get."""
    from clearpage.filters import dom
    from clearpage.filters.content.base import ALGORITHMS, ContentAlgorithm, Selection, register
    from clearpage.filters.learn import classifier

    if "classifier_probe" in ALGORITHMS:
        return

    @register
    class ClassifierProbe(ContentAlgorithm):
        name = "classifier_probe"

        def select(self, doc, ctx):
            model = classifier.shipped()
            _SHIPPED_SEEN.append((ctx.url, model.trained.get("fold") if model else None))
            return Selection((dom.body_of(doc),), 1.0, "probe", self.name)


def _write_folds(directory, domains: dict[str, int], folds: int = 2):
    """Per-fold models by hand (one leaf each, p = fold / 10) and the index ``clearpage train --folds-out`` writes."""
    from clearpage.filters.learn import features

    directory.mkdir()
    for k in range(folds):
        model = {"format": 1, "kind": "decision_tree", "features": list(features.FEATURES),
                 "tree": {"feature": [-2], "threshold": [0.0], "left": [-1], "right": [-1], "p_content": [k / 10]},
                 "trained": {"fold": k}}
        (directory / f"fold-{k}.json").write_text(json.dumps(model), encoding="utf-8")
    index = {"format": 1, "model": "tree", "folds": folds, "files": [f"fold-{k}.json" for k in range(folds)], "domains": domains}
    (directory / "folds.json").write_text(json.dumps(index), encoding="utf-8")
    return directory


def test_each_page_runs_with_the_fold_model_that_never_saw_its_domain(wcxb_dir, tmp_path):
    from clearpage.filters.learn import classifier

    _register_probe()
    (wcxb_dir / "metadata.json").write_text(json.dumps({"files": {
        "0001": {"domain": "river.example"}, "0002": {"domain": "www.cafe.example"}, "0003": {"domain": "elsewhere.example"}}}))
    folds = _write_folds(tmp_path / "folds", {"river.example": 1, "cafe.example": 0})
    _SHIPPED_SEEN.clear()
    run = run_on(wcxb_dir, ("classifier_probe",), classifier_folds=str(folds))
    assert [r.classifier for r in run.rows] == ["fold-1.json", "fold-0.json", "fold-0.json"]  # an unknown domain: fold 0, which never saw it either
    assert [fold for _, fold in _SHIPPED_SEEN] == [1, 0, 0]
    assert classifier.shipped() is classifier._packaged()  # the override ends with the page
    _SHIPPED_SEEN.clear()
    run_on(wcxb_dir, ("classifier_probe",))
    assert [fold for _, fold in _SHIPPED_SEEN] == [None] * 3  # without folds: the packaged model (no "fold")


def test_cli_classifier_folds_rejects_a_directory_without_models(wcxb_dir, tmp_path, capsys):
    code = main(["eval", str(wcxb_dir), "--algorithm", "article_subtree", "--jobs", "1", "--quiet",
                 "--classifier-folds", str(tmp_path)])
    assert code == 2 and "--folds-out" in capsys.readouterr().err


def test_cli_classifier_folds_in_the_json(wcxb_dir, tmp_path, capsys):
    folds = _write_folds(tmp_path / "folds", {"example.com": 1})
    out = tmp_path / "eval.json"
    assert main(["eval", str(wcxb_dir), "--algorithm", "article_subtree", "--jobs", "2", "--quiet", "--json", str(out),
                 "--classifier-folds", str(folds)]) == 0
    assert "never saw its domain" in capsys.readouterr().out
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["classifier_folds"] == str(folds)
    assert {r["classifier"] for r in data["rows"]} == {"fold-1.json"}  # worker processes load the folds too


# ----------------------------------------------------------------------------- --memory

def _site_dataset(root):
    """The 10-page fixture site (one template) as a WCXB split; the reference is each page's story
    below its title (``Result.text`` leaves the heading repeating the title to ``Result.title``)."""
    import lxml.html

    from tests.tools.evaluation.conftest import write_wcxb
    from tests.learn.site_pages import pages

    rows = []
    for number, (_, html) in enumerate(pages(), 1):
        story = lxml.html.document_fromstring(html).xpath("//div[@class='story']")[0]
        text = "\n\n".join(" ".join(el.text_content().split()) for el in story if el.tag != "h1")
        rows.append((f"{number:04d}", "article", html.encode(), text, [f"Story {number} of the week"], ["Welcome to the Riverside Gazette"]))
    return write_wcxb(root, rows)


def test_memory_runs_a_site_in_file_order_and_drops_its_template(tmp_path):
    root = _site_dataset(tmp_path / "site")
    plain = {r.page_id: r for r in run_on(root, ("auto",)).rows}
    memory = tmp_path / "m.sqlite"
    learned = run_on(root, ("auto",), memory_path=str(memory))
    assert learned.memory_paths == {"auto": str(memory)}
    rows = {r.page_id: r for r in learned.rows}
    assert all(r.error is None for r in learned.rows)
    for page_id in ("0001", "0002", "0003"):  # not yet three other pages with the template
        assert rows[page_id].f1 == plain[page_id].f1
    for page_id in ("0004", "0005", "0006", "0007", "0008", "0009", "0010"):
        assert plain[page_id].without_share == 0.0 and rows[page_id].without_share == 1.0  # the welcome block is gone
        assert rows[page_id].precision > plain[page_id].precision and rows[page_id].recall == plain[page_id].recall
    from clearpage.filters.learn.memory import SiteMemory
    from clearpage.filters.settings import load_config

    assert SiteMemory(load_config().memory, path=memory).hosts()[0][:2] == ("example.com", 10)


def test_memory_with_jobs_keeps_each_site_in_order(tmp_path):
    root = _site_dataset(tmp_path / "site")
    serial = run_on(root, ("auto",), memory_path=str(tmp_path / "serial.sqlite"))
    parallel = run_on(root, ("auto",), memory_path=str(tmp_path / "parallel.sqlite"), jobs=2)
    assert [(r.page_id, r.f1) for r in parallel.rows] == [(r.page_id, r.f1) for r in serial.rows]


def test_eval_without_memory_stays_pure(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "home"))
    root = _site_dataset(tmp_path / "site")
    first = run_on(root, ("auto",))
    again = run_on(root, ("auto",))
    assert [r.f1 for r in first.rows] == [r.f1 for r in again.rows]
    assert not (tmp_path / "home").exists()  # nothing learned anywhere


def test_cli_memory_one_file_per_algorithm_and_never_an_old_one(tmp_path, capsys):
    root = _site_dataset(tmp_path / "site")
    memory = tmp_path / "m.sqlite"
    args = ["eval", str(root), "--algorithm", "auto", "--algorithm", "article_subtree", "--jobs", "1", "--quiet", "--memory", str(memory)]
    assert main(args) == 0
    assert "site memory: pages run in file order" in capsys.readouterr().out
    assert (tmp_path / "m.auto.sqlite").exists() and (tmp_path / "m.article_subtree.sqlite").exists()
    assert main(args) == 2  # the files exist now: a second run would start from a full memory
    assert "exists; give a new path" in capsys.readouterr().err
