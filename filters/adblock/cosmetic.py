"""Element hiding as DOM removal: which elements of a page the lists' ``##`` rules hide.

EasyList holds some 25,000 element-hiding rules; running them all on every page would cost
seconds. The work is cut three ways:

1. the engine returns only the rules that can concern this page: the site's own rules and the
   generic ones that are not simple class/id rules (by URL), plus generic class/id rules keyed
   on the classes and ids the page actually holds (``hidden_class_id_selectors``);
2. each selector is compiled by cssselect once per process and kept in a bounded LRU cache,
   with what an element must have for it to match (tags, classes, ids, attributes, literal
   attribute values);
3. a page index (the tags, classes, ids, attribute names and values present) rules out most
   selectors before any XPath runs: ``a[href^="https://tracker.example/"]`` is not evaluated on
   a page where no href contains that text.

Selectors cssselect cannot compile (procedural uBlock Origin syntax, CSS it lacks) are skipped
and counted. ``#@#`` exceptions and ``$generichide`` are applied by the engine's lookups.
"""
from __future__ import annotations

import functools
from collections import defaultdict
from dataclasses import dataclass, field

import cssselect
from cssselect import parser as css_parser
from lxml import etree

from .abp import AbpEngine

# Compiled selectors kept per process: EasyList's generic rules plus a few hundred sites' own.
SELECTOR_CACHE_SIZE = 8192
# Placeholder page URL when the page's own is unknown: generic rules only, no site rules.
UNKNOWN_PAGE = "https://unknown.invalid/"

_TRANSLATOR = cssselect.HTMLTranslator()


@dataclass(frozen=True)
class Needs:
    """What one comma-separated branch of a selector needs the page to hold."""

    tags: frozenset[str] = frozenset()
    classes: frozenset[str] = frozenset()
    ids: frozenset[str] = frozenset()
    attributes: frozenset[str] = frozenset()
    values: tuple[tuple[str, str], ...] = ()  # (attribute, text its value must contain)
    folded: tuple[tuple[str, str], ...] = ()  # the same for [attr="text" i]: compared lower-cased


@dataclass(frozen=True)
class CompiledRule:
    css: str
    xpath: etree.XPath | None  # None: cssselect cannot compile the selector
    branches: tuple[Needs, ...]  # the selector can match only if one branch's needs are met
    simple: tuple[str, str] | None = None  # ("class", name) / ("id", name): looked up in the page index, no XPath


@functools.lru_cache(maxsize=SELECTOR_CACHE_SIZE)
def compile_rule(css: str) -> CompiledRule:
    """Compile one selector (cached per process)."""
    try:
        selectors = cssselect.parse(css)
        xpath = etree.XPath(_TRANSLATOR.css_to_xpath(css))
    except (cssselect.SelectorError, NotImplementedError, etree.XPathSyntaxError, ValueError, TypeError):
        return CompiledRule(css, None, ())
    return CompiledRule(css, xpath, tuple(_needs(s.parsed_tree) for s in selectors), _simple(selectors))


def _simple(selectors) -> tuple[str, str] | None:
    if len(selectors) != 1 or selectors[0].pseudo_element is not None:
        return None
    tree = selectors[0].parsed_tree
    if isinstance(tree, (css_parser.Class, css_parser.Hash)) and _is_any(tree.selector):
        return ("class", tree.class_name) if isinstance(tree, css_parser.Class) else ("id", tree.id)
    return None


def _is_any(node) -> bool:
    return isinstance(node, css_parser.Element) and node.element is None and node.namespace is None


@dataclass
class PageIndex:
    """The names and values a page holds, for ruling selectors out cheaply."""

    tags: set[str] = field(default_factory=set)
    classes: set[str] = field(default_factory=set)
    ids: set[str] = field(default_factory=set)
    attributes: set[str] = field(default_factory=set)
    values: dict[str, str] = field(default_factory=dict)  # attribute -> its values joined by NUL
    by_class: dict[str, list] = field(default_factory=lambda: defaultdict(list))
    by_id: dict[str, list] = field(default_factory=lambda: defaultdict(list))
    _folded: dict[str, str] = field(default_factory=dict)

    @classmethod
    def of(cls, doc) -> "PageIndex":
        """One pass over the elements (comments and processing instructions have no string tag)."""
        index = cls()
        tags, by_class, by_id = index.tags, index.by_class, index.by_id
        values: dict[str, list[str]] = defaultdict(list)
        for el in doc.iter():
            tag = el.tag
            if tag.__class__ is not str:
                continue
            tags.add(tag)
            if el.attrib:
                for name, value in el.items():
                    values[name].append(value)
                    if name == "class":
                        for word in value.split():
                            by_class[word].append(el)
                    elif name == "id":
                        by_id[value].append(el)
        index.attributes = set(values)
        index.values = {name: "\0".join(items) for name, items in values.items()}
        index.classes = set(by_class)
        index.ids = set(by_id)
        return index

    def lookup(self, rule: CompiledRule) -> list:
        """The elements a simple ``.class`` / ``#id`` rule matches, straight from the index."""
        kind, name = rule.simple  # type: ignore[misc]
        return (self.by_class if kind == "class" else self.by_id).get(name, [])

    def folded(self, name: str) -> str:
        if name not in self._folded:
            self._folded[name] = self.values.get(name, "").lower()
        return self._folded[name]

    def may_match(self, rule: CompiledRule) -> bool:
        return any(self._meets(needs) for needs in rule.branches)

    def _meets(self, needs: Needs) -> bool:
        if not (needs.tags <= self.tags and needs.classes <= self.classes and needs.ids <= self.ids):
            return False
        if not needs.attributes <= self.attributes:
            return False
        if not all(text in self.values.get(name, "") for name, text in needs.values):
            return False
        return all(text in self.folded(name) for name, text in needs.folded)


@dataclass
class HideResult:
    """The elements to remove, each with the selector that hides it, outermost first."""

    matches: list[tuple[object, str]] = field(default_factory=list)
    selectors: int = 0  # selectors the engine returned for this page
    evaluated: int = 0  # selectors that passed the page index and ran
    uncompilable: list[str] = field(default_factory=list)  # skipped: cssselect cannot compile them


def hide(doc, url: str | None, host: str | None, engine: AbpEngine) -> HideResult:
    """The elements of ``doc`` that the lists' element-hiding rules hide on the page at ``url``."""
    index = PageIndex.of(doc)
    cosmetic = engine.cosmetic(url or UNKNOWN_PAGE)
    selectors = set(cosmetic.hide_selectors)
    selectors.update(engine.class_id_selectors(sorted(index.classes), sorted(index.ids), cosmetic))
    selectors.update(engine.has_selectors(host, cosmetic))
    result = HideResult(selectors=len(selectors))
    found: dict[object, str] = {}
    for css in sorted(selectors):
        rule = compile_rule(css)
        if rule.xpath is None:
            result.uncompilable.append(css)
            continue
        if not index.may_match(rule):
            continue
        result.evaluated += 1
        for el in index.lookup(rule) if rule.simple else rule.xpath(doc):
            found.setdefault(el, css)
    # Outermost first, so a hidden element's hidden descendants are gone with it.
    result.matches = sorted(found.items(), key=lambda item: _depth(item[0]))
    return result


def _depth(el) -> int:
    return sum(1 for _ in el.iterancestors())


# ---------------------------------------------------------------------- selector needs


def _needs(tree) -> Needs:
    acc = {"tags": set(), "classes": set(), "ids": set(), "attributes": set(), "values": [], "folded": []}
    _collect(tree, acc)
    return Needs(
        frozenset(acc["tags"]),
        frozenset(acc["classes"]),
        frozenset(acc["ids"]),
        frozenset(acc["attributes"]),
        tuple(acc["values"]),
        tuple(acc["folded"]),
    )


def _collect(node, acc: dict) -> None:
    """Walk the parts every match must have; what sits under :not() or :is() is not required."""
    if isinstance(node, css_parser.CombinedSelector):
        _collect(node.selector, acc)
        _collect(node.subselector, acc)
    elif isinstance(node, css_parser.Element):
        if node.element and node.namespace is None:
            acc["tags"].add(node.element.lower())
    elif isinstance(node, css_parser.Class):
        acc["classes"].add(node.class_name)
        _collect(node.selector, acc)
    elif isinstance(node, css_parser.Hash):
        acc["ids"].add(node.id)
        _collect(node.selector, acc)
    elif isinstance(node, css_parser.Attrib):
        if node.namespace is None:
            name = node.attrib.lower()
            if node.operator != "!=":
                acc["attributes"].add(name)
            value = getattr(node.value, "value", None)
            if value and node.operator in ("=", "~=", "|=", "^=", "$=", "*="):
                if getattr(node, "flag", None):  # [attr="v" i]: case-insensitive
                    acc["folded"].append((name, value.lower()))
                else:
                    acc["values"].append((name, value))
        _collect(node.selector, acc)
    elif hasattr(node, "selector"):  # Pseudo, Function, Negation, Relation, Matching, ...: their base only
        _collect(node.selector, acc)
