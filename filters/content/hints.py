"""What an element's tag, class, id, role and itemprop say about it: content, boilerplate or neither.

Markup names are the cheapest strong signal there is: ``<nav>``, ``class="share-buttons"``,
``id="comments"`` and ``itemprop="articleBody"`` say what a block is before any counting.
Words are matched inside class and id tokens (``td-post-content``, ``articleBody``,
``sharedaddy``); short words (ad, nav, menu, tags) only as whole tokens, so ``uploads``,
``canvas`` and ``threads`` stay clean.
"""
from __future__ import annotations

import functools
import re

import re2

# Hint strengths returned by ``hint``.
CONTENT = 1
NEUTRAL = 0
BOILERPLATE = -1
COMMENTS = -2  # comment threads: boilerplate on an article, the content itself on a forum

# The page itself: its classes describe the page ("has-sidebar"), not a block.
_PAGE_TAGS = frozenset({"html", "body"})
# Tags and roles that say what a block is whatever its class.
_SEMANTIC_CONTENT_TAGS = frozenset({"article", "main"})
BOILERPLATE_TAGS = frozenset({"nav", "aside", "footer", "menu"})
_CONTENT_ROLES = frozenset({"main", "article"})
BOILERPLATE_ROLES = frozenset(
    {"navigation", "banner", "contentinfo", "complementary", "search", "menu", "menubar", "toolbar", "dialog", "alert", "alertdialog", "tablist"}
)
# Microdata properties holding the item's text.
_CONTENT_ITEMPROPS = re.compile(r"articlebody|text|description|reviewbody|mainentity", re.IGNORECASE)

# Substrings anywhere in class/id (long enough not to occur by accident).
_BOILERPLATE_WORDS = (
    r"breadcrumb|footer|sidebar|side-bar|side_bar|widget-area|widget_(?![_\d])|widgets|share|sharing|social|related|recommend|"
    r"newsletter|subscri|signup|sign-up|cookie|consent|gdpr|advert|sponsor|promo|popup|modal|"
    r"masthead|navbar|navigation|pagination|pager|toolbar|outbrain|taboola|tagcloud|trending|"
    r"most-popular|mostpopular|popular-posts|read-next|readnext|more-stories|also-like|"
    r"skip-link|skiplink|login|byline-share|disclaimer|copyright|rss|print-only|offcanvas|off-canvas|"
    r"hamburger|dropdown|megamenu|mega-menu|announcement|author-box|authorbox|about-author|"
    r"site-header|site-footer|global-header|global-nav|top-bar|topbar|bottom-bar|sticky|"
    r"onetrust|ot-sdk|ot-pc-|didomi|usercentrics|cookiebot|truste-|qc-cmp|sp_message|fides-|"
    r"carousel|slider|upsell|cross-sell|recently-viewed|you-may|youmay|wishlist|reviews|customer-review"
)
# Whole tokens only (tokens split on anything not a letter or digit, and on camelCase).
_BOILERPLATE_TOKENS = frozenset(
    "ad ads adv advert advertisement nav menu menus tags tag header share social aside "
    "related meta footer foot sidebar breadcrumbs breadcrumb promo popup subnav crumbs "
    "print".split()
)
# Substrings anywhere in class/id naming comment threads ("commentary" is an opinion piece, no thread) ...
_COMMENT_WORDS = r"comment(?:[^a]|$)|commenta(?:[^r]|$)|disqus|respond|replies|reply-|discussion"
# ... and content.
_CONTENT_WORDS = (
    r"article|content|entry|post-body|postbody|post-text|story|blog|hentry|h-entry|"
    r"prose|markdown|rich-text|richtext|main|body-text|bodytext|text-body|page-body|"
    r"documentation|docs-content|description|post"
)
# Boilerplate words that win over a content word beside them ("related-posts", "entry-share").
_STRONG_WORDS = r"reviews|customer-review|share|social|related|newsletter|subscri|cookie|consent|advert|sponsor|promo|breadcrumb|footer|sidebar|navbar|pagination"
_STRONG_RE = re.compile(_STRONG_WORDS)

# Compiled with RE2, which answers "any of these words?" in one linear pass, where ``re`` tries
# every alternative at every position (about half the time on a page's unique class lists).
# Safe: for plain words the yes/no is the same in both engines; RE2 has no lookahead, so
# "widget_(?![_\d])" is spelled "widget_(?:[^_\d]|$)", which matches the same strings
# ("widget_" then a number is a page builder's element id, "hs_cos_wrapper_widget_1748939365246").
_BOILERPLATE_RE = re2.compile(_BOILERPLATE_WORDS.replace(r"widget_(?![_\d])", r"widget_(?:[^_\d]|$)"))
_COMMENT_RE = re.compile(_COMMENT_WORDS)
_CONTENT_RE = re.compile(_CONTENT_WORDS)
# Class tokens split on anything not a letter or digit, and on camelCase.
_TOKEN_SPLIT = re.compile(r"[^a-z0-9]+")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


def names_of(el) -> str:
    """The element's class and id, one string (empty when it has neither)."""
    return _joined_names(el.get("class"), el.get("id"))


def names_at(f, i: int) -> str:
    """``names_of`` element ``i`` of the features ``f``, from the class and id the walk read."""
    return _joined_names(f.classes[i], f.ids[i])


def _joined_names(cls: str | None, ident: str | None) -> str:
    if cls and ident:
        return cls + " " + ident
    return cls or ident or ""


def _tokens(names: str) -> set[str]:
    return set(_TOKEN_SPLIT.split(_split_camel_lowered(names)))


def _split_camel_lowered(names: str) -> str:
    """``names`` lowercased, with a space where camelCase starts a new word."""
    lowered = names.lower()
    # (no capital letter, nothing changes on lowering: the camelCase substitution has nothing to do)
    return lowered if lowered == names else _CAMEL.sub(" ", names).lower()


# A boilerplate token: one of ``_BOILERPLATE_TOKENS`` standing between separators (what
# ``_tokens`` splits on) or the ends, i.e. ``_tokens(names) & _BOILERPLATE_TOKENS`` is not empty
# (one regex pass instead of splitting the names into a set). Compiled with ``re``: with the
# separator first, it fails fast at most positions, and on a page's class lists it takes less
# than half the time of RE2 behind its Python wrapper (same yes/no: no lookaround, plain words).
_BOILERPLATE_TOKEN_RE = re.compile(r"(?:^|[^a-z0-9])(?:" + "|".join(sorted(_BOILERPLATE_TOKENS)) + r")(?:[^a-z0-9]|$)")


def _has_boilerplate_token(names: str) -> bool:
    return _BOILERPLATE_TOKEN_RE.search(_split_camel_lowered(names)) is not None


# ``_classify``'s five word tests of one class/id string (content, comment, boilerplate words,
# boilerplate token, strong boilerplate) in one pass: an RE2::Set reports which of its patterns
# occur. Each RE2 call behind the Python wrapper has a fixed cost larger than its scan of a short
# class list, and a class list seen for the first time needed five of them (most of the markup
# hints' time on a page of a site not seen before). Same yes/no per pattern as the
# compiled ones above: plain words, and the token pattern's anchors and classes mean the same
# in both engines.
_WORD_SET = re2.Set.SearchSet()
_CONTENT_AT = _WORD_SET.Add(_CONTENT_WORDS)
_COMMENT_AT = _WORD_SET.Add(_COMMENT_WORDS)
_BOILERPLATE_AT = _WORD_SET.Add(_BOILERPLATE_RE.pattern)
_STRONG_AT = _WORD_SET.Add(_STRONG_WORDS)
_TOKEN_AT = _WORD_SET.Add(_BOILERPLATE_TOKEN_RE.pattern)
_WORD_SET.Compile()


# The kinds that rule a subtree out of the content (outside a forum, whose comments are its content).
MARKED = frozenset({BOILERPLATE, COMMENTS})


def hint(el, tag: str) -> int:
    """CONTENT, BOILERPLATE, COMMENTS or NEUTRAL for one element, from its own markup."""
    if tag in _PAGE_TAGS:
        return NEUTRAL  # <body class="has-sidebar sticky-header ..."> describes the page, not a block
    # (the element's attribute names in one call, then ``get`` only for those it has: ``get``
    # parses its key on every call, and most elements have a class and little else)
    names = el.keys()
    get = el.get
    role = get("role") if "role" in names else None
    itemprop = get("itemprop") if "itemprop" in names else None
    cls = get("class") if "class" in names else None
    ident = get("id") if "id" in names else None
    return _hint_of(tag, role, itemprop, cls, ident)


# The hint of an element with no class, id, role or itemprop: its tag's.
_TAG_ONLY = {**{t: CONTENT for t in _SEMANTIC_CONTENT_TAGS}, **{t: BOILERPLATE for t in BOILERPLATE_TAGS}}


def hint_at(f, i: int) -> int:
    """``hint(f.elements[i], f.tags[i])`` from the class, id, role and itemprop the feature walk
    read (``features.Features``): no attribute read."""
    tag = f.tags[i]
    if tag in _PAGE_TAGS:
        return NEUTRAL
    return _hint_of(tag, f.roles[i], f.itemprops[i], f.classes[i], f.ids[i])


def _hint_of(tag: str, role: str | None, itemprop: str | None, cls: str | None, ident: str | None) -> int:
    """The hint of a non-page element from its tag and markup names (``kinds`` inlines this)."""
    if role or itemprop or cls or ident:
        return _markup_hint(tag, role, itemprop, cls, ident)
    return _TAG_ONLY.get(tag, NEUTRAL)


def hint_of_names(tag: str, itemprop: str | None, cls: str | None, ident: str | None) -> int:
    """The hint of a non-page element without a role from its tag, itemprop, class and id as
    given (a rule asking what the rest of a class says without one of its words)."""
    return _hint_of(tag, None, itemprop, cls or None, ident)


def kinds(f) -> list[int]:
    """``hint`` of every element of the features ``f`` (``features.Features``), by element number;
    NEUTRAL for an element without text: markup hints matter only where there is text to weigh
    (the rules that clean a selection look at the rest themselves)."""
    # (``hint`` inlined, on the class, id, role and itemprop the feature walk read: no attribute
    # read here, and no call per element)
    out: list[int] = []
    append, tag_only = out.append, _TAG_ONLY.get
    for tag, chars, cls, ident, role, itemprop in zip(f.tags, f.chars, f.classes, f.ids, f.roles, f.itemprops):
        if not chars or tag in _PAGE_TAGS:
            append(NEUTRAL)
        elif role or itemprop or cls or ident:
            append(_markup_hint(tag, role, itemprop, cls, ident))
        else:
            append(tag_only(tag, NEUTRAL))
    return out


@functools.lru_cache(maxsize=8192)
def _markup_hint(tag: str, role: str | None, itemprop: str | None, cls: str | None, ident: str | None) -> int:
    """``_classify`` of the attribute values as read, cached on them (pages repeat the same
    classes many times; a repeat costs no string building)."""
    return _classify(tag, role or "", itemprop or "", f"{cls or ''} {ident or ''}".strip())


def _classify(tag: str, role: str, itemprop: str, names: str) -> int:
    """The hint for one combination of markup (pages repeat the same classes many times)."""
    if role:
        role = role.strip().lower()
        if role in _CONTENT_ROLES:
            return CONTENT
        if role in BOILERPLATE_ROLES:
            return BOILERPLATE
    if itemprop and _CONTENT_ITEMPROPS.search(itemprop):
        return CONTENT
    if tag in BOILERPLATE_TAGS:
        return BOILERPLATE
    lowered = names.lower()
    if tag in _SEMANTIC_CONTENT_TAGS:
        return COMMENTS if lowered and _COMMENT_RE.search(lowered) else CONTENT
    if not lowered:
        return NEUTRAL
    found = _WORD_SET.Match(lowered) or ()
    content = _CONTENT_AT in found
    if _COMMENT_AT in found:
        return COMMENTS
    # (the token test reads the camelCase-split names: the same string as ``lowered`` when the
    # names hold no capital letter, else it is run on its own)
    token = _TOKEN_AT in found if lowered == names else _has_boilerplate_token(names)
    if _BOILERPLATE_AT in found or token:
        return NEUTRAL if content and _STRONG_AT not in found else BOILERPLATE
    return CONTENT if content else NEUTRAL


def strong_boilerplate(names: str) -> bool:
    """Names that mean boilerplate even beside a content word ("related-posts", "entry-share")."""
    return _STRONG_RE.search(names) is not None


# Words that make a mark more than a style: navigation, headers and footers, reviews, comments, dialogs, consent.
_NAV_RE = re.compile(r"nav|menu|dropdown|header|footer|breadcrumb|review|comment|modal|popup|cookie|consent")


def weak_boilerplate(el, tag: str) -> bool:
    """A boilerplate mark from a class/id word that can be style ("sticky", "slider", "card
    promo"): not a tag, not a role, not a strong word, nothing about navigation or reviews."""
    if tag in BOILERPLATE_TAGS or el.get("role"):
        return False
    names = f"{el.get('class') or ''} {el.get('id') or ''}".lower()
    return not strong_boilerplate(names) and _NAV_RE.search(names) is None


def compound_header_only(el) -> bool:
    """The element's boilerplate mark comes only from "header" at the end of a compound name
    ("section-with-header", "entry-header"): a block with a heading, not the page's header."""
    names = f"{el.get('class') or ''} {el.get('id') or ''}"
    lowered = names.lower()
    if el.get("role") or _BOILERPLATE_RE.search(lowered) or _COMMENT_RE.search(lowered):
        return False
    return _tokens(names) & _BOILERPLATE_TOKENS == {"header"} and not any(n.startswith("header") for n in lowered.split())



def marked_only_by(el, tokens: frozenset[str]) -> bool:
    """The element's boilerplate mark comes only from whole tokens among ``tokens`` of its class
    or id ("nav" in ``id="nav_intro"``, "header" in ``class="j-module j-header"``): no role, no
    boilerplate tag, no boilerplate or comment word."""
    if el.get("role") or el.tag in BOILERPLATE_TAGS:
        return False
    names = f"{el.get('class') or ''} {el.get('id') or ''}"
    lowered = names.lower()
    if _BOILERPLATE_RE.search(lowered) or _COMMENT_RE.search(lowered):
        return False
    return bool(_tokens(names) & _BOILERPLATE_TOKENS) and _tokens(names) & _BOILERPLATE_TOKENS <= tokens
