"""Every bad input through the real proxy ends as a correct rewritten page or the original bytes.

One parametrised test per case of ``tests/support/badinputs.py`` (bodies: empty, binary garbage,
truncated gzip/br/zstd, unknown and wrong charsets, mixed encodings, a BOM against the header,
100,000 nested elements, no <html>/<body>, XHTML, a frameset, SVG, templates and shadow roots;
protocol: HEAD, 204, 304, 206, chunked, a slow server, a server that closes mid-body; heavy: a
50 MB page plain and chunked, a million elements). After each, the proxy must answer the next
request. The outcome each case must have is written beside it in badinputs.py.
"""
import pytest

from tests.support import badinputs

LIGHT = sorted(badinputs.cases(heavy=False))
HEAVY = sorted(badinputs.HEAVY_PATHS)


def check(fault_stack, path):
    case = fault_stack.cases[path]
    outcome = fault_stack.fetch(path)
    problem = badinputs.judge(case, outcome)
    assert problem is None, f"{path}: {problem}\n--- proxy log ---\n{fault_stack.proxy.log()[-3000:]}"
    fault_stack.assert_serves_the_next_request()
    return outcome


@pytest.mark.parametrize("path", LIGHT)
def test_bad_input(fault_stack, path):
    check(fault_stack, path)


@pytest.mark.slow
@pytest.mark.parametrize("path", HEAVY)
def test_heavy_input(fault_stack, path):
    check(fault_stack, path)


def test_failures_are_logged_with_url_and_reason(fault_stack):
    for path, reason in [("/truncated-gzip.html", "undecodable body: gzip"), ("/truncated-br.html", "undecodable body: br"),
                         ("/truncated-zstd.html", "undecodable body: zstd")]:
        start = len(fault_stack.proxy.lines)
        check(fault_stack, path)
        url = fault_stack.origin.url(path)
        assert fault_stack.proxy.wait_for_log(rf"served the original of {url}: {reason}", start=start), fault_stack.proxy.log()[-2000:]
