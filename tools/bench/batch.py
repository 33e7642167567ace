"""``clearpage bench batch``: pages/s per core of ``clearpage batch`` beside trafilatura's, on the same WARC files.

The pages of a dataset (wcxb-dev by default; the fixture pages of tests/pages without
``../shared``) are written into WARC files (gzipped, one member per record, HTTP responses
with HTML), then, in one run: ``clearpage.batch.run`` on a LocalCluster of one and of two
workers, and trafilatura's ``extract`` on the same files read the same way (FastWARC, the
proxy's Content-Encoding decoder) in one and two processes, one file per task. Each figure is
wall-clock pages/s over the whole run (cluster and worker start included) and that divided by
the workers; clearpage's CPU ms per page comes from its summary.
"""
from __future__ import annotations

import gzip
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from clearpage.filters import content_coding

from .pipeline import DEFAULT_DATASET, PROJECT
from .stats import machine

FIXTURES = PROJECT / "tests" / "pages"
PAGES_PER_FILE = 150  # records per WARC file: each file (a Dask task) starts its page worker once (~1-2 s of a core)
WORKERS = (1, 2)
MAX_BODY_BYTES = 5 * 1024 * 1024  # the default config's proxy.max_body_bytes: bigger pages are left alike


def dataset_pages(dataset: Path, limit: int) -> list[tuple[str, bytes]]:
    """(url, html) of up to ``limit`` pages of a wcxb-style dataset, or of the fixture pages."""
    html = dataset / "html"
    if html.is_dir():
        files = sorted(html.glob("*.html*"))[:limit]
        return [(f"http://bench.example/{p.name.split('.')[0]}.html",
                 gzip.decompress(p.read_bytes()) if p.name.endswith(".gz") else p.read_bytes()) for p in files]
    return [(f"http://fixtures.example/{d.name}.html", (d / "source.html").read_bytes())
            for d in sorted(FIXTURES.iterdir()) if (d / "source.html").is_file()][:limit]


def write_warcs(pages: list[tuple[str, bytes]], folder: Path, per_file: int = PAGES_PER_FILE) -> list[Path]:
    """The pages as gzip-coded HTTP responses in WARC files of ``per_file`` records each."""
    files = []
    for start in range(0, len(pages), per_file):
        path = folder / f"bench-{start // per_file:04d}.warc.gz"
        with open(path, "wb") as fh:
            for n, (url, html) in enumerate(pages[start:start + per_file], start):
                body = gzip.compress(html, compresslevel=6)
                block = (b"HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Encoding: gzip\r\n"
                         b"Content-Length: %d\r\n\r\n" % len(body)) + body
                head = (f"WARC/1.1\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:00000000-0000-0000-0000-{n:012d}>\r\n"
                        f"WARC-Date: 2024-05-01T10:00:00Z\r\nWARC-Target-URI: {url}\r\n"
                        f"Content-Type: application/http; msgtype=response\r\nContent-Length: {len(block)}\r\n\r\n").encode()
                fh.write(gzip.compress(head + block + b"\r\n\r\n", compresslevel=6))
        files.append(path)
    return files


def _trafilatura_file(path: str) -> int:
    """trafilatura on every HTML capture of one file (read as the batch reads them); pages done."""
    import trafilatura

    from clearpage.batch import warc

    pages = 0
    for capture in warc.captures(Path(path), MAX_BODY_BYTES):
        pages += 1  # every capture is a page, as it is a row of clearpage's output
        if capture.html and not capture.problem and not capture.too_large:
            try:
                html = content_coding.decode(capture.body, capture.content_encoding, MAX_BODY_BYTES)
            except (content_coding.DecodeError, content_coding.TooLarge):  # left, as the batch leaves them
                continue
            trafilatura.extract(html, url=capture.url)
    return pages


def run(dataset: Path | None = None, limit: int = 300, with_trafilatura: bool = True, say=print) -> dict:
    from clearpage import batch

    dataset = dataset or DEFAULT_DATASET
    pages = dataset_pages(dataset, limit)
    versions = {}
    if with_trafilatura:
        try:
            import trafilatura

            versions["trafilatura"] = trafilatura.__version__
        except ImportError:
            say("trafilatura is not installed (pip install 'clearpage[bench]'): its figures are skipped")
            with_trafilatura = False
    info = machine(**versions)
    figures: dict = {"machine": info, "dataset": str(dataset if (dataset / "html").is_dir() else FIXTURES), "pages": len(pages), "runs": []}
    with tempfile.TemporaryDirectory(prefix="clearpage-bench-batch-") as tmp:
        files = write_warcs(pages, Path(tmp))
        figures["files"] = len(files)
        say(f"{len(pages)} pages in {len(files)} WARC files from {figures['dataset']}")
        for workers in WORKERS:
            out = Path(tmp) / f"out-{workers}"
            summary = batch.run([str(f) for f in files], out, workers=workers)
            figures["runs"].append(_figure("clearpage batch", workers, summary.pages, summary.seconds,
                                           {"statuses": summary.statuses, "cpu_ms_per_page": round(summary.cpu_ms_per_page, 1)}))
            say(_line(figures["runs"][-1]))
            if with_trafilatura:
                started = time.monotonic()
                with ProcessPoolExecutor(max_workers=workers) as pool:
                    done = sum(pool.map(_trafilatura_file, [str(f) for f in files]))
                figures["runs"].append(_figure("trafilatura", workers, done, time.monotonic() - started, {}))
                say(_line(figures["runs"][-1]))
    return figures


def _figure(name: str, workers: int, pages: int, seconds: float, extra: dict) -> dict:
    rate = pages / seconds if seconds else 0.0
    return {"name": name, "workers": workers, "pages": pages, "seconds": round(seconds, 2), "pages_per_s": round(rate, 1),
            "pages_per_s_per_core": round(rate / workers, 1), **extra}


def _line(run: dict) -> str:
    cpu = f", {run['cpu_ms_per_page']} ms CPU per page" if "cpu_ms_per_page" in run else ""
    return (f"{run['name']:>16} x{run['workers']}: {run['pages']} pages in {run['seconds']} s = {run['pages_per_s']} pages/s, "
            f"{run['pages_per_s_per_core']} per core{cpu}")
