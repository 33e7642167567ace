"""A second look when ``auto`` finds no container: the best block the markup words ruled out.

``auto`` never picks a container inside a subtree whose class or id says boilerplate, and a
miss keeps the whole page. Class words mislead now and then (``id="content"
class="no-sidebars"``, a page builder's ``so-panel widget`` around the article's text); when
that leaves nothing big enough, the best-scoring element anywhere is a better answer than
the whole page when it holds most of the page's text outside links, unless what holds it is
boilerplate by its tag or role (a footer, a nav, a banner): markup that is not a word in a
name does not mislead. A smaller best block is no better than the whole page (a landing
page's one slide, a docs page's intro paragraph).
"""
from __future__ import annotations

from .. import features as feat
from .. import hints

# Tags whose subtree is boilerplate whatever its text: the markup hints' (hints.py), and the
# page's header too here.
_BOILERPLATE_TAGS = hints.BOILERPLATE_TAGS | {"header"}
# A rescued container must be mostly text outside links (not a menu nobody marked) ...
RESCUE_MAX_LINK_DENSITY = 0.5
# ... and hold at least this share of the page's text outside links (most of it).
RESCUE_MIN_TEXT_SHARE = 0.5


def rescued_container(f: feat.Features, scores: list[float], min_chars: int) -> int | None:
    """The best-scoring element with at least ``min_chars`` characters, little link text, not
    the page itself and not inside a boilerplate tag or role; None when there is none or it
    holds less than ``RESCUE_MIN_TEXT_SHARE`` of the page's text outside links."""
    best, best_score = None, 0.0
    excluded_until = -1  # inside a boilerplate tag/role subtree up to this element number
    for i in range(1, len(f)):
        if i < excluded_until:
            continue
        if boilerplate_by_tag_or_role(f.elements[i], f.tags[i]):
            excluded_until = i + f.count[i]
            continue
        if scores[i] > best_score and f.chars[i] >= min_chars and f.tags[i] != "body" and f.link_density(i) <= RESCUE_MAX_LINK_DENSITY:
            best, best_score = i, scores[i]
    if best is None or _unlinked(f, best) < RESCUE_MIN_TEXT_SHARE * _unlinked(f, 0):
        return None
    return best


def _unlinked(f: feat.Features, i: int) -> int:
    return f.chars[i] - f.link_chars[i]


def boilerplate_by_tag_or_role(el, tag: str) -> bool:
    if tag in _BOILERPLATE_TAGS:
        return True
    role = el.get("role")
    return bool(role) and role.strip().lower() in hints.BOILERPLATE_ROLES
