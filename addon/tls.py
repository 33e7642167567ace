"""HTTPS hosts the proxy treats specially (the config's ``tls:`` section), and the page it serves
when an origin's certificate fails verification.

- ``insecure_hosts``: their server certificate is not verified. Applied per connection in
  mitmproxy's ``tls_start_server`` hook (mitmproxy's own ``ssl_insecure`` is all hosts or none).
- ``passthrough_hosts``: their TLS is not intercepted at all; they become regexes for
  mitmproxy's ``ignore_hosts`` option, built from escaped host names.
- ``error_page``: what the browser gets instead of mitmproxy's bare "502 Bad Gateway" when an
  origin's certificate cannot be verified: what happened, and how to allow that host.
"""
from __future__ import annotations

import html
import re
from collections.abc import Iterable

# mitmproxy's message for a server certificate that failed verification (proxy/layers/tls.py).
VERIFY_FAILED = "Certificate verify failed"
ERROR_STATUS = 502  # Bad Gateway, as mitmproxy's own page: the origin could not be reached safely
ERROR_HEADER_VALUE = "tls-error"  # the X-Clearpage header of the error page


def matches(host: str | None, patterns: Iterable[str]) -> bool:
    """Whether ``host`` is one of ``patterns`` (host names, IPs, or ``*.domain``, which covers domain too)."""
    if not host:
        return False
    host = host.lower().rstrip(".")
    for pattern in patterns:
        pattern = pattern.lower().rstrip(".")
        if host == pattern:
            return True
        if pattern.startswith("*.") and (host == pattern[2:] or host.endswith(pattern[1:])):
            return True
    return False


def ignore_pattern(host: str) -> str:
    """The ``ignore_hosts`` regex for one ``passthrough_hosts`` entry.

    mitmproxy searches each regex in ``HOST:PORT`` strings (the address, SNI and Host header);
    the name is escaped and anchored at both ends, so ``bank.example`` matches neither
    ``notbank.example`` nor ``bank.example.evil``.
    """
    host = host.lower().rstrip(".")
    if host.startswith("*."):
        return rf"^(?:[^:/]+\.)?{re.escape(host[2:])}\.?:\d+$"
    return rf"^{re.escape(host)}\.?:\d+$"


def ignore_patterns(hosts: Iterable[str]) -> list[str]:
    return [ignore_pattern(host) for host in hosts]


def is_verify_failure(message: str | None) -> bool:
    return bool(message) and VERIFY_FAILED.lower() in (message or "").lower()


def error_page(host: str, reason: str) -> bytes:
    """The page served when ``host``'s certificate failed verification: accessible HTML
    (lang, title, one main and h1, no script), with the way to allow the host."""
    host_text = html.escape(host)
    reason_text = html.escape(reason)
    page = f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Certificate not trusted: {host_text} (clearpage)</title>
<style>
body {{ font: 1.125rem/1.6 system-ui, sans-serif; margin: 0; color: #1a1a1a; background: #fff; }}
main {{ max-width: 42rem; margin: 2rem auto; padding: 0 1rem; }}
code, pre {{ font-family: ui-monospace, monospace; background: #f0f0f0; color: #1a1a1a; }}
pre {{ padding: 0.75rem; overflow-x: auto; }}
@media (prefers-color-scheme: dark) {{
  body {{ color: #eee; background: #121212; }}
  code, pre {{ background: #2a2a2a; color: #eee; }}
}}
</style>
</head>
<body>
<main>
<h1>The certificate of {host_text} is not trusted</h1>
<p>clearpage did not load this page: the server at <strong>{host_text}</strong> presented a
certificate that could not be verified, so the connection to it could be read or changed by
someone else.</p>
<p>What the check said: <code>{reason_text}</code></p>
<h2>If you know this server</h2>
<p>Servers on a home or company network often use a self-signed or internal certificate. To
load pages from this host without checking its certificate, add it to
<code>tls.insecure_hosts</code> in your clearpage config file:</p>
<pre><code>tls:
  insecure_hosts: [{host_text}]</code></pre>
<p>The change applies as soon as the file is saved. Only do this for a host you trust on a
network you trust: clearpage then accepts any certificate from it.</p>
<p>To leave this host's HTTPS alone entirely (not decrypted, not filtered), list it under
<code>tls.passthrough_hosts</code> instead.</p>
</main>
</body>
</html>
"""
    return page.encode("utf-8")
