"""What an article's container holds beside the story for ``auto``: the site's other posts, its
forms, the author's blocks, its calls to action.

- ``remove_trailing_listings``: after the article's prose (all but a little of it: a testimonial
  or a contact box may follow), a group of records whose entries are teasers (a linked heading
  each, little prose: ``listings.teaser_entries``) linking to other pages of the site is the
  site's "more posts" grid, not the story: its entries go when together they say less than the
  story and form one grid (several groups of cards are the page's own sections). The teasers'
  summaries are prose of their own, so the rule of the article's end
  (``post_chrome.remove_trailing_teasers``) takes them for the text.
- ``remove_entry_forms``: a form asking the reader to fill in fields (a demo request, an e-book
  download, a newsletter with a name and an e-mail) is the site's, not the story's, whatever
  its length (cleaning takes only short forms: a country list makes a long one); its wrapper
  goes with it when all the wrapper says beside it is a line or two ("Book a demo").
- ``remove_author_blocks``: a block the markup names for the author (a byline, "written by",
  the author's box with a bio) is the page's note on who wrote the story, not the story, above
  or below it; a comment's author line stays with its comment.
- ``remove_call_to_action``: a block the markup names a call to action ("cta", "call-to-action":
  "Get a demo", "Enjoyed this piece? Support us", "Get started") is the site selling, not the story.
- ``remove_form_notices``: a short block the markup names a form's outcome ("w-form-done",
  "form-error") is what the form's script shows once it was sent, left behind by the form.
"""
from __future__ import annotations

import re

from lxml import etree

from ... import dom
from ...context import PageContext
from .. import features as feat
from .. import hints
from . import listings
from .article_edges import _registered_domain, _same_site, set_apart

# An entry's heading is this long at least: a shorter linked heading is a label ("More"), not a headline.
TEASER_TITLE_MIN_CHARS = 15
# At least this share of the entries link their heading to another page of the site: a list of
# outside sources (a tools roundup's links) is the article's own.
SITE_LINK_SHARE = 0.8
# The text after the story (a testimonial, a contact box) is a small share of the prose: a group
# with more of it after is among the article's sections.
TRAILING_PROSE_SHARE = 0.2
# The teasers after the story say less than it: more of them is a listing page with an intro.
TEASERS_MAX_PROSE_SHARE = 1.0
# A site's "more posts" grid is one block: several groups of cards after the text are the page's
# own sections (a documentation landing page's cards).
MAX_GRIDS = 1
# A paragraph of the article: this many characters with at most this share in links.
ARTICLE_PARAGRAPH_MAX_LINK_SHARE = 0.5
_HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")


def remove_trailing_listings(f: feat.Features, nodes: list[int], groups: list[list[int]], ctx: PageContext,
                             prose_min_chars: int) -> int:
    """Remove, inside the selection ``nodes``, the entries of the teaser group (see the module's
    docstring) that starts after all but ``TRAILING_PROSE_SHARE`` of the prose outside the
    teasers; returns how many went."""
    found = [members for members in groups if members and f.inside_any(members[0], nodes)]
    if not found:
        return 0
    teasers = set(listings.teaser_entries(f, nodes, found, prose_min_chars))
    if not teasers:
        return 0
    site = _registered_domain(ctx.url or "")
    if not site:
        return 0
    paragraphs = []  # (index, characters) of the paragraphs of prose outside the teasers
    for root in nodes:
        i = root
        stop = root + f.count[root]
        while i < stop:
            if i in teasers:
                i += f.count[i]
                continue
            if f.tags[i] == "p" and f.punct[i] and f.chars[i] >= prose_min_chars \
                    and f.link_chars[i] <= ARTICLE_PARAGRAPH_MAX_LINK_SHARE * f.chars[i]:
                paragraphs.append((i, f.chars[i]))
            i += 1
    prose = sum(chars for _, chars in paragraphs)
    if not prose:
        return 0
    doomed = []
    grids = 0
    for members in found:
        group = [m for m in members if m in teasers]
        if len(group) < len(members) or sum(chars for i, chars in paragraphs if i < group[0]) < (1 - TRAILING_PROSE_SHARE) * prose:
            continue
        linked = sum(1 for m in group if _links_within_site(f, m, ctx, site))
        if linked < SITE_LINK_SHARE * len(group):
            continue
        doomed.extend(m for m in group if f.in_page(m))
        grids += 1
    if grids > MAX_GRIDS or not doomed or sum(f.chars[m] for m in doomed) > TEASERS_MAX_PROSE_SHARE * (
            f.prose_chars(nodes, prose_min_chars) - f.prose_chars(sorted(teasers), prose_min_chars)):
        return 0
    return ctx.kill_all([f.elements[m] for m in doomed], "auto", lambda el: f"another post's teaser after the article: {' '.join(el.text_content().split())[:40]!r}")


def _links_within_site(f: feat.Features, m: int, ctx: PageContext, site: str) -> bool:
    """Whether entry ``m``'s first linked heading of a headline's length goes to another page of the site."""
    for el in f.elements[m].iter(*_HEADINGS):
        text = " ".join(el.text_content().split())
        if len(text) < TEASER_TITLE_MIN_CHARS:
            continue
        link = next((a for a in el.iter("a") if a.get("href")), None)
        if link is None:
            link = next((a for a in el.iterancestors("a") if a.get("href")), None)
        if link is not None:
            return _same_site(link.get("href"), ctx, site)
    return False


# ------------------------------------------------------------------ forms to fill in

# A form with this many fields to fill in asks the reader for something (a site search has one).
FORM_MIN_FIELDS = 2
# A form holding more than this share of the selection's text is the page's content (a quiz).
FORM_MAX_SHARE = 0.3
# The form's wrapper goes with it when its text beside the form is at most this long (a heading
# and a line inviting the reader).
FORM_INTRO_MAX_CHARS = 250
_FIELDS = etree.XPath(".//input[not(@type) or @type='text' or @type='email' or @type='tel' or @type='number' "
                      "or @type='url' or @type='password']|.//select|.//textarea")


def remove_entry_forms(roots: list, ctx: PageContext) -> int:
    """Remove, under ``roots`` (the selection's blocks), the forms with ``FORM_MIN_FIELDS`` fields
    or more and their short wrappers (see the module's docstring); returns how many went."""
    forms = [form for root in roots for form in root.iter("form") if form is not root]
    if not forms:
        return 0
    total = sum(len(dom.collapse(dom.string_of(root))) for root in roots)
    doomed = []
    for form in forms:
        if len(_FIELDS(form)) < FORM_MIN_FIELDS or any(form is d or any(a is d for a in form.iterancestors()) for d in doomed):
            continue
        chars = len(dom.collapse(dom.string_of(form)))
        if chars > FORM_MAX_SHARE * total:
            continue
        block = form
        while True:
            parent = block.getparent()
            if parent is None or any(parent is root for root in roots) or parent.tag in ("body", "html"):
                break
            if len(dom.collapse(dom.string_of(parent))) - chars > FORM_INTRO_MAX_CHARS:
                break
            block = parent
        doomed.append(block)
    return ctx.kill_all(doomed, "auto", lambda el: f"a form to fill in: {dom.collapse(dom.string_of(el))[:40]!r}")


# ------------------------------------------------------------------ the author's blocks

# Names of an author's block: "author-bio", "post__author", "byline", "blog_writer", "autor".
_AUTHOR_NAMES = re.compile(r"author|byline|writer|autor|(?:^|[^a-z])bio(?:[^a-z]|$)")
# ... not a comment's or a review's author (they stay with what they wrote), nor a list of authors' works.
_NOT_AUTHOR_NAMES = re.compile(r"comment|review|repl|quote|testimonial|posts|articles|list")
# An author's box is a name, a title and a few lines of bio: a longer block so named holds the story.
AUTHOR_BLOCK_MAX_CHARS = 700
# ... and a small share of the selection's text.
AUTHOR_BLOCK_MAX_SHARE = 0.2
_AUTHOR_BLOCK_TAGS = ("div", "p", "section", "aside", "footer", "address", "span", "a")
# Inline elements go only as lines of their own ("By <a>Jane Doe</a>" keeps its words together).
_INLINE = frozenset({"span", "a"})
_AUTHOR_NOT = etree.XPath(".//h1|.//article|.//form|.//table|.//ul[count(li) > 5]")


def remove_author_blocks(roots: list, ctx: PageContext) -> int:
    """Remove, under ``roots`` (the selection's blocks), the outermost blocks named for the author
    (see the module's docstring) of at most ``AUTHOR_BLOCK_MAX_CHARS``; returns how many went."""
    named = [el for root in roots for el in root.iter(*_AUTHOR_BLOCK_TAGS)
             if el is not root and _AUTHOR_NAMES.search(hints.names_of(el).lower())]
    if not named:
        return 0
    return _remove_named(roots, named, ctx, AUTHOR_BLOCK_MAX_CHARS, "the author's block", skip=_names_other_than_author)


def _names_other_than_author(el) -> bool:
    """Whether ``el`` or a named ancestor is named for a comment's, review's or testimonial's author."""
    return bool(_NOT_AUTHOR_NAMES.search(hints.names_of(el).lower())) or any(
        _NOT_AUTHOR_NAMES.search(hints.names_of(a).lower()) for a in el.iterancestors() if a.get("class") or a.get("id"))


def _remove_named(roots: list, named: list, ctx: PageContext, max_chars: int, why: str, skip=None) -> int:
    """Remove the outermost of ``named`` (blocks under ``roots``, in document order) that ``skip``
    does not reject, holding some text, at most ``max_chars`` and ``AUTHOR_BLOCK_MAX_SHARE`` of
    the selection's, nothing of ``_AUTHOR_NOT``, and (inline ones) a line of their own; returns how many went."""
    total = sum(len(dom.collapse(dom.string_of(root))) for root in roots)
    doomed: list = []
    for el in named:
        if doomed and any(a is doomed[-1] for a in el.iterancestors()):
            continue
        if skip is not None and skip(el):
            continue
        text = dom.collapse(dom.string_of(el))
        if not text or len(text) > max_chars or len(text) > AUTHOR_BLOCK_MAX_SHARE * total or _AUTHOR_NOT(el):
            continue
        if el.tag in _INLINE and not set_apart(el):
            continue
        doomed.append(el)
    return ctx.kill_all(doomed, "auto", lambda el: f"{why}: {dom.collapse(dom.string_of(el))[:40]!r}")


# ------------------------------------------------------------------ calls to action

# Names of a call to action: "cta", "post-cta", "cta_banner", "call-to-action".
_CTA_NAMES = re.compile(r"(?:^|[^a-z])cta(?:[^a-z]|$)|call-?to-?action")
# A call to action is a line, a button and a sentence or two: a longer block so named holds content.
CTA_MAX_CHARS = 500
_CTA_TAGS = ("div", "p", "section", "aside", "a", "span", "footer")


def remove_call_to_action(roots: list, ctx: PageContext) -> int:
    """Remove, under ``roots`` (the selection's blocks), the outermost blocks named a call to action
    of at most ``CTA_MAX_CHARS`` (see the module's docstring); returns how many went."""
    named = [el for root in roots for el in root.iter(*_CTA_TAGS) if el is not root and _CTA_NAMES.search(hints.names_of(el).lower())]
    if not named:
        return 0
    return _remove_named(roots, named, ctx, CTA_MAX_CHARS, "a call to action")


# (issue 22, precision round 6 part A: a form's notices)
# A block named a form's outcome: "w-form-done", "form-success", "form_error", "form-message".
_FORM_NOTICE_NAMES = re.compile(r"(?:^|[^a-z])(?:w-)?form[-_]?(?:done|fail|failure|success|error|errors|response|message|status)(?:[^a-z]|$)")
# A notice is a sentence or two ("Thank you! Your submission has been received!"): a longer block
# so named holds content.
FORM_NOTICE_MAX_CHARS = 200
_FORM_NOTICE_TAGS = ("div", "p", "span")


def remove_form_notices(roots: list, ctx: PageContext) -> int:
    """Remove, under ``roots`` (the selection's blocks), the blocks the markup names a form's
    outcome (sent, failed: shown only once the form was sent, by its script) of at most
    ``FORM_NOTICE_MAX_CHARS``: "Thank you! Your submission has been received!", "Oops! Something
    went wrong while submitting the form." They stay behind when the form went, and are not the
    page's text either way. Returns how many went."""
    doomed: list = []
    for root in roots:
        for el in root.iter(*_FORM_NOTICE_TAGS):
            if el is root or not _FORM_NOTICE_NAMES.search(hints.names_of(el).lower()):
                continue
            if doomed and any(a is doomed[-1] for a in el.iterancestors()):
                continue
            text = dom.collapse(dom.string_of(el))
            if text and len(text) <= FORM_NOTICE_MAX_CHARS:
                doomed.append(el)
    return ctx.kill_all(doomed, "auto", lambda el: f"a form's notice: {dom.collapse(dom.string_of(el))[:40]!r}")
