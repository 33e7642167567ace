"""Assistive-technology repairs for the filtered page, none of which changes how it looks
(but for an empty link nothing can draw, which gets visible text: see link_names).

Filter mode keeps the page's layout, so this filter only adds what a screen reader needs and
the page left out (each toggle below can be switched off):

| toggle             | what it does                                                          |
|--------------------|-----------------------------------------------------------------------|
| language           | repairs a malformed ``<html lang>`` ("en_US" -> "en-US"); a page with none gets the language of its text, when the guess is sure (filters/language.py) |
| document_title     | a page with no ``<title>`` gets its first h1 (or h2) as one           |
| image_alternatives | an ``<img>`` with no alt gets its title, else its figure caption or the caption beside it in its own block, else ``alt=""`` (decorative: a file name read aloud helps nobody) |
| link_names         | a link with nothing to read (icon fonts, images with ``alt=""``) gets ``aria-label``: its title, else its address ("example.com/about"); on a page left with no stylesheet, an empty link (nothing could draw it) gets that name as visible text instead |

Not done here, because it would change the page's look or meaning: renumbering headings,
linearising layout tables, removing empty links, changing colours. The reader page does those;
render/filtered.py finishes the filtered page after the chain (landmarks, one h1, controls, ARIA).
"""
from __future__ import annotations

from dataclasses import dataclass

from .. import dom, language
from ..context import PageContext
from ..render import alternatives
from ..report import FilterReport
from ..typed import field
from .base import BuildEnv, Filter, register


# What can still draw an empty link's icon: a stylesheet the chain kept (ignore.styles off).
# A rel token is "stylesheet" as XPath's contains(concat(' ', translate(normalize-space(@rel),
# 'STYLEHSE', 'stylehse'), ' '), ' stylesheet ') reads it: tokens split at XML whitespace (space,
# tab, newline, carriage return) and only these capitals lowered.
_REL_TOKENS = str.maketrans("STYLEH\t\n\r", "styleh   ")


@dataclass(frozen=True)
class AssistiveOptions:
    enabled: bool = field(doc="run this filter")
    language: bool = field(doc="repair the page's lang attribute, or guess it from the text when absent")
    document_title: bool = field(doc="give an untitled page its first heading as its title")
    image_alternatives: bool = field(doc="give images without alt a text alternative (or alt=\"\")")
    link_names: bool = field(doc="give links with nothing to read an aria-label")


@register
class AssistiveFilter(Filter):
    name = "assistive"
    Options = AssistiveOptions
    summary = "add lang, title, image alternatives and link names without changing the look"

    def __init__(self, options: AssistiveOptions, env: BuildEnv):
        super().__init__(options, env)

    def apply(self, doc, ctx: PageContext) -> FilterReport:
        report = ctx.new_report(self.name)
        root = doc if dom.tag_of(doc) == "html" else doc.getroottree().getroot()
        body = dom.body_of(root)
        if self.options.language:
            self._language(root, body, report)
        if self.options.document_title:
            self._title(root, body, report)
        if self.options.image_alternatives:
            added = alternatives.name_images(body)
            if added:
                report.notes.append(f"alt added to {added} images")
        if self.options.link_names:
            unstyled = not _has_stylesheet(root)
            named, _ = alternatives.name_links(body, unwrap_empty=False, base_url=ctx.base_url, show_empty=unstyled)
            if named:
                report.notes.append(f"aria-label added to {named} links with nothing to read")
        return report

    @staticmethod
    def _language(root, body, report: FilterReport) -> None:
        declared = root.get("lang") or root.get("xml:lang") or ""
        fixed = language.normalise(declared)
        if declared and fixed and fixed != declared:
            root.set("lang", fixed)
            report.notes.append(f"lang {declared!r} repaired to {fixed!r}")
        elif not fixed:
            guessed = language.guess(dom.text_of(body))
            if guessed:
                root.set("lang", guessed)
                report.notes.append(f"lang {guessed} guessed from the text (the page declares {declared or 'none'})")

    @staticmethod
    def _title(root, body, report: FilterReport) -> None:
        head = dom.head_of(root)
        title = head.find("title")
        if title is not None and dom.text_of(title):
            return
        heading = next((h for h in body.iter("h1", "h2") if dom.text_of(h)), None)
        if heading is None:
            return
        if title is None:
            title = dom.new_element("title", parent=head)
        title.text = dom.text_of(heading)
        report.notes.append("title taken from the first heading")


def _has_stylesheet(root) -> bool:
    """Whether the document holds a <style> or a <link rel=stylesheet> (what the XPath
    ``//style | //link[...rel token 'stylesheet'...]`` finds): lxml's tag walk, in C, with the
    rel test in Python, instead of libxml2's query over every node of the page."""
    for el in dom.iter_document(root, "style", "link"):
        if el.tag == "style" or "stylesheet" in (el.get("rel") or "").translate(_REL_TOKENS).split(" "):
            return True
    return False
