"""``clearpage bench pipeline``: the engine's cost per page, beside the floor and trafilatura.

For every page of a dataset (by default ``../shared/datasets/wcxb-dev``), in this order and in
the same process, so the load on a shared machine weighs on all of them alike:

1. the floor: lxml parsing the page's bytes and serialising the tree, nothing else (what any
   lxml-based rewriting proxy pays at least);
2. clearpage in each requested mode, as the proxy's worker runs it: ``Pipeline.run`` on the
   bytes (decode, parse, metadata, filter chain, selection, render, serialise) and the output
   encoded to UTF-8 bytes;
3. trafilatura's default extraction (``trafilatura.extract``) when it is installed
   (``pip install 'clearpage[bench]'``).

Each is timed in wall-clock and CPU time. Reported per mode: median / p95 / max ms per page,
pages per second, the ratio of the medians to the floor's (and the median of the per-page
ratios), and the median time of every stage and every filter (``Result.timings_ms``); the
ratio to trafilatura; the peak RSS of the measuring process(es). ``--jobs N`` spreads the
pages over N processes (each measures its pages as above).

``--rules``: also the CPU time of each rule of ``auto``'s phase table (the feature pass is its
``features`` rule), per page, mean and median, and of each phase, in every mode that selects
(filters/content/auto/phases.py times them; its clock reads add a little to those modes' times).
"""
from __future__ import annotations

import gzip
import json
import logging
import multiprocessing
import time
from dataclasses import dataclass, field
from pathlib import Path

import lxml.html

from .stats import machine, machine_line, peak_rss_mb, summary

PROJECT = Path(__file__).resolve().parent.parent.parent
DEFAULT_DATASET = PROJECT.parent / "shared" / "datasets" / "wcxb-dev"
DEFAULT_MODES = ("filter", "reader")
MODES = ("filter", "reader", "text", "auto")
# Pages run untimed first in each process: imports, lazily built models (language guess) and
# caches warm up there, as they do in a proxy worker before its first real page.
WARMUP_PAGES = 5
# The targets (issue 27, replacing issue 5's 3x and 5x): median per page against the floor, and
# reader mode against trafilatura.
TARGET_RATIO = {"filter": 2.5, "reader": 4.0}
TARGET_TRAFILATURA_SPEEDUP = 3.0


@dataclass
class Page:
    name: str
    data: bytes
    url: str | None


@dataclass
class Timed:
    wall_ms: float
    cpu_ms: float


@dataclass
class PageRecord:
    name: str
    size: int
    floor: Timed | None = None
    modes: dict[str, dict] = field(default_factory=dict)  # mode -> {wall_ms, cpu_ms, stages, stages_cpu, applied[, rules]} or {error}
    trafilatura: Timed | None = None
    trafilatura_error: str | None = None


# ---------------------------------------------------------------------- pages


def load_pages(dataset: Path, limit: int | None = None, step: int = 1) -> list[Page]:
    """Pages of a dataset directory: wcxb layout (html/*.html.gz + ground-truth/*.json for URLs),
    or any directory of .html / .html.gz files."""
    html_dir = dataset / "html" if (dataset / "html").is_dir() else dataset
    files = sorted(p for p in html_dir.iterdir() if p.name.endswith((".html", ".htm", ".html.gz")))
    files = files[::step]
    if limit is not None:
        files = files[:limit]
    pages = []
    for path in files:
        raw = path.read_bytes()
        data = gzip.decompress(raw) if path.name.endswith(".gz") else raw
        stem = path.name.removesuffix(".gz").rsplit(".", 1)[0]
        truth = dataset / "ground-truth" / f"{stem}.json"
        url = None
        if truth.is_file():
            url = json.loads(truth.read_text(encoding="utf-8")).get("url")
        pages.append(Page(path.name, data, url))
    return pages


# ---------------------------------------------------------------------- measuring


def floor(data: bytes) -> bytes:
    """lxml parsing and serialising the page, nothing else."""
    return lxml.html.tostring(lxml.html.document_fromstring(data), encoding="utf-8")


def _timed(fn, *args) -> tuple[Timed, object]:
    wall, cpu = time.perf_counter(), time.process_time()
    value = fn(*args)
    return Timed((time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000), value


class _Measurer:
    """Runs the floor, clearpage's modes and trafilatura on pages, in one process."""

    def __init__(self, modes: tuple[str, ...], config_path: str | None, with_trafilatura: bool, rules: bool = False):
        from clearpage.filters import Pipeline, load_config

        self.modes = modes
        self.rules = rules
        self.pipeline = Pipeline(load_config(config_path))
        self.extract = _trafilatura_extract() if with_trafilatura else None

    def warm_up(self, pages: list[Page]) -> None:
        for page in pages[:WARMUP_PAGES]:
            self.measure(page)

    def measure(self, page: Page) -> PageRecord:
        from clearpage.filters import PageError
        from clearpage.filters.content.auto import phases

        record = PageRecord(page.name, len(page.data))
        try:
            record.floor, _ = _timed(floor, page.data)
        except Exception:  # noqa: BLE001 - a page lxml cannot parse has no floor figure
            record.floor = None
        for mode in self.modes:
            rule_times: dict = {}
            if self.rules:
                phases.record_rule_times(rule_times)
            try:
                timed, result = _timed(self._clearpage, page, mode)
            except PageError as exc:
                record.modes[mode] = {"error": f"{type(exc).__name__}: {exc}"}
                continue
            finally:
                phases.record_rule_times(None)
            record.modes[mode] = {
                "wall_ms": timed.wall_ms,
                "cpu_ms": timed.cpu_ms,
                "applied": result.mode,
                "stages": result.timings_ms,
                "stages_cpu": result.cpu_ms,
            }
            if self.rules:
                record.modes[mode]["rules"] = {name: (seconds * 1000, runs) for name, (seconds, runs) in rule_times.items()}
        if self.extract is not None:
            try:
                record.trafilatura, _ = _timed(self.extract, page.data, page.url)
            except Exception as exc:  # noqa: BLE001 - count it, keep measuring
                record.trafilatura_error = f"{type(exc).__name__}: {exc}"
        return record

    def _clearpage(self, page: Page, mode: str):
        """What a proxy worker does with a page's bytes (content coding aside)."""
        result = self.pipeline.run(page.data, page.url, mode=mode)
        result.output.encode("utf-8")
        return result


def _trafilatura_extract():
    import trafilatura

    logging.getLogger("trafilatura").setLevel(logging.CRITICAL)  # its per-page warnings are noise here

    def extract(data: bytes, url: str | None):
        return trafilatura.extract(data, url=url)

    return extract


def trafilatura_version() -> str | None:
    """trafilatura's version when it can be imported, else None."""
    try:
        import trafilatura
    except ImportError:
        return None
    return getattr(trafilatura, "__version__", "unknown")


# Worker-process state for --jobs N (each process builds its own pipeline once).
_WORKER: _Measurer | None = None


def _worker_init(modes, config_path, with_trafilatura, warmup, rules) -> None:
    global _WORKER
    _WORKER = _Measurer(modes, config_path, with_trafilatura, rules)
    _WORKER.warm_up(warmup)


def _worker_measure(page: Page) -> PageRecord:
    assert _WORKER is not None
    return _WORKER.measure(page)


def _worker_peak_rss(_: int) -> float:
    time.sleep(0.2)  # keeps this task from finishing before every process got one
    return peak_rss_mb()


def measure_all(pages: list[Page], modes: tuple[str, ...], config_path: str | None, jobs: int, with_trafilatura: bool, progress=None,
                rules: bool = False) -> tuple[list[PageRecord], list[float], float]:
    """Records for every page, the peak RSS (MB) of each measuring process, and the wall seconds taken."""
    started = time.perf_counter()
    if jobs <= 1:
        measurer = _Measurer(modes, config_path, with_trafilatura, rules)
        measurer.warm_up(pages)
        records = []
        for i, page in enumerate(pages, 1):
            records.append(measurer.measure(page))
            if progress:
                progress(i, len(pages))
        return records, [peak_rss_mb()], time.perf_counter() - started
    context = multiprocessing.get_context("spawn")  # a fresh interpreter per job, like the proxy's workers
    with context.Pool(jobs, _worker_init, (modes, config_path, with_trafilatura, pages[:WARMUP_PAGES], rules)) as pool:
        records = []
        for i, record in enumerate(pool.imap(_worker_measure, pages, chunksize=4), 1):
            records.append(record)
            if progress:
                progress(i, len(pages))
        rss = pool.map(_worker_peak_rss, range(jobs), chunksize=1)
    return records, rss, time.perf_counter() - started


# ---------------------------------------------------------------------- figures


def figures(records: list[PageRecord], modes: tuple[str, ...], jobs: int) -> dict:
    floor_wall = [r.floor.wall_ms for r in records if r.floor]
    floor_cpu = [r.floor.cpu_ms for r in records if r.floor]
    out: dict = {
        "floor": {"what": "lxml.html.document_fromstring(bytes) + lxml.html.tostring(doc, encoding='utf-8')",
                  "wall_ms": summary(floor_wall), "cpu_ms": summary(floor_cpu)},
        "modes": {},
    }
    traf_wall = [r.trafilatura.wall_ms for r in records if r.trafilatura]
    traf_cpu = [r.trafilatura.cpu_ms for r in records if r.trafilatura]
    for mode in modes:
        done = [r for r in records if "wall_ms" in r.modes.get(mode, {})]
        wall = [r.modes[mode]["wall_ms"] for r in done]
        cpu = [r.modes[mode]["cpu_ms"] for r in done]
        entry: dict = {
            "pages": len(done),
            "errors": [f"{r.name}: {r.modes[mode]['error']}" for r in records if "error" in r.modes.get(mode, {})],
            "wall_ms": summary(wall),
            "cpu_ms": summary(cpu),
            "pages_per_s": round(jobs * len(wall) / (sum(wall) / 1000), 1) if wall else None,
            "applied": _count(r.modes[mode]["applied"] for r in done),
        }
        entry["ratio_to_floor"] = {
            "wall": _ratio(entry["wall_ms"], summary(floor_wall)),
            "cpu": _ratio(entry["cpu_ms"], summary(floor_cpu)),
            "per_page_median_cpu": _median_ratio([(r.modes[mode]["cpu_ms"], r.floor.cpu_ms) for r in done if r.floor]),
        }
        if traf_wall:
            entry["ratio_to_trafilatura"] = {
                "wall": _ratio(entry["wall_ms"], summary(traf_wall)),
                "cpu": _ratio(entry["cpu_ms"], summary(traf_cpu)),
                "trafilatura_speedup_cpu": _ratio(summary(traf_cpu), entry["cpu_ms"]),
                "trafilatura_speedup_wall": _ratio(summary(traf_wall), entry["wall_ms"]),
            }
        entry["stages"] = _stages(done, mode)
        if any("rules" in r.modes[mode] for r in done):
            entry["rules"], entry["phases"] = _rule_figures(done, mode)
        out["modes"][mode] = entry
    if traf_wall:
        out["trafilatura"] = {
            "available": True,
            "what": "trafilatura.extract(bytes, url=url), default options",
            "pages": len(traf_wall),
            "errors": sum(1 for r in records if r.trafilatura_error),
            "wall_ms": summary(traf_wall),
            "cpu_ms": summary(traf_cpu),
            "pages_per_s": round(jobs * len(traf_wall) / (sum(traf_wall) / 1000), 1),
        }
    return out


def _stages(done: list[PageRecord], mode: str) -> dict:
    """Median and mean wall / CPU ms of every stage and filter, and its share of the CPU total."""
    names: list[str] = []
    for r in done:
        for name in r.modes[mode]["stages"]:
            if name not in names:
                names.append(name)
    total_cpu = sum(r.modes[mode]["cpu_ms"] for r in done) or 1.0
    stages = {}
    for name in names:
        wall = [r.modes[mode]["stages"].get(name, 0.0) for r in done]
        cpu = [r.modes[mode]["stages_cpu"].get(name, 0.0) for r in done]
        stages[name] = {
            "wall_median_ms": summary(wall, 3)["median"],
            "cpu_median_ms": summary(cpu, 3)["median"],
            "cpu_mean_ms": summary(cpu, 3)["mean"],
            "cpu_share": round(sum(cpu) / total_cpu, 4),
        }
    return stages


def _rule_figures(done: list[PageRecord], mode: str) -> tuple[dict, dict]:
    """Each rule's and each phase's CPU ms per page (mean and median over every page, 0 where it
    did not run), in the phase table's order, and on how many pages the rule ran."""
    from clearpage.filters.content.auto import phases

    per_rule: dict[str, list[float]] = {rule.name: [] for rule in phases.RULES}
    per_phase: dict[str, list[float]] = {phase.name: [] for phase in phases.Phase}
    phase_of = {rule.name: rule.phase.name for rule in phases.RULES}
    ran: dict[str, int] = dict.fromkeys(per_rule, 0)
    for r in done:
        times = r.modes[mode].get("rules", {})
        sums = dict.fromkeys(per_phase, 0.0)
        for name, values in per_rule.items():
            ms, runs = times.get(name, (0.0, 0))
            values.append(ms)
            sums[phase_of[name]] += ms
            ran[name] += runs > 0
        for name, total in sums.items():
            per_phase[name].append(total)
    rules = {name: {"phase": phase_of[name], "pages_run": ran[name], "cpu_mean_ms": summary(v, 3)["mean"],
                    "cpu_median_ms": summary(v, 3)["median"]} for name, v in per_rule.items() if v}
    phase_figures = {name: {"cpu_mean_ms": summary(v, 3)["mean"], "cpu_median_ms": summary(v, 3)["median"]}
                     for name, v in per_phase.items() if v}
    return rules, phase_figures


def _ratio(a: dict, b: dict) -> float | None:
    if not a.get("n") or not b.get("n") or not b["median"]:
        return None
    return round(a["median"] / b["median"], 2)


def _median_ratio(pairs: list[tuple[float, float]]) -> float | None:
    ratios = [a / b for a, b in pairs if b > 0]
    return summary(ratios)["median"] if ratios else None


def _count(values) -> dict:
    counts: dict = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    return counts


def targets(figs: dict) -> list[dict]:
    """Each target of issue 27 this benchmark measures, met or missed, by CPU and by wall time."""
    rows = []
    for mode, limit in TARGET_RATIO.items():
        entry = figs["modes"].get(mode)
        if not entry:
            continue
        for clock in ("cpu", "wall"):
            value = entry["ratio_to_floor"][clock]
            rows.append({"target": f"{mode} mode median <= {limit:g}x the floor ({clock})", "value": value, "met": value is not None and value <= limit})
    reader = figs["modes"].get("reader", {}).get("ratio_to_trafilatura")
    if reader:
        for clock in ("cpu", "wall"):
            value = reader[f"trafilatura_speedup_{clock}"]
            rows.append({
                "target": f"reader mode >= {TARGET_TRAFILATURA_SPEEDUP:g}x faster than trafilatura ({clock}, medians)",
                "value": value, "met": value is not None and value >= TARGET_TRAFILATURA_SPEEDUP,
            })
    return rows


# ---------------------------------------------------------------------- the command


def run(dataset: Path, modes: tuple[str, ...], *, jobs: int = 1, limit: int | None = None, step: int = 1,
        config_path: str | None = None, with_trafilatura: bool = True, rules: bool = False, say=print) -> dict:
    pages = load_pages(dataset, limit, step)
    if not pages:
        raise ValueError(f"no .html / .html.gz pages in {dataset}")
    version = trafilatura_version() if with_trafilatura else None
    info = machine(trafilatura=version or "not timed")
    say(machine_line(info))
    say(f"dataset: {dataset} ({len(pages)} pages, {sum(len(p.data) for p in pages) / 1e6:.1f} MB); modes: {', '.join(modes)}; jobs: {jobs}")
    if with_trafilatura and version is None:
        say("trafilatura: not installed, not timed (pip install 'clearpage[bench]' to compare with it)")
    elif version:
        say(f"trafilatura {version}: timed on the same pages in the same run (default extraction)")

    def progress(i: int, n: int) -> None:
        if i % 100 == 0 or i == n:
            say(f"  {i}/{n} pages")

    records, rss, elapsed = measure_all(pages, modes, config_path, jobs, version is not None, progress, rules)
    figs = figures(records, modes, jobs)
    info["load_average_after"] = _load_now()
    result = {
        "benchmark": "pipeline",
        "command": None,  # filled in by the CLI
        "machine": info,
        "dataset": str(dataset),
        "pages": len(pages),
        "jobs": jobs,
        "elapsed_s": round(elapsed, 1),
        "peak_rss_mb": max(rss),
        "peak_rss_mb_per_process": rss,
        **figs,
    }
    result["targets"] = targets(result)
    for line in report_lines(result):
        say(line)
    return result


def _load_now():
    from .stats import load_average

    return load_average()


def report_lines(r: dict) -> list[str]:
    lines = ["", f"{'ms per page':<26}{'median':>16}{'p95':>16}{'max':>16}{'pages/s':>9}{'x floor':>14}",
             f"{'':<26}{'wall / CPU':>16}{'wall / CPU':>16}{'wall / CPU':>16}{'':>9}{'wall / CPU':>14}"]

    def row(name: str, wall: dict, cpu: dict, rate, ratio: str) -> str:
        cells = "".join(f"{wall[k]:>8.1f} /{cpu[k]:>6.1f}" for k in ("median", "p95", "max"))
        return f"{name:<26}{cells}{rate if rate is not None else '':>9}{ratio:>14}"

    fl = r["floor"]
    if fl["wall_ms"].get("n"):
        lines.append(row("floor (lxml parse+ser.)", fl["wall_ms"], fl["cpu_ms"], None, "1 / 1"))
    for mode, e in r["modes"].items():
        if not e["pages"]:
            lines.append(f"clearpage {mode}: no page processed ({len(e['errors'])} errors)")
            continue
        ratio = f"{e['ratio_to_floor']['wall']} / {e['ratio_to_floor']['cpu']}"
        lines.append(row(f"clearpage {mode}", e["wall_ms"], e["cpu_ms"], e["pages_per_s"], ratio))
    tr = r.get("trafilatura")
    if tr:
        ratio = f"{_ratio(tr['wall_ms'], fl['wall_ms'])} / {_ratio(tr['cpu_ms'], fl['cpu_ms'])}"
        lines.append(row(f"trafilatura {r['machine'].get('trafilatura')}", tr["wall_ms"], tr["cpu_ms"], tr["pages_per_s"], ratio))
    for mode, e in r["modes"].items():
        if not e["pages"]:
            continue
        lines.append("")
        applied = ", ".join(f"{k} {v}" for k, v in e["applied"].items())
        lines.append(f"clearpage {mode} ({e['pages']} pages; applied: {applied}; {len(e['errors'])} errors): "
                     f"median per-page CPU ratio to the floor {e['ratio_to_floor']['per_page_median_cpu']}")
        if "ratio_to_trafilatura" in e:
            t = e["ratio_to_trafilatura"]
            lines.append(f"  trafilatura takes {t['trafilatura_speedup_wall']}x (wall) / {t['trafilatura_speedup_cpu']}x (CPU) clearpage's median time")
        parts = [f"{name} {s['cpu_median_ms']:.2f}" for name, s in e["stages"].items() if not name.startswith("filter.")]
        lines.append("  stages, median CPU ms: " + ", ".join(parts))
        parts = [f"{name.removeprefix('filter.')} {s['cpu_median_ms']:.2f}" for name, s in e["stages"].items() if name.startswith("filter.")]
        if parts:
            lines.append("  filters, median CPU ms: " + ", ".join(parts))
        if "rules" in e:
            lines.extend(_rule_lines(e))
    lines.append("")
    lines.append(f"peak RSS: {r['peak_rss_mb']} MB (largest measuring process; pages, lxml, clearpage"
                 f"{' and trafilatura' if tr else ''} together); {r['elapsed_s']} s in all; "
                 f"load average {r['machine']['load_average']} before, {r['machine'].get('load_average_after')} after")
    for t in r["targets"]:
        lines.append(f"target: {t['target']}: {t['value']} -> {'met' if t['met'] else 'MISSED'}")
    return lines


def _rule_lines(e: dict) -> list[str]:
    """The phase table's CPU ms per page: each phase, then its rules (rules that ran on no page left out)."""
    lines = [f"  auto's rules, CPU ms per page ({e['pages']} pages){'':<6}{'mean':>9}{'median':>9}{'pages run':>11}"]
    for phase, p in e["phases"].items():
        lines.append(f"    {phase:<42}{p['cpu_mean_ms']:>9.3f}{p['cpu_median_ms']:>9.3f}")
        for name, rule in e["rules"].items():
            if rule["phase"] == phase and rule["pages_run"]:
                lines.append(f"      {name:<40}{rule['cpu_mean_ms']:>9.3f}{rule['cpu_median_ms']:>9.3f}{rule['pages_run']:>11}")
    return lines
