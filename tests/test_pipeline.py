"""The pipeline end to end on small pages: modes, result fields, charset, bypass link, failures."""
import pytest

from clearpage.filters import BudgetExceeded, Delivery, PageError, Pipeline, extract_text, load_config_text
from tests.helpers import page

ARTICLE = "".join("<p>" + f"Paragraph {i} of the article, long enough to be read as real prose by any rule. " * 3 + "</p>" for i in range(6))
NAV = "<nav id='top'><ul>" + "".join(f"<li><a href='/section/{i}'>Section {i}</a></li>" for i in range(10)) + "</ul></nav>"
AD = "<div class='ad'><iframe src='https://ad.doubleclick.net/x'></iframe></div>"
PAGE = (
    "<!DOCTYPE html><html lang='en'><head><meta charset='iso-8859-1'><title>Story title | News</title>"
    "<meta property='og:site_name' content='News'></head><body>"
    + NAV + "<div id='story'><h1>Story title</h1>" + ARTICLE + "</div>" + AD + "</body></html>"
)
URL = "https://news.example/story?id=7"


@pytest.fixture(scope="module")
def pipeline():
    return Pipeline(load_config_text("mode: auto"))


def test_filter_mode_keeps_layout_removes_clutter(pipeline):
    result = pipeline.run(PAGE, URL, mode="filter")
    assert result.mode == "filter" and result.changed and result.media_type == "text/html"
    assert "doubleclick" not in result.html and 'class="ad"' not in result.html
    assert "<div id=\"story\">" in result.html
    assert 'id="top"' not in result.html
    nav_links = [l.url for l in result.removed_links]
    assert "https://news.example/section/3" in nav_links
    assert 'data-clearpage="removed-links"' in result.html
    assert "https://news.example/story?id=7&amp;clearpage=off" in result.html
    assert {r.filter for r in result.reports} >= {"ignore", "ad_server", "link_list", "empty_table"}


def test_charset_meta_rewritten_to_utf8(pipeline):
    result = pipeline.run(PAGE, URL, mode="filter")
    assert result.html.count("charset") == 1 and '<meta charset="utf-8">' in result.html


def test_reader_mode_builds_reader_page(pipeline):
    result = pipeline.run(PAGE, URL, mode="reader")
    assert result.mode == "reader"
    assert result.html.count("<main") == 1 and result.html.count("<h1") == 1
    assert "Paragraph 5 of the article" in result.text and "Section 3" not in result.text
    assert result.title == "Story title"
    assert any(l.url == "https://news.example/section/3" for l in result.removed_links)


def test_text_mode_is_plain_text(pipeline):
    result = pipeline.run(PAGE, URL, mode="text")
    assert result.media_type == "text/plain"
    assert result.output.startswith("# Story title\n")
    assert "Paragraph 0 of the article" in result.output and "<p>" not in result.output
    assert "\n\n\n" not in result.output


def test_reader_text_is_the_content_below_its_title(pipeline):
    """The heading repeating the title is the reader page's header, not its text: Result.text
    (extract_text) leaves it out and Result.title has it; text mode still opens with it."""
    result = pipeline.run(PAGE, URL, mode="reader")
    assert result.title == "Story title"
    assert result.text.startswith("Paragraph 0 of the article") and "Story title" not in result.text
    assert extract_text(PAGE, URL).startswith("Paragraph 0 of the article")
    other = PAGE.replace("<h1>Story title</h1>", "<h1>Another heading</h1>")
    assert pipeline.run(other, URL, mode="reader").text.startswith("Another heading")  # a heading that is not the title stays


def test_reader_text_leaves_out_the_headline_worded_apart_from_the_title(pipeline):
    """An h1 opening the content is the headline even when <title> words it differently (the
    site's own name, a word more or less): Result.text leaves it to Result.title. An h1 sharing
    few words with the title, or one below the first text, stays."""
    worded = PAGE.replace("<h1>Story title</h1>", "<h1>The whole story title, told today</h1>")
    worded = worded.replace("<title>Story title | News</title>", "<title>Whole story title today | News</title>")
    assert pipeline.run(worded, URL, mode="reader").text.startswith("Paragraph 0 of the article")
    other = worded.replace("<h1>The whole story title, told today</h1>", "<h1>Another heading here</h1>")
    assert pipeline.run(other, URL, mode="reader").text.startswith("Another heading here")
    below = worded.replace("<h1>The whole story", "<p>" + "A first paragraph before any heading at all. " * 6 + "</p><h1>The whole story")
    assert "The whole story title, told today" in pipeline.run(below, URL, mode="reader").text


def test_off_mode_returns_original(pipeline):
    result = pipeline.run(PAGE, URL, mode="off")
    assert not result.changed and result.html == PAGE


def test_auto_picks_reader_for_articles_and_filter_otherwise(pipeline):
    assert pipeline.run(PAGE, URL).mode == "reader"
    listing = page("<ul>" + "".join(f"<li><a href='/p/{i}'>Product {i}</a> $5</li>" for i in range(30)) + "</ul>")
    assert pipeline.run(listing, URL).mode == "filter"


def test_auto_leaves_app_shells_alone(pipeline):
    shell = page("<div id='root'></div><script src='/app.js'></script>")
    result = pipeline.run(shell, URL)
    assert not result.changed and result.mode == "off" and "app shell" in result.decision


def test_format_override_gives_text_of_filtered_page(pipeline):
    result = pipeline.run(PAGE, URL, mode="filter", format="text")
    assert result.media_type == "text/plain" and "Story title" in result.output


def test_bytes_are_decoded_with_header_charset(pipeline):
    data = page("<p>" + "Grüße aus München. " * 40 + "</p>").encode("latin-1")
    result = pipeline.run(data, URL, mode="reader", charset="iso-8859-1")
    assert "Grüße aus München" in result.text and result.encoding == "cp1252"


def test_empty_page_is_a_page_error(pipeline):
    with pytest.raises(PageError):
        pipeline.run(b"  \n", URL)


def test_budget_exceeded_raises(pipeline):
    big = page("<div>" + "<p>x <a href='/a'>y</a></p>" * 20000 + "</div>")
    with pytest.raises(BudgetExceeded):
        pipeline.run(big, URL, mode="filter", budget_ms=1)


def test_extract_text_defaults():
    assert "Paragraph 2 of the article" in extract_text(PAGE, URL)


def test_site_rule_turns_a_host_off():
    pipeline = Pipeline(load_config_text("sites:\n  - match: '*.example'\n    mode: 'off'\n"))
    assert not pipeline.run(PAGE, "https://www.example/a").changed
    assert pipeline.run(PAGE, "https://other.test/a").changed


def test_unknown_mode_is_rejected(pipeline):
    with pytest.raises(ValueError):
        pipeline.run(PAGE, URL, mode="nope")


def test_meta_csp_is_copied_and_decides_the_stylesheet(pipeline):
    policy = "default-src 'self'; script-src 'none'"
    html = PAGE.replace("<title>", f"<meta http-equiv='Content-Security-Policy' content=\"{policy}\"><title>")
    result = pipeline.run(html, URL, mode="reader", delivery=Delivery(stylesheet_href="/__clearpage__/reader.css"))
    assert f'<meta http-equiv="Content-Security-Policy" content="{policy}">' in result.html
    assert "<style>" not in result.html and '<link rel="stylesheet" href="/__clearpage__/reader.css">' in result.html
    strict = pipeline.run(html, URL, mode="reader", delivery=Delivery(csp=("style-src 'none'",), stylesheet_href="/__clearpage__/reader.css"))
    assert "<style>" not in strict.html and "reader.css" not in strict.html
    assert "<style>" in pipeline.run(PAGE, URL, mode="reader").html


DESCRIPTION = "The first post of the thread, cut short by the forum where its description ends here and more"
SHELL = page("<section id='main'><noscript></noscript></section>", head=f"<meta name='description' content='{DESCRIPTION}'>")


@pytest.mark.parametrize("mode", ["reader", "text"])
def test_empty_page_shows_its_own_description_labelled(pipeline, mode):
    result = pipeline.run(SHELL, URL, mode=mode)
    assert DESCRIPTION in result.output and "summary, from its metadata" in result.output
    assert DESCRIPTION not in result.text  # the page's own text: metadata is not content


def test_empty_page_summary_keeps_the_link_to_the_original(pipeline):
    assert "story?id=7&amp;clearpage=off" in pipeline.run(SHELL, URL, mode="reader").output


def test_description_is_not_added_to_a_page_with_text(pipeline):
    result = pipeline.run(PAGE.replace("</head>", f"<meta name='description' content='{DESCRIPTION}'></head>"), URL, mode="reader")
    assert DESCRIPTION not in result.output and "from its metadata" not in result.output


def test_description_goes_before_the_few_words_a_near_empty_page_has(pipeline):
    near_empty = SHELL.replace("<noscript>", "<p>Loading…</p><noscript>")
    output = pipeline.run(near_empty, URL, mode="text").output
    assert output.index(DESCRIPTION) < output.index("Loading")


def test_a_description_shorter_than_the_content_is_not_shown(pipeline):
    short = page("<p>Sign in to read more.</p>", head="<meta name='description' content='Read more.'>")
    result = pipeline.run(short, URL, mode="reader")
    assert "from its metadata" not in result.output and result.text.strip() == "Sign in to read more."


@pytest.mark.parametrize("mode", ["reader", "text"])
def test_only_a_declared_description_stands_in_for_an_empty_page(pipeline, mode):
    # No <meta>/JSON-LD description: the excerpt falls back to the first paragraph, here the
    # fallback text of an <iframe> (never shown); it must not be shown as "the page's summary".
    fallback = "Shown only by browsers without frames, the whole rest of this page is raw text"
    shell = page(f"<section id='main'><p><iframe src='x'>{fallback}</p><p>and more</p></section>")
    result = pipeline.run(shell, URL, mode=mode)
    assert result.metadata.description == "" and result.metadata.excerpt  # (the fallback excerpt exists)
    assert "from its metadata" not in result.output and fallback not in result.output


def test_auto_does_not_take_a_fallback_excerpt_for_a_description(pipeline):
    # The excerpt falls back to the first paragraph's text, here a <noscript> fallback that the
    # empty-page test does not count as visible: not a description that could stand in for the page.
    fallback = "Shown only by browsers without scripts, this sentence is long enough for it"
    shell = page(f"<section id='main'><p><noscript>{fallback}</noscript></p></section>")
    result = pipeline.run(shell, URL)
    assert result.metadata.excerpt == fallback and result.metadata.description == ""
    assert result.mode != "reader"


def test_auto_serves_an_empty_page_with_a_description_as_a_reader_page(pipeline):
    result = pipeline.run(SHELL, URL)
    assert result.mode == "reader" and DESCRIPTION in result.output


def test_filter_mode_metadata_is_the_parsed_pages_even_when_the_filters_removed_its_source(pipeline):
    # Filter mode reads only the title before filtering; Result.metadata comes later from a new
    # parse: the byline inside the link list the chain removes must still be there.
    from clearpage.filters import dom, metadata

    links = "".join(f"<li><a href='/t/{i}'>Topic {i}</a></li>" for i in range(8))
    byline_page = PAGE.replace(NAV, f"<div class='topics'><ul>{links}<li class='byline'>Ann Writer</li></ul></div>")
    expected = metadata.extract(dom.parse(byline_page))
    assert expected.byline == "Ann Writer" and expected.title == "Story title"
    result = pipeline.run(byline_page, URL, mode="filter")
    assert "Ann Writer" not in result.html and result.title == expected.title
    assert result.metadata == expected
    assert pipeline.run(byline_page, URL, mode="filter", format="text").metadata == expected
    assert pipeline.run(byline_page, URL, mode="reader").metadata == expected


def test_filter_mode_title_is_the_pages_declared_one_though_the_chain_removed_its_meta(pipeline):
    # Filter mode reads the title only when asked (Result.title): the ignore filter has killed
    # the og:title <meta> by then, and the title must still be the page's declared one.
    declared = PAGE.replace("<title>Story title | News</title>", "<title>Other | News</title><meta property='og:title' content='Declared title'>")
    result = pipeline.run(declared, URL, mode="filter")
    assert "Declared title" not in result.html
    assert result.title == "Declared title" == result.metadata.title
    assert result.report_dict()["title"] == "Declared title"


def _removed_urls(html: str) -> set[str]:
    result = Pipeline(load_config_text("mode: filter")).run(html, "https://example.com/page")
    return {l.url for l in result.removed_links}


LINK_LIST = "<ul>" + "".join(f"<li><a href='p{i}'>P{i}</a></li>" for i in range(4)) + "</ul><p>" + "word " * 50 + "</p>"


def test_a_base_in_the_head_wins_over_one_in_the_body():
    html = page("<base href='https://body.example/'>" + LINK_LIST, head="<base href='https://head.example/d/'>")
    assert _removed_urls(html) == {f"https://head.example/d/p{i}" for i in range(4)}


def test_a_base_in_the_body_counts_when_the_head_has_none_with_an_href():
    html = page("<base href='https://body.example/d/'>" + LINK_LIST, head="<base target='_blank'>")
    assert _removed_urls(html) == {f"https://body.example/d/p{i}" for i in range(4)}


@pytest.mark.parametrize("body, minimum", [
    ("<div><p>" + "word " * 60 + "</p></div>", 200),  # enough text in the first node
    ("<div><p>short</p></div><p>" + "word " * 60 + "</p>", 200),  # enough only with the second
    ("<div><p>a few words</p></div>", 200),  # too little
    ("<div><p>" + " " * 9000 + "</p><p>" + "word " * 60 + "</p></div>", 200),  # the words past the prefix read
    ("<div><p>" + "\n  " * 3000 + "x</p>" + "<b>y</b> " * 120 + "</div>", 200),  # whitespace runs in the prefix
])
def test_counted_chars_answers_as_the_whole_collapsed_text(body, minimum):
    from clearpage.filters import dom
    from clearpage.filters.selection import _counted_chars

    nodes = list(dom.body_of(dom.parse(page(body))))
    exact = sum(len(dom.text_of(n)) for n in nodes)
    assert (_counted_chars(nodes, minimum) >= minimum) == (exact >= minimum)


@pytest.mark.parametrize("body, noted", [
    # links before, after and beside the selection, some without href, one around it
    ("<nav><a href='/a'>A</a><a>no href</a></nav><div><p>x<a href='/b'>B</a></p>"
     "<a href='/wrap'><div id='sel'><p>in</p></div></a><!-- c --><span><a href='/c'>C</a></span></div>"
     "<footer><a href='/d'>D</a><a href='/a'>A again</a></footer>", ["a", "b", "wrap", "c", "d", "a"]),
    # a link inside a link (libxml2 nests them through a span): noted twice, as link by link
    ("<a href='/outer'>O<span><a href='/inner'>I</a></span></a><div id='sel'><p>t</p></div><a href='/e'>E</a>",
     ["outer", "inner", "inner", "e"]),
    # two selected blocks, links between them
    ("<div><div id='sel'><a href='/in1'>1</a></div><a href='/mid'>M</a><div id='sel2'><a href='/in2'>2</a></div></div>"
     "<a href='/z'>Z</a>", ["mid", "z"]),
])
def test_links_outside_the_selection_are_noted_as_link_by_link(body, noted):
    from clearpage.filters import dom
    from clearpage.filters.context import PageContext
    from clearpage.filters.links import note_each_link_outside, note_links_outside

    doc = dom.parse(page(body))
    nodes = doc.xpath("//*[@id='sel' or @id='sel2']")
    by_subtree, by_link = PageContext(url=URL, base_url=URL), PageContext(url=URL, base_url=URL)
    note_links_outside(doc, nodes, by_subtree, "content")
    note_each_link_outside(dom.body_of(doc), nodes, by_link, "content")
    assert by_subtree.removed_links == by_link.removed_links
    assert [link.url.rsplit("/", 1)[1] for link in by_subtree.removed_links] == noted


def test_a_filtered_page_without_its_stylesheets_shows_its_empty_links():
    # ignore.styles removes the site's CSS: an icon link drawn by it would be a focus stop on nothing.
    html = page("<p>" + "Words of the story, enough of them to be a page. " * 20 + "</p><a href='/share' class='icon'></a>",
                head="<link rel='stylesheet' href='/site.css'>")
    served = Pipeline(load_config_text("mode: filter\nfilters:\n  ignore: {styles: true}\n")).run(html, "https://example.com/page").output
    assert '<a href="/share" class="icon">example.com/share</a>' in served
    kept = Pipeline(load_config_text("mode: filter")).run(html, "https://example.com/page").output
    assert '<a href="/share" class="icon" aria-label="example.com/share"></a>' in kept  # the site's CSS may draw it


BIG_PAGES = {
    "article": PAGE.replace("iso-8859-1", "utf-8").replace("Paragraph 0", "Paragraph caf\u00e9 0"),
    "frameset": "<!DOCTYPE html><html><head><title>Frames</title></head><frameset><frame src='/a'></frameset></html>",
    "no doctype": "<html><body>" + ARTICLE + "</body></html>",
}


@pytest.mark.parametrize("name", sorted(BIG_PAGES))
@pytest.mark.parametrize("mode", ["auto", "filter", "reader", "text", "off"])
def test_a_big_page_is_parsed_from_its_bytes_alone_with_the_same_result(pipeline, monkeypatch, name, mode):
    from clearpage.filters import dom
    from clearpage.filters import pipeline as pipeline_module

    data = BIG_PAGES[name].encode("utf-8")
    kept = pipeline.run(data, URL, mode=mode, charset="utf-8")  # a page under BIG_SOURCE_BYTES keeps its text
    monkeypatch.setattr(pipeline_module, "BIG_SOURCE_BYTES", len(data) - 1)  # this one is big now
    texts = []
    parse = dom.parse
    monkeypatch.setattr(dom, "parse", lambda text, *args, **kwargs: (texts.append(text), parse(text, *args, **kwargs))[1])
    big = pipeline.run(data, URL, mode=mode, charset="utf-8")
    if mode != "off":
        assert texts[0] is None  # the page's text was not kept beside its bytes and the tree
    for field in ("html", "output", "changed", "mode", "decision", "media_type", "encoding", "policy", "text", "title"):
        assert getattr(big, field) == getattr(kept, field), field
    assert big.metadata == kept.metadata
