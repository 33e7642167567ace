"""One running ``clearpage proxy`` and its origins (HTTP and HTTPS), shared by the e2e tests."""
from __future__ import annotations

from dataclasses import dataclass

import pytest

from tests.support.origin import Origin
from tests.support.pages import standard_routes
from tests.support.proxy import ProxyProcess, fetch, running_proxy
from tests.support.tls import make_server_cert

BODY_LIMIT = 65536  # small, so the over-limit fixtures stay small
CONFIG = f"proxy:\n  max_body_bytes: {BODY_LIMIT}\n"


@dataclass
class Stack:
    proxy: ProxyProcess
    origin: Origin  # http://127.0.0.1:PORT
    secure: Origin  # https://127.0.0.1:PORT, its certificate from a CA only the proxy trusts

    def assert_alive(self) -> None:
        """The proxy process runs and still answers."""
        assert self.proxy.alive(), self.proxy.log()
        assert fetch(self.proxy, self.origin.url("/pixel.png")).status == 200


@pytest.fixture(scope="session")
def stack(tmp_path_factory):
    directory = tmp_path_factory.mktemp("e2e")
    cert = make_server_cert(directory / "origin-tls")
    routes = standard_routes(big_size=BODY_LIMIT * 2)
    with Origin(routes) as origin, Origin(routes, tls=cert) as secure:
        args = ("--set", f"ssl_verify_upstream_trusted_ca={cert.ca_file}")
        with running_proxy(directory / "proxy", config=CONFIG, args=args) as proxy:
            yield Stack(proxy, origin, secure)
