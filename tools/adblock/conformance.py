"""Conformance of the rule matcher against a set of real requests with the rules that match them.

The set (``../shared/adblock/matching-test-requests.json``) lists requests ``{url, sourceUrl,
type, filters}``; each rule in ``filters``, loaded on its own, must match its request: a blocking
rule blocks it; an ``@@`` exception, loaded together with the same rule without ``@@``, lets it
through. Entries whose url is a bare ``http://`` or ``https://`` are not requests and are skipped.

Each rule is compiled into its own engine through ``AbpEngine`` (so request-type names and
verdicts go through clearpage's own code), and failures are sorted by kind.
"""
from __future__ import annotations

import json
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from clearpage.filters.adblock import lint
from clearpage.filters.adblock.abp import AbpEngine

NOT_REQUESTS = frozenset({"http://", "https://"})
MAX_EXAMPLES = 5

# Failure kinds.
UNSUPPORTED = "rule uses an option the engine does not support"
NOT_BLOCKED = "blocking rule did not block"
NOT_EXCEPTED = "exception rule did not let the request through"
BAD_REQUEST = "engine could not parse the request URL"


@dataclass
class Conformance:
    entries: int = 0  # requests checked
    skipped: int = 0  # entries that are not real requests
    rules: int = 0  # (request, rule) pairs checked
    right: int = 0
    entries_right: int = 0  # requests whose every rule was right
    seconds: float = 0.0
    failures: Counter = field(default_factory=Counter)
    examples: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    by_type: dict[str, list[int]] = field(default_factory=lambda: defaultdict(lambda: [0, 0]))  # type -> [right, total]

    @property
    def share(self) -> float:
        return self.right / self.rules if self.rules else 0.0

    def as_dict(self) -> dict:
        return {
            "entries": self.entries,
            "skipped": self.skipped,
            "rules": self.rules,
            "right": self.right,
            "share": round(self.share, 6),
            "entries_right": self.entries_right,
            "seconds": round(self.seconds, 3),
            "failures": dict(self.failures),
            "examples": {k: list(v) for k, v in self.examples.items()},
            "by_type": {k: {"right": v[0], "total": v[1]} for k, v in sorted(self.by_type.items())},
        }

    def summary(self) -> str:
        lines = [
            f"conformance: {self.right}/{self.rules} rule checks right ({self.share:.2%}); "
            f"{self.entries_right}/{self.entries} requests fully right; {self.skipped} non-requests skipped; {self.seconds:.1f} s"
        ]
        for kind, count in self.failures.most_common():
            lines.append(f"  {count:5d}  {kind}")
            lines.extend(f"         e.g. {example}" for example in self.examples[kind][:2])
        return "\n".join(lines)


def load_requests(path: str | Path) -> list[dict]:
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    if not isinstance(data, list):
        raise ValueError(f"{path}: expected a JSON list of requests")
    return data


def measure(requests: list[dict], compile_rules: Callable[[list[str]], AbpEngine] = AbpEngine.from_rules) -> Conformance:
    """Check every (request, rule) pair; ``compile_rules`` builds an engine from a few rules."""
    result = Conformance()
    start = time.perf_counter()
    for entry in requests:
        url, source, kind = entry["url"], entry.get("sourceUrl") or "", entry["type"]
        if url in NOT_REQUESTS:
            result.skipped += 1
            continue
        result.entries += 1
        all_right = True
        for rule in entry["filters"]:
            failure = _check(rule, url, source, kind, compile_rules)
            result.rules += 1
            tally = result.by_type[kind]
            tally[1] += 1
            if failure is None:
                result.right += 1
                tally[0] += 1
                continue
            all_right = False
            result.failures[failure] += 1
            if len(result.examples[failure]) < MAX_EXAMPLES:
                result.examples[failure].append(f"{rule}  <-  {kind} {url} from {source or '-'}")
        result.entries_right += all_right
    result.seconds = time.perf_counter() - start
    return result


def _check(rule: str, url: str, source: str, kind: str, compile_rules) -> str | None:
    """None when the engine's verdict is right, else the kind of failure."""
    exception = rule.startswith("@@")
    engine = compile_rules([rule, rule[2:]] if exception else [rule])
    verdict = engine.check(url, source, kind)
    if (verdict.excepted if exception else verdict.blocked):
        return None
    if verdict.error:
        return BAD_REQUEST
    unsupported = lint.network_problem(rule)
    if unsupported:
        return f"{UNSUPPORTED}: {unsupported}"
    return NOT_EXCEPTED if exception else NOT_BLOCKED
