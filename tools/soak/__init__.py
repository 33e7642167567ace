"""What ``clearpage soak`` drives, shared with the proxy tests (tests/support re-exports it).

- ``origin.Origin``: a local HTTP(S) origin in a thread, serving ``Route``s and recording requests.
- ``pages``: the fixture pages (``pages/*.html``) and ready-made routes (gzip, br, a PNG, ...).
- ``badinputs``: the bad inputs sent through the proxy, each with its expected outcome.
- ``tls``: a throwaway CA and a server certificate for 127.0.0.1, made with ``cryptography``.
- ``proxy``: ``clearpage proxy`` as a subprocess on a free loopback port, and ``fetch`` through it.
"""
