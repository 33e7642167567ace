"""The container out of a big side column (filters/content/rules/side_wrappers.py), and the
article a page puts after its ``</html>`` (dom.parse): a short post beside a long sidebar is
the content, not one of the sidebar's widgets; a layout wrapper named for its sidebar keeps the
article it holds."""
from __future__ import annotations

from tests.content.algo_util import joined_selection
from tests.content.article_pages import URL

# A short post: two paragraphs, less text than the widget beside it.
POST = ("<div class='post' id='post-613'><h2>Number two: Leo</h2><div class='postentry'>"
        "<p>It has been a while since Henry was born, number one. A few days ago Leo made it too, number two.</p>"
        "<p>This is how it looked when we came home from the hospital with the two of them.</p></div></div>")
# A widget of recent comments, each a sentence (a blog's sidebar): together longer than the post.
WIDGET = "".join(
    f"<li>Reader {i} wrote: the photos of the garden in spring are lovely, thank you for sharing them with us all.</li>"
    for i in range(10)
)
# The sidebar's other widgets: categories and an archive, links with counts.
CATEGORIES = "".join(f"<li><a href='/category/{i}'>topic {i}</a> ({i + 3})</li>" for i in range(10))
ARCHIVE = "".join(f"<li><a href='/{y}/{m}'>month {m} {y}</a> ({m})</li>" for y in range(2009, 2012) for m in range(1, 13))


def blog(post: str) -> str:
    return ("<html><body><div id='wrapper'><div id='top'><a href='/'>Seelenradio</a></div>"
            f"<div id='content'>{post}</div>"
            f"<div id='sidebar'><ul><li id='sb-grc'><h2>Recent comments</h2><ul>{WIDGET}</ul></li>"
            f"<li id='sb-cates'><h2>Categories</h2><ul>{CATEGORIES}</ul></li>"
            f"<li id='sb-archives'><h2>Archive</h2><ul>{ARCHIVE}</ul></li></ul></div></div></body></html>")


def test_a_short_post_wins_over_a_widget_of_the_long_sidebar_beside_it(algo):
    text = joined_selection(algo, blog(POST), URL)
    assert "A few days ago Leo made it too" in text
    assert "Reader 3 wrote" not in text


def layout(widget_lines: int) -> str:
    """An article and a side column inside a layout wrapper named for its sidebar, a short entry after it."""
    story = "".join(f"<p>Paragraph {i} tells how the river town kept its old mill running through a long dry summer.</p>" for i in range(8))
    widget = "".join(f"<li>Reader {i} wrote: the photos of the garden in spring are lovely, thank you.</li>" for i in range(widget_lines))
    return ("<html><body><div class='nav'><a href='/'>Home</a></div>"
            f"<div class='p-body-main p-body-main--withSidebar'><div class='article-content'><h1>The mill</h1>{story}</div>"
            f"<div class='p-body-sidebar'><ul>{widget}</ul></div></div>"
            f"<div class='other'><div class='entry'><p>{'A word. ' * 20}</p></div></div></body></html>")


def test_an_article_naming_itself_the_content_stays_inside_a_wrapper_named_for_its_sidebar(algo):
    text = joined_selection(algo, layout(5), URL)
    assert "Paragraph 7" in text and "The mill" in text


def test_a_wrapper_named_for_its_sidebar_chosen_whole_stays(algo):
    # (the side column, bigger here, is no longer marked: the wrapper is chosen whole)
    text = joined_selection(algo, layout(10), URL)
    assert "Paragraph 7" in text and "The mill" in text


def test_an_article_after_the_closing_html_tag_is_selected(algo):
    # (the page closes its body after the header; browsers show the rest in the body)
    story = "".join(f"<p>Paragraph {i} tells how the river town kept its old mill running through a long dry summer.</p>" for i in range(8))
    html = ("<html><body><header><nav><ul>" + "".join(f"<li><a href='/s/{i}'>Service {i}</a></li>" for i in range(12))
            + "</ul></nav></header></body></html>\n"
            f"<div class='blog-detail-page'><h1>The mill</h1><div id='blog-content'>{story}</div></div>")
    text = joined_selection(algo, html, URL)
    assert "Paragraph 7" in text and "The mill" in text
    assert "Service 3" not in text
