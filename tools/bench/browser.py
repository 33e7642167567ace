"""``clearpage bench proxy``'s browser-shaped runs (issue 27): the proxy as a browser uses it.

Owns the site the origin serves for these runs, the browser that loads it, and three runs with
their figures and verdicts:

- browse: each browser holds 6 keep-alive connections per proxy; a page load fetches one real
  HTML page (wcxb-dev), then its 30 sub-resources (CSS, JS, images) over the 6 connections, then
  pauses (think time). Each browser alternates its loads between clearpage and bare mitmdump,
  both running in the same run, each page through both: clearpage's added latency per page
  beside the worker CPU and queue wait its X-Clearpage header reports;
- pass-through: non-HTML requests sent alternately through both proxies at the same pace; the
  CPU of each proxy's main process per request from /proc/PID/stat;
- saturated: closed-loop clients on clearpage with the browser's mix (1 HTML : 30 others);
  requests/s against the CPU bound (cores / CPU seconds per request of every process in the run).
"""
from __future__ import annotations

import asyncio
import json
import random
import time
from collections import Counter, deque
from dataclasses import dataclass, field
from pathlib import Path

from .loadgen import READ_LIMIT, REWRITTEN_HEADER, _read_response
from .pages import load_page
from .stats import percentile, summary

SITE_FILE = "site.json"  # the manifest the origin reads (path -> content type, file)
PAGE_PATH = "/site/{n}.html"
STATIC_PATH = "/static/{name}"
CONNECTIONS = 6  # a browser's connections per proxy (HTTP/1.1, per host)
DEFAULT_PAGES = 40  # real wcxb-dev HTML pages the browsers load, spread over the set
DEFAULT_LOADS = 40  # page loads per browser (half through each proxy)
DEFAULT_THINK_S = 1.0  # the mean pause between two page loads of one browser (0.5-1.5x)
DEFAULT_BROWSERS = 4  # the many-browser run
DEFAULT_PASSTHROUGH = 1500  # non-HTML requests per proxy in the pass-through run
PASSTHROUGH_CLIENTS = 6  # one browser's connections
DEFAULT_SATURATED = 3000  # requests in the saturated run
SATURATED_CLIENTS = 16
WARMUP_REQUESTS = 40  # untimed pass-through / saturated requests before each measured one
TIMEOUT_S = 120.0
SEED = 27  # the random offsets and think times: the same each run

# The 30 sub-resources of every page: about the median desktop page's CSS, JS and images
# (HTTP Archive: ~80 KB CSS, ~500 KB JS, ~1 MB images on ~70 requests; 30 of them here).
SUBRESOURCES: tuple[tuple[str, str, int], ...] = (
    ("site.css", "text/css", 48_000), ("fonts.css", "text/css", 6_000), ("theme.css", "text/css", 22_000),
    ("print.css", "text/css", 3_000),
    ("app.js", "application/javascript", 180_000), ("vendor.js", "application/javascript", 95_000),
    ("analytics.js", "application/javascript", 40_000), ("ads.js", "application/javascript", 60_000),
    ("comments.js", "application/javascript", 25_000), ("player.js", "application/javascript", 70_000),
    ("consent.js", "application/javascript", 18_000), ("social.js", "application/javascript", 12_000),
    ("hero.jpg", "image/jpeg", 150_000), ("logo.svg", "image/svg+xml", 4_000), ("banner.gif", "image/gif", 35_000),
    ("spinner.gif", "image/gif", 6_000), ("avatar.webp", "image/webp", 8_000),
    *((f"thumb-{i}.jpg", "image/jpeg", 12_000 + 2_500 * i) for i in range(8)),
    *((f"icon-{i}.png", "image/png", 1_500 + 500 * i) for i in range(4)),
    ("pixel.gif", "image/gif", 43),
)

# Targets (issue 27).
TARGET_HTML_EXCESS_MS = 5.0  # the HTML's added latency at p50 <= its worker CPU + this
TARGET_SUB_P50_MS = 1.0
TARGET_SUB_P99_MS = 5.0
TARGET_PASSTHROUGH_RATIO = 1.3
TARGET_SATURATED_SHARE = 0.85

PROXIES = ("clearpage", "mitmdump")


# ---------------------------------------------------------------------- the site


def build_site(dataset: Path, directory: Path, pages: int) -> Path:
    """Write the site (``pages`` HTML pages spread over ``dataset``'s, and the sub-resources) into
    ``directory``; returns the manifest the origin reads."""
    files = sorted((dataset / "html").glob("*.html*")) if (dataset / "html").is_dir() else sorted(dataset.glob("*.html*"))
    if not files:
        raise ValueError(f"no HTML pages in {dataset}")
    step = max(1, len(files) // pages)
    chosen = files[::step][:pages]
    rng = random.Random(SEED)
    manifest: dict[str, list] = {}
    for n, source in enumerate(chosen):
        target = directory / f"page-{n}.html"
        target.write_bytes(load_page(source))
        manifest[PAGE_PATH.format(n=n)] = ["text/html; charset=utf-8", target.name, source.name]
    for name, kind, size in SUBRESOURCES:
        target = directory / f"static-{name}"
        # text for CSS and JS, noise for images (as incompressible as a real JPEG)
        body = (b"/* bench */ .a{color:#123456}\n" * (size // 30 + 1))[:size] if kind.startswith(("text/", "application/")) else rng.randbytes(size)
        target.write_bytes(body)
        manifest[STATIC_PATH.format(name=name)] = [kind, target.name, ""]
    path = directory / SITE_FILE
    path.write_text(json.dumps(manifest), encoding="utf-8")
    return path


def read_site(manifest: Path) -> dict[str, tuple[str, bytes]]:
    """What the origin serves for the site: path -> (content type, body)."""
    entries = json.loads(manifest.read_text(encoding="utf-8"))
    return {path: (kind, (manifest.parent / name).read_bytes()) for path, (kind, name, _) in entries.items()}


def site_pages(manifest: Path) -> list[tuple[str, str]]:
    """The site's HTML pages: (path, the dataset file it came from)."""
    entries = json.loads(manifest.read_text(encoding="utf-8"))
    return [(path, source) for path, (kind, _, source) in entries.items() if kind.startswith("text/html")]


def static_paths() -> list[str]:
    return [STATIC_PATH.format(name=name) for name, _, _ in SUBRESOURCES]


# ---------------------------------------------------------------------- the browser


@dataclass
class Hit:
    browser: int
    load: int  # the browser's page load number
    proxy: str
    kind: str  # "html" | "sub"
    latency_ms: float
    status: int
    rewritten: bool
    cpu_ms: float | None = None  # the worker's CPU on the page (X-Clearpage cpu=)
    wait_ms: float | None = None  # its wait for a free worker (X-Clearpage wait=)
    handled_ms: float | None = None  # the addon's time on it, body received to reply written back (X-Clearpage ms=)
    worker_ms: float | None = None  # the worker's wall time on it (X-Clearpage worker=): its CPU and its waits for a core


def clearpage_fields(value: bytes | None) -> dict[str, str]:
    """``X-Clearpage: mode=reader; ms=23; cpu=19.6; wait=0.0; removed=4`` as a dict."""
    if not value:
        return {}
    return dict(part.strip().split("=", 1) for part in value.decode("latin-1").split(";") if "=" in part)


def request_bytes(url: str, accept: str) -> bytes:
    authority = url.split("/", 3)[2]
    return (f"GET {url} HTTP/1.1\r\nHost: {authority}\r\nAccept: {accept}\r\nUser-Agent: clearpage-bench-browser\r\n"
            "Accept-Encoding: identity\r\n\r\n").encode("ascii")


class Connection:
    """One keep-alive connection to a proxy, (re)opened when needed."""

    def __init__(self, port: int, errors: Counter):
        self.port, self.errors = port, errors
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def get(self, request: bytes) -> tuple[float, int, dict[bytes, bytes]] | None:
        """(latency ms, status, headers) of one request, or None after an error (counted)."""
        try:
            if self.writer is None:
                self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port, limit=READ_LIMIT)
            assert self.reader is not None
            started = time.perf_counter()
            self.writer.write(request)
            status, headers, _ = await asyncio.wait_for(_read_response(self.reader), TIMEOUT_S)
            latency = (time.perf_counter() - started) * 1000
            if headers.get(b"connection", b"").lower() == b"close":
                self.close()
            return latency, status, headers
        except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, TimeoutError, ValueError) as exc:
            self.errors[type(exc).__name__] += 1
            self.close()
            return None

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


class Browser:
    """``CONNECTIONS`` connections to each proxy; loads a page and its sub-resources like a browser."""

    def __init__(self, number: int, ports: dict[str, int], origin_port: int, errors: Counter):
        self.number = number
        self.origin = f"http://127.0.0.1:{origin_port}"
        self.connections = {name: [Connection(port, errors) for _ in range(CONNECTIONS)] for name, port in ports.items()}

    async def load(self, proxy: str, page_path: str, load: int) -> tuple[list[Hit], float]:
        """One page load through ``proxy``: its hits and its time (HTML sent to the last sub-resource read)."""
        hits: list[Hit] = []
        connections = self.connections[proxy]
        started = time.perf_counter()
        got = await connections[0].get(request_bytes(self.origin + page_path, "text/html,application/xhtml+xml"))
        if got is not None:
            latency, status, headers = got
            fields = clearpage_fields(headers.get(REWRITTEN_HEADER))
            hits.append(Hit(self.number, load, proxy, "html", latency, status, bool(fields),
                            *(float(fields[key]) if key in fields else None for key in ("cpu", "wait", "ms", "worker"))))
        queue = deque(f"{self.origin}{path}?page={load}" for path in static_paths())

        async def lane(connection: Connection) -> None:
            while queue:
                got = await connection.get(request_bytes(queue.popleft(), "*/*"))
                if got is not None:
                    hits.append(Hit(self.number, load, proxy, "sub", got[0], got[1], REWRITTEN_HEADER in got[2]))

        await asyncio.gather(*(lane(c) for c in connections))
        return hits, (time.perf_counter() - started) * 1000

    def close(self) -> None:
        for connections in self.connections.values():
            for connection in connections:
                connection.close()


@dataclass
class BrowseResult:
    browsers: int
    loads: int
    think_s: float
    wall_s: float = 0.0
    hits: list[Hit] = field(default_factory=list)
    load_ms: dict[str, list[float]] = field(default_factory=lambda: {name: [] for name in PROXIES})
    errors: Counter = field(default_factory=Counter)


async def browse(ports: dict[str, int], origin_port: int, pages: list[str], browsers: int, loads: int, think_s: float,
                 seed: int = SEED) -> BrowseResult:
    """``browsers`` browsers, each ``loads`` page loads alternating between the proxies (each page
    through both, the order switching from pair to pair), a think time between loads; with more than
    one browser each starts at a random offset. One untimed load through each proxy first."""
    rng = random.Random(seed)
    result = BrowseResult(browsers, loads, think_s)
    all_browsers = [Browser(b, ports, origin_port, result.errors) for b in range(browsers)]
    await asyncio.gather(*(b.load(name, pages[b.number % len(pages)], -1) for b in all_browsers for name in PROXIES))
    offsets = [rng.uniform(0, 2 * think_s) if browsers > 1 else 0.0 for _ in all_browsers]
    pauses = [[think_s * rng.uniform(0.5, 1.5) for _ in range(loads)] for _ in all_browsers]

    async def run(browser: Browser) -> None:
        await asyncio.sleep(offsets[browser.number])
        for load in range(loads):
            pair, second = divmod(load, 2)
            order = PROXIES if (pair + browser.number) % 2 == 0 else PROXIES[::-1]
            page = pages[(browser.number * 11 + pair) % len(pages)]
            hits, took = await browser.load(order[second], page, load)
            result.hits.extend(hits)
            result.load_ms[order[second]].append(took)
            if load < loads - 1:
                await asyncio.sleep(pauses[browser.number][load])

    started = time.perf_counter()
    try:
        await asyncio.gather(*(run(b) for b in all_browsers))
    finally:
        for b in all_browsers:
            b.close()
    result.wall_s = time.perf_counter() - started
    return result


def browse_figures(result: BrowseResult) -> dict:
    """Latency per proxy, clearpage's added latency (HTML per page pair, sub-resources by percentile),
    the worker CPU and queue wait of the HTML pages."""
    hits = result.hits
    by = {(name, kind): [h for h in hits if h.proxy == name and h.kind == kind] for name in PROXIES for kind in ("html", "sub")}
    html = {(h.browser, h.load // 2, h.proxy): h for h in hits if h.kind == "html"}
    added, excess, cpu, wait, handled, outside, core_wait, handoff = [], [], [], [], [], [], [], []
    for (browser, pair, proxy), hit in html.items():
        if proxy != "clearpage" or (browser, pair, "mitmdump") not in html:
            continue
        extra = hit.latency_ms - html[(browser, pair, "mitmdump")].latency_ms
        added.append(extra)
        if hit.cpu_ms is not None:
            cpu.append(hit.cpu_ms)
            excess.append(extra - hit.cpu_ms)
        if hit.wait_ms is not None:
            wait.append(hit.wait_ms)
        if hit.handled_ms is not None:
            handled.append(hit.handled_ms)
            outside.append(extra - hit.handled_ms)
        if None not in (hit.worker_ms, hit.cpu_ms, hit.handled_ms, hit.wait_ms):
            core_wait.append(hit.worker_ms - hit.cpu_ms)
            handoff.append(hit.handled_ms - hit.worker_ms - hit.wait_ms)
    subs = {name: [h.latency_ms for h in by[(name, "sub")]] for name in PROXIES}
    sub_added = {q: round(percentile(subs["clearpage"], p) - percentile(subs["mitmdump"], p), 2) if subs["clearpage"] and subs["mitmdump"] else None
                 for q, p in (("p50", 50), ("p99", 99))}
    cp_html = by[("clearpage", "html")]
    return {
        "browsers": result.browsers, "loads_per_browser": result.loads, "think_s": result.think_s, "wall_s": round(result.wall_s, 1),
        "connections_per_proxy": CONNECTIONS, "subresources_per_page": len(SUBRESOURCES),
        "requests": len(hits), "errors": dict(result.errors), "non_200": sum(1 for h in hits if h.status != 200),
        "html_latency_ms": {name: summary([h.latency_ms for h in by[(name, "html")]], 1) for name in PROXIES},
        "sub_latency_ms": {name: summary(subs[name], 2) for name in PROXIES},
        "page_load_ms": {name: summary(result.load_ms[name], 1) for name in PROXIES},
        "html_pairs": len(added),
        "html_rewritten": sum(1 for h in cp_html if h.rewritten),
        "html_through_clearpage": len(cp_html),
        "sub_rewritten": sum(1 for h in by[("clearpage", "sub")] if h.rewritten),
        "html_added_ms": summary(added, 1),
        "html_worker_cpu_ms": summary(cpu, 1),
        "html_added_minus_cpu_ms": summary(excess, 1),
        "html_queue_wait_ms": summary(wait, 1),
        # where the added latency went: the addon's handling (queue wait, hand-off, the worker's wall time, write-back) and the rest
        # (receiving the whole body before the hook, mitmproxy, the scheduler)
        "html_handled_ms": summary(handled, 1),
        "html_added_minus_handled_ms": summary(outside, 1),
        # inside the handling: the worker's wall time beyond its CPU (waiting for a core: the machine's other work) and the
        # rest (hand-off to the worker and back, write-back: the addon's and the pool's own)
        "html_worker_wall_minus_cpu_ms": summary(core_wait, 1),
        "html_handoff_ms": summary(handoff, 1),
        "sub_added_ms": sub_added,
    }


# ---------------------------------------------------------------------- pass-through and saturated


async def alternate(ports: dict[str, int], urls: list[str], clients: int, per_proxy: int) -> dict:
    """``clients`` clients, each with a connection to every proxy, sending the same request to each
    proxy in turn (the order switching), so both proxies serve at the same pace."""
    errors: Counter = Counter()
    latencies: dict[str, list[float]] = {name: [] for name in ports}
    left = [per_proxy]

    async def client(number: int) -> None:
        connections = {name: Connection(port, errors) for name, port in ports.items()}
        names = list(ports)
        i = number
        while left[0] > 0:
            left[0] -= 1
            request = request_bytes(urls[i % len(urls)], "*/*")
            for name in (names if i % 2 == 0 else names[::-1]):
                got = await connections[name].get(request)
                if got is not None:
                    latencies[name].append(got[0])
            i += 1
        for connection in connections.values():
            connection.close()

    started = time.perf_counter()
    await asyncio.gather(*(client(n) for n in range(clients)))
    return {"wall_s": time.perf_counter() - started, "latencies": latencies, "errors": errors}


async def closed_loop(port: int, urls: list[str], clients: int, requests: int) -> dict:
    """``clients`` clients on one proxy, each walking ``urls`` from its own starting point until ``requests`` are sent."""
    errors: Counter = Counter()
    latencies: list[float] = []
    statuses: Counter = Counter()
    rewritten = [0]
    left = [requests]

    async def client(number: int) -> None:
        connection = Connection(port, errors)
        i = number * (len(urls) // max(clients, 1) + 1)
        while left[0] > 0:
            left[0] -= 1
            url = urls[i % len(urls)]
            got = await connection.get(request_bytes(url, "text/html" if url.endswith(".html") else "*/*"))
            if got is not None:
                latencies.append(got[0])
                statuses[got[1]] += 1
                rewritten[0] += REWRITTEN_HEADER in got[2]
            i += 1
        connection.close()

    started = time.perf_counter()
    await asyncio.gather(*(client(n) for n in range(clients)))
    return {"wall_s": time.perf_counter() - started, "latencies": latencies, "errors": errors, "statuses": statuses,
            "rewritten": rewritten[0]}


def browser_mix(origin_port: int, pages: list[str]) -> list[str]:
    """A browser's mix of requests: each page, then its sub-resources."""
    origin = f"http://127.0.0.1:{origin_port}"
    urls = []
    for n, page in enumerate(pages):
        urls.append(origin + page)
        urls.extend(f"{origin}{path}?page={n}" for path in static_paths())
    return urls


# ---------------------------------------------------------------------- targets


def verdict_rows(f: dict) -> list[dict]:
    """The issue-27 targets with the figure each was measured at (``met`` None: not measured)."""
    rows = []

    def target(name: str, value, ok: bool | None, note: str = "") -> None:
        rows.append({"target": name, "value": value, "met": ok, **({"note": note} if note else {})})

    one = f.get("browser_1")
    if one:
        excess, cpu, added = one["html_added_minus_cpu_ms"], one["html_worker_cpu_ms"], one["html_added_ms"]
        target(f"1 browser: HTML's added latency <= its worker CPU + {TARGET_HTML_EXCESS_MS:.0f} ms at p50 (added - CPU, p50)",
               excess.get("median"), excess.get("median") <= TARGET_HTML_EXCESS_MS if excess.get("n") else None,
               f"added p50 {added.get('median')} ms, worker CPU p50 {cpu.get('median')} ms, {excess.get('n', 0)} rewritten pages of "
               f"{one['html_pairs']} pairs")
        sub = one["sub_added_ms"]
        target(f"1 browser: sub-resources' added latency <= {TARGET_SUB_P50_MS:.0f} ms at p50", sub["p50"],
               sub["p50"] <= TARGET_SUB_P50_MS if sub["p50"] is not None else None)
        target(f"1 browser: sub-resources' added latency <= {TARGET_SUB_P99_MS:.0f} ms at p99", sub["p99"],
               sub["p99"] <= TARGET_SUB_P99_MS if sub["p99"] is not None else None)
    passthrough = f.get("passthrough")
    if passthrough:
        ratio = passthrough["main_cpu_ratio"]
        target(f"non-HTML pass-through: main process CPU per request <= {TARGET_PASSTHROUGH_RATIO}x bare mitmdump's", ratio,
               ratio <= TARGET_PASSTHROUGH_RATIO if ratio is not None else None,
               f"{passthrough['main_cpu_ms_per_request']['clearpage']} vs {passthrough['main_cpu_ms_per_request']['mitmdump']} ms")
    saturated = f.get("saturated")
    if saturated:
        share = saturated["share_of_cpu_bound"]
        target(f"saturated: requests/s >= {TARGET_SATURATED_SHARE:.0%} of the CPU bound", share,
               share >= TARGET_SATURATED_SHARE if share is not None else None,
               f"{saturated['requests_per_s']} req/s, bound {saturated['cpu_bound_requests_per_s']} req/s")
    return rows


def browse_lines(name: str, b: dict) -> list[str]:
    lat, sub, load = b["html_latency_ms"], b["sub_latency_ms"], b["page_load_ms"]
    lines = [
        f"{name}: {b['browsers']} browser(s) x {b['loads_per_browser']} page loads (think {b['think_s']} s, "
        f"{b['connections_per_proxy']} connections per proxy, 1 HTML + {b['subresources_per_page']} sub-resources), "
        f"{b['requests']} requests, {sum(b['errors'].values())} errors, {b['non_200']} non-200, {b['wall_s']} s",
        f"  HTML p50/p99: clearpage {lat['clearpage'].get('median')}/{lat['clearpage'].get('p99')} ms, "
        f"bare mitmdump {lat['mitmdump'].get('median')}/{lat['mitmdump'].get('p99')} ms; "
        f"rewritten {b['html_rewritten']}/{b['html_through_clearpage']}",
        f"  HTML added latency (per page, same page through both): p50 {b['html_added_ms'].get('median')} ms, "
        f"p99 {b['html_added_ms'].get('p99')} ms; worker CPU p50 {b['html_worker_cpu_ms'].get('median')} ms; "
        f"added - CPU p50 {b['html_added_minus_cpu_ms'].get('median')} ms; "
        f"queue wait p50 {b['html_queue_wait_ms'].get('median')} ms, p99 {b['html_queue_wait_ms'].get('p99')} ms, "
        f"max {b['html_queue_wait_ms'].get('max')} ms",
        f"  where it went (p50): the addon's handling {b['html_handled_ms'].get('median')} ms (wait, hand-off, the worker's wall "
        f"time, write-back), the rest {b['html_added_minus_handled_ms'].get('median')} ms (buffering the body, mitmproxy, scheduling); "
        f"in the handling: the worker's wall time beyond its CPU {b['html_worker_wall_minus_cpu_ms'].get('median')} ms "
        f"(waiting for a core), the hand-off and write-back {b['html_handoff_ms'].get('median')} ms",
        f"  sub-resources p50/p99: clearpage {sub['clearpage'].get('median')}/{sub['clearpage'].get('p99')} ms, "
        f"bare mitmdump {sub['mitmdump'].get('median')}/{sub['mitmdump'].get('p99')} ms: added "
        f"p50 {b['sub_added_ms']['p50']} ms, p99 {b['sub_added_ms']['p99']} ms ({b['sub_rewritten']} rewritten)",
        f"  page load (HTML + all sub-resources) p50: clearpage {load['clearpage'].get('median')} ms, "
        f"bare mitmdump {load['mitmdump'].get('median')} ms",
    ]
    return lines
