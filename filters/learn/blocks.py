"""Structural paths and fingerprints of a page's blocks: what the site memory stores.

A block's *path* is a CSS child-combinator path from ``body`` (``body > div#page >
div.story``): tag, a stable id and up to ``MAX_CLASSES`` stable class tokens per step, no
positions (a template's blocks keep their path when the number of items before them changes).
Tokens that look generated (long digit runs, CSS-in-JS hashes) are left out, and so is any
token that is not a plain CSS identifier, so every path compiles as a selector.

A block's *fingerprint* is a hash of its path and a digest of its whitespace-normalised text:
the same block with the same text on two pages has the same fingerprint. Only the hash is kept,
never the text.
"""
from __future__ import annotations

import functools
import hashlib
import re
from dataclasses import dataclass

from lxml import etree

from .. import dom

# Containers whose repeats make a template: the paper's DIV and TD markers and today's blocks.
BLOCK_TAGS = frozenset("div td th section article main aside nav header footer ul ol dl table form p blockquote figure center".split())
MAX_CLASSES = 2  # class tokens per path step: enough to tell blocks apart, few enough to survive a restyle
MIN_BLOCK_CHARS = 15  # shorter blocks (a lone "Menu" label) say nothing about a template
MAX_BLOCK_CHARS = 20_000  # a block larger than this is the page itself, never a repeated template part
MAX_BLOCKS = 600  # fingerprints kept per page (document order): bounds the work and the database writes
_IDENT = re.compile(r"^-?[_a-zA-Z][_a-zA-Z0-9-]*$")
_GENERATED = re.compile(r"\d{3,}|^(css|sc|jsx|svelte|emotion|styled)-|^[a-z]{1,3}-[0-9a-z]{5,}$|[0-9][a-z][0-9]")
_MAX_TOKEN = 40  # longer tokens are hashes or serialised state


@functools.lru_cache(maxsize=4096)
def stable_token(token: str) -> bool:
    """A class or id token that is a CSS identifier and does not look generated per page."""
    return len(token) <= _MAX_TOKEN and bool(_IDENT.match(token)) and not _GENERATED.search(token)


def step_of(el) -> str:
    """One path step: ``tag``, then ``#id`` and ``.class`` tokens when stable."""
    tag = dom.tag_of(el)
    out = tag
    ident = (el.get("id") or "").strip()
    if ident and stable_token(ident):
        out += "#" + ident
    classes = sorted({c for c in (el.get("class") or "").split() if stable_token(c)})
    for c in classes[:MAX_CLASSES]:
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


def fingerprint(path: str, text_digest: str) -> str:
    """16 hex digits of SHA-256 over the path and the digest of the block's text."""
    return hashlib.sha256(f"{path}\n{text_digest}".encode("utf-8", "surrogatepass")).hexdigest()[:16]


@dataclass(frozen=True)
class Block:
    element: object
    path: str
    fp: str
    chars: int


def page_blocks(body, max_blocks: int = MAX_BLOCKS) -> list[Block]:
    """The page's fingerprinted blocks in document order, at most ``max_blocks``.

    One bottom-up walk gives every element a digest of its text (its own text, its children's
    digests and their tails, whitespace-normalised piece by piece), so no block's text is read
    twice. Past ``max_blocks`` the first and last halves are kept: a template's navigation and
    footer sit at the page's edges. Paths are built only for the blocks kept (memoised upwards).
    """
    digest: dict = {}
    size: dict = {}
    found = []
    for _, el in etree.iterwalk(body, events=("end",)):
        if not isinstance(el.tag, str):
            continue
        h = hashlib.blake2b(digest_size=12)
        chars = _feed(h, el.text)
        for child in el:
            if isinstance(child.tag, str) and size[child]:  # markup without text does not count
                h.update(digest[child])
                chars += size[child]
            chars += _feed(h, child.tail)
        digest[el], size[el] = h.digest(), chars
        if el is not body and el.tag in BLOCK_TAGS and MIN_BLOCK_CHARS <= chars <= MAX_BLOCK_CHARS:
            found.append(el)
    order = {el: i for i, el in enumerate(body.iter())}
    found.sort(key=order.__getitem__)  # the walk was bottom-up: back to document order
    if len(found) > max_blocks:
        found = found[: max_blocks // 2] + found[len(found) - (max_blocks - max_blocks // 2):]
    paths: dict = {body: "body"}
    return [Block(el, where, fingerprint(where, digest[el].hex()), size[el]) for el in found for where in (_path(el, paths),)]


def _feed(h, text: str | None) -> int:
    """Add one text piece (whitespace-normalised) to the digest; returns its length."""
    if not text:
        return 0
    piece = " ".join(text.split())
    if piece:
        h.update(piece.encode("utf-8", "surrogatepass") + b"\x00")
    return len(piece)


def _path(el, paths: dict) -> str:
    chain = []
    node = el
    while node not in paths:
        chain.append(node)
        node = node.getparent()
        if node is None:
            return ""
    known = paths[node]
    for step_el in reversed(chain):
        known = paths[step_el] = f"{known} > {step_of(step_el)}"
    return known
