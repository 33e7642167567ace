"""CSS selectors from config, compiled once at load into XPath callables (cssselect + lxml)."""
from __future__ import annotations

from dataclasses import dataclass

import re

import cssselect
from lxml import etree

_TRANSLATOR = cssselect.HTMLTranslator()
# Paths in the shape the site memory learns and `clearpage rules export` writes (``body > div#main >
# article.post``): steps of a tag with optional #id and .class tokens, joined by " > ". Every such
# string compiles (tests/test_css.py checks it against cssselect), so checking a config need not
# compile it: a list of 5,000 exported sites then loads without compiling a selector it may never use.
_IDENT = r"[_a-zA-Z][_a-zA-Z0-9-]*"
_STEP = rf"(?:(?:[a-zA-Z][a-zA-Z0-9]*|\*)(?:#{_IDENT})?|#{_IDENT})(?:\.{_IDENT})*|(?:\.{_IDENT})+"
_SIMPLE_PATH = re.compile(rf"(?:{_STEP})(?: > (?:{_STEP}))*")


@dataclass(frozen=True)
class CompiledSelector:
    css: str
    xpath: etree.XPath

    def __call__(self, doc) -> list:
        return self.xpath(doc)


def compile_selector(css: str) -> CompiledSelector:
    """Compile ``css`` or raise ValueError with cssselect's explanation."""
    try:
        expr = _TRANSLATOR.css_to_xpath(css)
    except (cssselect.SelectorError, NotImplementedError) as exc:
        raise ValueError(f"bad CSS selector {css!r}: {exc}") from None
    try:
        return CompiledSelector(css, etree.XPath(expr))
    except etree.XPathSyntaxError as exc:  # pragma: no cover - cssselect emits valid XPath
        raise ValueError(f"bad CSS selector {css!r}: {exc}") from None


def check_selector(css: str) -> str | None:
    """Config check hook: None when ``css`` compiles, else the problem."""
    if _SIMPLE_PATH.fullmatch(css):
        return None  # compiles (see _SIMPLE_PATH): no need to build its XPath now
    try:
        compile_selector(css)
    except ValueError as exc:
        return str(exc)
    return None


def check_selectors(values: tuple[str, ...]) -> str | None:
    for css in values:
        problem = check_selector(css)
        if problem:
            return problem
    return None
