"""The last pass over a page before it is served: nothing in it can run script.

Runs on every reader and text page, and on filter-mode pages whose profile ignores scripts
(``filters.ignore.scripts``), after every filter and after the removed-links nav, so it holds
for whatever the filters and the renderers wrote. It is deliberately independent of them: a
later change to the reader page cannot reopen a hole this closes.

What it does to the final document:
- kills ``<script>`` and SVG animation elements that can rewrite a link into ``javascript:``
  (``<set>``/``<animate>`` on ``href``), processing instructions, and comments whose text could
  close them early in a browser (``--!>`` style parser differences);
- strips every ``on*`` event-handler attribute and ``srcdoc`` (a whole HTML document);
- every URL-carrying attribute (``href``, ``src``, ``action``, ``formaction``, ``xlink:href``,
  ...) keeps only a relative URL or one of ``SAFE_SCHEMES``; ``data:`` survives only as an
  image on image elements; ``<meta http-equiv=refresh>`` and ``<base>`` pointing anywhere
  else are removed;
- style attributes and ``<style>`` text holding script-ish CSS (``expression(``,
  ``javascript:``, ``-moz-binding``, ``behavior:``) are removed, and so is a ``<style>`` inside
  SVG/MathML whose text holds markup (a browser parses it there; lxml writes it raw: mXSS).

Text is never touched: lxml escapes it on serialisation.
"""
from __future__ import annotations

import re
from urllib.parse import urlsplit

from lxml import etree

from . import dom, prefilter
from .links import clean_href

# Schemes a link may keep: none of them runs code in the page.
SAFE_SCHEMES = frozenset(
    {"http", "https", "mailto", "tel", "sms", "ftp", "ftps", "news", "nntp", "irc", "ircs", "xmpp", "geo",
     "magnet", "webcal", "sip", "sips", "matrix", "about", "cid", "mid"}
)
URL_ATTRIBUTES = frozenset(
    {"href", "src", "action", "formaction", "data", "poster", "background", "cite", "longdesc", "lowsrc",
     "dynsrc", "ping", "manifest", "codebase", "archive", "classid", "icon", "profile", "usemap", "xlink:href"}
)
# Elements whose src/srcset may be a data: image (it cannot run script as an image).
IMAGE_ELEMENTS = frozenset({"img", "source", "picture", "input", "video", "image"})
_DATA_IMAGE = re.compile(r"^data:image/(?:png|gif|jpe?g|webp|avif|bmp|svg\+xml|x-icon|vnd\.microsoft\.icon)[;,]", re.IGNORECASE)
# SVG animation elements: <set attributeName="href" to="javascript:..."> turns a link into script.
ANIMATION = frozenset({"set", "animate", "animatemotion", "animatetransform", "animatecolor"})
ANIMATED_VALUES = ("to", "from", "values", "by")
# In SVG and MathML a browser parses <style> content as markup; libxml2 keeps it as raw text and
# writes it out unescaped, so "<svg><style><img onerror=...>" would come alive in the browser.
FOREIGN_ROOTS = frozenset({"svg", "math"})
_SCRIPTY_CSS = re.compile(r"expression\s*\(|javascript\s*:|vbscript\s*:|-moz-binding|behavior\s*:", re.IGNORECASE)
# The words _SCRIPTY_CSS looks for: text holding none of them (in any case) cannot match it.
_SCRIPTY_WORDS = prefilter.Words("expression", "javascript", "vbscript", "-moz-binding", "behavior")
_REFRESH_URL = re.compile(r"url\s*=\s*['\"]?\s*([^'\"]*)", re.IGNORECASE)


# The element names _clean_element may remove; any other element only has its attributes checked.
_REMOVABLE = frozenset({"script", "meta", "base", "style", "isindex"}) | ANIMATION
# A <base> may only point at a web address: any other scheme (ftp:, mailto:...) would make every
# relative link on the page a link of that scheme.
_BASE_SCHEMES = frozenset({"http", "https"})
# Lower-case, unprefixed element names that _clean_element never removes (the ones most pages are
# made of): for them the tag needs no lowering, splitting or removal check.
_PLAIN_TAGS = frozenset(
    {"div", "a", "li", "span", "p", "path", "link", "img", "option", "polygon", "strong", "button", "td", "input",
     "svg", "text", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "br", "code", "label", "i", "section", "tr",
     "em", "b", "source", "article", "figure", "nav", "symbol", "use", "form", "th", "header", "time", "circle",
     "footer", "picture", "dt", "dd", "title", "html", "head", "body", "pre", "dl", "table", "hr", "figcaption",
     "cite", "g", "aside", "template", "main", "small", "sup", "sub", "tbody", "thead", "blockquote", "iframe",
     "select", "textarea", "video", "noscript", "u", "abbr", "rect", "defs", "font", "center"}
) - _REMOVABLE
# Attribute names the loop in _clean_element would leave alone (lower-case already, no "on"
# prefix, not srcdoc, style or a URL attribute): the most common ones skip its checks.
_HARMLESS_ATTRIBUTES = frozenset(
    {"class", "id", "d", "rel", "type", "value", "alt", "fill", "points", "aria-label", "role", "name", "width",
     "height", "aria-hidden", "loading", "media", "viewbox", "x", "y", "text-anchor", "dominant-baseline", "title",
     "target", "srcset", "xmlns", "decoding", "sizes", "tabindex", "for", "hreflang", "as", "aria-expanded",
     "itemprop", "crossorigin", "stroke-width", "dir", "aria-controls", "placeholder", "lang", "colspan", "rowspan",
     "align", "valign", "border", "cellpadding", "cellspacing", "content", "property", "charset", "itemscope",
     "itemtype", "datetime", "method", "aria-current", "aria-labelledby", "aria-describedby", "autocomplete"}
)
# Every name known to be left alone by _clean_element (kind _OTHER): the harmless ones above, and
# each name _kind_of has found so since (a name's kind depends on the name alone, so the answer
# holds for every page). The fast paths in clean() test against it: an element on a plain tag
# carrying only such names (data-*, aria-*, ...) needs no _clean_element call. Grows with
# _KIND_OF_NAME, within its bound.
_OTHER_NAMES: set[str] = set(_HARMLESS_ATTRIBUTES)
# Starts of most links: an http(s) URL or a relative one, safe whatever follows when the value is
# ASCII without brackets (then _scheme reads the scheme from these characters, which cleaning keeps).
_PLAIN_URL_STARTS = ("https://", "http://", "/", "#")
# The URL attributes most elements carry alone (a link's href, an image's src): clean() tests a
# lone one's value itself instead of calling _clean_element.
_PLAIN_URL_NAMES = frozenset({"href", "src"})
# A URL's scheme as urlsplit reads it (letters, digits, "+-." up to the first ":", a letter first).
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*:")


def clean(doc) -> int:
    """Make ``doc`` script-free in place; returns how many things were removed or stripped."""
    changes = 0
    for node in list(doc.iter(etree.Comment, etree.ProcessingInstruction)):
        if isinstance(node, etree._ProcessingInstruction) or _unsafe_comment(node.text or ""):
            dom.remove(node)
            changes += 1
    styles: dict[str, bool] = {}  # style attribute value -> scripty? (a page repeats its inline styles)
    for el in list(doc.iter(etree.Element)):  # elements only: the walk every page pays for, kept lean
        names = el.keys()
        if el.tag in _PLAIN_TAGS:
            # One name (most elements with any) is one set lookup; issuperset first makes a set of the list.
            if names[0] in _OTHER_NAMES if len(names) == 1 else _OTHER_NAMES.issuperset(names):
                continue  # most elements: _clean_element would find nothing to do (no call made)
            # Beside harmless names, a plain href/src (a link, an image: what _safe_url's first
            # test keeps) or a style value already judged harmless on this page: kept as they are.
            for name in names:
                if name in _OTHER_NAMES:
                    continue
                if name in _PLAIN_URL_NAMES:
                    if _plain_url(el.get(name)):
                        continue
                elif name == "style" and styles.get(el.get(name)) is False:
                    continue
                break
            else:
                continue
        changes += _clean_element(el, names, styles)
    return changes


def _clean_element(el, names: list[str], styles: dict[str, bool]) -> int:
    """Remove ``el`` if it can run script, else strip its unsafe attributes (``names``, read just
    before); returns the changes. ``styles``: the verdicts on style values seen so far on the
    page (_scripty_css depends on the value alone; 9 in 10 of a page's style values repeat one)."""
    tag = el.tag
    if tag in _PLAIN_TAGS:  # the common case: nothing to lower, split or check for removal
        local = tag
    else:
        tag = tag.lower()
        local = tag.rsplit(":", 1)[-1] if ":" in tag else tag
        if local in _REMOVABLE and _removes_itself(el, tag, local):
            dom.remove(el)
            return 1
    changes = 0
    for name in names:
        if name in _OTHER_NAMES:
            continue
        kind = _KIND_OF_NAME.get(name) or _kind_of(name)
        if kind is _HANDLER:
            del el.attrib[name]
            changes += 1
        elif kind is _URL:
            if not _safe_url(el.get(name), local):
                del el.attrib[name]
                changes += 1
        elif kind is _STYLE:
            value = el.get(name) or ""
            scripty = styles.get(value)
            if scripty is None:
                scripty = styles[value] = _scripty_css(value)
            if scripty:
                del el.attrib[name]
                changes += 1
    return changes


# What _clean_element does with an attribute, by its name: strip it, check its URL, check its CSS,
# or leave it (OTHER). The answer depends on the name alone, so it is worked out once per name.
_HANDLER, _URL, _STYLE, _OTHER = "handler", "url", "style", "other"
# Names seen so far and their kind; bounded so a page of made-up names cannot grow it without end.
_KIND_OF_NAME: dict[str, str] = {}
_MAX_KNOWN_NAMES = 4096


def _kind_of(name: str) -> str:
    """The kind of attribute ``name`` (any case): event handlers and srcdoc are stripped, URL
    attributes (and any ...:href) checked as URLs, style checked as CSS."""
    lower = name.lower()
    if lower.startswith("on") or lower == "srcdoc":
        kind = _HANDLER
    elif lower in URL_ATTRIBUTES or lower.endswith(":href"):
        kind = _URL
    elif lower == "style":
        kind = _STYLE
    else:
        kind = _OTHER
    if len(_KIND_OF_NAME) < _MAX_KNOWN_NAMES:
        _KIND_OF_NAME[name] = kind
        if kind is _OTHER:
            _OTHER_NAMES.add(name)
    return kind


def _removes_itself(el, tag: str, local: str) -> bool:
    """Whether this script-capable element (script, SVG animation, refresh, base, style) must go."""
    if local == "script" or (local in ANIMATION and _animates_script(el)):
        return True
    if local == "meta" and _bad_refresh(el):
        return True
    if local == "base" and not _web_url(el.get("href")):
        return True
    if local == "isindex":
        return True  # obsolete: browsers once made it a search form submitting to the page
    return local == "style" and bool(_scripty_css(el.text or "") or ("<" in (el.text or "") and _in_foreign_content(el)))


def _scheme(cleaned: str) -> str:
    """``urlsplit(cleaned).scheme.lower()``; ValueError where urlsplit raises one."""
    if cleaned.isascii() and "[" not in cleaned and "]" not in cleaned:
        # urlsplit raises only for brackets or a non-ASCII host; clean_href already removed the
        # control characters and spaces it would strip, so its scheme is this match.
        match = _SCHEME.match(cleaned)
        return match.group()[:-1].lower() if match else ""
    return urlsplit(cleaned).scheme.lower()


def _plain_url(value: str | None) -> bool:
    """An http(s) or relative URL, ASCII without brackets: safe on any element (``_safe_url``
    answers True without cleaning it: cleaning keeps such a start)."""
    return value is not None and value.startswith(_PLAIN_URL_STARTS) and value.isascii() and "[" not in value and "]" not in value


def _safe_url(value: str | None, tag: str) -> bool:
    """Whether the URL ``value`` on a ``tag`` element can stay (relative, or a safe scheme)."""
    if _plain_url(value):
        return True  # what the full check below answers for these
    cleaned = clean_href(value)
    if cleaned is None:
        return True
    try:
        scheme = _scheme(cleaned)
    except ValueError:
        return False
    if not scheme:
        return True
    if scheme == "data":
        return tag in IMAGE_ELEMENTS and bool(_DATA_IMAGE.match(cleaned))
    return scheme in SAFE_SCHEMES


def _web_url(value: str | None) -> bool:
    """No URL, a relative one, or an http(s) one (what a <base> may keep)."""
    cleaned = clean_href(value)
    if cleaned is None:
        return True
    try:
        scheme = _scheme(cleaned)
    except ValueError:
        return False
    return not scheme or scheme in _BASE_SCHEMES


def _scripty_css(text: str) -> bool:
    """``_SCRIPTY_CSS.search(text)``; the text (a page's stylesheet, mostly) is first searched for
    the plain words, which is many times cheaper than the case-insensitive regex (several ms on a
    large non-ASCII stylesheet)."""
    return _SCRIPTY_WORDS.may_match(text) and _SCRIPTY_CSS.search(text) is not None


def _in_foreign_content(el) -> bool:
    """Inside <svg> or <math>, where a browser parses <style> text as markup but lxml wrote it raw."""
    return any(dom.tag_of(a).lower() in FOREIGN_ROOTS for a in el.iterancestors())


def _animates_script(el) -> bool:
    target = (el.get("attributeName") or el.get("attributename") or "").strip().lower()
    if target.endswith("href") or target.startswith("on"):
        return True
    return any(_scripty_css(el.get(a) or "") for a in ANIMATED_VALUES)


def _bad_refresh(meta) -> bool:
    if (meta.get("http-equiv") or "").strip().lower() != "refresh":
        return False
    match = _REFRESH_URL.search(meta.get("content") or "")
    return bool(match) and not _safe_url(match.group(1), "meta")


def _unsafe_comment(text: str) -> bool:
    """A comment a browser could end before lxml does (HTML's comment rules vs. libxml2's)."""
    return "--" in text or "<!-" in text or text.startswith((">", "->")) or text.endswith(("-", "--!"))
