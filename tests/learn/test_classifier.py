"""The block classifier: features, the shipped tree, the training command and its export."""
from __future__ import annotations

import json

import pytest

from clearpage.filters import dom
from clearpage.filters.content import features as content_features
from clearpage.filters.learn import classifier, features

PROSE = "The committee met on Tuesday to discuss the new budget, which includes funds for schools, roads and the library. "


def _features(body_html: str):
    doc = dom.parse(f"<html><body>{body_html}</body></html>")
    return content_features.compute(dom.body_of(doc))


def test_feature_rows_describe_the_blocks():
    menu = "<nav class='menu'><ul>" + "".join(f"<li><a href='/c{i}'>Section number {i}</a></li>" for i in range(8)) + "</ul></nav>"
    f = _features(f"{menu}<div class='story'><h2>Budget</h2><p>{PROSE * 3}</p><p>{PROSE}</p></div>")
    blocks, rows = features.extract(f)
    named = {f.elements[i].get("class") or f.tags[i]: dict(zip(features.FEATURES, row)) for i, row in zip(blocks, rows)}
    nav, story = named["menu"], named["story"]
    assert len(rows[0]) == len(features.FEATURES)
    assert nav["link_density"] == 1.0 and story["link_density"] == 0.0
    assert nav["hint"] == -1 and story["hint"] == 1  # markup hints: nav is boilerplate, "story" content
    assert story["paragraphs"] > 0 and story["headings"] > 0 and nav["headings"] == 0
    assert story["node_imp"] > nav["node_imp"]  # the paper's NodeImp: words over links + tags
    assert named["ul"]["same_siblings"] == 1.0
    li = [row for i, row in zip(blocks, rows) if f.tags[i] == "li"][0]
    assert dict(zip(features.FEATURES, li))["same_siblings"] == 8.0  # eight alike siblings
    assert nav["tag_nav"] == 1.0 and story["tag_div"] == 1.0


def test_shipped_model_loads_and_separates_menu_from_prose():
    model = classifier.shipped()
    assert model is not None
    assert model.trained["command"].startswith("clearpage train ") and len(model.trained["data_hash"]) == 64
    assert model.trained["library"].startswith("scikit-learn ")
    menu = "<div class='links'>" + " | ".join(f"<a href='/t/{i}'>Topic {i}</a>" for i in range(25)) + "</div>"
    f = _features(f"<div id='wrap'><div class='text'><p>{PROSE * 4}</p><p>{PROSE * 3}</p>{menu}</div></div>")
    p = model.probabilities(f)
    by_class = {f.elements[i].get("class") or f.tags[i]: v for i, v in p.items()}
    assert by_class["links"] < 0.5 < max(v for i, v in p.items() if f.tags[i] == "p")


def test_shipped_model_is_small_and_says_what_it_is():
    from pathlib import Path

    model = classifier.shipped()
    assert model.kind in ("decision_tree", "gradient_boosting")
    assert set(model.trained["cv"]) == {"tree", "gb"}  # the comparison travels with the model
    assert (Path(classifier.__file__).parent / classifier.MODEL_FILE).stat().st_size < 300_000  # pure-Python, loads fast


def _stumps(baseline: float, *stumps: tuple[int, float, float, float]) -> dict:
    """A gradient_boosting model of one-split trees (feature, threshold, left value, right value)."""
    trees = {"roots": [], "feature": [], "threshold": [], "left": [], "right": [], "value": []}
    for feature, threshold, low, high in stumps:
        root = len(trees["feature"])
        trees["roots"].append(root)
        trees["feature"] += [feature, -2, -2]
        trees["threshold"] += [threshold, 0.0, 0.0]
        trees["left"] += [root + 1, -1, -1]
        trees["right"] += [root + 2, -1, -1]
        trees["value"] += [0.0, low, high]
    return {"format": 2, "kind": "gradient_boosting", "features": list(features.FEATURES), "baseline": baseline, "trees": trees}


def test_gradient_boosting_adds_the_trees_log_odds():
    import math

    model = classifier.BlockClassifier(_stumps(0.5, (0, 2.0, -1.0, 1.5), (3, 0.5, 0.25, -2.0)))
    row = [0.0] * len(features.FEATURES)
    row[0], row[3] = 3.0, 0.1  # right in the first tree (x > 2), left in the second (x <= 0.5)
    assert model.p_content(row) == pytest.approx(1 / (1 + math.exp(-(0.5 + 1.5 + 0.25))))
    row[0], row[3] = 2.0, 0.9  # a value equal to the threshold goes left, as in scikit-learn
    assert model.p_content(row) == pytest.approx(1 / (1 + math.exp(-(0.5 - 1.0 - 2.0))))


def test_override_is_what_shipped_returns_in_this_context_only():
    import threading

    packaged = classifier.shipped()
    other = classifier.BlockClassifier(_stumps(-3.0, (0, 1.0, 0.0, 0.0)))
    seen_in_thread = []
    with classifier.override(other):
        assert classifier.shipped() is other
        thread = threading.Thread(target=lambda: seen_in_thread.append(classifier.shipped()))
        thread.start()
        thread.join()
        with classifier.override(None):  # "no classifier" can be forced too
            assert classifier.shipped() is None
        assert classifier.shipped() is other
    assert classifier.shipped() is packaged
    assert seen_in_thread == [packaged]  # another thread keeps the packaged model


def test_fold_models_refuse_a_directory_without_an_index(tmp_path):
    with pytest.raises(ValueError, match="--folds-out"):
        classifier.FoldModels(tmp_path)


def test_a_stale_model_is_refused():
    with pytest.raises(ValueError, match="retrain"):
        classifier.BlockClassifier({"format": 1, "kind": "decision_tree", "features": ["x"], "tree": {}})


def test_labels_follow_the_ground_truth_words():
    from collections import Counter

    from clearpage.tools.learn.train import label

    truth = Counter("the committee met on tuesday to discuss the budget".split())
    assert label("The committee met on Tuesday", truth) == 1
    assert label("Home | News | Sport | the", truth) == 0  # one word in four
    assert label("", truth) == 0


@pytest.mark.shared
@pytest.mark.slow
@pytest.mark.parametrize("kind", ["tree", "gb"])
def test_train_command_exports_a_model_that_predicts_like_sklearn(shared, tmp_path, capsys, kind):
    sklearn = pytest.importorskip("sklearn", reason="the train extra (scikit-learn) is not installed")
    from clearpage.cli import main
    from clearpage.tools.learn import train

    out, folds = tmp_path / "model.json", tmp_path / "folds"
    dataset = str(shared / "datasets" / "wcxb-dev")
    assert main(["train", dataset, "--out", str(out), "--limit", "12", "--model", kind, "--folds-out", str(folds)]) == 0
    printed = capsys.readouterr().out
    assert "cross-validation grouped by domain" in printed and "baseline" in printed
    assert "  tree  0." in printed and "  gb    0." in printed  # both models, on the same folds
    model = json.loads(out.read_text())
    flag = "" if kind == train.SHIPPED_KIND else f" --model {kind}"
    assert model["trained"]["command"] == f"clearpage train {dataset} --out {out}{flag} --limit 12"
    assert model["trained"]["library"] == f"scikit-learn {sklearn.__version__}"
    assert model["trained"]["model"] == kind and set(model["trained"]["cv"]) == {"tree", "gb"}
    assert set(model["trained"]["cv"]["gb"]["per_type"]) == {"article"}  # the first 12 pages are articles
    # the pure-Python walk gives the probabilities scikit-learn's own model gives
    import numpy as np

    data = train.collect(dataset, limit=12, progress=False)
    X, y = np.asarray(data["X"]), np.asarray(data["y"])
    fitted = train.estimator(kind).fit(X, y)
    ours = classifier.BlockClassifier(model)
    expected = fitted.predict_proba(X)[:, 1]
    assert max(abs(ours.p_content(list(row)) - e) for row, e in zip(X, expected)) < 1e-3
    # --folds-out: one model per fold, each fitted without its fold's domains
    index = json.loads((folds / "folds.json").read_text())
    assert index["model"] == kind and index["data_hash"] == data["data_hash"]
    assert set(index["domains"]) == set(data["groups"]) and set(index["domains"].values()) == set(range(train.FOLDS))
    loaded = classifier.FoldModels(folds)
    groups = np.asarray(data["groups"])
    for k, fold_model in enumerate(loaded.models):
        assert fold_model.trained["fold"] == k
        held_out = np.asarray([index["domains"][g] == k for g in groups.tolist()])
        assert fold_model.trained["blocks"] == int((~held_out).sum())
        refit = train.estimator(kind).fit(X[~held_out], y[~held_out])
        expected = refit.predict_proba(X[held_out])[:, 1]
        assert max(abs(fold_model.p_content(list(row)) - e) for row, e in zip(X[held_out], expected)) < 1e-3


@pytest.mark.shared
def test_shipped_model_came_from_the_shared_dataset(shared):
    from clearpage.tools.evaluation import datasets
    from clearpage.tools.learn.train import data_hash

    pages = datasets.load(shared / "datasets" / "wcxb-dev")
    assert classifier.shipped().trained["data_hash"] == data_hash(pages)


def test_prune_removes_only_sure_boilerplate_inside_the_selection():
    from clearpage.filters.context import PageContext

    menu = "<div class='links'>" + " | ".join(f"<a href='/t/{i}'>Topic {i}</a>" for i in range(25)) + "</div>"
    doc = dom.parse(f"<html><body><div id='wrap'><div class='text'><p>{PROSE * 4}</p><p>{PROSE * 3}</p>{menu}</div></div></body></html>")
    f = content_features.compute(dom.body_of(doc))
    text = next(i for i in range(len(f)) if f.elements[i].get("class") == "text")
    ctx = PageContext(url="https://example.com/a")
    token = classifier._override_prune.set(None)  # no pruning model: prune asks the block model
    try:
        removed = classifier.prune(f, [0] * len(f), [text], ctx)
    finally:
        classifier._override_prune.reset(token)
    assert removed == 1 and not doc.xpath("//div[@class='links']")
    assert len(doc.xpath("//p")) == 2  # the paragraphs stay
    assert len(ctx.removed_links) == 25  # the links stay reachable
    assert ctx.reports[0].filter == classifier.REPORT


# -- some blocks only, and the compiled model -------------------------------------------------

PAGES = __import__("pathlib").Path(__file__).resolve().parent.parent / "pages"


def _fixture_pages():
    """Real-ish pages of the golden tests and the learn-site fixture."""
    paths = sorted(PAGES.glob("*/source.html")) + [PAGES / "learn-site" / "page01.html"]
    return [content_features.compute(dom.body_of(dom.parse(p.read_text(encoding="utf-8")))) for p in paths]


def _check_subsets(model, f, seed: int) -> int:
    """probabilities for chosen blocks (the largest, some random elements, non-blocks, the root)
    are exactly the whole page's for those blocks, with kinds given or not."""
    import random

    from clearpage.filters.content import hints

    kinds = hints.kinds(f)
    whole = model.probabilities(f, kinds)
    assert whole == model.probabilities(f)  # auto's kinds and the default ones agree on blocks
    blocks, rows = features.extract(f)
    assert list(whole) == blocks and blocks
    rng = random.Random(seed)
    largest = sorted(blocks, key=lambda i: -f.chars[i])[:20]
    for chosen in (largest, rng.sample(range(len(f)), min(30, len(f))), [0, len(f) + 5, -1, *blocks[-3:]], []):
        expected = {i: whole[i] for i in sorted(set(chosen)) if i in whole}
        assert model.probabilities(f, kinds, chosen) == expected
        assert model.probabilities(f, None, iter(chosen)) == expected  # hints worked out for those blocks alone
        some, some_rows = features.extract(f, None, chosen)
        assert some == list(expected) and some_rows == [rows[blocks.index(i)] for i in some]
    return len(blocks)


def test_probabilities_of_some_blocks_equal_the_whole_pages():
    model = classifier.shipped()
    assert sum(_check_subsets(model, f, seed) for seed, f in enumerate(_fixture_pages())) > 50


@pytest.mark.shared
def test_probabilities_of_some_blocks_equal_the_whole_pages_on_wcxb(shared):
    from clearpage.tools.evaluation import datasets
    from clearpage.tools.learn import train

    model = classifier.shipped()
    pages = datasets.load(shared / "datasets" / "wcxb-dev")
    for seed, page in enumerate(pages[::150][:6]):  # a few page types
        _check_subsets(model, train.page_features(page), seed)


def _tree(depth: int) -> dict:
    """A decision_tree model: a full tree of ``depth`` splitting on varied features."""
    tree = {"feature": [], "threshold": [], "left": [], "right": [], "p_content": []}

    def node(d: int, k: int) -> int:
        i = len(tree["feature"])
        for key in tree:
            tree[key].append(-2 if key == "feature" else -1 if key in ("left", "right") else 0.0)
        if d == depth:
            tree["p_content"][i] = (k % 7) / 7
            return i
        tree["feature"][i], tree["threshold"][i] = k % len(features.FEATURES), 0.5 * (k % 5)
        tree["left"][i] = node(d + 1, 2 * k + 1)
        tree["right"][i] = node(d + 1, 2 * k + 2)
        return i

    node(0, 0)
    return {"format": 1, "kind": "decision_tree", "features": list(features.FEATURES), "tree": tree}


def test_compiled_models_give_the_node_walks_floats():
    import random

    rng = random.Random(7)
    rows = [row for f in _fixture_pages() for row in features.extract(f)[1]]
    rows += [[rng.choice([0.0, 0.5, 1.0, 2.0, rng.uniform(-1, 3)]) for _ in features.FEATURES] for _ in range(300)]
    models = [classifier.shipped(), classifier.BlockClassifier(_tree(6)),
              classifier.BlockClassifier(_stumps(0.5, (0, 2.0, -1.0, 1.5), (3, 0.5, 0.25, -2.0), (5, 1.0, -800.0, 3.0)))]
    for model in models:
        assert classifier._compiled(model) is not None
        assert all(model.p_content(row) == model.p_content_walk(row) for row in rows), model.kind


def test_a_tree_too_deep_to_compile_is_walked(monkeypatch):
    monkeypatch.setattr(classifier, "MAX_COMPILED_DEPTH", 3)
    model = classifier.BlockClassifier(_tree(5))
    assert classifier._compiled(model) is None
    row = [1.0] * len(features.FEATURES)
    assert model.p_content(row) == model.p_content_walk(row)


@pytest.mark.shared
def test_bench_classifier_times_every_block_and_a_few(shared, tmp_path, capsys):
    from clearpage.cli import main

    out = tmp_path / "cost.json"
    model = tmp_path / "tree.json"
    model.write_text(json.dumps(_tree(4)))
    assert main(["bench", "classifier", str(shared / "datasets" / "wcxb-dev"), "--limit", "3", "--repeat", "1",
                 "--blocks", "5", "--model", f"tree={model}", "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "shipped, all blocks" in printed and "tree, 5 blocks" in printed
    figures = json.loads(out.read_text())
    assert figures["pages"] == 3 and len(figures["blocks"]) == 3
    assert set(figures["ms"]) == {"features, all blocks", "features, 5 blocks", *(f"{m}, {c}" for m in ("shipped", "tree")
                                  for c in ("all blocks", "all blocks, node walk", "5 blocks"))}
    assert all(len(v) == 3 and min(v) >= 0 for v in figures["ms"].values())
