"""Text alternatives: every image has one, every link has a name, empty links are gone.

Images (the rule the reader page and the ``assistive`` filter share):
  1. its own ``alt`` (kept as written, trimmed; ``alt=""`` stays decorative), unless the alt
     is only a file name ("12-IMG_3886.jpg"), which counts as missing;
  2. else its ``title``;
  3. else its caption: the ``<figcaption>`` of the ``<figure>`` holding it, else the words
     beside it in its own small block (``<div class=wp-caption><img><p>Revenue by
     quarter</p></div>``: a chart or screenshot captioned without a figure), unless it is
     icon-sized (``width``/``height`` under ``ICON_MAX_PX``);
  4. else ``alt=""``: decorative. A file name read aloud ("IMG_2041 dot jpeg") tells nobody
     anything, and an image with no alternative is announced that way.
Links whose content gives no name (images with ``alt=""``, empty icons):
  the link's ``title``, else a name made from where it goes ("example.com/about"); the
  address is language-neutral, so no English word lands in a page in another language.
Inline svg: named by its <title> (role=img), else hidden from assistive technology.
Links with no content at all are unwrapped (nothing to click, nothing to read).
"""
from __future__ import annotations

import re
from urllib.parse import unquote, urlsplit

from lxml import etree

from .. import dom
from ..links import safe_url

# Captions used as an image's alt are cut at this length (a word boundary before it).
MAX_ALT_CHARS = 250
# An image declared this small (either side, in pixels) is an icon or spacer: no caption for it.
ICON_MAX_PX = 48
# The first of these above an image is its own block, whose other words may caption it. Not p,
# li, td: there the words share the image's line, and repeating them as its alt is redundant.
_CAPTION_BLOCKS = frozenset({"div", "p", "td", "li", "dd", "th", "center"})
_CAPTION_WRAPPERS = frozenset({"div", "center"})
_IMAGE_EXTENSIONS = (".jpg", ".jpeg", ".png", ".gif", ".webp", ".avif", ".svg", ".bmp")
_FILE_NAME = re.compile(r"^[^\s/]*\.(?:jpe?g|png|gif|webp|avif|svg|bmp|tiff?|heic)$", re.I)


def is_file_name(text: str) -> bool:
    """An alt that is only a file name ("12-IMG_3886.jpg") says nothing: it counts as missing."""
    return bool(_FILE_NAME.match(text.strip()))


def image_alternative(img) -> str:
    """The text alternative rule above, without changing ``img``."""
    alt = img.get("alt")
    if alt is not None and not is_file_name(alt):
        return dom.collapse(alt)
    title = (img.get("title") or "").strip()
    if title:
        return dom.WHITESPACE.sub(" ", title)
    return shorten(caption_of(img) or _words_beside(img), MAX_ALT_CHARS)


def caption_of(img) -> str:
    """The figcaption text of the figure holding ``img`` ("" when there is none)."""
    for anc in img.iterancestors():
        if dom.tag_of(anc) == "figure":
            caption = anc.find(".//figcaption")
            return dom.text_of(caption) if caption is not None else ""
    return ""


def _words_beside(img) -> str:
    """The text of the image's own block when that block is the image and a caption-sized line
    (one image, at most ``MAX_ALT_CHARS`` of text, no link, the image not icon-sized)."""
    if _icon_sized(img):
        return ""
    block = next((anc for anc in img.iterancestors() if dom.tag_of(anc) in _CAPTION_BLOCKS), None)
    if block is None or dom.tag_of(block) not in _CAPTION_WRAPPERS or sum(1 for _ in block.iter("img")) != 1 or next(block.iter("a", "table", "ul", "ol"), None) is not None:
        return ""
    text = dom.text_of(block)
    if len(text) > MAX_ALT_CHARS:
        return ""
    if _text_on_both_sides(block, img):
        return ""  # an image inside a sentence ("see <img> below"): the sentence is not its name
    return text


def _text_on_both_sides(block, img) -> bool:
    before = after = seen = False
    for event, el in etree.iterwalk(block, events=("start", "end")):
        if event == "start":
            seen = seen or el is img
            text = el.text
        else:
            text = el.tail if el is not block else None
        if text and text.strip():
            if seen:
                after = True
            else:
                before = True
    return before and after


def _icon_sized(img) -> bool:
    for side in ("width", "height"):
        value = (img.get(side) or "").strip().removesuffix("px")
        if value.isdigit() and int(value) < ICON_MAX_PX:
            return True
    return False


def shorten(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    cut = text[:limit].rsplit(" ", 1)[0]
    return cut.rstrip(" ,;:") + "…"


def name_images(root) -> int:
    """Give every image under ``root`` an alt; returns how many were added."""
    added = 0
    for img in root.iter("img"):
        if img.get("alt") is None or is_file_name(img.get("alt")):
            img.set("alt", image_alternative(img))
            added += 1
        else:
            img.set("alt", dom.collapse(img.get("alt")))
    return added


def name_svgs(root) -> None:
    """An inline svg with a <title> is an image of that name; one without is decorative."""
    for svg in root.iter("svg"):
        title = next((dom.text_of(t) for t in svg.iter("title") if dom.text_of(t)), "")
        if title:
            svg.set("role", "img")
            svg.set("aria-label", title)
        else:
            svg.set("aria-hidden", "true")


def accessible_text(el) -> str:
    """What a screen reader would read for ``el``'s content: its text plus image alts and labels."""
    parts = [dom.text_of(el)]
    for node in el.iter("img", "svg"):
        if dom.tag_of(node) == "img":
            parts.append((node.get("alt") or "").strip())
        else:
            parts.append((node.get("aria-label") or "").strip())
    return " ".join(p for p in parts if p).strip()


def has_accessible_text(el) -> bool:
    """``bool(accessible_text(el))`` without building the text: the link's own text mostly answers."""
    text = el.text
    if text and not text.isspace():
        return True
    if dom.string_of(el).strip():  # str.strip drops what dom.text_of collapses away
        return True
    for node in el.iter("img", "svg"):
        if (node.get("alt" if dom.tag_of(node) == "img" else "aria-label") or "").strip():
            return True
    return False


def url_name(href: str) -> str:
    """A readable, language-neutral name for a link target: host and path, decoded."""
    try:
        parts = urlsplit(href)
    except ValueError:
        return href
    host = (parts.hostname or "").removeprefix("www.")
    path = unquote(parts.path or "").rstrip("/")
    for ext in _IMAGE_EXTENSIONS:
        if path.lower().endswith(ext):
            path = path[: -len(ext)]
            break
    name = (host + path) if host else path.lstrip("/")
    return shorten(name or href, 80)


def name_links(root, *, unwrap_empty: bool = True, base_url: str | None = None, show_empty: bool = False) -> tuple[int, int]:
    """Name links that have no name; unwrap links with nothing in them. Returns (named, unwrapped).

    ``unwrap_empty=False`` (filter mode) names empty links too: they may show a CSS icon.
    ``show_empty``: an empty link (no image, no style attribute) gets its name as visible text,
    not only as ``aria-label``: on a page with no stylesheet nothing can draw it, and a link a
    keyboard reaches but no one sees is a focus stop on nothing.
    """
    named = unwrapped = 0
    for a in list(root.iter("a")):
        text = a.text
        if text and not text.isspace():
            continue  # named by its own text, what has_accessible_text reads first (no attribute read)
        if a.get("href") is None or (a.get("aria-label") or "").strip() or a.get("aria-labelledby"):
            continue
        if has_accessible_text(a):
            continue
        if unwrap_empty and not list(a.iter("img", "svg", "picture", "video")):
            dom.unwrap(a)
            unwrapped += 1
            continue
        href = safe_url(a.get("href"), base_url) or a.get("href")
        name = (a.get("title") or "").strip() or url_name(href)
        if show_empty and not list(a.iter("img", "svg", "picture", "video")) and not a.xpath("descendant-or-self::*[@style]"):
            a.text = name + (a.text or "")
        else:
            a.set("aria-label", name)
        named += 1
    return named, unwrapped
