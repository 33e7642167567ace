"""A local origin server in a thread: fixed routes, exact bytes, and a record of what it was asked.

``Origin({"/page.html": Route(body, {"Content-Type": "text/html"})})`` serves over HTTP/1.1 on
a free 127.0.0.1 port (HTTPS when given a ``tls.ServerCert``). A route sends its body exactly
as given (already compressed, if its headers say so), with a Content-Length unless
``chunked=True``. ``requests`` lists (method, path-with-query) in arrival order.

Misbehaving servers, for the fault tests: ``pause_s`` sleeps before every ``chunk_size`` piece
(a slow server), ``close_after=N`` sends N body bytes of the promised length and closes the
connection (a server that dies mid-body), ``handler`` takes over the request entirely (event
streams, WebSocket upgrades; see ``streams``). Headers may be a dict or a list of pairs (for a
header sent twice). 1xx, 204 and 304 answers carry no length and no body.
"""
from __future__ import annotations

import socket
import ssl
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from .tls import ServerCert

CHUNK = 16 * 1024


@dataclass(frozen=True)
class Route:
    body: bytes
    headers: dict[str, str] | list[tuple[str, str]] = field(default_factory=dict)
    status: int = 200
    chunked: bool = False  # Transfer-Encoding: chunked, no Content-Length
    pause_s: float = 0.0  # sleep before each piece of the body (a slow server)
    chunk_size: int = CHUNK
    close_after: int | None = None  # send this many body bytes, then close the connection
    handler: Callable | None = None  # handler(request_handler, origin): answers the request itself

    def header_items(self) -> list[tuple[str, str]]:
        return list(self.headers.items()) if isinstance(self.headers, dict) else list(self.headers)


NO_BODY_STATUSES = frozenset({204, 304})


class Origin:
    def __init__(self, routes: dict[str, Route], tls: ServerCert | None = None, host: str = "127.0.0.1"):
        self.routes = dict(routes)
        self.host = host  # a loopback address (127.0.0.0/8)
        self.requests: list[tuple[str, str]] = []
        self.request_headers: list[dict[str, str]] = []  # the headers of each request, in the same order
        self._tls = tls
        self._server = ThreadingHTTPServer((host, 0), _handler_for(self))
        self._server.daemon_threads = True
        if tls is not None:
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.load_cert_chain(tls.cert_file, tls.key_file)
            self._server.socket = context.wrap_socket(self._server.socket, server_side=True)
        self._thread = threading.Thread(target=self._server.serve_forever, name="test-origin", daemon=True)

    @property
    def port(self) -> int:
        return self._server.server_address[1]

    def url(self, path: str) -> str:
        scheme = "https" if self._tls else "http"
        return f"{scheme}://{self.host}:{self.port}{path}"

    def __enter__(self) -> Origin:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._server.shutdown()
        self._server.server_close()


def _handler_for(origin: Origin):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_GET(self) -> None:
            self._answer(send_body=True)

        def do_HEAD(self) -> None:
            self._answer(send_body=False)

        def _answer(self, send_body: bool) -> None:
            origin.requests.append((self.command, self.path))
            origin.request_headers.append({k.lower(): v for k, v in self.headers.items()})
            route = origin.routes.get(self.path.split("?", 1)[0])
            if route is None:
                route = Route(b"no such route", {"Content-Type": "text/plain"}, 404)
            if route.handler is not None:
                route.handler(self, origin)
                return
            self.send_response(route.status)
            for name, value in route.header_items():
                self.send_header(name, value)
            bodyless = route.status in NO_BODY_STATUSES or route.status < 200
            if bodyless:
                pass
            elif route.chunked:
                self.send_header("Transfer-Encoding", "chunked")
            else:
                self.send_header("Content-Length", str(len(route.body)))
            self.end_headers()
            if not send_body or bodyless:
                return
            body = route.body if route.close_after is None else route.body[: route.close_after]
            for start in range(0, len(body), route.chunk_size):
                if route.pause_s:
                    self.wfile.flush()
                    time.sleep(route.pause_s)
                piece = body[start : start + route.chunk_size]
                self.wfile.write(b"%x\r\n%s\r\n" % (len(piece), piece) if route.chunked else piece)
            if route.close_after is not None:
                self.wfile.flush()
                self.close_connection = True
                self.connection.shutdown(socket.SHUT_RDWR)
                return
            if route.chunked:
                self.wfile.write(b"0\r\n\r\n")

        def log_message(self, format, *args) -> None:  # noqa: A002 - the stdlib's signature
            pass  # quiet: the tests assert on the proxy's log, not the origin's

    return Handler
