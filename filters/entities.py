"""Named-entity-like terms of a text, for the image-relevance test (caption vs article).

The paper runs a named-entity recogniser (GATE); this module offers two backends behind one
interface, ``Extractor.count(text, known) -> Counter[str]``:

``patterns`` (default, language independent, no model):
  - cased scripts (Latin, Greek, Cyrillic, Armenian, ...): sequences of capitalised words
    ("Barack Obama", "Bank of America": a lowercase particle of at most 2 letters may join
    two capitalised words), acronyms ("NASA"), and numbers with 2+ digits ("2019", "3.5");
    a capitalised word that starts a sentence is dropped unless it is also seen capitalised
    inside a sentence (in this text or in ``known``), so "The" and "After" do not count;
  - scripts without case: Han, Kana, Hangul, Thai, Lao, Khmer, Myanmar write no spaces
    between words, so every pair of adjacent characters (bigram) is a term; other caseless
    scripts (Arabic, Hebrew, Devanagari, ...) separate words by spaces, so every word of 2+
    letters is a term. Caseless terms have no "proper noun" signal, so the caller's
    ``stop`` set (the most frequent caseless terms of the article, see ``images``) removes
    the function words.
  Terms are case-folded and whitespace-collapsed.

``spacy``: the entities of a spaCy pipeline the user installed (``spacy_model``), plus numbers.
Loaded once per process on first use.
"""
from __future__ import annotations

import re
import threading
import unicodedata
from collections import Counter
from typing import Protocol

_TOKEN = re.compile(r"\d+(?:[.,:]\d+)*|[^\W\d_]+(?:['’\-][^\W\d_]+)*")
_SENTENCE_END = re.compile(r"[.!?。！？:;\"“”«»\n]\s*$")
MAX_PARTICLE_LETTERS = 2  # "of", "de", "da", "la": may join two capitalised words ("and" may not)
MIN_NUMBER_DIGITS = 2  # "7" is too common to identify anything; "2019" is not
# Scripts written without spaces between words: terms are character bigrams.
_UNSPACED = ("CJK", "HIRAGANA", "KATAKANA", "HANGUL", "THAI", "LAO", "KHMER", "MYANMAR", "TIBETAN")


class Extractor(Protocol):
    name: str

    def count(self, text: str, known: frozenset[str] = frozenset()) -> Counter:
        """Entity-like terms of ``text`` and how often each occurs."""


def _cased(ch: str) -> bool:
    return ch.isupper() or ch.islower() or ch.istitle()


def _unspaced(ch: str) -> bool:
    try:
        name = unicodedata.name(ch)
    except ValueError:
        return False
    return name.startswith(_UNSPACED)


# The characters _SENTENCE_END accepts before the whitespace that precedes a word.
_SENTENCE_PUNCTUATION = frozenset(".!?。！？:;\"“”«»\n")
SENTENCE_WINDOW = 3  # characters before a word in which a sentence end is looked for
# ``_TOKEN`` as the separator of a split: [gap, word, gap, word, ..., gap] in one C-level pass
# (no match object per word; the scan runs over the whole article for every reader page with
# captioned images).
_TOKEN_SPLIT = re.compile(f"({_TOKEN.pattern})")


def words_and_gaps(text: str) -> tuple[list[str], list[str]]:
    """The words (``_TOKEN`` matches) of ``text`` and, for each, the text between it and the word before."""
    parts = _TOKEN_SPLIT.split(text)
    return parts[1::2], parts[0:-1:2]


def sentence_starts(gaps: list[str]) -> list[bool]:
    """For each word, from the gap before it: does it start a sentence? The text start, a line
    break since the previous word, or a sentence-ending character followed only by whitespace in
    the 3 characters before it.

    The same reading as searching ``_SENTENCE_END`` in that window, without a regex call per
    word: a word ends in a letter or digit, never in sentence punctuation, so when the gap is
    shorter than the window the part of the previous word inside it cannot end a sentence.
    """
    # (a single space, the gap before most words, starts nothing: no slicing for it)
    starts = [gap != " " and _ends_sentence(gap) for gap in gaps]
    if starts:
        starts[0] = True  # (the first word starts the text)
    return starts


def _ends_sentence(gap: str) -> bool:
    """Whether the text ``gap`` before a word ends a sentence (see ``sentence_starts``)."""
    if "\n" in gap:
        return True
    window = gap[-SENTENCE_WINDOW:].rstrip()
    return bool(window) and window[-1] in _SENTENCE_PUNCTUATION


def _inner_capitalised(words: list[str], starts: list[bool]) -> set[str]:
    seen = set()
    for word, start in zip(words, starts):
        if not start and (word[0].isupper() or word[0].istitle()):
            seen.add(word.casefold())
    return seen


class PatternExtractor:
    name = "patterns"

    def count_with_known(self, text: str) -> tuple[Counter, frozenset[str]]:
        """``count(text, known)`` with ``known`` = the text's own inner-capitalised words, and those
        words; one scan of the text instead of two (what ``images.judge`` needs for the article)."""
        words, gaps = words_and_gaps(text)
        starts = sentence_starts(gaps)
        known = frozenset(_inner_capitalised(words, starts))
        return self._count(words, gaps, starts, known, known), known

    def count(self, text: str, known: frozenset[str] = frozenset()) -> Counter:
        words, gaps = words_and_gaps(text)
        starts = sentence_starts(gaps)
        return self._count(words, gaps, starts, _inner_capitalised(words, starts), known)

    def _count(self, words_: list[str], gaps: list[str], starts: list[bool], inner_caps, known) -> Counter:
        counts: Counter = Counter()
        sequence: list[str] = []
        sequence_start = False
        pending_particle: str | None = None

        def flush() -> None:
            nonlocal sequence, pending_particle
            words = sequence
            if words and sequence_start and words[0].casefold() not in inner_caps and words[0].casefold() not in known:
                words = words[1:]
                while words and not (words[0][0].isupper() or words[0][0].istitle()):
                    words = words[1:]  # "Bank of America" at a sentence start leaves "America", not "of America"
            if words:
                counts[" ".join(words).casefold()] += 1
            sequence, pending_particle = [], None

        for word, gap, starts_sentence in zip(words_, gaps, starts):
            first = word[0]
            if first.islower():
                # (most words: a lower-case word ends a sequence, or joins it as a particle;
                # the branches below, in this order, come to the same for it)
                if sequence:
                    if (pending_particle is None and len(word) <= MAX_PARTICLE_LETTERS
                            and not starts_sentence and gap.strip(" \u00a0-") == ""):
                        pending_particle = word
                    else:
                        flush()
                continue
            joined = bool(sequence) and not starts_sentence and gap.strip(" \u00a0-") == ""
            if first.isdigit():
                if sequence:  # an empty sequence has no pending particle either: nothing to flush
                    flush()
                if sum(c.isdigit() for c in word) >= MIN_NUMBER_DIGITS:
                    counts[word.rstrip(".,:")] += 1
                continue
            if not _cased(first):
                if sequence:
                    flush()
                self._caseless(word, counts)
                continue
            if first.isupper() or first.istitle():
                if sequence and joined:
                    if pending_particle:
                        sequence.append(pending_particle)
                        pending_particle = None
                    sequence.append(word)
                else:
                    if sequence:
                        flush()
                    sequence = [word]
                    sequence_start = starts_sentence
                continue
            if sequence and joined and pending_particle is None and len(word) <= MAX_PARTICLE_LETTERS:
                pending_particle = word
                continue
            if sequence:
                flush()
        flush()
        return counts

    @staticmethod
    def inner_capitalised(text: str) -> set[str]:
        """Case-folded words seen capitalised inside a sentence (not at its start)."""
        words, gaps = words_and_gaps(text)
        return _inner_capitalised(words, sentence_starts(gaps))

    @staticmethod
    def _caseless(word: str, counts: Counter) -> None:
        """Bigrams for runs of unspaced scripts, the whole run (2+ letters) for the others."""
        run: list[str] = []
        unspaced = False
        for ch in word + "\0":
            kind = _unspaced(ch)
            if run and (kind != unspaced or ch == "\0"):
                if unspaced:
                    _bigrams(run, counts)
                elif len(run) >= 2:
                    counts["".join(run).casefold()] += 1
                run = []
            run.append(ch)
            unspaced = kind


def _bigrams(chars: list[str], counts: Counter) -> None:
    if len(chars) == 1:
        counts[chars[0]] += 1
    for a, b in zip(chars, chars[1:]):
        counts[a + b] += 1


def is_caseless_term(term: str) -> bool:
    return bool(term) and not term[0].isdigit() and not _cased(term[0])


class SpacyExtractor:
    """Entities from a spaCy pipeline (only when the user installed one), plus numbers."""

    name = "spacy"
    _lock = threading.Lock()
    _loaded: dict[str, object] = {}

    def __init__(self, model: str):
        self.model = model

    def _nlp(self):
        with self._lock:
            nlp = self._loaded.get(self.model)
            if nlp is None:
                import spacy

                nlp = spacy.load(self.model, disable=["parser", "lemmatizer", "tagger", "attribute_ruler"])
                self._loaded[self.model] = nlp
        return nlp

    def count(self, text: str, known: frozenset[str] = frozenset()) -> Counter:
        counts: Counter = Counter()
        for ent in self._nlp()(text[:200_000]).ents:
            term = " ".join(ent.text.split()).casefold()
            if term:
                counts[term] += 1
        return counts


def spacy_problem(model: str) -> str | None:
    """Why the spaCy backend cannot run with ``model`` here, or None (checked at config load)."""
    import importlib.util

    if importlib.util.find_spec("spacy") is None:
        return "the spacy backend needs the spacy package (pip install spacy) and a model"
    try:
        import spacy.util
    except Exception as exc:  # a broken install: say so at load, not on the first page
        return f"spacy cannot be imported: {exc}"
    if not spacy.util.is_package(model):
        return f"spaCy model {model!r} is not installed (python -m spacy download {model})"
    return None


def extractor(backend: str, model: str = "") -> Extractor:
    return SpacyExtractor(model) if backend == "spacy" else PatternExtractor()
