"""Block paths and fingerprints (filters/learn/blocks.py): what makes two blocks the same."""
from __future__ import annotations

from clearpage.filters import dom
from clearpage.filters.learn import blocks


def _blocks(html: str) -> list[blocks.Block]:
    return blocks.page_blocks(dom.body_of(dom.parse(html)))


NAV = "<nav class='top'><ul><li>Home page link</li><li>About this site</li></ul></nav>"


def test_a_block_keeps_its_fingerprint_when_the_text_around_it_changes():
    one = {b.path: b.fp for b in _blocks(f"<body>{NAV}<div class='story'><p>The first story of the day.</p></div></body>")}
    two = {b.path: b.fp for b in _blocks(f"<body>{NAV}<div class='story'><p>Another story, later on.</p></div></body>")}
    assert one["body > nav.top"] == two["body > nav.top"] and one["body > nav.top > ul"] == two["body > nav.top > ul"]
    assert one["body > div.story"] != two["body > div.story"]


def test_a_change_inside_a_nested_block_changes_its_outer_blocks():
    def fps(item: str) -> dict[str, str]:
        return {b.path: b.fp for b in _blocks(f"<body><div class='side'><p>Popular this week:</p><ul><li>{item}</li></ul></div></body>")}
    a, b = fps("The harbour festival returns"), fps("The harbour festival is over")
    assert a["body > div.side > p"] == b["body > div.side > p"]
    assert a["body > div.side > ul"] != b["body > div.side > ul"] and a["body > div.side"] != b["body > div.side"]


def test_characters_count_the_normalised_text_of_the_block_and_its_nested_blocks():
    found = _blocks("<body><div id='a'>  Hello   <b>bold</b>\n reader. <p>Inner paragraph here.</p> tail text </div></body>")
    assert [(b.path, b.chars) for b in found] == [("body > div#a", len("Hello bold reader.") + len("Inner paragraph here.") + len("tail text")),
                                                 ("body > div#a > p", len("Inner paragraph here."))]


def test_blocks_are_in_document_order_whatever_their_nesting():
    found = _blocks("<body><div class='a'>First outer block text<div class='b'>Inner block text here</div></div>"
                    "<section><p>A paragraph in a section.</p></section></body>")
    assert [b.path for b in found] == ["body > div.a", "body > div.a > div.b", "body > section", "body > section > p"]
    assert [b.element.get("class") for b in found[:2]] == ["a", "b"]


def test_comments_do_not_count_and_a_page_holding_the_mark_characters_gets_no_fingerprints():
    plain = _blocks("<body><div class='x'>Some words in a block</div></body>")
    commented = _blocks("<body><div class='x'>Some words <!-- a remark -->in a block</div></body>")
    assert [b.chars for b in plain] == [len("Some words in a block")]
    assert [b.chars for b in commented] == [len("Some words in a block")]
    assert _blocks(f"<body><div class='x'>Some words{blocks.OPEN} in a block</div></body>") == []
    assert _blocks(f"<body><div class='x'>Some words{blocks.CLOSE} in a block</div></body>") == []
