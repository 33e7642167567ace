"""One WARC file to one output file: the task each Dask worker runs (``convert_file``).

The file's captures (``batch.warc``) go one by one through a pool of one page worker
(``addon.pool`` running ``batch.worker``): each page in a child process under the config's
time budget (``proxy.time_budget_ms``), so a page that crashes its worker or runs away is that
page's row (``error: ...`` / ``timeout``) and the next page gets a fresh worker. Rows are
written in file order to a temporary name beside the output, renamed when the file is done.
"""
from __future__ import annotations

import asyncio
import json
import os
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from clearpage.addon.pool import PoolTimeout, WorkerCrashed, WorkerPool
from clearpage.addon.worker import FAILED, OK, ConfigSpec, Job

from . import warc

WORKER_MODULE = "clearpage.batch.worker"  # what each page worker runs (``python -m``)
TIMEOUT = "timeout"  # a page worker's reason for a page its pipeline stopped at the time budget
FORMATS = {"jsonl": ".jsonl", "parquet": ".parquet", "warc": ".warc.gz"}  # --format -> the output's suffix
COLUMNS = ("url", "record_id", "date", "title", "lang", "mode", "text", "html", "status")
# A page waits this long for its worker to be free (a worker replaced after a runaway page takes
# the kill grace and a start) before its own budget starts; only a worker that cannot start runs it out.
WORKER_WAIT_S = 120.0
EVENT_TOPIC = "clearpage-batch"  # the Dask event topic a task reports its pages on (the progress bar)
EVENT_EVERY_S = 1.0
PARQUET_ROWS = 1000  # rows per Parquet row group


@dataclass(frozen=True, kw_only=True)
class Options:
    """What every task needs besides its file (pickled to the Dask workers)."""

    config: ConfigSpec
    mode: str | None = None  # None: the config's mode (per site)
    format: str = "jsonl"
    budget_ms: float = 2000.0
    max_body_bytes: int = 5 * 1024 * 1024
    worker_module: str = WORKER_MODULE  # what each page worker runs (``python -m``)


@dataclass(frozen=True, kw_only=True)
class FileResult:
    """One input's outcome (built with keywords, returned from the Dask task)."""

    input: str
    output: str
    statuses: dict[str, int] = field(default_factory=dict)  # rows per status ("error: why" counted as "error")
    pages: int = 0  # rows written
    other_records: int = 0  # records that are no capture (warcinfo, request, metadata, ...)
    cpu_s: float = 0.0  # CPU time of the page workers and of the reading
    seconds: float = 0.0
    skipped: bool = False  # its output was there already
    error: str = ""  # the file could not be converted at all


def output_path(input_path: Path, out_dir: Path, format: str) -> Path:
    return out_dir / (warc.stem(input_path) + FORMATS[format])


def convert_file(input_path: str, output: str, options: Options) -> FileResult:
    """Convert one WARC file (the Dask task); its rows appear at ``output`` only when all are written."""
    started, cpu_started = time.monotonic(), time.thread_time()
    final = Path(output)
    temp = final.with_name(f".{final.name}.{uuid.uuid4().hex[:12]}.part")
    tally: Counter[str] = Counter()
    counts = warc.Counts()
    worker_cpu = [0.0]
    try:
        with _writer(options.format, temp) as writer:
            asyncio.run(_convert(Path(input_path), options, writer, tally, counts, worker_cpu))
        os.replace(temp, final)
    finally:
        temp.unlink(missing_ok=True)
    return FileResult(input=input_path, output=output, statuses=dict(tally), pages=sum(tally.values()),
                      other_records=counts.other_records, cpu_s=worker_cpu[0] + time.thread_time() - cpu_started,
                      seconds=time.monotonic() - started)


async def _convert(path: Path, options: Options, writer: _Writer, tally: Counter[str], counts: warc.Counts, worker_cpu: list[float]) -> None:
    pool = WorkerPool(1, options.config, name="batch-worker", worker_module=options.worker_module)
    report = _reporter()
    last_report, reported = time.monotonic(), [0, 0]
    try:
        for capture in warc.captures(path, options.max_body_bytes, counts):
            row = await _row(capture, pool, options, worker_cpu)
            writer.write(row)
            status = row["status"]
            tally["error" if status.startswith("error") else status] += 1
            if report is not None and time.monotonic() - last_report >= EVENT_EVERY_S:
                last_report = time.monotonic()
                reported = _report(report, tally, reported)
    finally:
        pool.close()
    if report is not None:
        _report(report, tally, reported)


async def _row(capture: warc.Capture, pool: WorkerPool, options: Options, worker_cpu: list[float]) -> dict[str, Any]:
    row: dict[str, Any] = dict.fromkeys(COLUMNS)
    row.update(url=capture.url, record_id=capture.record_id, date=capture.date)
    if capture.problem:
        row["status"] = "error: " + capture.problem
    elif capture.kind == "revisit":
        row["status"] = "revisit"
    elif not capture.html:
        row["status"] = "not_html"
    elif capture.too_large:
        row["status"] = "too_large"
    else:
        row["status"] = await _filter(capture, pool, options, row, worker_cpu)
    return row


async def _filter(capture: warc.Capture, pool: WorkerPool, options: Options, row: dict[str, Any], worker_cpu: list[float]) -> str:
    job = Job(config=options.config, url=capture.url or "", body=capture.body, content_encoding=capture.content_encoding,
              charset=capture.charset, mode=options.mode, budget_ms=options.budget_ms, max_body_bytes=options.max_body_bytes)
    try:
        reply = await pool.run(job, options.budget_ms / 1000, wait_s=WORKER_WAIT_S)
    except PoolTimeout:
        return "timeout"
    except WorkerCrashed as exc:
        return f"error: {exc}"
    worker_cpu[0] += reply.timings_ms.get("cpu", 0.0) / 1000
    if reply.status == OK:
        row.update(json.loads(reply.body))
        return "ok"
    if reply.status == FAILED:
        return "timeout" if reply.reason == TIMEOUT else f"error: {reply.reason}"
    return "too_large"  # UNCHANGED: the only page the worker leaves is one whose decoded body is over the limit


def _reporter():
    """The running Dask worker's event logger, or None outside a Dask worker."""
    try:
        from distributed import get_worker

        worker = get_worker()
    except (ImportError, ValueError):
        return None
    return worker.log_event


def _report(report, tally: Counter[str], reported: list[int]) -> list[int]:
    pages, errors = sum(tally.values()), tally["error"] + tally["timeout"]
    report(EVENT_TOPIC, {"pages": pages - reported[0], "errors": errors - reported[1]})
    return [pages, errors]


# ---------------------------------------------------------------------- writers


class _Writer(Protocol):
    def write(self, row: dict[str, Any]) -> None: ...

    def __enter__(self) -> _Writer: ...

    def __exit__(self, *exc: object) -> None: ...


class _Jsonl:
    def __init__(self, path: Path):
        self.fh = open(path, "w", encoding="utf-8")

    def write(self, row: dict[str, Any]) -> None:
        self.fh.write(json.dumps(row, ensure_ascii=False) + "\n")

    def __enter__(self) -> _Jsonl:
        return self

    def __exit__(self, *exc: object) -> None:
        self.fh.close()


class _Parquet:
    def __init__(self, path: Path):
        import pyarrow as pa
        import pyarrow.parquet as pq

        self.pa = pa
        self.schema = pa.schema([(name, pa.string()) for name in COLUMNS])
        self.out = pq.ParquetWriter(str(path), self.schema)
        self.rows: list[dict[str, Any]] = []

    def write(self, row: dict[str, Any]) -> None:
        self.rows.append(row)
        if len(self.rows) >= PARQUET_ROWS:
            self._flush()

    def _flush(self) -> None:
        if self.rows:
            self.out.write_table(self.pa.Table.from_pylist(self.rows, schema=self.schema))
            self.rows = []

    def __enter__(self) -> _Parquet:
        return self

    def __exit__(self, *exc: object) -> None:
        self._flush()
        self.out.close()


class _Warc:
    """``conversion`` records of the pages filtered (status ok), each its own gzip member."""

    def __init__(self, path: Path):
        self.fh = open(path, "wb")

    def write(self, row: dict[str, Any]) -> None:
        if row["status"] != "ok":
            return
        html = row["html"] is not None
        content = (row["html"] if html else row["text"]).encode("utf-8")
        fields = {"Mode": row["mode"], "Title": " ".join((row["title"] or "").split()), "Lang": row["lang"] or ""}
        self.fh.write(warc.conversion_record(refers_to=row["record_id"] or "", url=row["url"] or "", date=row["date"] or "",
                                             media_type="text/html; charset=utf-8" if html else "text/plain; charset=utf-8",
                                             content=content, fields=fields))

    def __enter__(self) -> _Warc:
        return self

    def __exit__(self, *exc: object) -> None:
        self.fh.close()


def _writer(format: str, path: Path) -> _Writer:
    return {"jsonl": _Jsonl, "parquet": _Parquet, "warc": _Warc}[format](path)

