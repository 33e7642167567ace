"""End to end: ``clearpage proxy`` as a real process between a client and a local origin."""
import gzip
import os
import threading
import time
from pathlib import Path

import brotli
import lxml.html
import pytest
import zstandard

from tests.support.proxy import fetch, running_proxy

DECODE = {
    None: lambda b: b,
    "gzip": gzip.decompress,
    "br": brotli.decompress,
    "zstd": lambda b: zstandard.ZstdDecompressor().decompress(b),
}


def document(fetched):
    body = DECODE[fetched.header("content-encoding")](fetched.body)
    return lxml.html.document_fromstring(body.decode("utf-8"))


def assert_reader_article(doc, origin_url):
    assert "new channel is already home to a family of dippers" in " ".join(doc.text_content().split())
    assert not doc.xpath("//iframe") and "doubleclick" not in lxml.html.tostring(doc, encoding="unicode")
    assert not doc.xpath("//script")
    removed = doc.xpath("//nav[@data-clearpage='removed-links']//a/@href")
    assert origin_url("/weather/") in removed and origin_url("/contact/") in removed
    assert doc.xpath(f"//a[@href='{origin_url('/sources.html')}' or @href='/sources.html']")  # in-article link kept


@pytest.mark.parametrize("path", ["/article.html", "/article-gzip.html", "/article-br.html", "/article-zstd.html", "/article-chunked.html"])
def test_article_is_served_as_a_reader_page(stack, path):
    got = fetch(stack.proxy, stack.origin.url(path), headers={"Accept-Encoding": "gzip, br, zstd"})
    assert got.status == 200
    assert got.header("x-clearpage").startswith("mode=reader; ms=")
    assert got.header("content-type") == "text/html; charset=utf-8"
    route = stack.origin.routes[path]
    assert got.header("content-encoding") == route.headers.get("Content-Encoding")
    doc = document(got)
    assert_reader_article(doc, stack.origin.url)
    assert doc.xpath(f"//a[@href='{stack.origin.url(path)}?clearpage=off']")  # the way to the original


def test_portal_is_filtered_in_place(stack):
    got = fetch(stack.proxy, stack.origin.url("/portal.html"))
    assert got.header("x-clearpage").startswith("mode=filter;")
    doc = document(got)
    assert doc.xpath("//h1") and doc.xpath("//p[@id='notice']")
    assert not doc.xpath("//iframe") and not doc.xpath("//img[@id='ad-pixel']")
    assert not doc.xpath("//table") and not doc.xpath("//div[@id='portal-links']")
    removed = doc.xpath("//nav[@data-clearpage='removed-links']//a/@href")
    assert [stack.origin.url(f"/{c}/") for c in "abcdefgh"] == removed


def test_charset_declared_only_in_the_header(stack):
    got = fetch(stack.proxy, stack.origin.url("/latin1.html"))
    assert got.header("x-clearpage") and got.header("content-type") == "text/html; charset=utf-8"
    text = got.body.decode("utf-8")
    assert "Naïve façade, crème brûlée and a señoría" in text
    assert '<meta charset="utf-8">' in text


@pytest.mark.parametrize("path", ["/pixel.png", "/missing.html", "/big.html", "/big-chunked.html", "/download.html", "/broken-gzip.html"])
def test_what_is_not_rewritten_arrives_byte_for_byte(stack, path):
    got = fetch(stack.proxy, stack.origin.url(path))
    route = stack.origin.routes[path]
    assert got.status == route.status
    assert got.body == route.body
    assert got.header("x-clearpage") is None
    for name, value in route.headers.items():
        assert got.header(name) == value
    stack.assert_alive()


def test_a_broken_body_is_logged_with_url_and_reason(stack):
    start = len(stack.proxy.lines)
    url = stack.origin.url("/broken-gzip.html")
    assert fetch(stack.proxy, url).body == stack.origin.routes["/broken-gzip.html"].body
    assert stack.proxy.wait_for_log(rf"served the original of {url}: undecodable body: gzip", start=start)


def test_bypass_serves_the_original_and_strips_the_parameter(stack):
    got = fetch(stack.proxy, stack.origin.url("/article.html?clearpage=off"))
    assert got.body == stack.origin.routes["/article.html"].body
    assert got.header("x-clearpage") is None and got.header("etag") == '"article-v1"'
    assert ("GET", "/article.html") == stack.origin.requests[-1]


def test_head_passes_through(stack):
    got = fetch(stack.proxy, stack.origin.url("/article.html"), method="HEAD")
    assert got.status == 200 and got.body == b""
    assert got.header("content-length") == str(len(stack.origin.routes["/article.html"].body))
    assert got.header("x-clearpage") is None


def test_rewritten_headers(stack):
    got = fetch(stack.proxy, stack.origin.url("/article.html"))
    assert got.header("etag") == 'W/"article-v1"'
    assert got.header("cache-control") == "private, max-age=60"
    assert got.header("content-length") == str(len(got.body))


def test_https_through_the_proxy_trusting_its_ca(stack):
    assert stack.proxy.ca_file.is_file()
    got = fetch(stack.proxy, stack.secure.url("/article-gzip.html"))  # trusts only the proxy's CA
    assert got.header("x-clearpage").startswith("mode=reader;")
    assert_reader_article(document(got), stack.secure.url)


def test_csp_gets_a_same_origin_stylesheet_the_proxy_serves(stack):
    got = fetch(stack.proxy, stack.secure.url("/csp-self.html"))
    assert got.header("content-security-policy") == "default-src 'self'"
    doc = document(got)
    assert not doc.xpath("//style")
    (href,) = doc.xpath("//link[@rel='stylesheet']/@href")
    css = fetch(stack.proxy, stack.secure.url(href))
    assert css.status == 200 and css.header("content-type") == "text/css; charset=utf-8" and b"--cp-fg" in css.body
    assert not any(path.startswith("/__clearpage__") for _, path in stack.secure.requests)  # answered by the proxy
    none = document(fetch(stack.proxy, stack.origin.url("/csp-none.html")))
    assert not none.xpath("//style") and not none.xpath("//link[@rel='stylesheet']")


def test_the_startup_message(stack):
    log = stack.proxy.log()
    assert f"clearpage proxy listening on 127.0.0.1:{stack.proxy.port}" in log
    assert f"config: {stack.proxy.config_file}" in log
    assert f"CA certificate: {stack.proxy.ca_file}" in log and "http://mitm.it" in log


# ---------------------------------------------------------------------- a proxy of its own


def _children(pid: int) -> list[int]:
    tasks = Path(f"/proc/{pid}/task")
    return [int(c) for t in tasks.iterdir() for c in (t / "children").read_text().split()]


def _workers(pid: int) -> list[int]:
    """The proxy's everyday workers: its children at its own priority (the slow lane's runs lower)."""
    own = os.getpriority(os.PRIO_PROCESS, pid)
    return [child for child in _children(pid) if os.getpriority(os.PRIO_PROCESS, child) == own]


@pytest.mark.slow
def test_stuck_worker_reload_and_bad_edit(tmp_path, stack):
    """Budget, recovery and config reload on a proxy whose config the test edits."""
    if not Path("/proc/self/task").is_dir():
        pytest.skip("needs Linux /proc to find the worker processes")
    config = "proxy:\n  workers: 1\n  time_budget_ms: 1000\n  reload_check_s: 0.2\n"
    origin = stack.origin
    article = origin.routes["/article.html"].body
    with running_proxy(tmp_path, config=config) as proxy:
        (worker,) = _workers(proxy.process.pid)
        os_kill(worker, "SIGSTOP")  # the worker hangs, as on a pathological page

        other = {}
        slow = threading.Thread(target=lambda: other.update(got=fetch(proxy, origin.url("/article.html"))))
        started = time.monotonic()
        slow.start()
        time.sleep(0.2)
        assert fetch(proxy, origin.url("/pixel.png")).status == 200  # other connections are served meanwhile
        assert slow.is_alive(), "the page should still be waiting on the stuck worker"
        slow.join(30)
        assert other["got"].body == article and other["got"].header("x-clearpage") is None  # the original
        assert time.monotonic() - started < 1.0 + 3.0
        assert proxy.wait_for_log(r"served the original of .*/article.html: over the time budget")

        deadline = time.monotonic() + 60  # the replacement worker starts
        while fetch(proxy, origin.url("/article.html")).header("x-clearpage") is None:
            assert time.monotonic() < deadline, proxy.log()
            time.sleep(0.2)
        assert worker not in _children(proxy.process.pid)

        mark = len(proxy.lines)
        proxy.config_file.write_text(config + "mode: text\n", encoding="utf-8")
        assert proxy.wait_for_log(r"reloaded", start=mark)
        assert fetch(proxy, origin.url("/article.html")).header("content-type") == "text/plain; charset=utf-8"

        mark = len(proxy.lines)
        proxy.config_file.write_text(config + "mode: text\nreader:\n  font_scale: 9\n", encoding="utf-8")
        assert proxy.wait_for_log(rf"{proxy.config_file}:7: reader.font_scale", start=mark)
        assert proxy.wait_for_log(r"keeping the last good config", start=mark)
        assert fetch(proxy, origin.url("/article.html")).header("content-type") == "text/plain; charset=utf-8"
        assert proxy.alive()


def os_kill(pid: int, name: str) -> None:
    import os
    import signal

    os.kill(pid, getattr(signal, name))
