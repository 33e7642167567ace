"""Per-site patterns (Kengale & Raoot), as ``site_patterns``: title, content and noise by rule.

A rule names its sites by host glob (``match``) and lists ``title``, ``content`` and ``noise``
patterns, each a CSS selector (``css``) or an RE2 regex over an element's class, id or tag
(``regex``); everything compiles when the config loads, and a bad pattern is a ConfigError naming
its file and line. Noise goes first, every content match is content (outermost, in document
order) and the title leads unless the content holds it; the first matching rule applies, and no
rule or no match returns None so the fallbacks run. An example rule: docs/content-rules.md.
"""
from __future__ import annotations

import fnmatch
from dataclasses import dataclass
from typing import Literal

from ... import dom, regex
from ...context import PageContext
from ...css import CompiledSelector, compile_selector
from ...errors import Problem
from ...typed import Invalid, field
from ...yamlsrc import Map, Node, Scalar, Seq
from ..base import ContentAlgorithm, Selection, in_document_order, register

# What a regex pattern may read, and the keys a rule and its pattern lists take in the YAML.
RegexAttr = Literal["class", "id", "tag"]
_REGEX_ATTRS = ("class", "id", "tag")
_RULE_KEYS = ("match", "title", "content", "noise")
_PATTERN_LISTS = ("title", "content", "noise")
@dataclass(frozen=True)
class Pattern:
    """One compiled pattern: a CSS selector, or an RE2 regex over class, id or tag."""

    source: str  # as written, for reports
    css: CompiledSelector | None
    attr: RegexAttr | None
    regex: object | None  # re2 compiled pattern

    def find(self, root) -> list:
        """Elements under ``root`` (itself included) that match, in document order."""
        if self.css is not None:
            return [el for el in self.css(root) if dom.is_element(el)]
        return [el for el in root.iter() if dom.is_element(el) and self.matches(el)]

    def matches(self, el) -> bool:
        value = dom.tag_of(el) if self.attr == "tag" else el.get(self.attr)
        return value is not None and self.regex.search(value) is not None


@dataclass(frozen=True)
class SiteRule:
    hosts: tuple[str, ...]
    title: tuple[Pattern, ...]
    content: tuple[Pattern, ...]
    noise: tuple[Pattern, ...]

    def matches(self, host: str) -> bool:
        return any(host_matches(host, glob) for glob in self.hosts)


def host_matches(host: str, glob: str) -> bool:
    """fnmatch on the lower-cased host; ``*.example.com`` also covers ``example.com``."""
    glob = glob.lower().rstrip(".")
    return fnmatch.fnmatchcase(host, glob) or (glob.startswith("*.") and host == glob[2:])


# ---------------------------------------------------------------------------- config


def _problem(problems: list[Problem], node: Node, key: str, message: str) -> None:
    problems.append(Problem(node.file, node.line, key, message))


def _string(node: Node, key: str, problems: list[Problem]) -> str:
    if isinstance(node, Scalar) and isinstance(node.value, str) and node.value.strip():
        return node.value
    _problem(problems, node, key, "expected a non-empty string")
    raise Invalid


def _check_keys(node: Map, allowed: tuple[str, ...], key: str, problems: list[Problem]) -> bool:
    ok = True
    for name, (line, _) in node.entries.items():
        if name not in allowed:
            problems.append(Problem(node.file, line, f"{key}.{name}", f"unknown key; allowed: {', '.join(allowed)}"))
            ok = False
    return ok


def compile_regex(node: Node, key: str, problems: list[Problem]) -> Pattern:
    """``{attr: class|id|tag, pattern: "..."}`` -> a Pattern, or a problem at the pattern's line."""
    if not isinstance(node, Map):
        _problem(problems, node, key, "expected {attr: class|id|tag, pattern: ...}")
        raise Invalid
    if not _check_keys(node, ("attr", "pattern"), key, problems):
        raise Invalid
    attr_node, pattern_node = node.get("attr"), node.get("pattern")
    if attr_node is None or pattern_node is None:
        _problem(problems, node, key, "needs both attr (class, id or tag) and pattern")
        raise Invalid
    attr = _string(attr_node, f"{key}.attr", problems)
    if attr not in _REGEX_ATTRS:
        _problem(problems, attr_node, f"{key}.attr", f"expected one of {', '.join(_REGEX_ATTRS)}; got {attr!r}")
        raise Invalid
    source = _string(pattern_node, f"{key}.pattern", problems)
    try:
        compiled = regex.compile_pattern(source)
    except ValueError as exc:
        _problem(problems, pattern_node, f"{key}.pattern", str(exc))
        raise Invalid from None
    return Pattern(f"{attr}~/{source}/", None, attr, compiled)  # type: ignore[arg-type]


def compile_pattern(node: Node, key: str, problems: list[Problem]) -> Pattern:
    """``{css: "..."}`` or ``{regex: {...}}`` -> a compiled Pattern."""
    if not isinstance(node, Map) or len(node.entries) != 1 or not set(node.entries) <= {"css", "regex"}:
        _problem(problems, node, key, "expected a pattern: {css: SELECTOR} or {regex: {attr: class|id|tag, pattern: REGEX}}")
        raise Invalid
    if "regex" in node.entries:
        return compile_regex(node.get("regex"), f"{key}.regex", problems)  # type: ignore[arg-type]
    css_node = node.get("css")
    source = _string(css_node, f"{key}.css", problems)  # type: ignore[arg-type]
    try:
        return Pattern(source, compile_selector(source), None, None)
    except ValueError as exc:
        _problem(problems, css_node, f"{key}.css", str(exc))  # type: ignore[arg-type]
        raise Invalid from None


def _pattern_list(node: Node | None, key: str, problems: list[Problem]) -> tuple[Pattern, ...]:
    if node is None or (isinstance(node, Scalar) and node.value is None):
        return ()
    if not isinstance(node, Seq):
        _problem(problems, node, key, "expected a list of patterns")
        raise Invalid
    out, bad = [], False
    for i, item in enumerate(node.items):
        try:
            out.append(compile_pattern(item, f"{key}[{i}]", problems))
        except Invalid:
            bad = True
    if bad:
        raise Invalid
    return tuple(out)


def _hosts(node: Node | None, parent: Map, key: str, problems: list[Problem]) -> tuple[str, ...]:
    if node is None:
        _problem(problems, parent, f"{key}.match", "missing key (a host glob or a list of them)")
        raise Invalid
    if isinstance(node, Seq):
        globs = tuple(_string(item, f"{key}.match[{i}]", problems) for i, item in enumerate(node.items))
        if not globs:
            _problem(problems, node, f"{key}.match", "needs at least one host glob")
            raise Invalid
        return globs
    return (_string(node, f"{key}.match", problems),)


def _rule(node: Node, key: str, problems: list[Problem]) -> SiteRule:
    if not isinstance(node, Map):
        _problem(problems, node, key, "expected a rule: {match: HOST_GLOB, title: [...], content: [...], noise: [...]}")
        raise Invalid
    ok = _check_keys(node, _RULE_KEYS, key, problems)
    parts: dict[str, tuple[Pattern, ...]] = {}
    for name in _PATTERN_LISTS:
        try:
            parts[name] = _pattern_list(node.get(name), f"{key}.{name}", problems)
        except Invalid:
            ok = False
    try:
        hosts = _hosts(node.get("match"), node, key, problems)
    except Invalid:
        ok = False
    if not ok:
        raise Invalid
    if not any(parts.values()):
        _problem(problems, node, key, "a rule needs title, content or noise patterns")
        raise Invalid
    return SiteRule(hosts, parts["title"], parts["content"], parts["noise"])


def convert_rules(node: Node, key: str, problems: list[Problem]) -> tuple[SiteRule, ...]:
    """Config convert hook for ``content.site_patterns.rules``: every pattern compiled now."""
    if isinstance(node, Scalar) and node.value is None:
        return ()
    if not isinstance(node, Seq):
        _problem(problems, node, key, "expected a list of rules")
        raise Invalid
    out, bad = [], False
    for i, item in enumerate(node.items):
        try:
            out.append(_rule(item, f"{key}[{i}]", problems))
        except Invalid:
            bad = True
    if bad:
        raise Invalid
    return tuple(out)


@dataclass(frozen=True)
class SitePatternsOptions:
    rules: tuple[SiteRule, ...] = field(doc="per-site rules: match (host globs), title, content and noise patterns", convert=convert_rules)


# ---------------------------------------------------------------------------- selection


def _first_match(patterns: tuple[Pattern, ...], root) -> tuple[object, Pattern] | None:
    for pattern in patterns:
        found = pattern.find(root)
        if found:
            return found[0], pattern
    return None


@register
class SitePatterns(ContentAlgorithm):
    name = "site_patterns"
    Options = SitePatternsOptions

    def rule_for(self, host: str | None) -> SiteRule | None:
        if not host:
            return None
        return next((rule for rule in self.options.rules if rule.matches(host)), None)

    def select(self, doc, ctx: PageContext) -> Selection | None:
        rule = self.rule_for(ctx.host)
        if rule is None:
            return None
        body = dom.body_of(doc)
        self._drop_noise(rule, body, ctx)
        content = [el for pattern in rule.content for el in pattern.find(body)]
        if not content:
            return None
        nodes = list(in_document_order(content))
        title = _first_match(rule.title, body)
        reason = f"site rule {rule.hosts[0]}: {len(nodes)} content nodes"
        if title is not None:
            title_el, pattern = title
            reason += f", title by {pattern.source}"
            nodes = list(in_document_order([title_el, *nodes]))
        return Selection(tuple(nodes), 1.0, reason, self.name)

    def _drop_noise(self, rule: SiteRule, body, ctx: PageContext) -> None:
        found = [el for pattern in rule.noise for el in pattern.find(body) if el is not body]
        if not found:
            return
        report = ctx.new_report(self.name)
        for el in in_document_order(found):
            ctx.kill(el, report, "site noise pattern")
