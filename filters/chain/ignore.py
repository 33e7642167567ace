"""The seed paper's "ignore" toggles: drop or unwrap whole classes of elements and attributes.

Each toggle is documented as one of:
  kill   - the element and everything inside it go;
  unwrap - the element goes, its content stays in place;
  strip  - only attributes go.

| toggle            | action | elements                                                        |
|-------------------|--------|-----------------------------------------------------------------|
| scripts           | kill   | script (and noscript, unless keep_noscript: then unwrap, but a bare 'turn on JavaScript' notice or escaped markup goes); also strips on* event-handler attributes and javascript:/vbscript: URLs, so no script survives |
| styles            | kill   | style, link rel=stylesheet                                      |
| style_attributes  | strip  | the style attribute on every element                            |
| non_link_images   | kill   | img/picture not inside a link (replaced by alt text if image_alt_text) |
| image_links       | kill   | links whose only content is images (link kept for the retainer) |
| text_links        | unwrap | a[href] with text: the words stay, the link goes to the retainer |
| forms             | kill   | form; a form holding page text (>= form_text_chars, e.g. an ASP.NET page wrapper) is unwrapped and only its controls are killed |
| input             | kill   | input, textarea                                                 |
| button            | kill   | button                                                          |
| select            | kill   | select (with its options)                                       |
| meta              | kill   | meta, except charset, viewport (zoom must keep working) and Content-Security-Policy (a page's own policy is never dropped) |
| iframe            | kill   | iframe                                                          |
| embed             | kill   | embed, object, applet                                           |
| table_cell_widths | strip  | width on table, td, th, col, colgroup                           |
"""
from __future__ import annotations

from dataclasses import dataclass

from lxml import etree

from .. import dom
from ..context import PageContext
from ..links import clean_href
from ..report import FilterReport
from ..typed import field
from .base import BuildEnv, Filter, register


@dataclass(frozen=True)
class IgnoreOptions:
    enabled: bool = field(doc="run this filter")
    scripts: bool = field(doc="kill <script>")
    keep_noscript: bool = field(doc="with scripts gone, unwrap <noscript> so its fallback content shows")
    styles: bool = field(doc="kill <style> and stylesheet links")
    style_attributes: bool = field(doc="strip style attributes")
    non_link_images: bool = field(doc="kill images that are not inside a link")
    image_alt_text: bool = field(doc="put a killed image's alt text in its place")
    image_links: bool = field(doc="kill links whose only content is images")
    text_links: bool = field(doc="unwrap text links (words kept, link sent to the retainer)")
    forms: bool = field(doc="kill forms")
    form_text_chars: int = field(doc="a form holding this much non-control text is unwrapped instead", min=0)
    input: bool = field(doc="kill input and textarea")
    button: bool = field(doc="kill button")
    select: bool = field(doc="kill select")
    meta: bool = field(doc="kill meta except charset, viewport and Content-Security-Policy")
    iframe: bool = field(doc="kill iframe")
    embed: bool = field(doc="kill embed, object, applet")
    table_cell_widths: bool = field(doc="strip width from table cells")


def _xp(expr: str) -> etree.XPath:
    return etree.XPath(expr)


# Compiled once at import: these never depend on options.
_STYLES = _xp("//style | //link[contains(concat(' ', translate(normalize-space(@rel), 'STYLEHSE', 'stylehse'), ' '), ' stylesheet ')]")
_STYLED = _xp("//*[@style]")
_IMAGES = _xp("//img | //picture")
_LINKS = _xp("//a[@href]")
_FORMS = _xp("//form")
_WIDTHS = _xp("//table[@width] | //td[@width] | //th[@width] | //col[@width] | //colgroup[@width]")
_CONTROLS = ("input", "textarea", "button", "select")
_KEPT_META_NAMES = frozenset({"viewport"})
_KEPT_META_EQUIV = frozenset({"content-type", "content-security-policy"})
_URL_ATTRS = ("href", "src", "action", "formaction", "data", "xlink:href", "poster", "background")
_SCRIPT_SCHEMES = ("javascript:", "vbscript:")
_URL_ATTR_SET = frozenset(a for a in _URL_ATTRS if ":" not in a)
# First characters (after whitespace) of a URL that cannot start "javascript:" or "vbscript:".
_SAFE_FIRST = frozenset(chr(c) for c in range(0x21, 0x7F)) - set("jJvV")
# The attribute names most elements carry (wcxb-dev's commonest) that are neither one of
# _URL_ATTR_SET nor an event handler ("on..."): an element carrying only these needs no look at
# its attributes one by one (one set test in C instead of a Python loop over its names).
_PLAIN_NAMES = frozenset(
    {"class", "id", "style", "d", "rel", "type", "alt", "value", "title", "width", "role", "name", "fill", "height",
     "target", "aria-label", "aria-hidden", "content", "tabindex", "loading", "points", "viewbox", "xmlns", "srcset",
     "x", "y", "media", "decoding", "sizes", "text-anchor", "dominant-baseline", "property", "itemprop", "for",
     "aria-expanded", "hreflang", "dir", "crossorigin", "stroke-width", "as", "aria-controls", "aria-labelledby",
     "focusable", "aria-level", "fill-rule", "itemscope", "itemtype", "stroke", "lang", "colspan", "rowspan",
     "align", "valign", "border", "charset", "datetime", "placeholder", "data-id", "data-testid", "defer", "async"}
)
_SCRIPT_TAGS = ("script",)
_INPUT_TAGS = ("input", "textarea")
_EMBED_TAGS = ("embed", "object", "applet")


@register
class IgnoreFilter(Filter):
    name = "ignore"
    Options = IgnoreOptions
    summary = "kill/unwrap/strip whole classes of elements (scripts, styles, images, links, forms, ...)"

    def __init__(self, options: IgnoreOptions, env: BuildEnv):
        super().__init__(options, env)
        o = options
        wanted = [_SCRIPT_TAGS if o.scripts else (), ("noscript",) if o.scripts else (), _INPUT_TAGS if o.input else (), ("button",) if o.button else (),
                  ("select",) if o.select else (), ("iframe",) if o.iframe else (), _EMBED_TAGS if o.embed else (),
                  ("meta",) if o.meta else ()]
        self._scanned_groups = tuple(tags for tags in wanted if tags)

    def apply(self, doc, ctx: PageContext) -> FilterReport:
        o = self.options
        report = ctx.new_report(self.name)
        # What the steps below look for, found before any of them runs; a step taking a list
        # sees only what is still in the document then. Killing the scripts first would find the
        # same: no element is inside a script, and a wrapper a kill leaves empty held nothing else.
        scan = _Scan(doc, self._scanned_groups)
        if o.scripts:
            for el in scan.tags[_SCRIPT_TAGS]:
                ctx.kill(el, report, "scripts")
            scan.walk_attributes(doc)  # the elements still in the page: without the scripts
            self._strip_script_attributes(scan, ctx, report)
            for el in scan.tags[("noscript",)]:
                if o.keep_noscript and not dom.is_script_notice(el) and not dom.is_escaped_markup(el):
                    ctx.unwrap(el, report, "noscript kept: scripts are off")
                else:
                    ctx.kill(el, report, "scripts")
        if o.styles:
            for el in _STYLES(doc):
                ctx.kill(el, report, "styles")
        if o.style_attributes:
            for el in _STYLED(doc):
                ctx.strip(el, ["style"], report, "style_attributes")
        if o.image_links:
            for a in _LINKS(doc):
                if _is_image_only_link(a):
                    ctx.kill(a, report, "image_links")
        if o.non_link_images:
            for img in _IMAGES(doc):
                if img.getparent() is not None and not _inside_link(img):
                    self._drop_image(img, ctx, report)
        if o.text_links:
            for a in _LINKS(doc):
                if a.getparent() is not None and dom.text_of(a):
                    ctx.unwrap(a, report, "text_links")
        if o.forms:
            for form in _FORMS(doc):
                self._drop_form(form, ctx, report)
        for toggle, tags, reason in (
            (o.input, _INPUT_TAGS, "input"),
            (o.button, ("button",), "button"),
            (o.select, ("select",), "select"),
            (o.iframe, ("iframe",), "iframe"),
            (o.embed, _EMBED_TAGS, "embed"),
        ):
            if toggle:
                for el in scan.attached(tags):
                    if el.getparent() is not None:
                        ctx.kill(el, report, reason)
        if o.meta:
            for meta in scan.attached(("meta",)):
                if not _is_kept_meta(meta):
                    ctx.kill(meta, report, "meta")
        if o.table_cell_widths:
            for el in _WIDTHS(doc):
                ctx.strip(el, ["width"], report, "table_cell_widths")
        return report

    def _strip_script_attributes(self, scan: "_Scan", ctx: PageContext, report: FilterReport) -> None:
        for el in scan.handlers:
            handlers = [name for name in el.attrib if name.lower().startswith("on")]
            ctx.strip(el, handlers, report, "scripts (event handlers)")
        for el in scan.script_urls:
            bad = [a for a in _URL_ATTRS if ":" not in a and _is_script_url(el.get(a))]
            if bad:
                ctx.strip(el, bad, report, "scripts (script URL)")

    def _drop_image(self, img, ctx: PageContext, report: FilterReport) -> None:
        alt = (img.get("alt") or "").strip() if dom.tag_of(img) == "img" else ""
        if self.options.image_alt_text and alt:
            prev, parent = img.getprevious(), img.getparent()
            replacement = f"[{alt}]"
            if prev is not None:
                prev.tail = (prev.tail or "") + replacement
            else:
                parent.text = (parent.text or "") + replacement
        ctx.kill(img, report, "non_link_images")

    def _drop_form(self, form, ctx: PageContext, report: FilterReport) -> None:
        if form.getparent() is None:
            return
        if _non_control_text_length(form) >= self.options.form_text_chars:
            for el in list(form.iter(*_CONTROLS)):
                if el.getparent() is not None:
                    ctx.kill(el, report, "forms (control in a page-wrapping form)")
            ctx.unwrap(form, report, "forms (wraps page text, content kept)")
        else:
            ctx.kill(form, report, "forms")


class _Scan:
    """Elements by tag group (lxml's tag filter, in C), and (walk_attributes) in one walk reading
    attribute names, those with event handlers and those with a URL attribute that may run script.

    Lists are in document order, as the XPath queries they replace returned them.
    """

    def __init__(self, doc, groups: tuple[tuple[str, ...], ...]):
        self.doc = doc
        self.tags: dict[tuple[str, ...], list] = {tags: [] for tags in groups}
        # One walk for every group (lxml's tag filter, in C), each match put in its group: the
        # groups share no tag, so each list holds what a walk of its own would find, in order.
        group_of = {tag: tags for tags in groups for tag in tags}
        if group_of:
            for el in dom.iter_document(doc, *group_of):
                self.tags[group_of[el.tag]].append(el)
        self.handlers: list = []  # elements with an attribute named on... (XPath: starts-with(name(), 'on'))
        self.script_urls: list = []  # elements with a URL attribute whose value may be a script URL

    def walk_attributes(self, doc) -> None:
        """Fill ``handlers`` and ``script_urls`` from the elements of ``doc`` now."""
        url_names, safe_first, plain = _URL_ATTR_SET, _SAFE_FIRST, _PLAIN_NAMES
        for el in dom.iter_document(doc, etree.Element):
            names = el.keys()  # most elements have none or only plain attributes: values read on demand
            # One name (most elements with any) is one set lookup; issuperset first makes a set of the list.
            if not names or (names[0] in plain if len(names) == 1 else plain.issuperset(names)):
                continue
            handler = url = False
            for name in names:
                # No URL attribute name starts with "on": the two tests never both hold.
                if name in url_names:
                    # _may_be_script_url, inlined (this loop runs for every attribute of the page)
                    if not url and el.get(name).lstrip(" \t\n\r\f")[:1] not in safe_first:
                        url = True
                elif name[:2] == "on":
                    handler = True
            if handler:
                self.handlers.append(el)
            if url:
                self.script_urls.append(el)

    def attached(self, tags: tuple[str, ...]) -> list:
        """The elements with these tags still in the document now, in document order."""
        return [el for el in self.tags[tags] if dom.in_document(el, self.doc)]


def _may_be_script_url(value: str) -> bool:
    """False when ``value`` cannot be a javascript:/vbscript: URL: after the whitespace and control
    characters clean_href drops, it starts with a printable ASCII character other than j or v."""
    return value.lstrip(" \t\n\r\f")[:1] not in _SAFE_FIRST


def _inside_link(el) -> bool:
    return any(dom.tag_of(a) == "a" and a.get("href") is not None for a in el.iterancestors())


def _is_image_only_link(a) -> bool:
    has_image = any(True for _ in a.iter("img", "picture", "svg"))
    return has_image and not a.text_content().strip()


def _is_script_url(value: str | None) -> bool:
    cleaned = clean_href(value)
    return bool(cleaned) and cleaned.lower().startswith(_SCRIPT_SCHEMES)


def _is_kept_meta(meta) -> bool:
    if meta.get("charset") is not None:
        return True
    if (meta.get("http-equiv") or "").strip().lower() in _KEPT_META_EQUIV:
        return True
    return (meta.get("name") or "").strip().lower() in _KEPT_META_NAMES


def _non_control_text_length(form) -> int:
    total = 0
    for el in form.iter():
        if not dom.is_element(el) or dom.tag_of(el) in _CONTROLS or dom.tag_of(el) == "option":
            continue
        total += len((el.text or "").strip())
        for child in el:
            total += len((child.tail or "").strip())
    return total
