"""Per-node text features for content selection, computed once per page in two flat passes.

A forward pass over an XPath list of the elements (no recursion: pages nest 100,000 deep)
numbers the visible elements in document order and attributes every piece of text to the element it sits in directly and
to its *text block*: the nearest block-level ancestor-or-self (a ``<p>`` with its links and
emphasis is one block; a ``<div>`` holding bare text is one too). A backward pass over the
numbered elements sums subtree totals into each parent.

Invisible subtrees (script, style, template, form controls, svg, ``hidden``,
``aria-hidden=true``, inline ``display:none``) are skipped, except for their tails, which
belong to the parent. These are the elements the text renderer leaves out too, so what the
features measure is what a reader would get.

Lengths are characters of stripped text, so CJK text (no spaces) counts like any other.
"""
from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from lxml import etree

from .. import dom

# Block-level tags: text inside them starts a new text block.
BLOCK_TAGS = frozenset(
    "address article aside blockquote body caption center dd details dialog dir div dl dt fieldset "
    "figcaption figure footer form h1 h2 h3 h4 h5 h6 header hgroup hr li main menu nav ol p pre "
    "section summary table tbody tfoot thead tr td th ul html".split()
)
# Never shown as text (the renderer skips them as well).
INVISIBLE_TAGS = frozenset(
    "script style noscript template head title select option datalist iframe object embed svg math "
    "button input textarea link meta base canvas audio video source track map param".split()
)
# Headings (their text opens a section) and form controls (a form with them may be removed).
HEADING_TAGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
CONTROL_TAGS = frozenset({"input", "button", "select", "textarea"})
# Sentence punctuation, Latin and CJK: real prose has it, menus and link lists rarely do.
_PUNCT = re.compile(r"[.,;:!?\u3001\u3002\uff0c\uff01\uff1f\uff1b\uff1a\u060c\u061f\u0964]")
# An inline style that hides the element.
_HIDDEN_STYLE = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.IGNORECASE)
# CSS frameworks' "not shown" classes, as whole class names ("hidden-xs", "sm:hidden" hide on
# some screens only) ...
_HIDDEN_CLASS = re.compile(r"(?<!\S)(?:hide|hidden|is-hidden|display-none)(?!\S)")
# ... unless another class shows the element on some screen ("hidden md:block", "hide@medium").
_SHOWN_SOMEWHERE = re.compile(r"[:@]|\bd-\w+-(?:block|flex|grid|inline)")
# Tab panels, accordion panes and FAQ answers (a click shows them).
_PANEL_NAMES = re.compile(r"tab-?pane|tab-?panel|tabs?__(?:content|panel|pane)|tab-content|accordion|collaps|faq", re.IGNORECASE)


def is_hidden(el) -> bool:
    """Hidden by attribute or inline style (what a browser would not show).

    Tab panels and accordion panes are not: a click shows them, and they hold the page's own
    text (a product's description, specifications, delivery details).
    """
    return _marked_hidden(el) and not _is_panel(el)


def is_closed_panel(el) -> bool:
    """A tab panel or accordion pane hidden until a click (counted as visible by ``is_hidden``)."""
    return _marked_hidden(el) and _is_panel(el)


def _marked_hidden(el) -> bool:
    """The ``hidden`` or ``aria-hidden`` attribute, an inline style, or a framework's "not shown" class."""
    if el.get("hidden") is not None or el.get("aria-hidden") == "true":
        return True
    style = el.get("style")
    if style and _HIDDEN_STYLE.search(style) is not None:
        return True
    cls = el.get("class")
    return bool(cls) and _HIDDEN_CLASS.search(cls) is not None and _SHOWN_SOMEWHERE.search(cls) is None


def _is_panel(el) -> bool:
    """A tab panel or an accordion pane (by role, by class/id, or by the disclosure button before it)."""
    if el.get("role") == "tabpanel":
        return True
    names = el.get("class") or el.get("id")
    return bool(names) and _PANEL_NAMES.search(names) is not None or _disclosed_by_previous(el)


def _disclosed_by_previous(el) -> bool:
    """Whether the element just before ``el`` is a disclosure control (``aria-expanded``) naming
    ``el`` as what it opens (its ``aria-controls`` is ``el``'s id) or as what labels it (``el``'s
    ``aria-labelledby`` is its id): a product's "View all ingredients", "Shipping & Returns" pane;
    or holds, near its start, the button of WAI-ARIA's accordion (``h3 > button``), named by
    ``el`` as both what opens it and what labels it (a ``role=region`` pane), or is a heading
    holding such a button (``is_accordion_heading``)."""
    control = el.getprevious()
    while control is not None and not isinstance(control.tag, str):
        control = control.getprevious()  # (comments between the two)
    if control is None:
        return False
    if control.get("aria-expanded") is not None and _names_each_other(control, el, both=False):
        return True
    if is_accordion_heading(control):
        return True
    if el.get("role") != "region" or not el.get("aria-labelledby") or not el.get("id"):
        return False
    for n, inner in enumerate(control.iterdescendants()):
        if n >= ACCORDION_HEADER_MAX_ELEMENTS:
            break
        if isinstance(inner.tag, str) and inner.get("aria-controls") and _names_each_other(inner, el, both=True):
            return True
    return False


# The accordion button sits among this many first elements inside the header before its pane.
ACCORDION_HEADER_MAX_ELEMENTS = 12
# WAI-ARIA's accordion header: a heading holding the button that opens the pane after it (a
# menu's toggle is no heading's).
ACCORDION_HEADINGS = frozenset({"h2", "h3", "h4", "h5", "h6"})


def is_accordion_heading(heading) -> bool:
    """Whether ``heading`` is an h2-h6 with a disclosure button (``aria-expanded``) among its
    first elements: WAI-ARIA's accordion header, whatever its classes say."""
    if heading.tag not in ACCORDION_HEADINGS:
        return False
    for n, inner in enumerate(heading.iterdescendants()):
        if n >= ACCORDION_HEADER_MAX_ELEMENTS:
            break
        if inner.tag == "button" and inner.get("aria-expanded") is not None:
            return True
    return False


def _names_each_other(control, el, *, both: bool) -> bool:
    """``control``'s ``aria-controls`` names ``el``'s id, or (``both``: and) ``el``'s ``aria-labelledby`` names ``control``'s id."""
    ident, opens = el.get("id"), control.get("aria-controls")
    opened = bool(ident and opens) and ident in opens.split()
    label, own = el.get("aria-labelledby"), control.get("id")
    labelled = bool(label and own) and own in label.split()
    return (opened and labelled) if both else (opened or labelled)


class Texts:
    """Elements' texts (``dom.string_of``, and collapsed) read once while the tree stays as it is.

    The page state holds one for the rules that read short texts top-down, each walk asking
    about the same wrappers and lines again; ``phases.run`` empties it after any rule that
    changed the page (or may have). A rule called with none makes its own: its reads come
    before its removals.
    """

    __slots__ = ("_raw", "_collapsed")

    def __init__(self) -> None:
        self._raw: dict = {}
        self._collapsed: dict = {}

    def raw(self, el) -> str:
        """``dom.string_of(el)``."""
        text = self._raw.get(el)
        if text is None:
            text = self._raw[el] = dom.string_of(el)
        return text

    def collapsed(self, el) -> str:
        """``dom.collapse(dom.string_of(el))``."""
        text = self._collapsed.get(el)
        if text is None:
            text = self._collapsed[el] = dom.collapse(self.raw(el))
        return text

    def clear(self) -> None:
        if self._raw:
            self._raw.clear()
            self._collapsed.clear()


def texts_or_new(texts: Texts | None) -> Texts:
    """``texts``, or a new cache for one rule's reads when it was called without one."""
    return Texts() if texts is None else texts


@dataclass
class Features:
    """Parallel lists indexed by element number (document order, visible elements only)."""

    elements: list  # the lxml elements
    tags: list[str]
    parent: list[int]  # -1 for the root
    depth: list[int]
    block: list[int]  # the text block (nearest block-level ancestor-or-self) of each element
    is_block: list[bool]
    # Text of each element's own text block (block-level elements only; 0 for inline ones).
    blk_chars: list[int]
    blk_link: list[int]
    blk_punct: list[int]
    # Subtree totals.
    chars: list[int]
    link_chars: list[int]
    punct: list[int]
    links: list[int]  # a[href] elements
    is_link: list[bool]  # the element itself is an a[href]
    controls: list[int]  # form controls a reader sees (counted although invisible; not hidden inputs)
    headings: list[int]
    images: list[int]
    count: list[int]  # elements, self included (a subtree is numbers i .. i + count[i] - 1)
    hidden: list  # (parent number, element): subtrees skipped because they are hidden, not by tag
    # Each element's markup names as read in the walk (None where it has no such attribute): the
    # markup hints and the rules read these instead of asking lxml again (an attribute read
    # parses its name and decodes its value on every call). Nothing in content selection
    # changes a class, id, role or itemprop.
    classes: list = dataclasses.field(default_factory=list)
    ids: list = dataclasses.field(default_factory=list)
    roles: list = dataclasses.field(default_factory=list)
    itemprops: list = dataclasses.field(default_factory=list)

    def __len__(self) -> int:
        return len(self.elements)

    def link_density(self, i: int) -> float:
        return self.link_chars[i] / self.chars[i] if self.chars[i] else 0.0

    def holds(self, root: int, i: int) -> bool:
        """Whether element ``i`` is ``root`` or inside it."""
        return root <= i < root + self.count[root]

    def in_page(self, i: int) -> bool:
        """Whether element ``i`` is still inside the walked root (``elements[0]``): an earlier rule
        may have removed it, or an ancestor, since the walk."""
        return dom.is_inside(self.elements[i], self.elements[0])

    def inside_any(self, i: int, roots) -> bool:
        """Whether element ``i`` is one of ``roots`` or inside one."""
        return any(self.holds(root, i) for root in roots)

    def overlaps_any(self, i: int, roots) -> bool:
        """Whether element ``i`` is inside one of ``roots`` or holds one."""
        return any(self.holds(root, i) or self.holds(i, root) for root in roots)

    def prose_chars(self, roots, minimum: int) -> int:
        """Characters outside links in the prose blocks (with punctuation, at least ``minimum``
        long) of the subtrees ``roots``: what ``auto`` weighs to call a selection an article."""
        total = 0
        for root in roots:
            for i in range(root, root + self.count[root]):
                if self.blk_punct[i]:
                    text = self.blk_chars[i] - self.blk_link[i]
                    if text >= minimum:
                        total += text
        return total

    def under_kind(self, kinds: list[int], i: int, wanted: frozenset[int], bigger_than: float = -1.0) -> bool:
        """Whether element ``i`` or an ancestor holding more than ``bigger_than`` characters has a
        kind (``kinds``, by element number) in ``wanted``."""
        while i >= 0:
            if kinds[i] in wanted and self.chars[i] > bigger_than:
                return True
            i = self.parent[i]
        return False

    def children(self, i: int) -> list[int]:
        """Numbers of the visible element children of element ``i``."""
        out = []
        j, end = i + 1, i + self.count[i]
        while j < end:
            out.append(j)
            j += self.count[j]
        return out


# What the walk needs to know about a tag, in one dictionary lookup per element.
_INLINE, _BLOCK, _INVISIBLE, _CONTROL = 0, 1, 2, 3
_TAG_KIND = {**{t: _BLOCK for t in BLOCK_TAGS}, **{t: _INVISIBLE for t in INVISIBLE_TAGS}, **{t: _CONTROL for t in CONTROL_TAGS}, "": _INVISIBLE}


def _maybe_hidden_class(cls: str | None) -> bool:
    """A class holding "hid" (hide, hidden, is-hidden) or "display-none", matched case-sensitively
    like ``_HIDDEN_CLASS``: the only classes ``is_hidden`` can say yes to."""
    return bool(cls) and ("hid" in cls or "display-none" in cls)


# The root and its descendant elements in document order, compiled once (a string given to
# ``.xpath()`` is compiled, with a new evaluator, at every call).
_ELEMENTS = etree.XPath("descendant-or-self::*")


def _tag_info(name: str) -> tuple[str, int]:
    """A tag name's lower case and the walk's kind for it."""
    tag = name.lower()
    return tag, _TAG_KIND.get(tag, _INLINE)


def compute(root, *, hidden_shown: bool = False) -> Features:
    """Features of ``root`` and every visible element under it.

    ``hidden_shown``: elements hidden by attribute or inline style count as visible (for pages
    whose scripts would reveal the content: a lazy product block, a password-gate wrapper).

    One XPath query lists the elements in document order (lxml's own iterators slow down
    quadratically on very deep trees; XPath does not), ``getparent`` links them, and text
    is attributed without recursion: an element's text to itself, its tail to its parent.
    """
    everything = _ELEMENTS(root)
    size = len(everything)
    # The per-element lists are made at their largest (every element visible) and cut to length
    # after the walk: an item stored by index costs less than an append (a call), and this loop
    # stores eight per element.
    elements: list = [None] * size
    tags: list = [None] * size
    parent: list = [-1] * size
    depth: list = [0] * size
    block: list = [0] * size
    is_block: list = [False] * size
    is_link: list = [False] * size
    in_link: list = [False] * size
    classes: list = [None] * size
    ids: list = [None] * size
    roles: list = [None] * size
    itemprops: list = [None] * size
    # The root is element 0, a text block whatever its tag; the loop below numbers the rest.
    elements[0] = root
    tags[0] = root.tag.lower()
    classes[0], ids[0], roles[0], itemprops[0] = root.get("class"), root.get("id"), root.get("role"), root.get("itemprop")
    is_block[0] = True
    is_link[0] = in_link[0] = tags[0] == "a" and root.get("href") is not None
    number: dict = {root: 0}  # visible element -> its number (skipped elements are not in it)
    hidden: list = []
    # Each piece of text (an element's text or a child's tail) and the visible element it goes to,
    # in two parallel lists (no tuple per piece: fewer objects for the cyclic GC to meet). Pieces
    # of whitespace alone (the indentation between tags, about half of them) count nothing and
    # are left out (``isspace`` is true exactly when ``strip`` leaves nothing of a non-empty text).
    owners: list[int] = [0] if root.text else []
    texts: list[str] = [root.text] if root.text else []
    controls_of: dict[int, int] = {}
    check_hidden = not hidden_shown
    # (appends and lookups bound to locals, each text and tail read once: this loop sees every element)
    append_owner, append_text, number_get = owners.append, texts.append, number.get
    # Each distinct tag name as read -> (its lower case, its kind), worked out on its first element
    # (a page has a few dozen tag names for its thousand elements).
    tag_info: dict[str, tuple[str, int]] = {}
    info_get = tag_info.get
    i = 0
    for el in everything[1:]:
        # (every element but the root has its parent in ``everything``: not numbered = skipped)
        p = number_get(el.getparent(), -1)
        if p < 0:
            continue  # inside a skipped subtree (its tail goes with it)
        name = el.tag  # (a str: the query selects elements only, never comments or PIs)
        info = info_get(name)
        if info is None:
            info = tag_info[name] = _tag_info(name)
        tag, kind = info
        if kind >= _INVISIBLE:
            if kind == _CONTROL and not (tag == "input" and el.get("type", "").lower() == "hidden"):
                # (a hidden input is a form's bookkeeping, no control a reader sees: a form that
                # holds only those wraps text, like old reddit's comments inside their edit forms)
                controls_of[p] = controls_of.get(p, 0) + 1
            if (tail := el.tail) and not tail.isspace():
                append_owner(p)
                append_text(tail)
            continue
        # The element's attribute names, read in one call (``get`` parses its key on every call):
        # which of the four attributes ``is_hidden`` can say yes to are there, and which markup
        # names to read. (Cheaper than one XPath pass selecting their owners: libxml2 walks the
        # whole tree per query.)
        names = el.keys()
        cls = None
        if names:
            if "class" in names:
                cls = el.get("class")
            if check_hidden and ("style" in names or "hidden" in names or "aria-hidden" in names
                                 or _maybe_hidden_class(cls)) and is_hidden(el):
                hidden.append((p, el))
                if (tail := el.tail) and not tail.isspace():
                    append_owner(p)
                    append_text(tail)
                continue
            i += 1
            classes[i] = cls
            if "id" in names:
                ids[i] = el.get("id")
            if "role" in names:
                roles[i] = el.get("role")
            if "itemprop" in names:
                itemprops[i] = el.get("itemprop")
        else:
            i += 1
        number[el] = i
        elements[i] = el
        tags[i] = tag
        parent[i] = p
        depth[i] = depth[p] + 1
        if kind == _BLOCK:
            is_block[i] = True
            block[i] = i
        else:
            block[i] = block[p]
        if tag == "a" and "href" in names:
            is_link[i] = in_link[i] = True
        elif in_link[p]:
            in_link[i] = True
        if (text := el.text) and not text.isspace():
            append_owner(i)
            append_text(text)
        if (tail := el.tail) and not tail.isspace():
            append_owner(p)
            append_text(tail)
    if i + 1 < size:  # (elements skipped: the lists' unused ends go)
        for column in (elements, tags, parent, depth, block, is_block, is_link, in_link, classes, ids, roles, itemprops):
            del column[i + 1:]
    # (``iter`` by node type walks the tree in C and makes proxies only for what it yields: about
    # a third cheaper than the XPath union, which sorts its result, and linear on a deep page)
    for node in root.iter(etree.Comment, etree.ProcessingInstruction):
        if node.tail:
            p = number_get(node.getparent(), -1)
            if p >= 0:
                owners.append(p)
                texts.append(node.tail)

    # Proxies must die deepest first: lxml frees each one with a walk up to the nearest
    # ancestor that still has a proxy, so freeing top-down is quadratic on a deep page.
    # ``elements`` (a list, released back to front) must hold the last references.
    del number
    n = len(elements)
    # Each element's own text first, then (below) its subtree's: summed into the same lists.
    chars = [0] * n
    link_chars = [0] * n
    punct = [0] * n
    blk_chars = [0] * n
    blk_link = [0] * n
    blk_punct = [0] * n
    punct_findall = _PUNCT.findall

    # Each piece of text goes to its element and its text block (inlined: a call per piece costs
    # as much as the counting). Texts were read with the tails in the one walk above; the order
    # of the pieces does not matter, as each adds to integer sums.
    for i, text in zip(owners, texts):
        text = text.strip()
        if not text:
            continue
        size = len(text)
        b = block[i]
        chars[i] += size
        blk_chars[b] += size
        if in_link[i]:
            link_chars[i] += size
            blk_link[b] += size
        else:
            found = len(punct_findall(text))
            punct[i] += found
            blk_punct[b] += found

    links = [1 if x else 0 for x in is_link]
    controls = [0] * n
    for i, k in controls_of.items():
        controls[i] = k
    headings = [1 if t in HEADING_TAGS else 0 for t in tags]
    images = [1 if t in ("img", "picture") else 0 for t in tags]
    count = [1] * n
    # Subtree totals, children into parents from the last element back. Most subtrees hold no
    # text (then no link text or punctuation either), no link, control, heading or image: a
    # zero is tested, not added.
    for i in range(n - 1, 0, -1):
        p = parent[i]
        if c := chars[i]:
            chars[p] += c
            link_chars[p] += link_chars[i]
            punct[p] += punct[i]
        if k := links[i]:
            links[p] += k
        if k := controls[i]:
            controls[p] += k
        if k := headings[i]:
            headings[p] += k
        if k := images[i]:
            images[p] += k
        count[p] += count[i]
    return Features(
        elements, tags, parent, depth, block, is_block, blk_chars, blk_link, blk_punct,
        chars, link_chars, punct, links, is_link, controls, headings, images, count,
        hidden, classes, ids, roles, itemprops,
    )
