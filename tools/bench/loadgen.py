"""The load generator of ``clearpage bench proxy``: N asyncio clients over keep-alive connections.

Each client holds one HTTP/1.1 connection to the proxy and sends absolute-form GETs (what a
browser sends an HTTP proxy) one after another until the run's request count is used up; a
response is read whole (Content-Length or chunked) before the next request goes. Per request it
records the latency (request written to the last body byte read), the status and whether the
proxy rewrote the page (its ``X-Clearpage`` header). One event loop in one thread: a client
costs a few microseconds of CPU per request, far below what a proxy spends.
"""
from __future__ import annotations

import asyncio
import time
from collections import Counter
from dataclasses import dataclass, field

REWRITTEN_HEADER = b"x-clearpage"
READ_LIMIT = 1 << 20  # header block size the reader accepts


@dataclass
class Outcome:
    latency_ms: float
    status: int
    size: int
    rewritten: bool


@dataclass
class RunResult:
    wall_s: float
    outcomes: list[Outcome] = field(default_factory=list)
    errors: Counter = field(default_factory=Counter)

    @property
    def done(self) -> int:
        return len(self.outcomes)

    @property
    def throughput(self) -> float:
        return self.done / self.wall_s if self.wall_s > 0 else 0.0

    def latencies(self) -> list[float]:
        return [o.latency_ms for o in self.outcomes]


async def _read_response(reader: asyncio.StreamReader) -> tuple[int, dict[bytes, bytes], int]:
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.split(b"\r\n")
    status = int(lines[0].split(b" ", 2)[1])
    headers = {}
    for line in lines[1:]:
        name, sep, value = line.partition(b":")
        if sep:
            headers[name.strip().lower()] = value.strip()
    size = 0
    if headers.get(b"transfer-encoding", b"").lower() == b"chunked":
        while True:
            chunk = int((await reader.readuntil(b"\r\n")).split(b";", 1)[0], 16)
            if chunk:
                size += len(await reader.readexactly(chunk))
            await reader.readexactly(2)
            if chunk == 0:
                break
    elif b"content-length" in headers:
        size = len(await reader.readexactly(int(headers[b"content-length"])))
    else:
        size = len(await reader.read())  # body ends with the connection
        headers[b"connection"] = b"close"
    return status, headers, size


class Driver:
    """Requests ``url`` through the proxy at ``host:port``."""

    def __init__(self, host: str, port: int, timeout_s: float = 120.0):
        self.host, self.port, self.timeout_s = host, port, timeout_s

    def request_bytes(self, url: str) -> bytes:
        authority = url.split("/", 3)[2]
        return f"GET {url} HTTP/1.1\r\nHost: {authority}\r\nAccept: text/html\r\nUser-Agent: clearpage-bench\r\n\r\n".encode("ascii")

    async def run(self, url: str, clients: int, requests: int, progress=None) -> RunResult:
        """``requests`` GETs of ``url`` from ``clients`` concurrent connections."""
        result = RunResult(0.0)
        remaining = [requests]
        request = self.request_bytes(url)

        async def client() -> None:
            reader = writer = None
            while remaining[0] > 0:
                remaining[0] -= 1
                try:
                    if writer is None:
                        reader, writer = await asyncio.open_connection(self.host, self.port, limit=READ_LIMIT)
                    started = time.perf_counter()
                    writer.write(request)
                    status, headers, size = await asyncio.wait_for(_read_response(reader), self.timeout_s)
                    elapsed = (time.perf_counter() - started) * 1000
                    result.outcomes.append(Outcome(elapsed, status, size, REWRITTEN_HEADER in headers))
                    if progress is not None:
                        progress(len(result.outcomes))
                    if headers.get(b"connection", b"").lower() == b"close":
                        writer.close()
                        reader = writer = None
                except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, TimeoutError, ValueError) as exc:
                    result.errors[type(exc).__name__] += 1
                    if writer is not None:
                        writer.close()
                    reader = writer = None
            if writer is not None:
                writer.close()

        started = time.perf_counter()
        await asyncio.gather(*(client() for _ in range(clients)))
        result.wall_s = time.perf_counter() - started
        return result

    async def repeat_until(self, url: str, stop: asyncio.Event) -> RunResult:
        """One client requesting ``url`` again and again (one in flight) until ``stop`` is set."""
        result = RunResult(0.0)
        request = self.request_bytes(url)
        started = time.perf_counter()
        reader, writer = await asyncio.open_connection(self.host, self.port, limit=READ_LIMIT)
        try:
            while not stop.is_set():
                t0 = time.perf_counter()
                writer.write(request)
                try:
                    status, headers, size = await asyncio.wait_for(_read_response(reader), self.timeout_s)
                except (OSError, asyncio.IncompleteReadError, TimeoutError, ValueError) as exc:
                    result.errors[type(exc).__name__] += 1
                    writer.close()
                    reader, writer = await asyncio.open_connection(self.host, self.port, limit=READ_LIMIT)
                    continue
                result.outcomes.append(Outcome((time.perf_counter() - t0) * 1000, status, size, REWRITTEN_HEADER in headers))
        finally:
            writer.close()
        result.wall_s = time.perf_counter() - started
        return result
