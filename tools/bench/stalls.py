"""``clearpage bench stalls``: many big HTML responses that stall halfway, and what the proxy holds meanwhile.

Starts a loopback origin whose N pages (chunked, SIZE bytes each) send their whole body but the
final chunk, then wait; and ``clearpage proxy`` (1 worker) with a given config. N clients fetch
the pages at once; the proxy's main process RSS is sampled for ``--hold`` seconds, then the
origin finishes every page. Prints the RSS at start, its peak while the pages stall, whether every
client got every byte, and how many pages the proxy streamed unfiltered, by reason (its log).
"""
from __future__ import annotations

import http.client
import tempfile
import threading
import time
from pathlib import Path

from clearpage.tools.bench.proxy import _status_kib
from clearpage.tools.soak.origin import Origin, Route
from clearpage.tools.soak.proxy import start_proxy

DEFAULT_PAGES = 40
DEFAULT_SIZE = 4_900_000  # under the default proxy.max_body_bytes (5 MiB): every page is one to filter
PIECE = 65536
CLIENT_TIMEOUT_S = 300.0


def run(pages: int, size: int, hold_s: float, config: str) -> dict:
    gate = threading.Event()
    body = (b"<p>" + b"x" * 1000 + b"</p>\n") * (size // 1008)

    def answer(handler, origin) -> None:
        handler.send_response(200)
        handler.send_header("Content-Type", "text/html; charset=utf-8")
        handler.send_header("Transfer-Encoding", "chunked")
        handler.end_headers()
        for start in range(0, len(body), PIECE):
            piece = body[start:start + PIECE]
            handler.wfile.write(b"%x\r\n%s\r\n" % (len(piece), piece))
        handler.wfile.flush()
        gate.wait(CLIENT_TIMEOUT_S)
        handler.wfile.write(b"0\r\n\r\n")
        handler.wfile.flush()

    routes = {f"/stall-{i}.html": Route(b"", handler=answer) for i in range(pages)}
    received: list[int] = []

    def client(url: str, host: str, port: int) -> None:
        conn = http.client.HTTPConnection(host, port, timeout=CLIENT_TIMEOUT_S)
        conn.request("GET", url)
        response = conn.getresponse()
        total = 0
        while chunk := response.read(PIECE):
            total += len(chunk)
        received.append(total)
        conn.close()

    with Origin(routes) as origin, tempfile.TemporaryDirectory(prefix="clearpage-bench-stalls-") as tmp:
        proxy = start_proxy(Path(tmp), config=config)
        try:
            pid = proxy.process.pid
            start_mb = _status_kib(pid, "VmRSS:") / 1024
            threads = [threading.Thread(target=client, args=(origin.url(p), proxy.host, proxy.port), daemon=True) for p in routes]
            for thread in threads:
                thread.start()
            peak = start_mb
            until = time.monotonic() + hold_s
            while time.monotonic() < until:
                peak = max(peak, _status_kib(pid, "VmRSS:") / 1024)
                time.sleep(0.2)
            gate.set()
            for thread in threads:
                thread.join(CLIENT_TIMEOUT_S)
            end_mb = _status_kib(pid, "VmRSS:") / 1024
            lines = list(proxy.lines)
        finally:
            gate.set()
            proxy.stop()
    figures = {
        "pages": pages, "size": size, "hold_s": hold_s, "config": config,
        "rss_start_mb": round(start_mb, 1), "rss_peak_while_stalled_mb": round(peak, 1), "rss_end_mb": round(end_mb, 1),
        "complete": sum(1 for n in received if n == len(body)),
        "unfiltered_deadline": sum(1 for line in lines if "unfiltered" in line and "buffer_deadline_ms" in line),
        "unfiltered_cap": sum(1 for line in lines if "unfiltered" in line and "max_buffered_bytes" in line),
    }
    print(f"{pages} pages of {size} bytes stalling {hold_s:.0f} s; config: {config.strip() or '(default)'!r}")
    print(f"  proxy main RSS: {figures['rss_start_mb']:.0f} MB at start, {figures['rss_peak_while_stalled_mb']:.0f} MB peak while "
          f"stalled, {figures['rss_end_mb']:.0f} MB after; {figures['complete']} of {pages} complete at the client")
    print(f"  streamed unfiltered: {figures['unfiltered_deadline']} at the deadline, {figures['unfiltered_cap']} by the cap")
    return figures
