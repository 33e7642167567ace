"""Bytes to text the way browsers do it: BOM, then the HTTP header, then <meta>, then detection.

Labels are normalised as the WHATWG Encoding standard says (``iso-8859-1`` and ``ascii`` mean
windows-1252, a ``utf-16`` meta means UTF-8). With nothing declared, valid UTF-8 is UTF-8 and
anything else is guessed by charset-normalizer (a maintained detector), falling back to
windows-1252, the web's historical default. A <meta> that names a legacy charset for bytes
that are valid UTF-8 with non-ASCII in them is stale (the page was re-saved as UTF-8): UTF-8 wins.
"""
from __future__ import annotations

import codecs
import re
from dataclasses import dataclass

import charset_normalizer

SNIFF_BYTES = 1445  # WHATWG MIME sniffing reads this much of a resource to tell text from binary
# WHATWG "binary data bytes": C0 controls other than TAB, LF, FF, CR and ESC (ESC starts ISO-2022 text).
_BINARY_BYTES = frozenset([*range(0x00, 0x09), 0x0B, *range(0x0E, 0x1B), *range(0x1C, 0x20)])
# Every other byte: deleting these with bytes.translate leaves only binary bytes (one C call, not a
# Python loop over 1445 bytes).
_TEXT_BYTES = bytes(b for b in range(256) if b not in _BINARY_BYTES)
PRESCAN_BYTES = 1024  # the WHATWG prescan looks at the first 1024 bytes for a <meta> charset
_BOMS = ((codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be"))
_META = re.compile(
    rb"""<meta[^>]+?charset\s*=\s*["']?\s*([A-Za-z0-9_:.+-]+)""",
    re.IGNORECASE,
)
_ALIASES = {
    "iso-8859-1": "windows-1252", "latin1": "windows-1252", "latin-1": "windows-1252", "l1": "windows-1252",
    "ascii": "windows-1252", "us-ascii": "windows-1252", "iso_8859-1": "windows-1252", "iso8859-1": "windows-1252",
    "cp1252": "windows-1252", "x-user-defined": "windows-1252",
    "iso-8859-9": "windows-1254", "latin5": "windows-1254", "iso-8859-11": "windows-874", "tis-620": "windows-874",
    "gb2312": "gbk", "x-gbk": "gbk", "ks_c_5601-1987": "euc-kr", "x-sjis": "shift_jis", "sjis": "shift_jis",
}


@dataclass(frozen=True)
class Decoded:
    text: str
    encoding: str  # Python codec name actually used
    source: str  # bom | header | meta | utf-8 | detected | default
    # True when the bytes were the whole text in valid UTF-8 (no BOM): text.encode("utf-8") gives
    # them back, so a caller that needs the UTF-8 (dom.parse) can take them instead of encoding.
    exact_utf8: bool = False


def normalise_label(label: str | None, *, from_meta: bool = False) -> str | None:
    """A Python codec name for a charset label, or None when unknown."""
    if not label:
        return None
    label = label.strip().strip("\"'").lower()
    label = _ALIASES.get(label, label)
    try:
        name = codecs.lookup(label).name
    except LookupError:
        return None
    if from_meta and name.startswith("utf-16"):
        return "utf-8"  # a page cannot declare UTF-16 from inside itself (WHATWG)
    return name


def charset_from_content_type(content_type: str | None) -> str | None:
    if not content_type:
        return None
    match = re.search(r"charset\s*=\s*[\"']?([^\"';,\s]+)", content_type, re.IGNORECASE)
    return match.group(1) if match else None


def meta_charset(data: bytes) -> str | None:
    match = _META.search(data[:PRESCAN_BYTES])
    return match.group(1).decode("ascii", "replace") if match else None


def looks_binary(data: bytes) -> bool:
    """WHATWG MIME sniffing's text-or-binary rule: a binary data byte in the first 1445 bytes.

    A body that starts with a UTF-16 or UTF-8 byte order mark is text. Binary bodies served as
    text/html (a mislabelled image or archive) are left alone: rewriting them would corrupt them.
    """
    head = data[:SNIFF_BYTES]
    if head.startswith(tuple(bom for bom, _ in _BOMS)):
        return False
    return bool(head.translate(None, _TEXT_BYTES))


def _declared(data: bytes, name: str, source: str) -> Decoded:
    """``data`` decoded as the declared codec ``name``. Declared UTF-8 is decoded strictly first
    (the same text as "replace" gives when the bytes are valid, at the same speed) to learn
    whether the bytes are exact UTF-8."""
    if name == "utf-8":
        try:
            return Decoded(data.decode(name), name, source, exact_utf8=True)
        except UnicodeDecodeError:
            pass
    return Decoded(data.decode(name, "replace"), name, source)


def decode(data: bytes, header_charset: str | None = None) -> Decoded:
    """Decode an HTML body; never raises (undecodable bytes become U+FFFD, as in browsers)."""
    for bom, name in _BOMS:
        if data.startswith(bom):
            return Decoded(data[len(bom):].decode(name, "replace"), name, "bom")
    declared = normalise_label(header_charset)
    if declared:
        return _declared(data, declared, "header")
    declared = normalise_label(meta_charset(data), from_meta=True)
    if declared and declared != "utf-8" and not data.isascii():
        # Legacy text almost never forms valid multi-byte UTF-8 sequences by chance, while pages
        # re-saved as UTF-8 often keep their old <meta>: decoding them as declared gives mojibake.
        try:
            return Decoded(data.decode("utf-8"), "utf-8", "utf-8", exact_utf8=True)
        except UnicodeDecodeError:
            pass
    if declared:
        return _declared(data, declared, "meta")
    try:
        return Decoded(data.decode("utf-8"), "utf-8", "utf-8", exact_utf8=True)
    except UnicodeDecodeError:
        pass
    best = charset_normalizer.from_bytes(data[:65536]).best()
    if best is not None:
        name = normalise_label(best.encoding)
        if name:
            return Decoded(data.decode(name, "replace"), name, "detected")
    return Decoded(data.decode("windows-1252", "replace"), "cp1252", "default")
