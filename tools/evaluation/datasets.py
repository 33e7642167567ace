"""The two evaluation datasets in ``../shared/datasets``: which one a directory is, and its pages.

- ``wcxb``: ``html/NNNN.html.gz`` (the page as served, gzipped) and ``ground-truth/NNNN.json``
  (``url``, ``_internal.page_type.primary``, ``ground_truth.main_content``, ``with``,
  ``without``). The HTML bytes go to the pipeline undecoded, so the engine's own charset
  decoding (BOM, <meta>, UTF-8, detection) reads them as the page declares.
- ``readability``: one folder per page with ``source.html`` and ``expected.html`` (Firefox
  Reader View's output); the reference is the text of ``expected.html`` rendered with block
  breaks by the engine's text renderer (so words in adjacent blocks are not glued together).
  The page type is ``readerable`` or ``not-readerable`` from ``expected-metadata.json``.

Pages are light references (paths); the bytes and the reference are read when needed, in the
worker that scores the page.
"""
from __future__ import annotations

import gzip
import json
from dataclasses import dataclass
from pathlib import Path

from ..errors import ToolError

WCXB = "wcxb"
READABILITY = "readability"
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
    kind: str  # wcxb | readability
    page_id: str  # "0001" or the folder name
    page_type: str
    url: str | None
    path: str  # the .html.gz file (wcxb) or the page folder (readability)
    truth: str  # the ground-truth JSON (wcxb) or expected.html (readability)

    def html(self) -> bytes:
        """The page's bytes as served."""
        if self.kind == WCXB:
            with gzip.open(self.path, "rb") as fh:
                return fh.read()
        return Path(self.path, "source.html").read_bytes()

    def reference(self) -> Reference:
        if self.kind == WCXB:
            gt = json.loads(Path(self.truth).read_text(encoding="utf-8"))["ground_truth"]
            return Reference(gt.get("main_content") or "", tuple(gt.get("with") or ()), tuple(gt.get("without") or ()))
        return Reference(_expected_text(Path(self.truth).read_bytes()))


def detect(root: str | Path) -> str:
    """``wcxb`` or ``readability`` for a dataset directory, or raise DatasetError."""
    root = Path(root)
    if not root.is_dir():
        raise DatasetError(f"{root}: not a directory")
    if (root / "html").is_dir() and (root / "ground-truth").is_dir():
        return WCXB
    if any((d / "source.html").is_file() and (d / "expected.html").is_file() for d in root.iterdir() if d.is_dir()):
        return READABILITY
    raise DatasetError(f"{root}: neither a WCXB split (html/ + ground-truth/) nor Readability test pages (*/source.html + expected.html)")


def load(root: str | Path, *, page_types: tuple[str, ...] = (), limit: int | None = None) -> list[EvalPage]:
    """The dataset's pages in file order, optionally only some page types, at most ``limit``."""
    kind = detect(root)
    pages = _wcxb(Path(root)) if kind == WCXB else _readability(Path(root))
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
