"""Protocols the proxy must pass through unharmed: HTTP/2, WebSocket, server-sent events.

HTTP/2: a client speaking h2 (httpx) to the proxy over a CONNECT tunnel, and an HTTP/2 site
(``tests/support/h2origin.py``), since mitmproxy only offers h2 to a client when the site
speaks it. The article comes back rewritten, a PNG byte for byte. WebSocket: an upgrade through
a CONNECT tunnel (as browsers send it) to an echo server; messages go both ways. Events: the
first event of a ``text/event-stream`` reaches the client while the server still holds the
stream open, i.e. the proxy streams it instead of buffering.
"""
import socket
import ssl

import httpx
import lxml.html

from tests.support.pages import png
from tests.support.streams import websocket_client_roundtrip

PHRASE = "already home to a family of dippers"


def test_http2_client_and_site(fault_stack):
    context = ssl.create_default_context(cafile=str(fault_stack.proxy.ca_file))
    with httpx.Client(http2=True, proxy=fault_stack.proxy.address, verify=context, timeout=30) as client:
        page = client.get(fault_stack.h2.url("/article.html"))
        image = client.get(fault_stack.h2.url("/pixel.png"))
    assert page.http_version == "HTTP/2" and image.http_version == "HTTP/2"
    assert page.status_code == 200 and page.headers["x-clearpage"].startswith("mode=reader")
    text = " ".join(lxml.html.document_fromstring(page.text).text_content().split())
    assert PHRASE in text
    assert image.content == png() and "x-clearpage" not in image.headers
    assert ("GET", "/article.html") in fault_stack.h2.requests
    fault_stack.assert_serves_the_next_request()


def tunnel(fault_stack, port: int) -> socket.socket:
    sock = socket.create_connection((fault_stack.proxy.host, fault_stack.proxy.port), timeout=30)
    sock.sendall(f"CONNECT 127.0.0.1:{port} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
    reply = b""
    while b"\r\n\r\n" not in reply:
        reply += sock.recv(4096)
    assert reply.startswith(b"HTTP/1.1 200"), reply
    return sock


def test_websocket_through_a_tunnel(fault_stack):
    port = fault_stack.origin.port
    with tunnel(fault_stack, port) as sock:
        status, echoes = websocket_client_roundtrip(sock, f"127.0.0.1:{port}", "/ws", ["hello", "ünïcode ✓", "x" * 70000])
    assert status.startswith("HTTP/1.1 101")
    assert echoes == ["echo:hello", "echo:ünïcode ✓", "echo:" + "x" * 70000]
    fault_stack.assert_serves_the_next_request()


def test_server_sent_events_are_streamed(fault_stack):
    import http.client

    conn = http.client.HTTPConnection(fault_stack.proxy.host, fault_stack.proxy.port, timeout=30)
    try:
        conn.request("GET", fault_stack.origin.url("/events"), headers={"Accept": "text/event-stream"})
        response = conn.getresponse()
        assert response.status == 200 and response.getheader("content-type") == "text/event-stream"
        first = b""
        while b"\n\n" not in first:
            first += response.read1(4096)
        assert b"data: first" in first
        fault_stack.sse.gate.set()  # only now may the server send the rest
        rest = response.read()
    finally:
        conn.close()
    assert fault_stack.sse.released_in_time is True  # the first event arrived while the server waited
    assert b"data: second" in rest
    assert response.getheader("x-clearpage") is None
    fault_stack.assert_serves_the_next_request()


def test_a_slow_server_holds_up_no_one_else(fault_stack):
    """While a page trickles in over seconds, other requests through the proxy are answered."""
    import threading

    from tests.support import badinputs

    outcome = {}
    slow = threading.Thread(target=lambda: outcome.setdefault("slow", fault_stack.fetch("/slow.html")))
    slow.start()
    try:
        for _ in range(3):
            fault_stack.assert_serves_the_next_request()
        assert slow.is_alive()  # the slow page was still arriving meanwhile
    finally:
        slow.join(60)
    assert badinputs.judge(fault_stack.cases["/slow.html"], outcome["slow"]) is None
