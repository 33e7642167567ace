"""Adblock Plus / EasyList lists, matched by Brave's adblock-rust (the ``adblock`` package).

``load_lists(paths, cache_dir)`` reads the lists, and either deserialises a compiled engine
from the cache (keyed by the lists' content) or compiles one and caches it. The engine answers
two questions:

- network: is ``url``, fetched as ``request_type`` by a page at ``source_url``, blocked?
  (``||host^``, path patterns, ``$third-party``, ``$domain=``, types, ``@@`` exceptions,
  ``$important``, ``$badfilter`` are the engine's business);
- cosmetic: which element-hiding selectors apply to a page (``##``, ``domain##``, ``#@#``,
  ``$generichide``), looked up by the page's URL and by the classes and ids it holds.

Lines the engine cannot use are reported as warnings (see ``lint``), never as errors.
"""
from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from pathlib import Path

import adblock

from ..css import check_selector
from . import lint
from ..paths import read_list_file
from .cache import EngineCache, Entry, key_for
from .lint import HasRule
from .request_types import normalize

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Verdict:
    """The engine's answer for one request."""

    blocked: bool
    rule: str | None = None  # the blocking rule's text
    exception: str | None = None  # the @@ rule that let it through
    error: str | None = None  # the engine could not parse the URL

    @property
    def excepted(self) -> bool:
        return not self.blocked and self.exception is not None


@dataclass(frozen=True)
class Cosmetic:
    """Element hiding for one page URL, before its classes and ids are known."""

    hide_selectors: frozenset[str]  # domain-specific and generic non-class/id selectors, exceptions applied
    exceptions: frozenset[str]  # #@# selectors the class/id lookup must leave out
    generichide: bool  # a $generichide exception: generic rules do not apply on this page


@dataclass
class LoadInfo:
    """How a set of lists was loaded (for logs and ``clearpage bench adblock``)."""

    from_cache: bool = False
    seconds: float = 0.0
    cache_file: str | None = None
    rules_unusable: int = 0
    warnings: list[str] = field(default_factory=list)


class AbpEngine:
    """A compiled set of Adblock Plus lists. Read-only after construction; shared across pages."""

    def __init__(self, engine: adblock.Engine, has_rules: tuple[HasRule, ...] = ()):
        self._engine = engine
        self._has_rules = has_rules
        # :has() rules by the hosts they name, so a page looks up its host's suffixes only.
        self._has_by_domain: dict[str, list[HasRule]] = {}
        self._has_by_entity: dict[str, list[HasRule]] = {}  # "example.*" entries, by "example"
        self._has_generic: list[HasRule] = []
        for rule in has_rules:
            if not rule.include:
                self._has_generic.append(rule)
            for domain in rule.include:
                if domain.endswith(".*"):
                    self._has_by_entity.setdefault(domain[:-2], []).append(rule)
                else:
                    self._has_by_domain.setdefault(domain, []).append(rule)

    # ------------------------------------------------------------------ building

    @classmethod
    def from_rules(cls, rules: list[str] | str, source: str = "<rules>") -> "AbpEngine":
        """Compile rules given as text (no cache): tests, conformance checks, one-off use."""
        text = rules if isinstance(rules, str) else "\n".join(rules)
        engine, scans = _compile([(source, text)])
        return cls(engine, tuple(r for s in scans for r in s.has_rules))

    # ------------------------------------------------------------------ network

    def check(self, url: str, source_url: str | None, request_type: str) -> Verdict:
        """The verdict for ``url`` requested as ``request_type`` by the page at ``source_url``."""
        result = self._engine.check_network_urls(url, source_url or "", normalize(request_type))
        if result.error:
            return Verdict(False, error=result.error)
        blocked = bool(result.matched) or bool(result.important)
        return Verdict(blocked, result.filter if blocked else None, result.exception if not blocked else None)

    # ------------------------------------------------------------------ cosmetic

    def cosmetic(self, url: str) -> Cosmetic:
        res = self._engine.url_cosmetic_resources(url)
        return Cosmetic(frozenset(res.hide_selectors), frozenset(res.exceptions), bool(res.generichide))

    def class_id_selectors(self, classes: list[str], ids: list[str], cosmetic: Cosmetic) -> list[str]:
        """Generic ``##.class`` / ``###id`` rules (and compounds keyed on them) relevant to these names."""
        if cosmetic.generichide or not (classes or ids):
            return []
        return self._engine.hidden_class_id_selectors(classes, ids, set(cosmetic.exceptions))

    def has_selectors(self, host: str | None, cosmetic: Cosmetic) -> list[str]:
        """``:has()`` rules (which the engine drops) for ``host``, with their ``#@#`` exceptions applied."""
        if not self._has_rules or not host:
            return []
        candidates = list(self._has_generic)
        labels = host.split(".")
        for i in range(len(labels)):
            candidates.extend(self._has_by_domain.get(".".join(labels[i:]), ()))
            for j in range(i + 1, len(labels)):
                candidates.extend(self._has_by_entity.get(".".join(labels[i:j]), ()))
        hide, excepted = [], set()
        for rule in dict.fromkeys(candidates):
            if not rule.applies_to(host):
                continue
            if rule.exception:
                excepted.add(rule.selector)
            elif rule.include or not cosmetic.generichide:
                hide.append(rule.selector)
        return [s for s in dict.fromkeys(hide) if s not in excepted]

    @property
    def has_rule_count(self) -> int:
        return len(self._has_rules)

    def serialize(self) -> bytes:
        return self._engine.serialize()


# ---------------------------------------------------------------------- loading


def read_lists(paths: list[str] | tuple[str, ...]) -> list[tuple[str, bytes]]:
    """The raw bytes of each list (paths were checked readable when the config loaded)."""
    return [(str(p), read_list_file(p)) for p in paths]


def load_lists(paths: list[str] | tuple[str, ...], cache_dir: Path | None) -> tuple[AbpEngine, LoadInfo]:
    """The compiled engine for ``paths``, from ``cache_dir`` when a valid entry is there."""
    return load_bytes(read_lists(paths), cache_dir)


def load_bytes(lists: list[tuple[str, bytes]], cache_dir: Path | None) -> tuple[AbpEngine, LoadInfo]:
    start = time.perf_counter()
    cache = EngineCache(cache_dir) if cache_dir is not None else None
    key = key_for(lists)
    info = LoadInfo()
    if cache is not None:
        entry = cache.load(key)
        engine = _from_entry(entry) if entry is not None else None
        if engine is not None:
            info.from_cache = True
            info.cache_file = str(cache.path_for(key))
            info.warnings = [str(w) for w in entry.meta.get("warnings", [])]
            info.rules_unusable = int(entry.meta.get("unusable", 0))
            info.seconds = time.perf_counter() - start
            return engine, info
    texts = [(name, data.decode("utf-8", errors="replace")) for name, data in lists]
    compiled, scans = _compile(texts)
    has_rules = tuple(r for s in scans for r in s.has_rules)
    info.warnings = [w for s in scans for w in s.warnings]
    info.rules_unusable = sum(s.unusable for s in scans)
    if cache is not None:
        meta = {"warnings": info.warnings, "unusable": info.rules_unusable, "has_rules": [r.as_list() for r in has_rules]}
        written = cache.store(key, Entry(compiled.serialize(), meta))
        info.cache_file = str(written) if written else None
    info.seconds = time.perf_counter() - start
    return AbpEngine(compiled, has_rules), info


def compile_texts(texts: list[tuple[str, str]]) -> AbpEngine:
    """Compile without cache or lint (the benchmark's cold parse)."""
    filters = adblock.FilterSet(debug=True)
    for _, text in texts:
        filters.add_filter_list(text)
    return AbpEngine(adblock.Engine(filters, optimize=True))


def _compile(texts: list[tuple[str, str]]) -> tuple[adblock.Engine, list[lint.Scan]]:
    filters = adblock.FilterSet(debug=True)  # debug keeps rule text: reports say which rule removed what
    scans = []
    for source, text in texts:
        filters.add_filter_list(text)
        scans.append(lint.scan(text, source, lambda css: check_selector(css) is None))
    return adblock.Engine(filters, optimize=True), scans


def _from_entry(entry: Entry) -> AbpEngine | None:
    try:
        has_rules = tuple(HasRule.from_list(item) for item in entry.meta.get("has_rules", []))
        engine = adblock.Engine(adblock.FilterSet())
        engine.deserialize(entry.payload)
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as exc:  # adblock-rust panics surface as pyo3's PanicException (a BaseException)
        log.warning("adblock cache entry unusable (%s: %s); recompiling", type(exc).__name__, exc)
        return None
    return AbpEngine(engine, has_rules)
