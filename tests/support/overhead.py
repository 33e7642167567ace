"""Print the proxy's per-request overhead: ``python -m tests.support.overhead [N]``.

Starts a local origin and ``clearpage proxy`` (default config, real workers), then times N
sequential requests (new connection each) for: the origin directly, a PNG through the proxy
(streamed), the article with ``?clearpage=off`` (streamed: the bypass), and the article
filtered (reader mode). Prints median and 90th percentile in milliseconds, and the proxy's
own figure from the X-Clearpage header (time spent in the response hook).
"""
from __future__ import annotations

import http.client
import statistics
import sys
import tempfile
import time
from pathlib import Path

from .origin import Origin
from .pages import standard_routes
from .proxy import fetch, running_proxy


def _direct(origin: Origin, path: str) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", origin.port, timeout=30)
    conn.request("GET", path)
    conn.getresponse().read()
    conn.close()


def _timed(fn, n: int) -> list[float]:
    times = []
    for _ in range(n):
        started = time.perf_counter()
        fn()
        times.append((time.perf_counter() - started) * 1000)
    return times


def _row(name: str, times: list[float]) -> str:
    p90 = statistics.quantiles(times, n=10)[-1]
    return f"{name:<34} median {statistics.median(times):7.1f} ms   p90 {p90:7.1f} ms"


def main(n: int) -> None:
    with tempfile.TemporaryDirectory() as tmp, Origin(standard_routes(10**6)) as origin:
        with running_proxy(Path(tmp)) as proxy:
            for _ in range(5):  # warm up connections and workers
                fetch(proxy, origin.url("/article.html"))
            hook_ms: list[float] = []

            def filtered() -> None:
                got = fetch(proxy, origin.url("/article.html"))
                hook_ms.append(float(got.header("x-clearpage").split("ms=")[1].split(";")[0]))

            print(f"{n} sequential requests each; article.html is {len(origin.routes['/article.html'].body)} bytes")
            print(_row("direct to origin (article)", _timed(lambda: _direct(origin, "/article.html"), n)))
            print(_row("proxy, PNG (streamed)", _timed(lambda: fetch(proxy, origin.url("/pixel.png")), n)))
            print(_row("proxy, article bypass (streamed)", _timed(lambda: fetch(proxy, origin.url("/article.html?clearpage=off")), n)))
            print(_row("proxy, article filtered (reader)", _timed(filtered, n)))
            print(_row("  of which the response hook", hook_ms))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 50)
