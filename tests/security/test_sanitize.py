"""filters/sanitize.py on its own: what the final pass removes, and what it must leave alone."""
import html
from urllib.parse import urlsplit

import lxml.html
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clearpage.filters import Pipeline, dom, sanitize
from clearpage.filters.charset import looks_binary
from clearpage.filters.links import clean_href


def cleaned(body: str):
    doc = dom.parse(f"<html><head></head><body>{body}</body></html>")
    count = sanitize.clean(doc)
    return doc, count, lxml.html.tostring(doc, encoding="unicode")


@pytest.mark.parametrize(
    "href",
    ["https://example.com/", "http://example.com/a?b=c", "/relative", "page.html", "#top", "?q=1", "mailto:a@example.com",
     "tel:+441234", "ftp://files.example/x"],
)
def test_harmless_links_are_kept(href):
    doc, count, _ = cleaned(f'<a href="{href}">x</a>')
    assert count == 0 and doc.find(".//a").get("href") == href


@pytest.mark.parametrize(
    "href",
    ["javascript:alert(1)", " JAVASCRIPT:alert(1)", "java\tscript:alert(1)", "\x0ejavascript:x", "vbscript:x",
     "data:text/html,<script>alert(1)</script>", "livescript:x", "jar:x", "data:image/png;base64,AAAA"],
)
def test_script_capable_links_lose_their_url(href):
    doc, count, _ = cleaned(f'<a href="{href}">x</a>')
    assert count == 1 and doc.find(".//a").get("href") is None and dom.text_of(doc.find(".//a")) == "x"


def test_data_images_stay_on_images_only():
    doc, count, _ = cleaned('<img src="data:image/png;base64,AAAA"><img src="data:text/html,x"><iframe src="data:image/png;base64,AAAA"></iframe>')
    srcs = [el.get("src") for el in doc.iter("img", "iframe")]
    assert srcs == ["data:image/png;base64,AAAA", None, None] and count == 2


def test_handlers_srcdoc_refresh_base_and_animation_go():
    body = (
        '<div onclick="x()" onmouseover="y()" id="keep">t</div><iframe srcdoc="<p>x</p>" src="/ok"></iframe>'
        '<meta http-equiv="refresh" content="0; url=javascript:alert(1)"><meta http-equiv="refresh" content="5; url=/next">'
        '<base href="javascript:alert(1)//"><svg><a><set attributeName="href" to="javascript:alert(1)"/><text>s</text></a>'
        '<animate attributeName="width" to="10"/></svg>'
    )
    doc, count, html = cleaned(body)
    div = doc.get_element_by_id("keep")
    assert dict(div.attrib) == {"id": "keep"}
    assert doc.find(".//iframe").get("srcdoc") is None and doc.find(".//iframe").get("src") == "/ok"
    assert [m.get("content") for m in doc.iter("meta")] == ["5; url=/next"]
    assert doc.find(".//base") is None and doc.find(".//set") is None
    assert doc.find(".//animate") is not None  # animating width is harmless
    assert count == 6


def test_style_with_markup_inside_svg_goes_but_css_stays():
    doc, count, html = cleaned("<style>p > a { color: red }</style><svg><style><img src=x onerror=alert(1)></style><rect/></svg>")
    styles = list(doc.iter("style"))
    assert len(styles) == 1 and "color: red" in styles[0].text and count == 1
    assert "onerror" not in html


def test_scripty_css_goes():
    doc, count, _ = cleaned('<p style="width:expression(alert(1))">a</p><p style="color:red">b</p><style>a{behavior:url(x.htc)}</style>')
    assert [p.get("style") for p in doc.iter("p")] == [None, "color:red"]
    assert doc.find(".//style") is None and count == 2


def test_comments_a_browser_could_end_early_go_others_stay():
    """dom.parse drops comments, but a filter or renderer could add one: the final pass still checks."""
    doc = dom.parse("<p>a</p>")
    p = doc.find(".//p")
    p.append(lxml.etree.Comment(" fine "))
    # Written out as "<!--> <img ...> -->": a browser reads "<!-->" as a whole empty comment.
    p.append(lxml.etree.Comment("> <img src=x onerror=alert(1)> "))
    count = sanitize.clean(doc)
    assert count == 1 and [c.text for c in doc.iter(lxml.etree.Comment)] == [" fine "]


def test_looks_binary_follows_the_whatwg_rule():
    assert looks_binary(b"\x89PNG\r\n\x1a\n\x00\x00")
    assert looks_binary(b"PK\x03\x04zip")
    assert not looks_binary("<p>Naïve façade</p>".encode())
    assert not looks_binary(b"\x1b$B ISO-2022-JP text")  # ESC is not a binary byte
    assert not looks_binary("\ufeff<p>x</p>".encode("utf-16-le"))  # a UTF-16 BOM: text



def test_looks_binary_judges_every_byte_value_and_only_the_sniffed_head():
    binary = {*range(0x00, 0x09), 0x0B, *range(0x0E, 0x1B), *range(0x1C, 0x20)}
    for value in range(256):
        assert looks_binary(b"<p>" + bytes([value]) + b"</p>") == (value in binary), value
    text = b"a" * 1444
    assert looks_binary(text + b"\x00")  # the 1445th byte is still sniffed
    assert not looks_binary(text + b"a\x00")  # the 1446th is not

def test_framesets_and_binary_bodies_are_left_as_they_are():
    pipeline = Pipeline()
    frames = b"<html><head><title>F</title></head><frameset><frame src=a.html><frame src=b.html></frameset></html>"
    for mode in ("filter", "reader", "text"):
        assert pipeline.run(frames, "http://e.example/", mode=mode).changed is False
        assert pipeline.run(b"GIF89a\x01\x00\x01\x00\x00\x00\x00;", "http://e.example/", mode=mode).changed is False


SCHEME_PIECES = ["javascript", "JavaScript", "data", "http", "a", "1", "+", "-", ".", ":", "//", "/", "[", "]", "?", "#",
                 "x", "\u00e4", "\u2100", "@", "%3A", "java script", "j\u0430vascript", "\t", " "]


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.sampled_from(SCHEME_PIECES), min_size=1, max_size=7))
def test_the_scheme_shortcut_reads_what_urlsplit_reads(pieces):
    """sanitize._scheme skips urlsplit for plain ASCII URLs; its scheme (or ValueError) must be urlsplit's."""
    cleaned = clean_href("".join(pieces))
    if cleaned is None:
        return

    def outcome(fn):
        try:
            return fn()
        except ValueError as exc:
            return ("ValueError", str(exc))

    assert outcome(lambda: sanitize._scheme(cleaned)) == outcome(lambda: urlsplit(cleaned).scheme.lower())


def test_only_four_non_ascii_characters_match_ascii_letters_ignoring_case():
    """filters/prefilter.py (sanitize._scripty_css's plain-word search) leaves text holding these to
    the regex; any other would be missed."""
    import re
    import sys

    from clearpage.filters import prefilter

    letter = re.compile("[a-z]", re.IGNORECASE)
    found = {chr(c) for c in range(0x80, sys.maxunicode + 1) if letter.fullmatch(chr(c))}
    assert found == {"\u0130", "\u0131", "\u017f", "\u212a"} == set(prefilter.IGNORECASE_LETTERS)
    assert all(letter.fullmatch(prefilter.IGNORECASE_LETTERS[c]) and re.fullmatch(prefilter.IGNORECASE_LETTERS[c], c, re.IGNORECASE)
               for c in found)


CSS_PIECES = ["expression", "EXPRESSION", "expreſſion", "javascr\u0131pt", "JAVASCRİPT", "vbscript", "-moz-binding",
              "-MOZ-BINDING", "behavior", "BEHAV\u0130OR", "\u212a", "ſ", "i", "İ", "(", ":", " ", "\t", "\n", ";", "color",
              "é", "\u2028", "x", "-", "ression", "expre", "java", "script"]


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(CSS_PIECES), min_size=1, max_size=8))
def test_the_plain_word_search_answers_as_the_css_regex(pieces):
    text = "".join(pieces)
    assert sanitize._scripty_css(text) == bool(sanitize._SCRIPTY_CSS.search(text))


def test_fast_path_sets_skip_only_what_the_full_checks_would_skip():
    """_PLAIN_TAGS and _HARMLESS_ATTRIBUTES let _clean_element skip checks: they must hold only
    names those checks would have let through (lower-case, unprefixed, never removed/stripped)."""
    from clearpage.filters import sanitize as s
    assert not s._PLAIN_TAGS & s._REMOVABLE
    assert all(t == t.lower() and ":" not in t for t in s._PLAIN_TAGS)
    for name in s._HARMLESS_ATTRIBUTES:
        assert name == name.lower() and not name.startswith("on") and name not in ("srcdoc", "style")
        assert name not in s.URL_ATTRIBUTES and not name.endswith(":href")


def test_fast_path_still_strips_unsafe_attributes_on_plain_tags():
    from lxml import html as lhtml
    from clearpage.filters import sanitize as s
    doc = lhtml.fromstring('<div class="x" onclick="a()"><a id="i" href="javascript:x()" style="b:expression(1)">t</a>'
                           '<img alt="" src="data:text/html,x"><SCRIPT>x</SCRIPT></div>')
    s.clean(doc)
    out = lhtml.tostring(doc, encoding="unicode")
    assert "onclick" not in out and "javascript" not in out and "expression" not in out
    assert "data:text" not in out and "<script" not in out.lower() and 'class="x"' in out and 'id="i"' in out


@pytest.mark.parametrize("value", ["https://a.b/c", "http://x", "/p?q", "#f", "//h/p", "/\x01p", "https://a/\tb",
                                   "//[::1", "https://[x/", "/ü", "#[", "https://ü.de/"])
@pytest.mark.parametrize("tag", ["a", "img"])
def test_plain_url_fast_path_answers_as_the_full_check(value, tag, monkeypatch):
    fast = sanitize._safe_url(value, tag)
    monkeypatch.setattr(sanitize, "_PLAIN_URL_STARTS", ("\\0never",))
    assert sanitize._safe_url(value, tag) == fast


@pytest.mark.parametrize("name, kind", [("onclick", "handler"), ("ONLOAD", "handler"), ("OnError", "handler"), ("SrcDoc", "handler"),
                                        ("href", "url"), ("FORMACTION", "url"), ("xlink:HREF", "url"), ("foo:href", "url"),
                                        ("Style", "style"), ("style", "style"), ("data-x", "other"), ("one", "handler"), ("xonclick", "other")])
def test_attribute_kinds_are_worked_out_once_per_name_and_answer_the_rule(name, kind, monkeypatch):
    # _clean_element asks a name's kind from a memo filled by _kind_of; the first and the later
    # asks (from the memo) agree, and a full memo still answers (without keeping the name).
    monkeypatch.setattr(sanitize, "_KIND_OF_NAME", {})
    assert sanitize._kind_of(name) == kind and sanitize._KIND_OF_NAME[name] == kind
    monkeypatch.setattr(sanitize, "_MAX_KNOWN_NAMES", 0)
    monkeypatch.setattr(sanitize, "_KIND_OF_NAME", {})
    assert sanitize._kind_of(name) == kind and name not in sanitize._KIND_OF_NAME


def test_names_found_harmless_spare_later_elements_the_full_check(monkeypatch):
    # A name _kind_of finds harmless (kind "other") joins the fast path's names: a later element
    # on a plain tag carrying only such names is not looked at again; no other kind ever joins.
    from lxml import html as lhtml
    monkeypatch.setattr(sanitize, "_KIND_OF_NAME", {})
    monkeypatch.setattr(sanitize, "_OTHER_NAMES", set(sanitize._HARMLESS_ATTRIBUTES))
    checked = []
    full_check = sanitize._clean_element
    monkeypatch.setattr(sanitize, "_clean_element", lambda el, names, styles: checked.append(el.get("id")) or full_check(el, names, styles))
    markup = ('<div><p id="a" data-v="1" aria-busy="x">x</p><p id="b" onclick="a()" data-w="2">y</p>'
              '<a id="c" href="javascript:x()" data-v="3">z</a><p id="d" style="x:expression(1)">w</p></div>')
    sanitize.clean(lhtml.fromstring(markup))
    assert checked == ["a", "b", "c", "d"]
    assert {"data-v", "aria-busy", "data-w"} <= sanitize._OTHER_NAMES
    assert not {"onclick", "href", "style"} & sanitize._OTHER_NAMES
    checked.clear()
    doc = lhtml.fromstring(markup.replace('id="', 'title="x" id="'))
    assert sanitize.clean(doc) == 3 and checked == ["b", "c", "d"]  # "a" now takes the fast path


def test_a_style_or_url_beside_harmless_names_is_judged_on_every_element():
    # The fast path keeps a plain href/src and a style value already judged harmless on the page;
    # a scripty style value, however often it comes, and an unsafe URL still go from each element.
    from lxml import html as lhtml
    bad, good = "x:expression(1)", "color: red"
    doc = lhtml.fromstring(f'<div><p class="a" style="{good}">1</p><p class="b" style="{bad}">2</p>'
                           f'<p class="c" style="{good}">3</p><p class="d" style="{bad}">4</p>'
                           '<a class="e" href="/ok">5</a><a class="f" href="javascript:x()">6</a>'
                           '<img class="g" src="https://a.example/i.png"><img class="h" src="data:text/html,x"></div>')
    assert sanitize.clean(doc) == 4
    kept = {el.get("class"): sorted(el.keys()) for el in doc.iter("p", "a", "img")}
    assert kept == {"a": ["class", "style"], "b": ["class"], "c": ["class", "style"], "d": ["class"],
                    "e": ["class", "href"], "f": ["class"], "g": ["class", "src"], "h": ["class"]}


def test_an_unsafe_attribute_is_stripped_whenever_its_name_comes_again():
    from lxml import html as lhtml
    doc = lhtml.fromstring('<div><p ONCLICK="a()" data-v="1">x</p><p ONCLICK="b()" Style="x:expression(1)">y</p>'
                           '<p OnClick="c()" HREF="javascript:d()">z</p></div>')
    assert sanitize.clean(doc) == 5 and sanitize.clean(doc) == 0
    out = lhtml.tostring(doc, encoding="unicode").lower()
    assert "onclick" not in out and "expression" not in out and "javascript" not in out and 'data-v="1"' in out


def test_a_repeated_scripty_style_goes_from_every_element_and_a_safe_one_stays():
    # clean() judges each distinct style value once per page: every copy must get the verdict.
    bad, good = "width: expression(alert(1))", "color: red"
    doc, count, _ = cleaned("".join(f'<p style="{bad}">a</p><p style="{good}">b</p>' for _ in range(3)))
    styles = [p.get("style") for p in doc.iter("p")]
    assert count == 3 and styles == [None, good] * 3


@pytest.mark.parametrize("value", ["https://a.b/c", "http://x", "/p?q", "#f", "//h/p", "https://a/\tb", "//[::1", "https://[x/",
                                   "/ü", "#[", "https://ü.de/", "javascript:x()", " javascript:x()", "/\njavascript:x()",
                                   "data:text/html,x", "data:image/png;base64,AA", "mailto:a@b.c", "vbscript:x"])
def test_a_lone_href_or_src_is_judged_as_the_full_check_judges_it(value, monkeypatch):
    # clean() tests a lone href/src on a plain tag itself (no _clean_element call); with that
    # shortcut off, every element goes through _clean_element: the same count and the same page.
    body = f'<a href="{html.escape(value)}">t</a><img src="{html.escape(value)}"><video src="{html.escape(value)}"></video>'
    fast = cleaned(body)[1:]
    monkeypatch.setattr(sanitize, "_PLAIN_URL_NAMES", frozenset())
    assert cleaned(body)[1:] == fast
