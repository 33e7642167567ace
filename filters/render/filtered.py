"""The filtered page finished for its reader: landmarks, one h1, named controls, valid ARIA, a stylesheet.

Filter mode serves the page's own document minus what the chain removed; ``finish`` then makes
it whole, in one walk of the body where it can:

- a stylesheet (``filtered.css``): the readable base when no stylesheet of the page is left
  (``<html data-cp-unstyled>``), and clearpage's own parts on every page; inline or linked as
  the page's policies allow, like the reader page's; it forces readable colours on every page
  (the page's own colours, opacity and link styles give way, as in forced-colours mode);
- ``lang`` ("und" when neither declared nor recognisable; the ``assistive`` filter guesses
  first) and a ``<title>`` always (the first heading, else the address);
- one ``main`` landmark: the page's own when everything outside it sits in a landmark, else a
  new ``<main>`` around the body's content (the page's own mains become plain blocks), with a
  skip link to it as the first focusable element;
- one h1: the first inside main that is more than a link (a logo linking home), else the first
  inside main, else the first on the page; any other h1 becomes an h2;
  none left: main's first heading or the title as a hidden h1, where the heading order allows;
- headings and table header cells with nothing to read made plain blocks and data cells;
  landmarks of one role sharing a name given their own (heading, first words, number);
- controls that only script could work removed when the page's scripts are (a button, a
  field or a list box outside any form, not pointing at one); kept controls named from their
  label, title, placeholder, value or name; ``role=button`` on an element that cannot be
  pressed without script dropped;
- ARIA attributes: unknown ones dropped, values checked (an id reference to an element no
  longer there is dropped, an invalid token or number too), a name on an element that may not
  carry one moved to ``role=img`` (nothing else to read) or dropped (its text is read anyway);
- clearpage's footer and removed-links nav inside landmarks, labelled in the page's language.
"""
from __future__ import annotations

import importlib.resources
import re
from dataclasses import dataclass, field
from urllib.parse import parse_qsl

from lxml import etree

from .. import dom, language
from ..report import FilterReport
from .alternatives import accessible_text, has_accessible_text, url_name

_CSS = importlib.resources.files("clearpage.filters.render").joinpath("filtered.css").read_text(encoding="utf-8")
REPORT = "page"
MAIN_ID = "cp-content"
UNSTYLED_ATTR = "data-cp-unstyled"
# The query parameter the proxy's stylesheet URL gets for a filtered page (it serves this sheet).
PAGE_PARAM, PAGE_VALUE = "page", "filtered"
UNDETERMINED = "und"  # BCP 47 "undetermined", as on the reader page
UNTITLED = "Untitled page"

# clearpage's words on a filtered page, by the page's primary language: the page is read in its
# own voice, so its skip link and removed-links heading are best in its language (else English,
# marked lang=en).
PHRASES: dict[str, dict[str, str]] = {
    "en": {"skip": "Skip to content", "removed": "Removed links", "original": "Original page (without clearpage)", "search": "Search", "submit": "Submit"},
    "de": {"skip": "Zum Inhalt springen", "removed": "Entfernte Links", "original": "Originalseite (ohne clearpage)", "search": "Suchen", "submit": "Absenden"},
    "fr": {"skip": "Aller au contenu", "removed": "Liens supprimés", "original": "Page d’origine (sans clearpage)", "search": "Rechercher", "submit": "Envoyer"},
    "es": {"skip": "Saltar al contenido", "removed": "Enlaces eliminados", "original": "Página original (sin clearpage)", "search": "Buscar", "submit": "Enviar"},
    "it": {"skip": "Vai al contenuto", "removed": "Link rimossi", "original": "Pagina originale (senza clearpage)", "search": "Cerca", "submit": "Invia"},
    "pt": {"skip": "Ir para o conteúdo", "removed": "Links removidos", "original": "Página original (sem clearpage)", "search": "Pesquisar", "submit": "Enviar"},
    "nl": {"skip": "Naar de inhoud", "removed": "Verwijderde links", "original": "Oorspronkelijke pagina (zonder clearpage)", "search": "Zoeken", "submit": "Verzenden"},
    "pl": {"skip": "Przejdź do treści", "removed": "Usunięte linki", "original": "Oryginalna strona (bez clearpage)", "search": "Szukaj", "submit": "Wyślij"},
    "cs": {"skip": "Přejít k obsahu", "removed": "Odstraněné odkazy", "original": "Původní stránka (bez clearpage)", "search": "Hledat", "submit": "Odeslat"},
    "ru": {"skip": "Перейти к содержимому", "removed": "Удалённые ссылки", "original": "Исходная страница (без clearpage)", "search": "Поиск", "submit": "Отправить"},
    "ja": {"skip": "本文へ移動", "removed": "削除されたリンク", "original": "元のページ（clearpage なし）", "search": "検索", "submit": "送信"},
    "zh": {"skip": "跳到内容", "removed": "已删除的链接", "original": "原始页面（不经 clearpage）", "search": "搜索", "submit": "提交"},
}
UI_LANG = "en"

_LANDMARK_TAGS = frozenset({"main", "header", "footer", "nav", "aside", "search"})
_LANDMARK_ROLES = frozenset({"main", "banner", "contentinfo", "navigation", "complementary", "search", "region", "form"})
# Text-less elements that still show something (content outside a landmark when alone).
_SHOWN = ("img", "svg", "video", "audio", "iframe", "canvas", "object", "embed", "picture", "input", "select", "textarea", "button")
_CONTROLS = ("button", "input", "select", "textarea")
_LISTS = frozenset({"ul", "ol", "dl", "li", "dt", "dd"})
# Input types that are buttons (named by value), never typed into.
_BUTTON_TYPES = frozenset({"submit", "reset", "button", "image"})
# Outside a form these still work without script: a checkbox or radio styled by CSS (:checked).
_WORK_ALONE = frozenset({"checkbox", "radio", "hidden"})
# Attributes that make a control outside a form do something without script.
_ACTION_ATTRS = ("form", "popovertarget", "commandfor", "formaction")
# A search form: its role, its field's type, or its field's or action's name says so.
_SEARCHY = re.compile(r"search|suche|recherche|busca|cerca|zoek|szukaj|hledat|поиск|^q$|^s$|query", re.IGNORECASE)
_NAME_WORDS = re.compile(r"[A-Za-z]{3,}")

# ARIA 1.2 attributes (states and properties). Any other aria-* is dropped (axe: aria-valid-attr).
_IDREFS = frozenset({"aria-activedescendant", "aria-controls", "aria-describedby", "aria-details", "aria-errormessage",
                     "aria-flowto", "aria-labelledby", "aria-owns"})
_TRUE_FALSE = frozenset({"true", "false"})
_TOKENS: dict[str, frozenset[str]] = {
    **{name: _TRUE_FALSE for name in ("aria-atomic", "aria-busy", "aria-disabled", "aria-modal", "aria-multiline",
                                       "aria-multiselectable", "aria-readonly", "aria-required")},
    "aria-expanded": _TRUE_FALSE | {"undefined"},
    "aria-hidden": _TRUE_FALSE | {"undefined"},
    "aria-selected": _TRUE_FALSE | {"undefined"},
    "aria-grabbed": _TRUE_FALSE | {"undefined"},
    "aria-checked": _TRUE_FALSE | {"mixed", "undefined"},
    "aria-pressed": _TRUE_FALSE | {"mixed", "undefined"},
    "aria-current": _TRUE_FALSE | {"page", "step", "location", "date", "time"},
    "aria-haspopup": _TRUE_FALSE | {"menu", "listbox", "tree", "grid", "dialog"},
    "aria-invalid": _TRUE_FALSE | {"grammar", "spelling"},
    "aria-live": frozenset({"off", "polite", "assertive"}),
    "aria-orientation": frozenset({"horizontal", "vertical", "undefined"}),
    "aria-sort": frozenset({"ascending", "descending", "none", "other"}),
    "aria-autocomplete": frozenset({"inline", "list", "both", "none"}),
}
_INTEGERS = frozenset({"aria-colcount", "aria-colindex", "aria-colspan", "aria-level", "aria-posinset", "aria-rowcount",
                       "aria-rowindex", "aria-rowspan", "aria-setsize"})
_NUMBERS = frozenset({"aria-valuemax", "aria-valuemin", "aria-valuenow"})
_FREE = frozenset({"aria-label", "aria-description", "aria-keyshortcuts", "aria-placeholder", "aria-roledescription",
                   "aria-valuetext", "aria-braillelabel", "aria-brailleroledescription", "aria-relevant", "aria-dropeffect"})
_KNOWN_ARIA = _IDREFS | frozenset(_TOKENS) | _INTEGERS | _NUMBERS | _FREE
_INTEGER = re.compile(r"^-?\d+$")
_NUMBER = re.compile(r"^-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$")
# Elements whose (implicit) role may not be named (ARIA 1.2 "prohibited" naming): a label there
# is read by no screen reader. (<a> without href counts too; see _may_be_named.)
_UNNAMEABLE_TAGS = frozenset({"div", "span", "p", "b", "i", "u", "s", "em", "strong", "small", "code", "pre", "sub",
                              "sup", "del", "ins", "mark", "abbr", "font", "center", "label", "legend", "caption",
                              "figcaption", "q", "cite", "time", "bdi", "bdo", "data", "kbd", "samp", "var"})
_UNNAMEABLE_ROLES = frozenset({"caption", "code", "deletion", "emphasis", "generic", "insertion", "paragraph",
                               "presentation", "none", "strong", "subscript", "superscript"})

# The tags finish looks at (besides any element with a role or an aria-* attribute).
_SCANNED = frozenset({"h1", "h2", "h3", "h4", "h5", "h6", "th", "main", "label", "button", "input", "select", "textarea", "style", "link", "header",
                      "footer", "nav", "aside", "section", "form", "search", "area", "ul", "ol", "dl", "li", "dt", "dd"})
_IDS = etree.XPath("//@id")
# ARIA 1.2 roles (with DPUB-ARIA and Graphics-ARIA): any other role token is dropped (axe: aria-roles).
_ROLES = frozenset("""alert alertdialog application article banner blockquote button caption cell checkbox code
    columnheader combobox comment complementary contentinfo definition deletion dialog directory document emphasis
    feed figure form generic grid gridcell group heading img insertion link list listbox listitem log main mark
    marquee math menu menubar menuitem menuitemcheckbox menuitemradio meter navigation none note option paragraph
    presentation progressbar radio radiogroup region row rowgroup rowheader scrollbar search searchbox separator
    slider spinbutton status strong subscript suggestion superscript switch tab table tablist tabpanel term textbox
    time timer toolbar tooltip tree treegrid treeitem graphics-document graphics-object graphics-symbol""".split()) | frozenset(
    "doc-" + r for r in """abstract acknowledgments afterword appendix backlink biblioentry bibliography biblioref
    chapter colophon conclusion cover credit credits dedication endnote endnotes epigraph epilogue errata example
    footnote foreword glossary glossref index introduction noteref notice pagebreak pagefooter pageheader pagelist
    part preface prologue pullquote qna subtitle tip toc""".split())
# A role that needs an owned child of these roles (axe: aria-required-children); without one it is dropped.
_NATIVE_ROLES = {"li": "listitem", "option": "option", "tr": "row", "td": "cell", "th": "columnheader", "article": "article",
                 "tbody": "rowgroup", "thead": "rowgroup", "tfoot": "rowgroup", "optgroup": "group"}
_REQUIRED_CHILDREN = {
    "list": {"listitem"}, "menu": {"menuitem", "menuitemcheckbox", "menuitemradio", "group"},
    "menubar": {"menuitem", "menuitemcheckbox", "menuitemradio", "group"}, "tablist": {"tab"},
    "listbox": {"option", "group"}, "tree": {"treeitem", "group"}, "grid": {"row", "rowgroup"},
    "treegrid": {"row", "rowgroup"}, "table": {"row", "rowgroup"}, "rowgroup": {"row"},
    "row": {"cell", "gridcell", "columnheader", "rowheader"}, "radiogroup": {"radio"}, "feed": {"article"},
}
# A role that needs an ancestor of these roles (axe: aria-required-parent); without one it is dropped.
_REQUIRED_PARENT = {
    "listitem": {"list", "directory"}, "menuitem": {"menu", "menubar"}, "menuitemcheckbox": {"menu", "menubar"},
    "menuitemradio": {"menu", "menubar"}, "tab": {"tablist"}, "option": {"listbox"},
    "treeitem": {"tree"}, "row": {"table", "grid", "treegrid", "rowgroup"},
    "cell": {"row"}, "gridcell": {"row"}, "columnheader": {"row"}, "rowheader": {"row"},
}
_PARENT_NATIVE = {"ul": "list", "ol": "list", "menu": "list", "select": "listbox", "table": "table", "tr": "row",
                  "tbody": "rowgroup", "thead": "rowgroup", "tfoot": "rowgroup", "datalist": "listbox"}
# Widget states allowed only on some roles (axe: aria-allowed-attr); elsewhere they are dropped.
_STATE_ROLES = {
    "aria-expanded": {"application", "button", "checkbox", "columnheader", "combobox", "gridcell", "link", "listbox",
                      "menuitem", "menuitemcheckbox", "menuitemradio", "row", "rowheader", "switch", "tab", "treeitem"},
    "aria-pressed": {"button"},
    "aria-checked": {"checkbox", "menuitemcheckbox", "menuitemradio", "option", "radio", "switch", "treeitem"},
    "aria-selected": {"columnheader", "gridcell", "option", "row", "rowheader", "tab", "treeitem"},
    **{name: {"meter", "progressbar", "scrollbar", "separator", "slider", "spinbutton"}
       for name in ("aria-valuemax", "aria-valuemin", "aria-valuenow", "aria-valuetext")},
}
# Elements (with the attributes below) a keyboard can reach.
_FOCUSABLE = etree.XPath("descendant::*[self::a[@href] or self::button or self::input[not(@type='hidden')] or self::select"
                         " or self::textarea or self::iframe or self::summary or @tabindex[. != '-1']]")
_DIALOG_ROLES = frozenset({"dialog", "alertdialog"})
_NAME_FROM_CONTENT = frozenset({"button", "link", "menuitem", "menuitemcheckbox", "menuitemradio", "tab", "checkbox",
                                "radio", "switch", "option", "treeitem"})
_FOOTER = etree.XPath("./*[@data-clearpage='footer']")
_REMOVED_NAV = etree.XPath("./nav[@data-clearpage='removed-links']")


@dataclass(frozen=True, kw_only=True)
class Finished:
    """What ``finish`` did: the main it made (or None when the page's own serves), and the
    elements it added that are clearpage's, not the page's (left out of the page's text)."""

    main: object
    created_main: bool
    added: tuple = ()


def stylesheet(font_scale: float) -> str:
    return _CSS if font_scale == 1.0 else _CSS + f":root {{ --cp-scale: {font_scale:g}; }}\n"


def stylesheet_href(reader_href: str | None) -> str | None:
    """The proxy's stylesheet URL (``Delivery.stylesheet_href``) asking for this sheet."""
    if not reader_href:
        return None
    return reader_href + ("&" if "?" in reader_href else "?") + f"{PAGE_PARAM}={PAGE_VALUE}"


def wants_filtered_sheet(query: str) -> bool:
    """Whether a request for the proxy's stylesheet (its query string) asks for this one."""
    return (PAGE_PARAM, PAGE_VALUE) in parse_qsl(query)


def phrase(lang: str, key: str) -> tuple[str, str | None]:
    """clearpage's word for ``key`` in the page's language, and the lang to mark it with (None:
    it is in the page's language)."""
    primary = (lang or "").split("-")[0].lower()
    if primary in PHRASES:
        return PHRASES[primary][key], None
    return PHRASES[UI_LANG][key], UI_LANG


def finish(doc, *, url: str | None, scripts_removed: bool, inline_style: bool, style_href: str | None,
           font_scale: float = 1.0, theme: str = "auto", report: FilterReport | None = None) -> Finished:
    """Make the filtered document ``doc`` whole (see the module docstring); changes it in place."""
    report = report if report is not None else FilterReport(REPORT)
    root = doc.getroottree().getroot()
    head = dom.head_of(root)
    body = dom.body_of(root)
    scan = _scan(root)
    _style(root, head, scan.styled, inline_style, style_href, font_scale, theme)
    lang = _lang(root, report)
    _title(head, body, url, report)
    if scripts_removed:
        _drop_dead_controls(scan, report)
        dead = [el for el in scan.role_buttons if el.getparent() is not None]
        for el in dead:
            del el.attrib["role"]
            el.attrib.pop("tabindex", None)
        if dead:
            report.notes.append(f"role=button dropped from {len(dead)} element(s) nothing can press without script")
    _roles(scan, report)
    _aria(root, scan.aria, report, url)
    _keyboard(scan, report)
    _areas(scan.areas, url)
    _lists(body, scan.lists, report)
    _name_controls(scan, lang, report)
    _empty_headings(scan, report)
    _empty_table_headers(scan.ths, report)
    main, created = _main(body, scan, report)
    if created:
        for el in scan.roles:  # inside the new main these are no longer top-level landmarks
            if (el.get("role") or "").split()[:1] in (["banner"], ["contentinfo"]) and _contains(main, el):
                del el.attrib["role"]
    _one_h1(scan.h1s, main, report)
    h1 = _ensure_h1(scan, main, head, report)
    added = _own_parts(body, main, lang, scan) + ((h1,) if h1 is not None else ())
    _unique_landmarks(scan, added, report)
    return Finished(main=main, created_main=created, added=added)


# --------------------------------------------------------------------------- head


def _style(root, head, styled: bool, inline: bool, href: str | None, font_scale: float, theme: str) -> None:
    if not styled:
        root.set(UNSTYLED_ATTR, "")
        if theme != "auto":
            root.set("data-theme", theme)
    if inline:
        el = dom.new_element("style", {"data-clearpage": "style"}, stylesheet(font_scale))
    elif href:
        el = dom.new_element("link", {"rel": "stylesheet", "href": href, "data-clearpage": "style"})
    else:
        return
    head.insert(_after_charset(head), el)  # first (after the charset): the page's own rules come after and win


def _after_charset(head) -> int:
    for i, child in enumerate(head):
        if dom.tag_of(child) == "meta" and child.get("charset") is not None:
            return i + 1
    return 0


def _lang(root, report: FilterReport) -> str:
    lang = language.normalise(root.get("lang") or root.get("xml:lang"))
    if not lang:
        lang = UNDETERMINED
        report.notes.append("lang und: the page declares no language and its text is too short or mixed to tell")
    if root.get("lang") != lang:
        root.set("lang", lang)
    return lang


def _title(head, body, url: str | None, report: FilterReport) -> None:
    title = head.find("title")
    if title is not None and dom.text_of(title):
        return
    heading = next((t for t in (dom.text_of(h) for h in body.iter("h1", "h2")) if t), "")
    text = heading or (url_name(url) if url else "") or UNTITLED
    if title is None:
        title = dom.new_element("title", parent=head)
    title.text = text
    report.notes.append(f"title set: {text!r}")


# --------------------------------------------------------------------------- one walk


@dataclass
class _Scan:
    h1s: list
    mains: list
    controls: list  # (element, its form or None)
    labels: dict  # id -> text of its <label for>
    aria: list  # elements with aria-* attributes
    role_buttons: list  # role=button on what cannot be pressed without script
    landmarks: list
    roles: list = field(default_factory=list)  # elements with a role attribute
    tabindexed: list = field(default_factory=list)
    accesskeys: list = field(default_factory=list)
    areas: list = field(default_factory=list)
    lists: list = field(default_factory=list)  # ul, ol, dl, li, dt, dd
    headings: list = field(default_factory=list)  # h1-h6 and role=heading, in document order
    ths: list = field(default_factory=list)
    styled: bool = False  # a <style> or stylesheet <link> of the page is left


def _scan(root) -> _Scan:
    """What the steps below need, from one walk of the document in order. (A Python loop over
    every element costs less than libxml2's XPath with attribute-name predicates.)"""
    scan = _Scan([], [], [], {}, [], [], [])
    for el in root.iter():
        tag = el.tag
        keys = el.keys()
        aria = bool(keys) and "aria-" in " ".join(keys)  # (one C-level search, not one per attribute)
        if tag not in _SCANNED and not aria and "role" not in keys and "tabindex" not in keys and "accesskey" not in keys:
            continue
        if "tabindex" in keys:
            scan.tabindexed.append(el)
        if "accesskey" in keys:
            scan.accesskeys.append(el)
        if "role" in keys:
            scan.roles.append(el)
        if tag in _LISTS:
            scan.lists.append(el)
        if tag == "area":
            scan.areas.append(el)
        elif tag == "th":
            scan.ths.append(el)
        role = (el.get("role") or "").split()[:1] if "role" in keys else None
        role = role[0] if role else ("" if role is not None else None)
        if tag in _HEADINGS or role == "heading":
            scan.headings.append(el)
        if tag == "h1":
            scan.h1s.append(el)
        elif tag in _CONTROLS:
            scan.controls.append((el, next(el.iterancestors("form"), None)))
        elif tag == "label":
            target = el.get("for")
            if target:
                scan.labels[target] = scan.labels.get(target, "") + " " + accessible_text(el)
        elif tag == "style" or (tag == "link" and "stylesheet" in (el.get("rel") or "").lower().split()):
            scan.styled = True
        if role == "main" or (tag == "main" and role is None):
            scan.mains.append(el)
        if (role or tag in _LANDMARK_TAGS or tag in ("section", "form")) and _is_landmark(el):
            scan.landmarks.append(el)
        if role == "button" and tag not in ("button", "input", "summary") and not (tag == "a" and "href" in keys):
            scan.role_buttons.append(el)
        if aria:
            scan.aria.append(el)
    return scan


def _contains(ancestor, el) -> bool:
    parent = el.getparent()
    while parent is not None:
        if parent is ancestor:
            return True
        parent = parent.getparent()
    return False


# --------------------------------------------------------------------------- controls


def _works_alone(el) -> bool:
    if any(el.get(a) for a in _ACTION_ATTRS):
        return True
    return el.tag == "input" and (el.get("type") or "text").lower() in _WORK_ALONE


def _drop_dead_controls(scan: _Scan, report: FilterReport) -> None:
    kept = []
    for el, form in scan.controls:
        if form is None and not _works_alone(el) and el.getparent() is not None:
            if el.tag == "button" and next(el.iterancestors("a"), None) is not None:
                dom.unwrap(el)  # a button inside a link: the link works, the button's words name it
                continue
            report.add("kill", dom.describe(el), f"{el.tag} outside any form: only script could work it")
            dom.remove(el)
        else:
            kept.append((el, form))
    scan.controls = kept


def _has_name(el, labels: dict) -> bool:
    if (el.get("aria-label") or "").strip():
        return True
    if (el.get("title") or "").strip() and el.tag == "button":
        return True  # (a field named by its title alone fails axe's label-title-only: it gets an aria-label)
    if el.get("aria-labelledby"):  # (references to missing ids were dropped by _aria)
        return True
    ident = el.get("id")
    if ident and labels.get(ident, "").strip():
        return True
    for anc in el.iterancestors("label"):
        if accessible_text(anc).strip():
            return True
    tag = el.tag
    if tag == "button":
        return bool(accessible_text(el))
    if tag == "input":
        kind = (el.get("type") or "text").lower()
        if kind == "image":
            return bool((el.get("alt") or "").strip())
        if kind in _BUTTON_TYPES:
            return bool((el.get("value") or "").strip())  # (axe counts no browser default label)
    if tag in ("input", "textarea") and (el.get("placeholder") or "").strip():
        return True
    return False


def _is_search(el, form, forms: dict | None = None) -> bool:
    """A search control: its own type, name or id says so, or its form's (any of the form's
    inputs, its role or its action). ``forms``: the form verdicts found so far on this page,
    each worked out once (a page-wrapping form holds hundreds of controls: asking each one
    about every input of the form went quadratic)."""
    if _searchy_field(el):
        return True
    if form is None:
        return False
    if forms is None:
        return _searchy_form(form)
    verdict = forms.get(form)
    if verdict is None:
        verdict = forms[form] = _searchy_form(form)
    return verdict


def _searchy_field(f) -> bool:
    return (f.get("type") or "").lower() == "search" or bool(_SEARCHY.search(f.get("name") or "")) or bool(_SEARCHY.search(f.get("id") or ""))


def _searchy_form(form) -> bool:
    """Whether any input of ``form`` is a search field, or the form says it is a search."""
    if any(_searchy_field(f) for f in form.iter("input")):
        return True
    return (form.get("role") or "") == "search" or bool(_SEARCHY.search(form.get("action") or ""))


def _name_for(el, form, lang: str, forms: dict | None = None) -> tuple[str, str | None]:
    """A name for an unnamed control: its placeholder or value, a placeholder-like first option,
    its field name as words; else "Search" or "Submit" (in the page's language when known)."""
    tag = el.tag
    kind = (el.get("type") or "text").lower() if tag == "input" else tag
    if (el.get("title") or "").strip():
        return el.get("title").strip(), None
    for attr in ("placeholder", "value") if kind not in ("checkbox", "radio") else ():
        if tag != "select" and (el.get(attr) or "").strip():
            return el.get(attr).strip(), None
    if tag == "select":
        first = el.find(".//option")
        if first is not None and dom.text_of(first) and (first.get("value") in ("", None) or first.get("disabled") is not None):
            return dom.text_of(first), None
    if _is_search(el, form, forms):
        return phrase(lang, "search")
    if tag == "button" or kind in _BUTTON_TYPES:
        return phrase(lang, "submit")
    words = _NAME_WORDS.findall(el.get("name") or el.get("id") or "")
    if words:
        return " ".join(words).lower(), UI_LANG
    return phrase(lang, "submit" if tag == "button" else "search" if kind == "search" else "submit")


def _name_controls(scan: _Scan, lang: str, report: FilterReport) -> None:
    named = 0
    forms: dict = {}  # form -> is it a search form (_is_search), worked out once per form
    for el, form in scan.controls:
        if el.getparent() is None:
            continue
        kind = (el.get("type") or "text").lower() if el.tag == "input" else el.tag
        if kind == "hidden" or _has_name(el, scan.labels):
            continue
        name, _ = _name_for(el, form, lang, forms)
        el.set("alt" if kind == "image" else "aria-label", name)
        named += 1
    if named:
        report.notes.append(f"{named} unnamed control(s) named")


# --------------------------------------------------------------------------- ARIA


def _aria(root, elements: list, report: FilterReport, url: str | None = None) -> None:
    ids = None
    dropped = unnamed = 0
    for el in elements:
        if el.getparent() is None and el is not root:
            continue
        role = None
        for name in [n for n in el.attrib if n.startswith("aria-")]:
            value = el.get(name) or ""
            if name in _STATE_ROLES:
                role = role if role is not None else _role_of(el)
                if role not in _STATE_ROLES[name]:
                    del el.attrib[name]
                    dropped += 1
                    continue
            fixed = _aria_value(name, value, ids)
            if fixed is _NEED_IDS:
                ids = set(_IDS(root))
                fixed = _aria_value(name, value, ids)
            if fixed is None:
                del el.attrib[name]
                dropped += 1
            elif fixed != value:
                el.set(name, fixed)
        if (el.get("aria-label") is not None or el.get("aria-labelledby") is not None) and not _may_be_named(el):
            if accessible_text(el) or len(el):
                el.attrib.pop("aria-label", None)
                el.attrib.pop("aria-labelledby", None)
                unnamed += 1
            else:
                el.set("role", "img")  # an icon with a label: read as an image of that name
        label = el.get("aria-label")
        if label is not None and el.tag in ("a", "button") and (el.tag == "button" or el.get("href") is not None):
            shown = dom.text_of(el)
            if shown and shown.casefold() not in label.casefold():
                el.set("aria-label", f"{shown} {label}".strip())  # the words on screen first (axe: label-content-name-mismatch)
        if el.tag == "a" and el.get("href") is not None and not (el.get("aria-label") or "").strip() \
                and not el.get("aria-labelledby") and not accessible_text(el):
            # its name was a dropped reference, or an empty label: its title, else where it goes
            # (an empty href is the page itself)
            href = el.get("href").strip()
            el.set("aria-label", (el.get("title") or "").strip() or url_name(href or url or "") or url_name(url or "") or UNTITLED)
    if dropped or unnamed:
        report.notes.append(f"ARIA: {dropped} invalid attribute(s) dropped, {unnamed} name(s) on unnameable elements dropped")


_NEED_IDS = object()


def _aria_value(name: str, value: str, ids: set | None):
    """The attribute's value, repaired, or None when it must go (``_NEED_IDS``: ask with ids)."""
    if name not in _KNOWN_ARIA:
        return None
    if name in _IDREFS:
        if ids is None:
            return _NEED_IDS
        refs = [r for r in value.split() if r in ids]
        return " ".join(refs) if refs else None
    if name in _TOKENS:
        token = value.strip().lower()
        return token if token in _TOKENS[name] else None
    if name in _INTEGERS:
        return value.strip() if _INTEGER.match(value.strip()) else None
    if name in _NUMBERS:
        return value.strip() if _NUMBER.match(value.strip()) else None
    return value


def _may_be_named(el) -> bool:
    role = (el.get("role") or "").split()
    if role:
        return role[0] not in _UNNAMEABLE_ROLES
    tag = el.tag
    if tag == "a":
        return el.get("href") is not None
    return tag not in _UNNAMEABLE_TAGS


def _role_of(el) -> str:
    """The element's role: its first role token, else the native one that matters for ARIA states."""
    role = (el.get("role") or "").split()[:1]
    if role:
        return role[0]
    tag = el.tag
    if tag == "a":
        return "link" if el.get("href") is not None else ""
    if tag == "input":
        kind = (el.get("type") or "text").lower()
        return {"checkbox": "checkbox", "radio": "radio", "button": "button", "submit": "button", "reset": "button",
                "image": "button"}.get(kind, "combobox" if el.get("list") else "textbox")
    if tag == "select":
        return "listbox" if el.get("multiple") is not None or (el.get("size") or "1") not in ("", "0", "1") else "combobox"
    return {"button": "button", "summary": "button", "option": "option", "tr": "row", "td": "cell", "th": "columnheader",
            "li": "listitem", "details": "group"}.get(tag, _NATIVE_ROLES.get(tag, ""))


def _roles(scan: _Scan, report: FilterReport) -> None:
    """Role tokens ARIA does not know dropped; a role missing its required children or parent dropped."""
    dropped = 0
    for el in scan.roles:
        if el.getparent() is None or el.get("role") is None:
            continue
        tokens = el.get("role").split()
        valid = [t for t in tokens if t.lower() in _ROLES]
        if not valid:
            del el.attrib["role"]
            dropped += 1
            continue
        if valid != tokens:
            el.set("role", " ".join(valid))
            dropped += 1
        role = valid[0].lower()
        if el.tag == "img" and role in ("none", "presentation") and (el.get("alt") or "").strip():
            del el.attrib["role"]  # an image with words to say is no decoration (axe: aria-allowed-role)
            dropped += 1
        elif el.tag in ("ul", "ol") and role not in ("list", "none", "presentation") \
                and any(li.get("role") is None for li in el.iterchildren("li")):
            del el.attrib["role"]  # its items are list items: a list they stay (axe: listitem)
            dropped += 1
        elif role == "img" and not (el.get("aria-label") or "").strip() and not el.get("aria-labelledby") \
                and not (el.get("title") or "").strip() and not (el.tag == "svg" and _svg_title(el)):
            del el.attrib["role"]  # an image nothing names: decorative
            if not dom.text_of(el):
                el.set("aria-hidden", "true")
            dropped += 1
        elif role in _DIALOG_ROLES and not el.get("aria-label") and not el.get("aria-labelledby"):
            heading = next((t for t in (dom.text_of(h) for h in el.iter("h1", "h2", "h3", "h4", "h5", "h6")) if t), "")
            if heading:
                el.set("aria-label", heading)
            else:  # a dialog no one can name (its script is gone): a plain block
                del el.attrib["role"]
                el.attrib.pop("aria-modal", None)
        elif role in _REQUIRED_CHILDREN and el.get("aria-owns") is None and not _has_child_role(el, _REQUIRED_CHILDREN[role]):
            del el.attrib["role"]
            dropped += 1
        elif role in _REQUIRED_PARENT and not _has_parent_role(el, _REQUIRED_PARENT[role]):
            del el.attrib["role"]
            dropped += 1
    if dropped:
        report.notes.append(f"{dropped} role(s) dropped or trimmed (unknown, or without the children or parent they need)")


def _svg_title(svg) -> str:
    title = next((c for c in svg if dom.tag_of(c).rsplit("}", 1)[-1] == "title"), None)
    return dom.text_of(title) if title is not None else ""


def _has_child_role(el, wanted: set) -> bool:
    for child in el.iterdescendants():
        role = (child.get("role") or "").split()[:1]
        role = role[0] if role else _NATIVE_ROLES.get(child.tag, "")
        if role in wanted:
            return True
        if role in ("none", "presentation", "generic", "") or child.tag in ("div", "span"):
            continue
    return False


def _has_parent_role(el, wanted: set) -> bool:
    for anc in el.iterancestors():
        role = (anc.get("role") or "").split()[:1]
        role = role[0] if role else _PARENT_NATIVE.get(anc.tag, "")
        if role in wanted:
            return True
    return False


def _keyboard(scan: _Scan, report: FilterReport) -> None:
    """tabindex above 0 becomes 0 (the page's order is the reading order); focusable elements
    inside aria-hidden content leave the tab order; duplicate accesskeys dropped."""
    for el in scan.tabindexed:
        value = (el.get("tabindex") or "").strip()
        if value.lstrip("+").isdigit() and int(value) > 0:
            el.set("tabindex", "0")
    hidden = 0
    for el in scan.aria:
        if el.get("aria-hidden") == "true" and el.getparent() is not None:
            for inner in _FOCUSABLE(el):
                inner.set("tabindex", "-1")
                hidden += 1
    seen: set = set()
    for el in scan.accesskeys:
        key = (el.get("accesskey") or "").strip().lower()
        if key in seen or not key:
            del el.attrib["accesskey"]
        seen.add(key)
    if hidden:
        report.notes.append(f"{hidden} focusable element(s) inside aria-hidden content taken out of the tab order")


def _areas(areas: list, url: str | None) -> None:
    for area in areas:
        if area.get("href") is not None and not (area.get("alt") or "").strip() and not area.get("aria-label"):
            area.set("alt", (area.get("title") or "").strip() or url_name(area.get("href")))


def _lists(body, lists: list, report: FilterReport) -> None:
    """ul/ol holding more than li, li outside a list, dl out of order: repaired as the reader page does."""
    from .sanitize import LIST_TAGS, repair_lists

    broken = False
    for el in lists:
        tag = el.tag
        if tag in LIST_TAGS or tag == "dl":
            allowed = ("li", "script", "template") if tag != "dl" else ("dt", "dd", "div", "script", "template")
            if any(dom.is_element(c) and c.tag not in allowed for c in el):
                broken = True
                break
            if tag == "dl" and len(el) and not (el.find("dt") is not None and el.find("dd") is not None) \
                    and el.find("div") is None:
                broken = True  # a dl with no term or no definition (wikis indent with a bare dd)
                break
        else:
            parent = el.getparent()
            ptag = parent.tag if parent is not None else ""
            if (tag == "li" and ptag not in LIST_TAGS) or (tag in ("dt", "dd") and ptag not in ("dl", "div")):
                broken = True
                break
    if broken:
        repair_lists(body)
        report.notes.append("lists repaired (items outside a list, list children that are not items)")


# --------------------------------------------------------------------------- landmarks


def _is_landmark(el) -> bool:
    role = (el.get("role") or "").split()
    if role:
        return role[0] in _LANDMARK_ROLES
    tag = el.tag
    if tag in ("section", "form"):
        return bool((el.get("aria-label") or el.get("aria-labelledby") or "").strip())
    return tag in _LANDMARK_TAGS


def _has_content(el) -> bool:
    """Something a user would read or see (or tab to) lies in ``el``."""
    if not dom.is_element(el) or el.tag in ("script", "style", "template", "link", "meta"):
        return False
    if (el.get("hidden") is not None) or el.get("aria-hidden") == "true":
        return False
    if el.tag in _SHOWN:
        return True
    for text in el.itertext():  # (lazily: stops at the first words)
        if not text.isspace():
            return True
    return next(el.iter(*_SHOWN), None) is not None


def _holding_landmarks(body, landmarks: list) -> set:
    """The elements with a landmark somewhere below them (up to ``body``)."""
    holding: set = set()
    for landmark in landmarks:
        for anc in landmark.iterancestors():
            if anc is body or anc in holding:
                break
            holding.add(anc)
    return holding


def _outside_landmarks(el, holding: set) -> bool:
    """Whether content in ``el`` lies outside every landmark (``el`` itself not one)."""
    if (el.text or "").strip():
        return True
    for child in el:
        if (child.tail or "").strip():
            return True
        if not dom.is_element(child) or _is_landmark(child) or child.get("data-clearpage") is not None or not _has_content(child):
            continue  # (clearpage's own footer and nav go into landmarks of their own)
        if child not in holding or child.tag in _SHOWN or _outside_landmarks(child, holding):
            return True
    return False


def _main(body, scan: _Scan, report: FilterReport):
    """The page's one main: its own when it is the only one and nothing is left outside the
    landmarks, else a new <main> around the body's content (returns it, and whether it is new)."""
    own = [m for m in scan.mains if m.getparent() is not None]
    if len(own) == 1 and not _outside_landmarks(body, _holding_landmarks(body, scan.landmarks)):
        main = own[0]
        if not main.get("id"):
            main.set("id", MAIN_ID)
        return main, False
    for m in own:  # several mains, or content outside the landmarks: one new main holds it all
        if m.tag == "main":
            m.tag = "div"
        if (m.get("role") or "").split()[:1] == ["main"]:
            del m.attrib["role"]
    children = [c for c in body if dom.is_element(c) and c.get("data-clearpage") is None]
    content = [i for i, c in enumerate(children) if not _is_landmark(c) and (_has_content(c) or (c.tail or "").strip())]
    bare_text = bool((body.text or "").strip())
    if bare_text and children:
        content.insert(0, 0)  # the body's own first words are content: the main starts there
    main = dom.new_element("main", {"id": MAIN_ID})
    if not content:
        first = next((c for c in children if c.tag not in ("header", "nav")), None)
        if first is not None:
            first.addprevious(main)
        else:
            _before_own_parts(body, main)
        if bare_text:
            main.text, body.text = body.text, None
        report.notes.append("main: added, around the page's text" if bare_text else "main: an empty main added (no content outside the landmarks)")
        return main, True
    first = children[content[0]]
    first.addprevious(main)
    if bare_text:
        main.text, body.text = body.text, None
    wrapped = children[content[0]: content[-1] + 1]
    for child in wrapped:
        main.append(child)  # (moves the element with its tail)
    report.notes.append(f"main: {len(wrapped)} of the body's {len(children)} blocks wrapped in <main>")
    return main, True


def _before_own_parts(body, el) -> None:
    own = next((c for c in body if dom.is_element(c) and c.get("data-clearpage") is not None), None)
    if own is not None:
        own.addprevious(el)
    else:
        body.append(el)


def _one_h1(h1s: list, main, report: FilterReport) -> None:
    h1s = [h for h in h1s if h.getparent() is not None]
    if len(h1s) <= 1:
        return
    inside = [h for h in h1s if _contains(main, h)] or h1s
    # A heading that is only a link (the site's name, linking home) is the logo, not the page's
    # title, and so is one with no words (an image logo); the first with words of its own is.
    keep = next((h for h in inside if accessible_text(h) and not _link_only(h)),
                next((h for h in inside if accessible_text(h)), inside[0]))
    for h in h1s:
        if h is not keep:
            h.tag = "h2"
    report.notes.append(f"{len(h1s) - 1} more h1(s) demoted to h2")


def _link_only(heading) -> bool:
    text = dom.text_of(heading)
    return bool(text) and text == " ".join(dom.text_of(a) for a in heading.iter("a")).strip()


def _own_parts(body, main, lang: str, scan: _Scan) -> tuple:
    """The skip link first; clearpage's footer and removed-links nav inside landmarks and in the
    page's language. Returns clearpage's elements (for the text to leave out)."""
    added = []
    skip_text, skip_lang = phrase(lang, "skip")
    skip = dom.new_element("a", {"class": "cp-skip", "href": "#" + main.get("id"), "data-clearpage": "skip"}, skip_text)
    if skip_lang:
        skip.set("lang", skip_lang)
    body.insert(0, skip)
    skip.tail, body.text = body.text, None
    added.append(skip)
    for nav in _REMOVED_NAV(body):
        heading = nav.find("h2")
        if heading is not None and nav.get("aria-label") == PHRASES[UI_LANG]["removed"]:
            label, label_lang = phrase(lang, "removed")
            nav.set("aria-label", label)
            heading.text = label
            if label_lang:
                heading.set("lang", label_lang)
        added.append(nav)
    for footer in _FOOTER(body):
        text, text_lang = phrase(lang, "original")
        link = footer.find("a")
        if link is not None and link.text == PHRASES[UI_LANG]["original"]:
            link.text = text
        if text_lang:
            footer.set("lang", text_lang)
        if footer.tag != "footer" and not _has_contentinfo(body, scan):
            footer.tag = "footer"  # the page's footer landmark (it has none of its own at the top)
        elif footer.tag != "footer":
            nav = dom.new_element("nav", {"aria-label": text, "data-clearpage": "footer"})
            footer.addprevious(nav)
            del footer.attrib["data-clearpage"]
            nav.append(footer)
            footer = nav
        added.append(footer)
    return tuple(added)


_SECTIONING = frozenset({"article", "aside", "main", "nav", "section"})
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
# A landmark's label made from its own words: this many at most (a label, not a summary).
_LABEL_WORDS = 4


# --------------------------------------------------------------------------- headings and tables


def _empty_headings(scan: _Scan, report: FilterReport) -> None:
    """A heading with nothing to read (its words were removed, or it only held a decoration)
    becomes a plain block: a screen reader's list of headings has no blank entries (axe:
    empty-heading). What it still shows stays."""
    emptied = 0
    for el in scan.headings:
        if el.getparent() is None or el.get("aria-hidden") == "true" or el.get("hidden") is not None:
            continue
        if has_accessible_text(el) or (el.get("aria-label") or "").strip() or el.get("aria-labelledby") \
                or (el.get("title") or "").strip():
            continue
        if el.tag in _HEADINGS:
            el.tag = "div"
        el.attrib.pop("role", None)
        el.attrib.pop("aria-level", None)
        emptied += 1
    if emptied:
        report.notes.append(f"{emptied} empty heading(s) made plain blocks")


def _empty_table_headers(ths: list, report: FilterReport) -> None:
    """A header cell with nothing to read labels no column: it becomes a data cell (axe:
    empty-table-header)."""
    emptied = 0
    for th in ths:
        if th.getparent() is None or has_accessible_text(th) or (th.get("aria-label") or "").strip() \
                or th.get("aria-labelledby") or (th.get("title") or "").strip():
            continue
        th.tag = "td"
        th.attrib.pop("scope", None)
        emptied += 1
    if emptied:
        report.notes.append(f"{emptied} empty table header cell(s) made data cells")


def _ensure_h1(scan: _Scan, main, head, report: FilterReport):
    """A page left without an h1 (the filters removed it, or it never had one) gets one, keeping
    the heading levels in order (axe: page-has-heading-one, heading-order): main's first
    heading when it is an h3 or lower and the next heading is an h2 or none (it is the page's
    title); else, when main's headings start at h2 or there are none, a new h1 at the start of
    main, visually hidden, holding the page's title; else none (no h1 fits the page's heading
    levels). Returns the new h1, if any."""
    if any(h.getparent() is not None and h.tag == "h1" for h in scan.h1s):
        return None
    headings = [h for h in scan.headings if h.getparent() is not None and h.tag in _HEADINGS]
    first = next((i for i, h in enumerate(headings) if _contains(main, h)), None)
    if first is not None and headings[first].tag > "h2":
        after = headings[first + 1] if first + 1 < len(headings) else None
        if after is None or after.tag <= "h2":
            report.notes.append(f"no h1: main's first heading ({headings[first].tag}) made the h1")
            headings[first].tag = "h1"
            return None
        report.notes.append(f"no h1: none added (main's headings start at {headings[first].tag}: an h1 before them would"
                            " break the heading order)")
        return None
    title = head.find("title")
    text = (dom.text_of(title) if title is not None else "") or UNTITLED
    h1 = dom.new_element("h1", {"class": "cp-visually-hidden", "data-clearpage": "h1"}, text)
    h1.tail, main.text = main.text, None
    main.insert(0, h1)
    report.notes.append("no h1: the page's title added as main's (visually hidden) h1")
    return h1


# --------------------------------------------------------------------------- landmark names


def _landmark_role(el) -> str | None:
    """The landmark role a browser gives ``el`` (None: none, or one axe's landmark-unique skips)."""
    role = (el.get("role") or "").split()[:1]
    if role:
        return role[0] if role[0] in _LANDMARK_ROLES and role[0] != "main" else None
    tag = el.tag
    if tag == "nav":
        return "navigation"
    if tag == "search":
        return "search"
    if tag in ("aside", "header", "footer"):
        if any(a.tag in _SECTIONING or (a.get("role") or "") in ("main", "article", "complementary", "navigation", "region")
               for a in el.iterancestors()):
            return None  # scoped to its section: no landmark (a name there would be prohibited)
        return {"aside": "complementary", "header": "banner", "footer": "contentinfo"}[tag]
    if tag in ("section", "form"):
        return "region" if tag == "section" else "form"  # (only named ones are in the scan)
    return None


def _landmark_name(el) -> str:
    return " ".join(((el.get("aria-label") or "") + " " + (el.get("aria-labelledby") or "")).split()).casefold()


def _unique_landmarks(scan: _Scan, added: tuple, report: FilterReport) -> None:
    """Landmarks of one role that share a name (or have none) get names of their own: the
    heading they hold, else their first words, else their number among them (axe:
    landmark-unique; a screen reader's landmark list shows which is which)."""
    groups: dict = {}
    for el in list(scan.landmarks) + [a for a in added if a.tag in ("nav", "footer")]:
        if el.getparent() is None:
            continue
        role = _landmark_role(el)
        if role is not None:
            groups.setdefault((role, _landmark_name(el)), []).append(el)
    named = 0
    taken = {name for role, name in groups}
    for (role, name), els in groups.items():
        if len(els) < 2:
            continue
        for i, el in enumerate(els, 1):
            if el.get("data-clearpage") is not None and name:
                continue  # clearpage's own parts keep their words (the page's give way)
            label = _own_label(el) or " ".join((el.get("aria-label") or "").split())
            if not label or label.casefold() in taken:
                label = f"{label} {i}".strip() if label else str(i)
            taken.add(label.casefold())
            el.set("aria-label", label)
            el.attrib.pop("aria-labelledby", None)
            named += 1
    if named:
        report.notes.append(f"{named} landmark(s) sharing a role and name given names of their own")


def _own_label(el) -> str:
    heading = next((t for t in (dom.text_of(h) for h in el.iter(*_HEADINGS)) if t), "")
    words = heading.split() or " ".join(el.itertext()).split()
    if not words:
        return ""
    return " ".join(words[:_LABEL_WORDS]) + (" …" if len(words) > _LABEL_WORDS else "")


def _has_contentinfo(body, scan: _Scan) -> bool:
    """Whether the page has a footer landmark of its own: a <footer> outside every sectioning
    element and main, or an element with role=contentinfo (from the scan: no second walk)."""
    for el in scan.landmarks:
        if el.getparent() is None or el.get("data-clearpage") is not None:
            continue
        role = (el.get("role") or "").split()[:1]
        if role == ["contentinfo"] or (not role and el.tag == "footer"
                                       and not any(a.tag in _SECTIONING or a.get("role") == "main" for a in el.iterancestors())):
            return True
    return any((el.get("role") or "").split()[:1] == ["contentinfo"] for el in scan.roles if el.getparent() is not None)
