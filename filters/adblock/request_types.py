"""Which request type a URL in an element would be fetched as, in Adblock Plus terms.

Filter-list rules are scoped by request type (``$image``, ``$script``, ``$subdocument``...), so
the element holding a URL decides how the URL is checked: ``<img src>`` is an image request,
``<iframe src>`` a sub-frame, ``<video poster>`` an image although ``<video src>`` is media.

Links (``<a href>``, ``<area href>``) and form actions are navigations, so they are checked as
``document``: the engine then applies host-anchored rules (``||adserver.example^``) and explicit
``$document`` rules, exactly what a browser's blocker applies to a click. Generic path rules
(``/ads/*``, ``-banner-``), which lists write for sub-resources, do not apply; checking links as
``other`` would remove a site's own "Advertise with us" or ``/ads/`` pages.

The names are adblock-rust's (``sub_frame``, ``xmlhttprequest``...); ``normalize`` maps the
other spellings lists and test sets use onto them.
"""
from __future__ import annotations

IMAGE = "image"
SCRIPT = "script"
STYLESHEET = "stylesheet"
SUB_FRAME = "sub_frame"
MEDIA = "media"
OBJECT = "object"
FONT = "font"
DOCUMENT = "document"
OTHER = "other"

# Spellings seen in lists and test data -> adblock-rust's names. "fetch" is left alone: the
# engine files it under "other", which is what the shared conformance set expects
# (``||tcog.news.com.au^$~xmlhttprequest`` must match a fetch there).
_ALIASES = {
    "subdocument": SUB_FRAME,
    "frame": SUB_FRAME,
    "xhr": "xmlhttprequest",
    "main_frame": DOCUMENT,
    "img": IMAGE,
    "imageset": IMAGE,
    "css": STYLESHEET,
    "object_subrequest": OBJECT,
    "beacon": "ping",
}

# Element -> request type of its main URL (src / href / data).
_BY_TAG = {
    "img": IMAGE,
    "picture": IMAGE,
    "image": IMAGE,  # SVG <image href>
    "script": SCRIPT,
    "iframe": SUB_FRAME,
    "frame": SUB_FRAME,
    "video": MEDIA,
    "audio": MEDIA,
    "track": OTHER,  # subtitles: a text fetch
    "object": OBJECT,
    "embed": OBJECT,
    "applet": OBJECT,
    "a": DOCUMENT,
    "area": DOCUMENT,
    "form": DOCUMENT,
}

# <link rel=preload as=...> values -> request type.
_PRELOAD_AS = {
    "image": IMAGE,
    "script": SCRIPT,
    "style": STYLESHEET,
    "font": FONT,
    "audio": MEDIA,
    "video": MEDIA,
    "track": OTHER,
    "document": SUB_FRAME,
    "fetch": "xmlhttprequest",
}


def normalize(request_type: str) -> str:
    """adblock-rust's name for ``request_type`` (unknown names pass through; the engine treats them as other)."""
    name = request_type.strip().lower()
    return _ALIASES.get(name, name)


def for_attribute(tag: str, attr: str, el) -> str:
    """The request type of the URL in ``el``'s attribute ``attr`` (``tag`` is ``el``'s lower-case tag)."""
    if attr == "poster":
        return IMAGE
    if attr == "action":
        return DOCUMENT
    if attr.endswith("srcset"):
        return IMAGE
    if tag == "link":
        return _link_type(el)
    if tag == "source":
        parent = el.getparent()
        return MEDIA if parent is not None and parent.tag in ("video", "audio") else IMAGE
    if tag == "input":
        return IMAGE if (el.get("type") or "").strip().lower() == "image" else OTHER
    kind = _BY_TAG.get(tag)
    if kind is not None:
        return kind
    # Lazy-loading attributes on other elements (div data-src=...) hold background images.
    return IMAGE if attr.startswith("data-") else OTHER


def _link_type(el) -> str:
    rel = set((el.get("rel") or "").lower().split())
    if "stylesheet" in rel:
        return STYLESHEET
    if rel & {"icon", "apple-touch-icon", "apple-touch-icon-precomposed", "mask-icon"}:
        return IMAGE
    if rel & {"preload", "prefetch", "modulepreload"}:
        if "modulepreload" in rel:
            return SCRIPT
        return _PRELOAD_AS.get((el.get("as") or "").strip().lower(), OTHER)
    return OTHER
