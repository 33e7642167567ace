"""Discussion pages for ``auto``: whether a page is a thread, and what its posts carry besides the post.

``is_discussion`` reads the URL and microdata; ``has_comment_tree`` and ``has_poster_stats``
find the threads no URL names (replies nested in comments, posters' stat lines).
``remove_post_furniture`` removes, on a thread, signatures, poster titles and stats, post
buttons and the software's labels (the words are phrases.py's), each kept when it holds much of
the text; ``OTHER_THREADS_HEADING`` names the other threads' sections that sections.py removes.
"""
from __future__ import annotations

import re

from lxml import etree

from ... import dom
from ...context import PageContext
from .. import phrases

# Class/id words of post furniture: signatures, the poster's title, rank banner and stats.
_FURNITURE = re.compile(r"signature|user-?_?(?:info-?_?)?extras?|user-?_?stats|user-?_?title|user-?_?banner", re.IGNORECASE)
# A poster's stat line, the whole element's text: a label, then a colon or a count ("Posts: 138",
# "Reputation 52"), or a count and what it counts ("4931 posts"; phrases.py).
_POSTER_STAT = re.compile(
    phrases.any_of(phrases.POSTER_STAT_LABELS) + r"\s*(?::\s*\S.*|[\d.,]+[km]?)|[\d.,]+[km]?\s+" + phrases.any_of(phrases.POSTER_COUNT_NOUNS),
    re.IGNORECASE | re.DOTALL,
)
# A post's button or status, the whole element's text ("Quote", "Top", "Offline"; phrases.py).
_POST_BUTTON = re.compile(phrases.any_of(phrases.POST_BUTTONS), re.IGNORECASE)
# The thread's own labels around the posts, the whole element's text ("Click to expand...",
# "3 likes", "Last edited: ...", "17 hours ago"; phrases.py).
_THREAD_LABEL = re.compile(phrases.any_of(phrases.THREAD_LABELS), re.IGNORECASE | re.DOTALL)
# A bare count beside a post (its votes, likes, replies: "12", "1.2k"), the whole element's text,
# standing alone (not inside a sentence); in a table cell, a list item or a sub/superscript it
# is the post's own data.
_BARE_COUNT = re.compile(r"[+-]?[\d.,]+k?", re.IGNORECASE)
# (the tags of such data)
_DATA_TAGS = frozenset({"td", "th", "li", "dd", "sub", "sup"})
# Stat lines and buttons are short; a longer text is the post's own.
STAT_MAX_CHARS = 60
# Text nodes short enough to be a stat line or a button, in one XPath pass; code is left alone
# (a highlighter wraps every operator and number of a listing in a span of its own).
_SHORT_TEXTS = etree.XPath(
    f"descendant::text()[string-length(normalize-space()) > 0 and string-length(normalize-space()) <= {STAT_MAX_CHARS}]"
    "[not(ancestor::pre or ancestor::code)]"
)
# The same texts as plain strings, for a count that needs no owner: a "smart" string result
# (with ``getparent``) costs lxml a Python object per text on top of the string.
_SHORT_TEXT_VALUES = etree.XPath(_SHORT_TEXTS.path, smart_strings=False)

# Elements that name themselves in class or id (the only ones the pattern can match).
_NAMED = etree.XPath("descendant-or-self::*[@class or @id]")

# Furniture holding more than this share of the selection's text is not furniture (a page
# about signatures, a wrapper with an unlucky name): it stays.
FURNITURE_MAX_SHARE = 0.3

# Headings of the other threads a forum lists beside or under a thread ("Similar threads",
# "Hot network questions"; phrases.py): not this thread's posts.
OTHER_THREADS_HEADING = re.compile(phrases.heading_pattern(phrases.OTHER_THREADS_HEADINGS), re.IGNORECASE)

# Posters' stat lines a selection needs to be a thread's posts: one or two can be an author box.
POSTER_STATS_MIN = 6

# Replies (a comment item inside a comment item of the same tag and class) a thread needs to be
# a comment tree: one or two can be a quoted comment, a tree has many.
COMMENT_TREE_MIN_REPLIES = 5


# Microdata types of discussion pages (JSON-LD is gone with the scripts by the time auto runs).
_DISCUSSION_TYPES = re.compile(r"schema\.org/(DiscussionForumPosting|QAPage|Question|Answer|Comment)\b", re.IGNORECASE)
# (values only: their text is searched)
_ITEMTYPES = etree.XPath("//@itemtype", smart_strings=False)

# A page with a comment tree and less value than this outside it (a link post, a story of a
# short paragraph or two) is there for its comments; a longer article's comments are not its content.
SHORT_STORY_VALUE = 2000.0


def is_discussion(doc, ctx: PageContext, forum_urls) -> bool:
    """A forum thread or Q&A page, by its URL (matching the compiled ``forum_urls``) or its
    microdata: its comments are what the page is for."""
    if ctx.url and forum_urls.search(ctx.url):
        return True
    return any(_DISCUSSION_TYPES.search(t) for t in _ITEMTYPES(doc))


def is_post_furniture(el) -> bool:
    """The element's class or id names a signature, a poster's title/banner or their stats."""
    cls, ident = el.get("class"), el.get("id")
    return bool(cls and _FURNITURE.search(cls)) or bool(ident and _FURNITURE.search(ident))


def furniture_in(roots) -> list:
    """The outermost post-furniture elements inside ``roots`` (the roots themselves never)."""
    found = []
    for root in roots:
        for el in _NAMED(root):
            if el is root or not is_post_furniture(el):
                continue
            if found and dom.is_inside(el, found[-1]):
                continue  # (document order: an element inside earlier furniture is inside the last one)
            found.append(el)
    return found


def has_comment_tree(elements, kinds, comments: int) -> bool:
    """At least ``COMMENT_TREE_MIN_REPLIES`` of the elements whose kind is ``comments`` (the
    comments hint) sit inside an element of their own tag and class (so comment-marked too): threaded replies."""
    replies = 0
    for el, kind in zip(elements, kinds):
        if kind != comments:
            continue
        cls = el.get("class")  # (read for the comment-marked elements alone)
        if not cls:
            continue
        if any(a.get("class") == cls for a in el.iterancestors(el.tag)):
            replies += 1
            if replies >= COMMENT_TREE_MIN_REPLIES:
                return True
    return False


def is_stat_or_button(text: str) -> bool:
    """A poster's stat line, a post's button or a thread's label, by its whole text (its runs of
    whitespace read as one space: markup indents a label and its value on lines of their own)."""
    text = " ".join(text.split())
    if not text or len(text) > STAT_MAX_CHARS:
        return False
    return _POSTER_STAT.fullmatch(text) is not None or _POST_BUTTON.fullmatch(text) is not None or _THREAD_LABEL.fullmatch(text) is not None


def has_poster_stats(roots) -> bool:
    """At least ``POSTER_STATS_MIN`` short texts inside ``roots`` are posters' stat lines ("29,553 posts",
    "518 helpful votes", "Joined: May 2019"): a thread whose URL and microdata do not say so."""
    found = 0
    for root in roots:
        for text in _SHORT_TEXT_VALUES(root):
            if _POSTER_STAT.fullmatch(" ".join(text.split())):
                found += 1
                if found >= POSTER_STATS_MIN:
                    return True
    return False


def stats_and_buttons_in(roots) -> list:
    """The largest elements inside ``roots`` whose whole text is a stat line or a button."""
    found = []
    seen = set()
    for root in roots:
        for text in _SHORT_TEXTS(root):
            # A tail belongs to the element around its owner: a button's label after its icon
            # ("<a><i class=icon></i> Reply</a>") is the link's text.
            owner = text.getparent()
            el = _largest_stat_or_button(owner.getparent() if text.is_tail else owner, root)
            if el is not None and el not in seen:
                seen.add(el)
                found.append(el)
    return [el for el in found if not dom.has_ancestor_in(el, seen)]


def _largest_stat_or_button(el, root):
    """The largest of ``el`` and its ancestors below ``root`` whose whole text is a stat line or
    a button ("<dd><b>Posts:</b> 138</dd>": the label alone is not one, the dd is); None if none is."""
    best = None
    while el is not None and el is not root:
        text = dom.string_of(el)
        if len(text) > STAT_MAX_CHARS and len(" ".join(text.split())) > STAT_MAX_CHARS:
            break
        if is_stat_or_button(text) or _is_lone_count(el, text):
            best = el
        el = el.getparent()
    return best


def _is_lone_count(el, text: str) -> bool:
    """A bare count (votes, likes) in an element of its own, with no words of a sentence around it."""
    if el.tag in _DATA_TAGS or _BARE_COUNT.fullmatch(text.strip()) is None:
        return False
    before = el.getprevious()
    around = [el.tail, before.tail if before is not None else el.getparent().text]
    return not any(t and t.strip() for t in around)


def remove_post_furniture(roots, ctx: PageContext) -> int:
    """Remove the post furniture inside ``roots`` (a discussion's selection: signatures, poster
    titles and stats, post buttons); returns how many elements went. Each one is kept when it
    holds more than ``FURNITURE_MAX_SHARE`` of the text."""
    furniture = furniture_in(roots)
    marked = set(furniture)
    found = furniture + [el for el in stats_and_buttons_in(roots) if el not in marked and not dom.has_ancestor_in(el, marked)]
    if not found:
        return 0
    total = max(sum(len(dom.text_of(r)) for r in roots), 1)
    doomed = [el for el in found if len(dom.text_of(el)) <= FURNITURE_MAX_SHARE * total]
    return ctx.kill_all(doomed, "auto", lambda el: f"post furniture ({dom.describe(el)})")
