"""Page metadata for the reader page: title, byline, date, language, direction, site name, excerpt.

Read from the original document before any filter runs (the ignore filter drops <meta>), in
one walk over the elements it needs. Sources, best first, per field:

- title: JSON-LD article ``name`` / ``headline`` (when both exist and differ, the one that
  covers more of the document's <title>); <meta> dc:title, dcterm:title, og:title, title,
  twitter:title, parsely-title; else the <title> element cleaned the way Reader View does
  (see ``clean_title``). A first or last " | part" that is exactly the site name
  (JSON-LD publisher, og:site_name) goes from any of them.
- byline: JSON-LD article ``author`` (names of strings, objects, lists, ``@id`` references into
  the ``@graph``); <meta> dc:creator, dcterm:creator, author, parsely-author, article:author
  (not a URL), a twitter:labelN "Written by" with its twitter:dataN; else the visible byline
  (``visible_byline``).
- published: JSON-LD article ``datePublished``; <meta> article:published_time,
  parsely-pub-date, dc:date, dcterm:created, date, pubdate, itemprop datePublished; a JSON-LD
  web page's ``datePublished``; an element's itemprop=datePublished; a <time datetime>.
- lang: <html lang> / xml:lang, else <meta http-equiv="content-language">.
- dir: <body dir>, else <html dir>, else the dir of the outermost <main>/<article> carrying one.
- site_name: JSON-LD article ``publisher.name``; og:site_name.
- excerpt: JSON-LD ``description``; <meta> dc:description, dcterm:description, og:description,
  description, twitter:description; else the article's first paragraph.

<meta> keys come from ``property`` (space-separated lists allowed), ``name`` and ``itemprop``;
``DC.title`` and ``dc:title`` are one key. A key given by ``property`` (RDFa, OpenGraph's own
attribute) beats the same key given by ``name``; otherwise the first occurrence wins. Values
from <meta> and JSON-LD are entity-decoded once more (pages often escape them twice); a second
decoding of <meta> never makes ``<`` or ``>``.
"""
from __future__ import annotations

import functools
import html
import json
import re
from collections import deque
from dataclasses import dataclass

from lxml import etree

from . import dom, pagekind, prefilter

_DIRS = frozenset({"ltr", "rtl", "auto"})
# The elements metadata reads, found in one walk of the tree (in document order).
_TAGS = ("meta", "script", "title", "h1", "h2", "time", "article", "main")

# <meta> keys per field, best first (after normalising: lower case, "dc.title" -> "dc:title").
TITLE_KEYS = ("dc:title", "dcterm:title", "og:title", "weibo:article:title", "weibo:webpage:title", "title",
              "twitter:title", "parsely-title")
BYLINE_KEYS = ("dc:creator", "dcterm:creator", "author", "parsely-author", "article:author", "og:article:author")
DATE_KEYS = ("article:published_time", "og:article:published_time", "parsely-pub-date", "dc:date", "dcterm:created",
             "dcterm:date", "date", "pubdate", "publishdate", "datepublished")
EXCERPT_KEYS = ("dc:description", "dcterm:description", "og:description", "weibo:article:description",
                "weibo:webpage:description", "description", "twitter:description")
SITE_NAME_KEYS = ("og:site_name",)
TWITTER_LABELS = 4  # twitter:label1..4 / twitter:data1..4: the pairs a summary card shows
_AUTHOR_LABEL = re.compile(r"^\s*(written by|author|by|posted by|auteur|autor)\s*:?\s*$", re.IGNORECASE)
# "DC.Title", "dcterms.title", "og title" name the same key as the RDFa "dc:title".
# One character reference as html.unescape reads it (named, with or without ";", or numeric).
_ENTITY = re.compile(r"&(?:#[0-9]+;?|#[xX][0-9a-fA-F]+;?|[A-Za-z][A-Za-z0-9]*;?)")
_KEY_PREFIX = re.compile(r"^(dc|dcterms?|og|twitter|weibo:(?:article|webpage))\s*[.:\s]\s*", re.IGNORECASE)

# schema.org types whose JSON-LD item describes the article itself (not the site, a breadcrumb, ...).
_ARTICLE_TYPE = re.compile(r"(Article|Posting)$|^(Report|APIReference)$")
_PAGE_TYPE = re.compile(r"^(WebPage|ItemPage|AboutPage|FAQPage|QAPage|CollectionPage|MedicalWebPage)$")
MAX_LD_ITEMS = 50  # JSON-LD items looked at per page: pages with more are catalogues, not articles
MAX_LD_NODES = 2000  # JSON values (lists, strings, ...) walked per script: a bound for huge data blobs

# Reader View's <title> cleanup: " | ", " - ", " – ", " — ", " \ ", " / ", " > ", " » " split
# "Article | Section | Site"; the last part goes (or the first, when too little is left).
_SEPARATOR = re.compile(r" [|\-–—\\/>»] ")
_HIERARCHICAL = re.compile(r" [\\/>»] ")  # "Site > Section > Article": a removed single word is fine
_SEPARATOR_CHARS = re.compile(r"[|\-–—\\/>»]+")
MIN_TITLE_WORDS = 3  # a cleaned title shorter than this takes the other end of the title
SHORT_TITLE_WORDS = 4  # a cleaned title this short is probably a fragment: keep the original
MAX_PREFIX_WORDS = 5  # "A long phrase before a colon: X" is one title, not "Section: X"
H1_TITLE_CHARS = (15, 150)  # a <title> outside this length gives way to the page's only <h1>

MAX_BYLINE_CHARS = 100  # a visible "byline" longer than this is an author bio or a list
# "author" but not "authorization", "authority" (sign-in boxes, site notices).
_BYLINE_NAME = re.compile(r"byline|author(?!i[tz])|dateline|writtenby", re.IGNORECASE)
# Containers whose bylines belong to something else (comments, related stories, sidebars).
_OFF_ARTICLE = re.compile(r"comment|sidebar|related|footer|disqus|replies|remark|shoutbox|sponsor|recommend"
                          r"|popular|trending|most-read|newsletter", re.IGNORECASE)
_PAGE_ROOTS = frozenset({"html", "body"})  # their classes describe the whole page, not a box in it
_HIDDEN_STYLE = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.IGNORECASE)
# Attribute axes, not //*[...]: only elements carrying these attributes are looked at.
_AUTHOR_ELEMENTS = etree.XPath("//@rel[. = 'author']/.. | //@itemprop[contains(., 'author')]/..")
# Two queries, not "//@class | //@id": a union is sorted into document order, which a set of
# values does not need (a third of the query's cost).
_CLASS_VALUES = etree.XPath("//@class", smart_strings=False)
_ID_VALUES = etree.XPath("//@id", smart_strings=False)
# The words _BYLINE_NAME needs: class and id values holding none of them are not searched.
_BYLINE_WORDS = prefilter.Words("byline", "author", "dateline", "writtenby")
_CLASS_OR_ID = etree.XPath("//*[@class or @id]")
# Past this many values, _holding's XPath (every class and id compared with each value, a copy of
# the attribute per comparison: 6 ms for 21 values on a 900-element page) costs more than
# testing each class or id holder against a set (under 1 ms there).
MAX_QUERIED_VALUES = 4
# The name inside a byline box: schema.org itemprop=name, or microformats' hCard "fn".
_NAME_INSIDE = etree.XPath(".//*[@itemprop = 'name' or contains(concat(' ', normalize-space(@class), ' '), ' fn ')]")
_DATE_ITEMS = etree.XPath("//@itemprop[. = 'datePublished']/..")
MAX_DATE_CHARS = 60  # an itemprop=datePublished element's text longer than this is not just a date
# Page chrome: a paragraph here is not the article's first.
_CHROME = frozenset({"nav", "header", "footer", "aside", "form", "noscript", "template"})
_INVISIBLE_TAGS = frozenset({"script", "style"})  # the elements _VISIBLE_TEXT skips by name
_VISIBLE_TEXT = etree.XPath(".//text()[not(ancestor::script or ancestor::style or ancestor::*[@aria-hidden = 'true' or @hidden])]",
                             smart_strings=False)
# Wrappers some CMSs put around a script's JSON (XHTML habits).
_WRAPPERS = (("<![CDATA[", "]]>"), ("<!--", "-->"))
_WORD = re.compile(r"\w+")


@dataclass(frozen=True)
class Metadata:
    title: str = ""
    byline: str = ""
    published: str = ""
    lang: str = ""
    dir: str = ""
    site_name: str = ""
    excerpt: str = ""
    # The description the page declares (JSON-LD, <meta>), without the first-paragraph fallback
    # the excerpt has: only this may stand in for a page with no text of its own.
    description: str = ""
    kind: str | None = None  # what the page's markup says it is (pagekind.py): a hint for selection
    # The title is only the page's <title>: nothing declares one and the page has no <h1>. On an
    # old table-layout page that is often the site's name, its headline a bold line in the body.
    title_unconfirmed: bool = False


def extract(doc) -> Metadata:
    tags = _by_tag(doc)
    meta = meta_map(tags["meta"])
    ld, page_date = article_json_ld(tags["script"])
    site_name, title = _site_name_and_title(doc, tags, meta, ld)
    byline = _ld_names(ld.get("author")) or _meta_byline(meta) or visible_byline(doc)
    published = (_ld_text(ld, "datePublished") or _first_value(meta, DATE_KEYS) or page_date.strip()
                 or _item_date(doc) or _time_element(tags["time"]))
    description = _ld_text(ld, "description") or _first_value(meta, EXCERPT_KEYS)
    excerpt = description or first_paragraph(doc, tags, _clean(byline))
    root = doc if dom.tag_of(doc) == "html" else doc.getroottree().getroot()
    return Metadata(
        title=_clean(title),
        byline=_clean(byline)[:200],
        published=published.strip(),
        lang=_lang(root, meta),
        dir=_direction(root, tags),
        site_name=_clean(site_name),
        excerpt=_clean(excerpt),
        description=_clean(description),
        kind=pagekind.kind_of(tags["meta"], tags["script"]),
        title_unconfirmed=not tags["h1"] and not _declared_title(meta, ld),
    )


def _declared_title(meta: dict[str, str], ld: dict) -> str:
    return _ld_title(ld, "") or _first_value(meta, TITLE_KEYS)


def _site_name_and_title(doc, tags: dict[str, list], meta: dict[str, str], ld: dict) -> tuple[str, str]:
    """(site name, title before its final whitespace clean-up)."""
    title_el = _first(tags["title"], doc)
    document_title = title_el.text_content() if title_el is not None else ""
    site_name = _ld_names(ld.get("publisher")) or _first_value(meta, SITE_NAME_KEYS)
    declared = _ld_title(ld, document_title) or _first_value(meta, TITLE_KEYS)
    # Unlike Reader View, a declared title loses a "| Site name" part too: the reader page's
    # header names the article, and the site is the page's address.
    title = (strip_site_name(_clean(declared), site_name) if declared
             else clean_title(document_title, tags["h1"], tags["h2"], site_name))
    return site_name, title


def _clean(text: str) -> str:
    return dom.collapse(text)


def _by_tag(doc) -> dict[str, list]:
    """The ``_TAGS`` elements under ``doc`` (as ``doc.iter`` sees them); script and time in the
    whole document (as the XPath queries ``//script``, ``//time`` see them)."""
    found: dict[str, list] = {tag: [] for tag in _TAGS}
    for el in doc.iter(*_TAGS):
        found[el.tag].append(el)
    if doc.getnext() is not None or doc.getprevious() is not None:  # top-level elements beside the root
        for tag in ("script", "time"):
            found[tag] = list(dom.iter_document(doc, tag))
    return found


# --------------------------------------------------------------------------- <meta>

def meta_map(metas) -> dict[str, str]:
    """Normalised <meta> key -> content; ``property`` keys beat ``name`` keys, then first wins."""
    by_property: dict[str, str] = {}
    by_name: dict[str, str] = {}
    for meta in metas:
        content = meta.get("content")
        if content is None or not content.strip():
            continue
        content = _unescape_again(content.strip())
        for key in (meta.get("property") or "").split():
            by_property.setdefault(_meta_key(key), content)
        for attr in ("name", "itemprop", "http-equiv"):
            key = (meta.get(attr) or "").strip()
            if key:
                by_name.setdefault(_meta_key(key), content)
    return {**by_name, **by_property}


@functools.lru_cache(maxsize=512)
def _meta_key(key: str) -> str:
    key = key.strip().lower()
    match = _KEY_PREFIX.match(key)
    if match:
        prefix = match.group(1).replace("dcterms", "dcterm")
        key = f"{prefix}:{key[match.end():]}"
    return key


def _first_value(meta: dict[str, str], keys: tuple[str, ...]) -> str:
    for key in keys:
        if meta.get(key):
            return meta[key]
    return ""


def _meta_byline(meta: dict[str, str]) -> str:
    for key in BYLINE_KEYS:
        value = meta.get(key, "")
        if value and not value.startswith(("http://", "https://", "//")):
            return value
    # Twitter's label/data pairs (Yoast SEO writes "Written by" / the author's name).
    for n in range(1, TWITTER_LABELS + 1):
        if _AUTHOR_LABEL.match(meta.get(f"twitter:label{n}", "")) and meta.get(f"twitter:data{n}"):
            return meta[f"twitter:data{n}"]
    return ""


def _unescape(text: str) -> str:
    return html.unescape(text) if "&" in text else text


def _unescape_again(text: str) -> str:
    """A <meta> value (the parser decoded it once) decoded a second time, as Reader View does
    (pages often escape them twice), except where that would make markup characters: the text
    ``&lt;script&gt;`` a page escaped once stays that text, never ``<script>``."""
    if "&" not in text:
        return text
    return _ENTITY.sub(_decode_unless_markup, text)


def _decode_unless_markup(match: re.Match) -> str:
    decoded = html.unescape(match.group(0))
    return match.group(0) if "<" in decoded or ">" in decoded else decoded


# --------------------------------------------------------------------------- JSON-LD

def article_json_ld(scripts) -> tuple[dict, str]:
    """The first JSON-LD item of an article type, its ``author``/``publisher`` ``@id``
    references resolved against the other items ({} when the page has none); and the
    ``datePublished`` of the first web page item (a page without an article may date itself)."""
    items = _json_ld_items(scripts)
    by_id = {item["@id"]: item for item in items if isinstance(item.get("@id"), str)}
    page_date = next((item["datePublished"] for item in items
                      if _is_type(item.get("@type"), _PAGE_TYPE) and isinstance(item.get("datePublished"), str)), "")
    for item in items:
        if _is_type(item.get("@type"), _ARTICLE_TYPE):
            resolved = dict(item)
            for key in ("author", "publisher"):
                resolved[key] = _resolve(item.get(key), by_id)
            return resolved, page_date
    return {}, page_date


def _json_ld_items(scripts) -> list[dict]:
    items: list[dict] = []
    for script in scripts:
        if (script.get("type") or "").strip().lower() != "application/ld+json":
            continue
        try:
            data = json.loads(_unwrapped(script.text or ""))
        except (ValueError, RecursionError):
            continue
        pending = deque([data])  # in document order: lists and @graph items are visited in place
        walked = 0
        while pending and len(items) < MAX_LD_ITEMS and walked < MAX_LD_NODES:
            walked += 1
            item = pending.popleft()
            if isinstance(item, list):
                pending.extendleft(reversed(item))
            elif isinstance(item, dict):
                items.append(item)
                if isinstance(item.get("@graph"), list):
                    pending.extendleft(reversed(item["@graph"]))
    return items


def _unwrapped(text: str) -> str:
    text = text.strip()
    for start, end in _WRAPPERS:
        if text.startswith(start):
            text = text[len(start):]
        if text.endswith(end):
            text = text[: -len(end)]
        text = text.strip()
    return text


def _is_type(kind, pattern: re.Pattern) -> bool:
    """Does a JSON-LD ``@type`` (a name, "schema:Name", a URL, or a list of them) match?"""
    kinds = kind if isinstance(kind, list) else [kind]
    return any(isinstance(k, str) and pattern.search(k.rsplit("/", 1)[-1].rsplit(":", 1)[-1]) for k in kinds)


def _resolve(value, by_id: dict[str, dict]):
    """``{"@id": "#person"}`` -> the item with that id (one level; lists item by item)."""
    if isinstance(value, list):
        return [_resolve(v, by_id) for v in value]
    if isinstance(value, dict) and "name" not in value and value.get("@id") in by_id:
        return by_id[value["@id"]]
    return value


def _ld_text(ld: dict, key: str) -> str:
    value = ld.get(key)
    return _unescape(value.strip()) if isinstance(value, str) else ""


def _ld_names(value) -> str:
    """Names of a person / organisation value: a string, {"name": ...}, or a list of them."""
    return ", ".join(dict.fromkeys(_unescape(n) for n in _names(value)))


def _names(value) -> list[str]:
    if isinstance(value, str):
        value = value.strip()
        return [value] if value and not value.startswith(("http://", "https://")) else []
    if isinstance(value, dict):
        name = value.get("name")
        return _names(name) if not isinstance(name, (dict, list)) else []
    if isinstance(value, list):
        return [n for v in value for n in _names(v)]
    return []


def _ld_title(ld: dict, document_title: str) -> str:
    name, headline = _ld_text(ld, "name"), _ld_text(ld, "headline")
    if name and headline and name != headline:
        # Some sites put their own name in "name" and the article's in "headline": take the
        # one that covers more of the document's <title>, "name" on a tie.
        return headline if coverage(headline, document_title) > coverage(name, document_title) else name
    return name or headline


def coverage(candidate: str, reference: str) -> float:
    """Share of ``reference``'s word text (by characters) that occurs as words in ``candidate``."""
    words = _WORD.findall(reference.casefold())
    if not words:
        return 0.0
    known = set(_WORD.findall(candidate.casefold()))
    return sum(len(w) for w in words if w in known) / sum(len(w) for w in words)


# --------------------------------------------------------------------------- <title>

def clean_title(raw: str, h1s=(), h2s=(), site_name: str = "") -> str:
    """The <title> without its site part, as Reader View cleans it.

    A first or last part that is the site's name (og:site_name, JSON-LD publisher) goes first.

    "Article | Section | Site" loses its last part ("Article | Section"), or its first when
    fewer than three words would be left. "Section: Article" keeps the part after the colon
    unless a heading repeats the whole title or the part before the colon is a long phrase.
    A title of 4 words or fewer after cleaning is a fragment: the original stays (except when
    only one word went from a "Site > Section > Article" path). A title shorter than 15 or
    longer than 150 characters gives way to the page's only <h1>.
    """
    original = _clean(raw)
    without_site = strip_site_name(original, site_name)
    if without_site != original:
        return without_site
    separators = list(_SEPARATOR.finditer(original))
    title = original
    hierarchical = False
    if separators:
        hierarchical = _HIERARCHICAL.search(original) is not None
        title = original[: separators[-1].start()]
        if _word_count(title) < MIN_TITLE_WORDS:
            title = original[separators[0].end():]
    elif ": " in original:
        if not any(_clean(h.text_content()) == original for h in (*h1s, *h2s)):
            title = original[original.rfind(":") + 1:]
            if _word_count(title) < MIN_TITLE_WORDS:
                title = original[original.find(":") + 1:]
            elif _word_count(original[: original.find(":")]) > MAX_PREFIX_WORDS:
                title = original
    elif not H1_TITLE_CHARS[0] <= len(original) <= H1_TITLE_CHARS[1] and len(h1s) == 1:
        title = _clean(h1s[0].text_content())
    title = title.strip()
    words = _word_count(title)
    if words <= SHORT_TITLE_WORDS and (
        not hierarchical or words != _word_count(_SEPARATOR_CHARS.sub("", original)) - 1
    ):
        title = original
    return title


def strip_site_name(title: str, site_name: str) -> str:
    """``title`` without a first or last separated part that is exactly ``site_name``."""
    separators = list(_SEPARATOR.finditer(title)) if site_name else []
    if separators:
        site = _clean(site_name).casefold()
        if title[separators[-1].end():].strip().casefold() == site:
            return title[: separators[-1].start()].strip()
        if title[: separators[0].start()].strip().casefold() == site:
            return title[separators[0].end():].strip()
    return title


def _word_count(text: str) -> int:
    return len(text.split())


# --------------------------------------------------------------------------- visible byline

def visible_byline(doc) -> str:
    """The first (in document order) short visible text marked as the author: rel=author,
    itemprop=author, or a class / id naming a byline ("byline", "author", "dateline", ...),
    outside comments, sidebars and related-story boxes. Its itemprop=name (or hCard "fn")
    child, when it has one, is the name."""
    marked = next((el for el in _AUTHOR_ELEMENTS(doc) if _marked_author(el) and _byline_text(el)), None)
    # The words hold no space, so a match lies within the class or within the id: each distinct
    # value is tested once, and only the elements holding a matching value are looked at.
    distinct = set(_CLASS_VALUES(doc))
    distinct.update(_ID_VALUES(doc))
    values = [value for value in distinct if _BYLINE_NAME.search(value)] if _may_name_byline("\n".join(distinct)) else []
    for el in _holding(doc, values) if values else ():
        if marked is not None and not _precedes(el, marked):
            break
        text = _byline_text(el)
        if text:
            return text
    return _byline_text(marked) if marked is not None else ""


def _may_name_byline(text: str) -> bool:
    """False only when ``_BYLINE_NAME`` cannot match anywhere in ``text`` (one lower-cased scan of
    all the page's class and id values instead of a regex call per value, when none names one)."""
    return _BYLINE_WORDS.may_match(text)


def _marked_author(el) -> bool:
    return el.get("rel") == "author" or "author" in (el.get("itemprop") or "").split()


def _precedes(a, b) -> bool:
    """Does element ``a`` start before element ``b`` in the document?"""
    path_a = [a, *a.iterancestors()][::-1]
    path_b = [b, *b.iterancestors()][::-1]
    for x, y in zip(path_a, path_b):
        if x is not y:
            parent = x.getparent()
            return parent is None or parent.index(x) < parent.index(y)
    return len(path_a) < len(path_b)  # an ancestor starts before its descendants


def _holding(doc, values: list[str]) -> list:
    """The elements whose class or id is one of ``values``, in document order."""
    if len(values) <= MAX_QUERIED_VALUES:
        names = {f"v{i}": value for i, value in enumerate(values)}
        try:
            return _holding_query(len(values))(doc, **names)
        except ValueError:  # a value XPath cannot carry (control characters): test every element
            pass
    wanted = set(values)
    return [el for el in _CLASS_OR_ID(doc) if el.get("class") in wanted or el.get("id") in wanted]


@functools.lru_cache(maxsize=16)
def _holding_query(count: int) -> etree.XPath:
    test = " or ".join(f". = $v{i}" for i in range(count))
    return etree.XPath(f"//@class[{test}]/.. | //@id[{test}]/..")


def _byline_text(el) -> str:
    if _hidden(el) or _off_article(el):
        return ""
    names = _NAME_INSIDE(el)
    text = _spaced_text(names[0]) if names else ""
    if not text and _visible_text_reaches(el, MAX_BYLINE_CHARS):
        return ""  # too long to be a byline, known without collecting it (an <article class=author-x>)
    text = text or _spaced_text(el)
    return text if 0 < len(text) < MAX_BYLINE_CHARS else ""


def _visible_text_reaches(el, limit: int) -> bool:
    """Does ``_spaced_text(el)`` hold at least ``limit`` characters? For an element that is not
    hidden itself (``_hidden``): its visible texts are counted (collapsed, so never more than
    they add to ``_spaced_text``) until the limit, skipping what _VISIBLE_TEXT skips."""
    count = 0
    stack = [el]
    while stack:
        node = stack.pop()
        if not isinstance(node.tag, str) or node.tag in _INVISIBLE_TAGS or node.get("aria-hidden") == "true" or node.get("hidden") is not None:
            continue  # its text and everything below it is not visible (its tail belongs to its parent)
        count += len(dom.collapse(node.text or ""))
        for child in node:
            count += len(dom.collapse(child.tail or ""))
            stack.append(child)
        if count >= limit:
            return True
    return False


def _spaced_text(el) -> str:
    """The element's text with a space where one element's text meets another's: bylines are
    often "<span>By</span><a>Name</a><time>date</time>" laid out apart by style alone."""
    return _clean(" ".join(t for t in _VISIBLE_TEXT(el)))


def _hidden(el) -> bool:
    for node in (el, *el.iterancestors()):
        if node.get("hidden") is not None or node.get("aria-hidden") == "true" or _HIDDEN_STYLE.search(node.get("style") or ""):
            return True
    return False


def _off_article(el) -> bool:
    return any(
        _OFF_ARTICLE.search(f"{node.get('class') or ''} {node.get('id') or ''}")
        for node in el.iterancestors() if node.tag not in _PAGE_ROOTS
    )


# --------------------------------------------------------------------------- the rest

def _first(elements: list, root):
    """The first of ``elements`` below ``root`` (what ``root.find(".//tag")`` returns)."""
    for el in elements:
        if el is not root:
            return el
    return None


def _item_date(doc) -> str:
    """An element's itemprop=datePublished: its content or datetime attribute, else its text."""
    for el in _DATE_ITEMS(doc):
        value = (el.get("content") or el.get("datetime") or _clean(el.text_content()))[:MAX_DATE_CHARS]
        if value:
            return value
    return ""


def _time_element(times) -> str:
    for el in times:
        if el.get("datetime"):
            return el.get("datetime")
    return ""


def first_paragraph(doc, tags: dict[str, list], byline: str = "") -> str:
    """The first paragraph with text inside the first <article> (or <main>), else in the page;
    not the byline, nor one in page chrome (nav, header, footer, aside, form), hidden or in
    comments and related boxes; its text without script and style."""
    for container in ("article", "main"):
        if tags[container]:
            text = _first_text(tags[container][0].iter("p"), byline)
            if text:
                return text
    return _first_text(doc.iter("p"), byline)  # walked only when no description was declared


def _first_text(paragraphs, byline: str) -> str:
    for p in paragraphs:
        if any(node.tag in _CHROME for node in p.iterancestors()) or _hidden(p) or _off_article(p):
            continue
        text = _clean("".join(_VISIBLE_TEXT(p)))
        if text and text != byline:
            return text
    return ""


def _lang(root, meta: dict[str, str]) -> str:
    lang = (root.get("lang") or root.get("{http://www.w3.org/XML/1998/namespace}lang") or root.get("xml:lang")
            or meta.get("content-language") or "")
    return lang.split(",")[0].strip()


def _direction(root, tags: dict[str, list]) -> str:
    """The direction nearest the article: <body dir>, <html dir>, else the outermost <main> /
    <article> with a dir."""
    body = root.find("body")
    for el in (body, root):
        value = (el.get("dir") or "").strip().lower() if el is not None else ""
        if value in _DIRS:
            return value
    for el in (*tags["main"], *tags["article"]):
        value = (el.get("dir") or "").strip().lower()
        if value in _DIRS:
            return value
    return ""
