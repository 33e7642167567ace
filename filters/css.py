"""CSS selectors from config, compiled once at load into XPath callables (cssselect + lxml)."""
from __future__ import annotations

from dataclasses import dataclass

import cssselect
from lxml import etree

_TRANSLATOR = cssselect.HTMLTranslator()


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
