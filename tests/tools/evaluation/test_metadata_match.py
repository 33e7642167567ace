"""tools/evaluation/metadata_match.py: the metadata table of ``clearpage eval`` on Readability pages."""
from __future__ import annotations

import json
from datetime import date

import pytest

from clearpage.cli import main
from clearpage.tools.evaluation import datasets, metadata_match
from tests.tools.evaluation.conftest import write_wcxb

ARTICLE = "<p>" + "The river town kept its old mill running through the long dry summer. " * 8 + "</p>"


def write_pages(root, pages):
    """pages: {name: (source html, expected metadata dict)} in Readability's layout."""
    for name, (source, expected) in pages.items():
        folder = root / name
        folder.mkdir(parents=True)
        (folder / "source.html").write_text(source, encoding="utf-8")
        (folder / "expected.html").write_text(f"<div>{ARTICLE}</div>", encoding="utf-8")
        (folder / "expected-metadata.json").write_text(json.dumps(expected), encoding="utf-8")
    return root


def source(head: str, body: str = ARTICLE, html_attrs: str = "") -> str:
    return f"<!DOCTYPE html><html{html_attrs}><head><meta charset='utf-8'>{head}</head><body>{body}</body></html>"


@pytest.fixture
def pages_dir(tmp_path):
    return write_pages(tmp_path / "readability", {
        "exact": (source("<title>Mill keeps running</title><meta name='author' content='Ann Writer'>"
                         "<meta property='article:published_time' content='2015-07-24T05:36:09+01:00'>", html_attrs=" lang='en'"),
                  {"title": "Mill keeps running", "byline": "Ann Writer", "publishedTime": "2015-07-24T05:36:09+01:00",
                   "lang": "en", "dir": None, "readerable": True}),
        "normalised": (source("<title>Mill keeps running</title><meta name='author' content='ANN  writer'>"
                              "<meta name='date' content='2015-07-24'>", html_attrs=" lang='EN-us'"),
                       {"title": "mill keeps running", "byline": "Ann Writer", "publishedTime": "2015-07-24T23:00:00-05:00",
                        "lang": "en-US", "readerable": True}),
        "misses": (source("<title>Other title here</title><meta name='author' content='Bo'>", html_attrs=" dir='rtl'"),
                   {"title": "Mill keeps running", "byline": None, "publishedTime": "2015-07-24", "dir": "",
                    "siteName": "Mill News", "readerable": False}),
    })


def test_counts_exact_normalised_missing_wrong_and_extra(pages_dir):
    result = metadata_match.measure(datasets.load(pages_dir))
    assert result.pages == 3 and not result.errors
    title = result.fields["title"]
    assert (title.expected, title.exact, title.normalised, title.wrong) == (3, 1, 2, 1)
    byline = result.fields["byline"]
    assert (byline.expected, byline.exact, byline.normalised, byline.extra) == (2, 1, 2, 1)  # null expected: "Bo" is extra
    published = result.fields["publishedTime"]
    assert (published.expected, published.exact, published.normalised, published.missing) == (3, 1, 2, 1)
    lang = result.fields["lang"]
    assert (lang.expected, lang.exact, lang.normalised) == (2, 1, 2)
    direction = result.fields["dir"]
    assert (direction.expected, direction.extra) == (0, 1)  # "" expected counts as none
    assert result.fields["siteName"].missing == 1
    kinds = {(m.page_id, m.field, m.kind) for m in result.misses}
    assert {("misses", "title", "wrong"), ("misses", "byline", "extra"), ("misses", "publishedTime", "missing"),
            ("misses", "dir", "extra"), ("misses", "siteName", "missing")} <= kinds
    assert not any(m.page_id == "exact" for m in result.misses if m.field != "excerpt")


def test_a_page_without_expected_metadata_is_an_error_not_a_score(pages_dir):
    (pages_dir / "exact" / "expected-metadata.json").unlink()
    result = metadata_match.measure(datasets.load(pages_dir))
    assert result.pages == 2 and result.errors == ["exact: no expected-metadata.json"]


@pytest.mark.parametrize(("text", "expected"), [
    ("2015-07-24T05:36:09+01:00", date(2015, 7, 24)),  # the date as written, no conversion to UTC
    ("2017-11-03 03:01:00.000000", date(2017, 11, 3)),
    ("Fri, 24 Jul 2015 05:36:09 GMT", date(2015, 7, 24)),
    ("April 28, 2019", date(2019, 4, 28)),
    ("28 April 2019", date(2019, 4, 28)),
    ("2015-13-45", None),
    ("yesterday", None),
    ("", None),
])
def test_calendar_date(text, expected):
    assert metadata_match.calendar_date(text) == expected


def test_matches_normalises_whitespace_case_and_dates():
    assert metadata_match.matches("byline", "By\n\t\tScott  Cunningham", "by scott cunningham")
    assert not metadata_match.matches("byline", "Scott Cunningham", "Scott")
    assert metadata_match.matches("publishedTime", "2024-06-25", "2024-06-25T10:00:00Z")
    assert not metadata_match.matches("publishedTime", "2024-06-25", "2024-06-26")
    assert not metadata_match.matches("publishedTime", "soon", "soon")  # no date, no match


def test_cli_prints_the_table_lists_misses_with_verbose_and_writes_json(pages_dir, tmp_path, capsys):
    out = tmp_path / "eval.json"
    assert main(["eval", str(pages_dir), "--jobs", "1", "--quiet", "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "metadata vs Readability's expected-metadata.json (3 pages" in printed
    assert "misses: title wrong" not in printed and "listed with --verbose" in printed
    data = json.loads(out.read_text(encoding="utf-8"))["metadata"]
    assert data["fields"]["title"]["normalised"] == 2 and data["fields"]["byline"]["extra"] == 1
    assert {"page_id": "misses", "field": "title", "kind": "wrong", "expected": "Mill keeps running",
            "ours": "Other title here"} in data["misses"]
    assert main(["eval", str(pages_dir), "--jobs", "1", "--quiet", "--verbose"]) == 0
    printed = capsys.readouterr().out
    assert "misses: title wrong: expected 'Mill keeps running', ours 'Other title here'" in printed


def test_wcxb_ground_truth_scores_title_author_and_date_only(tmp_path):
    html = source("<title>Mill keeps running | Mill News</title><meta property='og:site_name' content='Mill News'>"
                  "<meta name='author' content='Ann Writer'><meta name='date' content='2025-01-02'>", html_attrs=" lang='en'")
    root = write_wcxb(tmp_path / "wcxb", [("0001", "article", html.encode(), "text", [], []),
                                          ("0002", "listing", source("<title>Listing</title>").encode(), "", [], [])])
    truths = {"0001": {"title": "Mill keeps running", "author": "Ann Writer", "publish_date": "2025-01-02"},
              "0002": {"title": "All the mills", "author": None, "publish_date": None}}
    for page_id, extra in truths.items():
        path = root / "ground-truth" / f"{page_id}.json"
        data = json.loads(path.read_text(encoding="utf-8"))
        data["ground_truth"].update(extra)
        path.write_text(json.dumps(data), encoding="utf-8")
    result = metadata_match.measure(datasets.load(root))
    assert set(result.fields) == {"title", "byline", "publishedTime"}  # no lang, dir, ...: WCXB does not annotate them
    assert "WCXB ground truth" in result.format()
    title, byline, published = (result.fields[k] for k in ("title", "byline", "publishedTime"))
    assert (title.expected, title.normalised, title.wrong) == (2, 1, 1)
    assert (byline.expected, byline.exact) == (1, 1) and (published.expected, published.exact) == (1, 1)
