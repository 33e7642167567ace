"""Where the reader page may put its stylesheet under the page's Content-Security-Policy.

clearpage never changes a policy. The enforced policies are every ``Content-Security-Policy``
header (``-Report-Only`` enforces nothing) and every ``<meta http-equiv=Content-Security-Policy>``
of the page (the pipeline adds those and copies them into the reader page). The answer:

- ``inline``: every policy allows an inline ``<style>`` ('unsafe-inline', with no nonce or
  hash beside it, since those switch 'unsafe-inline' off), or none restricts styles;
- ``link``: every policy allows a stylesheet from the page's own origin ('self', ``*``, the
  scheme, or a host source naming the origin), so the proxy links one it serves there;
- ``none``: no stylesheet at all (the reader page is plain semantic HTML and reads fine).

A source this module does not understand counts as "not allowed": when unsure, add nothing.
"""
from __future__ import annotations

from urllib.parse import urlsplit

INLINE, LINK, NONE = "inline", "link", "none"
# The directives that govern a <style> element or <link rel=stylesheet>, most specific first.
STYLE_DIRECTIVES = ("style-src-elem", "style-src", "default-src")
_DEFAULT_PORTS = {"http": 80, "https": 443}


def placement(header_values: list[str], page_url: str) -> str:
    """``inline``, ``link`` or ``none`` for the reader stylesheet of the page at ``page_url``."""
    sources = [s for s in (_style_sources(p) for p in _policies(header_values)) if s is not None]
    if all(_allows_inline(s) for s in sources):
        return INLINE
    if all(_allows_own_origin(s, page_url) for s in sources):
        return LINK
    return NONE


def _policies(header_values: list[str]) -> list[str]:
    # Several policies may share one header, separated by commas; each is enforced on its own.
    return [p for value in header_values for p in value.split(",") if p.strip()]


def _style_sources(policy: str) -> list[str] | None:
    """The source list governing stylesheets in ``policy``; None when it restricts none."""
    directives: dict[str, list[str]] = {}
    for part in policy.split(";"):
        tokens = part.split()
        if tokens:
            name = tokens[0].lower()
            directives.setdefault(name, tokens[1:])  # the first occurrence wins (CSP3)
    for name in STYLE_DIRECTIVES:
        if name in directives:
            return directives[name]
    return None


def _allows_inline(sources: list[str]) -> bool:
    lowered = [s.lower() for s in sources]
    if "'unsafe-inline'" not in lowered:
        return False
    return not any(s.startswith(("'nonce-", "'sha256-", "'sha384-", "'sha512-")) for s in lowered)


def _allows_own_origin(sources: list[str], page_url: str) -> bool:
    try:
        url = urlsplit(page_url)
        port = url.port or _DEFAULT_PORTS.get(url.scheme)
    except ValueError:
        return False
    host = (url.hostname or "").lower()
    scheme = url.scheme.lower()
    for source in sources:
        s = source.lower()
        if s == "'none'":
            continue
        if s in ("'self'", "*"):
            return True
        if s.endswith(":") and "/" not in s and _scheme_allows(s[:-1], scheme):
            return True
        if _host_source_allows(s, scheme, host, port):
            return True
    return False


def _scheme_allows(source_scheme: str, scheme: str) -> bool:
    return source_scheme == scheme or (source_scheme == "http" and scheme == "https")


def _host_source_allows(source: str, scheme: str, host: str, port: int | None) -> bool:
    if source.startswith("'"):
        return False
    src_scheme = None
    if "://" in source:
        src_scheme, source = source.split("://", 1)
        if not _scheme_allows(src_scheme, scheme):
            return False
    hostport, slash, path = source.partition("/")
    if slash and path:
        return False  # a path-restricted source: the proxy's stylesheet path is not on it
    src_host, colon, src_port = hostport.partition(":")
    if src_host.startswith("*."):
        if not host.endswith(src_host[1:]):
            return False
    elif src_host != host:
        return False
    if colon:
        return src_port == "*" or (src_port.isdigit() and int(src_port) == port)
    return port == _DEFAULT_PORTS.get(scheme)  # no port named: the URL's must be its scheme's default
