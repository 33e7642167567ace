"""A small article for the tests of auto's article rules (asides, post_chrome): its prose, its
address, a page around it, and a way to run one rule on a fragment."""
from __future__ import annotations

from clearpage.filters import dom
from clearpage.filters.context import PageContext

STORY = "".join(
    f"<p>Paragraph {i} tells how the river town kept its old mill running through a long dry summer.</p>" for i in range(8)
)
URL = "https://example.com/news/mill"


def on_roots(remove, body: str) -> tuple[int, str]:
    """Run ``remove(roots, ctx)`` on ``body``; how many it removed and the text left."""
    root = dom.body_of(dom.parse(f"<html><body>{body}</body></html>"))
    removed = remove([root], PageContext(url=URL, base_url=URL))
    return removed, dom.collapse(root.text_content())


def article_page(article: str) -> str:
    """``article`` in an <article> with an h1, after a site nav."""
    return f"<html><body><nav><a href='/'>Home</a></nav><article><h1>The mill</h1>{article}</article></body></html>"
