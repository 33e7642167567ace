"""The WCXB word metric, exactly as ``../shared/README.md`` defines it, and snippet shares.

Words are ``re.findall(r"\\w+", text.lower())`` counted as a multiset; the overlap is the sum
of the minimum counts. Per page: precision = overlap / output words, recall = overlap /
reference words, F1 their harmonic mean. An empty output scores 0 (against a non-empty
reference); an empty reference scores 1 only for an empty output. Snippet scores: the share of
``with`` snippets found in the output (case-insensitive substring) and the share of
``without`` snippets absent from it; a page without snippets of a kind has no share (None)
and is left out of that mean.
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
