"""The learned block classifier at run time: the shipped model, walked in pure Python.

``model.json`` (beside this file) is written by ``clearpage train`` (tools/learn/train.py)
and records the command, the data's hash and the library that produced it. It is read once
per process; no scikit-learn is needed to use it. Two kinds: a single decision tree
(``decision_tree``, leaves holding p(content)) or gradient-boosted trees (``gradient_boosting``:
the leaves of every tree hold log-odds that add up, with a baseline, to the block's score).
On first use a model is compiled into one Python function (each tree a nested conditional
expression), which gives the node walk's floats exactly, about 3.5 times faster.

``shipped()`` is that model, unless an override is in force (``override(model)``): the
out-of-fold evaluation (``clearpage eval --classifier-folds DIR``) runs each page with the
model that never saw its site, so what calls ``shipped()`` during that page gets that model.

``prune`` removes blocks inside the chosen content that a model is sure are not content
(probability below a threshold, ``content.auto.classifier_prune``), outermost first, never more
than ``PRUNE_MAX_SHARE`` of the content's text each, and never the selected nodes themselves.
Their links go to the removed-links list like any removal. The model is the pruning model
(``prune.json``, role ``prune``: trained on the blocks inside auto's selections, with the
features of ``features.PRUNE_FEATURES`` besides) when it is there, else the block model.
``recording(callback)`` makes ``prune`` hand its rows to ``callback`` and remove nothing: how
``clearpage train --prune`` collects them.
"""
from __future__ import annotations

import contextlib
import contextvars
import functools
import importlib.resources
import json
import logging
import math
from pathlib import Path

from ..content.features import Features
from ..context import PageContext
from . import features

log = logging.getLogger("clearpage.learn")

MODEL_FILE = "model.json"
PRUNE_FILE = "prune.json"  # the pruning model beside it
ROLES = ("blocks", "prune")  # what a model file judges: every block of a page, or the blocks inside the content
FOLDS_INDEX = "folds.json"  # beside the per-fold models of `clearpage train --folds-out DIR`
REPORT = "classifier"
PRUNE_BELOW = 0.1  # p(content) under which a block inside the content goes: the tree's surest leaves only
PRUNE_MAX_SHARE = 0.3  # a block with this share of the content's text or more stays whatever the tree says


KINDS = {1: "decision_tree", 2: "gradient_boosting"}  # format number -> model kind


class BlockClassifier:
    """A decision tree or gradient-boosted trees, as exported by tools/learn/train.py."""

    def __init__(self, model: dict):
        kind = model.get("kind")
        if KINDS.get(model.get("format")) != kind:
            raise ValueError("not a clearpage block-classifier model (format 1 decision_tree or 2 gradient_boosting)")
        role = model.get("role", ROLES[0])
        if role not in ROLES:
            raise ValueError(f"unknown model role {role!r} (one of {', '.join(ROLES)})")
        expected = list(features.FEATURES) + (list(features.PRUNE_FEATURES) if role == "prune" else [])
        if model.get("features") != expected:
            raise ValueError("model features differ from filters/learn/features.py: retrain with `clearpage train`")
        self.kind = kind
        self.role = role
        self.width = len(expected)
        tree = model["tree"] if kind == "decision_tree" else model["trees"]
        self.feature = tree["feature"]
        self.threshold = tree["threshold"]
        self.left = tree["left"]
        self.right = tree["right"]
        if kind == "decision_tree":
            self.p = tree["p_content"]
            self.roots: list[int] = []
            self.baseline = 0.0
        else:  # node numbers run on across the trees; ``roots`` says where each tree starts
            self.p = tree["value"]
            self.roots = tree["roots"]
            self.baseline = float(model["baseline"])
            if not self.roots or any(r < 0 or r >= len(self.feature) for r in self.roots):
                raise ValueError("gradient_boosting model without valid tree roots")
        self.trained = model.get("trained", {})

    def p_content(self, row: list[float]) -> float:
        """p(content) of one feature row: the model compiled to nested comparisons (``_compiled``),
        the same values as walking its node arrays (``p_content_walk``), several times faster."""
        return self._score(row)

    def p_content_walk(self, row: list[float]) -> float:
        """p(content) by walking the node arrays: the reference ``p_content`` is checked against."""
        left, right, feature, threshold, value = self.left, self.right, self.feature, self.threshold, self.p
        if not self.roots:
            node = 0
            while left[node] >= 0:
                node = left[node] if row[feature[node]] <= threshold[node] else right[node]
            return value[node]
        score = self.baseline
        for node in self.roots:
            while left[node] >= 0:
                node = left[node] if row[feature[node]] <= threshold[node] else right[node]
            score += value[node]
        if score < -700.0:  # exp would overflow; p is 0 to double precision anyway
            return 0.0
        return 1.0 / (1.0 + math.exp(-score))

    @functools.cached_property
    def _score(self):
        return _compiled(self) or self.p_content_walk

    def probabilities(self, f: Features, kinds: list[int] | None = None, blocks=None) -> dict[int, float]:
        """p(content) per block element number: every block of the page, or only those of ``blocks``
        (element numbers; those that are not blocks are left out), each the value the whole page gives it."""
        numbers, rows = features.extract(f, kinds, blocks)
        score = self._score
        return {i: score(row) for i, row in zip(numbers, rows)}


MAX_COMPILED_DEPTH = 40  # deeper trees are walked (the parser nests at most 200 parentheses)


def _compiled(model: BlockClassifier):
    """The model as one Python function of a feature row: each tree one nested conditional expression
    on ``x_k <= t`` (the row unpacked into locals), the trees' leaf values added to the baseline in
    tree order (gradient boosting) or the one tree's leaf returned, so every comparison and every float
    addition is the node walk's own and the result the same float. The source holds only numbers
    taken through int() and float(), so any model file is safe to compile. None when a tree is too
    deep to nest."""
    left, right, feature, threshold, value = model.left, model.right, model.feature, model.threshold, model.p
    width = model.width

    def expression(node: int, depth: int) -> str | None:
        if left[node] < 0:
            return _number(value[node])
        k = int(feature[node])
        if depth >= MAX_COMPILED_DEPTH or not 0 <= k < width:
            return None
        low, high = expression(int(left[node]), depth + 1), expression(int(right[node]), depth + 1)
        if low is None or high is None:
            return None
        return f"({low} if x{k} <= {_number(threshold[node])} else {high})"

    trees = [expression(int(root), 0) for root in (model.roots or [0])]
    if any(tree is None for tree in trees):
        return None
    lines = ["def score(r):", f"    {', '.join(f'x{k}' for k in range(width))}, = r"]
    if not model.roots:
        lines.append(f"    return {trees[0]}")
    else:
        lines += [f"    s = {_number(model.baseline)}" + "".join(f" + {tree}" for tree in trees),  # left to right: the walk's sum
                  "    if s < -700.0:", "        return 0.0", "    return 1.0 / (1.0 + exp(-s))"]
    namespace = {"exp": math.exp, "inf": math.inf, "nan": math.nan}
    exec(compile("\n".join(lines), f"<block classifier {model.kind}>", "exec"), namespace)  # noqa: S102 - numbers only
    return namespace["score"]


def _number(x) -> str:
    """A float literal that reads back as the same float (inf and nan by name)."""
    x = float(x)
    return repr(x) if math.isfinite(x) else ("inf" if x > 0 else "-inf" if x < 0 else "nan")


def load(path: str | Path) -> BlockClassifier:
    """A model file (``clearpage train --out`` or one of ``--folds-out``); ValueError if it is not one."""
    try:
        return BlockClassifier(json.loads(Path(path).read_text(encoding="utf-8")))
    except (OSError, KeyError, TypeError) as exc:
        raise ValueError(f"{path}: not a block-classifier model ({type(exc).__name__}: {exc})") from exc


@functools.cache
def _packaged() -> BlockClassifier | None:
    try:
        text = importlib.resources.files(__package__).joinpath(MODEL_FILE).read_text(encoding="utf-8")
        return BlockClassifier(json.loads(text))
    except (OSError, ValueError, KeyError) as exc:
        log.warning("block classifier unavailable (%s); auto runs without it", exc)
        return None


@functools.cache
def _packaged_pruner() -> BlockClassifier | None:
    try:
        text = importlib.resources.files(__package__).joinpath(PRUNE_FILE).read_text(encoding="utf-8")
    except OSError:
        return None  # no pruning model shipped: prune asks the block model
    try:
        return BlockClassifier(json.loads(text))
    except (ValueError, KeyError) as exc:
        log.warning("pruning model unavailable (%s); pruning asks the block model", exc)
        return None


_NOT_SET = object()
_override: contextvars.ContextVar = contextvars.ContextVar("clearpage_block_classifier", default=_NOT_SET)
_override_prune: contextvars.ContextVar = contextvars.ContextVar("clearpage_prune_model", default=_NOT_SET)
_recorder: contextvars.ContextVar = contextvars.ContextVar("clearpage_prune_recorder", default=None)


def shipped() -> BlockClassifier | None:
    """The model in force: the one inside the package (None, logged, when missing or stale),
    or the one ``override`` put in force for the current context."""
    model = _override.get()
    return _packaged() if model is _NOT_SET else model


def pruner() -> BlockClassifier | None:
    """The pruning model in force: ``prune.json`` inside the package (None when absent), or the
    one ``override`` put in force for the current context."""
    model = _override_prune.get()
    return _packaged_pruner() if model is _NOT_SET else model


@contextlib.contextmanager
def override(model: BlockClassifier | None):
    """``shipped()`` returns ``model`` inside the block (this thread / task only), e.g. the
    model of the fold that never saw the page's site; a model of role ``prune`` is put in force
    for ``pruner()`` instead."""
    var = _override_prune if model is not None and model.role == "prune" else _override
    token = var.set(model)
    try:
        yield model
    finally:
        var.reset(token)


@contextlib.contextmanager
def recording(callback):
    """Inside the block ``prune`` removes nothing and calls ``callback(elements, rows)`` with the
    blocks it would judge (still in the document) and their feature rows."""
    token = _recorder.set(callback)
    try:
        yield
    finally:
        _recorder.reset(token)


def prune(f: Features, kinds: list[int], nodes: list[int], ctx: PageContext, *, below: float = PRUNE_BELOW,
          article: bool = False, forum: bool = False) -> int:
    """Remove the blocks inside the selected ``nodes`` that the model is sure are boilerplate
    (p(content) below ``below``)."""
    if not nodes:
        return 0
    selected = set(nodes)
    roots = [f.elements[i] for i in nodes]
    inside = [i for i in _inside(f, nodes) if i not in selected]
    model = pruner()
    recorder = _recorder.get()
    if recorder is not None:
        inside = [i for i in inside if _attached(f.elements[i], roots)]
        numbers, rows = features.prune_rows(f, kinds, nodes, inside, article=article, forum=forum)
        recorder([f.elements[i] for i in numbers], rows)
        return 0
    if model is None:
        model = shipped()
        if model is None or not inside:
            return 0
        probability = model.probabilities(f, kinds)
    else:
        if not inside:
            return 0
        numbers, rows = features.prune_rows(f, kinds, nodes, inside, article=article, forum=forum)
        score = model._score
        probability = {i: score(row) for i, row in zip(numbers, rows)}
    content_chars = sum(f.chars[i] for i in nodes) or 1
    report = None
    removed = 0
    skip_until = -1
    for i in inside:
        if i < skip_until:
            continue
        p = probability.get(i)
        if p is None or p >= below or f.chars[i] >= PRUNE_MAX_SHARE * content_chars:
            continue
        el = f.elements[i]
        if not _attached(el, roots):  # auto's cleaning removed it (or an ancestor) already
            continue
        report = report or ctx.new_report(REPORT)
        ctx.kill(el, report, f"block classifier: p(content) {p:.2f}")
        removed += 1
        skip_until = i + f.count[i]
    return removed


def _inside(f: Features, nodes: list[int]) -> list[int]:
    out = []
    for root in sorted(nodes):
        out.extend(range(root, root + f.count[root]))
    return out


def _attached(el, roots) -> bool:
    node = el.getparent()
    while node is not None:
        if any(node is r for r in roots):
            return True
        node = node.getparent()
    return False


class FoldModels:
    """The per-fold models of ``clearpage train --folds-out DIR``: for a page, the model that never saw its site."""

    def __init__(self, directory: str | Path):
        directory = Path(directory)
        try:
            index = json.loads((directory / FOLDS_INDEX).read_text(encoding="utf-8"))
            files, domains = index["files"], index["domains"]
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise ValueError(f"{directory}: no per-fold models ({FOLDS_INDEX}: {type(exc).__name__}: {exc}); "
                             "write them with `clearpage train DATASET --out FILE --folds-out DIR`") from exc
        self.directory = directory
        self.names = list(files)
        self.models = [load(directory / name) for name in files]
        self.domains: dict[str, int] = {str(d): int(k) for d, k in domains.items()}
        if not self.models or any(not 0 <= k < len(self.models) for k in self.domains.values()):
            raise ValueError(f"{directory}/{FOLDS_INDEX}: fold numbers do not match its model files")

    def fold_of(self, domain: str) -> int:
        """The fold holding ``domain`` out; a domain no fold trained on (another dataset) gets fold 0, which never saw it either."""
        return self.domains.get(domain, 0)
