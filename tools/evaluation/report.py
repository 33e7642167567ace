"""Summaries of an evaluation run: per algorithm, mean P/R/F1, F1 per page type, snippet
shares, errors and timing, printed as plain-text tables and written as JSON (with every row).

On trafeval (rows with snippet counts) P/R/F1 are not page means but trafilatura's pooled
figures over the summed counts (``metric.pooled_scores``), and ``snippets`` holds the sums."""
from __future__ import annotations

import statistics
from dataclasses import dataclass

from .metric import SnippetCounts, mean, percentile, pooled_scores
from .runner import EvalRun, PageRow

P95 = 0.95
MAX_LISTED_ERRORS = 5  # errors shown per algorithm in the printed report (the JSON has all)


@dataclass(frozen=True)
class Summary:
    algorithm: str
    pages: int
    precision: float
    recall: float
    f1: float
    f1_by_type: dict[str, float]
    pages_by_type: dict[str, int]
    with_share: float | None
    without_share: float | None
    errors: int
    timeouts: int
    empty: int  # outputs without a single word (errors included)
    median_ms: float | None
    p95_ms: float | None
    select_median_ms: float | None  # the selection step alone
    snippets: dict[str, int] | None = None  # trafeval: summed tp / fn / fp / tn


    def as_dict(self) -> dict:
        return dict(self.__dict__)


def summarise(run: EvalRun) -> list[Summary]:
    return [_summary(name, [r for r in run.rows if r.algorithm == name]) for name in run.algorithms]


def _summary(name: str, rows: list[PageRow]) -> Summary:
    by_type: dict[str, list[PageRow]] = {}
    for row in rows:
        by_type.setdefault(row.page_type, []).append(row)
    times = [r.ms for r in rows if r.ms is not None]
    pooled = rows and all(r.snippets is not None for r in rows)
    if pooled:
        counts = [SnippetCounts(**r.snippets) for r in rows]
        scores = pooled_scores(counts)
        precision, recall, f1 = scores.precision, scores.recall, scores.f1
        by_type_f1 = {t: pooled_scores([SnippetCounts(**r.snippets) for r in group]).f1 for t, group in sorted(by_type.items())}
        sums = {k: sum(getattr(c, k) for c in counts) for k in ("tp", "fn", "fp", "tn")}
    else:
        precision, recall, f1 = _mean0([r.precision for r in rows]), _mean0([r.recall for r in rows]), _mean0([r.f1 for r in rows])
        by_type_f1 = {t: _mean0([r.f1 for r in group]) for t, group in sorted(by_type.items())}
        sums = None
    return Summary(
        algorithm=name,
        pages=len(rows),
        precision=precision,
        recall=recall,
        f1=f1,
        f1_by_type=by_type_f1,
        pages_by_type={t: len(group) for t, group in sorted(by_type.items())},
        with_share=mean(r.with_share for r in rows),
        without_share=mean(r.without_share for r in rows),
        errors=sum(1 for r in rows if r.error),
        timeouts=sum(1 for r in rows if r.timeout),
        empty=sum(1 for r in rows if r.output_words == 0),
        median_ms=_median(times),
        p95_ms=percentile(times, P95),
        select_median_ms=_median([r.select_ms for r in rows if r.select_ms is not None]),
        snippets=sums,
    )


def _median(values: list[float]) -> float | None:
    return statistics.median(values) if values else None


def _mean0(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def floor_summary(run: EvalRun) -> dict:
    return {
        "median_ms": statistics.median(run.floor_ms) if run.floor_ms else None,
        "p95_ms": percentile(run.floor_ms, P95),
        "pages": len(run.floor_ms),
        "errors": run.floor_errors,
    }


def format_report(run: EvalRun, summaries: list[Summary]) -> str:
    """The printed report: the main table, F1 per page type, the lxml floor, errors."""
    lines = [f"dataset: {run.dataset} ({run.kind}, {len(run.page_ids)} pages, jobs={run.jobs}, timeout={run.timeout_s:g} s)", ""]
    header = ["algorithm", "P", "R", "F1", "with", "without", "errors", "empty", "median ms", "p95 ms", "select ms"]
    body = [
        [s.algorithm, _f(s.precision), _f(s.recall), _f(s.f1), _f(s.with_share), _f(s.without_share),
         f"{s.errors}" + (f" ({s.timeouts} timeouts)" if s.timeouts else ""), str(s.empty), _ms(s.median_ms), _ms(s.p95_ms),
         _ms(s.select_median_ms)]
        for s in summaries
    ]
    lines += table(header, body)
    for s in summaries:
        if s.snippets is not None:
            lines.append(f"{s.algorithm}: trafilatura's pooled snippet metric (P, R, F1 above): tp {s.snippets['tp']} "
                         f"fn {s.snippets['fn']} fp {s.snippets['fp']} tn {s.snippets['tn']}")
    types = sorted({t for s in summaries for t in s.f1_by_type})
    if types:
        counts = summaries[0].pages_by_type if summaries else {}
        lines += ["", "F1 per page type (pages)"]
        lines += table(["algorithm", *[f"{t} ({counts.get(t, 0)})" for t in types]],
                        [[s.algorithm, *[_f(s.f1_by_type.get(t)) for t in types]] for s in summaries])
    floor = floor_summary(run)
    lines += ["", "median / p95 ms: the whole reader-mode run per page (decode, parse, filter chain, selection, render);",
              "select ms: median of the selection step alone."]
    lines += ["", f"lxml floor (parse bytes + serialise, same pages): median {_ms(floor['median_ms'])} ms, "
              f"p95 {_ms(floor['p95_ms'])} ms" + (f", {floor['errors']} pages lxml could not parse" if floor["errors"] else "")]
    for s in summaries:
        failed = [r for r in run.rows if r.algorithm == s.algorithm and r.error]
        if failed:
            lines += ["", f"{s.algorithm}: {len(failed)} errors (scored as empty output)"]
            lines += [f"  {r.page_id}: {r.error}" for r in failed[:MAX_LISTED_ERRORS]]
            if len(failed) > MAX_LISTED_ERRORS:
                lines.append(f"  ... {len(failed) - MAX_LISTED_ERRORS} more in the JSON report")
    return "\n".join(lines)


def report_json(run: EvalRun, summaries: list[Summary], command: list[str] | None = None) -> dict:
    return {
        "dataset": run.dataset,
        "kind": run.kind,
        "command": command,
        "pages": len(run.page_ids),
        "jobs": run.jobs,
        "timeout_s": run.timeout_s,
        "lxml_floor": floor_summary(run),
        "algorithms": {s.algorithm: s.as_dict() for s in summaries},
        "rows": [r.as_dict() for r in run.rows],
    }


def _f(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def _ms(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}"


def table(header: list[str], rows: list[list[str]]) -> list[str]:
    widths = [max(len(str(c)) for c in col) for col in zip(header, *rows)]
    fmt = lambda cells: "  ".join(str(c).ljust(w) if i == 0 else str(c).rjust(w) for i, (c, w) in enumerate(zip(cells, widths)))  # noqa: E731
    return [fmt(header), "  ".join("-" * w for w in widths), *[fmt(r) for r in rows]]
