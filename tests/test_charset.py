import codecs

import pytest

from clearpage.filters.charset import charset_from_content_type, decode


def test_bom_wins_over_header_and_meta():
    data = codecs.BOM_UTF8 + "<meta charset='iso-8859-1'>café".encode()
    decoded = decode(data, "iso-8859-2")
    assert decoded.source == "bom" and decoded.text.endswith("café")


def test_header_then_meta():
    data = "<meta charset='utf-8'><p>café</p>".encode("latin-1")
    assert decode(data, "iso-8859-1").text.endswith("café</p>")
    assert decode(data, "iso-8859-1").encoding == "cp1252"  # WHATWG: iso-8859-1 means windows-1252
    meta_only = "<meta http-equiv='Content-Type' content='text/html; charset=windows-1251'><p>привет</p>".encode("cp1251")
    decoded = decode(meta_only)
    assert decoded.source == "meta" and "привет" in decoded.text


def test_a_stale_meta_over_valid_utf8_bytes_gives_way():
    # A page re-saved as UTF-8 that still says gb2312 (or windows-1252) in its <meta>.
    for label, words in (("gb2312", "深度学习的新电脑"), ("windows-1252", "Don’t café")):
        data = f"<meta http-equiv='Content-Type' content='text/html; charset={label}'><p>{words}</p>".encode()
        decoded = decode(data)
        assert decoded.encoding == "utf-8" and words in decoded.text and decoded.exact_utf8
    # The header still wins, and ASCII-only or invalid UTF-8 bytes keep the meta's charset.
    assert decode("<p>深度</p>".encode(), "gbk").encoding == "gbk"
    assert decode(b"<meta charset='iso-8859-1'><p>cafe</p>").source == "meta"
    assert decode("<meta charset='gb2312'><p>深度</p>".encode("gbk")).text.endswith("深度</p>")


def test_undeclared_utf8_and_detection():
    assert decode("ünïcode".encode()).source == "utf-8"
    legacy = ("<p>" + "Grüße aus München, schöne Straße. " * 20 + "</p>").encode("cp1252")
    decoded = decode(legacy)
    assert decoded.source in ("detected", "default") and "Grüße" in decoded.text


def test_unknown_label_falls_through_and_bad_bytes_never_raise():
    decoded = decode(b"<p>\xff\xfe\xfa</p>", "x-no-such-charset")
    assert decoded.text.startswith("<p>")


def test_utf16_meta_means_utf8():
    assert decode(b"<meta charset=utf-16><p>x</p>").encoding == "utf-8"


def test_content_type_parsing():
    assert charset_from_content_type('text/html; charset="ISO-8859-1"') == "ISO-8859-1"
    assert charset_from_content_type("text/html") is None


EXACT_CASES = [
    ("plain ascii, nothing declared", b"<p>hello</p>", None, True),
    ("utf-8, nothing declared", "<p>caf\u00e9 \u65e5\u672c</p>".encode(), None, True),
    ("utf-8 declared in meta", b"<meta charset='utf-8'><p>caf\xc3\xa9</p>", None, True),
    ("utf-8 declared in the header", b"<p>caf\xc3\xa9</p>", "UTF-8", True),
    ("bad bytes declared utf-8 (replaced)", b"<meta charset='utf-8'><p>caf\xe9</p>", None, False),
    ("bad bytes in the header's utf-8", b"<p>\xff\xfe caf\xe9</p>", "utf-8", False),
    ("a BOM (dropped from the text)", codecs.BOM_UTF8 + b"<p>x</p>", None, False),
    ("latin-1 declared", b"<meta charset='iso-8859-1'><p>caf\xe9</p>", None, False),
    ("an encoded surrogate is not UTF-8", b"<meta charset='utf-8'><p>\xed\xa0\x80</p>", None, False),
]


@pytest.mark.parametrize("name, data, header, exact", EXACT_CASES, ids=[c[0] for c in EXACT_CASES])
def test_exact_utf8_only_when_the_bytes_are_the_texts_utf8(name, data, header, exact):
    # dom.parse takes the page's bytes instead of encoding the text when exact_utf8 says so.
    decoded = decode(data, header)
    assert decoded.exact_utf8 == exact
    if exact:
        assert decoded.text.encode("utf-8") == data
    assert decoded.text == data.removeprefix(codecs.BOM_UTF8).decode(decoded.encoding, "replace")  # strict first: the same text
