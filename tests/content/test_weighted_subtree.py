from lxml import etree

from clearpage.filters import dom, load_config_text
from clearpage.filters.content.seeds.textstats import WordCounter
from clearpage.filters.content.seeds.weighted_subtree import measure
from clearpage.filters.errors import ConfigError
from clearpage.filters.pipeline import Pipeline
from tests.content import algo_pages as pages
from tests.content.algo_util import DEEP, assert_picks, run_algorithm
from tests.helpers import page

import pytest

NAME = "weighted_subtree"


def ids(selection) -> list[str]:
    return [dom.describe(n) for n in selection.nodes]


def test_picks_the_article(default_config):
    selection, text, _, _ = run_algorithm(default_config, NAME, pages.ARTICLE)
    assert ids(selection) == ["div#article"]
    assert_picks(text, pages.ARTICLE_IN, pages.ARTICLE_OUT)


def test_keeps_all_three_sections(default_config):
    selection, text, _, _ = run_algorithm(default_config, NAME, pages.THREE_SECTIONS)
    assert ids(selection) == ["section#s0", "section#s1", "section#s2"]
    assert_picks(text, pages.THREE_SECTIONS_IN, pages.THREE_SECTIONS_OUT)


def test_a_weak_sibling_does_not_join_the_sections(default_config):
    html = pages.THREE_SECTIONS.replace("</main>", "<div id='share'><p>Share this page</p><p>Print it</p></div></main>")
    selection, text, _, _ = run_algorithm(default_config, NAME, html)
    assert ids(selection) == ["section#s0", "section#s1", "section#s2"]
    assert "Share this" not in text


def test_link_heavy_block_beside_the_text_is_left_out(default_config):
    selection, text, _, _ = run_algorithm(default_config, NAME, pages.LINK_HEAVY)
    assert ids(selection) == ["div#text"]
    assert_picks(text, pages.LINK_HEAVY_IN, pages.LINK_HEAVY_OUT)


def test_cjk_article_beats_an_english_notice(default_config):
    selection, text, _, _ = run_algorithm(default_config, NAME, pages.CJK)
    assert ids(selection) == ["div#article"]
    assert_picks(text, pages.CJK_IN, pages.CJK_OUT)


def test_node_importance_is_non_link_words_over_links_and_tag_pairs(default_config):
    opts = default_config.settings.content.options[NAME]
    html = page(
        "<div id='box'><p id='plain'>one two three four five six</p>"
        "<p id='mixed'>one <b>two</b> three <a href='/x'>link words</a> four<br>five</p></div>"
    )
    doc = dom.parse(html)
    tree = measure(dom.body_of(doc), WordCounter(1.7), opts)
    imp = {dom.describe(el): tree.leaf_imp[i] for i, el in enumerate(tree.nodes) if tree.is_leaf[i]}
    assert imp["p#plain"] == 6.0  # 6 words / (0 links + 1 tag pair)
    assert imp["p#mixed"] == 5 / (1 + 3)  # link words do not count; p, b and a are pairs, br is not
    box = next(i for i, el in enumerate(tree.nodes) if el.get("id") == "box")
    assert tree.imp_count[box] == 2 and tree.imp_sum[box] == 6.0 + 1.25


def test_declared_width_decides_between_equal_blocks(default_config):
    text = "<p>" + "words of a paragraph " * 10 + "</p>"
    body = f"<table><tr><td id='narrow' width='25%'>{text}{text}</td><td id='wide' width='75%'>{text}{text}</td></tr></table>"
    selection, _, _, _ = run_algorithm(default_config, NAME, page(body), min_leaves=1)
    assert ids(selection) == ["td#wide"]
    styled = f"<div id='side' style='float: left; width: 300px'>{text}{text}</div><div id='main' style='width:900px'>{text}{text}</div>"
    selection, _, _, _ = run_algorithm(default_config, NAME, page(styled), min_leaves=1)
    assert ids(selection) == ["div#main"]


def test_grid_classes_are_widths_when_enabled(default_config):
    text = "<p>" + "words of a paragraph " * 10 + "</p>"
    body = f"<div class='row'><div id='side' class='col-md-3'>{text}{text}</div><div id='main' class='col-md-9'>{text}{text}</div></div>"
    selection, _, _, _ = run_algorithm(default_config, NAME, page(body), grid_classes=True, min_leaves=1)
    assert ids(selection) == ["div#main.col-md-9"]
    selection, _, _, _ = run_algorithm(default_config, NAME, page(body), grid_classes=False, sibling_ratio=1.0, min_leaves=1)
    assert len(selection.nodes) == 2  # without widths the two blocks tie and stay together


def test_a_form_is_an_ignore_tag_unless_configured_otherwise(default_config):
    html = page("<form id='wrap'>" + "".join(f"<p>{'form text ' * 30}</p>" for _ in range(3)) + "</form><div id='out'><p>Outside.</p></div>")
    selection, _, _, _ = run_algorithm(default_config, NAME, html, min_leaves=1)
    assert ids(selection) == ["div#out"]
    keep = ("script", "style", "noscript", "object", "embed")
    selection, _, _, _ = run_algorithm(default_config, NAME, html, ignore_tags=keep, min_leaves=1)
    assert ids(selection) == ["form#wrap"]


def test_min_leaves_keeps_a_dense_blurb_from_beating_the_article(default_config):
    blurb = "<div id='bio'><p>" + "The author writes long dense sentences about many things. " * 8 + "</p></div>"
    html = pages.ARTICLE.replace("<footer", blurb + "<footer")
    selection, _, _, _ = run_algorithm(default_config, NAME, html, min_leaves=1)
    assert ids(selection) == ["div#bio"]  # the paper's rule: one 80-word leaf outweighs the mean of six
    selection, _, _, _ = run_algorithm(default_config, NAME, html, min_leaves=5)
    assert ids(selection) == ["div#article"]


def test_bad_tag_names_are_config_errors():
    with pytest.raises(ConfigError) as err:
        load_config_text("content:\n  weighted_subtree:\n    block_tags: [div, 'p class']\n")
    assert "<config>:3: content.weighted_subtree.block_tags" in str(err.value)


def test_document_is_left_unchanged(default_config):
    _, _, doc, _ = run_algorithm(default_config, NAME, pages.ARTICLE)
    assert etree.tostring(doc) == etree.tostring(dom.parse(pages.ARTICLE))


def test_deep_nesting_does_not_recurse(default_config):
    html = page("<div>" * DEEP + "<p>" + "deep words " * 50 + "</p><p>" + "more deep words " * 40 + "</p>" + "</div>" * DEEP)
    selection, text, _, _ = run_algorithm(default_config, NAME, html, min_leaves=1)
    assert "deep words" in text


def test_through_the_pipeline_reader_text_is_the_article():
    pipeline = Pipeline(load_config_text(f"content: {{algorithm: {NAME}, fallback: []}}"))
    result = pipeline.run(pages.THREE_SECTIONS.encode(), "https://example.com/story", mode="reader")
    assert result.selection.startswith(NAME)
    assert_picks(result.text, pages.THREE_SECTIONS_IN, pages.THREE_SECTIONS_OUT)
