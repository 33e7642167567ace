"""Training the block classifier on a WCXB split (``clearpage train``): labels, cross-validation, export.

Each page goes through what reader mode does before selection (decode, parse, the profile's
chain minus ``content.skip_filters``), then ``content.features.compute`` and
``learn.features.extract``. A block's label: content when most of its words (``\\w+``,
lower-cased, as a multiset) are in the page's ground-truth ``main_content``.

Cross-validation is grouped by domain (scikit-learn's GroupKFold), so no site is in both a
training and a test fold; the figure is block accuracy beside the majority-class baseline.
The final tree is fitted on every page and exported as JSON (filters/learn/classifier.py reads
it without scikit-learn), with the command, the data's hash and the library version.

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

from .. import dom
from ..charset import decode
from ..content import features as content_features
from ..context import PageContext
from ..evaluation import datasets
from ..settings import load_config
from . import features

WORD = re.compile(r"\w+")
CONTENT_SHARE = 0.5  # "most of its words": a block is content above this share
MODEL_FORMAT = 1
# The shipped tree: deep enough to combine size, links and markup, small enough to read (and to
# keep the JSON a few tens of KiB); leaves of at least 40 blocks keep single pages from carving rules.
TREE_PARAMS = {"max_depth": 9, "min_samples_leaf": 40, "random_state": 0}
FOLDS = 5


def page_rows(page: datasets.EvalPage) -> tuple[list[list[float]], list[int], list[int]]:
    """(feature rows, labels 0/1, block chars) of one page's blocks."""
    config = _config()
    profile = config.profile_for(_host(page.url))
    doc = dom.parse(decode(page.html(), None).text)
    ctx = PageContext(url=page.url, base_url=page.url)
    skipped = profile.settings.content.skip_filters
    for flt in profile.chain_before_retainer:
        if flt.name not in skipped:
            flt.apply(doc, ctx)
    f = content_features.compute(dom.body_of(doc))
    blocks, rows = features.extract(f)
    truth = Counter(WORD.findall(page.reference().text.lower()))
    labels = [label(f.elements[i].text_content(), truth) for i in blocks]
    return rows, labels, [f.chars[i] for i in blocks]


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
    from ..links import host_of

    return host_of(url)


def _safe_rows(page):
    try:
        return page.page_id, page_rows(page)
    except Exception as exc:  # noqa: BLE001 - a page that cannot be read is left out and counted
        return page.page_id, exc


def collect(root: str, jobs: int = 1, limit: int | None = None, progress: bool = True) -> dict:
    """Every block of every page: rows, labels, chars, domain group, page type."""
    pages = datasets.load(root, limit=limit)
    domains = _domains(Path(root), pages)
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


def _domains(root: Path, pages) -> dict[str, str]:
    """Page id -> domain (metadata.json's, else the URL's host, else the page itself)."""
    meta = {}
    try:
        meta = json.loads((root / "metadata.json").read_text(encoding="utf-8")).get("files", {})
    except (OSError, ValueError):
        pass
    out = {}
    for p in pages:
        domain = (meta.get(p.page_id) or {}).get("domain") or _host(p.url) or p.page_id
        out[p.page_id] = domain.lower().removeprefix("www.")
    return out


def data_hash(pages) -> str:
    """SHA-256 over every page's id, bytes and ground truth: which data a model came from."""
    h = hashlib.sha256()
    for p in sorted(pages, key=lambda p: p.page_id):
        h.update(p.page_id.encode())
        h.update(hashlib.sha256(Path(p.path).read_bytes()).digest())
        h.update(hashlib.sha256(Path(p.truth).read_bytes()).digest())
    return h.hexdigest()


def cross_validate(data: dict, params: dict = TREE_PARAMS, folds: int = FOLDS) -> dict:
    """Block accuracy over GroupKFold folds by domain, overall and per page type, with the baseline."""
    import numpy as np
    from sklearn.model_selection import GroupKFold
    from sklearn.tree import DecisionTreeClassifier

    X, y = np.asarray(data["X"], dtype=np.float64), np.asarray(data["y"])
    groups, types = np.asarray(data["groups"]), np.asarray(data["types"])
    predicted = np.zeros_like(y)
    fold_acc = []
    for train, test in GroupKFold(n_splits=folds).split(X, y, groups):
        model = DecisionTreeClassifier(**params).fit(X[train], y[train])
        predicted[test] = model.predict(X[test])
        fold_acc.append(float((predicted[test] == y[test]).mean()))
    majority = int(y.mean() >= 0.5)
    out = {
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


def fit_and_export(data: dict, command: str, cv: dict, params: dict = TREE_PARAMS) -> dict:
    """The tree fitted on every block, as the JSON the runtime classifier reads."""
    import numpy as np
    import sklearn
    from sklearn.tree import DecisionTreeClassifier

    model = DecisionTreeClassifier(**params).fit(np.asarray(data["X"], dtype=np.float64), np.asarray(data["y"]))
    tree = model.tree_
    value = tree.value[:, 0, :]
    prob = (value[:, 1] / value.sum(axis=1)).tolist() if value.shape[1] == 2 else [0.0] * tree.node_count
    return {
        "format": MODEL_FORMAT,
        "kind": "decision_tree",
        "features": list(features.FEATURES),
        "tree": {
            "feature": tree.feature.tolist(),
            "threshold": [round(float(t), 6) for t in tree.threshold],
            "left": tree.children_left.tolist(),
            "right": tree.children_right.tolist(),
            "p_content": [round(p, 4) for p in prob],
        },
        "trained": {
            "command": command,
            "data_hash": data["data_hash"],
            "pages": data["pages"],
            "blocks": len(data["y"]),
            "library": f"scikit-learn {sklearn.__version__}",
            "params": params,
            "cv_accuracy": round(cv["accuracy"], 4),
            "cv_baseline": round(cv["baseline_accuracy"], 4),
        },
    }


def write_model(model: dict, out: str | Path) -> None:
    Path(out).write_text(json.dumps(model, separators=(",", ":")) + "\n", encoding="utf-8")
