"""Slow HTML and the cap on HTML held for filtering, through a real ``clearpage proxy`` and origin.

A page held for filtering that is still arriving after ``proxy.buffer_deadline_ms``, or that takes
the HTML held across pages past ``proxy.max_buffered_bytes``, streams on as it comes: the site's
bytes, unfiltered, counted and logged once."""
from __future__ import annotations

import http.client
import re
import ssl
import threading
import time

import pytest

from tests.support.origin import Origin, Route
from tests.support.pages import HTML_UTF8, page
from tests.support.proxy import running_proxy
from tests.support.tls import make_server_cert

DEADLINE_MS = 1000
CAP = 1024 * 1024
HELD = 400_000  # each capped page sends this much, then stalls: three exceed CAP, any two do not
WAIT_S = 60.0  # the longest a test waits for anything (a loaded machine is slow, never this slow)
PIECE = 4096


def chunk(data: bytes) -> bytes:
    return b"%x\r\n%s\r\n" % (len(data), data)


class Slow:
    """An origin route: headers at once, ``head`` in pieces ``pause_s`` apart, then (after ``gate``
    opens, if given) ``tail`` and the end; ``finished`` is set when the last byte is out."""

    def __init__(self, head: bytes, tail: bytes = b"", pause_s: float = 0.0, gate: threading.Event | None = None):
        self.head, self.tail, self.pause_s, self.gate = head, tail, pause_s, gate
        self.finished = threading.Event()

    def route(self) -> Route:
        return Route(b"", handler=self.answer)

    def answer(self, handler, origin) -> None:
        handler.send_response(200)
        handler.send_header("Content-Type", "text/html; charset=utf-8")
        handler.send_header("Transfer-Encoding", "chunked")
        handler.end_headers()
        for start in range(0, len(self.head), PIECE):
            handler.wfile.write(chunk(self.head[start:start + PIECE]))
            handler.wfile.flush()
            if self.pause_s:
                time.sleep(self.pause_s)
        if self.gate is not None:
            self.gate.wait(WAIT_S)
        if self.tail:
            handler.wfile.write(chunk(self.tail))
        handler.wfile.write(b"0\r\n\r\n")
        handler.wfile.flush()
        self.finished.set()


def open_through(proxy, url: str) -> tuple[http.client.HTTPConnection, http.client.HTTPResponse]:
    """GET ``url`` through the proxy (HTTPS in a CONNECT tunnel); returns once the response's headers are in."""
    if url.startswith("https://"):
        context = ssl.create_default_context(cafile=str(proxy.ca_file))
        conn: http.client.HTTPConnection = http.client.HTTPSConnection(proxy.host, proxy.port, timeout=WAIT_S, context=context)
        host_port = url.split("/")[2]
        conn.set_tunnel(host_port.split(":")[0], int(host_port.split(":")[1]))
        conn.request("GET", "/" + url.split("/", 3)[3])
    else:
        conn = http.client.HTTPConnection(proxy.host, proxy.port, timeout=WAIT_S)
        conn.request("GET", url)
    return conn, conn.getresponse()


def unfiltered_lines(proxy, url: str, wait: bool = True) -> list[str]:
    """The proxy's log lines about ``url`` streamed unfiltered (waiting for the first, when ``wait``)."""
    if wait:
        proxy.wait_for_log(re.escape(url) + " unfiltered", timeout_s=10)
    return [line for line in proxy.lines if "unfiltered" in line and url in line]


ARTICLE = page("article.html")


@pytest.fixture(scope="module")
def slow_stack(tmp_path_factory):
    gate = threading.Event()
    trickle = Slow(ARTICLE, pause_s=3 * DEADLINE_MS / 1000 / (len(ARTICLE) // PIECE + 1) + 0.05)
    endless = Slow(ARTICLE[:PIECE * 2], gate=threading.Event())  # its gate never opens while the test runs
    capped = [Slow(ARTICLE * (HELD // len(ARTICLE) + 1), ARTICLE, gate=gate) for _ in range(3)]
    capped = [Slow(c.head[:HELD], c.tail, gate=gate) for c in capped]
    routes = {"/trickle.html": trickle.route(), "/endless.html": endless.route(),
              "/article.html": Route(ARTICLE, HTML_UTF8, chunked=True)}
    routes.update({f"/capped-{i}.html": c.route() for i, c in enumerate(capped)})
    config = f"proxy:\n  workers: 1\n  buffer_deadline_ms: {DEADLINE_MS}\n  max_buffered_bytes: {CAP}\n"
    directory = tmp_path_factory.mktemp("slow")
    cert = make_server_cert(directory / "origin-tls")
    tls_trickle = Slow(ARTICLE, pause_s=trickle.pause_s)
    args = ("--set", f"ssl_verify_upstream_trusted_ca={cert.ca_file}")
    with Origin(routes) as origin, Origin({"/trickle.html": tls_trickle.route()}, tls=cert) as tls_origin, \
            running_proxy(directory / "proxy", config=config, args=args) as proxy:
        origin.tls_origin, origin.tls_trickle = tls_origin, tls_trickle  # for the HTTPS test
        yield proxy, origin, trickle, endless, capped, gate
        endless.gate.set()
        gate.set()


def test_a_trickling_page_streams_unfiltered_before_the_origin_finishes(slow_stack):
    proxy, origin, trickle, *_ = slow_stack
    url = origin.url("/trickle.html")
    conn, response = open_through(proxy, url)
    try:
        assert not trickle.finished.is_set()  # the headers came before the origin's last byte
        assert response.getheader("X-Clearpage") is None
        body = response.read()
    finally:
        conn.close()
    assert body == ARTICLE  # the site's bytes, byte for byte
    assert len(unfiltered_lines(proxy, url)) == 1, proxy.log()
    assert re.search(r"still arriving 1000 ms after its headers \(proxy.buffer_deadline_ms\); \d+ such pages so far", unfiltered_lines(proxy, url)[0])


def test_over_https_too(slow_stack):
    proxy, origin, *_ = slow_stack
    url = origin.tls_origin.url("/trickle.html")
    conn, response = open_through(proxy, url)
    try:
        assert not origin.tls_trickle.finished.is_set()
        assert response.read() == ARTICLE
    finally:
        conn.close()
    assert len(unfiltered_lines(proxy, url)) == 1, proxy.log()


def test_a_page_that_never_ends_shows_its_first_bytes(slow_stack):
    proxy, origin, _, endless, *_ = slow_stack
    url = origin.url("/endless.html")
    conn, response = open_through(proxy, url)
    try:
        assert response.read(len(endless.head)) == endless.head
        assert not endless.finished.is_set()
    finally:
        conn.close()
    assert len(unfiltered_lines(proxy, url)) == 1, proxy.log()


def test_a_normal_page_is_still_filtered(slow_stack):
    proxy, origin, *_ = slow_stack
    url = origin.url("/article.html")
    conn, response = open_through(proxy, url)
    try:
        assert response.getheader("X-Clearpage", "").startswith("mode=")
        assert response.read() != ARTICLE
    finally:
        conn.close()
    assert not unfiltered_lines(proxy, url, wait=False)


def test_pages_past_the_cap_stream_unfiltered_and_are_counted(slow_stack):
    proxy, origin, _, _, capped, gate = slow_stack
    urls = [origin.url(f"/capped-{i}.html") for i in range(3)]
    got: dict[int, tuple[float, bytes]] = {}

    def client(i: int) -> None:
        conn, response = open_through(proxy, urls[i])
        headers_at = time.monotonic()
        got[i] = (headers_at, response.read())
        conn.close()

    threads = [threading.Thread(target=client, args=(i,)) for i in range(3)]
    for thread in threads:
        thread.start()
    assert proxy.wait_for_log(r"went past 1048576 bytes \(proxy\.max_buffered_bytes\)", timeout_s=WAIT_S), proxy.log()
    time.sleep(0.5)  # (the streamed page's headers reach its client)
    released = time.monotonic()
    gate.set()
    for thread in threads:
        thread.join(WAIT_S)
    streamed = [i for i in range(3) if unfiltered_lines(proxy, urls[i], wait=False)]
    assert len(streamed) == 1, proxy.log()  # three pages held exceed the cap, two do not
    (i,) = streamed
    assert got[i][0] < released  # its client had the headers while the origin was stalled
    assert got[i][1] == capped[i].head + capped[i].tail  # byte for byte
    assert re.search(r"; 1 such pages so far", unfiltered_lines(proxy, urls[i])[0])
    for j in set(range(3)) - {i}:
        assert len(got[j][1]) > 0  # held, then answered once complete (filtered, or the original)
