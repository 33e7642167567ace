"""``clearpage bench adblock``: how fast the lists load and match, and how right the matcher is.

Figures, each from a run on this machine:
- cold load: parse + compile the lists (what the first start after a list update pays), and
  the full first load (compile + lint + write the cache);
- cached load: read, verify and deserialise the compiled form (every later start);
- network checks per second: the conformance requests against the full lists;
- element-hiding lookups per second: the engine's per-page cosmetic lookup (URL, then the
  page's classes and ids), and, when the wcxb-dev pages are at hand, whole element-hiding
  passes (index, lookup, selectors) per second on real pages;
- conformance: the share of the shared request set the matcher gets right.
"""
from __future__ import annotations

import gzip
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import adblock

from clearpage.filters import dom
from clearpage.filters.adblock import cosmetic
from clearpage.filters.adblock.abp import AbpEngine, compile_texts, load_bytes, read_lists
from clearpage.filters.links import host_of

from . import conformance

PROJECT = Path(__file__).resolve().parent.parent.parent
SHARED = PROJECT.parent / "shared"
DEFAULT_LISTS = ("easylist.txt", "easyprivacy.txt")
REQUESTS = "matching-test-requests.json"
# Repeats per timing (the median is reported), and the least time spent per throughput figure.
LOAD_REPEATS = 3
MIN_SECONDS = 1.0
PAGES = 100  # wcxb-dev pages for the element-hiding pass figure
# Classes and ids for the engine-level cosmetic lookup: what a typical news page carries.
SAMPLE_CLASSES = ["ad", "ad-container", "banner", "sidebar", "article", "content", "header", "footer", "nav", "sponsored"]
SAMPLE_IDS = ["main", "header", "footer", "sidebar", "ad-slot", "content"]


@dataclass
class BenchResult:
    figures: dict = field(default_factory=dict)

    def as_json(self) -> str:
        return json.dumps(self.figures, indent=2, sort_keys=False)


def default_lists(shared: Path = SHARED) -> list[Path]:
    return [shared / "adblock" / name for name in DEFAULT_LISTS]


def run(lists: list[Path], requests_path: Path | None, pages_dir: Path | None, say=print, min_seconds: float = MIN_SECONDS) -> BenchResult:
    """Measure everything; each throughput figure runs for at least ``min_seconds``."""
    figures: dict = {"machine": machine()}
    raw = read_lists([str(p) for p in lists])
    texts = [(name, data.decode("utf-8", errors="replace")) for name, data in raw]
    figures["lists"] = [{"path": name, "lines": text.count("\n") + 1, "bytes": len(data)} for (name, data), (_, text) in zip(raw, texts)]
    say(f"lists: {', '.join(f'{Path(n).name} ({t.count(chr(10)) + 1} lines)' for n, t in texts)}")

    parse, parse_cpu = _median_seconds(lambda: compile_texts(texts), LOAD_REPEATS)
    say(f"cold load, parse + compile:                   {parse:.3f} s wall, {parse_cpu:.3f} s CPU (median of {LOAD_REPEATS})")
    with tempfile.TemporaryDirectory(prefix="clearpage-bench-") as tmp:
        wall, cpu = time.perf_counter(), time.process_time()
        engine, info = load_bytes(raw, Path(tmp))
        first, first_cpu = time.perf_counter() - wall, time.process_time() - cpu
        say(f"cold load, first start (+ lint, cache write): {first:.3f} s wall, {first_cpu:.3f} s CPU; {info.rules_unusable} unusable lines reported")
        cached, cached_cpu = _median_seconds(lambda: _cached_load(raw, Path(tmp)), LOAD_REPEATS * 2)
        size = os.path.getsize(info.cache_file) if info.cache_file else 0
        fresh = _fresh_process_load([name for name, _ in raw], Path(tmp))
        say(
            f"fresh process, cache warm:                    lists ready in {fresh['load_s']:.3f} s "
            f"(from cache: {fresh['from_cache']}; the import before it took {fresh['import_s']:.3f} s)"
        )
        say(
            f"cached load (read + verify + deserialise):    {cached:.3f} s wall, {cached_cpu:.3f} s CPU "
            f"(median of {LOAD_REPEATS * 2}); cache file {size / 1e6:.1f} MB"
        )
    figures["load"] = {
        "cold_parse_compile_s": round(parse, 6),
        "cold_parse_compile_cpu_s": round(parse_cpu, 6),
        "cold_first_start_s": round(first, 6),
        "cold_first_start_cpu_s": round(first_cpu, 6),
        "cached_s": round(cached, 6),
        "cached_cpu_s": round(cached_cpu, 6),
        "cache_bytes": size,
        "fresh_process_load_s": round(fresh["load_s"], 6),
        "fresh_process_import_s": round(fresh["import_s"], 6),
        "fresh_process_from_cache": fresh["from_cache"],
        "unusable_lines": info.rules_unusable,
        "has_rules": engine.has_rule_count,
        "target_s": 1.0,
        "cached_under_target": cached < 1.0,
    }

    if requests_path is not None:
        requests = [r for r in conformance.load_requests(requests_path) if r["url"] not in conformance.NOT_REQUESTS]
        figures["network"] = _network_rate(engine, requests, say, min_seconds)
        figures["conformance"] = _conformance(requests_path, say)
        urls = sorted({r.get("sourceUrl") or "" for r in requests} - {"", "http://", "https://"})
        figures["cosmetic_lookup"] = _cosmetic_rate(engine, urls, say, min_seconds)
    if pages_dir is not None:
        figures["element_hiding_pages"] = _page_rate(engine, pages_dir, say)
    return BenchResult(figures)


def machine() -> dict:
    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    return {
        "cores": os.cpu_count(),
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "adblock": adblock.__version__,
        "load_average_1m": round(load[0], 2) if load else None,
    }


def _cached_load(raw, directory: Path) -> None:
    _, info = load_bytes(raw, directory)
    if not info.from_cache:
        raise RuntimeError("the benchmark's cache was not used; the cached figure would be a cold one")


_FRESH = """
import json, sys, time
start = time.perf_counter()
from pathlib import Path
from clearpage.filters.adblock.abp import load_lists
imported = time.perf_counter()
engine, info = load_lists(sys.argv[2:], Path(sys.argv[1]))
print(json.dumps({"import_s": imported - start, "load_s": info.seconds, "from_cache": info.from_cache}))
"""


def _fresh_process_load(paths: list[str], cache_dir: Path) -> dict:
    """Load the lists from the cache in a new interpreter: what a proxy start pays."""
    done = subprocess.run([sys.executable, "-c", _FRESH, str(cache_dir), *paths], capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def _median_seconds(fn, repeats: int) -> tuple[float, float]:
    """Median wall-clock and CPU seconds of ``fn`` (CPU time is what a busy machine cannot inflate)."""
    walls, cpus = [], []
    for _ in range(repeats):
        wall, cpu = time.perf_counter(), time.process_time()
        fn()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls), statistics.median(cpus)


def _network_rate(engine: AbpEngine, requests: list[dict], say, min_seconds: float) -> dict:
    if not requests:
        return {"checks_per_s": None, "requests": 0}
    for r in requests:  # warm-up: the engine compiles a rule's regex on its first use
        engine.check(r["url"], r.get("sourceUrl") or "", r["type"])
    checks, blocked = 0, 0
    start = time.perf_counter()
    while True:
        for r in requests:
            blocked += engine.check(r["url"], r.get("sourceUrl") or "", r["type"]).blocked
        checks += len(requests)
        elapsed = time.perf_counter() - start
        if elapsed >= min_seconds:
            break
    rounds = checks // len(requests)
    rate = checks / elapsed
    share = blocked / checks
    say(f"network checks: {rate:,.0f}/s over {len(requests)} requests x {rounds} (after one warm-up round); {share:.1%} blocked by the full lists")
    return {"checks_per_s": round(rate), "requests": len(requests), "rounds": rounds, "blocked_share": round(share, 4)}


def _cosmetic_rate(engine: AbpEngine, urls: list[str], say, min_seconds: float) -> dict:
    if not urls:
        return {"lookups_per_s": None, "urls": 0}
    lookups = 0
    start = time.perf_counter()
    while True:
        for url in urls:
            found = engine.cosmetic(url)
            engine.class_id_selectors(SAMPLE_CLASSES, SAMPLE_IDS, found)
            engine.has_selectors(host_of(url), found)
        lookups += len(urls)
        elapsed = time.perf_counter() - start
        if elapsed >= min_seconds:
            break
    rate = lookups / elapsed
    say(f"element-hiding lookups: {rate:,.0f}/s (URL + {len(SAMPLE_CLASSES)} classes / {len(SAMPLE_IDS)} ids, {len(urls)} page URLs)")
    return {"lookups_per_s": round(rate), "urls": len(urls)}


def _conformance(path: Path, say) -> dict:
    result = conformance.measure(conformance.load_requests(path))
    say(result.summary())
    return result.as_dict()


def _page_rate(engine: AbpEngine, pages_dir: Path, say) -> dict | None:
    """Whole element-hiding passes over real pages (parse excluded)."""
    html_dir, truth_dir = pages_dir / "html", pages_dir / "ground-truth"
    files = sorted(html_dir.glob("*.html.gz"))[:PAGES]
    if not files:
        return None
    docs = []
    for path in files:
        truth = truth_dir / path.name.replace(".html.gz", ".json")
        url = json.loads(truth.read_text(encoding="utf-8")).get("url") if truth.exists() else None
        docs.append((url, gzip.decompress(path.read_bytes()).decode("utf-8", errors="replace")))
    cosmetic.compile_rule.cache_clear()
    passes: list[float] = []
    removed = 0
    for url, html in docs:
        doc = dom.parse(html)
        start = time.perf_counter()
        result = cosmetic.hide(doc, url, host_of(url), engine)
        passes.append(time.perf_counter() - start)
        removed += len(result.matches)
    total = sum(passes)
    figures = {
        "pages": len(docs),
        "pages_per_s": round(len(docs) / total, 1),
        "median_ms": round(statistics.median(passes) * 1000, 2),
        "p90_ms": round(sorted(passes)[int(len(passes) * 0.9) - 1] * 1000, 2),
        "elements_hidden_per_page": round(removed / len(docs), 2),
        "note": "first pass over the pages, selector cache cold",
    }
    say(
        f"element-hiding pass on {len(docs)} wcxb-dev pages: {figures['pages_per_s']}/s, median {figures['median_ms']} ms, "
        f"p90 {figures['p90_ms']} ms; {figures['elements_hidden_per_page']} elements hidden per page"
    )
    return figures
