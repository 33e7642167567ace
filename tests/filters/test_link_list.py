import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st

from clearpage.filters import dom, load_config
from clearpage.filters.chain.base import BuildEnv
from clearpage.filters.chain.link_list import _CJK, LinkListFilter
from tests.helpers import page, run_filter, texts

ARTICLE = "<p>" + "This paragraph is the article and has plenty of ordinary words in it. " * 6 + "</p>"
MENU = "<ul id='menu'>" + "".join(f"<li><a href='/s{i}'>Section {i}</a></li>" for i in range(8)) + "</ul>"


def test_removes_menu_and_keeps_article(options):
    doc, report, ctx = run_filter("link_list", options("link_list"), page(MENU + ARTICLE))
    assert doc.xpath("//ul[@id='menu']") == []
    assert "article" in texts(doc, "//p")[0]
    assert report.count == 1 and report.removals[0].target == "ul#menu"
    assert {link.url for link in ctx.removed_links} == {f"https://example.com/s{i}" for i in range(8)}


def test_paragraph_with_a_few_links_stays(options):
    body = "<p>" + "words " * 40 + "<a href='/a'>one</a> and <a href='/b'>two</a></p>"
    doc, report, _ = run_filter("link_list", options("link_list"), page(body))
    assert report.count == 0
    assert len(doc.xpath("//a")) == 2


def test_threshold_decides(options):
    # 3 links beside 10 words (50 letters): ratio 0.3.
    body = "<div id='box'>" + "abcde " * 10 + "<a href='/1'>x</a><a href='/2'>y</a><a href='/3'>z</a></div>"
    kept, report_kept, _ = run_filter("link_list", options("link_list", threshold=0.35), page(body))
    gone, report_gone, _ = run_filter("link_list", options("link_list", threshold=0.25), page(body))
    assert kept.xpath("//div[@id='box']") and report_kept.count == 0
    assert not gone.xpath("//div[@id='box']") and report_gone.count == 1


def test_inner_list_judged_first_so_wrapper_survives(options):
    body = f"<div id='wrap'>{MENU}{ARTICLE}</div>"
    doc, _, _ = run_filter("link_list", options("link_list"), page(body))
    assert doc.xpath("//div[@id='wrap']")
    assert not doc.xpath("//ul[@id='menu']")


def test_remove_content_keeps_the_cell_element_drops_it(options):
    body = "<table><tr><td id='side'>" + "".join(f"<a href='/{i}'>L{i}</a> " for i in range(5)) + f"</td><td>{ARTICLE}</td></tr></table>"
    doc, _, ctx = run_filter("link_list", options("link_list", remove="content"), page(body))
    cell = doc.xpath("//td[@id='side']")
    assert cell and dom.text_of(cell[0]) == "" and len(cell[0]) == 0
    assert len(ctx.removed_links) == 5
    doc, _, _ = run_filter("link_list", options("link_list", remove="element"), page(body))
    assert not doc.xpath("//td[@id='side']") and len(doc.xpath("//td")) == 1


def test_remove_content_still_removes_whole_divs(options):
    doc, _, _ = run_filter("link_list", options("link_list", remove="content"), page(MENU.replace("ul", "div") + ARTICLE))
    assert not doc.xpath("//div[@id='menu']")


def test_cjk_counting_keeps_chinese_paragraph_with_links(options):
    # 60 Han characters with 4 links: letters/5 = 12 "words" -> ratio 0.33 (a link list at 0.3);
    # script-aware counting gives ~35 words -> ratio 0.11 (kept).
    text = "这是一个关于中文网页内容提取的段落我们需要确认它不会被当作链接列表删除" * 2
    body = f"<p id='zh'>{text[:60]}" + "".join(f"<a href='/{i}'>链接{i}</a>" for i in range(4)) + "</p>"
    letters = run_filter("link_list", options("link_list", counting="letters", threshold=0.3), page(body, lang="zh"))[0]
    aware = run_filter("link_list", options("link_list", counting="script_aware", threshold=0.3), page(body, lang="zh"))[0]
    assert not letters.xpath("//p[@id='zh']")
    assert aware.xpath("//p[@id='zh']")


def test_body_and_article_never_removed(options):
    body = "<article>" + "".join(f"<a href='/{i}'>L{i}</a>" for i in range(10)) + "</article>"
    doc, _, _ = run_filter("link_list", options("link_list"), page(body))
    assert doc.xpath("//article")


def test_letters_of_texts_and_tails_in_any_script_count_as_the_rule_says(options):
    # Non-linked letters come from texts and tails, ASCII or not (counted inline or by _letters),
    # including the tail of an element that has nothing else to pass up (<b></b>); a link's own
    # text does not count, its tail does. 16 other letters / 5 + 3 CJK / 1.7 = 4.96 words.
    block = "<div id='blk'><a href='/1'>one</a> café au lait <span>déjà</span><b></b> vu <a href='/2'>two</a>日本語</div>"
    doc, report, _ = run_filter("link_list", options("link_list", threshold=0.0), page(block + ARTICLE))
    assert not doc.xpath("//div[@id='blk']")
    assert report.removals[0].target == "div#blk" and report.removals[0].reason == "2 links / 5.0 words > 0.0"
    plain = block.replace("café au lait", "cafe au lait").replace("déjà", "deja")  # the same letters, all ASCII
    doc, report, _ = run_filter("link_list", options("link_list", threshold=0.0), page(plain + ARTICLE))
    assert report.removals[0].reason == "2 links / 5.0 words > 0.0"


def test_ascii_text_counts_the_letters_isalpha_counts(options):
    # Digits, underscores, punctuation, spaces and tabs are not letters; every ASCII letter is.
    text = "Ab1_2 c-d!e\tF?g.h9 " + "".join(chr(c) for c in range(0x20, 0x7F))
    block = f"<div id='blk'><a href='/1'>x</a> {text} <a href='/2'>y</a></div>"
    doc, report, _ = run_filter("link_list", options("link_list", threshold=0.0, word_length=1.0), page(block + ARTICLE))
    letters = sum(ch.isalpha() for ch in text)
    assert report.removals[0].reason == f"2 links / {letters:.1f} words > 0.0"


def test_a_block_with_fewer_links_than_min_links_stays_however_few_its_words(options):
    body = "<div id='one'><a href='/1'>only link</a></div><div id='two'><a href='/1'>a</a><a href='/2'>b</a></div>"
    doc, report, _ = run_filter("link_list", options("link_list", min_links=2), page(body + ARTICLE))
    assert doc.xpath("//div[@id='one']") and not doc.xpath("//div[@id='two']")
    doc, report, _ = run_filter("link_list", options("link_list", min_links=3), page(body + ARTICLE))
    assert doc.xpath("//div[@id='one']") and doc.xpath("//div[@id='two']") and report.count == 0


def _link_list(counting: str) -> LinkListFilter:
    return LinkListFilter(dataclasses.replace(load_config().settings.filters["link_list"], counting=counting), BuildEnv())


_AWARE, _PLAIN = _link_list("script_aware"), _link_list("letters")


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from("aZ9_ -.\t'éßÆœ²½ＡΩжπ’—€・ー日本語한글カな\u0301\U0001d400"), max_size=40))
def test_letters_counts_what_isalpha_and_the_cjk_ranges_say(text):
    # The letters of any text, counted the fast way (its ASCII part apart, in C), are
    # str.isalpha's, the CJK characters apart under script_aware and among the others under letters.
    letters = sum(ch.isalpha() for ch in text)
    cjk = len(_CJK.findall(text))
    assert _AWARE._letters(text, 3, 4) == (3 + letters - cjk, 4 + cjk)
    assert _PLAIN._letters(text, 3, 4) == (3 + letters, 4)
