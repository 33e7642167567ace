"""Plain-word tests that answer "no match" before a case-insensitive regex runs.

A regex such as ``expression\\s*\\(|javascript\\s*:`` with ``re.IGNORECASE`` cannot match a text
that holds none of its words in any case. Lower-casing the text once and looking for the words
with ``in`` is many times cheaper than the regex (several ms on a large stylesheet or on a
page's class names), and most texts hold none of them.

The one catch is Unicode case folding: besides ASCII case, ``re.IGNORECASE`` matches exactly
four non-ASCII characters to ASCII letters (``IGNORECASE_LETTERS``; checked over every code
point by tests/security/test_sanitize.py). A text holding one that stands for a letter of the
words is left to the regex.
"""
from __future__ import annotations

# The only non-ASCII characters re.IGNORECASE matches to an ASCII letter, and that letter.
IGNORECASE_LETTERS = {"\u0130": "i", "\u0131": "i", "\u017f": "s", "\u212a": "k"}  # İ ı, ſ, Kelvin sign


class Words:
    """``may_match(text)`` is False only where none of ``words`` (lower case) can occur in
    ``text`` as a case-insensitive regex would see it. Build once, at import or config load."""

    def __init__(self, *words: str):
        if not words or any(word != word.lower() for word in words):
            raise ValueError("words must be given, in lower case")
        self.words = words
        letters = set("".join(words))
        self.folding = tuple(char for char, letter in IGNORECASE_LETTERS.items() if letter in letters)

    def may_match(self, text: str) -> bool:
        if not text.isascii() and any(char in text for char in self.folding):
            return True
        lowered = text.lower()
        for word in self.words:  # a plain loop: a generator per call costs more than these tests on short texts
            if word in lowered:
                return True
        return False
