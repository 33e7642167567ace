"""``clearpage bench fleet``: N replicas behind a real HAProxy (``tools.soak.fleet``), one shared site memory.

Two parts, both through the balancer with the proxy credentials:

- learning: the 10-page fixture site (tests/pages/learn-site), page after page as top-level
  navigations, each on a new connection (so HAProxy spreads them over the replicas); it records
  which replica served each page and the first page from which the site's template is gone,
  then serves every page once more and counts the replicas that removed the template;
- load: ``clients`` keep-alive connections sending ``requests`` GETs of one article page (not
  navigations: they teach nothing), requests/s and latency percentiles (``tools.bench.loadgen``).
"""
from __future__ import annotations

import asyncio
import base64
import time
from pathlib import Path

from clearpage.tools.soak.fleet import PASSWORD, USER, running_fleet
from clearpage.tools.soak.origin import Origin, Route

from .loadgen import Driver
from .stats import machine, summary

PROJECT = Path(__file__).resolve().parent.parent.parent
SITE = PROJECT / "tests" / "pages" / "learn-site"
TEMPLATE_TEXT = "Welcome to the Riverside Gazette"  # the fixture site's template (its top block)
HTML = {"Content-Type": "text/html; charset=utf-8"}
# What a browser sends for a top-level navigation over plain HTTP (what the memory learns from).
NAVIGATION = {"Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", "Upgrade-Insecure-Requests": "1"}
WARMUP_PER_CLIENT = 3  # requests per client before the measured run: every replica's worker has parsed the page once
SLOW_TEXT = 30000  # ms per page: the bench measures filtered pages, not the budget's fallbacks


class AuthDriver(Driver):
    """The load generator's requests with the fleet's proxy credentials."""

    def request_bytes(self, url: str) -> bytes:
        authority = url.split("/", 3)[2]
        token = base64.b64encode(f"{USER}:{PASSWORD}".encode()).decode()
        return (f"GET {url} HTTP/1.1\r\nHost: {authority}\r\nAccept: text/html\r\nUser-Agent: clearpage-bench\r\n"
                f"Proxy-Authorization: Basic {token}\r\n\r\n").encode("ascii")


def config(memory: str, workers: int) -> str:
    return (f"mode: reader\nproxy:\n  workers: {workers}\n  time_budget_ms: {SLOW_TEXT}\n"
            f"memory:\n  path: {memory}\n  template_min_minutes: 0\n")


def run(directory: Path, *, replicas: int = 3, workers: int = 1, clients: int = 6, requests: int = 300,
        memory: str | None = None, say=print) -> dict:
    pages = sorted(SITE.glob("page*.html"))
    routes = {f"/story/{n}": Route(p.read_bytes(), HTML) for n, p in enumerate(pages, 1)}
    store = memory or str(directory / "memory.sqlite")
    with Origin(routes) as origin, running_fleet(directory / "fleet", replicas=replicas, extra_config=config(store, workers)) as fleet:
        say(f"{replicas} replicas up behind HAProxy on 127.0.0.1:{fleet.port}; memory: {'PostgreSQL' if store.startswith('postgres') else 'SQLite ' + store}")
        learning = []
        for number in range(1, len(pages) + 1):
            url = origin.url(f"/story/{number}")
            got = fleet.fetch(url, headers=NAVIGATION)
            learning.append({"page": number, "status": got.status, "url": url,
                             "template_removed": got.status == 200 and TEMPLATE_TEXT not in _article(got.body)})
        again = []
        for number in range(1, len(pages) + 1):
            url = origin.url(f"/story/{number}?again=1")
            got = fleet.fetch(url, headers={"Accept": "text/html"})
            again.append({"url": url, "template_removed": got.status == 200 and TEMPLATE_TEXT not in _article(got.body)})
        served = _served(fleet, [p["url"] for p in learning + again])
        for row in learning + again:
            row["replica"] = served.get(row.pop("url"))
        first = next((row["page"] for row in learning if row["template_removed"]), None)
        before = {row["replica"] for row in learning if first is not None and row["page"] < first}
        removing = sorted({row["replica"] for row in again if row["template_removed"] and row["replica"]})
        say(f"learning: template removed from page {first} on (pages before it served by replicas {sorted(r for r in before if r)}); "
            f"afterwards replicas {removing} removed it")
        driver = AuthDriver("127.0.0.1", fleet.port)
        url = origin.url(f"/story/{len(pages)}")

        async def go():
            await driver.run(url, clients, clients * WARMUP_PER_CLIENT)
            return await driver.run(url, clients, requests)

        result = asyncio.run(go())
        spread = _served_count(fleet)
    latency = summary(result.latencies(), 1)
    figures = {
        "machine": machine(),
        "replicas": replicas,
        "workers_per_replica": workers,
        "memory": "postgresql" if store.startswith("postgres") else "sqlite (one file, shared)",
        "learning": {
            "template_removed_from_page": first,
            "pages_before_by_replicas": sorted(r for r in before if r),
            "replicas_removing_after": removing,
            "pages": learning,
        },
        "load": {
            "clients": clients,
            "requests": result.done,
            "errors": dict(result.errors),
            "non_200": sum(1 for o in result.outcomes if o.status != 200),
            "rewritten": sum(1 for o in result.outcomes if o.rewritten),
            "wall_s": round(result.wall_s, 2),
            "requests_per_s": round(result.throughput, 1),
            "latency_ms": latency,
            "pages_filtered_per_replica": spread,
        },
    }
    say(f"load: {result.done} requests from {clients} connections in {result.wall_s:.1f} s: {result.throughput:.1f} requests/s, "
        f"p50 {latency.get('median')} ms, p99 {latency.get('p99')} ms; errors {dict(result.errors) or 0}; "
        f"filtered per replica {spread}")
    return figures


def _article(body: bytes) -> str:
    import lxml.html

    doc = lxml.html.document_fromstring(body.decode("utf-8", "replace"))
    main = doc.xpath("//main[@id='cp-content']")
    return " ".join((main[0] if main else doc).text_content().split())


def _served(fleet, urls: list[str], timeout_s: float = 10.0) -> dict[str, int]:
    deadline = time.monotonic() + timeout_s
    served = fleet.served_by()
    while time.monotonic() < deadline and not set(urls) <= set(served):
        time.sleep(0.1)  # the replicas' log lines reach the supervisor a little after the answers
        served = fleet.served_by()
    return served


def _served_count(fleet) -> dict[str, int]:
    """Filtered pages per replica over the whole run (its log lines)."""
    counts: dict[str, int] = {}
    for line in list(fleet.lines):
        if line.startswith("replica ") and "clearpage: reader" in line:
            name = line.split(":", 1)[0]
            counts[name] = counts.get(name, 0) + 1
    return counts
