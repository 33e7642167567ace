"""The health endpoint: plain HTTP on its own loopback port, for a load balancer's checks.

``clearpage proxy --health-port PORT`` serves ``GET`` on ``127.0.0.1:PORT``:

- any path: ``200 ok: ...`` while the proxy listens and at least one filtering worker is up;
  ``503 worker pool broken: ...`` when none is (pages would go out unfiltered: a balancer
  should prefer the other replicas); ``503 starting: ...`` before the proxy's port is open;
- ``/alive``: ``200`` whenever the proxy listens, workers or not (what a balancer falls back
  on when every replica's pool is broken: pages served unfiltered beat no pages).

One short answer per connection, then close (what HAProxy's ``option httpchk`` expects). The
port is always bound on loopback: it tells nothing to the network and takes no credentials.
"""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import NamedTuple

log = logging.getLogger("clearpage.health")

HOST = "127.0.0.1"  # the balancer runs on this machine; the check port never faces the network
READ_TIMEOUT_S = 5.0  # a client that sends no request line within this is dropped
MAX_REQUEST_BYTES = 8192  # a health check is one short request; anything longer is cut off


ALIVE_PATH = "/alive"


class Status(NamedTuple):
    ok: bool
    text: str  # one line, the answer's body


class HealthServer:
    """Answers health checks with ``status()`` (called per check, on the event loop)."""

    def __init__(self, status: Callable[[bool], Status]) -> None:
        self.status = status  # status(alive_only): the answer; alive_only for ALIVE_PATH
        self.server: asyncio.Server | None = None

    async def start(self, port: int) -> int:
        """Listen on 127.0.0.1:``port`` (0: a free one); returns the port. OSError when it cannot."""
        self.server = await asyncio.start_server(self._answer, HOST, port)
        return int(self.server.sockets[0].getsockname()[1])

    def close(self) -> None:
        if self.server is not None:
            self.server.close()
            self.server = None

    async def _answer(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            request = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), READ_TIMEOUT_S)
        except (TimeoutError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError):
            writer.close()
            return
        method, _, rest = request.split(b"\r\n", 1)[0][:MAX_REQUEST_BYTES].partition(b" ")
        path = rest.split(b" ", 1)[0].split(b"?", 1)[0]
        if method not in (b"GET", b"HEAD"):
            code, text = "405 Method Not Allowed", "only GET and HEAD"
        else:
            try:
                status = self.status(path == ALIVE_PATH.encode())
            except Exception as exc:  # noqa: BLE001 - a bug in the check must read as unhealthy, not hang the balancer
                log.exception("clearpage: health check failed")
                status = Status(False, f"health check error: {type(exc).__name__}")
            code, text = ("200 OK" if status.ok else "503 Service Unavailable"), status.text
        body = (text + "\n").encode("utf-8")
        head = (
            f"HTTP/1.1 {code}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: {len(body)}\r\n"
            "Cache-Control: no-store\r\nConnection: close\r\n\r\n"
        ).encode("ascii")
        try:
            writer.write(head if method == b"HEAD" else head + body)
            await writer.drain()
        except ConnectionError:
            pass
        finally:
            writer.close()


def proxy_status(listening: bool, ready: int, size: int, alive_only: bool = False) -> Status:
    """The answer for a proxy that ``listening`` or not, with ``ready`` of ``size`` workers up
    (``alive_only``: whether it listens, whatever its workers)."""
    if not listening:
        return Status(False, "starting: the proxy port is not open yet")
    if alive_only:
        return Status(True, f"alive: serving, {ready} of {size} filtering workers up")
    if ready == 0:
        return Status(False, f"worker pool broken: 0 of {size} filtering workers up (pages are served unfiltered)")
    return Status(True, f"ok: serving, {ready} of {size} filtering workers up")
