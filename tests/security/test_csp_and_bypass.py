"""Through the real proxy: security headers and page policies are kept, and the bypass does one thing.

CSP: the response's Content-Security-Policy headers (one, two, sandbox, report-only) and the
other security headers reach the browser unchanged on rewritten pages, clearpage's own policy
added after them (reader pages; filtered pages whose scripts were removed); a page's own <meta>
policy stays in filter mode and is copied into the reader page. Nothing is loosened.

Bypass: ``clearpage=off`` only decides whether clearpage rewrites: it is cut out of the query
(exactly that pair, wherever it stands, every time it appears) before the request goes upstream,
the rest of the request reaches the site as sent, and the answer is the site's, byte for byte.
"""

import lxml.html
import pytest

from clearpage.filters.pipeline import READER_POLICY

from tests.support.proxy import fetch

SECURITY_HEADERS = (
    "content-security-policy", "content-security-policy-report-only", "x-frame-options", "referrer-policy",
    "permissions-policy", "strict-transport-security", "cross-origin-opener-policy", "x-content-type-options",
)


def all_values(got, name):
    return [v for k, v in got.headers if k.lower() == name]


def test_security_headers_are_kept_on_a_rewritten_page(security_stack):
    route = security_stack.origin.routes["/csp-header.html"]
    got = fetch(security_stack.proxy, security_stack.origin.url("/csp-header.html"))
    assert got.header("x-clearpage").startswith("mode=reader;")
    for name in SECURITY_HEADERS:
        ours = [READER_POLICY] if name == "content-security-policy" else []  # added after the site's
        assert all_values(got, name) == [v for k, v in route.header_items() if k.lower() == name] + ours, name


def test_two_policies_both_kept_in_order(security_stack):
    got = fetch(security_stack.proxy, security_stack.origin.url("/csp-two.html"))
    assert got.header("x-clearpage")
    assert all_values(got, "content-security-policy") == ["script-src 'none'", "default-src https: 'unsafe-inline'", READER_POLICY]
    doc = lxml.html.document_fromstring(got.body)
    assert not doc.xpath("//script")


def test_sandbox_policy_kept_in_filter_mode(security_stack):
    got = fetch(security_stack.proxy, security_stack.origin.url("/csp-sandbox.html"))
    assert got.header("x-clearpage").startswith("mode=filter;")
    site, ours = all_values(got, "content-security-policy")
    assert site == "sandbox; default-src 'none'" and ours.startswith("script-src 'none'; object-src 'none'")
    doc = lxml.html.document_fromstring(got.body)
    assert not doc.xpath("//style") and not doc.xpath("//script")  # default-src 'none': nothing added inline


@pytest.mark.parametrize("path, mode", [("/csp-meta.html", "reader"), ("/csp-meta-portal.html", "filter")])
def test_meta_policy_kept_in_the_head(security_stack, path, mode):
    route = security_stack.origin.routes[path]
    original = lxml.html.document_fromstring(route.body).xpath("//meta[@http-equiv='Content-Security-Policy']/@content")
    got = fetch(security_stack.proxy, security_stack.origin.url(path))
    assert got.header("x-clearpage").startswith(f"mode={mode};")
    doc = lxml.html.document_fromstring(got.body)
    assert doc.xpath("/html/head/meta[@http-equiv='Content-Security-Policy']/@content") == original


def test_reader_pages_carry_a_policy_of_their_own(security_stack):
    got = fetch(security_stack.proxy, security_stack.origin.url("/echo.html"))
    assert got.header("x-clearpage").startswith("mode=reader;")
    assert all_values(got, "content-security-policy") == [
        "script-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'"
    ]


def test_filtered_pages_without_scripts_carry_one_keeping_their_forms(security_stack):
    got = fetch(security_stack.proxy, security_stack.origin.url("/portal-form.html"))
    assert got.header("x-clearpage").startswith("mode=filter;")
    doc = lxml.html.document_fromstring(got.body)
    assert doc.xpath("//form") and not doc.xpath("//script") and not doc.xpath("//isindex")
    assert doc.xpath("//base/@href") == []  # an ftp: <base> is dropped
    assert all_values(got, "content-security-policy") == ["script-src 'none'; object-src 'none'; base-uri 'none'"]


# ---------------------------------------------------------------------- bypass


def upstream(security_stack, url, **kwargs):
    before = len(security_stack.origin.requests)
    got = fetch(security_stack.proxy, url, **kwargs)
    return got, security_stack.origin.requests[before:], security_stack.origin.request_headers[before:]


@pytest.mark.parametrize(
    "query, sent",
    [
        ("?clearpage=off", ""),
        ("?a=1&clearpage=off&b=%20two", "?a=1&b=%20two"),
        ("?clearpage=off&x=y&clearpage=off", "?x=y"),
        ("?b=2&a=1&clearpage=off", "?b=2&a=1"),  # order kept, nothing re-encoded
    ],
)
def test_bypass_is_cut_out_and_the_answer_is_the_sites(security_stack, query, sent):
    url = security_stack.origin.url("/echo.html")
    headers = {"Cookie": "session=abc", "Accept-Language": "fr", "User-Agent": "soak/1"}
    got, requests, seen = upstream(security_stack, url + query, headers=headers)
    assert requests == [("GET", "/echo.html" + sent)]
    for name, value in headers.items():
        assert seen[0][name.lower()] == value  # the rest of the request reaches the site as sent
    route = security_stack.origin.routes["/echo.html"]
    assert got.header("x-clearpage") is None and got.body == route.body
    for name, value in route.header_items():
        assert got.header(name) == value


@pytest.mark.parametrize("query", ["?clearpage=OFF", "?clearpage%3Doff", "?clearpage=off1", "?xclearpage=off", "?clearpage=on"])
def test_anything_else_is_not_the_bypass_and_goes_upstream_as_sent(security_stack, query):
    url = security_stack.origin.url("/echo.html")
    got, requests, _ = upstream(security_stack, url + query)
    assert requests == [("GET", "/echo.html" + query)]
    assert got.header("x-clearpage").startswith("mode=")


def test_bypass_on_head_and_the_path_is_never_touched(security_stack):
    url = security_stack.origin.url("/echo.html")
    got, requests, _ = upstream(security_stack, url + "?clearpage=off", method="HEAD")
    assert requests == [("HEAD", "/echo.html")] and got.body == b""
    got, requests, _ = upstream(security_stack, security_stack.origin.url("/clearpage=off/echo.html"))
    assert requests == [("GET", "/clearpage=off/echo.html")] and got.status == 404


def test_text_pages_are_not_sniffed_as_html(tmp_path):
    """Text mode serves text/plain with nosniff, so markup quoted in a page cannot become HTML."""
    from tests.support import xss
    from tests.support.mitm import AddonHarness

    h = AddonHarness(tmp_path, "proxy:\n  workers: 1\nmode: text\n")
    try:
        served = h.exchange(xss.article_page(), {"Content-Type": "text/html; charset=utf-8"})
    finally:
        h.close()
    assert served.response.headers["content-type"] == "text/plain; charset=utf-8"
    assert served.response.headers["x-content-type-options"] == "nosniff"
    assert b"River survey" in served.served
