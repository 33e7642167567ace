"""Reading captures out of WARC files (FastWARC), and writing ``conversion`` records.

``captures(path, limit)`` yields one ``Capture`` per ``response``, ``resource`` and ``revisit``
record, in file order, with the HTTP body as stored (chunked transfer coding undone by
FastWARC's ``ChunkedReader``; Content-Encoding is left for the page worker, which decodes it as
the proxy does). Other record types (warcinfo, request, metadata, ...) are only counted. A
record cut short (its block shorter than its Content-Length) is a ``Capture`` with a problem.
A file that stops parsing (a broken gzip member, a garbled header) is read on from the next
place a record can start (a gzip member's magic, or ``WARC/1.``): the bytes skipped come as a
``Capture`` with no URL and the problem, and the rest of the file is not lost.
"""
from __future__ import annotations

import gzip
import io
import mmap
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from fastwarc.stream_io import ChunkedReader
from fastwarc.warc import ArchiveIterator, WarcRecord, WarcRecordType

CAPTURE_TYPES = WarcRecordType.response | WarcRecordType.resource | WarcRecordType.revisit
HTML_TYPES = frozenset({"text/html", "application/xhtml+xml"})
GZIP_MAGIC = b"\x1f\x8b\x08"  # a gzip member's first bytes (deflate): where a .warc.gz can be read on
WARC_MAGIC = b"WARC/1."  # a record's first bytes in an uncompressed file
MAX_RESYNCS = 10_000  # places tried after a break before the rest of a file is given up
SUFFIXES = (".warc.gz", ".warc")


@dataclass(frozen=True, kw_only=True)
class Capture:
    """One capture record, or bytes of the file that could not be read (``url`` None)."""

    url: str | None
    record_id: str | None
    date: str | None
    kind: str  # response | resource | revisit | unreadable
    html: bool = False  # an HTTP response whose Content-Type is HTML
    body: bytes = b""  # the HTTP payload (de-chunked, still Content-Encoded); empty unless html
    content_encoding: str | None = None
    charset: str | None = None
    too_large: bool = False  # the stored payload is over the limit (not read)
    problem: str = ""  # why this record or these bytes could not be read


@dataclass
class Counts:
    """Records seen that are not captures (filled while ``captures`` runs)."""

    other_records: int = 0


def is_warc(path: Path) -> bool:
    return path.name.endswith(SUFFIXES)


def stem(path: Path) -> str:
    """The file's name without .warc / .warc.gz (output files are named after it)."""
    for suffix in SUFFIXES:
        if path.name.endswith(suffix):
            return path.name[: -len(suffix)]
    return path.name


def captures(path: Path, limit: int, counts: Counts | None = None) -> Iterator[Capture]:
    """The file's captures in order (see the module docstring); payloads over ``limit`` bytes are not read."""
    counts = counts if counts is not None else Counts()
    if path.stat().st_size == 0:
        return
    with open(path, "rb") as fh, mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ) as data:
        magic = GZIP_MAGIC if data[:2] == GZIP_MAGIC[:2] else WARC_MAGIC
        start = 0
        broken_from: int | None = None  # where unreadable bytes began, until a record reads again
        problem = ""
        for _ in range(MAX_RESYNCS):
            fh.seek(start)
            last: int | None = None  # where the last record read in this pass began
            try:
                for record in ArchiveIterator(fh, parse_http=False):
                    if broken_from is not None:
                        yield _unreadable(broken_from, record.stream_pos, problem)
                        broken_from = None
                    last = record.stream_pos
                    capture = _capture(record, limit)
                    if capture is None:
                        counts.other_records += 1
                    else:
                        yield capture
            except OSError as exc:
                if broken_from is None:
                    broken_from = start if last is None else last + 1
                    problem = str(exc) or type(exc).__name__
                # Read on from the next place a record can start (a candidate that fails is passed over).
                found = data.find(magic, (start if last is None else last) + 1)
                if found == -1:
                    break
                start = found
                continue
            if broken_from is not None:  # the pass read to the end without a record
                yield _unreadable(broken_from, len(data), problem)
            return
        yield _unreadable(broken_from if broken_from is not None else start, len(data), problem or "too many unreadable places")


def _unreadable(start: int, end: int, problem: str) -> Capture:
    return Capture(url=None, record_id=None, date=None, kind="unreadable", problem=f"bytes {start}-{end} unreadable: {problem}")


def _capture(record: WarcRecord, limit: int) -> Capture | None:
    """The capture a record holds; None for a record that is not a capture."""
    kind = record.record_type
    if not kind & CAPTURE_TYPES:
        return None
    headers = record.headers
    base = {"url": headers.get("WARC-Target-URI"), "record_id": record.record_id, "date": headers.get("WARC-Date"), "kind": str(kind)}
    if "Content-Length" not in headers:
        return Capture(**base, problem="truncated record (its header is cut short)")
    if kind != WarcRecordType.response or not record.is_http:
        return Capture(**base)
    try:
        record.parse_http()
    except OSError as exc:
        return Capture(**base, problem=f"HTTP header unreadable: {exc}")
    media_type = (record.http_content_type or "").lower()
    if media_type not in HTML_TYPES:
        return Capture(**base)
    http = record.http_headers
    base.update(html=True, content_encoding=http.get("Content-Encoding"), charset=record.http_charset)
    if record.content_length > limit:
        return Capture(**base, too_large=True)
    try:
        body = record.reader.read()
    except OSError as exc:
        return Capture(**base, problem=f"payload unreadable: {exc}")
    if len(body) < record.content_length:
        return Capture(**base, problem=f"truncated record ({len(body)} of {record.content_length} payload bytes)")
    if "chunked" in (http.get("Transfer-Encoding") or "").lower():
        try:
            body = ChunkedReader(io.BytesIO(body)).read()
        except (OSError, ValueError) as exc:
            return Capture(**base, problem=f"bad chunked transfer coding: {exc}")
    return Capture(**base, body=body)


def conversion_record(*, refers_to: str, url: str, date: str, media_type: str, content: bytes, fields: dict[str, str]) -> bytes:
    """A gzipped WARC ``conversion`` record of ``content`` derived from record ``refers_to``.

    Its id is derived from ``refers_to`` (a rerun writes the same bytes) and its date is the
    capture's; ``fields`` become ``Clearpage-*`` headers."""
    record = WarcRecord()
    urn = f"uuid:{uuid.uuid5(uuid.NAMESPACE_URL, 'clearpage-conversion:' + refers_to)}"  # FastWARC writes <urn:...>
    record.init_headers(WarcRecordType.conversion, urn.encode(), content_length=len(content))
    record.headers.set("WARC-Date", date)
    record.headers.set("WARC-Target-URI", url)
    record.headers.set("WARC-Refers-To", refers_to)
    record.headers.set("Content-Type", media_type)
    for key, value in fields.items():
        record.headers.set(f"Clearpage-{key}", value)
    record.set_bytes_content(content)
    out = io.BytesIO()
    record.write(out)
    return gzip.compress(out.getvalue(), compresslevel=6, mtime=0)
