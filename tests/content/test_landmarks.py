"""The main landmark's wrappers (filters/content/rules/landmarks.py): an element around the page's
<main>, named after the content and its sidebar, is layout, not boilerplate."""
from __future__ import annotations

from clearpage.filters import dom
from clearpage.filters.content import features as feat
from clearpage.filters.content import hints
from clearpage.filters.content.rules import landmarks
from tests.content.algo_util import joined_selection

MENU = "<nav><ul>" + "".join(f"<li><a href='/m{i}'>Menu entry number {i}</a></li>" for i in range(60)) + "</ul></nav>"
SIDEBAR = "<aside><ul>" + "".join(f"<li><a href='/s{i}'>Sidebar link {i}</a></li>" for i in range(6)) + "</ul></aside>"
ARTICLE = "".join(
    f"<p>Paragraph {i} of the page's own text, which says what this page is about in full sentences.</p>" for i in range(8)
)
PROMO = "<div class='site-intro'><p>" + "A short welcome text shown above every page of the site, with a sentence or two. " * 3 + "</p></div>"


def page(wrapper_class: str) -> str:
    return (
        f"<html><body><header>{MENU}</header>{PROMO}<div class='{wrapper_class}'><main>{ARTICLE}</main>"
        f"{SIDEBAR}</div><footer>{MENU.replace('Menu entry', 'Footer link')}</footer></body></html>"
    )


def test_main_inside_a_content_sidebar_wrapper_is_the_content(algo):
    text = joined_selection(algo, page("content-sidebar-wrap"), "https://example.com/page")
    assert "Paragraph 0 of the page's own text" in text
    assert "Paragraph 7 of the page's own text" in text
    assert "Sidebar link 3" not in text


def kinds_of(html: str) -> tuple[feat.Features, list[int]]:
    f = feat.compute(dom.body_of(dom.parse(html)))
    return f, hints.kinds(f)


def test_the_wrapper_loses_its_mark_and_the_sidebar_keeps_its_own():
    f, kinds = kinds_of(page("content-sidebar-wrap"))
    wrapper = next(i for i in range(len(f)) if f.elements[i].get("class") == "content-sidebar-wrap")
    aside = next(i for i in range(len(f)) if f.tags[i] == "aside")
    assert kinds[wrapper] == hints.BOILERPLATE
    landmarks.unmark_main_wrappers(f, kinds, f.chars[0])
    assert kinds[wrapper] == hints.NEUTRAL
    assert kinds[aside] == hints.BOILERPLATE


def test_a_marked_block_around_a_small_main_keeps_its_mark():
    html = (
        "<html><body><div class='sidebar'><main><p>Tiny</p></main>"
        + "".join(f"<p>Sidebar paragraph {i} with its own words.</p>" for i in range(6))
        + "</div></body></html>"
    )
    f, kinds = kinds_of(html)
    sidebar = next(i for i in range(len(f)) if f.elements[i].get("class") == "sidebar")
    landmarks.unmark_main_wrappers(f, kinds, f.chars[0])
    assert kinds[sidebar] == hints.BOILERPLATE
