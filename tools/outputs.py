"""Output fingerprints: a hash of everything the pipeline returns for every page of the dev sets, per mode.

A change meant to leave output alone (a refactor, a speed change) is checked by fingerprinting
before and after and comparing: ``clearpage outputs hash OUT.json`` then ``clearpage outputs
compare OLD.json NEW.json``. What is hashed per page and mode: the served output, the text, the
title, mode, decision, selection, media type, whether it changed, the report and the metadata.
"""
from __future__ import annotations

import gzip
import hashlib
import json
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

MODES = ("auto", "filter", "reader", "text")
# Readability's own test harness serves its pages from this URL.
READABILITY_URL = "http://fakehost/test/page.html"
# Pages per task handed to a worker process: large enough to amortise the hand-off.
CHUNK = 8
# Hex digits of sha256 kept per output: collisions are out of reach at this size.
DIGEST_CHARS = 16


@dataclass(frozen=True)
class SourcePage:
    key: str  # "wcxb-dev/0001", "readability-pages/001", "trafeval/NAME.html.gz"
    path: str
    url: str | None


@dataclass(frozen=True)
class Comparison:
    pages: int
    differing: list[tuple[str, str]]  # (page key, mode)
    missing: list[str]  # pages in the old fingerprint only
    added: list[str]  # pages in the new fingerprint only

    @property
    def identical(self) -> bool:
        return not (self.differing or self.missing or self.added)


def pages_of(folder: Path) -> Iterator[SourcePage]:
    """The pages of one dataset folder: a WCXB split, Readability's pages or trafeval."""
    name = folder.name
    if (folder / "evaldata.json").is_file():  # trafeval
        for url, entry in sorted(json.loads((folder / "evaldata.json").read_text(encoding="utf-8")).items()):
            yield SourcePage(f"{name}/{entry['file']}", str(folder / "html" / entry["file"]), url)
    elif (folder / "ground-truth").is_dir():  # a WCXB split
        for html in sorted((folder / "html").glob("*.html.gz")):
            stem = html.name.removesuffix(".html.gz")
            truth = json.loads((folder / "ground-truth" / f"{stem}.json").read_text(encoding="utf-8"))
            yield SourcePage(f"{name}/{stem}", str(html), truth.get("url"))
    else:  # one folder per page with source.html
        for page in sorted(p for p in folder.iterdir() if (p / "source.html").is_file()):
            yield SourcePage(f"{name}/{page.name}", str(page / "source.html"), READABILITY_URL)


_PIPELINE = None


def fingerprint_page(page: SourcePage) -> tuple[str, dict[str, str]]:
    """(page key, {mode: digest}); an exception's type and message are hashed as the output."""
    global _PIPELINE
    if _PIPELINE is None:
        from clearpage.filters.pipeline import Pipeline

        _PIPELINE = Pipeline()
    data = gzip.open(page.path).read() if page.path.endswith(".gz") else Path(page.path).read_bytes()
    digests = {}
    for mode in MODES:
        try:
            r = _PIPELINE.run(data, page.url, mode=mode)
            blob = json.dumps([r.output, r.text, r.title, r.mode, r.decision, r.selection, r.media_type, r.changed,
                               r.report_dict(), repr(r.metadata)], sort_keys=True, default=str)
        except Exception as exc:  # noqa: BLE001 - a failure is an output like any other
            blob = f"ERROR {type(exc).__name__}{exc}"
        digests[mode] = hashlib.sha256(blob.encode("utf-8", "surrogatepass")).hexdigest()[:DIGEST_CHARS]
    return page.key, digests


def fingerprint(folders: list[Path], jobs: int = 2) -> dict[str, dict[str, str]]:
    """{page key: {mode: digest}} over every page of ``folders``."""
    pages = [p for folder in folders for p in pages_of(folder)]
    if jobs <= 1:
        return dict(map(fingerprint_page, pages))
    with ProcessPoolExecutor(jobs) as pool:
        return dict(pool.map(fingerprint_page, pages, chunksize=CHUNK))


def compare(old: dict[str, dict[str, str]], new: dict[str, dict[str, str]]) -> Comparison:
    differing = [(key, mode) for key in old if key in new for mode in old[key] if new[key].get(mode) != old[key][mode]]
    return Comparison(pages=len(old), differing=differing, missing=sorted(set(old) - set(new)), added=sorted(set(new) - set(old)))
