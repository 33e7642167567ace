"""Text mode: the page as plain text for screen readers, braille displays and text-to-speech."""
from pathlib import Path

from clearpage.filters import Pipeline, load_config_text
from clearpage.filters.render import text as text_out
from clearpage.filters import dom

PAGES = Path(__file__).resolve().parent.parent / "pages"
URL = "http://news.test/2024/bridge"


def news_text(config=None) -> str:
    source = (PAGES / "a11y-layout-news" / "source.html").read_bytes()
    result = Pipeline(config).run(source, URL, mode="text")
    assert result.media_type == "text/plain"
    return result.output


def test_title_first_then_byline_then_content():
    lines = news_text().splitlines()
    assert lines[0] == "# Harbour Bridge reopens after repairs"
    assert lines[2] == "By Mira Okafor"
    assert lines.count("By Mira Okafor") == 1


def test_headings_marked_by_level_and_separated_by_blank_lines():
    lines = news_text().splitlines()
    i = lines.index("## Eighteen months of work")
    assert lines[i - 1] == "" and lines[i + 1] == ""
    assert "### What changes for commuters" in lines


def test_list_items_bulleted_and_table_rows_as_lines():
    text = news_text()
    assert "- Buses return to the Harbour Bridge route on Tuesday." in text.splitlines()
    assert "Route | Before closure | During closure" in text.splitlines()
    assert "Ferry | 4,100 | 9,800" in text.splitlines()


def test_image_alternatives_in_brackets_and_code_whitespace_kept():
    text = news_text()
    assert "[image: The Harbour Bridge at dawn on Monday, seen from Kelvin Point.]" in text
    assert "inspect  every 6 months\n  tension  >= 410 kN" in text


def test_links_numbered_in_text_and_listed_at_the_end():
    source = "<html lang=en><head><title>Links page</title></head><body><article><p>" + "Plenty of ordinary words in this article body. " * 15 + \
        "Read the <a href='/report'>full report</a> and the <a href='https://other.test/'>other site</a>, then the <a href='/report'>report</a> again.</p></article></body></html>"
    out = Pipeline().run(source, URL, mode="text").output
    assert "full report [1]" in out and "other site [2]" in out and "report [1] again" in out
    tail = out.split("\nLinks\n", 1)[1]
    assert "[1] full report: http://news.test/report" in tail
    assert "[2] other site: https://other.test/" in tail


def test_ordered_lists_numbered():
    root = dom.parse("<html><body><ol start='3'><li>c</li><li>d</li></ol><ul><li>x<ol><li>y</li></ol></li></ul></body></html>")
    text = text_out.render([dom.body_of(root)], text_out.TextOptions(marks=True)).text
    assert text.splitlines() == ["3. c", "4. d", "", "- x", "  1. y"]


def test_blank_lines_capped_by_config():
    source = "<html><body>" + "<p>" + "words in a block. " * 40 + "</p>" + "<br><br><br><br><br>" * 3 + "<p>" + "end words here. " * 40 + "</p></body></html>"
    capped = Pipeline(load_config_text("output:\n  max_line_breaks: 1\n")).run(source, URL, mode="text").output
    assert "\n\n" not in capped
    default = Pipeline().run(source, URL, mode="text").output
    assert "\n\n\n" not in default


def test_filter_mode_text_does_not_repeat_clearpage_sections():
    source = (PAGES / "a11y-layout-news" / "source.html").read_bytes()
    out = Pipeline().run(source, URL, mode="filter", format="text").output
    assert out.count("Removed links") == 1
    assert "Original page (without clearpage)" not in out
