"""A post's chrome for ``auto``: the site's lines around an article's text, in many languages.

- ``remove_back_links``: links whose whole text leads back or home ("Zurück zur Übersicht",
  "Back to overview", "Volver", ``phrases.BACK_LINK_LABELS``): the site's navigation, not the story.
- ``remove_meta_lines``: short blocks opening with a post's meta label ("This entry was posted
  in", "Posted in", "Category:", "Der Beitrag wurde am", "Schlagworte:", "5 min read",
  ``phrases.POST_META_OPENINGS``): where and when the post was filed, not what it says.
- ``remove_ad_labels``: an element whose whole text marks advertising ("Anzeige", "- Anzeige -",
  ``phrases.AD_LABELS``), and a short paragraph opening with a disclosure of advertising or
  affiliate links (``phrases.DISCLOSURE_OPENINGS``): the publisher's notice, not the story.
- ``remove_trailing_teasers``: after an article's last paragraph of prose, the teasers of other
  stories: a linked headline with its tile (picture, kicker, a line of summary), and lines that
  are nothing but a link. The article has ended; what follows points elsewhere.
- ``remove_tag_lines``: lines and short lists of nothing but links to the site's tag or
  category pages (``rel="tag"``, ``/tag/x``, ``/schlagwort/x``: ``phrases.TAG_ADDRESS_SEGMENTS``).
- ``remove_inner_teasers``: inside an article, the few h2-h4 headlines made one link to another
  page of the site, with their tiles (kicker, summary): other stories set in the text.
- ``remove_linked_paragraphs``: inside an article, the few paragraphs that are one link to
  another page of the site, between paragraphs of prose: pointers to other stories.
- ``remove_date_lines``: short blocks that are nothing but a date, maybe with a label, a weekday
  or a time ("Stand: 05. Februar 2020", ``phrases.DATE_MONTHS``): when the post was filed.
"""
from __future__ import annotations

import re
from urllib.parse import urlsplit

from lxml import etree

from ... import dom, links
from ...context import PageContext
from .. import features as feat
from .. import phrases
from .article_edges import _registered_domain

# The link's whole text, arrows, guillemets and dots around it allowed.
_BACK_LINK = re.compile(r"[\s«‹<←⟵↩◀|.…-]*" + phrases.any_of(phrases.BACK_LINK_LABELS) + r"[\s»›>→⟶.…:|-]*", re.IGNORECASE)
# A back link is a few words: a longer link text is a headline that happens to start with "Back".
BACK_LINK_MAX_CHARS = 45
# The elements a reader follows.
_LINKS = ("a", "button")

# A meta label at the block's start (after a bullet, an icon's private-use glyph or punctuation).
_META = re.compile(r"[\W_]{0,3}" + phrases.any_of(phrases.POST_META_OPENINGS), re.IGNORECASE)
# A meta line is a line: a longer block opening so is the story's own sentence ...
META_MAX_CHARS = 160
# ... unless it links the categories and tags it names ("Der Beitrag wurde am ... veröffentlicht und
# wurde unter <a>A</a>, <a>B</a> abgelegt. Du kannst ..."): this share of its text is link text, up to
META_MIN_LINK_SHARE = 0.15
META_LINKED_MAX_CHARS = 400

# An advertising label, the element's whole text (dashes, brackets and stars around it allowed).
_AD_LABEL = re.compile(r"[\W_]*" + phrases.any_of(phrases.AD_LABELS) + r"[\W_]*", re.IGNORECASE)
# The longest text read as a label ("- Sponsored content -" with its spaces).
AD_LABEL_MAX_CHARS = 24
# A disclosure's opening words at a paragraph's start.
_DISCLOSURE = re.compile(r"[\W_]{0,3}" + phrases.any_of(phrases.DISCLOSURE_OPENINGS), re.IGNORECASE)
# A disclosure is a sentence or two: a longer paragraph opening so is the story's own.
DISCLOSURE_MAX_CHARS = 300

# Blocks a meta line or a disclosure can be.
_LINES = frozenset({"p", "div", "li", "footer", "header", "section", "aside", "dd", "h4", "h5", "h6"})
# ... and an advertising label, also a <span> or <small> that is its parent's whole text.
_LABELS = _LINES | {"span", "small"}
# Block children make an element a container, not one line.
_BLOCK_CHILDREN = ".//p|.//div|.//li|.//ul|.//ol|.//table|.//h1|.//h2|.//h3|.//h4|.//h5|.//h6|.//section|.//article"
# Elements holding media are a picture or a player, never only its label.
_MEDIA = ".//img|.//picture|.//video|.//iframe|.//svg|.//audio|.//object|.//embed"


def outermost(roots: list, tags, max_chars: int, matches, texts: feat.Texts) -> list:
    """The outermost elements under ``roots`` (not the roots) among ``tags`` whose collapsed text
    (1 to ``max_chars`` characters) satisfies ``matches(el, text)``; texts read from ``texts``.
    Each root's are listed last first (the order its removals are reported in)."""
    found = []
    tags = tuple(tags)
    for root in roots:
        # (libxml2 walks the tree and hands over only the elements of ``tags``; a match's
        # subtree is skipped: no Python step, and no proxy, per element of other tags)
        walk = etree.iterwalk(root, events=("start",), tag=tags)
        hits = []
        for _, el in walk:
            if el is root:
                continue
            if len(texts.raw(el)) <= 4 * max_chars:
                text = texts.collapsed(el)
                if 0 < len(text) <= max_chars and matches(el, text):
                    hits.append(el)
                    walk.skip_subtree()
        hits.reverse()
        found += hits
    return found


def remove_back_links(roots: list, ctx: PageContext, texts: feat.Texts | None = None) -> int:
    """Remove, under ``roots``, the links whose whole text leads back or home; returns how many went."""
    doomed = outermost(roots, _LINKS, BACK_LINK_MAX_CHARS, lambda el, text: bool(_BACK_LINK.fullmatch(text)), feat.texts_or_new(texts))
    return ctx.kill_all(doomed, "auto", lambda el: f"back link: {dom.collapse(dom.string_of(el))[:40]!r}")


def remove_meta_lines(roots: list, ctx: PageContext, texts: feat.Texts | None = None) -> int:
    """Remove, under ``roots``, the short blocks opening with a post's meta label (up to
    ``META_LINKED_MAX_CHARS`` when they link the categories they name); returns how many went."""
    texts = feat.texts_or_new(texts)

    def matches(el, text: str) -> bool:
        if len(text) > META_MAX_CHARS and _link_chars(el, texts) < META_MIN_LINK_SHARE * len(text):
            return False
        return bool(_META.match(text)) and not el.xpath(_BLOCK_CHILDREN) and not el.xpath(_MEDIA)
    doomed = outermost(roots, _LINES, META_LINKED_MAX_CHARS, matches, texts)
    return ctx.kill_all(doomed, "auto", lambda el: f"post's meta line: {dom.collapse(dom.string_of(el))[:40]!r}")


def remove_ad_labels(roots: list, ctx: PageContext, texts: feat.Texts | None = None) -> int:
    """Remove, under ``roots``, advertising labels and short disclosures of advertising or
    affiliate links; returns how many went."""
    texts = feat.texts_or_new(texts)

    def matches(el, text: str) -> bool:
        # The words first: the two XPath queries cost more than the match and rarely run.
        if el.tag not in _LINES:  # (an inline label inside a sentence is the sentence's word)
            parent = el.getparent()
            if not (len(text) <= AD_LABEL_MAX_CHARS and parent is not None and _AD_LABEL.fullmatch(text)
                    and texts.collapsed(parent) == text):
                return False
        elif not (_AD_LABEL.fullmatch(text) if len(text) <= AD_LABEL_MAX_CHARS else _DISCLOSURE.match(text)):
            return False
        return not el.xpath(_MEDIA) and not el.xpath(_BLOCK_CHILDREN)
    doomed = outermost(roots, _LABELS, DISCLOSURE_MAX_CHARS, matches, texts)
    return ctx.kill_all(doomed, "auto", lambda el: f"advertising notice: {dom.collapse(dom.string_of(el))[:40]!r}")


# A paragraph of the article: this share of its text at most is link text (a teaser's summary
# under a linked headline is counted as the teaser's, not the article's, by its tile).
ARTICLE_PARAGRAPH_MAX_LINK_SHARE = 0.5
# A linked headline or a linked line: at least this share of its text is link text ...
TEASER_MIN_LINK_SHARE = 0.8
# ... and it is a headline or a line, not a paragraph.
TEASER_LINE_MAX_CHARS = 160
# A teaser's tile (headline, kicker, date, a sentence of summary) holds at most this much text:
# a wider block is a column of several.
TEASER_TILE_MAX_CHARS = 400
# A page of less than an article's prose followed by more linked lines than this is a listing
# with an intro, not a short article with a few other stories under it ...
SHORT_ARTICLE_MAX_TEASERS = 5
# ... and so is one with more linked lines than this above its last paragraph (entries with summaries).
SHORT_ARTICLE_MAX_LINKED_LINES = 2
# Headings and the lines a linked teaser can be.
_HEADINGS = frozenset({"h2", "h3", "h4", "h5", "h6"})
_TEASER_LINES = frozenset({"p", "li", "div", "span"}) | _HEADINGS


def _link_chars(el, texts: feat.Texts) -> int:
    return sum(len(texts.collapsed(a)) for a in el.iter("a") if a.get("href"))


def _is_teaser_line(el, tops: set, texts: feat.Texts) -> bool:
    """Whether ``el`` is a linked headline or a linked line (the heading's tile not read)."""
    if not (dom.is_element(el) and el.tag in _TEASER_LINES) or el.xpath(_MEDIA):
        return False
    text = texts.collapsed(el)
    return 0 < len(text) <= TEASER_LINE_MAX_CHARS \
        and (_link_chars(el, texts) >= TEASER_MIN_LINK_SHARE * len(text) or _inside_link(el, tops)) \
        and (el.tag in _HEADINGS or not el.xpath(_BLOCK_CHILDREN))


def _linked_lines(order: list, stop: int, tops: set, texts: feat.Texts) -> int:
    """How many outermost linked headlines or lines ``order`` holds before index ``stop``."""
    count = 0
    k = 0
    while k < stop:
        el = order[k]
        if _is_teaser_line(el, tops, texts):
            count += 1
            k += sum(1 for _ in el.iter())
            continue
        k += 1
    return count


def _inside_link(el, tops: set) -> bool:
    """Whether ``el`` sits inside a link (below the selection's blocks, ``tops``): a whole tile
    made one link, its headline and summary with it."""
    for parent in el.iterancestors():
        if id(parent) in tops:
            return False
        if parent.tag == "a" and parent.get("href"):
            return True
    return False


def _site_of(host: str | None) -> str:
    return host[4:] if host and host.startswith("www.") else (host or "")


def _within_site(el, site: str) -> bool:
    """Whether every link of ``el`` leads to a page of the site ``site`` (a relative address
    does; a fragment or a script is no page): another story of the site, not a source cited."""
    for a in el.iter("a"):
        href = (a.get("href") or "").strip()
        if not href or href.startswith("#") or href.lower().startswith(("javascript:", "mailto:", "tel:")):
            return False
        if href.startswith("//") or "://" in href[:12]:
            target = _site_of(links.host_of(href if "://" in href[:12] else "http:" + href))
            if not site or not (target == site or target.endswith("." + site) or site.endswith("." + target)):
                return False
    return True


def remove_trailing_teasers(roots: list, ctx: PageContext, min_prose_chars: int, texts: feat.Texts | None = None,
                            article: bool = True) -> int:
    """Remove, under each of ``roots`` (the selection's blocks in document order), the linked
    headlines (with their tiles) and the linked lines that come after its last paragraph of prose,
    and in a block with no prose after one with some, all of them (there and on a short page,
    only those linking within the site); returns how many went. On a page of less than an
    article's prose (``article`` false) they go only when they are few, their text is less than
    the prose and few linked lines stand above its end: an intro above a list of links, or
    entries with summaries, are a listing, not a short article."""
    texts = feat.texts_or_new(texts)
    site = _site_of(ctx.host)
    order = [el for root in roots for el in root.iter()]
    index = {id(el): k for k, el in enumerate(order)}
    tops = {id(root) for root in roots}
    prose = 0
    # (the index of a root's last prose paragraph's last descendant, or of the root; its end; whether
    # only lines linking within the site go there, where no paragraph of the article's ends above)
    spans = []
    last_end = 0
    start = 0
    for root in roots:
        stop = start + sum(1 for _ in root.iter())
        end = -1
        for k in range(start, stop):
            el = order[k]
            if el.tag == "p":
                text = texts.collapsed(el)
                linked = len(text) if _inside_link(el, tops) else _link_chars(el, texts)
                if len(text) >= min_prose_chars and linked <= ARTICLE_PARAGRAPH_MAX_LINK_SHARE * len(text):
                    end = k + sum(1 for _ in el.iter()) - 1  # (its last descendant)
                    prose += len(text) - linked
        if end >= 0:
            spans.append((end, stop, not article))
            last_end = end
        elif spans:  # (a block after the prose with none of its own: the article has ended above it)
            spans.append((start, stop, True))
        start = stop
    doomed = []
    teaser_chars = 0
    for end, stop, own_only in spans:
        k = end + 1
        while k < stop:
            el = order[k]
            if _is_teaser_line(el, tops, texts) and (not own_only or _within_site(el, site)):
                tile = _tile_of(el, tops, index, end) if el.tag in _HEADINGS else el
                doomed.append(tile)
                teaser_chars += len(texts.collapsed(el))
                k = index[id(tile)] + sum(1 for _ in tile.iter())
                continue
            k += 1
    if not article and (teaser_chars >= prose or len(doomed) > SHORT_ARTICLE_MAX_TEASERS
                        or _linked_lines(order, last_end, tops, texts) > SHORT_ARTICLE_MAX_LINKED_LINES):
        return 0
    return ctx.kill_all(doomed, "auto", lambda el: f"teaser after the article: {dom.collapse(dom.string_of(el))[:40]!r}")


def _tile_of(heading, tops: set, index: dict, end: int):
    """The heading's widest ancestor below the selection's blocks (``tops``, their ids) that
    starts after the article's end, holds no other heading and at most ``TEASER_TILE_MAX_CHARS``
    of text."""
    tile = heading
    while True:
        parent = tile.getparent()
        if parent is None or id(parent) in tops or index.get(id(parent), -1) <= end:
            return tile
        if len(dom.collapse(dom.string_of(parent))) > TEASER_TILE_MAX_CHARS or \
                sum(1 for h in parent.iter(*_HEADINGS)) > 1:
            return tile
        tile = parent


# ------------------------------------------------------------------ tag lines

# The text beside a post's tag links is a label at most ("Tags:", "Schlagworte", "Claves") and
# the commas between them: a line with more words of its own is a sentence citing a topic.
TAG_LABEL_MAX_CHARS = 30
# A tag line is a line or a short list: a longer block holding tag links is a column of them (a
# tag cloud is a sidebar's, and the cleaning's).
TAG_LINE_MAX_CHARS = 400
# A tag is a word or a few: a longer link text is a story's title filed under a topic.
TAG_MAX_CHARS = 40
# The blocks a tag line (or its list, with its label) can be.
_TAG_BLOCKS = frozenset({"p", "div", "li", "ul", "ol", "span", "footer", "section", "dl", "dd", "dt", "small", "nav"})
# Separators between tags are no label ("a, b | c · d").
_SEPARATORS = re.compile(r"[\s,;|·•/#]+")


def _tag_address(href: str | None, site: str = "") -> bool:
    """Whether ``href`` leads to a tag or category page of the site (``site``, its registered
    domain; "": any): a segment of its path (or a query's key) is one of
    ``phrases.TAG_ADDRESS_SEGMENTS``."""
    if not href:
        return False
    try:
        parts = urlsplit(href.strip())
    except ValueError:
        return False
    # (a shop's "?tag=" is its affiliate's code: tags are the site's own pages)
    if site and parts.netloc and _registered_domain(href.strip()) != site:
        return False
    # (a segment before the last: "/tag/wohnen/", "/category/x.html"; "/tags/" alone is their index)
    segments = [s for s in parts.path.lower().split("/") if s][:-1]
    if any(s in phrases.TAG_ADDRESS_SEGMENTS for s in segments):
        return True
    return any(key.split("=")[0].lower() in phrases.TAG_ADDRESS_SEGMENTS for key in parts.query.split("&") if key)


def _is_tag_link(a, site: str = "") -> bool:
    return "tag" in (a.get("rel") or "").lower().split() or _tag_address(a.get("href"), site)


def remove_tag_lines(roots: list, ctx: PageContext, texts: feat.Texts | None = None) -> int:
    """Remove, under ``roots``, the lines (and short lists, with their label) of nothing but links
    to the site's tag or category pages; returns how many went."""
    texts = feat.texts_or_new(texts)
    tops = {id(root) for root in roots}
    site = _registered_domain(ctx.url or "")
    doomed = []
    seen: set = set()
    for root in roots:
        for a in root.iter("a"):
            if id(a) in seen or not _is_tag_link(a, site):
                continue
            line = None
            el = a.getparent()
            while el is not None and id(el) not in tops:
                if el.tag in _TAG_BLOCKS:
                    if len(texts.raw(el)) > 4 * TAG_LINE_MAX_CHARS or el.xpath(_MEDIA):
                        break
                    text = texts.collapsed(el)
                    if len(text) > TAG_LINE_MAX_CHARS:
                        break
                    tags = [x for x in el.iter("a") if x.get("href")]
                    if not all(_is_tag_link(x, site) and len(texts.collapsed(x)) <= TAG_MAX_CHARS for x in tags):
                        break
                    rest = text
                    for x in tags:
                        rest = rest.replace(texts.collapsed(x), " ", 1)
                    if len(_SEPARATORS.sub(" ", rest).strip()) > TAG_LABEL_MAX_CHARS:
                        break
                    line = el
                elif el.tag in ("h1", "h2", "h3", "h4", "h5", "h6", "table", "article", "main", "body"):
                    break
                el = el.getparent()
            if line is not None:
                doomed.append(line)
                seen.update(id(x) for x in line.iter("a"))
    # (a line inside another found line went with it)
    doomed = [el for el in doomed if not any(id(p) in {id(d) for d in doomed} for p in el.iterancestors())]
    return ctx.kill_all(doomed, "auto", lambda el: f"the post's tags: {dom.collapse(dom.string_of(el))[:40]!r}")


# ------------------------------------------------------------------ date lines

# A month's name (any language of phrases.MONTHS and phrases.DATE_MONTHS), abbreviated or not.
_MONTH_NAME = r"(?:" + phrases.any_of(phrases.MONTHS) + "|" + phrases.any_of(phrases.DATE_MONTHS) + r")\.?"
# A whole date: numbers (31.05.2012, 2012-05-31, 5/31/12), a day and a month (and a year), a
# month and a day or a year ("May 6, 2019", "Dezember 2008"); a time of day after it.
_DATE = re.compile(
    r"(?<![\w.])(?:\d{1,2}[./-]\d{1,2}[./-](?:\d{4}|\d{2})|\d{4}[./-]\d{1,2}[./-]\d{1,2}"
    r"|\d{1,2}(?:st|nd|rd|th|er|º)?\.?\s*(?:de\s+)?" + _MONTH_NAME + r"(?:\s*(?:de\s+)?,?\s*\d{4})?"
    r"|" + _MONTH_NAME + r"\s+\d{1,2}(?:st|nd|rd|th)?(?:\s*,?\s*\d{4})?|" + _MONTH_NAME + r"\s+\d{4})(?![\w])"
    r"(?:\s*,?\s*(?:\w{1,3}\s+)?\d{1,2}[:.h]\d{2}(?:\s*(?:uhr|h|am|pm|a\.m\.|p\.m\.))?)?",
    re.IGNORECASE)
# The words a date line holds beside its date: a label ("Veröffentlicht", "Stand:", "Updated"),
# a weekday, "um": a line with more words of its own says something.
DATE_LINE_MAX_WORDS = 3
# A date line is short.
DATE_LINE_MAX_CHARS = 60
# Blocks a date line can be (a list's item or a table's cell is the article's own data).
_DATE_LINES = frozenset({"p", "div", "span", "time", "small", "address", "header", "footer", "dt", "dd", "section"})
_WORD = re.compile(r"[^\W\d_][\w'’-]*")
# A date inside a list's item, a table's cell or a quote is the article's own data (a reference's "Retrieved 5 May 2019").
_DATE_STRUCTURE = frozenset({"li", "td", "th", "blockquote", "figure", "table"})
# A post has a date or two (published, updated): more date lines are a listing's or a thread's
# entries, each dated, and their dates are the page's content.
DATE_LINES_MAX = 2


def _is_date_line(el, text: str) -> bool:
    if any(a.tag in _DATE_STRUCTURE for a in el.iterancestors()):
        return False
    m = _DATE.search(text)
    if m is None:
        return False
    rest = text[:m.start()] + " " + text[m.end():]
    if any(c.isdigit() for c in rest):
        return False
    words = _WORD.findall(rest)
    return len(words) <= DATE_LINE_MAX_WORDS and not el.xpath(_BLOCK_CHILDREN) and not el.xpath(_MEDIA)


def remove_date_lines(roots: list, ctx: PageContext, texts: feat.Texts | None = None) -> int:
    """Remove, under ``roots``, the short blocks that are nothing but a date (a time, a label or a
    weekday beside it): the post's date, not its text; returns how many went."""
    doomed = outermost(roots, _DATE_LINES, DATE_LINE_MAX_CHARS, _is_date_line, feat.texts_or_new(texts))
    if len(doomed) > DATE_LINES_MAX:
        return 0
    return ctx.kill_all(doomed, "auto", lambda el: f"the post's date: {dom.collapse(dom.string_of(el))[:40]!r}")


# ------------------------------------------------------------------ teasers inside the article

# A few other stories' linked headlines inside an article are its teasers; more are a listicle's
# or a listing's entries, the page's content.
INNER_TEASERS_MAX = 3
_INNER_HEADINGS = ("h2", "h3", "h4")


def _own_page(href: str, url: str | None) -> bool:
    """Whether ``href`` leads to the page itself (its address, maybe with a fragment or a query)."""
    if not url:
        return False
    target = href.split("#")[0].split("?")[0].rstrip("/")
    page = url.split("#")[0].split("?")[0].rstrip("/")
    if "://" in target[:12] or target.startswith("//"):
        return target.split("//", 1)[-1] == page.split("//", 1)[-1]
    return not target or page.endswith(target)


def remove_inner_teasers(roots: list, ctx: PageContext, texts: feat.Texts | None = None) -> int:
    """Remove, under ``roots``, the h2-h4 headlines made one link to another page of the site
    (the link around the headline or the headline's whole text), with their tiles, when there
    are at most ``INNER_TEASERS_MAX`` of them; returns how many went."""
    texts = feat.texts_or_new(texts)
    site = _site_of(ctx.host)
    tops = {id(root) for root in roots}
    found = []
    for root in roots:
        for h in root.iter(*_INNER_HEADINGS):
            if h is root:
                continue
            text = texts.collapsed(h)
            if not text or len(text) > TEASER_LINE_MAX_CHARS or h.xpath(_MEDIA):
                continue
            link = next((a for a in h.iterancestors("a") if a.get("href")), None)
            if link is None:
                inner = [a for a in h.iter("a") if a.get("href")]
                if len(inner) != 1 or len(texts.collapsed(inner[0])) < TEASER_MIN_LINK_SHARE * len(text):
                    continue
                link = inner[0]
            href = (link.get("href") or "").strip()
            if not href or href.startswith("#") or _own_page(href, ctx.url) or not _within_site(link, site):
                continue
            found.append(h)
            if len(found) > INNER_TEASERS_MAX:
                return 0
    doomed = []
    for h in found:
        tile = h
        while True:
            parent = tile.getparent()
            if parent is None or id(parent) in tops or id(tile) in tops:
                break
            if len(texts.collapsed(parent)) > TEASER_TILE_MAX_CHARS or sum(1 for _ in parent.iter(*_HEADINGS)) > 1:
                break
            tile = parent
        if not any(tile is d or any(a is d for a in tile.iterancestors()) for d in doomed):
            doomed.append(tile)
    return ctx.kill_all(doomed, "auto", lambda el: f"another story's teaser: {dom.collapse(dom.string_of(el))[:40]!r}")


# ------------------------------------------------------------------ linked paragraphs inside the article

# A few paragraphs that are one link to another page of the site, between the article's paragraphs,
# point to other stories ("Wegen Corona: X muss schließen", "Alkohol beim Angeln – Diskussion im Forum");
# more are a list of the article's own.
LINKED_PARAGRAPHS_MAX = 3
# Such a paragraph is the link: at least this share of its text (arrows, quotes around it allowed).
LINKED_PARAGRAPH_MIN_SHARE = 0.9


def remove_linked_paragraphs(roots: list, ctx: PageContext, min_prose_chars: int, texts: feat.Texts | None = None) -> int:
    """Remove, under ``roots``, the few ``<p>`` that are one link to another page of the site and
    stand between paragraphs of prose; returns how many went."""
    texts = feat.texts_or_new(texts)
    site = _site_of(ctx.host)
    seq = []  # (kind, element): "prose" or "linked"
    for root in roots:
        for p in root.iter("p"):
            if p is root:
                continue
            text = texts.collapsed(p)
            if not text:
                continue
            linked = _link_chars(p, texts)
            if len(text) >= min_prose_chars and linked <= ARTICLE_PARAGRAPH_MAX_LINK_SHARE * len(text):
                seq.append(("prose", p))
            elif len(text) <= TEASER_LINE_MAX_CHARS and linked >= LINKED_PARAGRAPH_MIN_SHARE * len(text) \
                    and not p.xpath(_MEDIA) and not p.xpath(_BLOCK_CHILDREN):
                hrefs = [(a.get("href") or "").strip() for a in p.iter("a") if a.get("href")]
                if hrefs and _within_site(p, site) and not any(_own_page(h, ctx.url) for h in hrefs):
                    seq.append(("linked", p))
    kinds = [k for k, _ in seq]
    doomed = [el for k, (kind, el) in enumerate(seq)
              if kind == "linked" and "prose" in kinds[:k] and "prose" in kinds[k + 1:]]
    if len(doomed) > LINKED_PARAGRAPHS_MAX:
        return 0
    return ctx.kill_all(doomed, "auto", lambda el: f"points to another story: {dom.collapse(dom.string_of(el))[:40]!r}")
