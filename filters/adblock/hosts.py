"""Host-suffix matching for hosts files and plain domain lists.

Accepted lines: ``0.0.0.0 ads.example.com``, ``127.0.0.1 a.com b.com``, ``ads.example.com``,
comments (``#``) and blank lines. A listed host blocks itself and every subdomain.
Lines that fit none of these are reported with file and line, and skipped; Adblock Plus lines
(``||host^``, ``##selector``) get a warning that says which setting takes such lists.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..paths import read_list_file

_HOST = re.compile(r"^(?=.{1,253}$)(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?\.)*[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$")
# "||host^", "@@...", "example.com##sel", "[Adblock Plus 2.0]", "! comment": an ABP list given as a hosts
# file. Lines starting with "#" stay comments ("## Ads ##" is a common hosts-file heading).
_ABP_SYNTAX = re.compile(r"^(?:\|\||@@|\[Adblock|!)|^[^\s#]+#[@?$%]?#\S")
_SINKS = frozenset({"0.0.0.0", "127.0.0.1", "::1", "::", "255.255.255.255", "fe80::1%lo0", "ff00::0", "ff02::1", "ff02::2"})
# Names a hosts file maps for the machine itself, never ad servers.
_LOCAL_NAMES = frozenset({"localhost", "localhost.localdomain", "local", "broadcasthost", "ip6-localhost", "ip6-loopback", "0.0.0.0"})


@dataclass
class HostMatcher:
    hosts: set[str] = field(default_factory=set)
    warnings: list[str] = field(default_factory=list)

    def add_host(self, host: str) -> bool:
        host = host.strip().lower().rstrip(".")
        if host in _LOCAL_NAMES or not _HOST.match(host):
            return False
        self.hosts.add(host)
        return True

    def load_text(self, text: str, source: str) -> None:
        for number, raw in enumerate(text.splitlines(), 1):
            if _ABP_SYNTAX.match(raw.strip()):
                self.warnings.append(f"{source}:{number}: Adblock Plus syntax in a hosts list (put this list under adblock_lists): {raw.strip()[:80]!r}")
                continue
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            parts = line.split()
            names = parts[1:] if parts[0] in _SINKS or _looks_like_ip(parts[0]) else parts
            for name in names:
                if name.lower() not in _LOCAL_NAMES and not self.add_host(name):
                    self.warnings.append(f"{source}:{number}: not a host name: {name!r}")

    def load_file(self, path: str) -> None:
        self.load_text(read_list_file(path).decode("utf-8", errors="replace"), path)

    def match(self, host: str | None) -> str | None:
        """The listed entry covering ``host`` (itself or a parent domain), or None."""
        if not host:
            return None
        host = host.lower().rstrip(".")
        while True:
            if host in self.hosts:
                return host
            dot = host.find(".")
            if dot < 0:
                return None
            host = host[dot + 1 :]


def _looks_like_ip(token: str) -> bool:
    return bool(re.fullmatch(r"[0-9.]+|[0-9a-fA-F:]+(%\w+)?", token)) and ("." in token or ":" in token)
