from clearpage.filters import dom
from clearpage.filters.render import html as html_out


def test_doctype_kept_only_when_the_page_has_one():
    for source, expected in [
        ("<p>quirks</p>", None),
        ("<!-- c --><!DOCTYPE html><p>x</p>", "<!DOCTYPE html>"),
        ("\ufeff<?xml version='1.0'?>\n<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Strict//EN\" \"http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd\"><p>x</p>",
         '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">'),
    ]:
        doc = dom.parse(source)
        doctype = html_out.original_doctype(doc, source)
        assert doctype == expected
        out = html_out.serialize(doc, doctype)
        assert out.startswith(expected) if expected else out.startswith("<html>")


def test_single_utf8_charset_declaration():
    doc = dom.parse("<html><head><meta charset=iso-8859-1><meta http-equiv=content-type content='text/html; charset=koi8-r'><title>t</title></head><p>x</p></html>")
    out = html_out.serialize(doc)
    assert out.count("charset") == 1 and "<head><meta charset=\"utf-8\">" in out
