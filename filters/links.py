"""Links: making them absolute against <base> / the page URL, and refusing schemes that run code.

Only http(s) and relative URLs survive into anything clearpage writes (removed-links nav,
reader page); ``javascript:``, ``data:``, ``vbscript:`` and every other scheme are dropped.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import urljoin, urlsplit

SAFE_SCHEMES = frozenset({"http", "https"})
# Control characters browsers strip from URLs before reading the scheme; attackers use them to hide "javascript:".
_URL_NOISE = re.compile(r"[\x00-\x1f]")


def clean_href(href: str | None) -> str | None:
    """The href trimmed the way browsers trim it, or None when empty."""
    if href is None:
        return None
    value = _URL_NOISE.sub("", href).strip(" ")
    return value or None


def safe_url(href: str | None, base: str | None) -> str | None:
    """``href`` made absolute against ``base`` when there is one; None unless http(s) or relative."""
    value = clean_href(href)
    if value is None or value.startswith("#"):
        return None
    scheme = urlsplit(value).scheme.lower()
    if scheme and scheme not in SAFE_SCHEMES:
        return None
    if base:
        try:
            value = urljoin(base, value)
        except ValueError:
            return None
        scheme = urlsplit(value).scheme.lower()
        if scheme and scheme not in SAFE_SCHEMES:
            return None
    return value


def host_of(url: str | None) -> str | None:
    if not url:
        return None
    try:
        host = urlsplit(url).hostname
    except ValueError:
        return None
    return host.lower().rstrip(".") if host else None


@dataclass(frozen=True)
class RemovedLink:
    """A text link a filter took out of the page, kept so the page stays browsable."""

    url: str
    text: str
    filter: str
    line: int = 0  # source line of the link, to list removed links in document order


BYPASS_PARAM = "clearpage"
BYPASS_VALUE = "off"


def bypass_url(url: str | None) -> str | None:
    """``url`` with ``clearpage=off`` added: the proxy serves that request untouched."""
    if not url:
        return None
    from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

    try:
        parts = urlsplit(url)
    except ValueError:
        return None
    if parts.scheme.lower() not in SAFE_SCHEMES:
        return None
    query = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if k != BYPASS_PARAM]
    query.append((BYPASS_PARAM, BYPASS_VALUE))
    return urlunsplit((parts.scheme, parts.netloc, parts.path, urlencode(query), parts.fragment))
