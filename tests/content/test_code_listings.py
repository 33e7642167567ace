"""Code listings for auto (filters/content/rules/code_listings.py): a highlighter's class names are no markup hints."""
from __future__ import annotations

from clearpage.filters.content import hints
from clearpage.filters.content.rules import code_listings, screen_copies
from tests.content.algo_util import features_and_kinds, joined_selection, removed_and_text

# Prism's markup for an HTML snippet: every token in a span named after its type ("tag" reads as boilerplate).
TOKENS = (
    "<span class='token tag'><span class='token punctuation'>&lt;</span>nav</span> "
    "<span class='token attr-name'>class</span>=<span class='token attr-value'>\"menu\"</span>"
    "<span class='token tag'><span class='token punctuation'>&gt;</span></span>"
)
PROSE = "".join(
    f"<p>Step {n}: the navigation element groups the site's menus, and screen readers announce it as a landmark.</p>"
    for n in range(4)
)


def test_hints_inside_a_listing_become_neutral():
    f, kinds = features_and_kinds(f"<html><body><p class='tag'>Filed under</p><pre><code>{TOKENS}</code></pre></body></html>")
    token = next(i for i, el in enumerate(f.elements) if el.get("class") == "token tag")
    outside = next(i for i, el in enumerate(f.elements) if el.get("class") == "tag")
    assert kinds[token] == hints.BOILERPLATE  # what the class alone says
    code_listings.unmark_code(f, kinds)
    assert kinds[token] == hints.NEUTRAL
    assert kinds[outside] == hints.BOILERPLATE  # the page's own "tag" paragraph keeps its hint


def test_listings_are_the_outermost_code_elements():
    f, _ = features_and_kinds("<html><body><pre><code>a</code></pre><p><code>b</code></p></body></html>")
    assert [f.tags[i] for i in code_listings.listings(f)] == ["pre", "code"]
    assert {f.tags[i] for i in code_listings.inside_code(f)} == {"code"}  # the <code> inside the <pre>


def test_a_page_without_code_has_no_listing():
    f, _ = features_and_kinds("<html><body><p>Plain text.</p></body></html>")
    assert code_listings.listings(f) == [] and code_listings.inside_code(f) == set()


def test_auto_keeps_every_token_of_a_highlighted_listing(algo):
    page = f"<html><body><article><h1>Landmarks</h1>{PROSE}<pre class='language-html'><code>{TOKENS}</code></pre>{PROSE}</article></body></html>"
    text = joined_selection(algo, page, "https://example.com/docs/landmarks")
    assert "<nav" in text and "class=\"menu\">" in text.replace(" ", "")


def test_a_statement_written_twice_in_a_listing_is_not_a_screen_copy():
    line = "console.log('request finished');"
    removed, text = removed_and_text(
        screen_copies.remove_sibling_copies,
        f"<pre><code><span class='line'>{line}</span><span class='line highlighted'>{line}</span></code></pre>",
    )
    assert removed == 0
    assert text.count(line) == 2
