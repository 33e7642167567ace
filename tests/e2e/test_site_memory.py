"""End to end: the real ``clearpage proxy`` (mitmproxy, worker pool) learns a site's template as
pages of it go through, with a fresh memory from the config (a file, or a PostgreSQL database),
and serves later pages without it."""
from __future__ import annotations

import lxml.html

from clearpage.filters.learn.memory import SiteMemory
from clearpage.filters.settings import load_config_text
from tests.learn.site_pages import FOOTER_TEXT, NAV_TEXT, memory_config, pages
from tests.support.origin import Origin, Route
from tests.support.proxy import fetch, running_proxy

HTML = {"Content-Type": "text/html; charset=utf-8"}
SECTION_LINKS = ("Home", "News", "Sport", "Weather", "About")  # the template's <nav class="sections">
# What a browser sends for a top-level navigation over plain HTTP (no Fetch Metadata there).
NAVIGATION = {"Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", "Upgrade-Insecure-Requests": "1"}
# A page's script fetching HTML (fetch(url) from a page: no navigation signals).
SCRIPT_FETCH = {"Accept": "*/*"}


def _config(memory_path) -> str:
    # Two workers, so consecutive pages land on different processes sharing the file; a generous
    # budget so a loaded machine serves every page filtered rather than as it came.
    return "mode: reader\nproxy:\n  workers: 2\n  time_budget_ms: 30000\n" + memory_config(memory_path)


def test_proxy_drops_the_sites_template_from_page_five_on(tmp_path, memory_location):
    memory = memory_location  # an SQLite file, then a PostgreSQL database
    site = pages()
    routes = {f"/story/{n}": Route(html.encode("utf-8"), HTML) for n, (_, html) in enumerate(site, 1)}
    with Origin(routes) as origin, running_proxy(tmp_path / "proxy", config=_config(memory)) as proxy:
        for number in range(1, len(site) + 1):
            got = fetch(proxy, origin.url(f"/story/{number}"), headers=NAVIGATION)
            assert got.status == 200 and got.header("x-clearpage").startswith("mode=reader;"), (number, proxy.log())
            doc = lxml.html.document_fromstring(got.body.decode("utf-8"))
            (article,) = doc.xpath("//main[@id='cp-content']")
            text = " ".join(article.text_content().split())
            assert f"Story {number} of the week" in text  # the article stays
            assert "told the Gazette" in text
            if number == 1:
                assert NAV_TEXT in text and FOOTER_TEXT in text  # one page alone cannot tell
            if number >= 5:
                assert NAV_TEXT not in text and FOOTER_TEXT not in text, number
                assert not any(link.text_content() in SECTION_LINKS for link in article.iter("a")), number
                removed = doc.xpath("//nav[@data-clearpage='removed-links']//a/@href")
                assert origin.url("/letters/") in removed  # the template's own links stay reachable
            (bar,) = doc.xpath("//aside[@aria-label='clearpage']")
            assert bar.getparent().tag == "body" and "reader mode" in bar.text_content()
            assert bar.xpath(".//a[text()='original page']/@href")[0].endswith("clearpage=off")
            without = bar.xpath(".//a[text()='show this page without the memory']/@href")
            if number == 1:
                assert not without and "site memory" not in bar.text_content()
            if number >= 5:  # the memory removed something: the bar says so, with a way back
                assert "the site memory removed" in bar.text_content()
                assert without == [origin.url(f"/story/{number}?clearpage=nomemory")]
                plain = fetch(proxy, without[0], headers=NAVIGATION)
                plain_doc = lxml.html.document_fromstring(plain.body.decode("utf-8"))
                assert NAV_TEXT in " ".join(plain_doc.xpath("//main[@id='cp-content']")[0].text_content().split())
                assert "shown without the site memory" in plain_doc.xpath("//aside[@aria-label='clearpage']")[0].text_content()
                assert all("clearpage" not in path for _, path in origin.requests), origin.requests  # the site never sees it
        assert proxy.alive()
    hosts = SiteMemory(load_config_text(memory_config(memory)).memory, path=memory).hosts()
    assert [(host, pages_seen) for host, pages_seen, *_ in hosts] == [("127.0.0.1", len(site))]


def test_script_fetches_through_the_proxy_teach_nothing(tmp_path):
    memory = tmp_path / "memory.sqlite"
    site = pages()
    routes = {f"/story/{n}": Route(html.encode("utf-8"), HTML) for n, (_, html) in enumerate(site, 1)}
    with Origin(routes) as origin, running_proxy(tmp_path / "proxy", config=_config(memory)) as proxy:
        for number in range(1, 7):
            got = fetch(proxy, origin.url(f"/story/{number}"), headers=SCRIPT_FETCH)
            assert got.status == 200 and got.header("x-clearpage").startswith("mode=reader;"), proxy.log()  # filtered as before
        assert NAV_TEXT in got.body.decode("utf-8")
    assert SiteMemory(load_config_text(memory_config(memory)).memory, path=memory).hosts() == []
