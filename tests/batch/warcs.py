"""WARC files for the batch tests, written byte by byte (so they can be broken on purpose).

Pages come from tests/pages (always there) and, when ../shared is present, a few wcxb-dev pages.
"""
from __future__ import annotations

import gzip
from pathlib import Path

import brotli
import zstandard

PROJECT = Path(__file__).resolve().parent.parent.parent
FIXTURES = PROJECT / "tests" / "pages"
WCXB = PROJECT.parent / "shared" / "datasets" / "wcxb-dev" / "html"
WCXB_PAGES = ("0001", "0002", "0003", "0004")
POISON = b"<!-- clearpage-test: sleep -->"  # tests/batch/poison_worker.py sleeps on a page holding this
CRASH = b"<!-- clearpage-test: crash -->"  # ... and kills its own process on this one


def pages() -> list[tuple[str, bytes]]:
    """(url, html) of the fixture pages, then of a few wcxb-dev pages when ../shared is there."""
    found = [(f"http://fixtures.example/{d.name}.html", (d / "source.html").read_bytes())
             for d in sorted(FIXTURES.iterdir()) if (d / "source.html").is_file()]
    for name in WCXB_PAGES:
        path = WCXB / f"{name}.html.gz"
        if path.is_file():
            found.append((f"http://wcxb.example/{name}.html", gzip.decompress(path.read_bytes())))
    return found


def record(kind: str, uri: str | None, block: bytes, number: int, content_type: str = "application/http; msgtype=response") -> bytes:
    head = ["WARC/1.1", f"WARC-Type: {kind}", f"WARC-Record-ID: <urn:uuid:00000000-0000-0000-0000-{number:012d}>",
            f"WARC-Date: 2024-05-0{1 + number % 9}T10:00:00Z"]
    if uri:
        head.append(f"WARC-Target-URI: {uri}")
    head += [f"Content-Type: {content_type}", f"Content-Length: {len(block)}"]
    return ("\r\n".join(head) + "\r\n\r\n").encode() + block + b"\r\n\r\n"


def http(body: bytes, content_type: str = "text/html; charset=utf-8", coding: str | None = None, chunked: bool = False) -> bytes:
    headers = [b"HTTP/1.1 200 OK", b"Content-Type: " + content_type.encode()]
    if coding == "gzip":
        body = gzip.compress(body)
    elif coding == "br":
        body = brotli.compress(body)
    elif coding == "zstd":
        body = zstandard.ZstdCompressor().compress(body)
    if coding:
        headers.append(b"Content-Encoding: " + coding.encode())
    if chunked:
        headers.append(b"Transfer-Encoding: chunked")
        body = b"".join(b"%x\r\n%s\r\n" % (len(body[i:i + 700]), body[i:i + 700]) for i in range(0, len(body), 700)) + b"0\r\n\r\n"
    else:
        headers.append(b"Content-Length: %d" % len(body))
    return b"\r\n".join(headers) + b"\r\n\r\n" + body


def response(url: str, html: bytes, number: int, **kw) -> bytes:
    return record("response", url, http(html, **kw), number)


def write(path: Path, records: list[bytes], gzipped: bool, broken: set[int] = frozenset()) -> Path:
    """Records one after another; gzipped: each its own gzip member, those in ``broken`` with bytes garbled."""
    with open(path, "wb") as fh:
        for i, rec in enumerate(records):
            if not gzipped:
                fh.write(rec)
                continue
            member = bytearray(gzip.compress(rec, mtime=0))
            if i in broken:
                member[30:60] = b"\xff" * 30
            fh.write(member)
    return path
