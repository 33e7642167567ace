"""Content selection with the per-site memory around it (the DOM-weight paper's rule database).

For a page of a host the memory knows:
1. Fast path: when the host's best content rule (a CSS path with support on at least
   ``min_support`` pages and on half the host's pages) matches exactly one element of this
   page holding at least ``content.min_chars`` characters, that element is the content and
   no selection algorithm runs (the paper: a rule is used when it produces a single result).
2. Otherwise the configured selection runs as without memory.
3. Either way, template blocks at the edges of the chosen content are removed: blocks whose fingerprint
   (structural path + text) was seen on ``template_pages`` other pages of the host, first seen at
   least ``template_min_minutes`` ago, and blocks
   on the paths of well-supported boilerplate rules (when the path names a class or id). When
   they would take half the content or more, none goes (one article served under several URLs).
4. The page is recorded: its block fingerprints, the content containers chosen, the template
   blocks found (one short write; a database failure is logged and changes nothing; a reload
   that brings nothing unseen only refreshes last-seen times, without a write, see memory.py),
   only when the caller says the page is a top-level navigation (``learns_from``): a page's
   scripts cannot teach the memory by fetching HTML. The memory is applied to every page.

"Host" is the memory's scope (``scope_of``): on a multi-tenant path (``/u/NAME/``, ``/user/NAME``,
``/users/NAME``, ``/~NAME``, ``/@NAME``) the host and that owner's prefix, so one owner's pages
never teach what another owner's pages look like (user subdomains are separate hosts already).

The report ``memory`` says which of these happened.
"""
from __future__ import annotations

import re
from collections.abc import Mapping

from lxml import etree

from .. import dom
from ..content.base import Selection, in_document_order
from ..context import PageContext
from ..css import compile_selector
from ..selection import remove_noise, select_content
from ..settings import Profile
from .blocks import Block, page_blocks, path_of
from .memory import HostView, MemoryStore, Rule, page_name

REPORT = "memory"
ALGORITHM = "memory"
UNLEARNED_SUFFIX = ".invalid"  # RFC 2606: never a real site (the worker's warm-up page uses it)
FIT_SHARE = 0.5  # a content rule must have held on this share of the host's pages to be used
EDGE_CHARS = 40  # non-template text allowed between the content's edge and a template block it removes
TEMPLATE_MAX_SHARE = 0.5  # template blocks holding more of the content than this together mean a repeated page: all kept
# An owner's part of a multi-tenant site: /u/NAME, /user/NAME, /users/NAME, /~NAME, /@NAME.
_TENANT = re.compile(r"^/(?:(?:u|user|users)/[^/?#;]+|[~@][^/?#;]+)", re.IGNORECASE)
# Browsers' Sec-Fetch values of a top-level navigation (Fetch Metadata).
NAVIGATION_DEST, NAVIGATION_MODE = "document", "navigate"


def scope_of(host: str, path: str) -> str:
    """The memory's scope of a page: its host, or host and owner prefix on a multi-tenant path."""
    tenant = _TENANT.match(path or "")
    return host + tenant.group(0) if tenant else host


def learns_from(scheme: str, headers: Mapping[str, str]) -> bool:
    """Whether a request is a top-level navigation, the only kind of page the memory learns from.

    With Fetch Metadata (browsers send it over HTTPS and to localhost): ``Sec-Fetch-Dest:
    document`` and ``Sec-Fetch-Mode: navigate``; over HTTPS without it, never. Over plain HTTP
    without it: ``Upgrade-Insecure-Requests: 1`` and an Accept that ranks text/html first (what
    navigations send; a same-origin script could send them too, see docs/site-memory.md).
    """
    get = {k.lower(): v.strip().lower() for k, v in headers.items()}.get
    dest, mode = get("sec-fetch-dest"), get("sec-fetch-mode")
    if dest is not None or mode is not None:
        return dest == NAVIGATION_DEST and mode == NAVIGATION_MODE
    if scheme.lower() != "http":
        return False
    return get("upgrade-insecure-requests") == "1" and _prefers_html(get("accept") or "")


def _prefers_html(accept: str) -> bool:
    """Whether text/html (or XHTML) has the highest q of the Accept header's ranges."""
    ranks: dict[str, float] = {}
    for item in accept.split(","):
        kind, *params = (p.strip() for p in item.split(";"))
        q = 1.0
        for param in params:
            name, _, value = param.partition("=")
            if name.strip() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if kind:
            ranks[kind] = max(q, ranks.get(kind, 0.0))
    html = max(ranks.get("text/html", 0.0), ranks.get("application/xhtml+xml", 0.0))
    return html > 0 and html >= max(ranks.values())


def select(memory: MemoryStore, profile: Profile, doc, ctx: PageContext, *, learn: bool = True) -> Selection | None:
    """``selection.select_content(profile, doc, ctx)`` with the host's memory used around it, and
    updated when ``learn`` (the page is a top-level navigation, ``learns_from``)."""
    host = ctx.host
    if not host or host.endswith(UNLEARNED_SUFFIX):
        return select_content(profile, doc, ctx)
    page = page_name(ctx.url)
    host = scope_of(host, page)
    blocks = page_blocks(dom.body_of(doc))
    view = memory.lookup(host, page, [b.fp for b in blocks])
    report = ctx.new_report(REPORT)
    settings = memory.settings
    min_chars = profile.settings.content.min_chars
    selection = None
    if settings.fast_path and view.content_rules and not profile.content_selectors:
        remove_noise(profile, doc, ctx)
        selection = fast_path(view, doc, min_chars, settings.min_support)
    if selection is None:
        selection = select_content(profile, doc, ctx)
    else:
        report.notes.append(f"fast path: {selection.reason}")
    template = [b for b in blocks if _other_pages(view, b) >= settings.template_pages and b.fp not in view.young]
    removed = 0
    if selection is not None and selection.nodes:  # (an empty selection: a page with no content, shells.py)
        removed = drop_template(selection, template, _boilerplate_rules(view, settings.min_support), ctx, report, min_chars)
    report.notes.append(f"host {host}: {view.pages} page(s) known, {len(template)} template block(s) on this page, {removed} removed")
    content_paths = [path_of(n) for n in selection.nodes] if selection is not None and _worth_a_rule(selection) else []
    if learn:
        memory.learn(host, page, [b.fp for b in blocks], content_paths, _outermost_paths(template), view=view)
    else:
        report.notes.append("not learned from: not a top-level navigation")
    return selection


def _other_pages(view: HostView, block: Block) -> int:
    return view.seen.get(block.fp, 0) - (1 if view.page_known else 0)


def _worth_a_rule(selection: Selection) -> bool:
    """The whole body is no rule; a selection of site selectors is one already."""
    return selection.algorithm not in ("selectors",) and not any(dom.tag_of(n) in ("body", "html") for n in selection.nodes)


def fast_path(view: HostView, doc, min_chars: int, min_support: int) -> Selection | None:
    """The host's best content rule, when it fits this page (one element, enough text)."""
    rules = [r for r in view.content_rules if r.support >= min_support and r.support >= FIT_SHARE * view.pages]
    if not rules:
        return None
    best = rules[0]
    found = _matches(best, doc)
    if len(found) != 1 or len(dom.text_of(found[0])) < min_chars:
        return None
    nodes = list(found)
    for rule in rules[1:]:
        more = _matches(rule, doc)
        if len(more) == 1:
            nodes.extend(more)
    reason = f"{best.path} (held on {best.support} of {view.pages} pages)"
    return Selection(in_document_order(nodes), float(best.support), reason, ALGORITHM)


def _matches(rule: Rule, doc) -> list:
    try:
        return compile_selector(rule.path)(doc)
    except ValueError:  # an imported rule that does not compile: it never fits
        return []


def _boilerplate_rules(view: HostView, min_support: int) -> list[Rule]:
    return [r for r in view.boilerplate_rules if r.support >= min_support and _specific(r.path)]


def _specific(path: str) -> bool:
    """A boilerplate rule is applied by path only when its last step names a class or id."""
    last = path.rsplit(" > ", 1)[-1]
    return "#" in last or "." in last


def drop_template(selection: Selection, template: list[Block], rules: list[Rule], ctx: PageContext, report, min_chars: int) -> int:
    """Remove template blocks at the edges of the selected nodes; returns how many went.

    Only leading and trailing runs go (a template block with no more than ``EDGE_CHARS`` of
    non-template text before it, or after it, in its selected node): that is where a site's
    navigation, masthead and footer sit. Template text in the middle of the content (the
    labels of a product page's specification table, a listing's filter names) stays.
    """
    roots = set(selection.nodes)
    total = sum(len(dom.text_of(n)) for n in selection.nodes)
    candidates = {b.element: "template block seen unchanged on other pages of this site" for b in template}
    for rule in rules:
        for el in _matches(rule, selection.nodes[0].getroottree().getroot()):
            candidates.setdefault(el, f"site boilerplate rule {rule.path} (support {rule.support})")
    edges = []
    for root in selection.nodes:
        inside = [el for el in candidates if el not in roots and dom.is_inside(el, root)]
        edges += [(el, len(dom.text_of(el))) for el in _edge_blocks(root, inside)]
    template_chars = sum(chars for _, chars in edges)
    if template_chars > TEMPLATE_MAX_SHARE * total or total - template_chars < min_chars:
        if edges:  # the same content under another URL (print, AMP, a mirror): nothing here is template
            report.notes.append(f"{template_chars} of {total} characters seen before: a known page's content, kept")
        return 0
    for el, _ in edges:
        ctx.kill(el, report, candidates[el])
    return len(edges)


def _edge_blocks(root, blocks: list) -> list:
    """The outermost of ``blocks`` that lead or trail ``root``'s text (see drop_template)."""
    if not blocks:
        return []
    start, end = _text_offsets(root)
    wanted = set(blocks)
    outer = [el for el in blocks if not dom.has_ancestor_in(el, wanted)]
    spans = sorted((start[el], end[el], el) for el in outer if el in start)
    edge = []
    covered = 0
    for s, e, el in spans:  # leading run
        if s - covered > EDGE_CHARS:
            break
        edge.append(el)
        covered = max(covered, e)
    covered = end[root]
    for s, e, el in reversed(spans):  # trailing run
        if covered - e > EDGE_CHARS:
            break
        if el not in edge:
            edge.append(el)
        covered = min(covered, s)
    return edge


def _text_offsets(root) -> tuple[dict, dict]:
    """Character offsets (stripped text) where each element under ``root`` starts and ends."""
    start, end = {}, {}
    pos = 0
    for event, el in etree.iterwalk(root, events=("start", "end")):
        if not isinstance(el.tag, str):
            if event == "end":
                pos += len((el.tail or "").strip())
            continue
        if event == "start":
            start[el] = pos
            pos += len((el.text or "").strip())
        else:
            end[el] = pos
            if el is not root:
                pos += len((el.tail or "").strip())
    return start, end


def _outermost_paths(template: list[Block]) -> list[str]:
    elements = {b.element for b in template}
    return [b.path for b in template if not dom.has_ancestor_in(b.element, elements)]
