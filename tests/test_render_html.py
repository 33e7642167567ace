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


def test_serialize_writes_what_lxml_html_tostring_writes():
    # serialize skips lxml.html.tostring's Content-Type substitution when the text holds no such
    # <meta>: with one (raw in a <style>, say) or without, the result must be the same.
    import lxml.html

    pages = [
        "<html><head><title>t</title></head><body><p>plain &lt;meta http-equiv=\"Content-Type\"&gt;</p></body></html>",
        "<html><head><style>p::after{content:'<meta http-equiv=\"Content-Type\" content=x>'}</style></head><body><p>x</p></body></html>",
        "<html><head><meta http-equiv='Content-Type' content='text/html; charset=latin-1'></head><body><p>y</p></body></html>",
    ]
    for page in pages:
        expected_doc = dom.parse(page)
        html_out.declare_utf8(expected_doc)  # serialize declares UTF-8 first
        expected = lxml.html.tostring(expected_doc, encoding="unicode", method="html")
        assert html_out.serialize(dom.parse(page), None) == expected
    assert "content=x>" not in html_out.serialize(dom.parse(pages[1]), None)  # the substitution ran there
