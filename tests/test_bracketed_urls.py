"""URLs Python's urlsplit refuses (a bracketed host that is no IP address) cost their link, never the page."""
import pytest

from clearpage.filters.pipeline import Pipeline

# Shapes found on real pages ("Do Not Sell My Personal Information" menus link to http://[ccpa-preferences]).
REFUSED = ["http://[ccpa-preferences]", "//[x]/a.png", "https://[::1", "https://[privacy]/choices?x=1"]
PROSE = "A sentence long enough to count as prose in the article body. " * 12


def page(url: str) -> str:
    return (f"<html><head><title>Voters</title><base href='{url}'></head><body><nav><a href='{url}'>Do not sell</a>"
            f"<a href='/a'>A</a><a href='/b'>B</a><a href='/c'>C</a></nav><article><h1>Voters</h1><p>{PROSE}</p>"
            f"<figure><img src='{url}' data-src='{url}'><figcaption>The count</figcaption></figure>"
            f"<p>See <a href='{url}'>this</a>.</p></article></body></html>")


@pytest.mark.parametrize("url", REFUSED)
@pytest.mark.parametrize("mode", ["auto", "filter", "reader", "text"])
def test_a_refused_url_costs_its_link_not_the_page(url, mode):
    result = Pipeline().run(page(url), "https://news.example/voters", mode=mode)
    assert "prose in the article body" in result.text
    assert all(url not in link.url for link in result.removed_links)
