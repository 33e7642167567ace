"""Comments as the reader chooses (``content.comments``): kept after an article, or dropped.

``auto`` (the default) needs nothing here: cleaning leaves an article's comment-marked blocks
out and a discussion's posts are its content. ``keep``: ``threads`` finds the page's comment
threads (outermost comment-marked blocks holding text, apart from the selection), auto spares
them, and ``labelled_section`` moves them after the article into one ``<section>`` with an
``aria-label`` and an ``<h2>`` in the page's language (phrases.COMMENTS_HEADINGS), so a screen
reader can skip them; the reply forms and buttons inside go. ``drop``: ``drop_comments``
removes the comment threads left inside an article's selection, and ``opening_post_only``
keeps a discussion's first post (the replies are the posts after it). ``drop_in_page`` does
the same for filter mode, which otherwise keeps the page's layout, comments included.
"""
from __future__ import annotations

from ... import dom, regex
from ...context import PageContext
from .. import features as feat
from .. import hints, phrases
from . import discussion

REPORT = "comments"
KEEP, DROP = "keep", "drop"
MIN_THREAD_CHARS = 80  # a comment-marked block with less text is a count or a link ("3 comments"), not a thread
# Inside a kept thread: what lets a reader write, which a reader page cannot send.
_FORM_PARTS = ("form", "textarea", "button", "input", "select")
MIN_POSTS = 2  # repeated siblings, at least this many, are a thread's posts


def threads(f: feat.Features, kinds: list[int], nodes: list[int], min_chars: int = MIN_THREAD_CHARS) -> list[int]:
    """Element numbers of the outermost comment-marked blocks with at least ``min_chars`` characters
    that are not and hold no selected node, inside the selection or outside it, in document order."""
    holders = set(nodes)  # a selected block is the content, whatever its name says
    for i in nodes:  # a block holding the selection is a page wrapper ("comments-open" on <body>)
        p = f.parent[i]
        while p >= 0:
            holders.add(p)
            p = f.parent[p]
    out, i, n = [], 1, len(f)
    while i < n:
        if kinds[i] == hints.COMMENTS and i not in holders and f.chars[i] >= min_chars:
            out.append(i)
            i += f.count[i]
        else:
            i += 1
    return out


def labelled_section(elements, after, lang: str | None):
    """Move the comment ``elements`` (those still in the document) into a new ``<section
    aria-label=...><h2>...</h2>`` placed right after the element ``after``; the section, or None."""
    alive = [el for el in elements if _attached(el)]
    if not alive or after.getparent() is None:
        return None
    label = heading_for(lang)
    section = dom.new_element("section", {"aria-label": label, "data-clearpage": "comments"})
    dom.new_element("h2", None, label, parent=section)
    for el in alive:
        dom.remove(el)  # (its tail stays where it was)
        el.tail = None
        section.append(el)
    for part in list(section.iter(*_FORM_PARTS)):
        if part.getparent() is not None:
            dom.remove(part)
    after.addnext(section)
    section.tail, after.tail = after.tail, None
    return section


def heading_for(lang: str | None) -> str:
    """The comments heading in ``lang`` (its primary subtag), English when the list lacks it."""
    primary = (lang or "").strip().lower().replace("_", "-").split("-")[0]
    return phrases.COMMENTS_HEADINGS.get(primary, phrases.COMMENTS_HEADINGS["en"])


def drop_comments(f: feat.Features, kinds: list[int], nodes: list[int], ctx: PageContext) -> int:
    """Remove the comment threads inside the selection (cleaning keeps one holding much of the content)."""
    inside = [i for i in threads(f, kinds, nodes) if any(r < i < r + f.count[r] for r in nodes)]
    alive = [f.elements[i] for i in inside if _attached(f.elements[i])]
    return ctx.kill_all(alive, REPORT, "comments: drop")


def opening_post_only(f: feat.Features, groups: list[list[int]], nodes: list[int], ctx: PageContext, min_prose: int) -> int:
    """On a discussion: remove the replies. The posts are the record group inside the selection
    holding most text; the first is the opening post unless the selection holds ``min_prose``
    characters before the group (a question above its answers), when every post of it is a reply."""
    inside = [g for g in groups if g and any(r <= g[0] < r + f.count[r] for r in nodes)]
    if not inside:
        return 0
    posts = max(inside, key=lambda g: sum(f.chars[i] for i in g))
    first = posts[0]
    root = next(r for r in nodes if r <= first < r + f.count[r])
    before = _chars_before(f, root, first)
    replies = posts if before >= min_prose else posts[1:]
    return ctx.kill_all([f.elements[i] for i in replies if _attached(f.elements[i])], REPORT, "comments: drop (a reply)")


def drop_in_page(doc, ctx: PageContext, forum_urls: str | None = None) -> int:
    """Filter mode with ``drop``: the page's comment threads go. On a discussion (its URL matches
    ``forum_urls``, auto's pattern, or its microdata says so; or a comment thread holds most of
    the page's text) the replies go and the opening post stays: the posts are the group of
    repeated siblings holding most text."""
    body = dom.body_of(doc)
    f = feat.compute(body)
    kinds = hints.kinds(f)
    found = threads(f, kinds, [])
    total = f.chars[0] or 1
    pattern = regex.compile_pattern("(?i)" + forum_urls) if forum_urls else None
    thread = (pattern is not None and discussion.is_discussion(doc, ctx, pattern)) or any(f.chars[i] * 2 >= total for i in found)
    if thread:
        posts = _largest_group(f)
        doomed = [f.elements[j] for j in posts[1:]]
    else:
        doomed = [f.elements[i] for i in found]
    return ctx.kill_all([el for el in doomed if _attached(el)], REPORT, "comments: drop")


def _largest_group(f: feat.Features) -> list[int]:
    """The children of one parent sharing tag and class, at least ``MIN_POSTS`` of them, holding
    the most text together: a thread's posts."""
    best, best_chars = [], 0
    for parent in range(len(f)):
        groups: dict[tuple[str, str], list[int]] = {}
        for j in f.children(parent):
            groups.setdefault((f.tags[j], f.elements[j].get("class") or ""), []).append(j)
        for members in groups.values():
            chars = sum(f.chars[j] for j in members)
            if len(members) >= MIN_POSTS and chars > best_chars:
                best, best_chars = members, chars
    return best


def _chars_before(f: feat.Features, root: int, stop: int) -> int:
    """Characters of the text under ``root`` in the elements before element ``stop`` that do not hold it."""
    total, i = 0, root + 1
    while i < stop:
        if i + f.count[i] <= stop:  # a whole subtree before the posts
            total += f.chars[i]
            i += f.count[i]
        else:
            i += 1
    return total


def _attached(el) -> bool:
    """``el`` is still in its document (no ancestor removed)."""
    node = el
    while node.getparent() is not None:
        node = node.getparent()
    return dom.tag_of(node) == "html"
