"""The pipeline: bytes in, a rewritten page out, with a report of everything removed.

One parse per page. Order: decode, parse, read metadata, pick the mode (auto), run the
chain's filters in the YAML order, select the content (reader/text: selection.py, or
learn/site.py with the per-site memory), build the page, run the removed-link retainer
(always last), serialise. Returns a ``Result``; raises ``PageError`` (including
``BudgetExceeded``) when the page cannot be processed, so callers can serve the original
instead.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from lxml.html import HtmlElement

from . import csp, dom, metadata, modes, sanitize
from .ascii import to_ascii
from .charset import decode, looks_binary
from .content.rules import article_edges, comments
from .context import PageContext
from .errors import BudgetExceeded
from .learn import site
from .links import RemovedLink, bypass_url, host_of, note_links_outside, safe_url
from .metadata import Metadata
from .render import bar, filtered
from .render import html as html_out
from .render import reader, text as text_out
from .report import FilterReport
from .selection import select_content
from .settings import Config, Profile, Settings, load_config

if TYPE_CHECKING:
    from .learn.memory import SiteMemory

MODES = ("auto", "filter", "reader", "text", "off")
CONTENT_REPORT = "content"
SANITIZE_REPORT = "sanitize"
FILTER_STAGE = "filter."  # timings_ms key prefix of each chain filter's own time (their sum is "filters")


class Lazy[T]:
    """A value worked out when first read, then kept (``Lazy.known(value)``: one known already)."""

    __slots__ = ("_make", "_value")
    _value: T

    def __init__(self, make: Callable[[], T]) -> None:
        self._make: Callable[[], T] | None = make

    @classmethod
    def known(cls, value: T) -> Lazy[T]:
        lazy = cls.__new__(cls)
        lazy._make = None
        lazy._value = value
        return lazy

    @property
    def value(self) -> T:
        make = self._make
        if make is not None:
            self._value = make()
            self._make = None
        return self._value


def _no_metadata() -> Lazy[Metadata]:
    return Lazy.known(Metadata())


@dataclass(kw_only=True)
class Result:
    """One page's outcome: what to serve (``output``), which mode and why, and what was removed."""

    html: str  # the rewritten page as HTML (filter or reader page); the original text when unchanged
    # Plain text of the main content (no link numbers): read it as ``.text``. Rendered on first
    # use (the proxy serves ``output`` and never asks), from a tree nothing changes afterwards.
    lazy_text: Lazy[str] = field(repr=False)
    # The page's title: read it as ``.title``. Filter mode's HTML page does not show it, so there
    # it is read on first use, with the rest of ``.metadata`` (see ``lazy_metadata``).
    lazy_title: Lazy[str] = field(repr=False)
    mode: str  # the mode applied: filter | reader | text | off
    removed_links: list[RemovedLink]
    reports: list[FilterReport]
    output: str  # what to serve: HTML, or plain text in text mode / text output
    media_type: str  # text/html or text/plain
    changed: bool  # False: serve the original bytes
    decision: str  # why this mode
    # metadata.extract on the page as parsed: read it as ``.metadata``. Filter mode's HTML page
    # shows none of it, so there it is extracted on first use, from a new parse of the page.
    lazy_metadata: Lazy[Metadata] = field(default_factory=_no_metadata, repr=False)
    selection: str = ""  # how the content was chosen (reader/text modes)
    # clearpage's own Content-Security-Policy for the served page (the proxy adds it beside the
    # site's, which stays: policies only add up); "" when it adds none (filter mode keeping scripts).
    policy: str = ""
    encoding: str = ""
    timings_ms: dict[str, float] = field(default_factory=dict)  # wall-clock ms per stage ("filter.NAME": per filter)
    cpu_ms: dict[str, float] = field(default_factory=dict)  # the same stages in CPU time of this process

    @property
    def text(self) -> str:
        return self.lazy_text.value

    @property
    def title(self) -> str:
        return self.lazy_title.value

    @property
    def metadata(self) -> Metadata:
        return self.lazy_metadata.value

    @property
    def removed_count(self) -> int:
        """What the page lost (the ``removed=`` of the X-Clearpage header): see ``removed_count``."""
        return removed_count(self.reports, self.removed_links)

    def report_dict(self) -> dict[str, Any]:
        return {
            "mode": self.mode,
            "decision": self.decision,
            "selection": self.selection,
            "title": self.title,
            "filters": [r.as_dict() for r in self.reports],
            "removed_links": [{"url": l.url, "text": l.text, "filter": l.filter} for l in self.removed_links],
        }


@dataclass(frozen=True, kw_only=True)
class Delivery:
    """How the page is served back, for where the reader stylesheet may go (the proxy's view).

    ``csp`` are the response's Content-Security-Policy header values; with the page's own
    ``<meta>`` policies they decide where the reader stylesheet goes: inline when every
    policy allows inline style, else linked from ``stylesheet_href`` (a URL on the page's
    origin the caller serves) when every policy allows that, else nowhere. No policy is
    ever changed; meta policies are copied into the reader page.
    """

    csp: tuple[str, ...] = ()
    stylesheet_href: str | None = None
    learn: bool = True  # the site memory may learn from the page (the proxy: top-level navigations only)
    use_memory: bool = True  # False: the page is filtered as if there were no site memory (the proxy's clearpage=nomemory)
    page_bar: bool = False  # the page-top bar on HTML pages (render/bar.py; the proxy asks for it)


_DIRECT = Delivery()  # no response headers, no stylesheet URL: the stylesheet goes inline when the page's own policies allow it


# A page whose exact UTF-8 is over this many bytes keeps only those bytes while it is worked on:
# its decoded text would sit beside them and the tree (a 20 MB page: +20 MB, the slow lane
# worker's peak), and on the way to a filter or reader page only the first characters are read
# (the doctype). The text is made again from the bytes by a step that needs it (an unchanged
# page's output, the filter page's metadata when read). Smaller pages keep theirs (no second decode).
BIG_SOURCE_BYTES = 2_000_000
_UTF8_MAX_BYTES_PER_CHAR = 4


class _Source:
    """The page's text, or (a big page's) its exact UTF-8 bytes to make it from when needed."""

    def __init__(self, text: str | None, utf8: bytes | None) -> None:
        assert text is not None or utf8 is not None
        self.kept = text  # None: only the bytes are kept
        self._utf8 = utf8

    def text(self) -> str:
        if self.kept is not None:
            return self.kept
        assert self._utf8 is not None
        return self._utf8.decode("utf-8")

    def head(self, chars: int) -> str:
        """The text's first ``chars`` characters (at most), without decoding the rest."""
        if self.kept is not None:
            return self.kept[:chars]
        assert self._utf8 is not None
        # (the bytes are valid UTF-8: a character cut at the end is dropped, the rest is the text's start)
        return self._utf8[:chars * _UTF8_MAX_BYTES_PER_CHAR].decode("utf-8", "ignore")[:chars]


class _Style(NamedTuple):
    """Where the reader stylesheet goes on this page."""

    inline: bool  # inline <style> allowed
    href: str | None  # else linked from here (None: nowhere)


class _Clock:
    """Wall-clock and CPU milliseconds per stage; a lap may count towards several stages."""

    def __init__(self) -> None:
        self.timings: dict[str, float] = {}
        self.cpu: dict[str, float] = {}
        self._wall = time.perf_counter()
        self._cpu = time.process_time()

    def lap(self, *names: str) -> None:
        wall, cpu = time.perf_counter(), time.process_time()
        wall_ms, cpu_ms = (wall - self._wall) * 1000, (cpu - self._cpu) * 1000
        for name in names:
            self.timings[name] = self.timings.get(name, 0.0) + wall_ms
            self.cpu[name] = self.cpu.get(name, 0.0) + cpu_ms
        self._wall, self._cpu = wall, cpu


@dataclass(frozen=True, kw_only=True, slots=True)
class _Page:
    """One page after the chain ran: what the filter and the reader/text outputs both read."""

    doc: HtmlElement
    ctx: PageContext
    profile: Profile
    meta: Metadata
    mode: str  # the mode applied: filter | reader | text
    decision: str  # why this mode
    clock: _Clock
    as_text: bool  # the output is the text page
    delivery: Delivery


class Pipeline:
    """Runs a Config's profiles over pages. Thread-safe: holds no per-page state."""

    def __init__(self, config: Config | None = None, memory: SiteMemory | None = None):
        self.config = config if config is not None else load_config()
        # The per-site memory (filters/learn/memory.py): given, or opened when the config says
        # `memory: {use: always}`; otherwise None and each page is a pure function of its bytes.
        if memory is None:
            from .learn.memory import open_memory

            memory = open_memory(self.config.memory, for_proxy=False)
        self.memory = memory

    def run(
        self,
        html: bytes | str,
        url: str | None = None,
        *,
        mode: str | None = None,
        format: str | None = None,
        charset: str | None = None,
        budget_ms: float | None = None,
        delivery: Delivery | None = None,
    ) -> Result:
        """Filter one page. ``mode`` and ``format`` ("html" or "text") override the config.

        ``charset``: the one the response's Content-Type names (the page's bytes are decoded
        by it when it fits them); ``budget_ms``: the page is abandoned (``BudgetExceeded``)
        past this; ``delivery``: the response's policies and the stylesheet URL (``Delivery``).
        """
        delivery = delivery or _DIRECT
        clock = _Clock()
        started = time.monotonic()
        deadline = started + budget_ms / 1000 if budget_ms else None
        if isinstance(html, bytes) and looks_binary(html):
            return _unchanged(html.decode("latin-1"), "", "binary data labelled as HTML: left as it is", clock)
        utf8 = None  # the source's UTF-8 bytes when the page came as exactly those (parse need not encode it)
        text: str | None
        if isinstance(html, bytes):
            decoded = decode(html, charset)
            text, encoding = decoded.text, decoded.encoding
            if decoded.exact_utf8:
                utf8 = html
                if len(html) > BIG_SOURCE_BYTES:
                    text = None  # (made again from the bytes if a step needs it: see BIG_SOURCE_BYTES)
            del decoded
        else:
            text, encoding = html, "utf-8"
        source = _Source(text, utf8)
        del text
        clock.lap("decode")
        ctx = PageContext(url=url, base_url=url, deadline=deadline, memory_learns=delivery.learn)
        profile = self.config.profile_for(ctx.host)
        settings = profile.settings
        ctx.comments = settings.content.comments
        ctx.captions = settings.content.captions
        requested = mode or settings.mode
        if requested not in MODES:
            raise ValueError(f"unknown mode {requested!r}; expected one of {', '.join(MODES)}")
        if requested == "off":
            return _unchanged(source.text(), encoding, "off: requested", clock)
        held: list[HtmlElement] = []  # the page's element proxies, kept until the page is done (see dom.parse)
        doc = dom.parse(source.kept, held, utf8)
        clock.lap("parse")
        if doc.find("frameset") is not None:
            return _unchanged(source.text(), encoding, "frameset: each frame is filtered as a page of its own", clock)
        # A page whose parse used up the budget stops here, not after metadata and the mode
        # decision (a second on a 20 MB page) at the first filter's check; so does one whose
        # decode and parse took a third of it: they are a fifth to a tenth of a page's time
        # (wcxb-dev medians), so the rest cannot fit.
        _check_projected_budget(ctx, started, 3, "a third used by the parse")
        bases, metas = _bases_and_metas(doc)
        ctx.base_url = _base_url(bases, url)
        meta, later_meta = _metadata_for(doc, source, requested, format, settings)
        page_csp = _meta_policies(metas)
        doctype = html_out.original_doctype(doc, source.head(html_out.DOCTYPE_CHARS))
        clock.lap("metadata")
        ctx.check_budget()
        applied, decision = _resolve_mode(requested, doc, settings, meta.description)
        if requested == "auto":
            clock.lap("mode")  # auto's decision, timed apart (it was counted in the first filter's time)
        if applied == "off":
            return _unchanged(source.text(), encoding, decision, clock)
        skipped = settings.content.skip_filters if applied in ("reader", "text") else ()
        if applied in ("reader", "text"):
            ctx.page_kind = meta.kind  # (read with the metadata, before the chain removes meta and scripts)
            ctx.site_names = article_edges.site_names(url, metas, meta.site_name)
            ctx.byline = meta.byline
        for flt in profile.chain_before_retainer:
            if flt.name in skipped:
                continue
            ctx.check_budget()
            flt.apply(doc, ctx)
            clock.lap(FILTER_STAGE + flt.name, "filters")
        ctx.check_budget()
        page = _Page(doc=doc, ctx=ctx, profile=profile, meta=meta, mode=applied, decision=decision, clock=clock,
                     as_text=_wants_text(format, applied, settings), delivery=delivery)
        if applied in ("reader", "text"):
            _check_projected_budget(ctx, started, 2, "more than half used before the content was selected")
            style = _style_placement(list(delivery.csp) + page_csp, url, delivery.stylesheet_href)
            result = self._reader(page, style, page_csp)
        else:
            page_style = None if page.as_text else _style_placement(list(delivery.csp) + page_csp, url, filtered.stylesheet_href(delivery.stylesheet_href))
            result = self._filtered(page, doctype, later_meta, page_style)
        result.encoding = encoding
        result.timings_ms = clock.timings
        result.cpu_ms = clock.cpu
        return result

    # ------------------------------------------------------------------ filter mode

    def _filtered(self, page: _Page, doctype: str | None, later_meta: Lazy[Metadata] | None, style: _Style | None) -> Result:
        doc, ctx, profile, meta, clock = page.doc, page.ctx, page.profile, page.meta, page.clock
        settings = profile.settings
        body = dom.body_of(doc)
        if settings.content.comments == "drop":  # (filter mode keeps the page's comments otherwise)
            auto = settings.content.options.get("auto")
            comments.drop_in_page(doc, ctx, getattr(auto, "forum_urls", None))
            clock.lap("render")
        original_children: set[HtmlElement] = set(body)  # the text is the body's as it is now: without the footer and retainer nav
        clock.lap("render")
        back = bypass_url(ctx.url)
        if back:
            footer = dom.new_element("p", {"data-clearpage": "footer"}, parent=body)
            dom.new_element("a", {"href": back}, "Original page (without clearpage)", parent=footer)
        if profile.retainer is not None:
            clock.lap("render")
            profile.retainer.apply(doc, ctx)
            clock.lap(FILTER_STAGE + profile.retainer.name, "filters")
        main, own_parts = None, frozenset[HtmlElement]()
        if style is not None:  # the HTML page: finished for its reader (render/filtered.py)
            finished = filtered.finish(
                doc, url=ctx.url, scripts_removed=_scripts_ignored(profile), inline_style=style.inline, style_href=style.href,
                font_scale=settings.reader.font_scale, theme=settings.reader.theme, report=ctx.new_report(filtered.REPORT),
            )
            main, own_parts = finished.main, frozenset(finished.added)
            clock.lap("render")
        _add_bar(page, doc, back, False)  # (filter mode does not use the memory)
        ctx.check_budget()
        if _scripts_ignored(profile):
            _sanitize(doc, ctx)
            clock.lap("render")
            ctx.check_budget()
        serialized = html_out.serialize(doc, doctype)
        clock.lap("serialize")
        added = frozenset(child for child in body if child not in original_children and child is not main) | own_parts
        content_text = _text_of([body], settings, added)
        if page.as_text:
            output, media = _text_page(meta.title, meta, [dom.body_of(doc)], ctx, settings), "text/plain"
        else:
            output, media = serialized, "text/html"
        if later_meta is not None:
            lazy_metadata, lazy_title = later_meta, Lazy(lambda: later_meta.value.title)
        else:
            lazy_metadata, lazy_title = Lazy.known(meta), Lazy.known(meta.title)
        return Result(
            html=serialized, lazy_text=content_text, lazy_title=lazy_title, mode="filter",
            removed_links=ctx.unique_removed_links(), reports=ctx.reports, output=output, media_type=media,
            changed=True, decision=page.decision, lazy_metadata=lazy_metadata,
            policy=READER_POLICY if page.as_text else (_filtered_policy(doc) if _scripts_ignored(profile) else ""),
        )

    # ------------------------------------------------------------------ reader / text mode

    def _reader(self, page: _Page, style: _Style, page_csp: list[str]) -> Result:
        doc, ctx, profile, meta, clock = page.doc, page.ctx, page.profile, page.meta, page.clock
        settings = profile.settings
        if self.memory is not None and page.delivery.use_memory:
            selection = site.select(self.memory, profile, doc, ctx, learn=ctx.memory_learns)
        else:
            selection = select_content(profile, doc, ctx)
        nodes = selection.nodes if selection else (dom.body_of(doc),)
        report = ctx.new_report(CONTENT_REPORT)
        report.notes.append(selection.reason if selection else "no selection: whole page kept")
        note_links_outside(doc, nodes, ctx, CONTENT_REPORT)
        clock.lap("select")
        ctx.check_budget()  # the stages below have no check of their own (render: seconds on a 20 MB page)
        summary = _summary_for(nodes, meta)
        built = reader.build(nodes, meta, settings.reader, original_url=bypass_url(ctx.url), inline_style=style.inline, stylesheet_href=style.href, base_url=ctx.base_url, ctx=ctx, summary=summary)
        # The page's own text below its title (Result.title): the summary is not in it, nor the
        # heading that repeats the title, which the reader page shows in its header instead.
        title_heading = reader.title_heading(nodes, built.title)
        content_text = _text_of(nodes, settings, frozenset() if title_heading is None else frozenset({title_heading}))
        _copy_policies(built.doc, page_csp)
        clock.lap("render")
        ctx.check_budget()
        if profile.retainer is not None and settings.reader.show_removed_links:
            profile.retainer.apply(built.doc, ctx)
            clock.lap(FILTER_STAGE + profile.retainer.name, "filters")
        _add_bar(page, built.doc, bypass_url(ctx.url), self.memory is not None)
        _sanitize(built.doc, ctx)
        clock.lap("render")
        ctx.check_budget()
        page_html = html_out.serialize(built.doc)
        clock.lap("serialize")
        if page.as_text:
            output, media = _text_page(built.title, meta, built.content_nodes(), ctx, settings), "text/plain"
        else:
            output, media = page_html, "text/html"
        sel = f"{selection.algorithm}: {selection.reason}" if selection else "none"
        return Result(
            html=page_html, lazy_text=content_text, lazy_title=Lazy.known(built.title), mode=page.mode,
            removed_links=ctx.unique_removed_links(), reports=ctx.reports, output=output, media_type=media,
            changed=True, decision=page.decision, lazy_metadata=Lazy.known(meta), selection=sel,
            policy=READER_POLICY,
        )


def removed_count(reports: Sequence[FilterReport], removed_links: Sequence[RemovedLink]) -> int:
    """What the page lost: each element a filter removed, plus each listed removed link the content
    selection left out (a reader page keeps none of the page outside its selection; those links
    are the part of it that the removed-links list shows, and no filter counted them)."""
    return sum(r.count for r in reports) + sum(1 for link in removed_links if link.filter == CONTENT_REPORT)


def _add_bar(page: _Page, doc: HtmlElement, original_url: str | None, has_memory: bool) -> None:
    """The page-top bar (render/bar.py) when the delivery asks for it, on HTML pages only."""
    if not page.delivery.page_bar or page.as_text:
        return
    reports = page.ctx.reports
    bar.add(doc, mode=page.mode, removed=removed_count(reports, page.ctx.unique_removed_links()), original_url=original_url, url=page.ctx.url,
            memory_removed=sum(r.count for r in reports if r.filter == site.REPORT),
            memory_used=page.delivery.use_memory or not has_memory)


def _text_of(nodes: Sequence[HtmlElement], settings: Settings, exclude: frozenset[HtmlElement] = frozenset()) -> Lazy[str]:
    """``Result.text``, rendered when first read; ``exclude``: elements added since (left out)."""
    options = text_out.TextOptions(max_line_breaks=settings.output.max_line_breaks, exclude=exclude)
    return Lazy(lambda: text_out.render(nodes, options).text)


def _summary_for(nodes: Sequence[HtmlElement], meta: Metadata) -> str:
    """The page's declared description (JSON-LD or <meta>, never the excerpt's first-paragraph
    fallback, which is the page's own text or its invisible fallback) when the content holds next
    to no text and the description says more than it; else "". Shown on the reader and text
    pages, labelled; left out of ``Result.text`` (the page's own content): on wcxb-dev, pages
    whose reference content is empty outnumber those it helps (4 pages lose 1.0 F1 each, 6 gain
    0.14 on average)."""
    excerpt = meta.description.strip()
    if len(excerpt) < modes.MIN_SUMMARY_CHARS:
        return ""
    chars = modes.visible_text_length_of(nodes, stop_at=modes.NO_TEXT_MAX_CHARS)
    if chars >= modes.NO_TEXT_MAX_CHARS or chars >= len(excerpt):
        return ""
    return excerpt


def _text_page(title: str, meta: Metadata, nodes: Sequence[HtmlElement], ctx: PageContext, settings: Settings) -> str:
    """Text mode: "# title", byline, the content in reading order, then the numbered links.

    Headings are "#" marks by level, list items "- " or "1. ", table rows one line with " | "
    between cells, images "[image: alt]"; each link is followed by "[n]" and listed under
    "Links" at the end; the links clearpage removed follow under "Removed links".
    """
    options = text_out.TextOptions(
        marks=True, link_refs=True, image_alts=True, max_line_breaks=settings.output.max_line_breaks,
        base_url=ctx.base_url, skip_clearpage=True,
    )
    rendered = text_out.render(nodes, options)
    parts = [f"# {title}" if title else "", ""]
    if meta.byline:
        parts += [meta.byline, ""]
    parts.append(rendered.text)
    if rendered.links:
        parts += ["", "Links", ""]
        parts += [f"[{i}] {text + ': ' if text and text != url else ''}{url}" for i, (url, text) in enumerate(rendered.links, 1)]
    removed = ctx.unique_removed_links()
    if removed:
        parts += ["", "Removed links", ""]
        parts += [f"- {link.text + ': ' if link.text and link.text != link.url else ''}{link.url}" for link in removed]
    text = text_out.cap_line_breaks("\n".join(parts), settings.output.max_line_breaks)
    return to_ascii(text) if settings.output.ascii else text


def _metadata_for(doc: HtmlElement, source: _Source, requested: str, format: str | None, settings: Settings) -> tuple[Metadata, Lazy[Metadata] | None]:
    """The metadata the run needs now, and ``Result.metadata`` made when first read (or None).

    Requested filter mode with HTML output uses none of it (the page is served as it came, minus
    what the chain removes): the extraction (the whole metadata step but the base URL, ~0.3 ms
    median) is left to a new parse of the same source, which gives the same tree and so the same
    metadata, made only if ``Result.metadata`` or ``Result.title`` is ever read."""
    if requested == "filter" and not _wants_text(format, "filter", settings):
        return Metadata(), Lazy(lambda: metadata.extract(dom.parse(source.text())))
    return metadata.extract(doc), None


# Reader and text pages never run script, embed plugins, need a <base> or submit a form.
READER_POLICY = "script-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'"


def _filtered_policy(doc: HtmlElement) -> str:
    """The policy of a filtered page whose scripts were removed: no script; no plugin, <base> or
    form submission either, unless the page kept an <object>/<embed>, a <base href> or a form
    (a policy must never break what the filters kept)."""
    kept = {el.tag for el in doc.iter("object", "embed", "base", "form") if el.tag != "base" or el.get("href")}
    parts = ["script-src 'none'"]
    if not kept & {"object", "embed"}:
        parts.append("object-src 'none'")
    if "base" not in kept:
        parts.append("base-uri 'none'")
    if "form" not in kept:
        parts.append("form-action 'none'")
    return "; ".join(parts)


def _scripts_ignored(profile: Profile) -> bool:
    """Whether this profile's chain removes scripts (then the served page must carry none)."""
    return any(f.name == "ignore" and getattr(f.options, "scripts", False) for f in profile.chain_before_retainer)


def _sanitize(doc: HtmlElement, ctx: PageContext) -> None:
    """The final no-script pass (filters/sanitize.py); reported only when it found something."""
    changes = sanitize.clean(doc)
    if changes:
        ctx.new_report(SANITIZE_REPORT).notes.append(f"{changes} script-carrying node(s) or attribute(s) removed")


def _bases_and_metas(doc: HtmlElement) -> tuple[list[HtmlElement], list[HtmlElement]]:
    """The <base> and the <meta> elements under ``doc``, each in document order, found by one
    walk of the tree (lxml's, in C) instead of one per kind (a walk is ~0.16 ms median)."""
    bases: list[HtmlElement] = []
    metas: list[HtmlElement] = []
    for el in doc.iter("base", "meta"):
        (bases if el.tag == "base" else metas).append(el)
    return bases, metas


def _meta_policies(metas: list[HtmlElement]) -> list[str]:
    """The Content-Security-Policy values of these <meta> elements."""
    return [
        m.get("content") or ""
        for m in metas
        if (m.get("http-equiv") or "").strip().lower() == "content-security-policy" and m.get("content")
    ]


def _copy_policies(page_doc: HtmlElement, policies: list[str]) -> None:
    """The page's own <meta> CSPs go into the reader page too: a policy is never dropped."""
    head = dom.head_of(page_doc)
    for policy in policies:
        dom.new_element("meta", {"http-equiv": "Content-Security-Policy", "content": policy}, parent=head)


def _style_placement(policies: list[str], url: str | None, stylesheet_href: str | None) -> _Style:
    """Where the reader stylesheet may go under ``policies``."""
    where = csp.placement(policies, url or "")
    if where == csp.INLINE:
        return _Style(inline=True, href=None)
    return _Style(inline=False, href=stylesheet_href if where == csp.LINK else None)


def _wants_text(format: str | None, applied: str, settings: Settings) -> bool:
    if format is not None:
        if format not in ("html", "text"):
            raise ValueError(f"unknown format {format!r}; expected html or text")
        return format == "text"
    return applied == "text" or settings.output.format == "text"


def _resolve_mode(requested: str, doc: HtmlElement, settings: Settings, description: str = "") -> tuple[str, str]:
    if requested != "auto":
        return requested, f"{requested}: requested"
    decision = modes.decide(doc, settings.auto, description)
    return decision.mode, f"auto -> {decision.mode}: {decision.reason}"


def _base_url(bases: list[HtmlElement], url: str | None) -> str | None:
    """The first <base href> in a <head> resolved against ``url``, else the first anywhere (as
    ``find(".//head/base[@href]")``, then ``find(".//base[@href]")``); ``url`` when there is
    none or it is not a safe URL. ``bases``: the document's <base> elements in document order."""
    base = next((b for b in bases if b.get("href") is not None and b.getparent().tag == "head"), None)
    if base is None:
        base = next((b for b in bases if b.get("href") is not None), None)
    if base is not None:
        resolved = safe_url(base.get("href"), url)
        if resolved:
            return resolved
    return url


def _check_projected_budget(ctx: PageContext, started: float, factor: float, why: str) -> None:
    """Stop a page that used more than 1/``factor`` of its budget by now: what is left of its
    work takes at least ``factor - 1`` times what it took so far, so it would not finish in time.

    Before selection (factor 2): selection and the reader page cost more than everything before
    them (wcxb-dev: about 1.5x), and selection has no budget check inside an algorithm; a 20 MB
    page ran ~3 s of selection and render only to be abandoned. Past the budget it stops anyway."""
    if ctx.deadline is None:
        return
    now = time.monotonic()
    if now > ctx.deadline or (now - started) * factor > ctx.deadline - started:
        raise BudgetExceeded(f"time budget: {why}" if now <= ctx.deadline else "time budget exceeded")


def _unchanged(source: str, encoding: str, decision: str, clock: _Clock) -> Result:
    return Result(
        html=source, lazy_text=Lazy.known(""), lazy_title=Lazy.known(""), mode="off", removed_links=[], reports=[],
        output=source, media_type="text/html", changed=False, decision=decision, encoding=encoding,
        timings_ms=clock.timings, cpu_ms=clock.cpu,
    )


def extract_text(html: bytes | str, url: str | None = None, config: Config | None = None, *, ascii: bool | None = None) -> str:
    """The main content of a page as plain text (reader-mode selection, no link numbers).

    ``ascii``: transliterate it to ASCII (filters/ascii.py); None = the config's ``output.ascii``
    for the URL's host."""
    pipeline = Pipeline(config) if config is not None else _default_pipeline()
    text = pipeline.run(html, url, mode="reader").text
    if ascii is None:
        ascii = pipeline.config.profile_for(host_of(url) if url else None).settings.output.ascii
    return to_ascii(text) if ascii else text


_DEFAULT: Pipeline | None = None


def _default_pipeline() -> Pipeline:
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = Pipeline()
    return _DEFAULT
