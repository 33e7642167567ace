"""Clean copied content for the reader page: plain semantic HTML, nothing that runs or hides.

What goes (the reader page has no script and one stylesheet of its own):
  - code and its fallbacks: script, style, link, meta, template, object/embed/applet, canvas;
    <noscript> is unwrapped (its content is what a script-less browser shows);
  - widgets: form controls (input, select, textarea, button, option) and dialogs; forms,
    fieldsets and labels are unwrapped so their text stays;
  - hidden content: ``hidden``, ``aria-hidden="true"``, inline ``display:none`` /
    ``visibility:hidden`` (a screen reader would otherwise read what nobody sees);
  - every attribute not on the allow-list below: event handlers, style, class, role, aria-*,
    tabindex, data-* (lazy images are resolved before this runs).
What changes:
  - frames become a link to what they embedded (named by their title or the frame's host);
  - landmarks inside the content (main, nav, aside) and nested articles become plain blocks,
    so the page keeps one main landmark, one article, and landmarks all at the top level;
  - presentational tags: font/marquee/blink -> span, center -> div;
  - links are made absolute against the page's base URL; links with a scheme that runs code
    (javascript:, data:, ...) are unwrapped to their text; image sources keep data:image/ URIs;
  - list structure is repaired (ul/ol hold only li, li sits in a list, dl holds dt/dd/div);
  - duplicate ids are dropped (the first keeps it).
"""
from __future__ import annotations

import re
from urllib.parse import urlsplit

from lxml import etree

from .. import dom
from ..links import clean_href, safe_url

REMOVED = frozenset(
    "script style link meta template object embed applet canvas input select textarea button option optgroup "
    "datalist dialog base title head frameset".split()
)
UNWRAPPED = frozenset({"noscript", "form", "label", "fieldset", "legend", "html", "body"})
FRAMES = frozenset({"iframe", "frame"})
RENAMED = {"font": "span", "marquee": "span", "blink": "span", "center": "div", "main": "div", "nav": "div", "aside": "div", "article": "div"}
GLOBAL_ATTRS = frozenset({"lang", "dir", "id"})
ALLOWED_ATTRS = {
    "a": {"href", "title", "hreflang", "name"},
    "img": {"src", "srcset", "sizes", "alt", "title", "width", "height"},
    "source": {"src", "srcset", "sizes", "media", "type"},
    "video": {"src", "poster", "controls", "width", "height", "preload"},
    "audio": {"src", "controls", "preload"},
    "track": {"src", "kind", "srclang", "label", "default"},
    "td": {"colspan", "rowspan", "headers"},
    "th": {"colspan", "rowspan", "headers", "scope", "abbr"},
    "col": {"span"},
    "colgroup": {"span"},
    "ol": {"start", "reversed", "type"},
    "li": {"value"},
    "time": {"datetime"},
    "del": {"datetime", "cite"},
    "ins": {"datetime", "cite"},
    "blockquote": {"cite"},
    "q": {"cite"},
    "abbr": {"title"},
    "details": {"open"},
    "data": {"value"},
    "section": {"aria-label"},  # a labelled region a screen reader can name and skip (kept comments)
    "svg": {"viewbox", "width", "height", "xmlns", "fill", "stroke", "preserveaspectratio"},
}
_HIDDEN_STYLE = re.compile(r"(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\s*(?:!important\s*)?(?:;|$)", re.I)
_IMAGE_DATA = re.compile(r"^data:image/[a-z0-9.+-]+[;,]", re.I)
LIST_TAGS = frozenset({"ul", "ol", "menu"})
_LIST_CHILDREN = frozenset({"li", "script", "template"})
_DL_CHILDREN = frozenset({"dt", "dd", "div", "script", "template"})
RESERVED_IDS = frozenset({"cp-content"})
# What clean's first pass changes: nodes that are not elements, and the tags above.
_ACTED_ON = (etree.Comment, etree.ProcessingInstruction, etree.Entity, *sorted(REMOVED | FRAMES | UNWRAPPED | set(RENAMED)))
# The ids of an element and its descendants, read by libxml2 (few elements have one).
_IDS = etree.XPath("descendant-or-self::*/@id", smart_strings=False)
# Attributes no element keeps (on no allow-list), the commonest of them: stripped from the whole
# copy in one libxml2 pass, most elements are left with no attribute at all and the Python loop
# below skips them (_filter_attributes would delete these one element at a time).
NEVER_KEPT = ("class", "style", "role", "tabindex", "target", "rel", "itemprop", "itemscope", "itemtype", "loading", "decoding", "aria-hidden")
# Elements whose sources _filter_attributes resolves (and so must see even without attributes).
MEDIA_TAGS = frozenset({"img", "source", "video", "audio", "track"})
# The descendants _drop_hidden has to look at, found by libxml2 instead of a Python walk over all:
# the attributes are selected and their owners taken (in document order, each once), which libxml2
# runs about twice as fast as a predicate on every element.
_MAY_HIDE = etree.XPath("(descendant::*/@hidden | descendant::*/@aria-hidden | descendant::*/@style)/..")


def clean(root, base_url: str | None) -> None:
    """Clean ``root`` (a detached copy of the content) in place."""
    _drop_hidden(root)
    # Only the nodes acted on, listed by libxml2 in document order (most elements are none of
    # these: no Python step for them), the list made before any change as a walk over all would.
    for el in list(root.iter(*_ACTED_ON)):
        if el is root:
            continue
        if not dom.is_element(el):  # comments, processing instructions
            dom.remove(el)
            continue
        tag = el.tag
        if tag in REMOVED:
            dom.remove(el)
        elif tag in FRAMES:
            _frame_to_link(el, base_url)
        elif tag in UNWRAPPED:
            dom.unwrap(el)
        elif tag in RENAMED:
            el.tag = RENAMED[tag]
    foreign = {el for top in root.iter("svg", "math") for el in top.iterdescendants()}
    if not foreign:  # (inside svg/math a class or style draws: those keep theirs)
        etree.strip_attributes(root, *NEVER_KEPT)
    for el in root.iter(etree.Element):  # elements only (what is_element keeps)
        if el in foreign:
            _strip_handlers(el)
        elif (names := el.keys()) or el.tag in MEDIA_TAGS:  # else _filter_attributes has nothing to do
            _filter_attributes(el, base_url, names)
    _resolve_links(root, base_url)
    repair_lists(root)
    dedupe_ids(root)


def _drop_hidden(root) -> None:
    hidden = [
        el for el in _MAY_HIDE(root)  # root's descendant elements with one of the attributes read here
        if (
            el.get("hidden") is not None
            or (el.get("aria-hidden") or "").strip().lower() == "true"
            or _HIDDEN_STYLE.search(el.get("style") or "")
        )
    ]
    hidden_set = set(hidden)  # the list's elements stay referenced, so their proxies are these objects
    for el in hidden:
        if el.getparent() is not None and not any(a in hidden_set for a in el.iterancestors()):
            dom.remove(el)


def _frame_to_link(el, base_url: str | None) -> None:
    url = safe_url(el.get("src"), base_url)
    if not url:
        dom.remove(el)
        return
    name = (el.get("title") or "").strip() or (urlsplit(url).hostname or url)
    p = dom.new_element("p")
    dom.new_element("a", {"href": url}, name, parent=p)
    p.tail = el.tail
    el.getparent().replace(el, p)


def _filter_attributes(el, base_url: str | None, names: list[str] | None = None) -> None:
    """Drop the attributes ``el`` may not keep, resolve its sources. ``names``: its attribute
    names as the caller read them (before any change here), else read here."""
    tag = dom.tag_of(el)
    if tag == "img":
        _keep_image_name(el)
        names = None  # (an aria-label may have become the alt)
    if names is None:
        names = el.keys()  # most content elements have none: nothing to filter then
    if names:
        allowed = ALLOWED_ATTRS.get(tag, ())
        keep_label = tag == "a" and "aria-label" in names and (el.get("aria-label") or "").strip() and not dom.text_of(el)
        attrib = el.attrib
        for name in names:
            key = name.lower()
            if key in GLOBAL_ATTRS or key in allowed or (keep_label and key == "aria-label"):
                continue
            del attrib[name]
        for key in ("lang", "dir"):
            if key not in names:
                continue  # never added above, only kept or deleted: absent now too (no lookup)
            value = el.get(key)
            if value is not None and not value.strip():
                del attrib[key]
    if tag in MEDIA_TAGS:
        _resolve_sources(el, base_url)
    if tag in ("video", "audio"):
        el.set("controls", "")  # without script, the browser's controls are the only way to play


def _strip_handlers(el) -> None:
    """Inside svg/math the attributes draw the picture: only event handlers and links go."""
    for name in list(el.attrib):
        key = name.lower()
        if key.startswith("on") or key in ("style", "href", "xlink:href", "{http://www.w3.org/1999/xlink}href"):
            del el.attrib[name]


def _keep_image_name(img) -> None:
    """An image named only by aria-label keeps that name as its alt before aria-* goes."""
    label = (img.get("aria-label") or "").strip()
    if img.get("alt") is None and label:
        img.set("alt", label)


def _resolve_sources(el, base_url: str | None) -> None:
    for attr in ("src", "poster"):
        value = el.get(attr)
        if value is None:
            continue
        cleaned = clean_href(value)
        if cleaned and _IMAGE_DATA.match(cleaned):
            continue
        url = safe_url(value, base_url)
        if url:
            el.set(attr, url)
        else:
            del el.attrib[attr]
    srcset = el.get("srcset")
    if srcset is not None:
        resolved = resolve_srcset(srcset, base_url)
        if resolved:
            el.set("srcset", resolved)
        else:
            del el.attrib["srcset"]


def resolve_srcset(value: str, base_url: str | None) -> str:
    """Each candidate of a srcset made absolute; unsafe candidates dropped."""
    out = []
    for candidate in value.split(","):
        parts = candidate.strip().split()
        if not parts:
            continue
        url = safe_url(parts[0], base_url)
        if url:
            out.append(" ".join([url.replace(" ", "%20").replace(",", "%2C"), *parts[1:2]]))
    return ", ".join(out)


def _resolve_links(root, base_url: str | None) -> None:
    ids = {ident for ident in _IDS(root) if ident}
    for a in list(root.iter("a")):
        href = a.get("href")
        if href is None:
            if a.get("name") and not a.get("id"):
                a.set("id", a.get("name"))
            a.attrib.pop("name", None)
            if not a.get("id"):
                dom.unwrap(a)
            continue
        a.attrib.pop("name", None)
        cleaned = clean_href(href) or ""
        if cleaned.startswith("#"):
            if cleaned[1:] in ids:
                a.set("href", cleaned)
            else:
                dom.unwrap(a)
            continue
        url = safe_url(href, base_url)
        if url:
            a.set("href", url)
        else:
            dom.unwrap(a)


def repair_lists(root) -> None:
    """ul/ol hold only li; an li outside a list becomes a paragraph; dl holds only dt/dd/div."""
    for el in list(root.iter(*LIST_TAGS)):
        for child in list(el):
            if dom.is_element(child) and dom.tag_of(child) not in _LIST_CHILDREN:
                li = dom.new_element("li")
                child.addprevious(li)
                li.append(child)  # moves child (with its tail) into the new item
    for li in list(root.iter("li")):
        parent = li.getparent()
        if parent is None or dom.tag_of(parent) not in LIST_TAGS:
            li.tag = "p"
            li.attrib.pop("value", None)
    for dl in list(root.iter("dl")):
        for child in list(dl):
            if dom.is_element(child) and dom.tag_of(child) not in _DL_CHILDREN:
                dd = dom.new_element("dd")
                child.addprevious(dd)
                dd.append(child)
    for dl in list(root.iter("dl")):
        _repair_definition_list(dl)
    for el in list(root.iter("dt", "dd")):
        parent = el.getparent()
        grand = parent.getparent() if parent is not None else None
        if parent is None or not (dom.tag_of(parent) == "dl" or (dom.tag_of(parent) == "div" and grand is not None and dom.tag_of(grand) == "dl")):
            el.tag = "p"
    _list_text_into_items(root)


def _repair_definition_list(dl) -> None:
    """A dl must be dt-then-dd groups. One with no term or no definition at all (wikis indent
    text with <dl><dd> and make pseudo-headings with <dl><dt>) is not a definition list: it
    becomes plain blocks. A div inside a dl may hold
    only dt/dd; a dd before the first dt gets an empty-term-free home by leaving the list."""
    items = [c for c in dl if dom.is_element(c)]
    terms = [c for c in dl.iter("dt") if c.getparent() is dl or dom.tag_of(c.getparent()) == "div"]
    definitions = [c for c in dl.iter("dd") if c.getparent() is dl or dom.tag_of(c.getparent()) == "div"]
    if not terms or not definitions:
        for child in items:
            tag = dom.tag_of(child)
            if tag in ("dd", "div"):
                child.tag = "div"
            elif tag == "dt":
                child.tag = "p"
        dl.tag = "div"
        return
    for child in items:
        if dom.tag_of(child) == "div":
            for inner in list(child):
                if dom.is_element(inner) and dom.tag_of(inner) not in ("dt", "dd", "script", "template"):
                    dd = dom.new_element("dd")
                    inner.addprevious(dd)
                    dd.append(inner)
    leading = []
    for child in items:
        if dom.tag_of(child) == "dt" or (dom.tag_of(child) == "div" and child.find("dt") is not None):
            break
        leading.append(child)
    for child in leading:  # definitions before any term: kept as blocks just before the list
        child.tag = "div"
        dl.addprevious(child)


def _list_text_into_items(root) -> None:
    """Bare text directly inside ul/ol (between items) moves into the item before it."""
    for el in root.iter(*LIST_TAGS):
        if (el.text or "").strip():
            li = dom.new_element("li", text=el.text.strip())
            el.text = None
            el.insert(0, li)
        for child in el:
            if (child.tail or "").strip() and dom.tag_of(child) == "li":
                child.append(dom.new_element("span", text=" " + child.tail.strip()))
                child.tail = None


def dedupe_ids(root) -> None:
    """Drop empty, repeated and reserved ids (the first holder of an id keeps it, stripped)."""
    values = _IDS(root)
    if _ids_need_no_change(values):
        return  # (most pages: nothing to change, known from the values alone without a walk)
    seen: set[str] = set(RESERVED_IDS)
    for el in root.iter(etree.Element):
        ident = el.get("id")
        if ident is None:
            continue
        ident = ident.strip()
        if not ident or ident in seen:
            del el.attrib["id"]
        else:
            seen.add(ident)
            el.set("id", ident)


def _ids_need_no_change(values: list[str]) -> bool:
    """Whether ids with these values (every id under a root, as ``_IDS`` lists them) need no
    change: none empty, none with whitespace around it, none repeated, none reserved."""
    distinct = set(values)
    return len(distinct) == len(values) and distinct.isdisjoint(RESERVED_IDS) and all(v and v == v.strip() for v in values)
