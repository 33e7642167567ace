import pytest
from lxml import etree

from clearpage.filters import dom, load_config_text
from clearpage.filters.content.seeds.textstats import WordCounter
from clearpage.filters.content.seeds.word_leaf_ratio import measure
from clearpage.filters.pipeline import Pipeline
from tests.content import algo_pages as pages
from tests.content.algo_util import DEEP, assert_picks, run_algorithm
from tests.helpers import page

NAME = "word_leaf_ratio"


@pytest.mark.parametrize("exponent", [0.0, 1.0])
def test_picks_the_article(default_config, exponent):
    selection, text, _, _ = run_algorithm(default_config, NAME, pages.ARTICLE, density_exponent=exponent)
    assert len(selection.nodes) == 1
    assert_picks(text, pages.ARTICLE_IN, pages.ARTICLE_OUT)


@pytest.mark.parametrize("exponent", [0.0, 1.0])
def test_keeps_all_three_sections_in_one_node(default_config, exponent):
    selection, text, _, _ = run_algorithm(default_config, NAME, pages.THREE_SECTIONS, density_exponent=exponent)
    assert dom.describe(selection.node) == "main#main"
    assert_picks(text, pages.THREE_SECTIONS_IN, pages.THREE_SECTIONS_OUT)


def test_link_heavy_block_beside_the_text_is_left_out(default_config):
    selection, text, _, _ = run_algorithm(default_config, NAME, pages.LINK_HEAVY)
    assert dom.describe(selection.node) == "div#text"
    assert_picks(text, pages.LINK_HEAVY_IN, pages.LINK_HEAVY_OUT)


def test_cjk_article_beats_an_english_notice(default_config):
    selection, text, _, _ = run_algorithm(default_config, NAME, pages.CJK)
    assert dom.describe(selection.node) == "div#article"
    assert_picks(text, pages.CJK_IN, pages.CJK_OUT)


def test_words_are_counted_without_spaces_in_cjk_and_thai():
    counter = WordCounter(chars_per_word=2.0)
    assert counter.count("three plain words") == (3.0, 15)
    assert counter.count("中文网页") == (2.0, 4)  # 4 characters / 2 per word
    assert counter.count("これは日本語です") == (4.0, 8)
    assert counter.count("ภาษาไทย") == (3.5, 7)
    assert counter.count("Ünïcödé слова λέξεις") == (3.0, 18)
    assert counter.count("in 北京 today") == (3.0, 9)  # 2 spaced words + 2 characters / 2
    assert counter.count("  ,;.!  ") == (0.0, 0)


def test_leaves_fold_inline_formatting_but_not_links():
    doc = dom.parse(page("<p id='a'>one <b>two</b> three</p><p id='b'>one <a href='/x'>two</a> three</p>"))
    tree = measure(dom.body_of(doc), WordCounter(1.7))
    stats = {dom.describe(el): (tree.words[i], tree.leaves[i]) for i, el in enumerate(tree.nodes)}
    assert stats["p#a"] == (3.0, 1)
    assert stats["p#b"] == (3.0, 3)


def test_hidden_and_script_text_is_not_counted(default_config):
    hidden = "<div id='hidden' style='display: none'><p>" + "hidden words " * 200 + "</p></div>"
    script = "<script>" + "var x = 'script words';" * 200 + "</script>"
    html = pages.ARTICLE.replace("<nav id='nav'>", hidden + script + "<nav id='nav'>")
    selection, text, _, _ = run_algorithm(default_config, NAME, html)
    assert_picks(text, pages.ARTICLE_IN, ["hidden words", "script words"])


def test_document_is_left_unchanged(default_config):
    html = pages.ARTICLE.replace("<footer", "<!-- a comment --><script>var a = 1;</script><footer")
    _, _, doc, _ = run_algorithm(default_config, NAME, html)
    assert etree.tostring(doc) == etree.tostring(dom.parse(html))


def test_a_page_without_words_has_no_selection(default_config):
    selection, _, _, _ = run_algorithm(default_config, NAME, page("<div><img src='a.png'></div><script>x = 1</script>"))
    assert selection is None


def test_deep_nesting_does_not_recurse(default_config):
    # Deeper than Python's recursion limit (1,000). libxml2 keeps about 2,000 levels of a
    # deeper page, so this is as deep as a tree handed to an algorithm gets.
    html = page("<div>" * DEEP + "<p>" + "deep words " * 50 + "</p>" + "</div>" * DEEP + "<p>Tail.</p>")
    selection, text, _, _ = run_algorithm(default_config, NAME, html)
    assert "deep words" in text


def test_through_the_pipeline_reader_text_is_the_article():
    pipeline = Pipeline(load_config_text(f"content: {{algorithm: {NAME}, fallback: []}}"))
    result = pipeline.run(pages.ARTICLE.encode(), "https://example.com/story", mode="reader")
    assert result.selection.startswith(NAME)
    assert_picks(result.text, pages.ARTICLE_IN, pages.ARTICLE_OUT)
