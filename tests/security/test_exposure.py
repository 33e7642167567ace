"""Who can use the proxy: loopback by default (tests/security/test_confdir.py starts the default
proxy and checks it listens on 127.0.0.1); any other address only with proxy authentication.

Real ``clearpage proxy`` processes: one refused for listening on every interface without
credentials (also when the address comes in through ``--set listen_host``, and when the
"credentials" are mitmproxy's accept-anyone ``any``), one listening on every interface with
``--proxyauth`` answering 407 without credentials and the page with them.
"""
import base64
import subprocess
import sys

import pytest

from tests.support.origin import Origin
from tests.support.pages import standard_routes
from tests.support.proxy import fetch, running_proxy

REFUSAL = "refusing to listen on"


def run_proxy(tmp_path, *args) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "clearpage.cli", "proxy", "--port", "0", "--confdir", str(tmp_path / "conf"), *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=90)


@pytest.mark.parametrize(
    "args",
    [
        ("--host", "0.0.0.0"),
        ("--set", "listen_host=::"),  # the address may come in as a mitmproxy option too
        ("--host", "0.0.0.0", "--set", "proxyauth=any"),  # mitmproxy's "any" accepts every password
        ("--set", "mode=regular@0.0.0.0:18734"),  # a mode's own listen address
        ("--set", "mode=socks5@0.0.0.0:18735"),
        ("--set", "mode=regular", "--set", "mode=socks5@0.0.0.0:18736"),  # one of several modes
        ("--set", "mode=regular@:::18737"),  # IPv6 every interface
        ("--host", "0.0.0.0", "--proxyauth", ":"),  # empty user and password: Basic base64(":") passes
        ("--host", "0.0.0.0", "--proxyauth", "user:"),
        ("--host", "0.0.0.0", "--proxyauth", ":pass"),
    ],
    ids=["every-ipv4", "every-ipv6-via-set", "proxyauth-any", "mode-regular-any", "mode-socks5-any",
         "second-mode-any", "mode-ipv6-any", "empty-credentials", "empty-password", "empty-user"],
)
def test_listening_beyond_loopback_without_credentials_is_refused(tmp_path, args):
    done = run_proxy(tmp_path, *args)
    assert done.returncode == 2
    assert "--proxyauth USER:PASS" in done.stderr or "USER:PASS" in done.stderr
    assert REFUSAL in done.stderr or "empty user name or password" in done.stderr
    assert "listening on" not in done.stdout
    assert "Traceback" not in done.stderr


def test_empty_credentials_are_refused_on_loopback_too(tmp_path):
    """mitmproxy would let ``Basic base64(":")`` through: no loopback exception for that."""
    done = run_proxy(tmp_path, "--proxyauth", ":")
    assert done.returncode == 2
    assert "clearpage proxy: proxyauth ':' has an empty user name or password" in done.stderr
    assert "listening on" not in done.stdout


def test_a_mode_that_asks_no_credentials_is_refused_beyond_loopback_even_with_them(tmp_path):
    done = run_proxy(tmp_path, "--proxyauth", "reader:s3cret", "--set", "mode=reverse:http://127.0.0.1:9@0.0.0.0:18738")
    assert done.returncode == 2
    assert "refusing to listen on 0.0.0.0 in reverse mode" in done.stderr


def basic(user: str, password: str) -> str:
    return "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()


def test_with_credentials_it_listens_and_asks_for_them(tmp_path):
    with Origin(standard_routes(10**6)) as origin:
        with running_proxy(tmp_path, args=("--host", "0.0.0.0", "--proxyauth", "reader:s3cret")) as proxy:
            assert proxy.host == "0.0.0.0"
            assert proxy.wait_for_log(r"proxy authentication is on")
            assert proxy.wait_for_log(r"listening on 0\.0\.0\.0: other machines can reach the proxy")
            url = origin.url("/article.html")
            refused = fetch(proxy, url)
            assert refused.status == 407
            assert refused.header("proxy-authenticate", ) and "basic" in refused.header("proxy-authenticate").lower()
            wrong = fetch(proxy, url, headers={"Proxy-Authorization": basic("reader", "guess")})
            assert wrong.status == 407
            assert origin.requests == []  # nothing reached the site without the right credentials
            good = fetch(proxy, url, headers={"Proxy-Authorization": basic("reader", "s3cret")})
            assert good.status == 200 and good.header("x-clearpage", ).startswith("mode=reader")
            assert origin.requests == [("GET", "/article.html")]
