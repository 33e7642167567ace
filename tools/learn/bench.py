"""The site-memory benchmark: several pages per site, word F1 on the later pages with memory on vs off.

Sites: every host with more than one page in a WCXB split (pages in file order, each with its
ground truth), and the 10-page fixture site in tests/pages/learn-site (its reference is the
text of each page's ``div.story``). Each page runs through reader mode twice with the same
config: once with no memory, once with a fresh memory (a temporary file) that has seen the
host's earlier pages. A site's *later pages* are those after its first ``template_pages``
(before them the memory cannot act on template blocks).

Time: the content-selection stage (``timings_ms["select"]``, memory lookups and writes
included) on the pages where the fast path was taken, with memory vs without, and the same
stage's cost on the pages where it was not (what learning costs).
"""
from __future__ import annotations

import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from statistics import fmean

from clearpage.filters import dom
from clearpage.filters.learn.memory import SiteMemory, batch_settings
from clearpage.filters.links import host_of
from clearpage.filters.pipeline import Pipeline
from clearpage.filters.settings import Config

from ..evaluation import datasets
from ..evaluation.metric import percentile, word_scores

FIXTURE_HOST = "gazette.example"


@dataclass
class SitePage:
    host: str
    url: str
    html: bytes | str
    reference: str
    page_type: str


@dataclass
class Row:
    host: str
    group: str  # wcxb | fixture
    index: int  # 1-based position in the site's sequence
    page_type: str
    f1_off: float
    f1_on: float
    select_off_ms: float
    select_on_ms: float
    fast_path: bool
    template_removed: int


@dataclass
class MemoryBench:
    rows: list[Row] = field(default_factory=list)
    sites: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0


def wcxb_sites(root: str | Path, min_pages: int = 2) -> list[list[SitePage]]:
    """The split's hosts with at least ``min_pages`` pages, each as its pages in file order."""
    by_host: dict[str, list[SitePage]] = defaultdict(list)
    for page in datasets.load(root):
        host = host_of(page.url)
        if host:
            by_host[host].append(SitePage(host, page.url, page.html(), page.reference().text, page.page_type))
    return [pages for pages in by_host.values() if len(pages) >= min_pages]


def fixture_site(directory: str | Path) -> list[SitePage]:
    """The fixture site's pages; the reference is each page's div.story text."""
    pages = []
    for k, path in enumerate(sorted(Path(directory).glob("page*.html")), 1):
        html = path.read_text(encoding="utf-8")
        story = dom.parse(html).xpath("//div[@class='story']")[0]
        reference = "\n\n".join(" ".join(el.text_content().split()) for el in story)
        pages.append(SitePage(FIXTURE_HOST, f"https://{FIXTURE_HOST}/story/{k}", html, reference, "article"))
    return pages


def run(config: Config, sites: list[tuple[str, list[SitePage]]], progress=None) -> MemoryBench:
    """Every site's pages in order, with and without a fresh memory."""
    started = time.perf_counter()
    bench = MemoryBench()
    plain = Pipeline(config)
    with tempfile.TemporaryDirectory(prefix="clearpage-bench-memory-") as tmp:
        memory = SiteMemory(batch_settings(config.memory), path=Path(tmp) / "memory.sqlite")
        learning = Pipeline(config, memory=memory)
        for done, (group, pages) in enumerate(sites, 1):
            bench.sites[pages[0].host] = len(pages)
            for index, page in enumerate(pages, 1):
                bench.rows.append(_measure(plain, learning, page, group, index))
            if progress and done % 20 == 0:
                progress(f"  {done}/{len(sites)} sites")
        memory.close()
    bench.seconds = time.perf_counter() - started
    return bench


def _measure(plain: Pipeline, learning: Pipeline, page: SitePage, group: str, index: int) -> Row:
    off = _run(plain, page)
    on = _run(learning, page)
    fast = on is not None and on.selection.startswith("memory:")
    removed = 0
    if on is not None:
        removed = sum(1 for r in on.reports if r.filter == "memory" for x in r.removals)
    return Row(
        page.host, group, index, page.page_type,
        word_scores(off.text if off else "", page.reference).f1,
        word_scores(on.text if on else "", page.reference).f1,
        off.timings_ms.get("select", 0.0) if off else 0.0,
        on.timings_ms.get("select", 0.0) if on else 0.0,
        fast, removed,
    )


def _run(pipeline: Pipeline, page: SitePage):
    try:
        return pipeline.run(page.html, page.url, mode="reader")
    except Exception:  # noqa: BLE001 - a page the engine cannot process scores 0 either way
        return None


def summary(bench: MemoryBench, later_than: int) -> dict:
    """Figures per group (wcxb, fixture): later pages' F1 off/on, fast-path share and time."""
    out = {}
    for group in sorted({r.group for r in bench.rows}):
        rows = [r for r in bench.rows if r.group == group]
        later = [r for r in rows if r.index > later_than]
        fast = [r for r in rows if r.fast_path]
        slow = [r for r in rows if not r.fast_path and r.index > 1]
        out[group] = {
            "sites": len({r.host for r in rows}),
            "pages": len(rows),
            "later_pages": len(later),
            "f1_off_later": _mean([r.f1_off for r in later]),
            "f1_on_later": _mean([r.f1_on for r in later]),
            "f1_off_all_but_first": _mean([r.f1_off for r in rows if r.index > 1]),
            "f1_on_all_but_first": _mean([r.f1_on for r in rows if r.index > 1]),
            "pages_better": sum(r.f1_on > r.f1_off + 1e-9 for r in later),
            "pages_worse": sum(r.f1_on < r.f1_off - 1e-9 for r in later),
            "fast_path_pages": len(fast),
            "template_blocks_removed": sum(r.template_removed for r in rows),
            "select_ms_fast_path_off": _mean([r.select_off_ms for r in fast]),
            "select_ms_fast_path_on": _mean([r.select_on_ms for r in fast]),
            "select_ms_other_off": _mean([r.select_off_ms for r in slow]),
            "select_ms_other_on": _mean([r.select_on_ms for r in slow]),
        }
    return out


def _mean(values: list[float]) -> float | None:
    return round(fmean(values), 4) if values else None


def format_summary(figures: dict, later_than: int) -> str:
    lines = [f"later pages = pages after a site's first {later_than}", ""]
    for group, s in figures.items():
        lines.append(f"{group}: {s['sites']} sites, {s['pages']} pages, {s['later_pages']} later pages")
        lines.append(f"  word F1 on later pages: memory off {_f(s['f1_off_later'])}, on {_f(s['f1_on_later'])} "
                     f"({s['pages_better']} better, {s['pages_worse']} worse)")
        lines.append(f"  word F1 on all pages but the first: off {_f(s['f1_off_all_but_first'])}, on {_f(s['f1_on_all_but_first'])}")
        lines.append(f"  fast path on {s['fast_path_pages']} pages: selection {_f(s['select_ms_fast_path_off'], 1)} ms without memory, "
                     f"{_f(s['select_ms_fast_path_on'], 1)} ms with (lookup and write included)")
        lines.append(f"  other pages: selection {_f(s['select_ms_other_off'], 1)} ms without memory, {_f(s['select_ms_other_on'], 1)} ms with; "
                     f"{s['template_blocks_removed']} template blocks removed in all")
    return "\n".join(lines)


def _f(value, digits: int = 3) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


# -- the block classifier's cost per page ------------------------------------------------------

def classifier_cost(root: str | Path, models: dict, limit: int = 300, blocks: int = 20, repeat: int = 3,
                    progress=None) -> dict:
    """CPU milliseconds (``time.process_time``, the least of ``repeat`` runs) per page to score its
    blocks, for each model in ``models`` (name -> BlockClassifier): every block, every block with
    the node walk instead of the compiled model, and the ``blocks`` largest blocks only (what a
    caller scoring a few candidate containers pays), plus feature extraction alone for both.
    Pages as ``clearpage train`` sees them (the filters before content selection), hints as
    ``auto`` computes them (given to the classifier, as ``auto`` gives its own). Returns
    {"pages": n, "blocks": [blocks per page], "ms": {measure: [ms per page]}}."""
    from clearpage.filters.content import hints
    from clearpage.filters.learn import features as block_features

    from ..evaluation import datasets as ds
    from .train import page_features

    def cpu_ms(run) -> float:
        best = None
        for _ in range(max(1, repeat)):
            started = time.process_time()
            run()
            spent = time.process_time() - started
            best = spent if best is None else min(best, spent)
        return 1000.0 * best

    ms: dict[str, list[float]] = defaultdict(list)
    counts = []
    pages = ds.load(root, limit=limit)
    for k, page in enumerate(pages, 1):
        f = page_features(page)
        kinds = hints.kinds(f)
        every = block_features.candidates(f)
        largest = sorted(every, key=lambda i: (-f.chars[i], i))[:blocks]
        counts.append(len(every))
        ms["features, all blocks"].append(cpu_ms(lambda: block_features.extract(f, kinds)))
        ms[f"features, {blocks} blocks"].append(cpu_ms(lambda: block_features.extract(f, kinds, largest)))
        for name, model in models.items():
            model.p_content([0.0] * len(block_features.FEATURES))  # compiled before timing
            ms[f"{name}, all blocks"].append(cpu_ms(lambda: model.probabilities(f, kinds)))
            ms[f"{name}, all blocks, node walk"].append(cpu_ms(
                lambda: [model.p_content_walk(row) for row in block_features.extract(f, kinds)[1]]))
            ms[f"{name}, {blocks} blocks"].append(cpu_ms(lambda: model.probabilities(f, kinds, largest)))
        if progress and k % 50 == 0:
            progress(f"  {k}/{len(pages)} pages")
    return {"pages": len(pages), "blocks": counts, "ms": dict(ms)}


def format_classifier_cost(result: dict) -> str:
    if not result["pages"]:
        return "0 pages"
    counts = result["blocks"]
    lines = [f"{result['pages']} pages, blocks per page: median {percentile(counts, 0.5):.0f}, p95 {percentile(counts, 0.95):.0f}",
             f"{'CPU ms per page':40} {'median':>8} {'p95':>8} {'mean':>8}"]
    for measure, values in result["ms"].items():
        lines.append(f"{measure:40} {percentile(values, 0.5):8.2f} {percentile(values, 0.95):8.2f} {fmean(values):8.2f}")
    return "\n".join(lines)
