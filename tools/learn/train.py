"""Training the block classifier on a WCXB split (``clearpage train``): labels, cross-validation, export.

Each page goes through what reader mode does before selection (decode, parse, the profile's
chain minus ``content.skip_filters``), then ``content.features.compute`` and
``learn.features.extract``. A block's label: content when most of its words (``\\w+``,
lower-cased, as a multiset) are in the page's ground-truth ``main_content``.

Cross-validation is grouped by domain (scikit-learn's GroupKFold), so no site is in both a
training and a test fold; the figure is block accuracy beside the majority-class baseline, per
page type, for a decision tree (the paper's model) and gradient-boosted trees
(HistGradientBoostingClassifier) on the same folds. The chosen kind (``SHIPPED_KIND`` unless told)
is fitted on every page and exported as JSON (filters/learn/classifier.py reads it without
scikit-learn), with the command, the data's hash, the library version and both models' figures.
``write_folds`` also exports one model per fold, fitted without that fold's domains, for the
out-of-fold evaluation of whatever uses the classifier (``clearpage eval --classifier-folds``).

Needs the ``train`` extra (``pip install clearpage[train]``: scikit-learn, numpy).
"""
from __future__ import annotations

import hashlib
import json
import multiprocessing
import re
import sys
import time
from collections import Counter
from pathlib import Path

from clearpage.filters import dom
from clearpage.filters.charset import decode
from clearpage.filters.content import features as content_features
from clearpage.filters.context import PageContext
from clearpage.filters.learn import classifier, features
from clearpage.filters.settings import load_config

from ..evaluation import datasets

WORD = re.compile(r"\w+")
CONTENT_SHARE = 0.5  # "most of its words": a block is content above this share
# The shipped tree: deep enough to combine size, links and markup, small enough to read (and to
# keep the JSON a few tens of KiB); leaves of at least 40 blocks keep single pages from carving rules.
TREE_PARAMS = {"max_depth": 9, "min_samples_leaf": 40, "random_state": 0}
# The gradient-boosted comparison (scikit-learn's HistGradientBoostingClassifier): a fixed number of
# shallow trees, no early stopping (its validation split would make the model depend on a draw).
# 50 trees of depth 4 measured as well as 100 (0.757 vs 0.759 with depth 5) at half the size and run time.
GB_PARAMS = {"max_iter": 50, "max_depth": 4, "learning_rate": 0.2, "min_samples_leaf": 40, "early_stopping": False,
             "random_state": 0}
PARAMS = {"tree": TREE_PARAMS, "gb": GB_PARAMS}
KINDS = ("tree", "gb")
SHIPPED_KIND = "gb"  # what ``clearpage train`` exports unless told otherwise (see docs/classifier.md)
FOLDS = 5
FOLDS_INDEX = classifier.FOLDS_INDEX


def page_rows(page: datasets.EvalPage) -> tuple[list[list[float]], list[int], list[int]]:
    """(feature rows, labels 0/1, block chars) of one page's blocks."""
    f = page_features(page)
    blocks, rows = features.extract(f)
    truth = Counter(WORD.findall(page.reference().text.lower()))
    labels = [label(f.elements[i].text_content(), truth) for i in blocks]
    return rows, labels, [f.chars[i] for i in blocks]


def page_features(page: datasets.EvalPage) -> content_features.Features:
    """The page's element counts as content selection sees them (after the filters before it)."""
    config = _config()
    profile = config.profile_for(_host(page.url))
    doc = dom.parse(decode(page.html(), None).text)
    ctx = PageContext(url=page.url, base_url=page.url)
    skipped = profile.settings.content.skip_filters
    for flt in profile.chain_before_retainer:
        if flt.name not in skipped:
            flt.apply(doc, ctx)
    return content_features.compute(dom.body_of(doc))


def label(text: str, truth: Counter) -> int:
    words = Counter(WORD.findall(text.lower()))
    total = sum(words.values())
    if not total:
        return 0
    overlap = sum(min(c, truth.get(w, 0)) for w, c in words.items())
    return int(overlap / total > CONTENT_SHARE)


_CONFIG = None


def _config():
    global _CONFIG
    if _CONFIG is None:
        _CONFIG = load_config()
    return _CONFIG


def _host(url: str | None) -> str | None:
    from clearpage.filters.links import host_of

    return host_of(url)


def _safe_rows(page):
    try:
        return page.page_id, page_rows(page)
    except Exception as exc:  # noqa: BLE001 - a page that cannot be read is left out and counted
        return page.page_id, exc


def collect(root: str, jobs: int = 1, limit: int | None = None, progress: bool = True) -> dict:
    """Every block of every page: rows, labels, chars, domain group, page type."""
    pages = datasets.load(root, limit=limit)
    domains = domains_of(Path(root), pages)
    X, y, chars, groups, types = [], [], [], [], []
    failed = []
    by_id = {p.page_id: p for p in pages}
    if jobs > 1:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            results = pool.imap(_safe_rows, pages, chunksize=8)
            done = list(_progress(results, len(pages), progress))
    else:
        done = list(_progress(map(_safe_rows, pages), len(pages), progress))
    for page_id, result in done:
        if isinstance(result, Exception):
            failed.append(f"{page_id}: {type(result).__name__}: {result}")
            continue
        rows, labels, sizes = result
        page = by_id[page_id]
        X += rows
        y += labels
        chars += sizes
        groups += [domains[page_id]] * len(rows)
        types += [page.page_type] * len(rows)
    return {"X": X, "y": y, "chars": chars, "groups": groups, "types": types, "pages": len(pages), "failed": failed,
            "data_hash": data_hash(pages)}


def cached(path: str, root: str, limit: int | None) -> dict | None:
    """Blocks extracted earlier (``--features``), when they came from this data and this feature set."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    pages = datasets.load(root, limit=limit)
    if data.get("data_hash") != data_hash(pages) or data.get("features") != list(features.FEATURES):
        return None
    return data


def save(data: dict, path: str) -> None:
    Path(path).write_text(json.dumps({**data, "features": list(features.FEATURES)}), encoding="utf-8")


def _progress(results, total: int, show: bool):
    started = time.monotonic()
    for k, item in enumerate(results, 1):
        if show and k % 100 == 0:
            print(f"  {k}/{total} pages, {time.monotonic() - started:.0f} s", file=sys.stderr)
        yield item


def domains_of(root: Path, pages) -> dict[str, str]:
    """Page id -> registered domain (metadata.json's domain, else the URL's host, cut to
    ``registered_domain``; Readability's test pages, which share one made-up URL, by their
    folder's name without its trailing number: ``nytimes-2`` is ``nytimes``)."""
    meta = {}
    try:
        meta = json.loads((root / "metadata.json").read_text(encoding="utf-8")).get("files", {})
    except (OSError, ValueError):
        pass
    out = {}
    for p in pages:
        if p.kind == datasets.READABILITY:
            out[p.page_id] = "readability:" + re.sub(r"(?<=[^\d_-])[-_]?\d+$", "", p.page_id).lower()
            continue
        domain = (meta.get(p.page_id) or {}).get("domain") or _host(p.url) or p.page_id
        out[p.page_id] = registered_domain(domain.lower().removeprefix("www."))
    return out


# Second-level labels under which a country's registrations sit (example.co.uk, example.com.au).
_SECOND_LEVEL = frozenset("co com org net gov ac edu ne or go gob nic mil".split())


def registered_domain(host: str) -> str:
    """``news.bbc.co.uk`` -> ``bbc.co.uk``, ``blog.example.com`` -> ``example.com``: the name a site
    registers (two labels, three under a country's second level), so a site's subdomains share a fold."""
    labels = [x for x in host.strip(".").split(".") if x]
    if len(labels) <= 2 or labels[-1].isdigit():
        return ".".join(labels) or host
    keep = 3 if len(labels[-1]) == 2 and labels[-2] in _SECOND_LEVEL else 2
    return ".".join(labels[-keep:])


def data_hash(pages) -> str:
    """SHA-256 over every page's id, bytes and ground truth: which data a model came from."""
    h = hashlib.sha256()
    for p in sorted(pages, key=lambda p: p.page_id):
        h.update(p.page_id.encode())
        page_file = Path(p.path) / "source.html" if Path(p.path).is_dir() else Path(p.path)  # (a Readability page is a folder)
        h.update(hashlib.sha256(page_file.read_bytes()).digest())
        h.update(hashlib.sha256(Path(p.truth).read_bytes()).digest())
    return h.hexdigest()


def estimator(kind: str):
    """A fresh, unfitted scikit-learn model of ``kind`` ("tree" or "gb") with the shipped parameters."""
    if kind == "tree":
        from sklearn.tree import DecisionTreeClassifier

        return DecisionTreeClassifier(**TREE_PARAMS)
    if kind == "gb":
        from sklearn.ensemble import HistGradientBoostingClassifier

        return HistGradientBoostingClassifier(**GB_PARAMS)
    raise ValueError(f"unknown model kind {kind!r} (choose from {', '.join(KINDS)})")


def _one_thread():
    """Fitting on one thread: OpenMP threads spinning on a shared, loaded machine took minutes for seconds of work
    (and one thread keeps the fit's float sums in one order)."""
    from threadpoolctl import threadpool_limits

    return threadpool_limits(1)


def fold_assignment(data: dict, folds: int = FOLDS) -> dict[str, int]:
    """Domain -> fold number of scikit-learn's GroupKFold by domain (the folds every CV here uses)."""
    import numpy as np
    from sklearn.model_selection import GroupKFold

    groups = np.asarray(data["groups"])
    out: dict[str, int] = {}
    for k, (_, test) in enumerate(GroupKFold(n_splits=folds).split(groups, groups=groups)):
        for domain in set(groups[test].tolist()):
            out[domain] = k
    return out


def cross_validate(data: dict, kind: str = "tree", folds: int = FOLDS) -> dict:
    """Block accuracy of ``kind`` over GroupKFold folds by domain, overall and per page type, with the baseline."""
    import numpy as np

    X, y = np.asarray(data["X"], dtype=np.float64), np.asarray(data["y"])
    groups, types = np.asarray(data["groups"]), np.asarray(data["types"])
    fold_of = fold_assignment(data, folds)
    fold = np.asarray([fold_of[g] for g in groups.tolist()])
    predicted = np.zeros_like(y)
    fold_acc = []
    for k in range(folds):
        train, test = fold != k, fold == k
        weight = np.asarray(data["w"])[train] if data.get("w") else None
        with _one_thread():
            model = estimator(kind).fit(X[train], y[train], sample_weight=weight)
        predicted[test] = model.predict(X[test])
        fold_acc.append(float((predicted[test] == y[test]).mean()))
    majority = int(y.mean() >= 0.5)
    out = {
        "model": kind, "params": PARAMS[kind],
        "blocks": int(len(y)), "content_share": float(y.mean()), "folds": folds,
        "accuracy": float((predicted == y).mean()), "fold_accuracy": fold_acc,
        "baseline_accuracy": float((y == majority).mean()),
        "per_type": {},
    }
    for t in sorted(set(types.tolist())):
        m = types == t
        out["per_type"][t] = {"blocks": int(m.sum()), "accuracy": float((predicted[m] == y[m]).mean()),
                              "baseline": float((y[m] == majority).mean())}
    return out


def compare(data: dict, kinds: tuple[str, ...] = KINDS, folds: int = FOLDS) -> dict[str, dict]:
    """``cross_validate`` for each kind on the same folds: {kind: figures}."""
    return {kind: cross_validate(data, kind, folds) for kind in kinds}


def fit_and_export(data: dict, command: str, cv: dict[str, dict], kind: str = SHIPPED_KIND, rows=None, fold: int | None = None,
                   role: str = "blocks") -> dict:
    """``kind`` fitted on every block (or on the blocks ``rows`` selects), as the JSON the runtime
    classifier reads, with the cross-validation figures of every kind compared in ``cv``."""
    import numpy as np
    import sklearn

    X, y = np.asarray(data["X"], dtype=np.float64), np.asarray(data["y"])
    weight = np.asarray(data["w"], dtype=np.float64) if data.get("w") else None  # per-block weights, when given
    if rows is not None:
        X, y = X[rows], y[rows]
        weight = weight[rows] if weight is not None else None
    with _one_thread():
        fitted = estimator(kind).fit(X, y, sample_weight=weight)
    model = _export_tree(fitted) if kind == "tree" else _export_gb(fitted)
    model["features"] = list(features.FEATURES) + (list(features.PRUNE_FEATURES) if role == "prune" else [])
    if role != "blocks":
        model["role"] = role
    model["trained"] = {
        "command": command,
        "data_hash": data["data_hash"],
        "pages": data["pages"],
        "blocks": int(len(y)),
        "library": f"scikit-learn {sklearn.__version__}",
        "model": kind,
        "params": PARAMS[kind],
        "cv_accuracy": round(cv[kind]["accuracy"], 4),
        "cv_baseline": round(cv[kind]["baseline_accuracy"], 4),
        "cv": {k: {"accuracy": round(c["accuracy"], 4),
                   "per_type": {t: round(r["accuracy"], 4) for t, r in c["per_type"].items()}} for k, c in cv.items()},
    }
    if fold is not None:
        model["trained"]["fold"] = fold
    return model


def _export_tree(fitted) -> dict:
    tree = fitted.tree_
    value = tree.value[:, 0, :]
    prob = (value[:, 1] / value.sum(axis=1)).tolist() if value.shape[1] == 2 else [0.0] * tree.node_count
    return {
        "format": 1,
        "kind": "decision_tree",
        "tree": {
            "feature": tree.feature.tolist(),
            "threshold": [round(float(t), 6) for t in tree.threshold],
            "left": tree.children_left.tolist(),
            "right": tree.children_right.tolist(),
            "p_content": [round(p, 4) for p in prob],
        },
    }


def _export_gb(fitted) -> dict:
    """HistGradientBoostingClassifier's trees as one node array (numbers running on across trees).

    A node goes left when the value is <= its threshold, as scikit-learn's predictor does on raw
    (unbinned) values; thresholds and leaf values are kept at full precision so the pure-Python
    sum is scikit-learn's to rounding. Missing values (NaN) never occur in the features.
    """
    if fitted.n_trees_per_iteration_ != 1 or fitted.is_categorical_ is not None:
        raise ValueError("only binary classification on numeric features is exported")
    feature, threshold, left, right, value, roots = [], [], [], [], [], []
    for (predictor,) in fitted._predictors:
        nodes = predictor.nodes
        base = len(feature)
        roots.append(base)
        for n in nodes:
            leaf = bool(n["is_leaf"])
            feature.append(-2 if leaf else int(n["feature_idx"]))
            threshold.append(0.0 if leaf else float(n["num_threshold"]))
            left.append(-1 if leaf else base + int(n["left"]))
            right.append(-1 if leaf else base + int(n["right"]))
            value.append(float(n["value"]) if leaf else 0.0)
    return {
        "format": 2,
        "kind": "gradient_boosting",
        "baseline": float(fitted._baseline_prediction.ravel()[0]),
        "trees": {"roots": roots, "feature": feature, "threshold": threshold, "left": left, "right": right, "value": value},
    }


def write_folds(data: dict, directory: str | Path, command: str, cv: dict[str, dict], kind: str = SHIPPED_KIND,
                folds: int = FOLDS, role: str = "blocks") -> dict:
    """One model per domain-grouped fold, each fitted without that fold's domains (``fold-K.json``),
    and ``folds.json``: the kind, the data hash and domain -> fold. Returns the folds.json content."""
    import numpy as np

    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    fold_of = fold_assignment(data, folds)
    fold = np.asarray([fold_of[g] for g in data["groups"]])
    for k in range(folds):
        model = fit_and_export(data, command, cv, kind, rows=fold != k, fold=k, role=role)
        write_model(model, directory / f"fold-{k}.json")
    index = {"format": 1, "model": kind, "role": role, "folds": folds, "data_hash": data["data_hash"], "command": command,
             "files": [f"fold-{k}.json" for k in range(folds)], "domains": dict(sorted(fold_of.items()))}
    (directory / FOLDS_INDEX).write_text(json.dumps(index, indent=1) + "\n", encoding="utf-8")
    return index


def write_model(model: dict, out: str | Path) -> None:
    Path(out).write_text(json.dumps(model, separators=(",", ":")) + "\n", encoding="utf-8")
