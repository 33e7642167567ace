"""Reusable harness for tests that run the real proxy: origin servers, TLS, the proxy process.

``origin``, ``pages``, ``badinputs``, ``tls`` and ``proxy`` are ``clearpage.tools.soak``'s
modules (``clearpage soak`` drives them too), re-exported here under the names the tests use;
``h2origin``, ``streams``, ``mitm``, ``xss`` and ``overhead`` are the tests' own.
"""
