"""Origin routes that hold a connection open: server-sent events and a WebSocket echo.

``sse_route(gate)`` sends one event, then waits (up to ``GATE_TIMEOUT_S``) for the test to set
``gate`` (it does so once the first event has reached the client through the proxy) before
sending the second and ending. ``SseLog.released_in_time`` says whether the client saw the first
event while the server was still holding the stream: a proxy that buffered the stream would
make the server wait out the timeout.

``websocket_route()`` accepts a WebSocket upgrade and echoes every text or binary message back
as ``echo:`` + message, until the client closes. Frames are read and written by wsproto (a
mitmproxy dependency); the handshake is the RFC 6455 one.
"""
from __future__ import annotations

import base64
import hashlib
import threading
from dataclasses import dataclass, field

from wsproto.frame_protocol import CloseReason, FrameProtocol, Opcode

from .origin import Route

GATE_TIMEOUT_S = 15.0
WS_GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"


@dataclass
class SseLog:
    gate: threading.Event = field(default_factory=threading.Event)
    released_in_time: bool | None = None


def sse_route(log: SseLog) -> Route:
    def handler(request, origin) -> None:
        request.send_response(200)
        request.send_header("Content-Type", "text/event-stream")
        request.send_header("Cache-Control", "no-cache")
        request.send_header("Transfer-Encoding", "chunked")
        request.end_headers()

        def chunk(data: bytes) -> None:
            request.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
            request.wfile.flush()

        chunk(b"id: 1\ndata: first\n\n")
        log.released_in_time = log.gate.wait(GATE_TIMEOUT_S)
        chunk(b"id: 2\ndata: second\n\n")
        request.wfile.write(b"0\r\n\r\n")
        request.wfile.flush()

    return Route(b"", handler=handler)


def accept_key(key: str) -> str:
    return base64.b64encode(hashlib.sha1(key.encode("ascii") + WS_GUID).digest()).decode("ascii")


def websocket_route() -> Route:
    def handler(request, origin) -> None:
        key = request.headers.get("Sec-WebSocket-Key", "")
        if request.headers.get("Upgrade", "").lower() != "websocket" or not key:
            request.send_error(400, "expected a WebSocket upgrade")
            return
        request.send_response(101, "Switching Protocols")
        request.send_header("Upgrade", "websocket")
        request.send_header("Connection", "Upgrade")
        request.send_header("Sec-WebSocket-Accept", accept_key(key))
        request.end_headers()
        request.wfile.flush()
        echo(request.connection)
        request.close_connection = True

    return Route(b"", handler=handler)


def echo(sock) -> None:
    protocol = FrameProtocol(client=False, extensions=[])
    parts: list = []  # fragments of the message being received
    while True:
        data = sock.recv(65536)
        if not data:
            return
        protocol.receive_bytes(data)
        for frame in protocol.received_frames():
            if frame.opcode is Opcode.CLOSE:
                sock.sendall(protocol.close(CloseReason.NORMAL_CLOSURE, "bye"))
                return
            if frame.opcode is Opcode.PING:
                sock.sendall(protocol.pong(frame.payload))
            elif frame.opcode in (Opcode.TEXT, Opcode.BINARY, Opcode.CONTINUATION):
                parts.append(frame.payload)
                if frame.message_finished:
                    message = (b"" if isinstance(parts[0], bytes) else "").join(parts)
                    parts = []
                    sock.sendall(protocol.send_data((b"echo:" if isinstance(message, bytes) else "echo:") + message, fin=True))


def websocket_client_roundtrip(sock, host: str, path: str, messages: list[str]) -> tuple[str, list[str]]:
    """Upgrade ``sock`` (already connected to the origin, directly or through a tunnel), send
    ``messages`` and return (the status line, the echoes), then close cleanly."""
    key = base64.b64encode(b"clearpage-test-k").decode()
    sock.sendall(
        (f"GET {path} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
         f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode()
    )
    head = b""
    while b"\r\n\r\n" not in head:
        data = sock.recv(4096)
        if not data:
            raise ConnectionError(f"closed during the handshake: {head!r}")
        head += data
    head, _, rest = head.partition(b"\r\n\r\n")
    status = head.split(b"\r\n", 1)[0].decode()
    if f"Sec-WebSocket-Accept: {accept_key(key)}".lower().encode() not in head.lower():
        return status, []
    protocol = FrameProtocol(client=True, extensions=[])
    protocol.receive_bytes(rest)
    echoes: list[str] = []
    parts: list[str] = []
    for number, message in enumerate(messages, 1):
        sock.sendall(protocol.send_data(message, fin=True))
        while len(echoes) < number:
            for frame in protocol.received_frames():
                if frame.opcode in (Opcode.TEXT, Opcode.CONTINUATION):
                    parts.append(frame.payload)
                    if frame.message_finished:
                        echoes.append("".join(parts))
                        parts = []
            if len(echoes) < number:
                data = sock.recv(65536)
                if not data:
                    raise ConnectionError("closed before the echo")
                protocol.receive_bytes(data)
    sock.sendall(protocol.close(CloseReason.NORMAL_CLOSURE, "done"))
    return status, echoes
