"""Lazy images resolved: the picture a script would have loaded, put where a script-less page shows it.

Pages defer images with a placeholder ``src`` (empty, a tiny data: URI, a 1x1 gif, a blurred
thumbnail) and the real address in ``data-src`` / ``data-srcset`` / ``data-original`` & co.,
plus a ``<noscript>`` copy for browsers without script. The reader page has no script, so:

1. a ``<noscript>`` holding one image that follows an image replaces that image (the noscript
   copy is the real one); one that only asks for JavaScript, or whose text is markup written
   out as text (a tracking pixel's escaped ``&lt;img&gt;``), goes; other noscripts are unwrapped;
2. an image whose ``src`` is missing or a placeholder takes its address from the lazy
   attributes (known names first, then any ``data-*`` value that looks like an image URL);
   ``data-srcset`` (on img and picture/source) becomes ``srcset``;
3. two adjacent images of the same picture (same file name, e.g. a thumbnail then the full
   size left by an unwrapped noscript) keep only the later;
4. an image left with no address at all is removed (it would show nothing to anybody).

This is the one resolver: auto's selection (content/rules/lazy_images.py) resolves the
addresses of its images with ``resolve_addresses`` (step 2 alone), the reader page all four.
"""
from __future__ import annotations

import re
from urllib.parse import urlsplit

from .. import dom

# Attributes scripts read the real address from, most specific first (every loader's name
# either resolver knew before they were one).
SRC_ATTRS = ("data-src", "data-original", "data-lazy-src", "data-hi-res-src", "data-high-res-src", "data-url",
             "data-actualsrc", "data-echo", "data-lazy", "data-src-retina")
SRCSET_ATTRS = ("data-srcset", "data-lazy-srcset", "data-original-set")
_IMAGE_URL = re.compile(r"^\s*(?:https?:)?/{0,2}[^\s\"'<>]+\.(?:jpe?g|png|gif|webp|avif|svg|bmp)(?:[?#][^\s]*)?\s*$", re.I)
_SRCSET = re.compile(r"\.(?:jpe?g|png|gif|webp|avif)(?:\?\S*)?\s+\d+(?:\.\d+)?[wx]", re.I)
# A data: URI this short is a placeholder (a 1x1 gif is ~70 bytes), not a real picture.
PLACEHOLDER_DATA_CHARS = 200
# An address that stands in for the real one when a loader attribute names another.
_STAND_IN = re.compile(r"^data:|placeholder|blank\.", re.I)
_PLACEHOLDER_NAME = re.compile(r"(?:blank|spacer|placeholder|pixel|transparent|lazy|loading|grey|gray)[^/]*\.(?:gif|png|svg)$", re.I)


def resolve(root) -> None:
    """Resolve every lazy image under ``root`` in place (before attributes are filtered)."""
    _noscript_images(root)
    for source in list(root.iter("source")):
        _take_srcset(source)
    for img in list(root.iter("img")):
        _resolve_image(img)
    _drop_duplicates(root)
    for img in list(root.iter("img")):
        if not (img.get("src") or "").strip() and not (img.get("srcset") or "").strip():
            parent = img.getparent()
            dom.remove(img)
            if parent is not None and dom.tag_of(parent) == "picture" and not list(parent.iter("img")):
                dom.remove(parent)


def resolve_addresses(root) -> None:
    """Step 2 alone: every image (and <source>) under ``root``, ``root`` included, takes its real
    address from the lazy attributes; nothing is removed."""
    for el in root.iter("source", "img"):
        if el.tag == "source":
            _take_srcset(el)
        else:
            _resolve_image(el, keep_placeholder=True)


def is_placeholder(src: str | None) -> bool:
    value = (src or "").strip()
    if not value or value in ("#", "about:blank"):
        return True
    if value.lower().startswith("data:"):
        return len(value) < PLACEHOLDER_DATA_CHARS
    return bool(_PLACEHOLDER_NAME.search(_path_of(value)))


def _resolve_image(img, keep_placeholder: bool = False) -> None:
    _take_srcset(img)
    src = (img.get("src") or "").strip()
    # a data: URI of any size (a blurred preview) or a "placeholder" / "blank." file of any
    # type gives way to a real address a loader names
    if not is_placeholder(src) and not (_STAND_IN.search(src) and _lazy_address(img)):
        return
    for attr in SRC_ATTRS:
        value = (img.get(attr) or "").strip()
        if value and not is_placeholder(value):
            img.set("src", value)
            return
    for attr, value in img.attrib.items():
        if attr.startswith("data-") and _IMAGE_URL.match(value or "") and not is_placeholder(value):
            img.set("src", value.strip())
            return
    srcset = img.get("srcset")
    if srcset:
        first = srcset.split(",")[0].split()
        if first:
            img.set("src", first[0])
            return
    if is_placeholder(img.get("src")) and img.get("src") is not None and not keep_placeholder:
        del img.attrib["src"]


def _lazy_address(img) -> bool:
    return any((img.get(attr) or "").strip() and not is_placeholder(img.get(attr)) for attr in SRC_ATTRS)


def _take_srcset(el) -> None:
    if (el.get("srcset") or "").strip():
        return
    for attr in SRCSET_ATTRS:
        value = (el.get(attr) or "").strip()
        if value:
            el.set("srcset", value)
            return
    for attr, value in el.attrib.items():
        if attr.startswith("data-") and value and _SRCSET.search(value):
            el.set("srcset", value.strip())
            return


def _noscript_images(root) -> None:
    for noscript in list(root.iter("noscript")):
        images = list(noscript.iter("img"))
        previous = _previous_element(noscript)
        if len(images) == 1 and previous is not None and _single_image(previous) is not None and not dom.text_of(noscript):
            old = _single_image(previous)
            new = images[0]
            new.tail = old.tail
            old.getparent().replace(old, new)
            dom.remove(noscript)
        elif dom.is_script_notice(noscript) or dom.is_escaped_markup(noscript):
            dom.remove(noscript)
        else:
            dom.unwrap(noscript)


def _previous_element(el):
    prev = el.getprevious()
    while prev is not None and not dom.is_element(prev):
        prev = prev.getprevious()
    if prev is not None and (el.getprevious() is prev and (prev.tail or "").strip()):
        return None  # text between them: not the same picture
    return prev


def _single_image(el):
    if dom.tag_of(el) == "img":
        return el
    images = list(el.iter("img"))
    if len(images) == 1 and not dom.text_of(el):
        return images[0]
    return None


def _path_of(url: str) -> str:
    """The URL's path; "" for one urlsplit refuses (a bracketed host that is no IP address)."""
    try:
        return urlsplit(url).path or ""
    except ValueError:
        return ""


def _file_name(img) -> str:
    src = (img.get("src") or "").strip()
    if not src or src.lower().startswith("data:"):
        return ""
    return _path_of(src).rstrip("/").rsplit("/", 1)[-1].lower()


def _drop_duplicates(root) -> None:
    for img in list(root.iter("img")):
        parent = img.getparent()
        if parent is None:
            continue
        nxt = img.getnext()
        if nxt is None or dom.tag_of(nxt) != "img" or (img.tail or "").strip():
            continue
        name = _file_name(img)
        if name and name == _file_name(nxt) or is_placeholder(img.get("src")) and not img.get("srcset"):
            if not nxt.get("alt") and img.get("alt"):
                nxt.set("alt", img.get("alt"))
            dom.remove(img)
