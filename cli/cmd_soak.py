"""``clearpage soak``: many requests through a real proxy, good pages and bad inputs mixed; count surprises.

Starts a local origin serving the fixture pages (``clearpage.tools.soak``'s pages and, from a
checkout, ``tests/pages/*``) and every bad input of ``clearpage.tools.soak.badinputs`` (each
with its expected outcome), starts ``clearpage proxy`` as a subprocess with the default config,
and sends ``--requests`` requests from ``--concurrency`` threads over keep-alive connections,
picking paths by weight with a fixed seed. Each answer is judged against its case: rewritten correctly, the original bytes,
either (heavy pages), a cut-off body passed on as cut, or mitmproxy's 502 for an HTML body the
server cut while the proxy buffered it. Prints the counts per case, the errors (unexpected
answers, exceptions, timeouts: must be 0), the responses changed that should have been left
alone (must be 0), latency percentiles and the resident memory of the proxy and its workers at
start, at the end and at the peak. Exits 1 when anything unexpected happened.

The harness (origin, pages, bad inputs, proxy process) is ``clearpage.tools.soak``, which the
proxy tests share. ``--fixtures`` names the folder of ``*/source.html`` pages served beside
them (default: the checkout's ``tests/pages``).
"""
from __future__ import annotations

import http.client
import os
import random
import re
import statistics
import tempfile
import threading
import time
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_FIXTURES = ROOT / "tests" / "pages"  # a checkout's fixture pages (each folder's source.html)
DEFAULT_REQUESTS = 20_000
DEFAULT_CONCURRENCY = 16
# Relative weights: fixture pages most of the time, bad inputs often, the slow and heavy ones rarely
# (a 50 MB page or a million elements every few hundred requests, not every few).
WEIGHT_PAGE, WEIGHT_BAD, WEIGHT_SLOW, WEIGHT_HEAVY = 20, 6, 1, 0.15
SLOW_PATHS = frozenset({"/slow.html", "/slow.png"})
RSS_SAMPLE_S = 2.0
EXAMPLES = 5


def add_parser(sub, name: str) -> None:
    parser = sub.add_parser(name, help="soak the proxy: many requests, good and bad pages, with concurrency; report surprises and memory")
    parser.add_argument("--requests", type=int, default=DEFAULT_REQUESTS, help=f"requests to send (default {DEFAULT_REQUESTS})")
    parser.add_argument("--concurrency", type=int, default=DEFAULT_CONCURRENCY, help=f"client threads (default {DEFAULT_CONCURRENCY})")
    parser.add_argument("--no-heavy", action="store_true", help="leave out the 50 MB and million-element pages")
    parser.add_argument("--seed", type=int, default=6, help="seed of the request mix")
    parser.add_argument("--config", metavar="FILE", help="a config for the proxy (default: the embedded default)")
    parser.add_argument("--fixtures", metavar="DIR",
                        help=f"also serve every DIR/*/source.html (default: {DEFAULT_FIXTURES} when present; 'none' to skip)")
    parser.set_defaults(func=run)


def _harness():
    from clearpage.tools.soak import badinputs, origin, pages, proxy

    return badinputs, origin, pages, proxy


def _fixtures(option: str | None) -> Path | None:
    """The folder of fixture pages to serve, or None (``--fixtures none``, or no checkout beside)."""
    if option == "none":
        return None
    if option:
        if not Path(option).is_dir():
            raise SystemExit(f"clearpage soak: --fixtures {option} is not a folder")
        return Path(option)
    return DEFAULT_FIXTURES if DEFAULT_FIXTURES.is_dir() else None


def _cases(badinputs, origin_mod, pages, heavy: bool, fixtures: Path | None) -> tuple[dict, dict[str, float]]:
    """Path -> Case, and path -> weight."""
    Case, Route = badinputs.Case, origin_mod.Route
    cases: dict = {}
    weights: dict[str, float] = {}
    expect = {
        "/article.html": badinputs.REWRITTEN, "/article-gzip.html": badinputs.REWRITTEN, "/article-br.html": badinputs.REWRITTEN,
        "/article-zstd.html": badinputs.REWRITTEN, "/article-chunked.html": badinputs.REWRITTEN, "/portal.html": badinputs.REWRITTEN,
        "/latin1.html": badinputs.REWRITTEN, "/csp-self.html": badinputs.REWRITTEN, "/csp-none.html": badinputs.REWRITTEN,
    }
    for path, route in pages.standard_routes(big_size=6 << 20).items():
        cases[path] = Case(route, expect.get(path, badinputs.UNTOUCHED))
        weights[path] = WEIGHT_PAGE
    for source in sorted(fixtures.glob("*/source.html")) if fixtures else ():
        path = f"/fixture/{source.parent.name}.html"
        cases[path] = Case(Route(source.read_bytes(), pages.HTML_UTF8), badinputs.EITHER)
        weights[path] = WEIGHT_PAGE
    for path, case in badinputs.cases(heavy=heavy).items():
        cases[path] = case
        weights[path] = WEIGHT_HEAVY if case.heavy else WEIGHT_SLOW if path in SLOW_PATHS else WEIGHT_BAD
    return cases, weights


def _tree_rss_kib(pid: int) -> int:
    """Resident memory of ``pid`` and all its descendants, in KiB (Linux /proc)."""
    total, stack = 0, [pid]
    while stack:
        current = stack.pop()
        try:
            with open(f"/proc/{current}/status") as fh:
                total += next((int(line.split()[1]) for line in fh if line.startswith("VmRSS:")), 0)
            for task in os.listdir(f"/proc/{current}/task"):
                with open(f"/proc/{current}/task/{task}/children") as fh:
                    stack.extend(int(c) for c in fh.read().split())
        except (OSError, ValueError):
            continue
    return total


class _Client(threading.local):
    conn: http.client.HTTPConnection | None = None


def run(args) -> int:
    badinputs, origin_mod, pages, proxy_mod = _harness()
    fixtures = _fixtures(args.fixtures)
    heavy = not args.no_heavy
    print(f"clearpage soak: building the pages{' (with the 50 MB and million-element ones)' if heavy else ''}...", flush=True)
    cases, weights = _cases(badinputs, origin_mod, pages, heavy, fixtures)
    paths = sorted(cases)
    rng = random.Random(args.seed)
    plan = rng.choices(paths, weights=[weights[p] for p in paths], k=args.requests)
    config = Path(args.config).read_text(encoding="utf-8") if args.config else None
    results: Counter = Counter()
    problems: dict[str, list[str]] = defaultdict(list)
    changed: Counter = Counter()
    errors: Counter = Counter()
    originals: Counter = Counter()  # pages that could have been rewritten, served as the site sent them
    latencies: list[float] = []
    lock = threading.Lock()
    local = _Client()
    with tempfile.TemporaryDirectory(prefix="clearpage-soak-") as tmp, origin_mod.Origin({p: c.route for p, c in cases.items()}) as origin:
        proxy = proxy_mod.start_proxy(Path(tmp), config=config)
        try:
            host, port = proxy.host, proxy.port

            def one(path: str) -> None:
                case = cases[path]
                if local.conn is None:
                    local.conn = http.client.HTTPConnection(host, port, timeout=120)
                started = time.perf_counter()
                try:
                    outcome = badinputs.fetch(host, port, origin.url(path), case, conn=local.conn)
                    problem = badinputs.judge(case, outcome)
                    fallback = False
                    if problem and case.expect == badinputs.REWRITTEN and not outcome.header("x-clearpage"):
                        # The proxy may always serve the original (budget spent waiting for a busy
                        # worker, a worker replaced): allowed, if the bytes are exactly the site's.
                        untouched = badinputs.judge(badinputs.Case(case.route, badinputs.UNTOUCHED, method=case.method), outcome)
                        fallback, problem = untouched is None, untouched
                    if outcome.incomplete or outcome.header("connection") == "close":
                        local.conn.close()
                        local.conn = None
                except Exception as exc:  # noqa: BLE001 - every failure is counted, none stops the soak
                    problem, fallback = f"{type(exc).__name__}: {exc}", False
                    if local.conn is not None:
                        local.conn.close()
                    local.conn = None
                elapsed = (time.perf_counter() - started) * 1000
                with lock:
                    latencies.append(elapsed)
                    results[path] += 1
                    if fallback:
                        originals[path] += 1
                    if problem:
                        errors[path] += 1
                        if len(problems[path]) < EXAMPLES:
                            problems[path].append(problem)
                        if case.expect == badinputs.UNTOUCHED and problem.startswith(("rewritten", "body changed", "header")):
                            changed[path] += 1

            for path in ("/article.html", "/portal.html", "/pixel.png"):  # warm the workers up
                one(path)
            results.clear()
            latencies.clear()
            originals.clear()
            rss_start = _tree_rss_kib(proxy.process.pid)
            peak = [rss_start]
            done = threading.Event()

            def sample() -> None:
                while not done.wait(RSS_SAMPLE_S):
                    peak[0] = max(peak[0], _tree_rss_kib(proxy.process.pid))

            sampler = threading.Thread(target=sample, daemon=True)
            sampler.start()
            print(f"clearpage soak: {args.requests} requests over {len(paths)} cases, concurrency {args.concurrency}, "
                  f"proxy pid {proxy.process.pid}, RSS at start {rss_start / 1024:.0f} MiB", flush=True)
            started = time.perf_counter()
            with ThreadPoolExecutor(args.concurrency, thread_name_prefix="soak") as pool:
                for n, _ in enumerate(pool.map(one, plan), 1):
                    if n % 2000 == 0:
                        print(f"  {n} done, {sum(errors.values())} unexpected, {(time.perf_counter() - started):.0f} s", flush=True)
            wall = time.perf_counter() - started
            done.set()
            rss_end = _tree_rss_kib(proxy.process.pid)
            alive = proxy.alive()
            restarts = sum(1 for line in proxy.lines if "starting a new one" in line)
            reasons = Counter(_reason(line) for line in proxy.lines if "served the original of" in line)
        finally:
            proxy.stop()
    _report(args, cases, results, errors, problems, changed, originals, latencies, wall, rss_start, rss_end, max(peak[0], rss_end), alive, restarts, reasons)
    return 0 if not errors and alive else 1


def _reason(line: str) -> str:
    """The kind of reason in a "served the original of URL: reason" log line (numbers and URLs left out)."""
    reason = line.split("served the original of", 1)[1].split(": ", 1)[-1].strip()
    return re.sub(r"\d+", "N", reason.split(" (at ", 1)[0])[:90]


def _report(args, cases, results, errors, problems, changed, originals, latencies, wall, rss_start, rss_end, rss_peak, alive, restarts, reasons) -> None:
    total = sum(results.values())
    print()
    print(f"{'case':<32} {'expect':<10} {'sent':>6} {'original':>9} {'unexpected':>10}")
    for path in sorted(results, key=lambda p: (-results[p], p)):
        print(f"{path:<32} {cases[path].expect:<10} {results[path]:>6} {originals[path]:>9} {errors[path]:>10}")
    print()
    p50 = statistics.median(latencies) if latencies else 0.0
    p99 = statistics.quantiles(latencies, n=100)[-1] if len(latencies) > 1 else p50
    print(f"requests: {total} in {wall:.0f} s ({total / wall:.0f}/s), concurrency {args.concurrency}; latency median {p50:.0f} ms, p99 {p99:.0f} ms")
    print(f"unexpected answers (errors): {sum(errors.values())}")
    print(f"responses changed that should have been left alone: {sum(changed.values())}")
    print(f"rewritable pages served as the original (allowed; the proxy's reasons below): {sum(originals.values())}")
    print(f"proxy alive at the end: {alive}; worker restarts: {restarts}")
    for reason, count in reasons.most_common():
        print(f"  {count:>6} x served the original: {reason}")
    print(f"RSS of the proxy and its workers: start {rss_start / 1024:.0f} MiB, end {rss_end / 1024:.0f} MiB, peak {rss_peak / 1024:.0f} MiB")
    for path, examples in problems.items():
        print(f"  {path}: " + " | ".join(examples))
