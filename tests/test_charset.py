import codecs

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
