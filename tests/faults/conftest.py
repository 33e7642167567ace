"""The fault stack: one ``clearpage proxy`` (the default config, two workers) in front of an origin
serving every bad input (``tests/support/badinputs.py``), a streaming origin (events, WebSocket)
and an HTTP/2 origin."""
from __future__ import annotations

from dataclasses import dataclass

import pytest

from tests.support import badinputs
from tests.support.h2origin import H2Origin
from tests.support.origin import Origin, Route
from tests.support.pages import HTML_UTF8, page, png
from tests.support.proxy import ProxyProcess, running_proxy
from tests.support.streams import SseLog, sse_route, websocket_route
from tests.support.tls import ServerCert, make_server_cert

CONFIG = "proxy:\n  workers: 2\n"


@dataclass
class FaultStack:
    proxy: ProxyProcess
    origin: Origin
    h2: H2Origin
    cert: ServerCert
    cases: dict[str, badinputs.Case]
    sse: SseLog

    def fetch(self, path: str, **kwargs) -> badinputs.Outcome:
        return badinputs.fetch(self.proxy.host, self.proxy.port, self.origin.url(path), self.cases.get(path), **kwargs)

    def assert_serves_the_next_request(self) -> None:
        assert self.proxy.alive(), self.proxy.log()
        got = self.fetch("/next.png")
        assert got.status == 200 and got.body == png(), self.proxy.log()


@pytest.fixture(scope="session")
def fault_stack(tmp_path_factory):
    directory = tmp_path_factory.mktemp("faults")
    cert = make_server_cert(directory / "origin-tls")
    cases = badinputs.cases(heavy=True)
    sse = SseLog()
    routes = {path: case.route for path, case in cases.items()}
    routes["/next.png"] = Route(png(), {"Content-Type": "image/png"})
    routes["/events"] = sse_route(sse)
    routes["/ws"] = websocket_route()
    h2_routes = {"/article.html": Route(page("article.html"), HTML_UTF8), "/pixel.png": Route(png(), {"Content-Type": "image/png"})}
    with Origin(routes) as origin, H2Origin(h2_routes, cert) as h2:
        args = ("--set", f"ssl_verify_upstream_trusted_ca={cert.ca_file}")
        with running_proxy(directory / "proxy", config=CONFIG, args=args) as proxy:
            yield FaultStack(proxy, origin, h2, cert, cases, sse)
