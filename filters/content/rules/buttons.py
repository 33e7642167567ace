"""Misnested buttons for ``auto``: a ``<button>`` holding page text is unwrapped before measuring.

libxml2 (not an HTML5 parser) lets an unclosed button swallow everything after it, and the
features do not count a button's text: the page's text would vanish into one control.
"""
from __future__ import annotations

from lxml import etree

from ... import dom
from ...context import PageContext

# A real button's label is short; more text than this means misnested markup.
BUTTON_MAX_CHARS = 300
# (compiled once: a string given to ``.xpath()`` is compiled again at every call)
_BUTTONS = etree.XPath(".//button")


def unwrap_swallowing_buttons(body, ctx: PageContext) -> None:
    """Unwrap the <button>s inside ``body`` that hold page text (more than ``BUTTON_MAX_CHARS``)."""
    report = None
    for button in _BUTTONS(body):
        if len(dom.string_of(button)) > BUTTON_MAX_CHARS:
            report = report or ctx.new_report("auto")
            ctx.unwrap(button, report, "button holding page text (misnested markup)")
