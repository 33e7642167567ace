"""DOM primitives shared by every filter: parsing, removing and unwrapping, describing, measuring.

Parsing always goes through here so the whole engine sees one kind of tree (lxml.html with
``HtmlElement`` nodes, comments and processing instructions kept as their own node types).
"""
from __future__ import annotations

import re

import lxml.html
from lxml import etree
from lxml.html import HtmlElement

from . import streaming
from .errors import PageError
# Tree walks and ancestry tests, offered as dom's own (dom.is_inside, ...): they live in tree.py
# so that streaming.py, a step of parse, can use them without importing this module.
from .tree import has_ancestor_in as has_ancestor_in
from .tree import in_document as in_document
from .tree import is_inside as is_inside
from .tree import iter_document as iter_document

# The parser is told the bytes are UTF-8 so a stale <meta charset> in the page cannot
# re-decode text we already decoded; huge_tree lifts libxml2's limits on deep/huge pages.
# collect_ids=False: libxml2 keeps no table of the id attributes (nothing looks elements up by
# XPath id(); an id is an attribute like any other), which it would fill while parsing and
# consult whenever an attribute node is freed.
_PARSER = lxml.html.HTMLParser(encoding="utf-8", huge_tree=True, remove_blank_text=False, collect_ids=False)
# Every element is an HtmlElement (comments etc. their lxml.html classes), chosen in C. lxml.html's
# own lookup calls into Python for each element proxy to pick form/input/label subclasses the
# engine never uses; that call was the largest single cost of walking a tree.
_PARSER.set_element_class_lookup(
    etree.ElementDefaultClassLookup(
        element=lxml.html.HtmlElement,
        comment=lxml.html.HtmlComment,
        pi=lxml.html.HtmlProcessingInstruction,
        entity=lxml.html.HtmlEntity,
    )
)

WHITESPACE = re.compile(r"\s+")
_XML_UNSAFE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
# Void in HTML5 but parsed as containers by libxml2's HTML parser (2.14): "<embed><p>x</p>" puts
# the paragraph inside <embed>. parse() moves such content back out so removing one of these
# never removes the text after it.
MISPARSED_VOID = ("embed", "source", "track", "wbr", "keygen")
# The two noncharacters _XML_UNSAFE replaces, as UTF-8 (looked for in the bytes when there is no text).
_UTF8_FFFE, _UTF8_FFFF = "\ufffe".encode("utf-8"), "\uffff".encode("utf-8")


# Pages up to this much UTF-8 HTML have their element proxies held (parse(hold=...)): under
# ~100 bytes per element, a few MB at most, while a 20 MB page would hold ~100 MB more.
MAX_HELD_BYTES = 2_000_000


def parse(text: str | None, hold: list | None = None, utf8: bytes | None = None) -> HtmlElement:
    """Parse decoded HTML text into a document root (<html>), or raise PageError.

    ``utf8``: ``text.encode("utf-8")`` when the caller has it already (the page's own bytes,
    charset.Decoded.exact_utf8); then the text is not encoded again, and ``text`` may be None
    (a big page's caller keeps only the bytes: the text is made here only if something must be replaced).

    ``hold``: a list the caller keeps while it works on the page; parse puts the Python proxy
    of every element in it (pages up to MAX_HELD_BYTES). lxml makes a proxy each time a walk
    reaches an element no Python object refers to, and frees it after: with them held, each
    later walk (every filter makes one) reuses them instead.
    """
    # Control characters (and lone surrogates) are kept in the tree by libxml2 but refused by
    # lxml whenever a filter writes text back; browsers do not show them either.
    data = _xml_safe_utf8(text, utf8)
    if not data.strip():
        raise PageError("empty document")
    try:
        root = lxml.html.document_fromstring(data, parser=_PARSER)
    except (etree.ParserError, etree.XMLSyntaxError, ValueError) as exc:
        raise PageError(f"unparseable HTML: {exc}") from exc
    if root is None:
        raise PageError("unparseable HTML: no root element")
    limit = next((e for e in _PARSER.error_log if e.type == etree.ErrorTypes.ERR_RESOURCE_LIMIT), None)
    if limit is not None:
        # libxml2 stops building the tree there (e.g. past 2048 nested elements) and the rest of
        # the page would be lost: refuse, so the caller serves the original.
        raise PageError(f"the HTML parser hit a limit and would drop content: {limit.message}")
    # libxml2 takes attribute names as written (no character references in names): a name
    # starting with "{" needs a "{" byte in the page, and a third of pages have none.
    braces = b"{" in data
    if hold is not None and len(data) <= MAX_HELD_BYTES:
        hold.extend(iter_document(root, etree.Element))
        if braces:
            _drop_unaddressable_attributes(root, hold)
    elif braces:
        _drop_unaddressable_attributes(root)
    _adopt_trailing_content(root)
    _hoist_void_content(root)
    streaming.reassemble(root)
    _strip_comments(root)
    return root


# The UTF-8 bytes of the characters _XML_UNSAFE finds (surrogates aside: they do not encode):
# C0 controls other than tab, LF and CR, and U+FFFE / U+FFFF.
_CONTROL_BYTES = bytes(c for c in range(0x20) if c not in (0x09, 0x0A, 0x0D))


def _xml_safe_utf8(text: str | None, utf8: bytes | None = None) -> bytes:
    """``text`` as UTF-8 with what _XML_UNSAFE finds replaced; checked on the bytes (one memchr per
    control byte: half the cost of deleting them with bytes.translate and comparing lengths), not
    with the regex over the text (~2 ms on a 100 KB page), which only runs when there is something.
    ``utf8``: the text's UTF-8 encoding, given by a caller that has it (not encoded again); with it,
    ``text`` may be None (it is then decoded from ``utf8`` only when something must be replaced)."""
    data = utf8
    if data is None:
        assert text is not None
        try:
            data = text.encode("utf-8")
        except UnicodeEncodeError:  # lone surrogates
            data = None
    if data is not None and not any(byte in data for byte in _CONTROL_BYTES) and not _has_noncharacters(text, data):
        return data
    if text is None:
        assert utf8 is not None
        text = utf8.decode("utf-8")
    return _XML_UNSAFE.sub(_unsafe_replacement, text).encode("utf-8", "surrogatepass")


def _has_noncharacters(text: str | None, data: bytes) -> bool:
    """Whether the page holds U+FFFE or U+FFFF. Looked for in the text when there is one: a str
    holding only Latin-1 (most pages) cannot hold them and CPython answers without scanning it;
    else in ``data``, the text's exact UTF-8, where each has one encoding."""
    if text is not None:
        return "\ufffe" in text or "\uffff" in text
    return _UTF8_FFFE in data or _UTF8_FFFF in data


# The attributes themselves (their elements via getparent()): a third cheaper for libxml2 than
# "//*[@*[...]]", which tests every element's attributes as a nested predicate.
_BRACE_ATTRIBUTES = etree.XPath("/descendant::*/@*[starts-with(name(), '{')]")


def _drop_unaddressable_attributes(root, elements: list | None = None) -> None:
    """Attributes whose name starts with "{" (junk such as '<table border="0"body { ...>') go.

    lxml reads "{...}" as a namespace, so no filter can look such an attribute up or delete it
    (ValueError: Invalid tag name); they mean nothing to a browser either. ``elements``: all
    the document's, held (reading their names is cheaper than the XPath query then).
    """
    if elements is None:
        found = list(dict.fromkeys(attribute.getparent() for attribute in _BRACE_ATTRIBUTES(root)))
    else:
        # One substring test per element, inline (no call): most elements' names hold no "{".
        found = [el for el in elements if "{" in "".join(el.keys()) and _brace_name(el.keys())]
    for el in found:
        kept = [(name, value) for name, value in el.attrib.items() if not name.startswith("{")]
        el.attrib.clear()
        for name, value in kept:
            el.set(name, value)


def _brace_name(names: list[str]) -> bool:
    """Does one of these attribute names start with "{"? (One substring test for most elements.)"""
    return bool(names) and "{" in "".join(names) and any(name.startswith("{") for name in names)


def _strip_comments(root) -> None:
    """Comments and processing instructions go, their tails stay: nothing downstream needs them,
    and tree walks (iterwalk) skip them, which would lose the text that follows one."""
    for node in list(root.iter(etree.Comment, etree.ProcessingInstruction)):
        remove(node)


def _adopt_trailing_content(root) -> None:
    """Move what a page has after its ``</html>`` into its body, as browsers do.

    libxml2 leaves such content in a second top-level ``<html>`` beside the root, where walks
    from the root (the content selection, the serialiser) do not see it; a page that closes
    its body early (after the header) would lose its article there. A trailing element's own
    ``<head>`` or ``<body>`` wrapper is unwrapped, its children follow the body's last child.
    """
    trailing = [el for el in root.itersiblings() if el.tag == "html" and (len(el) or (el.text or "").strip())]
    if not trailing:
        return
    body = body_of(root)
    for top in trailing:
        if (top.text or "").strip():
            _append_text(body, top.text)
        for child in list(top):
            if child.tag in ("head", "body"):
                if (child.text or "").strip():
                    _append_text(body, child.text)
                body.extend(list(child))
                if (child.tail or "").strip():
                    _append_text(body, child.tail)
                top.remove(child)
            else:
                body.append(child)  # (moves it, tail and all; the emptied top-level element stays, unseen)


def _append_text(parent, text: str) -> None:
    """``text`` after ``parent``'s last child (or as its text when it has none)."""
    if len(parent):
        last = parent[-1]
        last.tail = (last.tail or "") + text
    else:
        parent.text = (parent.text or "") + text


def _hoist_void_content(root) -> None:
    """Give void elements' misparsed children back to their parent, innermost first."""
    for el in reversed(list(root.iter(*MISPARSED_VOID))):
        if el.text is None and len(el) == 0:
            continue
        parent = el.getparent()
        if parent is None:
            continue
        text, tail = el.text, el.tail
        el.text = None
        el.tail = text  # the misparsed content's text comes right after the element
        anchor = el
        for child in list(el):
            anchor.addnext(child)  # moves the child with its tail
            anchor = child
        if tail:
            anchor.tail = (anchor.tail or "") + tail


def is_element(node) -> bool:
    """True for real elements (not comments, processing instructions or entities)."""
    return isinstance(node.tag, str)


def tag_of(el) -> str:
    """The element's tag name ('' for comments etc.); lxml's HTML parser already lower-cases tags."""
    tag = el.tag
    return tag if isinstance(tag, str) else ""


def remove(el) -> None:
    """Drop ``el`` and its content, keeping the text that follows it (its tail)."""
    parent = el.getparent()
    if parent is None:
        return
    tail = el.tail
    if tail:
        prev = el.getprevious()
        if prev is not None:
            prev.tail = (prev.tail or "") + tail
        else:
            parent.text = (parent.text or "") + tail
    parent.remove(el)


def unwrap(el) -> None:
    """Replace ``el`` by its content (text, children, tail all kept in place)."""
    parent = el.getparent()
    if parent is None:
        return
    index = parent.index(el)
    prev = el.getprevious()
    text = el.text or ""
    if text:
        if prev is not None:
            prev.tail = (prev.tail or "") + text
        else:
            parent.text = (parent.text or "") + text
    children = list(el)
    for offset, child in enumerate(children):
        parent.insert(index + offset, child)
    last = children[-1] if children else el.getprevious()
    if el.tail:
        if last is not None and last is not el:
            last.tail = (last.tail or "") + el.tail
        else:
            parent.text = (parent.text or "") + el.tail
    parent.remove(el)


def describe(el) -> str:
    """A short, human-readable name for an element: tag#id.class1.class2 (classes capped)."""
    name = el.tag
    if not isinstance(name, str):
        return "#comment"
    # Called for every removal of every filter: an absent or empty id / class is one test.
    ident = el.get("id")
    if ident and (ident := ident.strip()):
        name += "#" + ident[:40]
    classes = el.get("class")
    if classes and (classes := classes.split()):
        name += "." + ".".join([c[:30] for c in classes[:3]])
    return name


def text_of(el) -> str:
    """All text under ``el`` with whitespace collapsed."""
    if len(el) == 0:
        # No child node: all its text is .text (lxml joins adjacent text nodes into it), which is
        # what text_content()'s XPath string() returns, without an XPath call (most links).
        return collapse(el.text or "")
    return collapse(string_of(el))


def string_of(el) -> str:
    """``el.text_content()`` (XPath's string(): every text node under ``el``, its tail left out),
    read by libxml2's text serialiser: the same node content call, without setting up an XPath
    evaluation (half the cost on an element of a few words, the same on a whole page). An element
    without child nodes (most of those asked about: links, spans, short paragraphs) holds all its
    text in ``.text`` (lxml joins adjacent text nodes into it): read without the serialiser."""
    if len(el) == 0:
        return el.text or ""
    return etree.tostring(el, method="text", encoding="unicode", with_tail=False)


def collapse(text: str) -> str:
    """``WHITESPACE.sub(" ", text).strip()``, several times faster: ``str.split()`` splits on
    exactly the characters ``\\s`` matches (``str.isspace``), and ``strip()`` drops the same."""
    return " ".join(text.split())


def body_of(root) -> HtmlElement:
    body = root.find("body")
    if body is None:
        body = root.find(".//body")
    if body is None:
        body = etree.SubElement(root, "body")
    return body


def head_of(root) -> HtmlElement:
    head = root.find("head")
    if head is None:
        head = etree.Element("head")
        root.insert(0, head)
    return head


def new_element(tag: str, attrib: dict[str, str] | None = None, text: str | None = None, parent=None):
    """A new HtmlElement (so it has text_content() etc.), optionally appended to ``parent``.

    Text and attribute values are made XML-compatible first (lxml refuses control characters,
    which a page's title or a JSON-LD byline may carry).
    """
    attrib = {k: xml_safe(v) for k, v in (attrib or {}).items()}
    el = _PARSER.makeelement(tag, attrib) if parent is None else etree.SubElement(parent, tag, attrib)
    if text is not None:
        el.text = xml_safe(text)
    return el


def _unsafe_replacement(match) -> str:
    char = match.group()
    if char == "\x0c":
        return " "  # form feed is HTML whitespace
    return "\ufffd" if "\ud800" <= char <= "\udfff" else ""


def xml_safe(text: str) -> str:
    """``text`` without the characters an lxml tree cannot hold (C0 controls, lone surrogates, U+FFFE/F)."""
    return _XML_UNSAFE.sub("", text) if _XML_UNSAFE.search(text) else text


# Media a <noscript> can hold as a script-less fallback (the reason to show it).
_FALLBACK_MEDIA = etree.XPath("descendant::*[self::img or self::picture or self::video or self::audio or self::iframe]")
# A <noscript> message about script itself ("Please turn on JavaScript", "JS required"): with the
# script gone, it only talks about what is not there. The word is the same in most languages.
_SCRIPT_NOTICE = re.compile(r"java\s*script|\bjs\b", re.IGNORECASE)


# A notice is a sentence or two; a longer <noscript> is the page's content served for crawlers
# and script-less browsers (a forum's posts), whatever it says about JavaScript.
SCRIPT_NOTICE_MAX_CHARS = 300


# A <noscript> whose text opens with a tag holds markup written out as text (a tracking pixel's
# "&lt;img ...&gt;"): unwrapped, a reader would show the raw tag.
_MARKUP_TEXT = re.compile(r"\s*<[A-Za-z!/][^>]*>")


def is_escaped_markup(noscript) -> bool:
    """Whether ``noscript`` holds no media and its text is escaped markup: it is dropped, not unwrapped."""
    return not _FALLBACK_MEDIA(noscript) and _MARKUP_TEXT.match(text_of(noscript)) is not None


def is_script_notice(noscript) -> bool:
    """Whether ``noscript`` only tells the reader to turn on script: no fallback media, a short
    text, and that text speaks of JavaScript. Such a noscript is dropped, not unwrapped."""
    if _FALLBACK_MEDIA(noscript):
        return False
    text = text_of(noscript)
    return len(text) <= SCRIPT_NOTICE_MAX_CHARS and _SCRIPT_NOTICE.search(text) is not None
