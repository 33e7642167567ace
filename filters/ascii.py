"""ASCII output: text transliterated to ASCII for legacy braille displays and speech synthesisers.

The WLR paper's "conversion" step. ``to_ascii`` uses anyascii (ISC licence; Unidecode is GPL):
each character becomes its common romanisation (é -> e, Москва -> Moskva, Αθήνα -> Athina,
北京 -> BeiJing, القاهرة -> lqhrh), line breaks and ASCII text stay as they are. Used for text
mode and ``extract_text`` when ``output.ascii`` is on (per site too).
"""
from __future__ import annotations

from anyascii import anyascii


def to_ascii(text: str) -> str:
    """``text`` in ASCII only; already-ASCII text is returned as it is."""
    return text if text.isascii() else anyascii(text)
