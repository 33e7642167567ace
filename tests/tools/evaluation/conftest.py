"""Tiny datasets in both layouts, written to tmp_path, so loaders and runner run without ../shared."""
from __future__ import annotations

import gzip
import json

import pytest

ARTICLE = "The river town kept its old mill running through the long dry summer of that year. " * 8
MENU = "".join(f"<li><a href='/s{i}'>Section {i}</a></li>" for i in range(10))


def page(body: str, charset_meta: str = "<meta charset='utf-8'>") -> str:
    return f"<!DOCTYPE html><html><head>{charset_meta}<title>T</title></head><body>{body}</body></html>"


def write_wcxb(root, pages):
    """pages: list of (id, type, html bytes, main_content, with, without)."""
    (root / "html").mkdir(parents=True)
    (root / "ground-truth").mkdir()
    for page_id, page_type, html, main, with_, without in pages:
        with gzip.open(root / "html" / f"{page_id}.html.gz", "wb") as fh:
            fh.write(html)
        truth = {
            "url": f"https://example.com/{page_id}",
            "file_id": page_id,
            "_internal": {"page_type": {"primary": page_type}},
            "ground_truth": {"main_content": main, "with": with_, "without": without},
        }
        (root / "ground-truth" / f"{page_id}.json").write_text(json.dumps(truth), encoding="utf-8")
    return root


@pytest.fixture
def wcxb_dir(tmp_path):
    article = page(f"<ul id='nav'>{MENU}</ul><article><h1>Mill</h1><p>{ARTICLE}</p></article>").encode()
    # Declared windows-1252: "café" is one byte é (0xE9), invalid as UTF-8.
    latin = page(f"<div><p>{'Le café du coin ouvre tôt chaque matin pour les voisins. ' * 10}</p></div>",
                 "<meta charset='windows-1252'>").encode("cp1252")
    return write_wcxb(tmp_path / "wcxb", [
        ("0001", "article", article, f"Mill\n\n{ARTICLE}", ["old mill running"], ["Section 3"]),
        ("0002", "article", latin, "Le café du coin ouvre tôt chaque matin pour les voisins. " * 10, ["café du coin"], []),
        ("0003", "listing", page(f"<ul>{MENU}</ul><p>Copyright 2025 Example Inc.</p>").encode(), "", [], []),
    ])


@pytest.fixture
def readability_dir(tmp_path):
    root = tmp_path / "readability"
    for name, readerable in (("one", True), ("two", False)):
        folder = root / name
        folder.mkdir(parents=True)
        (folder / "source.html").write_text(page(f"<nav><ul>{MENU}</ul></nav><article><p>{ARTICLE}</p></article>"), encoding="utf-8")
        (folder / "expected.html").write_text(f"<div id='readability-page-1'><p>{ARTICLE}</p><p>Last<b>word</b></p></div>", encoding="utf-8")
        (folder / "expected-metadata.json").write_text(json.dumps({"readerable": readerable}), encoding="utf-8")
    (root / "LICENSE.md").write_text("license", encoding="utf-8")
    return root


def write_trafeval(root, pages):
    """pages: list of (file stem, html bytes, with, without)."""
    (root / "html").mkdir(parents=True)
    index = {}
    for stem, html, with_, without in pages:
        with gzip.open(root / "html" / f"{stem}.html.gz", "wb") as fh:
            fh.write(html)
        index[f"https://example.org/{stem}"] = {"file": f"{stem}.html.gz", "with": with_, "without": without}
    (root / "evaldata.json").write_text(json.dumps(index), encoding="utf-8")
    return root


@pytest.fixture
def trafeval_dir(tmp_path):
    article = page(f"<ul id='nav'>{MENU}</ul><article><h1>Mill</h1><p>{ARTICLE}</p></article>").encode()
    return write_trafeval(tmp_path / "trafeval", [
        # "old  mill\nrunning": whitespace differs from the text, found after normalising; "THE RIVER" is not (case).
        ("a", article, ["old  mill\nrunning", "THE RIVER town"], ["Section 3"]),
        ("b", page(f"<div><p>{ARTICLE}</p></div><footer>Imprint and privacy</footer>").encode(),
         ["long dry summer"], ["Imprint and privacy", "Not on the page"]),
    ])
