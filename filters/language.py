"""The page's language for assistive technology: a valid ``lang`` tag, kept or (when absent) guessed.

A screen reader picks its voice and braille table from ``<html lang>``; a page without one is
read in the user's default language, a page with a malformed one ("en_US", "english") may be
ignored. ``normalise`` repairs the common malformations; ``guess`` identifies the language of
the page's text with py3langid (a naive Bayes model shipped inside the package, 97 languages)
and answers only when the text is long enough and the model sure enough: a wrong ``lang`` is
worse than none, since it switches the voice to the wrong language.
"""
from __future__ import annotations

import re
import threading

# BCP 47 in the shape browsers and screen readers accept: a 2-3 letter primary language
# (or "x-"/"i-" private and grandfathered tags) followed by subtags of 1-8 letters/digits.
_TAG = re.compile(r"^(?:[A-Za-z]{2,3}|[xXiI])(?:-[A-Za-z0-9]{1,8})*$")
# Fewer characters than this is too little text for a reliable guess (a heading, a caption).
MIN_GUESS_CHARS = 200
# py3langid's normalised probability; below this the guess is left out.
MIN_GUESS_CONFIDENCE = 0.95
# Only the first part of a long page is read: the language does not change after 20,000 chars.
MAX_GUESS_CHARS = 20_000

_identifier = None
_lock = threading.Lock()


def normalise(value: str | None) -> str:
    """``value`` as a valid language tag ("en_US" -> "en-US", "EN" -> "en"), or "" when hopeless."""
    if not value:
        return ""
    tag = value.strip().split(",")[0].split(";")[0].strip().replace("_", "-")
    if not _TAG.match(tag):
        return ""
    primary, *rest = tag.split("-")
    parts = [primary.lower()]
    for sub in rest:
        if len(sub) == 2 and sub.isalpha():
            parts.append(sub.upper())  # region: US, GB
        elif len(sub) == 4 and sub.isalpha():
            parts.append(sub.title())  # script: Hant, Latn
        else:
            parts.append(sub)
    return "-".join(parts)


def _model():
    global _identifier
    with _lock:
        if _identifier is None:
            from py3langid.langid import MODEL_FILE, LanguageIdentifier

            _identifier = LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)
    return _identifier


def guess(text: str) -> str:
    """The language of ``text`` as a tag, or "" when the text is short or the model unsure."""
    sample = " ".join(text.split())[:MAX_GUESS_CHARS]
    if len(sample) < MIN_GUESS_CHARS:
        return ""
    lang, confidence = _model().classify(sample)
    return normalise(lang) if confidence >= MIN_GUESS_CONFIDENCE else ""
