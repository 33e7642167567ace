"""Markup hints (filters/content/hints.py): the RE2 word and token searches say what ``re`` says."""
import re

import pytest

from clearpage.filters import dom
from clearpage.filters.content import hints
from tests.content.algo_util import features_and_kinds, joined_selection
from tests.content.article_pages import STORY, URL

_NAMES = [
    "", " ", "widget_", "widget_x", "widget__x", "widget_1748939365246", "hs_cos_wrapper_widget_17489", "my-widget_\n", "entry-content", "site-header",
    "mainNav", "navItem", "sideBarAd", "ad", "ads-top", "uploads", "threads", "canvas", "header",
    "post header", "HEADER", "x-Menu", "menuItem-2", "crumbs", "aside_1", "Ünïcödé-nav", "ΣΑΣ nav",
    "reviews-list", "customer-review", "sharedaddy", "print", "printer", "a-tag", "tags-", "tagline",
]


@pytest.mark.parametrize("names", _NAMES)
def test_boilerplate_words_match_like_re(names):
    reference = re.compile(hints._BOILERPLATE_WORDS)
    assert (hints._BOILERPLATE_RE.search(names.lower()) is not None) == (reference.search(names.lower()) is not None)


@pytest.mark.parametrize("names", _NAMES)
def test_boilerplate_token_search_matches_the_token_set(names):
    tokens = set(re.split(r"[^a-z0-9]+", re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", names).lower()))
    assert hints._has_boilerplate_token(names) == bool(tokens & hints._BOILERPLATE_TOKENS)
    assert hints._tokens(names) == tokens


def test_camel_case_tokens_and_whole_words():
    assert hints._has_boilerplate_token("sideNav")
    assert not hints._has_boilerplate_token("uploads canvas threads")


def test_a_widget_word_followed_by_a_number_is_an_element_id_not_boilerplate():
    el = hints_element("<div class='hs_cos_wrapper hs_cos_wrapper_widget' id='hs_cos_wrapper_widget_1748939365246'><p>Our services</p></div>")
    assert hints.hint(el, el.tag) != hints.BOILERPLATE
    sidebar = hints_element("<div class='widget_text' id='text-3'><p>About us</p></div>")
    assert hints.hint(sidebar, sidebar.tag) == hints.BOILERPLATE


def hints_element(html: str):
    """The first <div> of a page made of ``html``."""
    return dom.parse(f"<html><body>{html}</body></html>").xpath("//body/div")[0]


def _classify_by_each_regex(names: str) -> int:
    """What ``_classify`` says of a plain <div>'s class/id string, each word test a regex call of its own."""
    lowered = names.lower()
    if not lowered:
        return hints.NEUTRAL
    content = hints._CONTENT_RE.search(lowered) is not None
    if hints._COMMENT_RE.search(lowered):
        return hints.COMMENTS
    if re.search(hints._BOILERPLATE_WORDS, lowered) or hints._has_boilerplate_token(names):
        return hints.NEUTRAL if content and not hints.strong_boilerplate(lowered) else hints.BOILERPLATE
    return hints.CONTENT if content else hints.NEUTRAL


_MIXED_NAMES = ["commentary article", "comment", "commentaires", "comments-area", "news commentary", "commenta",
                "entry-content share-buttons", "post-body related", "article comments", "main-content widget_", "story sticky",
                "blog\tfooter", "content sideNav", "reply- box", "docs-content Menu", "h-entry ad", "headEr", "tagS x", "Related-Posts entry"]


@pytest.mark.parametrize("names", _NAMES + _MIXED_NAMES)
def test_one_pass_word_set_classifies_like_each_regex_on_its_own(names):
    assert hints._classify("div", "", "", names.strip()) == _classify_by_each_regex(names.strip())


def test_kinds_hint_elements_with_text_and_leave_textless_ones_neutral():
    from clearpage.filters.content import features as feat

    body = dom.body_of(dom.parse(
        "<body><nav class='menu'>Home</nav><div class='sidebar'><img src='a.png'></div>"
        "<article class='entry-content'><p>Text.</p></article></body>"))
    f = feat.compute(body)
    kinds = dict(zip(f.elements, hints.kinds(f)))
    by_tag = {el.tag: kind for el, kind in kinds.items()}
    assert len(kinds) == len(f)
    assert by_tag["nav"] == hints.BOILERPLATE  # text, and a boilerplate tag
    assert by_tag["article"] == hints.CONTENT
    assert by_tag["div"] == hints.NEUTRAL  # "sidebar" alone would be boilerplate: no text to weigh
    assert hints.hint(f.elements[f.tags.index("div")], "div") == hints.BOILERPLATE


def test_kinds_agree_with_hint_on_every_element_with_text():
    f, _ = features_and_kinds(
        "<body class='has-sidebar'><div role='navigation'>Menu</div><div class=''>Plain</div>"
        "<span itemprop='articleBody' class='sidebar'>Body</span><div id='comments'>Said</div>"
        "<aside class='entry-content' data-x='1'>Aside</aside><p role='' id='main-content'>Text</p>"
        "<footer>Foot</footer><main>Main</main></body>")
    kinds = hints.kinds(f)
    assert kinds == [hints.hint(el, tag) for el, tag in zip(f.elements, f.tags)]
    assert {hints.BOILERPLATE, hints.CONTENT, hints.COMMENTS, hints.NEUTRAL} <= set(kinds)


def test_hint_at_reads_the_walks_names_as_hint_reads_the_element():
    f, _ = features_and_kinds(
        "<body class='has-sidebar'><div role='navigation'><img src='m.png'></div><div class=''><br></div>"
        "<span itemprop='articleBody' class='sidebar'>Body</span><div id='comments'><img src='c.png'></div>"
        "<aside class='entry-content' data-x='1'></aside><p role='' id='main-content'>Text</p>"
        "<footer><img src='f.png'></footer><main>Main</main><div class='share'><hr></div></body>")
    hinted = [hints.hint_at(f, i) for i in range(len(f))]
    assert hinted == [hints.hint(el, tag) for el, tag in zip(f.elements, f.tags)]
    assert {hints.BOILERPLATE, hints.CONTENT, hints.COMMENTS, hints.NEUTRAL} <= set(hinted)


@pytest.mark.parametrize(("names", "kind"), [
    ("full news subjective commentary article", hints.CONTENT),  # an opinion piece, not its readers' comments
    ("sect sect_article commentary", hints.CONTENT),
    ("comments-area", hints.COMMENTS), ("comment", hints.COMMENTS), ("commentaires", hints.COMMENTS), ("commentlist", hints.COMMENTS),
])
def test_commentary_names_a_genre_of_article_not_a_comment_thread(names, kind):
    assert hints._classify("div", "", "", names) == kind


def test_an_opinion_piece_named_commentary_is_the_content_not_a_comment_thread(algo):
    # (the readers' thread longer than the piece, as on a busy opinion page)
    replies = "".join(f"<li class='comment'><p>Reader {i}: I do not agree with this at all, the mill was never that old, "
                      f"and the council knew it when it paid for the repairs last spring.</p></li>" for i in range(16))
    html = ("<html><body><nav><a href='/'>Home</a> <a href='/opinion'>Opinion</a></nav>"
            f"<div class='full news subjective commentary article'><div class='sect sect_article commentary'>"
            f"<h1>The mill</h1><div class='sectbody'>{STORY}</div></div></div>"
            f"<div id='comments'><h2>Comments</h2><ol>{replies}</ol></div></body></html>")
    text = joined_selection(algo, html, URL)
    assert "Paragraph 7" in text and "The mill" in text
