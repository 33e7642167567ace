"""The reader page's h1 on an old table-layout page: the headline in the body, not the <title>
that only names the site; a page whose <title> is the article's keeps it."""
import pytest

from clearpage.filters import load_config_text
from clearpage.filters.pipeline import Pipeline

PROSE = "The river rose two metres overnight and the old bridge was closed to traffic until the water went down again. " * 4


def table_page(title, headline_markup):
    return (f"<html><head><title>{title}</title></head><body><table><tr><td width='150'><a href='/'>Home</a><br>"
            f"<a href='/news'>News</a></td><td>{headline_markup}<br>{PROSE}<br><br>{PROSE}</td></tr></table></body></html>")


@pytest.fixture(scope="module")
def pipeline():
    return Pipeline(load_config_text("mode: auto"))


def h1_of(pipeline, html):
    out = pipeline.run(html.encode(), "http://example.com/flood.html", mode="reader").output
    out = out if isinstance(out, str) else out.decode()
    return out.split("<h1>", 1)[1].split("</h1>", 1)[0], out


@pytest.mark.parametrize("markup", ["<font size='5'><b>Flood closes the old bridge</b></font>",
                                    "<b>Flood closes the old bridge</b>", "<h2>Flood closes the old bridge</h2>"])
def test_the_headline_in_the_body_is_the_h1_not_the_site_name(pipeline, markup):
    h1, out = h1_of(pipeline, table_page("Riverside Weekly", markup))
    assert h1 == "Flood closes the old bridge"
    assert out.count("Flood closes the old bridge") == 2  # <title> and h1: not a third time in the content


def test_a_title_that_names_the_article_stays(pipeline):
    h1, _ = h1_of(pipeline, table_page("Flood closes the bridge", "<b>Flood closes the old bridge</b>"))
    assert h1 == "Flood closes the bridge"


def test_a_bold_phrase_inside_the_text_is_not_a_headline(pipeline):
    h1, _ = h1_of(pipeline, table_page("Riverside Weekly", "Yesterday <b>the old bridge was shut</b> at noon."))
    assert h1 == "Riverside Weekly"
