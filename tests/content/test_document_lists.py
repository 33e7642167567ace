"""An article's lists of documents (filters/content/rules/document_lists.py): links to PDF and
office files are the page's own material and stay through cleaning; a list of links to pages
is navigation and goes as before."""
from __future__ import annotations

from clearpage.filters.content.rules import document_lists
from tests.content.algo_util import features_and_kinds, joined_selection
from tests.content.article_pages import STORY, URL, article_page

FLIERS = ("<div class='resources'><div class='grid'>"
          + "".join(f"<a class='card' href='/wp-content/uploads/2025/{name.replace(' ', '-')}.PDF'>{name}</a>"
                    for name in ("Home Repair Flier", "Window Program Flier", "Roof Program Fact Sheet", "Eligible Repairs"))
          + "<a class='card' href='/apply/'>Apply online</a></div></div>")
PAGES = ("<div class='more'><div class='grid'>"
         + "".join(f"<a class='card' href='/programs/{name.replace(' ', '-')}/'>{name}</a>"
                   for name in ("Home Repair Program", "Window Program", "Roof Program", "Eligible Repairs"))
         + "</div></div>")


def test_a_list_of_documents_stays_in_the_article(algo):
    text = joined_selection(algo, article_page(STORY + FLIERS + STORY), URL)
    assert "Paragraph 7" in text and "Window Program Flier" in text and "Eligible Repairs" in text


def test_a_list_of_pages_is_still_navigation(algo):
    text = joined_selection(algo, article_page(STORY + PAGES + STORY), URL)
    assert "Paragraph 7" in text and "Window Program" not in text


def test_only_unmarked_blocks_mostly_of_documents_are_spared():
    def spared(block: str) -> list[str]:
        f, kinds = features_and_kinds(f"<html><body><article>{STORY}{block}</article></body></html>")
        root = next(i for i, tag in enumerate(f.tags) if tag == "article")
        return sorted(f.elements[i].get("class") for i in document_lists.document_lists(f, kinds, [root], 3))
    assert spared(FLIERS) == ["grid", "resources"]
    assert spared(PAGES) == []
    # (a block marked boilerplate is not spared: cleaning removes it, and what it holds, as before)
    assert spared(FLIERS.replace("'resources'", "'sidebar'")) == ["grid"]
