"""An HTTPS origin that speaks HTTP/2 (ALPN ``h2``), built on the ``h2`` protocol library.

The proxy negotiates HTTP/2 with a browser only when the site does (mitmproxy connects upstream
first and mirrors the site's ALPN), so testing HTTP/2 through the proxy needs an HTTP/2 site.
``H2Origin(routes, cert)`` serves ``origin.Route``s (status, headers, exact body) on a free
127.0.0.1 port, one thread per connection, honouring HTTP/2 flow control; ``requests`` records
(method, path) like ``origin.Origin``.
"""
from __future__ import annotations

import socket
import ssl
import threading

import h2.config
import h2.connection
import h2.events
import h2.exceptions

from .origin import Route
from .tls import ServerCert


class H2Origin:
    def __init__(self, routes: dict[str, Route], tls: ServerCert):
        self.routes = dict(routes)
        self.requests: list[tuple[str, str]] = []
        self._context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        self._context.load_cert_chain(tls.cert_file, tls.key_file)
        self._context.set_alpn_protocols(["h2"])
        self._listener = socket.create_server(("127.0.0.1", 0))
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._accept, name="test-h2-origin", daemon=True)

    @property
    def port(self) -> int:
        return self._listener.getsockname()[1]

    def url(self, path: str) -> str:
        return f"https://127.0.0.1:{self.port}{path}"

    def __enter__(self) -> H2Origin:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._listener.close()

    def _accept(self) -> None:
        while not self._stop.is_set():
            try:
                raw, _ = self._listener.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(raw,), daemon=True, name="test-h2-conn").start()

    def _serve(self, raw: socket.socket) -> None:
        try:
            sock = self._context.wrap_socket(raw, server_side=True)
        except (ssl.SSLError, OSError):
            raw.close()
            return
        conn = h2.connection.H2Connection(h2.config.H2Configuration(client_side=False, header_encoding="utf-8"))
        conn.initiate_connection()
        pending: dict[int, bytes] = {}  # stream id -> body bytes not yet sent
        heads: dict[int, dict[str, str]] = {}
        try:
            sock.sendall(conn.data_to_send())
            while True:
                data = sock.recv(65536)
                if not data:
                    return
                for event in conn.receive_data(data):
                    if isinstance(event, h2.events.RequestReceived):
                        heads[event.stream_id] = dict(event.headers)
                    elif isinstance(event, h2.events.StreamEnded) and event.stream_id in heads:
                        self._respond(conn, event.stream_id, heads.pop(event.stream_id), pending)
                    elif isinstance(event, h2.events.ConnectionTerminated):
                        return
                self._flush(conn, pending)
                sock.sendall(conn.data_to_send())
        except (OSError, h2.exceptions.ProtocolError):
            return
        finally:
            sock.close()

    def _respond(self, conn, stream_id: int, head: dict[str, str], pending: dict[int, bytes]) -> None:
        method, path = head.get(":method", "GET"), head.get(":path", "/")
        self.requests.append((method, path))
        route = self.routes.get(path.split("?", 1)[0]) or Route(b"no such route", {"content-type": "text/plain"}, 404)
        headers = [(":status", str(route.status)), *((k.lower(), v) for k, v in route.header_items())]
        body = b"" if method == "HEAD" else route.body
        headers.append(("content-length", str(len(route.body))))
        conn.send_headers(stream_id, headers, end_stream=not body)
        if body:
            pending[stream_id] = body

    def _flush(self, conn, pending: dict[int, bytes]) -> None:
        for stream_id in list(pending):
            body = pending[stream_id]
            while body:
                size = min(conn.local_flow_control_window(stream_id), conn.max_outbound_frame_size, len(body))
                if size <= 0:
                    break
                conn.send_data(stream_id, body[:size], end_stream=size == len(body))
                body = body[size:]
            if body:
                pending[stream_id] = body
            else:
                del pending[stream_id]
