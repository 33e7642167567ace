"""A pass over Adblock Plus lists: which lines the engine cannot use, and the rules it drops that we keep.

adblock-rust ignores rules it cannot parse without saying which, so this module classifies each
line itself and reports the unusable ones as warnings (file:line, summarised per file and kind
so a 80,000-line list cannot flood the log):

- network rules with an option the engine rejects (each distinct option is probed against the
  engine once, so the verdict is the engine's, not a guess);
- scriptlet injections (``##+js(...)``, ``#%#``) and CSS injections (``#$#``, ``:style()``):
  clearpage removes scripts and serves no injected CSS, so these do nothing here;
- procedural cosmetic filters (``#?#``, ``:has-text()``, ``:upward()``, ``:xpath()``...) and
  HTML filters (``##^``), which the engine does not support.

Element-hiding rules using CSS ``:has()`` are the exception: the engine drops them, but they are
plain CSS that cssselect compiles, so they are collected here (``HasRule``) and applied by the
cosmetic filter beside the engine's own rules. This pass runs only when a list is compiled;
its results are cached with the compiled engine.
"""
from __future__ import annotations

import functools
import re
from collections import defaultdict
from dataclasses import dataclass, field

import adblock

# Examples quoted per (file, kind) before the rest are only counted.
MAX_EXAMPLES = 3
# Probe host for option checks: a reserved TLD, so a probe rule can never match a real request.
_PROBE = "||clearpage-probe.invalid^$"

# domains ## selector, with the separators of ABP, uBO and AdGuard (#@#, #?#, #$#, #%#, ...).
_COSMETIC = re.compile(r"^([^\s/|$^#]*)(#@?(?:\?|\$\??|%)?#)(.+)$")
_PROCEDURAL = re.compile(
    r":(?:-abp-[a-z-]+|has-text|upward|xpath|matches-css(?:-before|-after)?|if|if-not|nth-ancestor|remove|"
    r"watch-attr|min-text-length|matches-path|matches-attr|matches-media|matches-prop|others|shadow|spath|"
    r"contains|remove-attr|remove-class)\("
)
_STYLE = re.compile(r":style\(")
# "0.0.0.0 ads.example" in an ABP list: the engine would read it as a URL substring and never match.
_HOSTS_LINE = re.compile(r"^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-fA-F:]*:[0-9a-fA-F:]*)\s+[\w.-]+")
_HAS = re.compile(r":has\(")
# Options whose values vary per rule but not in whether the engine accepts them.
_DOMAIN_VALUED = frozenset({"domain", "from", "to", "denyallow", "method"})
# Options the engine honours outside its network blocker, where filter_exists cannot see them
# (tests/adblock/test_lint.py checks each one's effect).
_KEPT_ELSEWHERE = frozenset({"generichide", "ghide", "badfilter"})

NETWORK_OPTION = "network rule with an option the engine does not support"
SCRIPTLET = "scriptlet injection (clearpage runs no page scripts)"
CSS_INJECTION = "CSS injection (clearpage removes elements, it does not restyle them)"
PROCEDURAL = "procedural cosmetic filter (not supported by the engine)"
HTML_FILTER = "HTML filter (not supported)"
HOSTS_LINE = "hosts-file line (put hosts lists under filters.ad_server.hosts_files)"
BAD_SELECTOR = "element-hiding selector cssselect cannot compile"


@dataclass(frozen=True)
class HasRule:
    """A ``domains##selector:has(...)`` rule the engine drops and clearpage applies itself."""

    selector: str
    include: tuple[str, ...]  # hosts (and their subdomains) the rule is for; empty = every site
    exclude: tuple[str, ...]  # ~host entries
    exception: bool  # a #@# rule

    def applies_to(self, host: str) -> bool:
        if any(_covers(d, host) for d in self.exclude):
            return False
        return not self.include or any(_covers(d, host) for d in self.include)

    def as_list(self) -> list:
        return [self.selector, list(self.include), list(self.exclude), self.exception]

    @classmethod
    def from_list(cls, data: list) -> "HasRule":
        selector, include, exclude, exception = data
        return cls(str(selector), tuple(include), tuple(exclude), bool(exception))


@dataclass
class Scan:
    warnings: list[str] = field(default_factory=list)
    has_rules: list[HasRule] = field(default_factory=list)
    unusable: int = 0  # lines reported


def scan(text: str, source: str, compiles) -> Scan:
    """Classify the lines of one list. ``compiles(selector) -> bool`` says whether cssselect takes it."""
    found: dict[str, list[tuple[int, str]]] = defaultdict(list)
    result = Scan()
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line[0] in "![":
            continue
        cosmetic = _COSMETIC.match(line) if "#" in line else None
        if cosmetic:
            kind = _cosmetic_kind(cosmetic, result, compiles)
        elif _HOSTS_LINE.match(line):
            kind = HOSTS_LINE
        else:
            kind = _network_kind(line) if "$" in line else None
        if kind:
            found[kind].append((number, line))
    for kind, lines in found.items():
        result.unusable += len(lines)
        result.warnings.extend(_summarise(source, kind, lines))
    return result


def _cosmetic_kind(match: re.Match, result: Scan, compiles) -> str | None:
    domains, separator, body = match.groups()
    if "%" in separator or body.startswith("+js("):
        return SCRIPTLET
    if "$" in separator or _STYLE.search(body):
        return CSS_INJECTION
    if body.startswith("^"):
        return HTML_FILTER
    if "?" in separator or _PROCEDURAL.search(body):
        return PROCEDURAL
    if _HAS.search(body):
        if not compiles(body):
            return BAD_SELECTOR
        include, exclude = _domains(domains)
        result.has_rules.append(HasRule(body, include, exclude, separator == "#@#"))
    return None


def _domains(text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    include, exclude = [], []
    for item in text.split(","):
        item = item.strip().lower()
        if item.startswith("~"):
            exclude.append(item[1:])
        elif item:
            include.append(item)
    return tuple(include), tuple(exclude)


def _covers(domain: str, host: str) -> bool:
    """ABP domain semantics: ``example.com`` covers its subdomains; ``example.*`` any public suffix."""
    if domain.endswith(".*"):
        stem = domain[:-1]
        return host.startswith(stem) or f".{stem}" in f".{host}"
    return host == domain or host.endswith("." + domain)


def _network_kind(line: str) -> str | None:
    problem = network_problem(line)
    return f"{NETWORK_OPTION} ({problem})" if problem else None


def network_problem(line: str) -> str | None:
    """``$option`` when the network rule carries an option the engine rejects, else None."""
    for token in _options_of(line):
        if not _option_accepted(_probe_token(token)):
            return f"${token.partition('=')[0]}"
    return None


def _options_of(line: str) -> list[str]:
    body = line[2:] if line.startswith("@@") else line
    if body.startswith("/") and body.rfind("/") > 0 and "$" not in body[body.rfind("/") :]:
        return []  # a regex rule without options; its "$" belongs to the regex
    dollar = body.rfind("$")
    if dollar < 0:
        return []
    return [t for t in body[dollar + 1 :].split(",") if t]


def _probe_token(token: str) -> str:
    name, eq, value = token.partition("=")
    bare = name.lstrip("~").strip().lower()
    if bare in _DOMAIN_VALUED and eq:
        return f"{name}=example.com"
    return token


@functools.lru_cache(maxsize=4096)
def _option_accepted(token: str) -> bool:
    """Does the engine parse a rule carrying this option? Asked of the engine itself, once per token."""
    if token.lstrip("~").lower() in _KEPT_ELSEWHERE:
        return True
    rule = _PROBE + token
    filters = adblock.FilterSet(debug=True)
    filters.add_filters([rule])
    engine = adblock.Engine(filters, optimize=False)
    try:
        return bool(engine.filter_exists(rule))
    except adblock.AdblockException:
        return False


def _summarise(source: str, kind: str, lines: list[tuple[int, str]]) -> list[str]:
    out = [f"{source}:{number}: {kind}: {_short(line)}" for number, line in lines[:MAX_EXAMPLES]]
    rest = len(lines) - MAX_EXAMPLES
    if rest > 0:
        out.append(f"{source}: {rest} more line(s) of the same kind: {kind}")
    return out


def _short(line: str, limit: int = 120) -> str:
    return line if len(line) <= limit else line[: limit - 3] + "..."
