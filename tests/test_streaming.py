"""React streaming pieces are put in place at parse time, as the page's own scripts would."""
import lxml.html

from clearpage.filters import dom


def body(html: str) -> str:
    return lxml.html.tostring(dom.body_of(dom.parse(html)), encoding="unicode")


def test_boundary_and_placeholder_filled_from_the_scripts():
    html = (
        "<div><!--$?--><template id='B:0'></template><div>Loading...</div><!--/$--><p>after</p></div>"
        "<div hidden id='S:7'><p>Real <b>content</b></p><template id='P:1'></template></div>"
        "<div hidden id='S:1'><p>nested</p></div>"
        "<script>$RC(\"B:0\",\"S:7\");$RS(\"S:1\",\"P:1\")</script>"
    )
    assert body(html) == "<body><div><p>Real <b>content</b></p><p>nested</p><p>after</p></div><script>$RC(\"B:0\",\"S:7\");$RS(\"S:1\",\"P:1\")</script></body>"


def test_without_scripts_or_markers_numbers_pair_and_only_a_short_fallback_goes():
    html = ("<article><template id='B:0'></template><div>Loading paragraph...</div><p>kept</p></article>"
            "<div hidden id='S:0'><p>The article text.</p></div>")
    assert body(html) == "<body><article><p>The article text.</p><p>kept</p></article></body>"


def test_unmatched_segments_and_ordinary_hidden_divs_stay():
    html = "<div hidden id='S:9'><p>orphan</p></div><div hidden id='menu'>m</div><p>x</p>"
    assert body(html) == '<body><div hidden id="S:9"><p>orphan</p></div><div hidden id="menu">m</div><p>x</p></body>'


def test_comments_go_their_tails_stay():
    assert body("<p>a<!--c-->b <b>x</b><!--d-->tail</p><?php x ?>z") == "<body><p>ab <b>x</b>tail</p>z</body>"


def test_a_segment_is_a_hidden_div_whose_id_starts_with_s_colon():
    # Only <div hidden id="S:..."> is a segment (what the XPath the lookup replaced matched):
    # not a shown div with that id, a hidden <section>, or an id holding "S:" further in.
    html = ("<article><template id='P:1'></template><p>kept</p></article>"
            "<div id='S:1'><p>shown</p></div><section hidden id='S:1'><p>section</p></section>"
            "<div hidden id='xS:1'><p>other</p></div>")
    assert body(html) == ('<body><article><template id="P:1"></template><p>kept</p></article><div id="S:1"><p>shown</p></div>'
                          '<section hidden id="S:1"><p>section</p></section><div hidden id="xS:1"><p>other</p></div></body>')
    assert body(html + "<div HIDDEN id='S:1'><p>moved</p></div>").startswith("<body><article><p>moved</p><p>kept</p>")
