"""The page-top bar (filters/render/bar.py): on served HTML pages only, never in Result.text."""
from __future__ import annotations

import lxml.html
import pytest

from clearpage.filters import Pipeline
from clearpage.filters.pipeline import Delivery
from clearpage.filters.render.bar import nomemory_url
from tests.learn.site_pages import pages

SERVED = Delivery(page_bar=True)


def _bar(html: str):
    return lxml.html.document_fromstring(html).xpath("//aside[@aria-label='clearpage']")


@pytest.mark.parametrize("mode", ["reader", "filter"])
def test_bar_on_served_html_pages_and_never_in_the_text(default_config, mode):
    url, html = pages()[0]
    pipeline = Pipeline(default_config)
    plain = pipeline.run(html, url, mode=mode)
    served = pipeline.run(html, url, mode=mode, delivery=SERVED)
    assert not _bar(plain.output)  # the API's pages: no bar unless asked
    (bar,) = _bar(served.output)
    words = bar.text_content()
    assert f"clearpage: {mode} mode" in words and "removed" in words
    assert bar.xpath(".//a[text()='original page']/@href") == [url + "?clearpage=off"]
    removed = bar.xpath(".//a[contains(text(), 'removed link')]/@href")
    assert removed == ["#cp-removed-links"]
    assert lxml.html.document_fromstring(served.output).xpath("//nav[@id='cp-removed-links']")
    assert served.text == plain.text and "clearpage" not in served.text


def test_no_bar_in_text_mode(default_config):
    url, html = pages()[0]
    served = Pipeline(default_config).run(html, url, mode="text", delivery=SERVED)
    assert served.media_type == "text/plain" and "clearpage:" not in served.output


def test_nomemory_url_appends_to_the_query_as_it_is():
    assert nomemory_url("https://a.example/p?q=%E9t%E9&a&b;x=1#top") == "https://a.example/p?q=%E9t%E9&a&b;x=1&clearpage=nomemory#top"
    assert nomemory_url("http://a.example/p") == "http://a.example/p?clearpage=nomemory"
    assert nomemory_url("javascript:alert(1)") is None and nomemory_url(None) is None
