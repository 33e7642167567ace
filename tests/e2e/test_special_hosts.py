"""HTTPS hosts the proxy treats specially, end to end with real TLS on loopback.

One ``clearpage proxy`` that trusts no test CA, three HTTPS origins whose certificate comes from
a CA only the test knows (so, to the proxy, an internal or self-signed certificate):
  - https://127.0.0.1:P  not listed: refused, with clearpage's error page;
  - https://localhost:P  (the same origin) in ``tls.insecure_hosts``: served;
  - https://127.0.0.2:Q  in ``tls.passthrough_hosts``: not intercepted (the client sees the
    origin's own certificate).
And mitmproxy's own ``mitm.it`` page, which is served as mitmproxy makes it.
"""
from __future__ import annotations

import http.client
import ssl

import lxml.html
import pytest

from tests.support.origin import Origin, Route
from tests.support.proxy import fetch, running_proxy
from tests.support.tls import make_server_cert

PAGE = (
    b"<!DOCTYPE html><html lang='en'><head><title>Intranet</title></head><body><main><h1>Intranet</h1>"
    + b"<p>The internal wiki says hello from behind its own certificate authority. " * 20
    + b"</p></main></body></html>"
)
ROUTES = {"/": Route(PAGE, {"Content-Type": "text/html; charset=utf-8"})}
CONFIG = "tls:\n  insecure_hosts: [localhost]\n  passthrough_hosts: ['127.0.0.2']\n"


@pytest.fixture(scope="module")
def hosts(tmp_path_factory):
    directory = tmp_path_factory.mktemp("special-hosts")
    cert = make_server_cert(directory / "internal")
    passthrough_cert = make_server_cert(directory / "passthrough", host="127.0.0.2")
    with Origin(ROUTES, tls=cert) as internal, Origin(ROUTES, tls=passthrough_cert, host="127.0.0.2") as passthrough:
        with running_proxy(directory / "proxy", config=CONFIG) as proxy:
            yield proxy, internal, passthrough, passthrough_cert


def test_an_untrusted_certificate_gets_clearpages_error_page(hosts):
    proxy, internal, _, _ = hosts
    got = fetch(proxy, internal.url("/"))
    assert got.status == 502
    assert got.header("X-Clearpage") == "tls-error"
    assert got.header("content-type") == "text/html; charset=utf-8"
    doc = lxml.html.document_fromstring(got.body.decode("utf-8"))
    assert doc.get("lang") == "en"
    assert "127.0.0.1" in doc.findtext(".//title")
    assert len(doc.xpath("//main")) == 1 and len(doc.xpath("//h1")) == 1
    assert not doc.xpath("//script")
    text = " ".join(doc.text_content().split())
    assert "tls.insecure_hosts" in text and "insecure_hosts: [127.0.0.1]" in text
    assert "certificate" in text.lower() and "unable to get local issuer certificate" in text  # OpenSSL's reason
    assert "Bad Gateway" not in text  # not mitmproxy's bare page
    assert internal.requests == [] or all(path != "/" for _, path in internal.requests)  # nothing was sent upstream


def test_an_insecure_host_is_served(hosts):
    proxy, internal, _, _ = hosts
    got = fetch(proxy, f"https://localhost:{internal.port}/")
    assert got.status == 200, got.body[:300]
    assert b"own certificate authority" in got.body
    assert got.header("X-Clearpage") and got.header("X-Clearpage").startswith("mode=")  # filtered as usual
    # ... and only that host: the same server under its address is still refused.
    assert fetch(proxy, internal.url("/")).status == 502


def test_a_passthrough_host_is_not_intercepted(hosts):
    proxy, _, passthrough, passthrough_cert = hosts
    # Trusting only the origin's CA: the handshake succeeds only if the proxy did not put its own certificate in.
    context = ssl.create_default_context(cafile=str(passthrough_cert.ca_file))
    conn = http.client.HTTPSConnection(proxy.host, proxy.port, timeout=30, context=context)
    conn.set_tunnel("127.0.0.2", passthrough.port)
    try:
        conn.request("GET", "/")
        issuer = dict(pair[0] for pair in conn.sock.getpeercert()["issuer"])
        response = conn.getresponse()
        body = response.read()
    finally:
        conn.close()
    assert issuer["commonName"] == "clearpage test origin CA"
    assert response.status == 200 and body == PAGE  # byte for byte: not filtered either
    assert response.getheader("X-Clearpage") is None


def test_mitmproxys_certificate_page_is_left_alone(hosts):
    proxy, _, _, _ = hosts
    got = fetch(proxy, "http://mitm.it/")
    assert got.status == 200
    assert got.header("X-Clearpage") is None
    doc = lxml.html.document_fromstring(got.body.decode("utf-8"))
    assert doc.xpath("//a[@href='/cert/pem']") and doc.xpath("//a[@href='/cert/p12']")  # its download links
    assert doc.xpath("//link[@rel='stylesheet']")  # its own look (bootstrap), kept
    assert not doc.xpath("//*[@data-clearpage]")


@pytest.mark.browser
def test_the_error_page_passes_axe_in_chromium(hosts):
    from clearpage.tools import a11y
    from tests.conftest import require

    require(a11y.playwright_available(), "Playwright for Python is not installed (pip install -e '.[test]')", "CLEARPAGE_REQUIRE_BROWSER")
    require(a11y.chromium_path() is not None, f"no Chromium at {a11y.DEFAULT_CHROMIUM} (apt-get install chromium)", "CLEARPAGE_REQUIRE_BROWSER")
    require(a11y.axe_path() is not None, f"axe-core not found: ./dev test installs it, or set {a11y.AXE_ENV}", "CLEARPAGE_REQUIRE_BROWSER")
    proxy, internal, _, _ = hosts
    # The browser accepts the proxy's certificate (ignore_https_errors); the proxy refuses the origin's.
    with a11y.Browser({f"127.0.0.1:{internal.port}"}, proxy=proxy.address) as browser:
        audit = browser.audit(internal.url("/"))
    assert "not trusted" in audit.title
    assert not audit.violations, [f"{v.rule} ({v.impact})" for v in audit.violations]  # none at all, minor included
    top = [line for line in audit.snapshot.splitlines() if line.startswith("- ")]
    assert top[0].startswith("- main"), top
    assert audit.snapshot.count("[level=1]") == 1
