"""Whole paragraphs after an article's story that are not the story (its author, the publication), for ``auto``.

- ``remove_author_bios``: the page's metadata names who wrote it (JSON-LD ``author``, <meta>
  author, the visible byline: ``PageContext.byline``); a paragraph after the story's last
  paragraph that opens with that full name ("Jane Doe is a reporter at ...", "Jule Radeck
  studierte ...") is the author's bio, whatever its language. Only the paragraphs after the
  story's last one go: the same name inside the story (an interview's subject) stays.
- ``remove_house_promos``: a paragraph after the story linking to the site's own subscription,
  newsletter or kiosk pages, to a kiosk's site, or to an app store, is the publication selling itself.
- ``remove_licence_lines``, ``remove_reader_appeals``: a short paragraph after the story linking
  to the text's licence, or asking the reader for support.
"""
from __future__ import annotations

import re

from urllib.parse import urlsplit

import re2

from ...context import PageContext
from ...links import safe_url
from .. import features as feat
from .. import phrases
from .article_edges import _registered_domain

# A bio is a sentence or more: a shorter line opening with the name is a byline, left to the rules of lines.
BIO_MIN_CHARS = 60
# ... and a few sentences: a longer paragraph opening with the name is the story's.
BIO_MAX_CHARS = 700
# A paragraph of the story: this long at least (shorter lines after the story are labels, links).
STORY_PARAGRAPH_CHARS = 80
# The story left beside the bios says at least this much: less is the author's own page.
STORY_MIN_CHARS = 1000
# A name is two words at least (one word, "Amy", is too often the story's) and a person's few.
NAME_MIN_WORDS = 2
NAME_MAX_WORDS = 4
# The byline's parts: several authors, a name beside its role or its publication.
_NAME_SEPARATORS = re.compile(r"\s*(?:[,;|/&(\[–—·•]|\s-\s|\band\b|\bund\b|\bet\b|\by\b|\be\b|\bfor\b|\bfür\b)\s*", re.IGNORECASE)
# A byline's lead word ("By Jane Doe", "Von Jule Radeck", "Par", "Por", "Door", "Di").
_LEAD = re.compile(r"^(?:by|von|par|por|door|di|da|av|af|przez)\s+", re.IGNORECASE)


def author_names(byline: str) -> tuple[str, ...]:
    """The full names a byline holds: "By Glen Owen And Brendan Carlin" -> ("Glen Owen",
    "Brendan Carlin"); parts of one word, of more than ``NAME_MAX_WORDS`` or with a word in lower
    case ("senior reporter") left out."""
    names = []
    for part in _NAME_SEPARATORS.split(byline or ""):
        part = _LEAD.sub("", part.strip())
        words = part.split()
        if NAME_MIN_WORDS <= len(words) <= NAME_MAX_WORDS and all(w[:1].isupper() for w in words) and part not in names:
            names.append(part)
    return tuple(names)


def remove_author_bios(roots: list, ctx: PageContext, texts: feat.Texts | None = None) -> int:
    """Remove, after the story's last paragraph under ``roots``, the paragraphs opening with the
    author's full name (see the module's docstring); returns how many went. Texts read from ``texts``."""
    names = author_names(ctx.byline)
    if not names or not roots:
        return 0
    texts = feat.texts_or_new(texts)
    return _remove_trailing(roots, ctx, texts, lambda el, text: BIO_MIN_CHARS <= len(text) <= BIO_MAX_CHARS and _opens_with(text, names),
                            "the author's bio after the article")


def _remove_trailing(roots: list, ctx: PageContext, texts: feat.Texts, wanted, why: str) -> int:
    """Remove the paragraphs under ``roots`` for which ``wanted(el, text)`` holds, walking back
    from the last one up to the first other paragraph of ``STORY_PARAGRAPH_CHARS`` or more (the
    story's last); none when less than ``STORY_MIN_CHARS`` would be left (the story is above, in
    <p>s or not: a page that is little but these is their own page). Returns how many went."""
    paragraphs = [el for root in roots for el in root.iter("p") if el is not root]
    doomed = []
    for el in reversed(paragraphs):
        text = texts.collapsed(el)
        if wanted(el, text):
            doomed.append(el)
            continue
        if len(text) >= STORY_PARAGRAPH_CHARS:
            break
    if not doomed:
        return 0
    if sum(len(texts.collapsed(root)) for root in roots) - sum(len(texts.collapsed(el)) for el in doomed) < STORY_MIN_CHARS:
        return 0
    return ctx.kill_all(doomed, "auto", lambda el: f"{why}: {texts.collapsed(el)[:40]!r}")


def _opens_with(text: str, names: tuple[str, ...]) -> bool:
    """Whether ``text`` opens with one of ``names`` as whole words, not as a label: "Jane Doe:"
    opens a citation ("Jane Doe: The Mill. In: ...") or a book's reference, not a bio."""
    for name in names:
        if text.startswith(name) and (len(text) == len(name) or not (text[len(name)].isalnum() or text[len(name)] == ":")):
            return True
    return False


# ------------------------------------------------------------------ the publication's own promotions

# A promotion is a sentence or a few: a longer paragraph linking to the site's subscription is the story's.
PROMO_MAX_CHARS = 600
# App stores: a link there after the story offers the publication's app.
_APP_STORES = frozenset({"apps.apple.com", "itunes.apple.com", "play.google.com"})
_URL_WORDS = re.compile(r"[a-z]+")


def remove_house_promos(roots: list, ctx: PageContext, texts: feat.Texts | None = None) -> int:
    """Remove, after the story's last paragraph under ``roots``, the paragraphs of at most
    ``PROMO_MAX_CHARS`` linking to the site's own subscription, newsletter or shop pages (a word of
    ``phrases.SUBSCRIPTION_URL_WORDS`` in the address's host or path) or to an app store: the
    publication selling itself ("The current issue at every kiosk, by subscription ...", "Subscribe
    to our newsletter"), or to another site whose name holds such a word ("vh-kiosk.de"); returns
    how many went. Texts read from ``texts``."""
    site = _registered_domain(ctx.url or "")
    if not site or not roots:
        return 0
    texts = feat.texts_or_new(texts)
    return _remove_trailing(
        roots, ctx, texts,
        lambda el, text: bool(text) and len(text) <= PROMO_MAX_CHARS and any(_promotes(a.get("href"), ctx, site) for a in el.iter("a")),
        "the publication's promotion after the article")


def _promotes(href: str | None, ctx: PageContext, site: str) -> bool:
    """Whether ``href`` goes to an app store or to the site's subscription pages."""
    url = safe_url(href or "", ctx.base_url or ctx.url)
    if url is None:
        return False
    parts = urlsplit(url)
    host = (parts.hostname or "").lower()
    if host in _APP_STORES:
        return True
    domain = _registered_domain(url)
    if domain != site:
        # (another site whose very name sells: "vh-kiosk.de/registrierung", "mykiosk.com")
        return not set(_URL_WORDS.findall(domain.rsplit(".", 1)[0])).isdisjoint(_SUBSCRIPTION_WORDS)
    words = set(_URL_WORDS.findall((host.split(".")[0] + " " + parts.path).lower()))
    return not words.isdisjoint(_SUBSCRIPTION_WORDS)


_SUBSCRIPTION_WORDS = frozenset(phrases.SUBSCRIPTION_URL_WORDS)


# ------------------------------------------------------------------ licence lines, reader appeals

# A licence line is a sentence or two ("This text is published under CC BY-NC-ND 4.0"): a longer
# paragraph linking to a licence is the story's (an article about licences).
LICENCE_MAX_CHARS = 300
# Creative Commons' licence deeds: a link there names the licence the text is published under.
_LICENCE_HOSTS = frozenset({"creativecommons.org"})
_LICENCE_WORDS = frozenset(phrases.LICENCE_URL_WORDS)


def remove_licence_lines(roots: list, ctx: PageContext, texts: feat.Texts | None = None) -> int:
    """Remove, after the story's last paragraph under ``roots``, the paragraphs of at most
    ``LICENCE_MAX_CHARS`` linking to a licence (a Creative Commons deed, or a page whose address's
    path holds a word of ``phrases.LICENCE_URL_WORDS``): the terms the text is published under
    ("Dieser Text wurde veröffentlicht unter der Lizenz CC-BY-NC-ND-4.0-DE", "Materiał chroniony
    prawem autorskim ... Kup licencję"), not the story. Returns how many went. Texts read from ``texts``."""
    if not roots:
        return 0
    texts = feat.texts_or_new(texts)
    return _remove_trailing(
        roots, ctx, texts,
        lambda el, text: bool(text) and len(text) <= LICENCE_MAX_CHARS and any(_licence(a.get("href"), ctx) for a in el.iter("a")),
        "the text's licence after the article")


def _licence(href: str | None, ctx: PageContext) -> bool:
    """Whether ``href`` goes to a licence's page."""
    url = safe_url(href or "", ctx.base_url or ctx.url)
    if url is None:
        return False
    parts = urlsplit(url)
    if _registered_domain(url) in _LICENCE_HOSTS:
        return True
    return not set(_URL_WORDS.findall(parts.path.lower())).isdisjoint(_LICENCE_WORDS)


# An appeal is a few sentences ("Gefällt dir unser Magazin? ... unterstütze uns"): a longer
# paragraph naming support is the story's.
APPEAL_MAX_CHARS = 800
# (asides' appeals open a short paragraph with these; after the story they may stand anywhere in
# a longer one.) Searched with RE2, in one linear pass: ``re`` tries every alternative at every
# position, milliseconds a paragraph. RE2 has no look-around: the one opening spelled with it
# (a prefix that only anchors it at a paragraph's start) is in READER_APPEALS without it.
_LOOK_AROUND = re.compile(r"\(\?<?[=!]")
_APPEAL = re2.compile("(?i)" + "|".join(
    p for p in (*phrases.READER_APPEALS, *phrases.APPEAL_OPENINGS) if not _LOOK_AROUND.search(p)))


def remove_reader_appeals(roots: list, ctx: PageContext, texts: feat.Texts | None = None) -> int:
    """Remove, after the story's last paragraph under ``roots``, the paragraphs of at most
    ``APPEAL_MAX_CHARS`` asking the reader to support the publication (a phrase of
    ``phrases.READER_APPEALS`` or ``phrases.APPEAL_OPENINGS`` anywhere in it: "Wenn Ihnen unser
    Artikel gefallen hat: Unterstützen Sie diese Form des Journalismus", "... keine
    Bezahlschranke", "hazte miembro"): the publication asking for money, not the story. Returns
    how many went. Texts read from ``texts``."""
    if not roots:
        return 0
    texts = feat.texts_or_new(texts)
    return _remove_trailing(
        roots, ctx, texts,
        lambda el, text: bool(text) and len(text) <= APPEAL_MAX_CHARS and _APPEAL.search(text) is not None,
        "an appeal for support after the article")
