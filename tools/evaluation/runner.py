"""Runs content algorithms over dataset pages and scores what a reader-mode user would get.

The text scored for algorithm NAME is ``Pipeline(config).run(html, url, mode="reader").text``
with the config's ``content.algorithm`` set to NAME and ``content.fallback`` emptied (merged
over the embedded default and the user's ``--config``), so each algorithm is measured on its
own, after the same filter chain a user's reader mode runs; with ``keep_fallback`` the config's
fallback stays (what a reader-mode user of that config is served). An exception or a timeout counts
as an empty output (score 0 unless the reference is empty too) and is reported with the row.

Work is split by page over ``jobs`` processes (``spawn``; each builds its own Pipelines once).
Per page each worker also times the lxml floor: lxml alone parsing the page's bytes and
serialising the tree, the least any lxml-based filter must spend on that page.

Two options change what a page is run with:
- ``memory_path``: the pages go through a site memory at that path (``SiteMemory``, the proxy's
  per-site template learning) in file order, so later pages of a site benefit from earlier ones.
  Each host's pages stay together in one process, in file order (with ``jobs`` > 1 the hosts
  are shared out); with several algorithms each has its own memory file (``NAME`` added to the
  file's stem), so one algorithm's pages are not "already seen" for the next.
- ``classifier_folds``: the directory of ``clearpage train --folds-out``; each page runs with
  ``classifier.shipped()`` overridden by the fold model that never saw the page's domain, so
  anything using the block classifier is measured out of sample.
"""
from __future__ import annotations

import contextlib
import multiprocessing
import signal
import sys
import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

import lxml.html
from lxml import etree

from clearpage.filters.learn import classifier
from clearpage.filters.links import host_of
from clearpage.filters.pipeline import Pipeline
from clearpage.filters.settings import Config, build_config, default_path, default_text
from clearpage.filters.yamlsrc import load_file, load_text, merge

from ..errors import ToolError
from .datasets import TRAFEVAL, EvalPage
from .metric import pooled_scores, snippet_counts, with_share, without_share, word_scores

READER_MODE = "reader"
DEFAULT_TIMEOUT_S = 10.0  # five times the proxy's default page budget: only runaway pages hit it
PROGRESS_EVERY = 100  # pages between progress lines on stderr
_FLOOR_PARSER = lxml.html.HTMLParser(huge_tree=True)


class PageTimeout(ToolError):
    """A page's run took longer than the per-page timeout."""


@dataclass
class PageRow:
    page_id: str
    page_type: str
    algorithm: str
    precision: float
    recall: float
    f1: float
    with_share: float | None
    without_share: float | None
    ms: float | None  # the whole run (decode to serialise); None when the run timed out
    output_words: int
    error: str | None = None
    timeout: bool = False
    select_ms: float | None = None  # the content selection alone (the pipeline's "select" lap)
    classifier: str | None = None  # the per-fold model file the page ran with (``classifier_folds``)
    snippets: dict[str, int] | None = None  # trafeval only: {"tp", "fn", "fp", "tn"} of ``metric.snippet_counts``

    def as_dict(self) -> dict:
        return asdict(self)


@dataclass
class EvalRun:
    dataset: str
    kind: str
    algorithms: tuple[str, ...]
    page_ids: list[str]
    rows: list[PageRow] = field(default_factory=list)
    floor_ms: list[float] = field(default_factory=list)
    floor_errors: int = 0
    jobs: int = 1
    timeout_s: float = DEFAULT_TIMEOUT_S
    memory_paths: dict[str, str] = field(default_factory=dict)  # algorithm -> site memory file, when one was used
    classifier_folds: str | None = None
    keep_fallback: bool = False


def algorithm_config(name: str, config_path: str | None = None, *, keep_fallback: bool = False, extra: str = "") -> Config:
    """The embedded default (+ the user's file) with ``content.algorithm: NAME`` and no fallback (unless ``keep_fallback``),
    then ``extra`` (YAML text) over it."""
    root = load_text(default_text(), default_path())
    sources = [default_text()]
    if config_path:
        root = merge(root, load_file(config_path))
        with open(config_path, encoding="utf-8") as fh:
            sources.append(fh.read())
    override = f"content:\n  algorithm: {name}\n" + ("" if keep_fallback else "  fallback: []\n")
    root = merge(root, load_text(override, f"<clearpage eval --algorithm {name}>"))
    if extra:
        root = merge(root, load_text(extra, "<clearpage>"))
    return build_config(root, config_path, [*sources, override, *([extra] if extra else [])])


def memory_paths(path: str | None, algorithms: tuple[str, ...]) -> dict[str, str]:
    """Algorithm -> its site memory file: ``path`` itself for one algorithm, ``STEM.NAME.EXT`` for several."""
    if not path:
        return {}
    if len(algorithms) == 1:
        return {algorithms[0]: str(path)}
    base = Path(path)
    return {name: str(base.with_name(f"{base.stem}.{name}{base.suffix}")) for name in algorithms}


def evaluate(
    dataset: str,
    kind: str,
    pages: list[EvalPage],
    algorithms: tuple[str, ...],
    *,
    jobs: int = 1,
    timeout_s: float = DEFAULT_TIMEOUT_S,
    config_path: str | None = None,
    progress: bool = False,
    memory_path: str | None = None,
    classifier_folds: str | None = None,
    keep_fallback: bool = False,
) -> EvalRun:
    """Score every algorithm on every page; rows come back in page order, then algorithm order."""
    for name in algorithms:
        algorithm_config(name, config_path, keep_fallback=keep_fallback)  # a bad name or config fails here, before any work
    memories = memory_paths(memory_path, algorithms)
    page_folds: dict[str, int] = {}
    if classifier_folds:
        from ..learn.train import domains_of

        folds = classifier.FoldModels(classifier_folds)  # a bad directory fails here, before any work
        page_folds = {page_id: folds.fold_of(domain) for page_id, domain in domains_of(Path(dataset), pages).items()}
    run = EvalRun(dataset, kind, tuple(algorithms), [p.page_id for p in pages], jobs=jobs, timeout_s=timeout_s,
                  memory_paths=memories, classifier_folds=classifier_folds, keep_fallback=keep_fallback)
    init_args = (tuple(algorithms), config_path, timeout_s, memories, classifier_folds, page_folds, keep_fallback)
    # With a memory, a host's pages are one task, run in file order; otherwise every page is its own task.
    tasks = _by_host(pages) if memories else [[(i, p)] for i, p in enumerate(pages)]
    results: list[tuple[int, list[PageRow], float | None]] = []
    if jobs <= 1:
        _init(*init_args)
        for task in tasks:
            for item in _score_task(task):
                results.append(item)
                _progress(progress, len(results), len(pages))
    else:
        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(jobs, initializer=_init, initargs=init_args) as pool:
            for done in pool.imap_unordered(_score_task, tasks, chunksize=1):
                for item in done:
                    results.append(item)
                    _progress(progress, len(results), len(pages))
    results.sort(key=lambda r: r[0])
    for _, rows, floor in results:
        run.rows.extend(rows)
        if floor is None:
            run.floor_errors += 1
        else:
            run.floor_ms.append(floor)
    return run


def _by_host(pages: list[EvalPage]) -> list[list[tuple[int, EvalPage]]]:
    groups: dict[str, list[tuple[int, EvalPage]]] = {}
    for i, page in enumerate(pages):
        groups.setdefault(host_of(page.url) or page.page_id, []).append((i, page))
    return list(groups.values())


def _progress(enabled: bool, done: int, total: int) -> None:
    if enabled and (done % PROGRESS_EVERY == 0 or done == total):
        print(f"eval: {done}/{total} pages", file=sys.stderr, flush=True)


# --------------------------------------------------------------------------- worker side

_PIPELINES: dict[str, Pipeline] = {}
_TIMEOUT_S = DEFAULT_TIMEOUT_S
_FOLDS: classifier.FoldModels | None = None
_PAGE_FOLDS: dict[str, int] = {}


def _init(algorithms: tuple[str, ...], config_path: str | None, timeout_s: float, memories: dict[str, str] | None = None,
          classifier_folds: str | None = None, page_folds: dict[str, int] | None = None, keep_fallback: bool = False) -> None:
    global _TIMEOUT_S, _FOLDS, _PAGE_FOLDS
    _PIPELINES.clear()
    for name in algorithms:
        config = algorithm_config(name, config_path, keep_fallback=keep_fallback)
        memory = None
        if memories and name in memories:
            from clearpage.filters.learn.memory import SiteMemory, batch_settings

            memory = SiteMemory(batch_settings(config.memory), path=memories[name])
        _PIPELINES[name] = Pipeline(config, memory=memory)
    _TIMEOUT_S = timeout_s
    _FOLDS = classifier.FoldModels(classifier_folds) if classifier_folds else None
    _PAGE_FOLDS = dict(page_folds or {})


def _score_task(task: list[tuple[int, EvalPage]]) -> list[tuple[int, list[PageRow], float | None]]:
    return [(index, *_score_page(page)) for index, page in task]


def _score_page(page: EvalPage) -> tuple[list[PageRow], float | None]:
    data = page.html()
    reference = page.reference()
    floor = lxml_floor_ms(data)
    rows = []
    model, model_name = None, None
    if _FOLDS is not None:
        fold = _PAGE_FOLDS.get(page.page_id, 0)
        model, model_name = _FOLDS.models[fold], _FOLDS.names[fold]
    for name, pipeline in _PIPELINES.items():
        text, ms, select_ms, error, timed_out = "", None, None, None, False
        start = time.perf_counter()
        try:
            with _deadline(_TIMEOUT_S), _classifier(model):
                result = pipeline.run(data, page.url, mode=READER_MODE)
            ms = (time.perf_counter() - start) * 1000
            text, select_ms = result.text, result.timings_ms.get("select")
        except PageTimeout:
            error, timed_out = f"timeout after {_TIMEOUT_S:g} s", True
        except Exception as exc:  # noqa: BLE001 - any failure is an empty output, reported per page
            ms = (time.perf_counter() - start) * 1000
            error = f"{type(exc).__name__}: {exc}"[:300]
        counts = None
        if page.kind == TRAFEVAL:
            # No reference text: the page's own scores are its snippet counts', pooled over pages by the report.
            snip = snippet_counts(text, reference.with_snippets, reference.without_snippets)
            counts = asdict(snip)
            scores = pooled_scores([snip])
        else:
            scores = word_scores(text, reference.text)
        rows.append(
            PageRow(
                page.page_id, page.page_type, name, scores.precision, scores.recall, scores.f1,
                with_share(text, reference.with_snippets), without_share(text, reference.without_snippets),
                ms, len(text.split()), error, timed_out, select_ms, model_name, counts,
            )
        )
    return rows, floor


def _classifier(model: classifier.BlockClassifier | None):
    """``classifier.shipped()`` returns ``model`` inside the block; no override without one."""
    return classifier.override(model) if model is not None else contextlib.nullcontext()


def lxml_floor_ms(data: bytes) -> float | None:
    """Milliseconds lxml alone needs to parse ``data`` and serialise the tree; None if it fails."""
    start = time.perf_counter()
    try:
        root = lxml.html.document_fromstring(data, parser=_FLOOR_PARSER)
        etree.tostring(root, method="html", encoding="unicode")
    except (etree.ParserError, etree.XMLSyntaxError, ValueError):
        return None
    return (time.perf_counter() - start) * 1000


class _deadline:
    """Raise PageTimeout in this (main) thread after ``seconds``, using SIGALRM where it exists."""

    def __init__(self, seconds: float):
        self.seconds = seconds
        # Signals reach only the main thread; elsewhere the run goes on without a timeout.
        self.armed = hasattr(signal, "setitimer") and seconds > 0 and threading.current_thread() is threading.main_thread()

    def __enter__(self):
        if self.armed:
            self.previous = signal.signal(signal.SIGALRM, self._fire)
            signal.setitimer(signal.ITIMER_REAL, self.seconds)
        return self

    def __exit__(self, *exc) -> None:
        if self.armed:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self.previous)

    @staticmethod
    def _fire(signum, frame):
        raise PageTimeout
