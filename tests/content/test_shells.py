"""Pages that are only their site's chrome (filters/content/rules/shells.py): auto selects nothing
rather than the footer's link columns."""
from __future__ import annotations

from clearpage.filters import dom
from clearpage.filters.content.base import ALGORITHMS
from clearpage.filters.context import PageContext
from clearpage.filters.pipeline import Pipeline
from clearpage.filters.settings import load_config_text
from tests.helpers import page

HEADER = "<header><a href='/'>Shop</a><nav>" + "".join(f"<a href='/c{i}'>Category {i}</a>" for i in range(5)) + "</nav></header>"
FOOTER = "<footer>" + "".join(
    f"<dl><dt>Column {c}</dt><dd>" + ", ".join(f"<a href='/f{c}{i}'>Footer link {c}.{i}</a>" for i in range(8)) + "</dd></dl>" for c in range(4)
) + "<p>Copyright 2010-2025 Example Shop. All rights reserved.</p></footer>"
URL = "https://shop.example/item/1"


def select(default_config, body: str):
    algo = ALGORITHMS["auto"](default_config.settings.content.options["auto"], None)
    return algo.select(dom.parse(page(body)), PageContext(url=URL, base_url=URL))


def test_a_page_of_header_and_footer_alone_has_no_content(default_config):
    selection = select(default_config, HEADER + "<div id='root'></div>" + FOOTER)
    assert selection is not None and selection.nodes == ()


def test_a_short_text_beside_the_chrome_is_not_an_empty_shell(default_config):
    note = "<div id='root'><p>This item ships from our warehouse in Leeds within two working days of your order, tracked.</p><p>Returns are free for thirty days after delivery, whatever the reason.</p></div>"
    selection = select(default_config, HEADER + note + FOOTER)
    assert selection is None or selection.nodes


def test_a_shell_whose_content_is_hidden_is_left_to_the_hidden_retry(default_config):
    hidden = "<div id='root' hidden>" + "".join(f"<p>The hidden description of the product, part {i}, which a script would show.</p>" for i in range(20)) + "</div>"
    selection = select(default_config, HEADER + hidden + FOOTER)
    assert selection is None or selection.nodes


def test_the_reader_text_of_a_shell_is_empty_and_its_page_renders():
    pipeline = Pipeline(load_config_text("content: {algorithm: auto, fallback: []}"))
    html = page(HEADER + "<div id='root'></div>" + FOOTER, head="<meta name='description' content='A hand-thrown stoneware mug, glazed in speckled cream.'>")
    result = pipeline.run(html.encode(), URL, mode="text")
    assert result.text.strip() == ""
    assert "Footer link 2.3" not in result.output.split("Removed links")[0]
    assert "speckled cream" in result.output


def test_a_few_tiles_beside_a_menu_are_not_a_shell(default_config):
    tiles = "".join(f"<div class='tile'><a href='/p/{i}'>Helmet light {i}</a><div class='price'>$2{i}.95</div></div>" for i in range(6))
    selection = select(default_config, HEADER + f"<div class='grid'>{tiles}</div>")
    assert selection is None or selection.nodes
