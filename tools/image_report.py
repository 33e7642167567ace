"""Image relevance measured on the readability pages: kept and dropped images against expected.html.

For each page the reader pipeline runs twice, with image relevance off (every image the
content selection kept: the candidates) and on (the images kept). An image is "relevant"
when ``expected.html`` (the article as Firefox Reader View renders it) shows it; images are
matched by file name (the last path segment, lower-cased), since Reader View and clearpage
may pick different sizes of the same picture from a srcset; each distinct file counts once
per page.

Printed: candidates, kept, dropped; of the dropped, how many Reader View keeps (wrongly
dropped) and how many it drops too (rightly dropped); precision and recall of the kept set
against expected, with relevance off and on. Expected images outside clearpage's content
selection are counted separately (a content-selection miss, not an image decision).
"""
from __future__ import annotations

import dataclasses
import json
import sys
from collections import Counter
from pathlib import Path
from urllib.parse import urlsplit

import lxml.html

from clearpage.filters import PageError, Pipeline
from clearpage.filters.settings import Config

# The URL Readability's test suite gives every page; expected.html resolves against it.
PAGE_URL = "http://fakehost/test/page.html"


def image_keys(html: str) -> list[str]:
    """File names of the images a page shows (src, else the first srcset candidate)."""
    try:
        doc = lxml.html.document_fromstring(html.encode("utf-8"))
    except (ValueError, lxml.etree.ParserError):
        return []
    keys = []
    for img in doc.iter("img"):
        src = (img.get("src") or "").strip()
        if not src or src.startswith("data:"):
            srcset = (img.get("srcset") or img.get("data-srcset") or "").strip()
            src = srcset.split(",")[0].split()[0] if srcset else ""
        key = _key(src)
        if key:
            keys.append(key)
    return keys


def _key(src: str) -> str:
    if not src or src.startswith("data:"):
        return ""
    try:
        path = urlsplit(src).path
    except ValueError:
        return ""
    return path.rstrip("/").rsplit("/", 1)[-1].lower()


def with_relevance(config: Config, enabled: bool) -> Config:
    """``config`` with reader.image_relevance.enabled set (the base profile only)."""
    settings = config.base.settings
    reader = dataclasses.replace(settings.reader, image_relevance=dataclasses.replace(settings.reader.image_relevance, enabled=enabled))
    base = dataclasses.replace(config.base, settings=dataclasses.replace(settings, reader=reader))
    return dataclasses.replace(config, base=base, sites=())


def measure(dirs: list[Path], config: Config) -> list[dict]:
    off, on = Pipeline(with_relevance(config, False)), Pipeline(with_relevance(config, True))
    rows = []
    for d in dirs:
        source = (d / "source.html").read_bytes()
        expected_file = d / "expected.html"
        if not expected_file.is_file():
            continue
        expected = set(image_keys(expected_file.read_text(encoding="utf-8", errors="replace")))
        try:
            candidates = image_keys(off.run(source, PAGE_URL, mode="reader").html)
            kept = image_keys(on.run(source, PAGE_URL, mode="reader").html)
        except PageError as exc:
            print(f"{d.name}: {exc}", file=sys.stderr)
            continue
        dropped = list((Counter(candidates) - Counter(kept)).elements())
        rows.append({
            "page": d.name,
            "expected": sorted(expected),
            "candidates": candidates,
            "kept": kept,
            "dropped": dropped,
        })
    return rows


def summarise(rows: list[dict]) -> dict:
    """Totals over pages; each page counts each distinct image (file name) once."""
    s = Counter()
    for r in rows:
        expected, candidates, kept = set(r["expected"]), set(r["candidates"]), set(r["kept"])
        dropped = candidates - kept
        s["pages"] += 1
        s["expected"] += len(expected)
        s["candidates"] += len(candidates)
        s["kept"] += len(kept)
        s["dropped"] += len(dropped)
        s["candidates_relevant"] += len(candidates & expected)
        s["kept_relevant"] += len(kept & expected)
        s["dropped_relevant"] += len(dropped & expected)
        s["dropped_irrelevant"] += len(dropped - expected)
        s["expected_not_selected"] += len(expected - candidates)
    return dict(s)


def _ratio(a: int, b: int) -> str:
    return f"{a / b:.3f}" if b else "n/a"


def format_summary(s: dict) -> str:
    lines = [
        f"pages with expected.html: {s['pages']}; images in expected.html: {s['expected']}",
        f"candidate images (in clearpage's selected content): {s['candidates']} ({s['candidates_relevant']} in expected.html)",
        f"expected images outside the selected content (a selection miss): {s['expected_not_selected']}",
        "",
        "| image relevance | kept | dropped | dropped, Reader View keeps it | dropped, Reader View drops it too | precision | recall |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
        f"| off (keep all) | {s['candidates']} | 0 | 0 | 0 | {_ratio(s['candidates_relevant'], s['candidates'])} | {_ratio(s['candidates_relevant'], s['expected'])} |",
        f"| on | {s['kept']} | {s['dropped']} | {s['dropped_relevant']} | {s['dropped_irrelevant']} | {_ratio(s['kept_relevant'], s['kept'])} | {_ratio(s['kept_relevant'], s['expected'])} |",
    ]
    return "\n".join(lines)


def run(dirs: list[Path], config: Config, json_path: str | None) -> int:
    rows = measure(dirs, config)
    summary = summarise(rows)
    print(format_summary(summary))
    if json_path:
        Path(json_path).write_text(json.dumps({"summary": summary, "pages": rows}, indent=1), encoding="utf-8")
    return 0
