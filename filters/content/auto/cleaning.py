"""Cleaning for ``auto``: what goes from inside the selection before the trimming rules.

Inside the selected blocks, the boilerplate-marked subtrees (customer reviews and, off a
forum, comments among them), link lists and small forms go, unless a SPARE rule named them
(``state.spared``); hidden elements go too (their links go to the removed-links list). A code
listing is kept or cut whole.
"""
from __future__ import annotations

from ... import dom
from .. import features as feat
from .. import hints
from ..rules import accordions
from ..rules import code_listings
from .options import AutoOptions
from .state import PageState

# Blocks that can be a link list (a menu's list, a row of links in a div or a cell).
LIST_CONTAINERS = frozenset({"ul", "ol", "dl", "div", "nav", "section", "table", "p", "menu", "aside", "footer", "header", "span", "td"})
# Cleaning that would remove more than this share of the selection's text is not done: the
# markup words misled it (a page built of "promo" blocks), and the container as it is beats an
# empty page.
CLEAN_MAX_SHARE = 0.85
# Marked blocks cleaning removes even when the rest of what it would remove is too much: what they
# are is said by their tag or role (a sidebar) or by a comment hint (a reply form, a thread), not guessed.
SURE_TAGS = frozenset({"aside", "form"})
SURE_ROLES = frozenset({"complementary"})
# Pictures a class-name guess never removes from the selection: an ad picture is removed by the
# chain's real list rules (ad_server: hosts, EasyList network and element-hiding rules) or not at all.
PICTURES = frozenset({"img", "picture", "figure"})


def prose_step(s: PageState) -> None:
    """The selection's prose (characters outside links in blocks with punctuation, long enough)."""
    s.all_prose = s.prose = s.f.prose_chars(s.nodes, s.options.prose_min_chars)


def article_step(s: PageState) -> None:
    """With this much prose the selection is an article: its link lists are navigation even
    when their titles are long (archives, tables of contents, related posts)."""
    s.article = s.prose >= s.options.article_prose_chars


def clean_step(s: PageState) -> int:
    """Remove the boilerplate inside the selection but for the spared blocks; returns how many went."""
    f, kinds, scores, nodes, forum, ctx = s.f, s.kinds, s.scores, s.nodes, s.forum, s.ctx
    spared, article = s.spared, s.article
    content_chars = max(sum(f.chars[i] for i in nodes), 1)
    doomed: list[tuple[int, str]] = []
    kept: set[int] = set()
    for root in nodes:
        end = root + f.count[root]
        i = root + 1
        while i < end:
            why = "" if i in spared else boilerplate_reason(s.options, f, kinds, scores, i, forum, content_chars, article)
            if why:
                doomed.append((i, why))
                i += f.count[i]  # skip the subtree
            elif f.tags[i] in code_listings.CODE_TAGS:  # (code_listings.py: a listing is kept or cut whole)
                kept.update(range(i, i + f.count[i]))
                i += f.count[i]
            else:
                kept.add(i)
                i += 1
        kept.add(root)
    hidden = [el for p, el in f.hidden if p in kept]
    if not doomed and not hidden:
        return 0
    if sum(f.chars[i] for i, _ in doomed) > CLEAN_MAX_SHARE * content_chars:
        doomed = _sure_only(s.options, f, kinds, doomed, content_chars)
    report = ctx.new_report("auto")
    for i, why in doomed:
        ctx.kill(f.elements[i], report, why)
    for el in hidden:
        ctx.kill(el, report, "hidden")
    return len(doomed) + len(hidden)


def _sure_only(o: AutoOptions, f: feat.Features, kinds: list[int], doomed: list[tuple[int, str]],
               content_chars: int) -> list[tuple[int, str]]:
    """Of ``doomed`` (too much to remove together), the blocks whose markup cannot mislead: comment
    threads and reply forms, and sidebars (``<aside>``, ``role=complementary``) when together they
    leave ``1 - CLEAN_MAX_SHARE`` of the selection or an article's worth of text (a short post
    under a long thread); none when they do not."""
    sure = [(i, why) for i, why in doomed if kinds[i] == hints.COMMENTS or f.tags[i] in SURE_TAGS or f.roles[i] in SURE_ROLES]
    left = content_chars - sum(f.chars[i] for i, _ in sure)
    return sure if left >= (1 - CLEAN_MAX_SHARE) * content_chars or left >= o.article_prose_chars else []


def boilerplate_reason(o: AutoOptions, f: feat.Features, kinds: list[int], scores: list[float], i: int, forum: bool,
                       content_chars: int, article: bool) -> str:
    """Why cleaning removes element ``i`` ("" when it stays)."""
    kind = kinds[i] if f.chars[i] else textless_kind(f, i)
    if kind == hints.BOILERPLATE and f.tags[i] in PICTURES:
        return ""  # a name guess ("block-image-ads") never takes the article's photo: the lists' rules ran before
    if kind == hints.BOILERPLATE or (kind == hints.COMMENTS and not forum):
        if f.chars[i] <= o.boilerplate_max_share * content_chars:
            return f"marked as boilerplate ({dom.describe(f.elements[i])})"
    # A link list scoring above zero is records (a listing's titles), not navigation.
    if f.links[i] >= o.link_list_min_links and f.tags[i] in LIST_CONTAINERS and (article or scores[i] <= 0):
        text = f.chars[i] - f.link_chars[i]
        if f.link_density(i) > o.link_list_density and text <= o.link_list_max_text:
            return f"link list: {f.links[i]} links, {f.link_density(i):.0%} link text"
    if f.tags[i] == "form" and f.controls[i] and f.chars[i] < o.form_max_chars:
        return "form"
    return ""


def textless_kind(f: feat.Features, i: int) -> int:
    """The hint of an element whose text the features do not count (all of it inside a
    ``<button>``, an accordion's question): read from its markup, with accordion and FAQ parts
    left neutral as when they hold counted text (accordions.py)."""
    kind = hints.hint_at(f, i)
    if kind == hints.BOILERPLATE and accordions.is_accordion_part_at(f, i):
        return hints.NEUTRAL
    return kind
