"""An article's edges for ``auto``: its lead above the body, the site's notes below it, its furniture.

- ``with_lead``: an article's lead (standfirst) often sits in the header block with the
  ``<h1>``, outside the body container ``auto`` picked. The prose blocks between the page's
  ``<h1>`` and the selection join before it when the stretch between them is short (a title,
  a byline, a picture and its lead; not a column of other stories).
- ``remove_site_notes``: the paragraphs after an article's last paragraph that name the page's
  own site (its domain, its declared name: ``site_names``) are the site speaking, not the story:
  "This article is the copyrighted property of <site>", "<site> is not responsible for the
  opinions ...", "Get the <site> app". Walked from the end, they go until a paragraph that does
  not name the site.
- ``remove_opening_lines``: above an article's first paragraph of prose, the short lines that
  are no sentence and no heading (a kicker, a byline, a date, "Zurück zur Übersicht", a stray
  credit) are the page's furniture around the title, not the story.
- ``remove_closing_lines``: after its last paragraph of prose, the short lines that end no
  sentence ("Reklama", "Autoren:", "Mehr Themen:", a name, "Letzte Änderung 14.02.2019") are
  the page's furniture after the story; a heading or a label announcing the article's own
  items (a list, a table) stays with them, and so does a line with the article's bare text
  (set between ``<br>``) after it.
- ``remove_captions``, ``remove_beside_captions``, ``remove_credited_captions``: a picture's
  caption is the page's label for its picture, not the story's text (a ``<figcaption>``, a block
  named a caption beside the picture, a line ending in the picture's credit); the picture keeps
  it as its text alternative when it has none.
- ``remove_linked_lines``: between the article's paragraphs, a line that is only a link to
  another page of the site is another story's headline set into this one.
- ``remove_time_lines``: a line that is mostly a ``<time>`` is the page's stamp of the article.
"""
from __future__ import annotations

import re
import unicodedata
from urllib.parse import urlsplit

from lxml import etree

from ... import dom
from ...context import PageContext
from ...links import safe_url
from ...render import alternatives
from .. import features as feat
from .. import hints, phrases
from . import page_heading

# A lead is a sentence or two of prose: a shorter block there is a kicker, a byline or a date.
LEAD_MIN_CHARS = 80
# ... with at most this share of link text (a teaser list's entries are mostly links).
LEAD_MAX_LINK_SHARE = 0.3
# The stretch between the heading and the selection is a header's worth of text: more is
# other content (a sidebar, other stories) between them, not the article's own header.
GAP_MAX_CHARS = 1500
# At most this many lead blocks join (a standfirst and a second line of it).
LEAD_MAX_BLOCKS = 2
# A block inside one of these is a picture's caption, a form's or a side block's text.
_OUTSIDE_TAGS = hints.BOILERPLATE_TAGS | {"form", "figure", "figcaption", "blockquote"}
# Blocks a lead can be.
_LEAD_TAGS = frozenset({"p", "div", "h2", "h3", "span", "section"})


def with_lead(f: feat.Features, nodes: list[int]) -> list[int]:
    """``nodes`` (document order) with the article's lead blocks before them (see the module's
    docstring); otherwise ``nodes`` unchanged."""
    if not nodes:
        return nodes
    first = nodes[0]
    title = _last_heading_before(f, first)
    if title is None or not page_heading._is_page_heading(f, title):
        return nodes
    leads: list[int] = []
    gap = 0
    j = title + f.count[title]
    while j < first:
        if f.holds(j, first):  # an ancestor of the selection: look inside it
            j += 1
            continue
        gap += f.chars[j]
        if gap > GAP_MAX_CHARS:
            return nodes
        i = j
        while i < j + f.count[j]:
            if _is_lead(f, i):
                leads.append(i)
                i += f.count[i]  # (not its blocks again)
            else:
                i += 1
        j += f.count[j]
    if not leads or len(leads) > LEAD_MAX_BLOCKS:
        return nodes
    return [*leads, *nodes]


def _last_heading_before(f: feat.Features, first: int) -> int | None:
    """The last visible ``<h1>`` with text that ends before element ``first``."""
    for i in range(first - 1, -1, -1):
        if f.tags[i] == "h1" and f.chars[i] and i + f.count[i] <= first:
            return i
    return None


def _is_lead(f: feat.Features, i: int) -> bool:
    if f.tags[i] not in _LEAD_TAGS or not f.is_block[i] or not f.blk_punct[i]:
        return False
    text = f.blk_chars[i]
    if text < LEAD_MIN_CHARS or f.blk_link[i] > LEAD_MAX_LINK_SHARE * text:
        return False
    k = f.parent[i]
    while k >= 0:
        if f.tags[k] in _OUTSIDE_TAGS:
            return False
        k = f.parent[k]
    return True


# ------------------------------------------------------------------ the site's notes

# Second-level labels under a country's code ("example.co.uk", "example.com.br"): the name is
# the label before them.
_SECOND_LEVELS = frozenset({"co", "com", "org", "net", "ac", "gov", "edu", "or", "ne", "go", "gob", "nic"})
# Host labels that are no part of the site's name ("www.example.com", "m.example.com").
_HOST_PREFIXES = frozenset({"www", "m", "mobile", "amp"})
# A domain label shorter than this ("dw", "be") is found inside too many words and addresses.
MIN_LABEL_CHARS = 3
# A declared name is a few words: a longer og:site_name is a slogan, its parts may be names.
MAX_NAME_WORDS = 4
# "Site - Slogan | Section": the separators between a declared name's parts.
_NAME_SEPARATORS = re.compile(r"\s+[|\-–—:·•»]+\s+")
# A note naming the site is a few sentences: a longer paragraph naming it is the story's own.
NOTE_MAX_CHARS = 600
# ... and one naming it by a single word ("Reuters") is a line: a longer one is a company page's text.
ONE_WORD_NOTE_MAX_CHARS = 200
# A note naming the site only by an e-mail address at its domain is a contact note of a few
# lines ("Advertise with us ... write to ads@site.com"): a longer paragraph ending so is the
# story's, saying whom to ask ("... contact her at jane@site.edu").
MAIL_NOTE_MAX_CHARS = 400
# Blocks shorter than this after the article (a date, "Share") neither end the walk nor go.
NOTE_SKIP_CHARS = 40
# The leaf blocks a note can be.
_NOTE_TAGS = ("p", "div", "li", "dd", "blockquote", "h2", "h3", "h4", "h5", "h6", "section", "footer", "aside", "center")
_BLOCK_CHILDREN = etree.XPath(".//p|.//div|.//li|.//ul|.//ol|.//table|.//h1|.//h2|.//h3|.//h4|.//h5|.//h6|.//section|.//article|.//blockquote")
_WORDS = re.compile(r"\w+")
# Elements holding media are a picture or a player, never only a line.
_MEDIA = etree.XPath(".//img|.//picture|.//video|.//iframe|.//svg|.//audio|.//object|.//embed")
# The article's own paragraphs, whose look a note does not share (unless wholly emphasized).
BODY_PARAGRAPH_CHARS = 80
# Inline elements setting a note apart when they hold its whole text.
_EMPHASIS = frozenset({"em", "i", "small", "strong", "b", "sub", "sup"})


def site_names(url: str | None, metas, declared: str) -> tuple[str, ...]:
    """The page's own site: the registered domains of its address and of its og:url, and the
    names it declares (og:site_name or JSON-LD publisher ``declared``, application-name; a long
    one's short parts)."""
    names: list[str] = []
    addresses = [url or ""]
    declared_names = [declared]
    for m in metas:
        key = (m.get("property") or m.get("name") or "").strip().lower()
        if key == "og:url":
            addresses.append(m.get("content") or "")
        elif key in ("application-name", "og:site_name"):
            declared_names.append(m.get("content") or "")
    for address in addresses:
        domain = _registered_domain(address)
        if domain and domain not in names:
            names.append(domain)
    labels = [_squash(domain.split(".")[0]) for domain in names]
    for name in declared_names:
        name = dom.collapse(name)
        # A long name's parts: those a domain spells ("La Prensa Gráfica" of laprensagrafica.com), not its slogan.
        parts = [name] if len(name.split()) <= MAX_NAME_WORDS else \
            [p for p in _NAME_SEPARATORS.split(name) if len(p.split()) <= MAX_NAME_WORDS and _squash(p) in labels]
        for part in parts:
            if len(_squash(part)) > MIN_LABEL_CHARS and part not in names:
                names.append(part)
    return tuple(names)


def _registered_domain(address: str) -> str:
    try:
        host = (urlsplit(address).hostname or "").lower()
    except ValueError:
        return ""
    labels = [label for label in host.split(".") if label]
    while len(labels) > 2 and labels[0] in _HOST_PREFIXES:
        labels = labels[1:]
    if len(labels) < 2 or labels[-1].isdigit():
        return ""
    keep = 3 if len(labels) >= 3 and labels[-2] in _SECOND_LEVELS and len(labels[-1]) == 2 else 2
    domain = labels[-keep:]
    return ".".join(domain) if len(domain[0]) >= MIN_LABEL_CHARS else ""


def _plain(text: str) -> str:
    """Lower case without accents ("Gráfica" -> "grafica")."""
    return "".join(c for c in unicodedata.normalize("NFKD", text.lower()) if not unicodedata.combining(c))


def _squash(text: str) -> str:
    return "".join(_WORDS.findall(_plain(text))).replace("_", "")


class _Site:
    """The site's names as a block's words are matched against them."""

    def __init__(self, names: tuple[str, ...]):
        self.domains = [n.lower() for n in names if "." in n and " " not in n]
        # (squashed name, whether a one-word match counts): a domain's label only across two
        # words or more ("VI Consortium"), its one word being often the story's ("Guatemala").
        self.names = [(_squash(d.split(".")[0]), False) for d in self.domains]
        self.names += [(_squash(n), True) for n in names if not ("." in n and " " not in n)]

    def named_in(self, text: str) -> int:
        """0: ``text`` does not name the site; 2: by its domain (an e-mail address at it only in a
        text of ``MAIL_NOTE_MAX_CHARS`` at most) or a name of several words; 1: by one word."""
        low = text.lower()
        for domain in self.domains:
            k = low.find(domain)
            while k >= 0:
                if (k == 0 or not (low[k - 1].isalnum() or low[k - 1] == "-")) and \
                        (len(text) <= MAIL_NOTE_MAX_CHARS or not _in_mail_address(low, k)):
                    return 2
                k = low.find(domain, k + 1)
        words = _WORDS.findall(_plain(text))
        best = 0
        for target, one_word in self.names:
            if len(target) < MIN_LABEL_CHARS:
                continue
            for i in range(len(words)):
                run = ""
                for j in range(i, len(words)):
                    run += words[j]
                    if run == target:
                        if j > i:
                            return 2
                        if one_word:
                            best = 1
                        break
                    if not target.startswith(run):
                        break
        return best


def _in_mail_address(low: str, k: int) -> bool:
    """Whether the domain found at ``k`` of ``low`` is an e-mail address's ("jane@site.edu",
    "jane@mail.site.edu"): its host part runs back to an "@"."""
    start = k
    while start > 0 and (low[start - 1].isalnum() or low[start - 1] in ".-_"):
        start -= 1
    return start > 0 and low[start - 1] == "@"


def remove_site_notes(roots: list, ctx: PageContext, texts: feat.Texts | None = None) -> int:
    """Remove, at the end of ``roots``, the paragraphs naming the page's own site that stand
    apart from the article's paragraphs (see the module's docstring); returns how many went.
    Texts read from ``texts``."""
    if not ctx.site_names or not roots:
        return 0
    texts = feat.texts_or_new(texts)
    site = _Site(ctx.site_names)
    # The leaf blocks are told apart lazily (an XPath query each): the walk back from the end
    # mostly stops after a few of them.
    candidates = [el for root in roots for el in root.iter(*_NOTE_TAGS) if el is not root]
    leaf: dict = {}

    def is_leaf(el) -> bool:
        found = leaf.get(el)
        if found is None:
            found = leaf[el] = not _BLOCK_CHILDREN(el)
        return found

    body: list = []  # (the look of the article's paragraphs, read at the first named block)
    doomed = []
    k = len(candidates)
    stop = None  # the candidate the walk back stopped at
    while k > 0:
        k -= 1
        el = candidates[k]
        if not is_leaf(el):
            continue
        text = texts.collapsed(el)
        if not text:
            continue
        named = site.named_in(text) if len(text) <= NOTE_MAX_CHARS else 0
        if named == 2 or (named == 1 and len(text) <= ONE_WORD_NOTE_MAX_CHARS):
            if not body:
                body.append(_body_look([b for b in candidates if is_leaf(b)], texts))
            if not (_like_body(el, body[0]) and not _emphasized(el, text)):
                doomed.append(el)
                continue
        if len(text) >= NOTE_SKIP_CHARS:
            stop = k
            break
    # A page naming its site above its notes too is about the site (a company's page, its team):
    # the notes are its text.
    if doomed:
        above = [b for b in candidates[:stop + 1] if is_leaf(b)] if stop is not None else [b for b in candidates if is_leaf(b)][:1]
        if any(site.named_in(texts.collapsed(b)) for b in above):
            return 0
    return ctx.kill_all(doomed, "auto", lambda el: f"the site's note after the article: {dom.collapse(dom.string_of(el))[:40]!r}")


def _look(el) -> tuple:
    """What a paragraph looks like: its parent, tag and class."""
    return (el.getparent(), el.tag, el.get("class") or "")


def _like_body(el, look) -> bool:
    """Whether ``el`` looks like the article's paragraphs (``look``, see ``_body_look``): the same
    parent, tag and class, or the same tag and class in a wrapper of the same tag and class (the
    article's text continued in a second column or section of its own kind)."""
    if look is None:
        return False
    own = _look(el)
    if own == look:
        return True
    parent, body_parent = own[0], look[0]
    return (own[1:] == look[1:] and parent is not None and body_parent is not None and parent.tag == body_parent.tag
            and (parent.get("class") or "") == (body_parent.get("class") or ""))


def _body_look(blocks: list, texts: feat.Texts):
    """The look most of the article's paragraphs (of ``BODY_PARAGRAPH_CHARS`` or more) share, or None."""
    counts: dict = {}
    for el in blocks:
        if el.tag == "p" and len(texts.collapsed(el)) >= BODY_PARAGRAPH_CHARS:
            look = _look(el)
            counts[look] = counts.get(look, 0) + 1
    return max(counts, key=counts.get) if counts else None


def _emphasized(el, text: str) -> bool:
    """Whether the block's whole text is one emphasis (italic, bold, small print)."""
    for child in el:
        if child.tag in _EMPHASIS and dom.collapse(dom.string_of(child)) == text:
            return True
    return False


# ------------------------------------------------------------------ the opening lines

# The article's first paragraph: this long, with sentence punctuation.
OPENING_PROSE_CHARS = 80
# A line above it of at most this many characters is furniture (a kicker, a byline, a date) ...
OPENING_LINE_MAX_CHARS = 50
# ... unless it ends a sentence or announces what follows ("Zutaten:", "When I woke up, there was nothing.").
_SENTENCE_END = re.compile(r"[.!?…:;。！？：；»”\"')\]]\s*$")
_PUNCTUATION = re.compile(r"[.,;:!?\u3001\u3002\uff0c\uff01\uff1f\uff1b\uff1a]")
# Scripts written without spaces: 50 characters of them are a sentence, not a line.
_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\u0e00-\u0e7f]")
# A block inside one of these is a heading's, a list's or a table's: the article's own structure.
_STRUCTURE_TAGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6", "li", "td", "th", "dt", "dd", "pre", "code", "blockquote", "figure"})
_OPENING_TAGS = ("p", "div", "address", "section", "header")
# More short lines than this above the text are a list of its own (a recipe's ingredients, a
# table of contents), not the furniture around a title.
OPENING_MAX_LINES = 5


def remove_opening_lines(roots: list, ctx: PageContext, texts: feat.Texts | None = None) -> int:
    """Remove, above the first paragraph of prose under ``roots``, the short lines that are no
    sentence and no heading (see the module's docstring); returns how many went. Texts read
    from ``texts``."""
    texts = feat.texts_or_new(texts)
    doomed = []
    for el in (el for root in roots for el in root.iter(*_OPENING_TAGS) if el is not root):
        if _BLOCK_CHILDREN(el):
            continue  # (not a leaf line)
        text = texts.collapsed(el)
        if not text:
            continue
        if len(text) >= OPENING_PROSE_CHARS and _PUNCTUATION.search(text):
            break
        if len(text) > OPENING_LINE_MAX_CHARS or _SENTENCE_END.search(text) or _UNSPACED.search(text) \
                or _MEDIA(el) or any(a.tag in _STRUCTURE_TAGS for a in el.iterancestors()):
            continue
        doomed.append(el)
    if len(doomed) > OPENING_MAX_LINES:
        return 0
    return ctx.kill_all(doomed, "auto", lambda el: f"a line above the article: {dom.collapse(dom.string_of(el))[:40]!r}")


# ------------------------------------------------------------------ the closing lines

# After the article's last paragraph, a line of at most this many characters is the page's
# furniture ("Reklama", "Autoren:", "Mehr Themen:", a name, a date) ...
CLOSING_LINE_MAX_CHARS = 50
# ... unless it ends a sentence.
_CLOSING_SENTENCE_END = re.compile(r"[.!?…;。！？；»”\"')\]]\s*$")
# More short lines than this after the text are a list of its own (results, addresses).
CLOSING_MAX_LINES = 5
_CLOSING_STRUCTURE = frozenset({"li", "td", "th", "dt", "dd", "pre", "code", "blockquote", "figure", "table"})
_HEADINGS = frozenset({"h2", "h3", "h4", "h5", "h6"})
# The article's own items after its text: they stay, and so does a heading or a label announcing them.
_CLOSING_KEPT = ("li", "tr", "pre", "figure")
_CLOSING_TAGS = ("p", "div", "address", "section", "footer", "h2", "h3", "h4", "h5", "h6")


def remove_closing_lines(roots: list, ctx: PageContext, texts: feat.Texts | None = None) -> int:
    """Remove, after the last paragraph of prose under ``roots``, the short lines that end no
    sentence (see the module's docstring); returns how many went. Texts read from ``texts``."""
    texts = feat.texts_or_new(texts)
    lines = [el for root in roots for el in root.iter(*_CLOSING_TAGS, *_CLOSING_KEPT) if el is not root]
    tops = {id(root) for root in roots}
    doomed = []
    kept_after = False  # a line after this one stays: a heading or a label ending in ":" announces it
    for el in reversed(lines):
        if _BLOCK_CHILDREN(el):
            continue  # (not a leaf line: told apart on the walk back, which mostly stops soon)
        text = texts.collapsed(el)
        if not text:
            continue
        if len(text) >= OPENING_PROSE_CHARS and _PUNCTUATION.search(text):
            break
        if len(text) > CLOSING_LINE_MAX_CHARS or _CLOSING_SENTENCE_END.search(text) or _UNSPACED.search(text) \
                or el.tag in _CLOSING_KEPT or _MEDIA(el) or any(a.tag in _CLOSING_STRUCTURE for a in el.iterancestors()) \
                or (kept_after and (el.tag in _HEADINGS or text.endswith(":"))) \
                or _announces(text) or _SIGN_OFF.match(text):
            kept_after = True
            continue
        if _bare_prose_after(el, tops):
            break  # (a heading over paragraphs set as bare text with <br>: the article goes on after it)
        doomed.append(el)
    if len(doomed) > CLOSING_MAX_LINES:
        return 0
    return ctx.kill_all(doomed, "auto", lambda el: f"a line after the article: {dom.collapse(dom.string_of(el))[:40]!r}")


# A line ending in ":" of this many words at least is a sentence
# announcing what follows ("Das Konzeptpapier finden Sie hier:"), not a label ("Mehr Themen:").
ANNOUNCING_MIN_WORDS = 4
# The author's sign-off closing a post ("x Franzi", "XX, Die Redaktion", "Liebe Grüße, Anna").
_SIGN_OFF = re.compile(r"(?:" + "|".join(phrases.SIGN_OFFS) + r")(?:[\s,!]|$)", re.IGNORECASE)


# ... unless it opens as a pointer to other stories ("Lesen Sie auch die folgenden Beiträge:").
_READ_ALSO_START = re.compile(r"[\W_]*" + phrases.any_of(phrases.READ_ALSO_LABELS) + r"\b", re.IGNORECASE)


def _announces(text: str) -> bool:
    """Whether ``text`` is a sentence ending in a colon (``ANNOUNCING_MIN_WORDS`` words or more)
    that points to no other stories."""
    return text.endswith(":") and len(text.split()) >= ANNOUNCING_MIN_WORDS and not _READ_ALSO_START.match(text)


def _bare_prose_after(el, tops: set) -> bool:
    """Whether bare text after ``el`` (its tail, its following siblings' tails, and so on up to
    the selection's block holding it, ``tops`` being their ids) holds a sentence of prose: text
    set between ``<br>`` in its block, which the walk over lines does not see."""
    node = el
    while node is not None and id(node) not in tops:
        for sibling in (node, *node.itersiblings()):
            tail = sibling.tail
            if tail and len(tail) >= OPENING_PROSE_CHARS:
                text = dom.collapse(tail)
                if len(text) >= OPENING_PROSE_CHARS and _PUNCTUATION.search(text):
                    return True
        node = node.getparent()
    return False


# ------------------------------------------------------------------ the pictures' captions

# A caption this long is prose the article tells under its picture, not a line naming it.
CAPTION_MAX_CHARS = 400
# The media a captioned figure shows (a figure of a quote or a code listing keeps its caption).
_FIGURE_MEDIA = etree.XPath(".//img|.//picture|.//video|.//iframe|.//svg|.//object|.//embed")


def remove_captions(roots: list, ctx: PageContext) -> int:
    """Remove, under ``roots``, the captions of the article's pictures: a ``<figcaption>`` of a
    figure showing media, shorter than ``CAPTION_MAX_CHARS``; an image of the figure without a
    text alternative takes the caption as its ``alt`` first (what the reader page would have
    read out for it). Returns how many went."""
    doomed = []
    for caption in (el for root in roots for el in root.iter("figcaption")):
        figure = caption.getparent()
        if figure is None or not _FIGURE_MEDIA(figure):
            continue
        text = dom.collapse(dom.string_of(caption))
        if text and len(text) < CAPTION_MAX_CHARS:
            _name_bare_pictures(figure, text)
            doomed.append(caption)
    return ctx.kill_all(doomed, "auto", lambda el: f"a picture's caption: {dom.collapse(dom.string_of(el))[:40]!r}")


def _name_bare_pictures(holder, caption: str) -> None:
    """Give the images under ``holder`` without a text alternative (none, or a file name, and no
    title) ``caption`` as their ``alt``: what the reader page would have read out for them."""
    for img in holder.iter("img"):
        alt = img.get("alt")
        if (alt is None or alternatives.is_file_name(alt)) and not (img.get("title") or "").strip():
            img.set("alt", alternatives.shorten(caption, alternatives.MAX_ALT_CHARS))


# The blocks a picture's caption is set in beside it, when no <figcaption> names it.
_CAPTION_TAGS = frozenset({"p", "div", "span", "small", "em", "i", "strong", "b", "font"})
_PICTURES = etree.XPath(".//img|.//video")  # (a <picture> holds its <img>)
# Names marking a caption in the markup ("wp-caption-text", "image-credit", "legende").
_CAPTION_NAMES = re.compile(r"caption|credit|legend|bildunterschrift|bildtext")
_NOT_A_CAPTION = etree.XPath(".//h1|.//h2|.//h3|.//h4|.//h5|.//h6|.//ul|.//ol|.//table|.//a")


def _named_caption(el) -> bool:
    """Whether ``el`` or an element in it is named a caption or a credit (a step's text beside
    its picture, a card's, is named otherwise)."""
    return any(_CAPTION_NAMES.search(hints.names_of(d).lower()) for d in el.iter() if dom.is_element(d))


def remove_beside_captions(roots: list, ctx: PageContext) -> int:
    """Remove, under ``roots``, a picture's caption set without a ``<figcaption>``: in the
    picture's own wrapper (one picture and under ``CAPTION_MAX_CHARS`` of text, all of it in
    child blocks beside the picture's, none a heading, list, table or link); the picture keeps
    the caption as its text alternative when it has none. Returns how many went."""
    doomed = []
    seen: set = set()
    for img in (el for root in roots for el in root.iter("img")):
        wrapper = img.getparent()
        while wrapper is not None and not dom.collapse(dom.string_of(wrapper)):
            if wrapper in roots:
                wrapper = None
                break
            wrapper = wrapper.getparent()
        if wrapper is None or wrapper in seen or wrapper in roots or wrapper.tag not in ("div", "figure", "span", "td", "center"):
            continue
        seen.add(wrapper)
        text = dom.collapse(dom.string_of(wrapper))
        if len(text) >= CAPTION_MAX_CHARS or len(_PICTURES(wrapper)) != 1 or (wrapper.text or "").strip():
            continue
        holders = [child for child in wrapper if dom.is_element(child) and dom.collapse(dom.string_of(child))]
        if any(child.tail and child.tail.strip() for child in wrapper) or not holders:
            continue
        if any(child.tag not in _CAPTION_TAGS or _PICTURES(child) or _NOT_A_CAPTION(child) or not _named_caption(child)
               for child in holders):
            continue
        _name_bare_pictures(wrapper, text)
        doomed.extend(holders)
    return ctx.kill_all(doomed, "auto", lambda el: f"a picture's caption beside it: {dom.collapse(dom.string_of(el))[:40]!r}")


# ------------------------------------------------------------------ linked lines between paragraphs

# A linked line is a headline's length: a longer linked block is a sentence the story links.
LINKED_LINE_MIN_CHARS = 20
LINKED_LINE_MAX_CHARS = 130
# More linked lines than this between the paragraphs are the page's own list (chapters, entries
# each with its summary), not teasers set into one story.
LINKED_LINES_MAX = 2
# The lines a teaser of another story can be set in between the article's paragraphs.
_LINKED_LINE_TAGS = ("p", "div", "h2", "h3", "h4", "h5", "h6")
# A link's text that is an address or an e-mail is the story naming it, not another story's headline.
_ADDRESS_TEXT = re.compile(r"^\S*(?:https?://|www\.|@)\S*$|^\S+\.[a-z]{2,4}(?:/\S*)?$", re.I)


def remove_linked_lines(roots: list, ctx: PageContext) -> int:
    """Remove, between the article's first and last paragraphs of prose under ``roots``, the lines
    whose whole text is one link to another page of the page's own site (a headline of another
    story set between the paragraphs); returns how many went."""
    blocks = [el for root in roots for el in root.iter(*_LINKED_LINE_TAGS) if el is not root]
    prose = [k for k, el in enumerate(blocks) if el.tag == "p" and _is_prose(el)]
    if len(prose) < 2:
        return 0
    site = _registered_domain(ctx.url or "")
    doomed = []
    for el in blocks[prose[0] + 1:prose[-1]]:
        links = [a for a in el.iter("a") if a.get("href")]
        if len(links) != 1 or _BLOCK_CHILDREN(el) or _MEDIA(el):
            continue
        text = dom.collapse(dom.string_of(el))
        if not LINKED_LINE_MIN_CHARS <= len(text) <= LINKED_LINE_MAX_CHARS or _ADDRESS_TEXT.match(text):
            continue
        if dom.collapse(dom.string_of(links[0])) != text or not _same_site(links[0].get("href"), ctx, site):
            continue
        doomed.append(el)
    if len(doomed) > LINKED_LINES_MAX:
        return 0
    return ctx.kill_all(doomed, "auto", lambda el: f"a linked line between the paragraphs: {dom.collapse(dom.string_of(el))[:40]!r}")


def _is_prose(el) -> bool:
    text = dom.collapse(dom.string_of(el))
    return len(text) >= OPENING_PROSE_CHARS and bool(_PUNCTUATION.search(text))


def _same_site(href: str, ctx: PageContext, site: str) -> bool:
    """Whether ``href`` goes to another page of the page's own site."""
    url = safe_url(href, ctx.base_url or ctx.url)
    if url is None or not site or _registered_domain(url) != site:
        return False
    return url.split("#")[0].rstrip("/") != (ctx.url or "").split("#")[0].rstrip("/")


# ------------------------------------------------------------------ captions ending in a credit

# A caption with its credit is a line or two: a longer block ending so is a paragraph quoting one.
CREDITED_CAPTION_MAX_CHARS = 200
# The credit at a line's end, after a sentence, a bracket or a separator ("... im Überblick.
# (Foto: Getty)", "Marco Odermatt, Ski-Star. © AFP / M. Bertorello", "... | © Springer").
_CREDIT_AT_END = re.compile(
    r"(?:[.!?)\]|–—,;:]\s*|\s[-/]\s*|\s\(\s*)" + phrases.any_of(phrases.CREDIT_LABELS) + r"\s*[^.!?:]{1,60}\)?\s*$",
    re.IGNORECASE)
_CREDITED_TAGS = ("p", "div", "span", "figcaption", "small")
# Children that make an element a block of blocks, not a line (those of _BLOCK_CHILDREN).
_LINE_PARTS_NOT = frozenset({"p", "div", "ul", "ol", "table", "section", "article", "blockquote",
                             "h1", "h2", "h3", "h4", "h5", "h6", "li"})


def remove_credited_captions(roots: list, ctx: PageContext) -> int:
    """Remove, under ``roots``, the leaf lines ending in a picture's credit ("... (Foto: Getty)"):
    a picture's caption set as a line of the text; returns how many went."""
    doomed = []
    for el in (el for root in roots for el in root.iter(*_CREDITED_TAGS) if el is not root):
        if any(child.tag in _LINE_PARTS_NOT for child in el):
            continue  # (a block of blocks, told apart before its whole text is read)
        if doomed and any(a is doomed[-1] for a in el.iterancestors()):
            continue
        text = dom.collapse(dom.string_of(el))
        if not text or len(text) > CREDITED_CAPTION_MAX_CHARS or not _CREDIT_AT_END.search(text):
            continue
        if _BLOCK_CHILDREN(el) or _MEDIA(el):
            continue
        doomed.append(el)
    return ctx.kill_all(doomed, "auto", lambda el: f"a caption ending in its credit: {dom.collapse(dom.string_of(el))[:40]!r}")


# ------------------------------------------------------------------ the article's date lines

# A date line is a label and a date: this long at most ...
DATE_LINE_MAX_CHARS = 80
# ... with at least this share of it the <time> element's text ("Publiziert: 03.04.2020, 12:35").
DATE_LINE_MIN_TIME_SHARE = 0.4
# Inside these a date is an item's (an event list's, a schedule's, a table's), not the page's stamp.
_DATED_ITEMS = frozenset({"li", "td", "th", "dt", "dd", "table", "pre", "code", "blockquote"})
# The blocks a date line is set in (an inline one is a line when it stands apart from words).
_LINE_BLOCKS = frozenset({"p", "div", "header", "footer", "section", "address", "aside"})
_HEADINGS_AND_MEDIA = etree.XPath(".//h1|.//h2|.//h3|.//h4|.//h5|.//h6|.//img|.//picture|.//video|.//iframe")


def remove_time_lines(roots: list, ctx: PageContext) -> int:
    """Remove, under ``roots``, the lines that are mostly a ``<time>`` (the page's stamp of when
    it published or changed the article: "Aktualisiert: 11.04.2020, 10:27", "11 Jan 2019"); a
    duration (``datetime="PT15M"``) and a date in a list, a table or a quote stay. Returns how
    many went."""
    doomed: list = []
    for root in roots:
        for time in root.iter("time"):
            if (time.get("datetime") or "").strip().upper().startswith("P"):
                continue
            stamp = len(dom.collapse(dom.string_of(time)))
            if not stamp or any(a.tag in _DATED_ITEMS for a in time.iterancestors()):
                continue
            line = None
            el = time
            while el is not None and el is not root:
                text = dom.collapse(dom.string_of(el))
                if len(text) > DATE_LINE_MAX_CHARS or stamp < DATE_LINE_MIN_TIME_SHARE * len(text) or _HEADINGS_AND_MEDIA(el):
                    break
                line = el
                el = el.getparent()
            if line is None or not (line.tag in _LINE_BLOCKS or set_apart(line)):
                continue  # (a date inside a sentence or a heading: the story's)
            if not any(line is d or any(a is d for a in line.iterancestors()) for d in doomed):
                doomed.append(line)
    return ctx.kill_all(doomed, "auto", lambda el: f"the article's date line: {dom.collapse(dom.string_of(el))[:40]!r}")


def set_apart(el) -> bool:
    """Whether ``el`` is an item of its own, no words of its parent before or after it."""
    parent = el.getparent()
    if parent is None:
        return True
    return not (parent.text or "").strip() and not any((child.tail or "").strip() for child in parent)
