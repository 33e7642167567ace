"""The learned block classifier at run time: the shipped decision tree, walked in pure Python.

``model.json`` (beside this file) is written by ``clearpage train`` (filters/learn/train.py)
and records the command, the data's hash and the library that produced it. It is read once
per process; no scikit-learn is needed to use it.

``prune`` is what ``auto`` calls after its own cleaning: blocks inside the chosen content that
the tree is sure are not content (probability below ``PRUNE_BELOW``) are removed, outermost
first, never more than ``PRUNE_MAX_SHARE`` of the content's text each, and never the
selected nodes themselves. Their links go to the removed-links list like any removal.
"""
from __future__ import annotations

import functools
import importlib.resources
import json
import logging

from ..content.features import Features
from ..context import PageContext
from . import features

log = logging.getLogger("clearpage.learn")

MODEL_FILE = "model.json"
REPORT = "classifier"
PRUNE_BELOW = 0.1  # p(content) under which a block inside the content goes: the tree's surest leaves only
PRUNE_MAX_SHARE = 0.3  # a block with this share of the content's text or more stays whatever the tree says


class BlockClassifier:
    """A decision tree as exported by train.fit_and_export."""

    def __init__(self, model: dict):
        if model.get("format") != 1 or model.get("kind") != "decision_tree":
            raise ValueError("not a clearpage block-classifier model (format 1, decision_tree)")
        if model.get("features") != list(features.FEATURES):
            raise ValueError("model features differ from filters/learn/features.py: retrain with `clearpage train`")
        tree = model["tree"]
        self.feature = tree["feature"]
        self.threshold = tree["threshold"]
        self.left = tree["left"]
        self.right = tree["right"]
        self.p = tree["p_content"]
        self.trained = model.get("trained", {})

    def p_content(self, row: list[float]) -> float:
        node = 0
        left, right, feature, threshold = self.left, self.right, self.feature, self.threshold
        while left[node] >= 0:
            node = left[node] if row[feature[node]] <= threshold[node] else right[node]
        return self.p[node]

    def probabilities(self, f: Features, kinds: list[int] | None = None) -> dict[int, float]:
        """p(content) per block element number."""
        blocks, rows = features.extract(f, kinds)
        return {i: self.p_content(row) for i, row in zip(blocks, rows)}


@functools.cache
def shipped() -> BlockClassifier | None:
    """The model inside the package, or None (logged) when it is missing or stale."""
    try:
        text = importlib.resources.files(__package__).joinpath(MODEL_FILE).read_text(encoding="utf-8")
        return BlockClassifier(json.loads(text))
    except (OSError, ValueError, KeyError) as exc:
        log.warning("block classifier unavailable (%s); auto runs without it", exc)
        return None


def prune(f: Features, kinds: list[int], nodes: list[int], ctx: PageContext) -> int:
    """Remove the blocks inside the selected ``nodes`` that the classifier is sure are boilerplate."""
    model = shipped()
    if model is None or not nodes:
        return 0
    selected = set(nodes)
    inside = [i for i in _inside(f, nodes) if i not in selected]
    if not inside:
        return 0
    probability = model.probabilities(f, kinds)
    content_chars = sum(f.chars[i] for i in nodes) or 1
    roots = [f.elements[i] for i in nodes]
    report = None
    removed = 0
    skip_until = -1
    for i in inside:
        if i < skip_until:
            continue
        p = probability.get(i)
        if p is None or p >= PRUNE_BELOW or f.chars[i] >= PRUNE_MAX_SHARE * content_chars:
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
