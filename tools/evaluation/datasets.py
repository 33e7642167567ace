"""The evaluation datasets in ``../shared/datasets``: which one a directory is, and its pages.

- ``wcxb``: ``html/NNNN.html.gz`` (the page as served, gzipped) and ``ground-truth/NNNN.json``
  (``url``, ``_internal.page_type.primary``, ``ground_truth.main_content``, ``with``,
  ``without``). The HTML bytes go to the pipeline undecoded, so the engine's own charset
  decoding (BOM, <meta>, UTF-8, detection) reads them as the page declares.
- ``readability``: one folder per page with ``source.html`` and ``expected.html`` (Firefox
  Reader View's output); the reference is the text of ``expected.html`` rendered with block
  breaks by the engine's text renderer (so words in adjacent blocks are not glued together).
  The page type is ``readerable`` or ``not-readerable`` from ``expected-metadata.json``.
- ``trafeval``: ``evaldata.json`` (``{url: {"file", "with", "without"}}``) and ``html/NAME.html.gz``;
  no reference text, only the snippets, scored by trafilatura's own pooled snippet metric
  (``metric.snippet_counts``). Every page is an article (page type ``article``).

Pages are light references (paths); the bytes and the reference are read when needed, in the
worker that scores the page.
"""
from __future__ import annotations

import functools
import gzip
import json
from dataclasses import dataclass
from pathlib import Path

from ..errors import ToolError

WCXB = "wcxb"
READABILITY = "readability"
TRAFEVAL = "trafeval"
TRAFEVAL_INDEX = "evaldata.json"
# Readability's own test harness serves its pages from this URL; links in expected.html use it.
READABILITY_URL = "http://fakehost/test/page.html"


class DatasetError(ToolError, ValueError):
    """A directory that is not one of the evaluation datasets, or a page that cannot be read."""


@dataclass(frozen=True)
class Reference:
    text: str
    with_snippets: tuple[str, ...] = ()
    without_snippets: tuple[str, ...] = ()


@dataclass(frozen=True)
class EvalPage:
    kind: str  # wcxb | readability | trafeval
    page_id: str  # "0001", the folder name or the file's name without .html.gz
    page_type: str
    url: str | None
    path: str  # the .html.gz file (wcxb, trafeval) or the page folder (readability)
    truth: str  # the ground-truth JSON (wcxb), expected.html (readability) or evaldata.json (trafeval)

    def html(self) -> bytes:
        """The page's bytes as served."""
        if self.kind in (WCXB, TRAFEVAL):
            with gzip.open(self.path, "rb") as fh:
                return fh.read()
        return Path(self.path, "source.html").read_bytes()

    def reference(self) -> Reference:
        if self.kind == WCXB:
            gt = json.loads(Path(self.truth).read_text(encoding="utf-8"))["ground_truth"]
            return Reference(gt.get("main_content") or "", tuple(gt.get("with") or ()), tuple(gt.get("without") or ()))
        if self.kind == TRAFEVAL:
            entry = _trafeval_index(self.truth)[self.url]
            return Reference("", tuple(entry.get("with") or ()), tuple(entry.get("without") or ()))
        return Reference(_expected_text(Path(self.truth).read_bytes()))


def detect(root: str | Path) -> str:
    """``wcxb``, ``readability`` or ``trafeval`` for a dataset directory, or raise DatasetError."""
    root = Path(root)
    if not root.is_dir():
        raise DatasetError(f"{root}: not a directory")
    if (root / "html").is_dir() and (root / "ground-truth").is_dir():
        return WCXB
    if (root / TRAFEVAL_INDEX).is_file() and (root / "html").is_dir():
        return TRAFEVAL
    if any((d / "source.html").is_file() and (d / "expected.html").is_file() for d in root.iterdir() if d.is_dir()):
        return READABILITY
    raise DatasetError(f"{root}: neither a WCXB split (html/ + ground-truth/), trafilatura's evaluation set "
                       f"(evaldata.json + html/) nor Readability test pages (*/source.html + expected.html)")


def load(root: str | Path, *, page_types: tuple[str, ...] = (), limit: int | None = None) -> list[EvalPage]:
    """The dataset's pages in file order, optionally only some page types, at most ``limit``."""
    kind = detect(root)
    loaders = {WCXB: _wcxb, READABILITY: _readability, TRAFEVAL: _trafeval}
    pages = loaders[kind](Path(root))
    if page_types:
        known = {p.page_type for p in pages}
        unknown = [t for t in page_types if t not in known]
        if unknown:
            raise DatasetError(f"{root}: no pages of type {', '.join(unknown)}; types here: {', '.join(sorted(known))}")
        pages = [p for p in pages if p.page_type in page_types]
    return pages[:limit] if limit is not None else pages


def _wcxb(root: Path) -> list[EvalPage]:
    pages = []
    for truth in sorted((root / "ground-truth").glob("*.json")):
        page_id = truth.stem
        html = root / "html" / f"{page_id}.html.gz"
        if not html.is_file():
            raise DatasetError(f"{truth}: no page {html}")
        try:
            data = json.loads(truth.read_text(encoding="utf-8"))
            page_type = data["_internal"]["page_type"]["primary"]
        except (ValueError, KeyError, TypeError) as exc:
            raise DatasetError(f"{truth}: unreadable ground truth ({exc})") from exc
        pages.append(EvalPage(WCXB, page_id, page_type, data.get("url"), str(html), str(truth)))
    if not pages:
        raise DatasetError(f"{root}: no ground-truth/*.json")
    return pages


def _readability(root: Path) -> list[EvalPage]:
    pages = []
    for folder in sorted(d for d in root.iterdir() if d.is_dir()):
        expected = folder / "expected.html"
        if not (folder / "source.html").is_file() or not expected.is_file():
            continue
        meta_file = folder / "expected-metadata.json"
        readerable = True
        if meta_file.is_file():
            readerable = bool(json.loads(meta_file.read_text(encoding="utf-8")).get("readerable", True))
        page_type = "readerable" if readerable else "not-readerable"
        pages.append(EvalPage(READABILITY, folder.name, page_type, READABILITY_URL, str(folder), str(expected)))
    return pages


def _trafeval(root: Path) -> list[EvalPage]:
    index_path = root / TRAFEVAL_INDEX
    index = _trafeval_index(str(index_path))
    pages = []
    for url, entry in sorted(index.items()):
        if not isinstance(entry, dict) or not isinstance(entry.get("file"), str):
            raise DatasetError(f"{index_path}: entry {url!r}: no \"file\" key")
        html = root / "html" / entry["file"]
        if not html.is_file():
            raise DatasetError(f"{index_path}: entry {url!r}: no page {html}")
        page_id = entry["file"].removesuffix(".gz").removesuffix(".html")
        pages.append(EvalPage(TRAFEVAL, page_id, "article", url, str(html), str(index_path)))
    if not pages:
        raise DatasetError(f"{index_path}: no pages")
    return pages


@functools.lru_cache(maxsize=4)
def _trafeval_index(path: str) -> dict:
    """The parsed ``evaldata.json`` (read once per process: every page's snippets are in it)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except ValueError as exc:
        raise DatasetError(f"{path}: not JSON ({exc})") from exc
    if not isinstance(data, dict):
        raise DatasetError(f"{path}: expected an object {{url: {{file, with, without}}}}")
    return data


def _expected_text(data: bytes) -> str:
    from clearpage.filters.charset import decode
    from clearpage.filters.dom import parse
    from clearpage.filters.errors import PageError
    from clearpage.filters.render import text

    try:
        doc = parse(decode(data).text)
    except PageError:
        return ""
    return text.render([doc]).text
