"""Structural paths and fingerprints of a page's blocks: what the site memory stores.

A block's *path* is a CSS child-combinator path from ``body`` (``body > div#page >
div.story``): tag, a stable id and up to ``MAX_CLASSES`` stable class tokens per step, no
positions (a template's blocks keep their path when the number of items before them changes).
Tokens that look generated (long digit runs, CSS-in-JS hashes) are left out, and so is any
token that is not a plain CSS identifier, so every path compiles as a selector.

A block's *fingerprint* is a hash of its path and of its whitespace-normalised text, where the
text keeps a mark at each nested block's start and end (so the blocks inside count as well as
the words): the same block with the same text on two pages has the same fingerprint. Only the
hash is kept, never the text.

The text comes from one XSLT pass (C speed) that prints the body's text with a mark around
every block; the marks are then paired by nesting depth with list operations, so no Python code
runs per element of the page, only per block kept.
"""
from __future__ import annotations

import functools
import hashlib
import re
from itertools import accumulate
from typing import NamedTuple

from lxml import etree

from .. import dom

# Containers whose repeats make a template: the paper's DIV and TD markers and today's blocks.
BLOCK_TAGS = frozenset("div td th section article main aside nav header footer ul ol dl table form p blockquote figure center".split())
MAX_CLASSES = 2  # class tokens per path step: enough to tell blocks apart, few enough to survive a restyle
MIN_BLOCK_CHARS = 15  # shorter blocks (a lone "Menu" label) say nothing about a template
MAX_BLOCK_CHARS = 20_000  # a block larger than this is the page itself, never a repeated template part
MAX_BLOCKS = 600  # fingerprints kept per page (document order): bounds the work and the database writes
FINGERPRINT_BYTES = 8  # 16 hex digits: no collision among a host's few thousand blocks in practice
_IDENT = re.compile(r"^-?[_a-zA-Z][_a-zA-Z0-9-]*$")
_GENERATED = re.compile(r"\d{3,}|^(css|sc|jsx|svelte|emotion|styled)-|^[a-z]{1,3}-[0-9a-z]{5,}$|[0-9][a-z][0-9]")
_MAX_TOKEN = 40  # longer tokens are hashes or serialised state
# A block's start and end marks as the stylesheet prints them: Unicode noncharacters, which no
# page means to show (a page that does hold them gets no fingerprints: the marks do not pair up).
OPEN, CLOSE = "\ufdd0", "\ufdd1"
# The same marks in the text that is split and hashed: control characters, which dom.parse keeps
# out of every page, so the text stays one byte per character when the page's text is Latin-1.
_OPEN, _CLOSE = "\x01", "\x02"
_MARK = re.compile(f"([{_OPEN}{_CLOSE}])")
_DEPTH_STEP = {_OPEN: 1, _CLOSE: -1}
# The body's text (comments and processing instructions left out), each block between the marks.
_MARKED_TEXT = etree.XSLT(etree.XML(
    '<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">'
    '<xsl:output method="text" encoding="UTF-8"/>'
    f'<xsl:template match="{"|".join(sorted(BLOCK_TAGS))}">{OPEN}<xsl:apply-templates/>{CLOSE}</xsl:template>'
    "</xsl:stylesheet>"
))


@functools.lru_cache(maxsize=4096)
def stable_token(token: str) -> bool:
    """A class or id token that is a CSS identifier and does not look generated per page."""
    return len(token) <= _MAX_TOKEN and bool(_IDENT.match(token)) and not _GENERATED.search(token)


def step_of(el) -> str:
    """One path step: ``tag``, then ``#id`` and ``.class`` tokens when stable."""
    return _step(dom.tag_of(el), el.get("id"), el.get("class"))


@functools.lru_cache(maxsize=8192)
def _step(tag: str, ident: str | None, classes: str | None) -> str:
    """step_of from the tag and the raw attributes (pages repeat the same few combinations)."""
    out = tag
    ident = (ident or "").strip()
    if ident and stable_token(ident):
        out += "#" + ident
    for c in sorted({c for c in (classes or "").split() if stable_token(c)})[:MAX_CLASSES]:
        out += "." + c
    return out


def path_of(el) -> str:
    """The CSS path of ``el`` from ``body`` (``body`` itself when ``el`` is outside it)."""
    steps = []
    node = el
    while node is not None and dom.tag_of(node) not in ("body", "html"):
        steps.append(step_of(node))
        node = node.getparent()
    return " > ".join(["body", *reversed(steps)])


def fingerprint(path: str, marked_text: str) -> str:
    """16 hex digits of BLAKE2b over the path and the block's marked, normalised text."""
    data = f"{path}\n{marked_text}".encode("utf-8", "surrogatepass")
    return hashlib.blake2b(data, digest_size=FINGERPRINT_BYTES).hexdigest()


class Block(NamedTuple):
    element: object
    path: str
    fp: str
    chars: int  # whitespace-normalised characters, summed over the text between nested blocks


def page_blocks(body, max_blocks: int = MAX_BLOCKS) -> list[Block]:
    """The page's fingerprinted blocks in document order, at most ``max_blocks``.

    Blocks hold between MIN_BLOCK_CHARS and MAX_BLOCK_CHARS characters. Past ``max_blocks`` the
    first and last halves are kept: a template's navigation and footer sit at the page's edges.
    Paths are built only for the blocks kept (memoised upwards).
    """
    elements = list(body.iter(*BLOCK_TAGS))
    if not elements:
        return []
    text, marks, at = _marked_text(body)
    if len(marks) != 2 * len(elements):  # the page's own text holds a mark character
        return []
    found = sorted(s for s in _block_spans(marks, at) if MIN_BLOCK_CHARS <= s[3] <= MAX_BLOCK_CHARS)
    if len(found) > max_blocks:
        found = found[: max_blocks // 2] + found[len(found) - (max_blocks - max_blocks // 2):]
    paths: dict = {body: "body"}
    out = []
    for number, start, stop, chars in found:
        where = _path(elements[number], paths)
        out.append(Block(elements[number], where, fingerprint(where, text[start:stop]), chars))
    return out


def _marked_text(body) -> tuple[str, list[str], list[int]]:
    """The body's text with each piece between two marks whitespace-normalised, its marks, and
    the offset of each mark in it."""
    try:
        printed = str(_MARKED_TEXT(body)).replace(OPEN, _OPEN).replace(CLOSE, _CLOSE)
        pieces = _MARK.split(printed)  # text, mark, text, mark, ..., text
    except etree.XSLTApplyError:  # not seen (pages nest at most 2048 deep): no fingerprints then
        return "", [], []
    pieces[0::2] = map(" ".join, map(str.split, pieces[0::2]))
    return "".join(pieces), pieces[1::2], list(accumulate(map(len, pieces)))[0::2][:-1]


def _block_spans(marks: list[str], at: list[int]) -> list[tuple[int, int, int, int]]:
    """(block number in document order, text start, text end, characters) of every block.

    A block's open mark and its close mark sit at the same nesting level, and on one level the
    marks alternate open, close: a stable sort of the marks by level pairs them up.
    """
    depth = list(accumulate(map(_DEPTH_STEP.__getitem__, marks), initial=0))
    level = list(map(min, depth, depth[1:]))  # an open mark's depth before it, a close mark's after it
    order = sorted(range(len(marks)), key=level.__getitem__)
    # mark i is the ((i + depth[i]) / 2)th open mark; a block's characters leave out the j - i - 1 marks inside it
    return [((i + depth[i]) // 2, at[i] + 1, at[j], at[j] - at[i] - (j - i)) for i, j in zip(order[0::2], order[1::2])]


def _path(el, paths: dict) -> str:
    """path_of, memoised in ``paths`` (element -> path) for the blocks' shared ancestors."""
    chain = []
    node = el
    while node not in paths:
        chain.append(node)
        node = node.getparent()
        if node is None:
            return ""
    known = paths[node]
    for step_el in reversed(chain):
        known = paths[step_el] = f"{known} > {_step(step_el.tag, step_el.get('id'), step_el.get('class'))}"
    return known
