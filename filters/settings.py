"""The config: embedded default YAML, a user file merged over it, validated into typed objects.

``load_config(path)`` reads ``config/default.yaml`` from the package, merges the user file
over it (mappings key by key; lists and scalars replace), converts the result into frozen
dataclasses with strict checks, then builds one ``Profile`` for the whole config. Each
``sites:`` entry (its overrides merged over the user's top level) is checked at load, all of
them, and indexed by host (``SiteIndex``); its profile is built on first use, from the filters
and algorithms the load built (shared by every profile with the same options).

Any problem raises ``ConfigError`` listing every ``FILE:LINE: key: problem`` found.
"""
from __future__ import annotations

import dataclasses
import difflib
import fnmatch
import hashlib
import importlib.resources
import ipaddress
import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, cast

from . import chain as _chain  # noqa: F401  (registers the filters)
from . import content as _content  # noqa: F401  (registers the content algorithms)
from .chain.base import FILTERS, BuildEnv, Filter
from .content.base import ALGORITHMS, ContentAlgorithm
from .css import CompiledSelector, check_selectors, compile_selector
from .errors import ConfigError, Problem
from .images import ImageRelevanceSettings
from .learn.memory import MemorySettings, is_postgres, location_problem
from .paths import list_file_problem, optional_directory, resolve_against
from .typed import Invalid, convert, convert_dataclass, field, reuse, reusing_conversions
from .yamlsrc import Map, Node, Scalar, Seq, load_file, load_text, merge

Mode = Literal["auto", "filter", "reader", "text", "off"]
DEFAULT_CONFIG = "default.yaml"
RETAINER = "removed_links"
# Keys a `sites:` entry may override; `proxy` is process-wide and cannot vary per site.
SITE_KEYS = ("mode", "chain", "filters", "content", "output", "reader", "auto")
# Site profiles kept built at a time (least recently used go first): the sites one proxy serves in a
# while; a profile built from shared filters costs its compiled selectors, a few KB.
SITE_PROFILE_CACHE = 512
GLOB_CHARS = frozenset("*?[")  # a pattern with none of these is a host name: looked up in a dict


@dataclass(frozen=True)
class ProxySettings:
    max_body_bytes: int = field(doc="HTML bodies larger than this pass through untouched", min=1024)
    time_budget_ms: int = field(doc="a page not filtered within this is served as it came", min=10)
    workers: int = field(doc="filtering processes; 0 = one per CPU core", min=0, max=64)
    reload_check_s: float = field(doc="how often the config file is checked for changes", min=0.1)
    buffer_deadline_ms: int = field(doc="HTML still arriving this long after its headers is served as it comes, unfiltered", min=1)
    max_buffered_bytes: int = field(doc="HTML held for filtering across all pages at once; past it, pages are served as they come, unfiltered", min=1024)


# Letters, digits, hyphens and dots (IDNs in their xn-- form); IPv6 addresses are checked apart.
_HOST_NAME = re.compile(r"(?:[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?\.)*[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?\.?")


def check_host_names(hosts: tuple[str, ...]) -> str | None:
    """A host name, an IP address or ``*.domain``: what ``tls:`` lists accept (no ports, no schemes)."""
    for host in hosts:
        name = host[2:] if host.startswith("*.") else host
        if ":" in name and name == host and _is_ipv6(name):
            continue
        if not name or not _HOST_NAME.fullmatch(name):
            return f"{host!r} is not a host name (e.g. bank.example, *.bank.example or 10.0.0.5; no scheme, port or path)"
    return None


def _is_ipv6(text: str) -> bool:
    try:
        return ipaddress.ip_address(text).version == 6
    except ValueError:
        return False


def _check_urls(urls: tuple[str, ...]) -> str | None:
    for url in urls:
        if not re.match(r"https?://[^/\s]+", url) or any(c.isspace() for c in url):
            return f"{url!r} is not an http(s) URL"
    return None



@dataclass(frozen=True)
class ListsSettings:
    subscriptions: tuple[str, ...] = field(doc="URLs of Adblock Plus lists that `clearpage lists update` and the proxy's background refresh fetch", check=_check_urls)
    dir: str | None = field(doc="where their copies are kept; null = $XDG_CACHE_HOME/clearpage/lists", convert=optional_directory)


@dataclass(frozen=True)
class TlsSettings:
    insecure_hosts: tuple[str, ...] = field(doc="hosts whose certificate the proxy does not verify (self-signed or internal ones): anyone between the proxy and these hosts can read and change their pages; `*.example.com` covers example.com too", check=check_host_names)
    passthrough_hosts: tuple[str, ...] = field(doc="hosts whose HTTPS the proxy does not intercept at all (banks, pinned apps): their traffic passes encrypted and unfiltered; `*.example.com` covers example.com too", check=check_host_names)


def _check_address(value: str) -> str | None:
    return address_problem(value)


def _check_optional_address(value: str) -> str | None:
    return address_problem(value) if value else None


@dataclass(frozen=True)
class FleetSettings:
    """``clearpage fleet``: N ``clearpage proxy`` replicas on loopback behind HAProxy (docs/running-for-many-users.md)."""

    replicas: int = field(doc="clearpage proxy processes behind the balancer", min=1, max=64)
    listen: str = field(doc="HOST:PORT where HAProxy takes the browsers' connections; beyond loopback needs `htpasswd`", check=_check_address)
    pac_host: str = field(doc="the balancer's name in the PAC file (empty: `listen`'s host)")
    pac_listen: str = field(doc="HOST:PORT where HAProxy serves the PAC file over HTTP (empty: not served)", check=_check_optional_address)
    first_port: int = field(doc="replica i listens on 127.0.0.1:first_port+i", min=1, max=65535)
    first_health_port: int = field(doc="replica i answers health checks on 127.0.0.1:first_health_port+i", min=1, max=65535)
    confdir: str = field(doc="the replicas' one mitmproxy confdir (CA certificate); empty: ~/.mitmproxy")
    htpasswd: str = field(doc="the proxy credentials every replica requires (bcrypt htpasswd file); empty: none")
    check_interval_ms: int = field(doc="how often HAProxy checks each replica's health port", min=100)
    direct_fallback: bool = field(doc="the PAC file lets browsers go direct when the balancer cannot be reached")


WILDCARD_HOSTS = frozenset({"", "0.0.0.0", "::", "*"})  # listen addresses meaning every interface


def address_problem(value: str) -> str | None:
    """Why ``value`` is not a HOST:PORT listen address, or None."""
    host, colon, port = value.rpartition(":")
    if not colon or not port.isdigit() or not 1 <= int(port) <= 65535:
        return f"{value!r} is not HOST:PORT (e.g. 0.0.0.0:3128, [::]:3128)"
    if host.startswith("[") != host.endswith("]"):
        return f"{value!r}: an IPv6 address goes in brackets, e.g. [::]:3128"
    return None


def split_address(value: str) -> tuple[str, int]:
    """HOST:PORT (already checked) as host ("" = every interface; IPv6 without brackets) and port."""
    host, _, port = value.rpartition(":")
    return host.removeprefix("[").removesuffix("]"), int(port)


def is_loopback(host: str) -> bool:
    """Whether ``host`` (an address, "localhost", or "[::1]") is this machine only; a name or "" is not."""
    host = host.strip().removeprefix("[").removesuffix("]")
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False  # a host name may resolve to anything; "" is every interface


@dataclass(frozen=True)
class AutoSettings:
    app_shell_max_chars: int = field(doc="a page with less visible text than this and scripts is an app shell: left untouched", min=0)
    min_block_chars: int = field(doc="text blocks shorter than this do not count towards 'article'", min=0)
    article_score: float = field(doc="sum of sqrt(block chars - min_block_chars) needed to call a page an article", min=0.0)


@dataclass(frozen=True)
class OutputSettings:
    format: Literal["html", "text"] = field(doc="filter mode output: the page as HTML or as plain text")
    max_line_breaks: int = field(doc="at most this many consecutive line breaks in text output", min=1, max=20)
    ascii: bool = field(doc="text mode (and filter mode's text output) and `extract_text` in ASCII only, transliterated by anyascii (for legacy braille displays and speech)")


@dataclass(frozen=True)
class ReaderSettings:
    font_scale: float = field(doc="reader text size relative to the browser default", min=0.5, max=4.0)
    theme: Literal["auto", "light", "dark"] = field(doc="auto follows prefers-color-scheme")
    images: bool = field(doc="keep images in the reader page")
    show_removed_links: bool = field(doc="show the removed-links nav on the reader page")
    detect_language: bool = field(doc="a page without a lang attribute gets the language its text is in, when sure")
    image_relevance: ImageRelevanceSettings = field(doc="drop images whose caption does not match the article")


def _check_algorithm(name: str) -> str | None:
    if name in ALGORITHMS:
        return None
    return _unknown("content algorithm", name, ALGORITHMS)


def _check_algorithms(names: tuple[str, ...]) -> str | None:
    for name in names:
        problem = _check_algorithm(name)
        if problem:
            return problem
    return None


def _check_filter_names(names: tuple[str, ...]) -> str | None:
    for name in names:
        if name not in FILTERS:
            return _unknown("filter", name, FILTERS)
    return None


@dataclass(frozen=True)
class ContentSettings:
    algorithm: str = field(doc="the content-selection algorithm for reader and text modes", check=_check_algorithm)
    fallback: tuple[str, ...] = field(doc="algorithms tried in turn when the pick is too small", check=_check_algorithms)
    min_chars: int = field(doc="a pick with less text than this is too small", min=0)
    selectors: tuple[str, ...] = field(doc="CSS selectors for the content; when they match, they win", check=check_selectors)
    noise_selectors: tuple[str, ...] = field(doc="CSS selectors removed before selection", check=check_selectors)
    skip_filters: tuple[str, ...] = field(doc="chain filters that reader and text modes skip: selection does their job and they would cut content (link_list drops listings)", check=_check_filter_names)
    comments: Literal["auto", "keep", "drop"] = field(doc="an article's comments: auto leaves them out (a discussion's posts are its content), keep puts them after the article in a labelled section, drop removes them (a discussion keeps its opening post; filter mode keeps comments unless drop)")
    captions: Literal["drop", "keep"] = field(doc="an article's picture captions and photo credits in reader and text modes: drop leaves them out (a picture without a text alternative takes its caption as alt first), keep leaves them under their pictures")
    options: dict[str, Any] = field(doc="per-algorithm options, keyed by algorithm name")


@dataclass(frozen=True)
class Settings:
    """One profile's settings (the top level, or the top level with a site's overrides)."""

    mode: Mode = field(doc="what is served (see Modes)")
    chain: tuple[str, ...] = field(doc="filters in the order they run")
    filters: dict[str, Any] = field(doc="options per filter, keyed by filter name")
    content: ContentSettings = field(doc="content selection")
    output: OutputSettings = field(doc="output format")
    reader: ReaderSettings = field(doc="reader page")
    auto: AutoSettings = field(doc="the auto mode's article / app-shell rule")


@dataclass(frozen=True)
class Profile:
    """Settings plus what was built from them: the filter chain, algorithms, compiled selectors."""

    settings: Settings
    filters: tuple[Filter, ...]
    algorithms: tuple[ContentAlgorithm, ...]  # the configured one first, then the fallbacks
    content_selectors: tuple[CompiledSelector, ...]
    noise_selectors: tuple[CompiledSelector, ...]

    @property
    def chain_before_retainer(self) -> tuple[Filter, ...]:
        return tuple(f for f in self.filters if f.name != RETAINER)

    @property
    def retainer(self) -> Filter | None:
        return next((f for f in self.filters if f.name == RETAINER), None)


@dataclass(frozen=True)
class SiteRule:
    """A ``sites:`` entry: its host globs and its checked settings (its profile is built on first use)."""

    patterns: tuple[str, ...]
    settings: Settings

    def matches(self, host: str) -> bool:
        return any(_host_matches(host, p) for p in self.patterns)


class SiteIndex:
    """The sites by host, and their profiles built on first use (``SITE_PROFILE_CACHE`` kept).

    The first entry in the file whose pattern matches wins, as if each were tried in turn:
    host names are looked up in a dict, ``*.suffix`` globs by each suffix of the host, and only
    other globs are tried one by one. ``built`` holds the profiles the load had to build to check
    them (their own filter options); ``builds`` counts the profiles built here since."""

    def __init__(self, sites: tuple[SiteRule, ...], env: BuildEnv, built: dict[int, Profile]) -> None:
        self.sites = sites
        self.env = env
        self.built = built
        self.builds = 0
        self._exact: dict[str, int] = {}
        self._suffix: dict[str, int] = {}  # "*.example.com" -> under "example.com"
        self._globs: list[tuple[int, str]] = []
        for i, rule in enumerate(sites):
            for pattern in rule.patterns:
                pattern = pattern.lower().rstrip(".")
                if not GLOB_CHARS.intersection(pattern):
                    self._exact.setdefault(pattern, i)
                elif pattern.startswith("*.") and not GLOB_CHARS.intersection(pattern[2:]):
                    self._suffix.setdefault(pattern[2:], i)
                else:
                    self._globs.append((i, pattern))
        self._cache: OrderedDict[int, Profile] = OrderedDict()
        self._lock = threading.Lock()

    def find(self, host: str) -> int | None:
        """The index of the first site matching ``host`` (lower case, no trailing dot), or None."""
        best = self._exact.get(host)
        suffix = host
        while True:  # "*.x" matches x itself and every host ending in ".x"
            i = self._suffix.get(suffix)
            if i is not None and (best is None or i < best):
                best = i
            dot = suffix.find(".")
            if dot < 0:
                break
            suffix = suffix[dot + 1:]
        for i, pattern in self._globs:
            if best is not None and i > best:
                break
            if _host_matches(host, pattern):
                return i
        return best

    def profile(self, i: int) -> Profile:
        """Site ``i``'s profile, built now if it is not at hand."""
        if i in self.built:
            return self.built[i]
        with self._lock:
            profile = self._cache.get(i)
            if profile is not None:
                self._cache.move_to_end(i)
                return profile
            profile = _profile(self.sites[i].settings, self.env)
            self.builds += 1
            self._cache[i] = profile
            if len(self._cache) > SITE_PROFILE_CACHE:
                self._cache.popitem(last=False)
            return profile


@dataclass(frozen=True)
class Config:
    path: str | None
    proxy: ProxySettings
    base: Profile
    sites: tuple[SiteRule, ...]
    digest: str  # hash of the sources, so workers can tell configs apart
    warnings: tuple[str, ...] = ()
    memory: MemorySettings | None = None  # the per-site rule memory (filters/learn/memory.py)
    tls: TlsSettings | None = None  # which hosts' HTTPS is not verified, or not intercepted (addon/tls.py)
    lists: ListsSettings | None = None  # the subscribed ad lists (filters/adblock/subscriptions.py)
    fleet: FleetSettings | None = None  # replicas behind a balancer (``clearpage fleet``)
    index: SiteIndex | None = dataclasses.field(default=None, compare=False, repr=False)  # built from sites when None

    def __post_init__(self) -> None:
        if self.index is None or self.index.sites is not self.sites:  # (dataclasses.replace with other sites)
            env = self.index.env if self.index is not None else BuildEnv()
            object.__setattr__(self, "index", SiteIndex(self.sites, env, {}))

    @property
    def settings(self) -> Settings:
        return self.base.settings

    def profile_for(self, host: str | None) -> Profile:
        """The profile for pages of ``host``: its site's (built on first use), else the top level's."""
        i = self._site_of(host)
        return self.base if i is None else cast(SiteIndex, self.index).profile(i)

    def settings_for(self, host: str | None) -> Settings:
        """profile_for(host).settings, without building the site's profile."""
        i = self._site_of(host)
        return self.base.settings if i is None else self.sites[i].settings

    def _site_of(self, host: str | None) -> int | None:
        if not host or not self.sites:
            return None
        return cast(SiteIndex, self.index).find(host.lower().rstrip("."))


def _host_matches(host: str, pattern: str) -> bool:
    pattern = pattern.lower().rstrip(".")
    if fnmatch.fnmatchcase(host, pattern):
        return True
    # "*.example.com" also covers "example.com" itself.
    return pattern.startswith("*.") and host == pattern[2:]


def _unknown(kind: str, name: str, known: Iterable[str]) -> str:
    hint = difflib.get_close_matches(name, list(known), n=1)
    return f"unknown {kind} {name!r}" + (f"; did you mean {hint[0]!r}?" if hint else f"; known: {', '.join(sorted(known))}")


# --------------------------------------------------------------------------- loading


def default_text() -> str:
    return importlib.resources.files("clearpage.config").joinpath(DEFAULT_CONFIG).read_text(encoding="utf-8")


def default_path() -> str:
    return str(importlib.resources.files("clearpage.config").joinpath(DEFAULT_CONFIG))


def load_config(path: str | Path | None = None, subscribed_lists: tuple[str, ...] = ()) -> Config:
    """The embedded default, with the YAML file at ``path`` merged over it when given.

    ``subscribed_lists``: cached copies of ``lists.subscriptions`` for the ad_server filters
    that use them (the proxy passes them; everything else leaves them out)."""
    base = load_text(default_text(), default_path())
    sources = [default_text()]
    if path is not None:
        user = load_file(str(path))
        sources.append(Path(path).read_text(encoding="utf-8"))
        base = merge(base, user)
    return build_config(base, str(path) if path else None, sources, subscribed_lists)


def load_config_text(text: str, name: str = "<config>", subscribed_lists: tuple[str, ...] = ()) -> Config:
    """Like load_config, with the user YAML given as text (tests, workers)."""
    base = merge(load_text(default_text(), default_path()), load_text(text, name))
    return build_config(base, name, [default_text(), text], subscribed_lists)


def build_config(root: Node, path: str | None, sources: list[str], subscribed_lists: tuple[str, ...] = ()) -> Config:
    problems: list[Problem] = []
    env = BuildEnv(subscribed_lists=tuple(subscribed_lists))
    if not isinstance(root, Map):
        raise ConfigError([Problem(root.file, root.line, "", "the config must be a mapping")])
    allowed = {"proxy", "sites", "memory", "tls", "lists", "fleet", *SITE_KEYS}
    for key, (line, _) in root.entries.items():
        if key not in allowed:
            problems.append(Problem(root.file, line, key, _unknown("key", key, allowed).replace("unknown key ", "unknown key ", 1)))
    with reusing_conversions():  # the top level is converted once, not again under each site
        proxy = _try(lambda: convert(_need(root, "proxy", problems), ProxySettings, "proxy", problems))
        base = _try(lambda: _build_profile(root, "", env, problems))
        sites, built = _check_sites(root, env, problems)
        memory = _try(lambda: _convert_memory(_need(root, "memory", problems), problems))
        tls = _try(lambda: convert(_need(root, "tls", problems), TlsSettings, "tls", problems))
        lists = _try(lambda: convert(_need(root, "lists", problems), ListsSettings, "lists", problems))
        fleet = _try(lambda: _convert_fleet(_need(root, "fleet", problems), problems))
    problems.extend(env.problems)
    if problems or proxy is None or base is None:
        raise ConfigError(_dedupe(problems) or [Problem(root.file, root.line, "", "invalid config")])
    digest = hashlib.sha256("\0".join([*sources, *map(_file_stamp, subscribed_lists)]).encode()).hexdigest()[:16]
    warnings = tuple(env.warnings)
    return Config(path, proxy, base, sites, digest, warnings, memory, tls=tls, lists=lists, fleet=fleet, index=SiteIndex(sites, env, built))


def _file_stamp(path: str) -> str:
    """A list file's name, size and mtime: what a refresh changes."""
    try:
        st = Path(path).stat()
    except OSError:
        return path
    return f"{path}:{st.st_size}:{st.st_mtime_ns}"


def _convert_memory(node: Node, problems: list[Problem]) -> MemorySettings:
    """The ``memory:`` section; ``memory: off`` is short for the default section with ``use: off``."""
    if isinstance(node, Scalar) and node.value == "off":
        default = cast(Map, load_text(default_text(), default_path())).get("memory")  # (the default config is a mapping with a memory section)
        return dataclasses.replace(convert(cast(Node, default), MemorySettings, "memory", problems), use="off")
    settings = convert(node, MemorySettings, "memory", problems)
    if settings.path and isinstance(node, Map):  # relative to the config file that names it, like list files
        path = cast(Node, node.get("path"))  # (settings.path is its value)
        problem = location_problem(settings.path)  # a postgresql:// URL: psycopg installed, a valid URL
        if problem:
            problems.append(Problem(path.file, path.line, "memory.path", problem))
        elif not is_postgres(settings.path):
            settings = dataclasses.replace(settings, path=str(resolve_against(path, settings.path)))
    return settings


def _convert_fleet(node: Node, problems: list[Problem]) -> FleetSettings:
    """The ``fleet:`` section, paths resolved against the file naming them. A balancer listening
    beyond loopback is an open proxy for the network unless the replicas require credentials: refused."""
    fleet = convert(node, FleetSettings, "fleet", problems)
    assert isinstance(node, Map)  # (convert accepted it as a dataclass)
    for key in ("confdir", "htpasswd"):
        value = getattr(fleet, key)
        if value:
            fleet = dataclasses.replace(fleet, **{key: str(resolve_against(cast(Node, node.get(key)), value))})
    if not fleet.htpasswd and not is_loopback(split_address(fleet.listen)[0]):
        problems.append(Problem(_file(node, "listen"), node.key_line("listen"), "fleet.listen",
                                f"{fleet.listen} is beyond loopback and fleet.htpasswd is empty: the balancer would be an open "
                                "proxy; set fleet.htpasswd to an htpasswd file (htpasswd -cB FILE USER) or listen on 127.0.0.1"))
        raise Invalid
    if not fleet.pac_host and split_address(fleet.listen)[0] in WILDCARD_HOSTS:
        problems.append(Problem(_file(node, "listen"), node.key_line("listen"), "fleet.pac_host",
                                f"fleet.listen {fleet.listen} is every interface: set fleet.pac_host to the name browsers reach the balancer by"))
        raise Invalid
    if fleet.htpasswd:
        problem = list_file_problem(fleet.htpasswd)
        if problem:
            problems.append(Problem(_file(node, "htpasswd"), node.key_line("htpasswd"), "fleet.htpasswd", f"{fleet.htpasswd}: {problem}"))
            raise Invalid
    ports = {"fleet.listen": [split_address(fleet.listen)[1]],
             "fleet.first_port": list(range(fleet.first_port, fleet.first_port + fleet.replicas)),
             "fleet.first_health_port": list(range(fleet.first_health_port, fleet.first_health_port + fleet.replicas))}
    if fleet.pac_listen:
        ports["fleet.pac_listen"] = [split_address(fleet.pac_listen)[1]]
    seen: dict[int, str] = {}
    for key, numbers in ports.items():
        for number in numbers:
            if number > 65535:
                problems.append(Problem(_file(node, key.split(".")[1]), node.key_line(key.split(".")[1]), key, f"{fleet.replicas} replicas from port {numbers[0]} go past 65535"))
                raise Invalid
            if number in seen and seen[number] != key:
                problems.append(Problem(_file(node, key.split(".")[1]), node.key_line(key.split(".")[1]), key, f"port {number} is also taken by {seen[number]}"))
                raise Invalid
            seen[number] = key
    return fleet


def _file(node: Map, key: str) -> str:
    """The file ``key``'s value came from (the user's file or the embedded default)."""
    child = node.get(key)
    return child.file if child is not None else node.file


def _try[T](fn: Callable[[], T]) -> T | None:
    try:
        return fn()
    except Invalid:
        return None


def _need(node: Map, key: str, problems: list[Problem]) -> Node:
    child = node.get(key)
    if child is None:
        problems.append(Problem(node.file, node.line, key, "missing key"))
        raise Invalid
    return child


def _need_or_none(node: Map, key: str, problems: list[Problem]) -> Node | None:
    """``node[key]``, or None with the problem reported."""
    return _try(lambda: _need(node, key, problems))


def _have(node: Node | None) -> Node:
    """A section _need_or_none found; Invalid when it reported it missing."""
    if node is None:
        raise Invalid
    return node


def _dedupe(problems: list[Problem]) -> list[Problem]:
    return list(dict.fromkeys(problems))


def _build_profile(root: Map, prefix: str, env: BuildEnv, problems: list[Problem]) -> Profile:
    return _profile(_convert_settings(root, prefix, env, problems), env)


def _convert_settings(root: Map, prefix: str, env: BuildEnv, problems: list[Problem]) -> Settings:
    """A profile's settings, checked (the chain's filters have options); nothing built."""
    view = Map(root.file, root.line, {k: v for k, v in root.entries.items() if k in SITE_KEYS})
    # Convert the sections with their own rules first, each on its own, so one bad section
    # does not hide the problems of the others.
    # A section a site does not override is the top level's node: converted once (typed.reuse).
    chain, filters, content = (_need_or_none(root, name, problems) for name in ("chain", "filters", "content"))
    special = {
        "chain": _try(lambda: reuse(_have(chain), _convert_chain, lambda: _convert_chain(_have(chain), _key(prefix, "chain"), problems))),
        "filters": _try(lambda: reuse(_have(filters), _convert_filters, lambda: _convert_filters(_have(filters), _key(prefix, "filters"), problems))),
        "content": _try(lambda: reuse(_have(content), _convert_content, lambda: _convert_content(_have(content), _key(prefix, "content"), env, problems))),
    }
    settings = convert_dataclass(view, Settings, prefix, problems, extra=special)
    if any(value is None for value in special.values()):
        raise Invalid
    for name in settings.chain:
        if settings.filters.get(name) is None:
            problems.append(Problem(root.file, root.key_line("chain"), _key(prefix, "chain"), f"filter {name!r} has no options under filters:"))
            raise Invalid
    return settings


def _part_keys(settings: Settings) -> list[tuple[str, str, Any]]:
    """What a profile is built from, as the build cache's keys: each enabled filter, then each algorithm."""
    keys: list[tuple[str, str, Any]] = []
    for name in settings.chain:
        options = settings.filters[name]
        if options.enabled:
            keys.append(("filter", name, options))
    content = settings.content
    for name in dict.fromkeys((content.algorithm, *content.fallback)):
        keys.append(("algorithm", name, content.options.get(name)))
    return keys


def _profile(settings: Settings, env: BuildEnv) -> Profile:
    """Build a profile: its filters and algorithms come from ``env``'s cache when another profile has the same options."""
    filters: list[Filter] = []
    algorithms: list[ContentAlgorithm] = []
    for kind, name, options in _part_keys(settings):
        if kind == "filter":
            filters.append(env.cached((kind, name, options), lambda n=name, o=options: FILTERS[n](o, env)))
        else:
            algorithms.append(env.cached((kind, name, options), lambda n=name, o=options: ALGORITHMS[n](o, env)))
    content = settings.content
    return Profile(
        settings,
        tuple(filters),
        tuple(algorithms),
        tuple(compile_selector(css) for css in content.selectors),
        tuple(compile_selector(css) for css in content.noise_selectors),
    )


def _key(prefix: str, name: str) -> str:
    return f"{prefix}.{name}" if prefix else name


def _convert_chain(node: Node, key: str, problems: list[Problem]) -> tuple[str, ...]:
    names = convert(node, tuple[str, ...], key, problems)
    bad = False
    for i, name in enumerate(names):
        item = node.items[i]  # type: ignore[attr-defined]
        if name not in FILTERS:
            problems.append(Problem(item.file, item.line, f"{key}[{i}]", _unknown("filter", name, FILTERS)))
            bad = True
        elif names.index(name) != i:
            problems.append(Problem(item.file, item.line, f"{key}[{i}]", f"filter {name!r} listed twice"))
            bad = True
    if RETAINER in names and names[-1] != RETAINER:
        i = names.index(RETAINER)
        item = node.items[i]  # type: ignore[attr-defined]
        problems.append(Problem(item.file, item.line, f"{key}[{i}]", f"{RETAINER} must be last: it appends what the filters before it removed"))
        bad = True
    if bad:
        raise Invalid
    return names


def _convert_filters(node: Node, key: str, problems: list[Problem]) -> dict[str, Any]:
    if not isinstance(node, Map):
        problems.append(Problem(node.file, node.line, key, "expected a mapping of filter name to options"))
        raise Invalid
    out, bad = {}, False
    for name, (line, value) in node.entries.items():
        cls = FILTERS.get(name)
        if cls is None:
            problems.append(Problem(node.file, line, f"{key}.{name}", _unknown("filter", name, FILTERS)))
            bad = True
            continue
        try:
            out[name] = convert(value, cls.Options, f"{key}.{name}", problems)
        except Invalid:
            bad = True
    if bad:
        raise Invalid
    return out


def _convert_content(node: Node, key: str, env: BuildEnv, problems: list[Problem]) -> ContentSettings:
    if not isinstance(node, Map):
        problems.append(Problem(node.file, node.line, key, "expected a mapping"))
        raise Invalid
    plain_keys = Map(node.file, node.line, {k: v for k, v in node.entries.items() if k not in ALGORITHMS})
    options, bad = {}, False
    for name, (line, value) in node.entries.items():
        cls = ALGORITHMS.get(name)
        if cls is None:
            continue
        if cls.Options is None:
            problems.append(Problem(node.file, line, f"{key}.{name}", f"{name} takes no options"))
            bad = True
            continue
        try:
            options[name] = convert(value, cls.Options, f"{key}.{name}", problems)
        except Invalid:
            bad = True
    settings = convert_dataclass(plain_keys, ContentSettings, key, problems, extra={"options": options})
    for name in (settings.algorithm, *settings.fallback):
        cls = ALGORITHMS[name]
        if cls.Options is not None and name not in node.entries:  # present but invalid: already reported
            problems.append(Problem(node.file, node.line, f"{key}.{name}", f"algorithm {name!r} needs its options under {key}.{name}"))
            bad = True
    if bad:
        raise Invalid
    return settings


def _check_sites(root: Map, env: BuildEnv, problems: list[Problem]) -> tuple[tuple[SiteRule, ...], dict[int, Profile]]:
    """Every ``sites:`` entry checked, and the profiles that had to be built to check them.

    A site whose filters and algorithms all have options some profile already has needs nothing
    built to be known good (its selectors are checked as they convert): its profile waits for its
    first page. One with options of its own is built now, so what building reports is reported."""
    node = root.get("sites")
    if node is None or (isinstance(node, Scalar) and node.value is None):
        return (), {}
    if not isinstance(node, Seq):
        problems.append(Problem(node.file, node.line, "sites", "expected a list of site entries"))
        return (), {}
    rules: list[SiteRule] = []
    built: dict[int, Profile] = {}
    top = Map(root.file, root.line, {k: v for k, v in root.entries.items() if k in SITE_KEYS})
    reported = {(p.file, p.line, p.message) for p in problems}
    cached: dict[int, Any] = {}  # id -> filter or algorithm options known to be in env.cache (kept alive here)
    for i, entry in enumerate(node.items):
        key = f"sites[{i}]"
        if not isinstance(entry, Map):
            problems.append(Problem(entry.file, entry.line, key, "expected a mapping with 'match' and overrides"))
            continue
        patterns = _site_patterns(entry, key, problems)
        for name, (line, _) in entry.entries.items():
            if name != "match" and name not in SITE_KEYS:
                problems.append(Problem(entry.file, line, f"{key}.{name}", _unknown("site key", name, ("match", *SITE_KEYS))))
        overrides = Map(entry.file, entry.line, {k: v for k, v in entry.entries.items() if k in SITE_KEYS})
        merged = cast(Map, merge(top, overrides))  # (two mappings merge into one)
        # The entry inherits the top level: a top-level problem comes back from its settings, under
        # this entry's key. The top level's own check reported it once already; keep only the new.
        own: list[Problem] = []
        settings = _try(lambda: _convert_settings(merged, key, env, own))
        problems.extend(p for p in own if (p.file, p.line, p.message) not in reported)
        if not patterns or settings is None:
            continue
        if _needs_build(settings, env, cached):
            profile = _try(lambda: _profile(settings, env))  # what building finds goes to env.problems
            if profile is None:
                continue
            built[len(rules)] = profile
        rules.append(SiteRule(patterns, settings))
    return tuple(rules), built


def _needs_build(settings: Settings, env: BuildEnv, cached: dict[int, Any]) -> bool:
    """Whether a profile of these settings would build a filter or algorithm no profile has built yet.

    ``cached`` remembers the options objects found in the cache: sites share the top level's
    (typed.reuse), and hashing a filter's options (its lists) for each of 5,000 sites adds up."""
    for key in _part_keys(settings):
        options = key[2]
        if id(options) in cached:
            continue
        if key not in env.cache:
            return True
        cached[id(options)] = options
    return False


def _site_patterns(entry: Map, key: str, problems: list[Problem]) -> tuple[str, ...]:
    node = entry.get("match")
    if node is None:
        problems.append(Problem(entry.file, entry.line, f"{key}.match", "missing key (a host glob or a list of them)"))
        return ()
    if isinstance(node, Scalar) and isinstance(node.value, str):
        return (node.value,)
    try:
        patterns = convert(node, tuple[str, ...], f"{key}.match", problems)
    except Invalid:
        return ()
    if not patterns:
        problems.append(Problem(node.file, node.line, f"{key}.match", "needs at least one host glob"))
    return patterns
