"""The WCXB word metric, exactly as ``../shared/README.md`` defines it, and snippet shares.

Words are ``re.findall(r"\\w+", text.lower())`` counted as a multiset; the overlap is the sum
of the minimum counts. Per page: precision = overlap / output words, recall = overlap /
reference words, F1 their harmonic mean. An empty output scores 0 (against a non-empty
reference); an empty reference scores 1 only for an empty output. Snippet scores: the share of
``with`` snippets found in the output (case-insensitive substring) and the share of
``without`` snippets absent from it; a page without snippets of a kind has no share (None)
and is left out of that mean.

trafeval's metric (trafilatura's own, ``../shared/README.md``) is ``snippet_counts`` per page
pooled by ``pooled_scores``: whitespace-normalised, case-sensitive substring matching; a
``with`` snippet found is a true positive, missing a false negative; a ``without`` snippet
found is a false positive, absent a true negative; P, R and F1 over the sums of all pages.
"""
from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass
from statistics import fmean

WORD = re.compile(r"\w+")


@dataclass(frozen=True)
class WordScore:
    precision: float
    recall: float
    f1: float


def words(text: str) -> Counter:
    """The multiset of lower-cased ``\\w+`` words in ``text``."""
    return Counter(WORD.findall(text.lower()))


def word_scores(output: str, reference: str) -> WordScore:
    """Word-level precision, recall and F1 of ``output`` against ``reference``."""
    out, ref = words(output), words(reference)
    if not ref:
        perfect = 1.0 if not out else 0.0
        return WordScore(perfect, perfect, perfect)
    if not out:
        return WordScore(0.0, 0.0, 0.0)
    overlap = sum((out & ref).values())
    precision = overlap / sum(out.values())
    recall = overlap / sum(ref.values())
    f1 = 2 * precision * recall / (precision + recall) if overlap else 0.0
    return WordScore(precision, recall, f1)


def with_share(output: str, snippets) -> float | None:
    """Share of ``snippets`` found in ``output`` (case-insensitive substring); None without snippets."""
    if not snippets:
        return None
    haystack = output.lower()
    return sum(1 for s in snippets if s.lower() in haystack) / len(snippets)


def without_share(output: str, snippets) -> float | None:
    """Share of boilerplate ``snippets`` absent from ``output``; None without snippets."""
    if not snippets:
        return None
    haystack = output.lower()
    return sum(1 for s in snippets if s.lower() not in haystack) / len(snippets)


def mean(values) -> float | None:
    """Mean of the values that are not None; None when there are none."""
    present = [v for v in values if v is not None]
    return fmean(present) if present else None


def percentile(values, share: float) -> float | None:
    """The nearest-rank percentile (``share`` in 0..1) of ``values``; None when empty."""
    ordered = sorted(values)
    if not ordered:
        return None
    rank = math.ceil(share * len(ordered) - 1e-9)  # the epsilon keeps 0.95 * 20 at 19, not 20
    return ordered[min(max(rank, 1), len(ordered)) - 1]


@dataclass(frozen=True)
class SnippetCounts:
    tp: int  # ``with`` snippets found
    fn: int  # ``with`` snippets missing
    fp: int  # ``without`` snippets found
    tn: int  # ``without`` snippets absent


def normalise_space(text: str) -> str:
    """Runs of whitespace as one space, ends stripped (trafilatura's evaluation normalisation)."""
    return " ".join(text.split())


def snippet_counts(output: str, with_snippets, without_snippets) -> SnippetCounts:
    """trafeval's per-page counts: case-sensitive substring matching after whitespace normalisation."""
    haystack = normalise_space(output)
    found = [normalise_space(s) in haystack for s in with_snippets]
    leaked = [normalise_space(s) in haystack for s in without_snippets]
    return SnippetCounts(tp=sum(found), fn=len(found) - sum(found), fp=sum(leaked), tn=len(leaked) - sum(leaked))


def pooled_scores(counts) -> WordScore:
    """P = TP/(TP+FP), R = TP/(TP+FN), F1 = 2TP/(2TP+FP+FN) over the sums of ``counts``; 0 where undefined."""
    tp = sum(c.tp for c in counts)
    fp = sum(c.fp for c in counts)
    fn = sum(c.fn for c in counts)
    precision = tp / (tp + fp) if tp + fp else 0.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * tp / (2 * tp + fp + fn) if tp + fp + fn else 0.0
    return WordScore(precision, recall, f1)
