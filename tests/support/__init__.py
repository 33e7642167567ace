"""Reusable harness for tests that run the real proxy: origin servers, TLS, the proxy process.

- ``origin.Origin``: a local HTTP(S) origin in a thread, serving ``Route``s and recording requests.
- ``pages``: the fixture pages (``pages/*.html``) and ready-made routes (gzip, br, a PNG, ...).
- ``tls``: a throwaway CA and a server certificate for 127.0.0.1, made with ``cryptography``.
- ``proxy``: ``clearpage proxy`` as a subprocess on a free loopback port, and ``fetch`` through it.
"""
