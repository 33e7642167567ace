"""filters/metadata.py: each source of the reader page's metadata, on small pages written here."""
from __future__ import annotations

import json

import pytest

from clearpage.filters import Pipeline, dom, load_config, metadata


def extract(head: str = "", body: str = "", html_attrs: str = "", title: str | None = None) -> metadata.Metadata:
    title_el = f"<title>{title}</title>" if title is not None else ""
    return metadata.extract(dom.parse(f"<!DOCTYPE html><html{html_attrs}><head>{title_el}{head}</head><body>{body}</body></html>"))


def ld(data, cdata: bool = False) -> str:
    text = json.dumps(data)
    if cdata:
        text = f"<![CDATA[{text}]]>"
    return f"<script type='application/ld+json'>{text}</script>"


PARA = "<p>The committee met on Tuesday and agreed the new budget after a long debate.</p>"


# --------------------------------------------------------------------------- JSON-LD

def test_json_ld_article_in_a_graph_with_author_reference():
    graph = {"@context": "https://schema.org", "@graph": [
        {"@type": "WebSite", "@id": "#site", "name": "Daily Example"},
        {"@type": "Person", "@id": "#ann", "name": "Ann Writer"},
        {"@type": "NewsArticle", "headline": "Budget agreed", "author": {"@id": "#ann"},
         "datePublished": "2024-03-05T10:00:00+01:00", "publisher": {"@type": "Organization", "name": "Daily Example"},
         "description": "The committee agreed the budget."},
    ]}
    meta = extract(ld(graph), PARA, title="Budget agreed - Daily Example")
    assert meta.title == "Budget agreed"
    assert meta.byline == "Ann Writer"
    assert meta.published == "2024-03-05T10:00:00+01:00"
    assert meta.site_name == "Daily Example"
    assert meta.excerpt == "The committee agreed the budget."


def test_json_ld_wrapped_in_cdata_and_in_a_list_after_a_breadcrumb():
    items = [{"@type": "BreadcrumbList", "name": "Home"},
             {"@type": "BlogPosting", "name": "Notes on tides", "author": [{"name": "Ann"}, {"name": "Bo"}, "https://x.example/c"]}]
    meta = extract(ld(items, cdata=True), PARA, title="Something else")
    assert meta.title == "Notes on tides"
    assert meta.byline == "Ann, Bo"  # a URL is no name


def test_json_ld_wrapped_in_an_html_comment():
    script = "<script type='application/ld+json'><!-- " + json.dumps({"@type": "Article", "headline": "Tides"}) + " --></script>"
    assert extract(script, PARA, title="Other").title == "Tides"


def test_json_ld_of_a_non_article_type_is_ignored():
    meta = extract(ld({"@type": "Organization", "name": "Acme", "author": "Nobody"}), PARA, title="Real article title here")
    assert meta.title == "Real article title here" and meta.byline == ""


def test_json_ld_headline_beats_a_name_holding_the_site_name():
    data = {"@type": "NewsArticle", "name": "Daily Example", "headline": "Storm closes the harbour for a week"}
    meta = extract(ld(data), PARA, title="Storm closes the harbour for the week - Daily Example")
    assert meta.title == "Storm closes the harbour for a week"


def test_json_ld_name_wins_when_it_covers_the_title_as_well():
    data = {"@type": "Article", "name": "New Zealand", "headline": "Country in Oceania"}
    assert extract(ld(data), PARA, title="New Zealand - Wikipedia").title == "New Zealand"


def test_broken_json_ld_is_skipped():
    meta = extract("<script type='application/ld+json'>{not json</script><meta name='author' content='Ann'>", PARA)
    assert meta.byline == "Ann"


# --------------------------------------------------------------------------- <meta>

def test_opengraph_and_article_meta():
    head = ("<meta property='og:title' content='Harbour closed'><meta property='og:site_name' content='Example News'>"
            "<meta property='article:published_time' content='2024-01-02T03:04:05Z'>"
            "<meta property='og:description' content='A storm.'>")
    meta = extract(head, PARA, title="Harbour closed | Example News")
    assert (meta.title, meta.site_name, meta.published, meta.excerpt) == ("Harbour closed", "Example News", "2024-01-02T03:04:05Z", "A storm.")


def test_dublin_core_beats_opengraph_and_property_beats_name():
    head = ("<meta name='og:title' content='OG name'><meta name='DC.title' content='DC name'>"
            "<meta property='dc:title' content='DC property'><meta property='og:title' content='OG property'>"
            "<meta name='author' content='Meta author'><meta name='DC.creator' content='DC creator'>")
    meta = extract(head, PARA)
    assert meta.title == "DC property"
    assert meta.byline == "DC creator"


def test_space_separated_properties_each_name_a_key():
    head = "<meta property='x:title dc:title' content='Preferred'><meta property='og:title twitter:title' content='Other'>"
    assert extract(head, PARA).title == "Preferred"


def test_parsely_meta():
    head = ("<meta name='parsely-title' content='Parsely title'><meta name='parsely-author' content='Jane Doe'>"
            "<meta name='parsely-pub-date' content='2024-04-20T04:20:00.000Z'>")
    meta = extract(head, PARA, title="Document title")
    assert (meta.title, meta.byline, meta.published) == ("Parsely title", "Jane Doe", "2024-04-20T04:20:00.000Z")


def test_article_author_url_is_not_a_byline():
    head = "<meta property='article:author' content='https://www.facebook.com/someone'>"
    meta = extract(head, "<p class='byline'>By Ann Writer</p>" + PARA)
    assert meta.byline == "By Ann Writer"


def test_twitter_label_written_by_gives_the_byline():
    head = ("<meta name='twitter:label1' content='Est. reading time'><meta name='twitter:data1' content='4 minutes'>"
            "<meta name='twitter:label2' content='Written by'><meta name='twitter:data2' content='Tyler Brown'>")
    assert extract(head, PARA).byline == "Tyler Brown"
    head = "<meta name='twitter:label1' content='Est. reading time'><meta name='twitter:data1' content='4 minutes'>"
    assert extract(head, PARA).byline == ""


def test_meta_values_escaped_twice_are_decoded():
    meta = extract("<meta name='description' content='Tom &amp;amp; Jerry &amp;#x1F62D;'>", PARA)
    assert meta.excerpt == "Tom & Jerry \U0001F62D"


def test_date_from_a_json_ld_web_page_and_an_itemprop_element():
    page = ld({"@type": "WebPage", "name": "Services", "datePublished": "2021-01-27T10:00:00+00:00"})
    assert extract(page, PARA).published == "2021-01-27T10:00:00+00:00"
    body = "<p>Posted <span itemprop='datePublished' content='2018-11-21'>Nov 21</span></p>" + PARA
    assert extract("", body).published == "2018-11-21"
    article = ld([{"@type": "WebPage", "datePublished": "2020-01-01"}, {"@type": "Article", "datePublished": "2021-02-02"}])
    assert extract(article, PARA).published == "2021-02-02"  # the article's own date first


def test_date_from_meta_itemprop_and_time_element():
    assert extract("<meta itemprop='datePublished' content='2020-05-06'>", PARA).published == "2020-05-06"
    assert extract("", "<time datetime='2019-01-02T10:00'>2 Jan</time>" + PARA).published == "2019-01-02T10:00"


# --------------------------------------------------------------------------- visible byline

def test_visible_byline_by_rel_author_and_class():
    assert extract("", "<div><a rel='author' href='/ann'>Ann Writer</a></div>" + PARA).byline == "Ann Writer"
    assert extract("", "<span class='article__byline'>By  Bo\n Reporter</span>" + PARA).byline == "By Bo Reporter"


def test_visible_byline_in_document_order_across_marks():
    body = "<div class='byline'>By Ann Writer</div>" + PARA + "<a rel='author' href='/x'>Someone Else</a>"
    assert extract("", body).byline == "By Ann Writer"


def test_visible_byline_takes_the_name_inside_a_byline_box():
    body = "<div class='byline'><span class='author vcard'><span class='fn'>Ann Writer</span></span> · 8h</div>" + PARA
    assert extract("", body).byline == "Ann Writer"
    body = "<div itemprop='author' itemscope><span itemprop='name'>Bo Reporter</span>, staff</div>" + PARA
    assert extract("", body).byline == "Bo Reporter"


def test_visible_byline_skips_hidden_off_article_and_long_boxes():
    body = ("<div class='author' style='display:none'>Hidden Name</div>"
            "<div class='comments'><span class='comment-author'>Commenter</span></div>"
            "<div class='author-bio'>" + "Ann has written about harbours for twenty years and more. " * 3 + "</div>"
            "<div id='authorization'>Sign in</div>"
            "<span class='byline'>By Ann Writer</span>" + PARA)
    assert extract("", body).byline == "By Ann Writer"


def test_a_long_box_is_skipped_whatever_of_its_text_is_hidden():
    long_text = "Ann has written about harbours for twenty years and more. " * 3
    # Long only with its hidden or script text: short enough to be the byline.
    body = ("<div class='byline'>By Ann<span hidden>" + long_text + "</span><script>var x = 1;" + long_text + "</script></div>" + PARA)
    assert extract("", body).byline == "By Ann"
    # Long in visible text spread over many elements, each short: not a byline.
    body = ("<article class='post author-ann'>" + "".join(f"<p>{w}</p>" for w in long_text.split()) + "</article>"
            "<span class='byline'>By Bo</span>" + PARA)
    assert extract("", body).byline == "By Bo"


def test_many_byline_like_classes_find_the_same_boxes():
    boxes = "".join(f"<article class='entry author-{i}'>{'Long story text. ' * 10}</article>" for i in range(8))
    page = dom.parse(boxes + "<div class='byline'>By Ann Writer</div>" + PARA)
    assert metadata.visible_byline(page) == "By Ann Writer"
    values = [f"entry author-{i}" for i in range(8)] + ["byline"]
    assert metadata._holding(page, values) == metadata._holding_query(len(values))(page, **{f"v{i}": v for i, v in enumerate(values)})


def test_page_classes_on_body_do_not_hide_the_byline():
    page = ("<!DOCTYPE html><html><head></head><body class='has-sidebar with-comments'>"
            "<div class='article__author'>By Ann</div>" + PARA + "</body></html>")
    assert metadata.extract(dom.parse(page)).byline == "By Ann"


def test_visible_byline_keeps_words_of_adjacent_elements_apart():
    body = "<div class='byline'><span>By</span><a href='/ann'>Ann Writer</a><time>June 12, 2025</time></div>" + PARA
    assert extract("", body).byline == "By Ann Writer June 12, 2025"


def test_metadata_byline_beats_the_visible_one():
    assert extract("<meta name='author' content='Ann Writer'>", "<span class='byline'>Someone</span>").byline == "Ann Writer"


# --------------------------------------------------------------------------- <title>

@pytest.mark.parametrize(("raw", "expected"), [
    ("Get your code covered | Code | Jane Doe", "Get your code covered | Code"),  # the last part goes
    ("Mozilla - Wikipedia", "Mozilla - Wikipedia"),  # too little would be left: kept
    ("Lorem ipsum dolor sit amet – My website", "Lorem ipsum dolor sit amet"),  # en dash separates too
    ("Blog | Five ways to fix a bike", "Five ways to fix a bike"),  # the first part when the rest is short
    ("Home » Blog » Five ways to fix a bike", "Home » Blog » Five ways to fix a bike"),  # 3 words left: a fragment
    ("Outside the web: standalone binaries with the new tools", "standalone binaries with the new tools"),
    ("This is a long title with a colon: Hello there", "This is a long title with a colon: Hello there"),
    ("A plain title without any separator", "A plain title without any separator"),
])
def test_clean_title(raw, expected):
    assert metadata.clean_title(raw) == expected


def test_title_with_a_colon_that_a_heading_repeats_is_kept():
    meta = extract("", "<h1>Budget: what changes for you</h1>" + PARA, title="Budget: what changes for you")
    assert meta.title == "Budget: what changes for you"


def test_known_site_name_is_stripped_from_the_title():
    meta = extract("<meta property='og:site_name' content='News'>", PARA, title="Story title | News")
    assert meta.title == "Story title"


def test_declared_title_loses_an_exact_site_name_part_only():
    head = "<meta property='og:site_name' content='Example News'><meta property='og:title' content='Harbour closed | Example News'>"
    assert extract(head, PARA).title == "Harbour closed"
    head = "<meta property='og:site_name' content='Example'><meta property='og:title' content='Harbour closed | Example News'>"
    assert extract(head, PARA).title == "Harbour closed | Example News"  # not the site's name: kept as declared


def test_very_short_title_gives_way_to_the_only_h1():
    assert extract("", "<h1>The harbour reopens after the storm</h1>" + PARA, title="Home").title == "The harbour reopens after the storm"
    assert extract("", "<h1>One</h1><h1>Two</h1>" + PARA, title="Home").title == "Home"


# --------------------------------------------------------------------------- lang and dir

def test_lang_from_html_or_content_language():
    assert extract("", PARA, html_attrs=" lang='pt-BR'").lang == "pt-BR"
    assert extract("<meta http-equiv='Content-Language' content='de, en'>", PARA).lang == "de"


@pytest.mark.parametrize(("html_attrs", "body_attrs", "body", "expected"), [
    (" dir='rtl'", "", PARA, "rtl"),
    (" dir='ltr'", " dir='rtl'", PARA, "rtl"),  # the nearer <body dir> wins
    ("", "", f"<main dir='RTL'>{PARA}</main>", "rtl"),
    ("", "", f"<article dir='rtl'>{PARA}</article>", "rtl"),
    (" dir='sideways'", "", PARA, ""),
])
def test_direction(html_attrs, body_attrs, body, expected):
    page = f"<!DOCTYPE html><html{html_attrs}><head></head><body{body_attrs}>{body}</body></html>"
    assert metadata.extract(dom.parse(page)).dir == expected


# --------------------------------------------------------------------------- excerpt

def test_excerpt_falls_back_to_the_articles_first_paragraph():
    body = ("<nav><p>Menu</p></nav><header><p>Subscribe now</p></header>"
            "<article><p class='byline'>By Ann</p><p aria-hidden='true'>Skip</p>"
            "<p>First real paragraph.<script>var x = 1;</script></p></article>")
    assert extract("", body).excerpt == "First real paragraph."


# --------------------------------------------------------------------------- the pipeline

def test_reader_page_carries_the_metadata():
    head = ld({"@type": "NewsArticle", "headline": "Harbour reopens", "author": {"@type": "Person", "name": "Ann Writer"},
               "datePublished": "2024-03-05"})
    page = (f"<!DOCTYPE html><html lang='en' dir='ltr'><head><title>Harbour reopens | Example</title>{head}</head>"
            f"<body><article><h1>Harbour reopens</h1>{PARA * 8}</article></body></html>")
    result = Pipeline(load_config()).run(page, "https://example.com/a", mode="reader")
    assert result.metadata.title == "Harbour reopens" and result.title == "Harbour reopens"
    assert result.metadata.byline == "Ann Writer" and result.metadata.published == "2024-03-05"
    assert "Ann Writer" in result.html and "lang=\"en\"" in result.html and "dir=\"ltr\"" in result.html


def test_the_byline_prefilter_never_hides_a_regex_match():
    """metadata._may_name_byline is False only where _BYLINE_NAME finds nothing (values joined as the scan joins them)."""
    import random

    from clearpage.filters import metadata

    pieces = ["byline", "BYLINE", "Author", "authority", "AUTHOR\u0130ZE", "auth\u0131or", "by\u0130ine", "dateline", "DateLine",
              "writtenby", "written-by", "\n", " ", "post", "meta", "-", "\u0130", "\u0131", "é", "K", "ſ"]
    rng = random.Random(5)
    for _ in range(20000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 6)))
        if metadata._BYLINE_NAME.search(text):
            assert metadata._may_name_byline(text), text


def test_a_second_decoding_never_makes_markup_of_a_title():
    for head in ("<meta property='og:title' content='&amp;lt;script&amp;gt; in titles'>",
                 "<meta name='title' content='&amp;#60;script&amp;#x3E; in titles'>"):
        title = extract(head, PARA).title
        assert "<" not in title and title.startswith("&") and "script" in title, title
    assert extract("<meta property='og:title' content='&amp;lt;script&amp;gt; in titles'>", PARA).title == "&lt;script&gt; in titles"
    assert extract("", PARA, title="&amp;lt;b&amp;gt; bold").title == "&lt;b&gt; bold"
