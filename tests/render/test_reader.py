"""The reader page's structure, checked on the HTML (the browser tests check it in Chromium)."""
from pathlib import Path

import lxml.html

from clearpage.filters import Delivery, Pipeline, load_config_text
from clearpage.filters.render import reader

PAGES = Path(__file__).resolve().parent.parent / "pages"
URL = "http://news.test/2024/bridge"


def served(name="a11y-layout-news", config=None, **kw):
    source = (PAGES / name / "source.html").read_bytes()
    result = Pipeline(config).run(source, URL, mode="reader", **kw)
    return result, lxml.html.document_fromstring(result.output.encode("utf-8"))


def test_structure_one_main_one_article_one_h1_skip_link_nav_after_main():
    result, doc = served()
    body = doc.find("body")
    children = [c.tag for c in body]
    assert children == ["a", "main", "nav", "footer"]
    assert body[0].get("href") == "#cp-content" and body[1].get("id") == "cp-content"
    assert len(doc.xpath("//main")) == 1 and len(doc.xpath("//main/article")) == 1
    assert [h.text_content() for h in doc.xpath("//h1")] == ["Harbour Bridge reopens after repairs"]
    assert doc.findtext(".//title") == "Harbour Bridge reopens after repairs"
    assert doc.xpath("//footer//a/@href") == [URL + "?clearpage=off"]
    assert doc.xpath("//nav/@aria-label") == ["Removed links"]


def test_heading_outline_has_no_gaps():
    _, doc = served()
    levels = [int(h.tag[1]) for h in doc.iter("h1", "h2", "h3", "h4", "h5", "h6") if h.getparent().tag != "nav"]
    assert levels[0] == 1
    assert all(b <= a + 1 for a, b in zip(levels, levels[1:]))
    assert levels == [1, 2, 3]  # the page's h1, h4, h6


def test_no_script_no_handlers_no_inline_style_attributes():
    result, doc = served()
    assert doc.xpath("//script | //*[@onclick] | //*[@style] | //link")== []
    assert "font-size: 11px" not in result.output and "9px" not in result.output


def test_lang_guessed_or_repaired_and_dir_kept():
    _, news = served()
    assert news.get("lang") == "en"  # no lang on the page; guessed from its English text
    _, rtl = served("a11y-rtl")
    assert (rtl.get("lang"), rtl.get("dir")) == ("he-IL", "rtl")
    assert rtl.find(".//a[@class='cp-skip']").get("lang") == "en"  # our own English words are marked


def test_lazy_image_resolved_with_caption_alt_and_ad_dropped():
    result, doc = served()
    srcs = doc.xpath("//article//img/@src")
    assert srcs == ["http://news.test/photos/harbour-bridge-2024.jpg"]
    assert doc.xpath("//article//img/@alt") == ["The Harbour Bridge at dawn on Monday, seen from Kelvin Point."]
    assert "Casino" not in doc.find(".//article").text_content()
    notes = [n for r in result.reports if r.filter == "reader" for n in r.notes]
    assert any("1 dropped by image relevance" in n for n in notes)


def test_data_table_kept_with_headers_code_and_quote_kept():
    _, doc = served()
    assert doc.xpath("//article//th/text()") == ["Route", "Before closure", "During closure"]
    assert doc.xpath("//article//table/parent::div/@tabindex") == ["0"]
    assert "inspect  every 6 months\n  tension" in doc.find(".//pre").text_content()
    assert doc.xpath("//article//blockquote/p")


def test_options_images_off_nav_off_theme_and_font_scale():
    config = load_config_text("reader:\n  images: false\n  show_removed_links: false\n  theme: dark\n  font_scale: 1.5\n")
    result, doc = served(config=config)
    assert doc.xpath("//img") == [] and doc.xpath("//nav") == []
    assert doc.get("data-theme") == "dark"
    assert "--cp-scale: 1.5" in result.output


def test_stylesheet_has_no_fixed_font_sizes_and_follows_color_scheme():
    css = reader.stylesheet(1.0)
    assert "prefers-color-scheme: dark" in css
    import re

    sizes = re.findall(r"font-size:\s*([^;}]+)", css)
    assert sizes and all(not s.strip().endswith("px") and not s.strip().endswith("pt") for s in sizes)


def test_inline_style_off_links_the_stylesheet_and_hash_matches():
    source = (PAGES / "a11y-layout-news" / "source.html").read_bytes()
    out = Pipeline().run(source, URL, mode="reader", delivery=Delivery(csp=("style-src 'self'",), stylesheet_href="/clearpage/reader.css")).output
    assert "<style" not in out and 'href="/clearpage/reader.css"' in out


def test_stylesheet_hash_is_the_csp_source_for_the_inline_sheet():
    import base64
    import hashlib

    digest = base64.b64encode(hashlib.sha256(reader.stylesheet(1.25).encode()).digest()).decode()
    assert reader.stylesheet_hash(1.25) == f"'sha256-{digest}'"


def test_selected_article_element_does_not_nest_a_second_article():
    source = "<html lang='en'><head><title>T</title></head><body><article class='story'><h1>T</h1>" + "<p>" + "Words of the story go here. " * 30 + "</p></article></body></html>"
    doc = lxml.html.document_fromstring(Pipeline().run(source, URL, mode="reader").output.encode())
    assert len(doc.xpath("//article")) == 1


def _content(html: str):
    from clearpage.filters import dom

    return dom.parse(f"<div class='cp-content'>{html}</div>").find(".//div")


def test_repeated_byline_goes_across_case_and_whitespace_differences():
    content = _content("<p>Lead paragraph of the story, long enough.</p><p>By\n  JANE   doe</p><p>More text.</p>")
    reader._drop_repeated_byline(content, "Jane Doe")
    assert [p.text for p in content.iter("p")] == ["Lead paragraph of the story, long enough.", "More text."]


def test_byline_split_over_elements_is_found_in_the_block_holding_it():
    content = _content("<p>Story text.</p><div><span>By </span><b>Jane</b> <i>DOE</i></div>")
    reader._drop_repeated_byline(content, "jane doe")
    assert content.find(".//div") is None and content.find(".//p") is not None


def test_content_without_the_byline_keeps_every_block():
    content = _content("<p>By Jane Roe</p><p>Story text.</p>")
    reader._drop_repeated_byline(content, "Jane Doe")
    assert [p.text for p in content.iter("p")] == ["By Jane Roe", "Story text."]


def _summary_page(summary, lang="en"):
    from clearpage.filters import dom
    from clearpage.filters.metadata import Metadata
    from clearpage.filters.settings import load_config

    body = dom.parse("<html><body><div></div></body></html>").find("body")
    settings = load_config().base.settings.reader
    built = reader.build([body], Metadata(title="Thread", lang=lang), settings, original_url=URL, summary=summary)
    return built.article


def test_summary_is_labelled_and_follows_the_header():
    article = _summary_page("First paragraph.\n\nSecond paragraph.")
    section = article[1]
    assert article[0].tag == "header" and section.get("aria-label") == "Page summary"
    assert [p.text for p in section.find("blockquote")] == ["First paragraph.", "Second paragraph."]
    assert "metadata" in section.find("p").text


def test_summary_label_is_marked_english_on_a_page_in_another_language():
    article = _summary_page("Erster Absatz.", lang="de")
    assert article[1].find("p").get("lang") == "en" and article[1].find("blockquote").get("lang") is None


def test_no_summary_block_without_a_summary():
    assert not _summary_page("").xpath(".//*[@class='cp-summary']")


def test_visible_text_set_is_the_elements_with_non_space_text_content():
    content = lxml.html.fragment_fromstring(
        "<div><p>\u00a0 <span> </span></p><div><!-- c -->tail<b></b></div>"
        "<ul><li><i></i> x</li><li>\n</li></ul><em></em></div>"
    )
    counted = reader._visible_chars(content)
    assert reader._with_visible_text(content) == {el for el in content.iter() if counted.get(el, 0)}


def test_empty_blocks_go_and_blocks_holding_a_tail_or_image_stay():
    content = lxml.html.fragment_fromstring(
        "<div><p> <span>\u2003</span></p><p><a name=n></a>text after</p><div><img src=a.png></div>"
        "<section id=keep></section><li><!-- only a comment --> </li></div>"
    )
    reader.drop_empty_blocks(content)
    assert [el.tag for el in content.iter()] == ["div", "p", "a", "div", "img", "section"]
