"""The pruning model: its features, its role in a model file, auto's pruning step, and its training labels."""
from __future__ import annotations

import json

import pytest

from clearpage.filters import dom
from clearpage.filters.content import features as content_features
from clearpage.filters.context import PageContext
from clearpage.filters.learn import classifier, features
from clearpage.filters.pipeline import Pipeline
from clearpage.filters.settings import load_config

PROSE = "The committee met on Tuesday to discuss the new budget, which includes funds for schools, roads and the library. "
WIDTH = len(features.FEATURES) + len(features.PRUNE_FEATURES)


def prune_model(feature: str, threshold: float, low: float, high: float) -> classifier.BlockClassifier:
    """A one-split pruning model: p = ``low`` when ``feature`` <= ``threshold``, else ``high``."""
    names = list(features.FEATURES) + list(features.PRUNE_FEATURES)
    return classifier.BlockClassifier({
        "format": 1, "kind": "decision_tree", "role": "prune", "features": names,
        "tree": {"feature": [names.index(feature), -2, -2], "threshold": [threshold, 0.0, 0.0],
                 "left": [1, -1, -1], "right": [2, -1, -1], "p_content": [0.5, low, high]},
    })


def story_page() -> tuple:
    teaser = "<div class='more'>" + "".join(f"<p><a href='/s/{i}'>Another story number {i}</a></p>" for i in range(3)) + "</div>"
    doc = dom.parse(f"<html><body><div id='story'><p>{PROSE * 4}</p><p>{PROSE * 3}</p>{teaser}</div></body></html>")
    f = content_features.compute(dom.body_of(doc))
    story = next(i for i in range(len(f)) if f.elements[i].get("id") == "story")
    return doc, f, story


def test_prune_rows_end_with_where_the_block_sits_in_the_content():
    _, f, story = story_page()
    inside = list(range(story + 1, story + f.count[story]))
    numbers, rows = features.prune_rows(f, None, [story], inside, article=True)
    assert numbers and all(len(row) == WIDTH for row in rows)
    named = {f.elements[i].get("class") or f.tags[i] + str(i): dict(zip(features.FEATURES + features.PRUNE_FEATURES, row))
             for i, row in zip(numbers, rows)}
    more = named["more"]
    assert more["content_end"] == 1.0 and 0.5 < more["content_start"] < 1.0  # the teasers close the story
    first_p = next(v for k, v in named.items() if k.startswith("p"))
    assert first_p["content_start"] < 0.1 and first_p["content_share"] > 0.4
    assert more["article"] == 1.0 and more["forum"] == 0.0


def test_a_model_file_says_its_role_and_features():
    model = prune_model("link_density", 0.5, 0.9, 0.0)
    assert model.role == "prune" and model.p_content([0.0] * WIDTH) == 0.9
    with pytest.raises(ValueError, match="features differ"):
        classifier.BlockClassifier({"format": 1, "kind": "decision_tree", "role": "prune", "features": list(features.FEATURES),
                                    "tree": {"feature": [-2], "threshold": [0.0], "left": [-1], "right": [-1], "p_content": [1.0]}})
    with pytest.raises(ValueError, match="unknown model role"):
        classifier.BlockClassifier({"format": 1, "kind": "decision_tree", "role": "judge", "features": []})


def test_the_pruning_model_removes_what_it_gives_a_low_probability():
    doc, f, story = story_page()
    ctx = PageContext(url="https://example.com/a")
    with classifier.override(prune_model("link_density", 0.5, 0.9, 0.01)) as model:
        assert classifier.pruner() is model and classifier.shipped() is classifier._packaged()  # the role picks the slot
        removed = classifier.prune(f, [0] * len(f), [story], ctx, below=0.2)
    assert removed == 1 and not doc.xpath("//div[@class='more']") and len(doc.xpath("//p")) == 2
    assert len(ctx.removed_links) == 3  # its links stay reachable
    assert classifier.pruner() is classifier._packaged_pruner()  # the override ends with the block


def test_recording_hands_over_the_rows_and_removes_nothing():
    doc, f, story = story_page()
    seen = []
    with classifier.override(prune_model("link_density", 0.5, 0.9, 0.01)), classifier.recording(lambda els, rows: seen.append((els, rows))):
        assert classifier.prune(f, [0] * len(f), [story], PageContext(), below=0.2) == 0
    (elements, rows), = seen
    assert doc.xpath("//div[@class='more']") and any(el.get("class") == "more" for el in elements)
    assert all(len(row) == WIDTH for row in rows)


def _config(tmp_path, prune: float):
    path = tmp_path / "c.yaml"
    path.write_text(f"content:\n  auto:\n    classifier_prune: {prune}\n", encoding="utf-8")
    return load_config(str(path))


def test_auto_prunes_only_when_classifier_prune_is_set(tmp_path, default_config):
    # A closing note that cleaning keeps (prose, no links); the model gives the content's last block p 0.
    html = (f"<html><body><article><h1>Budget</h1><p>{PROSE * 4}</p><p>{PROSE * 3}</p>"
            "<div class='note'>This note closes the page and says nothing about the budget at all, really.</div></article></body></html>")
    model = prune_model("content_start", 0.8, 0.9, 0.0)
    assert default_config.settings.content.options["auto"].classifier_prune == 0.0  # off by default
    with classifier.override(model):
        kept = Pipeline(default_config).run(html, "https://example.com/a", mode="reader").text
        pruned = Pipeline(_config(tmp_path, 0.5)).run(html, "https://example.com/a", mode="reader").text
    assert "This note closes" in kept
    assert "This note closes" not in pruned and "committee met" in pruned


def test_trafeval_snippets_label_the_blocks_that_hold_them():
    from clearpage.tools.evaluation.datasets import Reference
    from clearpage.tools.learn import prune

    doc = dom.parse("<html><body><div id='a'><p>The old <b>mill</b> ran all summer.</p></div>"
                    "<div id='b'><p>Read more</p><p>Imprint</p></div><div id='c'><p>Nothing said</p></div></body></html>")
    elements = [doc.get_element_by_id(x) for x in "abc"]
    rows, labels, sizes = prune._snippet_labels(elements, [[1.0], [2.0], [3.0]],
                                                Reference("", ("old mill ran",), ("Read more Imprint", "Nothing here")))
    assert rows == [[1.0], [2.0]] and labels == [1, 0]  # c holds no snippet: no label
    assert sizes[0] == len("The old mill ran all summer.")


def test_folds_group_a_sites_subdomains_and_readabilitys_numbered_pages():
    from pathlib import Path

    from clearpage.tools.evaluation.datasets import READABILITY, READABILITY_URL, EvalPage
    from clearpage.tools.learn.train import domains_of, registered_domain

    assert registered_domain("news.bbc.co.uk") == "bbc.co.uk" and registered_domain("blog.example.com") == "example.com"
    assert registered_domain("example.org") == "example.org" and registered_domain("127.0.0.1") == "127.0.0.1"
    pages = [EvalPage(READABILITY, name, "readerable", READABILITY_URL, "x", "y") for name in ("nytimes-1", "nytimes-2", "001", "wapo")]
    assert list(domains_of(Path("/nonexistent"), pages).values()) == [
        "readability:nytimes", "readability:nytimes", "readability:001", "readability:wapo"]


def test_dev_sets_run_out_of_fold(tmp_path, capsys):
    """``clearpage eval --dev-sets --classifier-folds DIR`` runs every set's pages with their fold's model."""
    from clearpage.cli import main
    from tests.tools.evaluation.conftest import ARTICLE, MENU, page, write_trafeval

    root = tmp_path / "datasets"
    wcxb = root / "wcxb-dev"
    from tests.tools.evaluation.conftest import write_wcxb

    write_wcxb(wcxb, [("0001", "article", page(f"<ul>{MENU}</ul><article><p>{ARTICLE}</p></article>").encode(), ARTICLE, [], [])])
    write_trafeval(root / "trafeval", [("a", page(f"<article><p>{ARTICLE}</p></article>").encode(), ["old mill"], [])])
    folder = root / "readability-pages" / "one"
    folder.mkdir(parents=True)
    (folder / "source.html").write_text(page(f"<article><p>{ARTICLE}</p></article>"), encoding="utf-8")
    (folder / "expected.html").write_text(f"<div><p>{ARTICLE}</p></div>", encoding="utf-8")
    folds = tmp_path / "folds"
    folds.mkdir()
    names = list(features.FEATURES) + list(features.PRUNE_FEATURES)
    for k in range(2):
        model = {"format": 1, "kind": "decision_tree", "role": "prune", "features": names,
                 "tree": {"feature": [-2], "threshold": [0.0], "left": [-1], "right": [-1], "p_content": [1.0]}, "trained": {"fold": k}}
        (folds / f"fold-{k}.json").write_text(json.dumps(model), encoding="utf-8")
    (folds / "folds.json").write_text(json.dumps({"files": ["fold-0.json", "fold-1.json"], "domains": {"readability:one": 1}}),
                                      encoding="utf-8")
    out = tmp_path / "o.json"
    assert main(["eval", "--dev-sets", str(root), "--jobs", "1", "--quiet", "--json", str(out), "--classifier-folds", str(folds)]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert {r["classifier"] for r in data["reports"]["readability-pages"]["rows"]} == {"fold-1.json"}
    assert {r["classifier"] for r in data["reports"]["wcxb-dev"]["rows"]} == {"fold-0.json"}  # a domain no fold saw: fold 0


@pytest.mark.shared
def test_shipped_pruning_model_came_from_the_three_shared_sets(shared):
    from clearpage.tools.evaluation import datasets
    from clearpage.tools.learn.train import data_hash

    model = classifier._packaged_pruner()
    assert model is not None and model.role == "prune"
    pages = [p for name in ("wcxb-dev", "trafeval", "readability-pages") for p in datasets.load(shared / "datasets" / name)]
    assert model.trained["data_hash"] == data_hash(pages)
    assert model.trained["command"].startswith("clearpage train --prune ")
