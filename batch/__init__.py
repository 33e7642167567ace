"""clearpage over web archives: the proxy's pipeline on every HTML page of WARC files.

``run(inputs, out, engine=...)`` converts each WARC file to one output file (JSONL, Parquet or
WARC ``conversion`` records) with one Dask task per file: on a ``LocalCluster`` of this machine
(``engine="local"``) or an existing cluster's scheduler (``engine="dask"``). The task is
``batch.task.convert_file``; pages run in the proxy's worker pool (``batch.worker``), never with
the site memory. Outputs appear under their final name only when complete, so a rerun skips
the inputs already done. docs/batch.md is the user's page.
"""
from __future__ import annotations

import logging
import os
import threading
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from clearpage.addon.pool import default_size
from clearpage.addon.worker import ConfigSpec
from clearpage.filters import load_config

from . import warc
from .task import EVENT_TOPIC, FORMATS, WORKER_MODULE, FileResult, Options, convert_file, output_path

ENGINES = ("local", "dask")
MODES = ("text", "reader", "filter", "auto")
CONNECT_TIMEOUT_S = 30  # reaching a cluster's scheduler
# A local cluster listens on loopback only, its HTTP servers (health, metrics) included on free ports.
LOOPBACK = "127.0.0.1"
REDRAW_S = 0.25  # the progress line is redrawn at most this often


class BatchError(ValueError):
    """A batch that cannot start: an input that is not there, an output clash, a missing extra
    (the batch's own root, like the tools': the engine and the proxy never raise it)."""


@dataclass(frozen=True, kw_only=True)
class Summary:
    """What a batch did (built with keywords): pages per status, speed and CPU time."""

    files: int  # inputs converted in this run
    files_skipped: int  # inputs whose output was there already
    files_failed: dict[str, str] = field(default_factory=dict)  # input -> why it could not be converted
    statuses: dict[str, int] = field(default_factory=dict)  # pages per status ("error: why" counted as "error")
    other_records: int = 0  # records that are no capture (warcinfo, request, metadata, ...)
    seconds: float = 0.0
    cpu_s: float = 0.0
    outputs: tuple[str, ...] = ()  # every input's output file, done now or before

    @property
    def pages(self) -> int:
        return sum(self.statuses.values())

    @property
    def pages_per_s(self) -> float:
        return self.pages / self.seconds if self.seconds else 0.0

    @property
    def cpu_ms_per_page(self) -> float:
        return 1000 * self.cpu_s / self.pages if self.pages else 0.0

    def lines(self) -> list[str]:
        statuses = ", ".join(f"{status} {n}" for status, n in sorted(self.statuses.items(), key=lambda kv: -kv[1])) or "none"
        out = [f"{self.files} files converted, {self.files_skipped} skipped (done before), {len(self.files_failed)} failed",
               f"{self.pages} pages: {statuses}; {self.other_records} other records",
               f"{self.pages_per_s:.1f} pages/s over {self.seconds:.1f} s; {self.cpu_ms_per_page:.1f} ms CPU per page"]
        out += [f"failed: {name}: {why}" for name, why in self.files_failed.items()]
        return out


def expand(inputs: Iterable[str]) -> list[Path]:
    """WARC files from files, folders (searched recursively) and ``@list`` files (one path a line)."""
    found: list[Path] = []
    for item in inputs:
        if item.startswith("@"):
            listing = Path(item[1:])
            try:
                lines = listing.read_text(encoding="utf-8").splitlines()
            except OSError as exc:
                raise BatchError(f"{listing}: cannot read the input list: {exc.strerror or exc}") from None
            for number, line in enumerate(lines, 1):
                if line.strip() and not line.lstrip().startswith("#"):
                    path = (listing.parent / line.strip())
                    if not path.is_file():
                        raise BatchError(f"{listing}:{number}: no such file: {line.strip()}")
                    found.append(path)
            continue
        path = Path(item)
        if path.is_dir():
            found += sorted(p for p in path.rglob("*") if p.is_file() and warc.is_warc(p))
        elif path.is_file():
            found.append(path)
        else:
            raise BatchError(f"{item}: no such file or folder")
    unique = list(dict.fromkeys(p.resolve() for p in found))
    return unique


def run(inputs: Iterable[str], out: str | os.PathLike[str], *, engine: str = "local", scheduler: str | None = None,
        workers: int | None = None, mode: str | None = None, format: str = "jsonl", config: str | None = None,
        progress: TextIO | None = None, worker_module: str = WORKER_MODULE) -> Summary:
    """Convert WARC files to one output each in ``out``; see the module docstring.

    ``workers``: the LocalCluster's worker processes (default one per core); ``progress``: a
    stream for the progress line (drawn only when it is a terminal); ``worker_module``: what
    each page worker runs (``python -m``)."""
    if engine not in ENGINES:
        raise BatchError(f"unknown engine {engine!r}; expected one of {', '.join(ENGINES)}")
    if engine == "dask" and not scheduler:
        raise BatchError("--engine dask needs --scheduler tcp://HOST:PORT (the cluster's scheduler)")
    if format not in FORMATS:
        raise BatchError(f"unknown format {format!r}; expected one of {', '.join(FORMATS)}")
    if mode is not None and mode not in MODES:
        raise BatchError(f"unknown mode {mode!r}; expected one of {', '.join(MODES)}")
    if format == "parquet":
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            raise BatchError("--format parquet needs pyarrow: pip install 'clearpage[parquet]'") from None
    try:
        import distributed
    except ImportError:
        raise BatchError("clearpage batch needs Dask: pip install 'clearpage[batch]'") from None
    loaded = load_config(config)
    text = Path(config).read_text(encoding="utf-8") if config else None
    options = Options(config=ConfigSpec(loaded.digest, str(Path(config).resolve()) if config else None, text), mode=mode,
                      format=format, budget_ms=float(loaded.proxy.time_budget_ms), max_body_bytes=loaded.proxy.max_body_bytes,
                      worker_module=worker_module)
    paths = expand(inputs)
    out_dir = Path(out).resolve()
    out_dir.mkdir(parents=True, exist_ok=True)
    targets = {path: output_path(path, out_dir, format) for path in paths}
    clash = Counter(targets.values())
    for path, target in targets.items():
        if clash[target] > 1:
            others = ", ".join(str(p) for p, t in targets.items() if t == target)
            raise BatchError(f"inputs would write the same output {target.name}: {others}")
    todo = {path: target for path, target in targets.items() if not target.exists()}
    started = time.monotonic()
    results: list[FileResult] = []
    failed: dict[str, str] = {}
    if todo:
        bar = _Progress(len(todo), progress)
        cluster = None
        logging.getLogger("distributed").setLevel(logging.ERROR)  # its own INFO lines are not the user's business
        try:
            if engine == "local":
                cluster = distributed.LocalCluster(n_workers=workers or default_size(0), threads_per_worker=1, processes=True,
                                                   host=LOOPBACK, dashboard_address=f"{LOOPBACK}:0",
                                                   worker_dashboard_address=f"{LOOPBACK}:0", silence_logs=logging.ERROR)
                client = distributed.Client(cluster)
            else:
                client = distributed.Client(scheduler, timeout=CONNECT_TIMEOUT_S)
        except OSError as exc:
            raise BatchError(f"cannot reach the Dask scheduler {scheduler or '(local)'}: {exc}") from None
        try:
            client.subscribe_topic(EVENT_TOPIC, bar.event)
            futures = {client.submit(convert_file, str(path), str(target), options, pure=False): path for path, target in todo.items()}
            for future in distributed.as_completed(futures):
                path = futures[future]
                try:
                    result = future.result()
                except Exception as exc:  # noqa: BLE001 - one file that cannot be converted is reported, the others go on
                    failed[str(path)] = f"{type(exc).__name__}: {exc}"
                    bar.file_done(0, 0)
                    continue
                results.append(result)
                bar.file_done(result.pages, result.statuses.get("error", 0) + result.statuses.get("timeout", 0))
        finally:
            client.close()
            if cluster is not None:
                cluster.close()
            bar.close()
        for target in todo.values():  # parts left by tasks whose Dask worker was lost (the task ran again)
            for part in target.parent.glob(f".{target.name}.*.part"):
                part.unlink(missing_ok=True)
    statuses: Counter[str] = Counter()
    for result in results:
        statuses.update(result.statuses)
    return Summary(files=len(results), files_skipped=len(targets) - len(todo), files_failed=failed, statuses=dict(statuses),
                   other_records=sum(r.other_records for r in results), seconds=time.monotonic() - started,
                   cpu_s=sum(r.cpu_s for r in results), outputs=tuple(str(t) for t in targets.values()))


class _Progress:
    """One line on a terminal: files done, pages (live, from the tasks' events), pages/s, errors."""

    def __init__(self, files: int, stream: TextIO | None):
        self.stream = stream if stream is not None and stream.isatty() else None
        self.files, self.done, self.pages, self.errors = files, 0, 0, 0
        self.live_pages, self.live_errors = 0, 0
        self.started = time.monotonic()
        self.drawn = 0.0
        self.lock = threading.Lock()

    def event(self, event: tuple[float, dict[str, int]]) -> None:
        with self.lock:
            self.live_pages += event[1].get("pages", 0)
            self.live_errors += event[1].get("errors", 0)
        self.draw()

    def file_done(self, pages: int, errors: int) -> None:
        with self.lock:
            self.done += 1
            self.pages += pages
            self.errors += errors
        self.draw(force=True)

    def draw(self, force: bool = False) -> None:
        if self.stream is None or (not force and time.monotonic() - self.drawn < REDRAW_S):
            return
        with self.lock:
            self.drawn = time.monotonic()
            pages, errors = max(self.pages, self.live_pages), max(self.errors, self.live_errors)
            rate = pages / max(self.drawn - self.started, 1e-9)
            width = 24
            filled = width * self.done // max(self.files, 1)
            line = f"\r[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.files} files, {pages} pages, {rate:.1f} pages/s, {errors} errors"
        self.stream.write(line)
        self.stream.flush()

    def close(self) -> None:
        if self.stream is not None:
            self.draw(force=True)
            self.stream.write("\n")
            self.stream.flush()


__all__ = ["BatchError", "ENGINES", "FORMATS", "MODES", "Summary", "expand", "run"]
