"""Subscribed ad lists fetched from a local HTTP server on loopback (never from the internet).

The server (http.server in a thread, a free port) answers each path as the test sets it up:
a list with an ETag and Last-Modified (and 304 for a matching conditional request), a 500, a
body cut short of its Content-Length, an HTML page, a list of comments only. ``clearpage lists
update`` runs as a real command; the proxy's refresh runs in a real ``clearpage proxy``.
"""
from __future__ import annotations

import logging
import os
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import lxml.html
import pytest

from clearpage.filters import Pipeline, load_config, load_config_text
from clearpage.filters.adblock import subscriptions
from tests.support.origin import Origin, Route
from tests.support.proxy import fetch, running_proxy

LIST = "[Adblock Plus 2.0]\n! Title: test list\n||ads.example^\n||tracker.example^$third-party\n##.sponsored-box\n".encode()
BIGGER = LIST + b"".join(f"||ad{i}.example^\n".encode() for i in range(200))


class ListServer:
    """Serves ``self.bodies[path]`` with an ETag; ``self.modes[path]`` changes how it answers."""

    def __init__(self) -> None:
        self.bodies: dict[str, bytes] = {}
        self.modes: dict[str, str] = {}  # ok | error | truncate | slow
        self.requests: list[tuple[str, dict[str, str]]] = []
        self.release = threading.Event()  # a "slow" answer waits for it
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_GET(self) -> None:  # noqa: N802 - the stdlib's name
                server.requests.append((self.path, dict(self.headers)))
                mode = server.modes.get(self.path, "ok")
                body = server.bodies.get(self.path)
                if mode == "slow":
                    server.release.wait(30)
                if body is None or mode == "error":
                    self._send(500, b"internal error")
                    return
                etag = f'"{len(body)}-{hash(body) & 0xffff}"'
                if self.headers.get("If-None-Match") == etag:
                    self.send_response(304)
                    self.send_header("ETag", etag)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                if mode == "truncate":
                    self.send_response(200)
                    self.send_header("Content-Length", str(len(body)))
                    self.send_header("ETag", etag)
                    self.end_headers()
                    self.wfile.write(body[: len(body) // 3])
                    self.wfile.flush()
                    self.close_connection = True
                    return
                self._send(200, body, {"ETag": etag, "Last-Modified": "Sat, 28 Nov 2026 12:00:00 GMT"})

            def _send(self, status: int, body: bytes, headers: dict[str, str] | None = None) -> None:
                self.send_response(status)
                self.send_header("Content-Type", "text/plain; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                for name, value in (headers or {}).items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format, *args) -> None:  # noqa: A002 - the stdlib's signature
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True, name="list-server")

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}{path}"

    def __enter__(self) -> ListServer:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.release.set()
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def server():
    with ListServer() as s:
        yield s


def test_first_fetch_then_not_modified(server, tmp_path):
    server.bodies["/easylist.txt"] = LIST
    url = server.url("/easylist.txt")
    (first,) = subscriptions.update([url], tmp_path)
    assert first.status == subscriptions.NEW and first.rules == 3 and first.size == len(LIST)
    assert first.path.read_bytes() == LIST
    assert subscriptions.cached_files([url], tmp_path) == (str(first.path),)
    assert not subscriptions.due([url], tmp_path)
    (second,) = subscriptions.update([url], tmp_path)
    assert second.status == subscriptions.NOT_MODIFIED and second.path == first.path
    conditional = server.requests[-1][1]
    assert conditional.get("If-None-Match") and conditional.get("If-Modified-Since") == "Sat, 28 Nov 2026 12:00:00 GMT"
    assert subscriptions.due([url], tmp_path, now=time.time() + subscriptions.REFRESH_INTERVAL_S + 1)


@pytest.mark.parametrize("failure", ["error", "refused"])
def test_a_failed_download_keeps_the_previous_copy(server, tmp_path, failure):
    server.bodies["/l.txt"] = LIST
    url = server.url("/l.txt")
    (first,) = subscriptions.update([url], tmp_path)
    server.bodies["/l.txt"] = BIGGER  # a newer list the failure hides
    if failure == "error":
        server.modes["/l.txt"] = "error"
    else:
        server.__exit__()  # nothing listens on the port any more: connection refused
    (outcome,) = subscriptions.update([url], tmp_path, pool=_no_retry_pool())
    assert outcome.status == subscriptions.KEPT and outcome.path == first.path
    assert ("HTTP 500" in outcome.reason) if failure == "error" else ("refused" in outcome.reason.lower() or "connect" in outcome.reason.lower())
    assert first.path.read_bytes() == LIST


def test_a_truncated_download_is_refused(server, tmp_path):
    server.bodies["/l.txt"] = BIGGER
    url = server.url("/l.txt")
    (first,) = subscriptions.update([url], tmp_path)
    server.bodies["/l.txt"] = BIGGER + b"||new.example^\n"
    server.modes["/l.txt"] = "truncate"  # a third of the announced Content-Length, then the connection closes
    (outcome,) = subscriptions.update([url], tmp_path, pool=_no_retry_pool())
    assert outcome.status == subscriptions.KEPT and first.path.read_bytes() == BIGGER
    # ... and a complete answer much smaller than the copy it would replace is refused too.
    server.modes["/l.txt"] = "ok"
    server.bodies["/l.txt"] = LIST
    (outcome,) = subscriptions.update([url], tmp_path)
    assert outcome.status == subscriptions.KEPT and "truncated?" in outcome.reason and first.path.read_bytes() == BIGGER


@pytest.mark.parametrize("body, why", [
    (b"<!DOCTYPE html><html><body>Sign in to the Wi-Fi</body></html>", "HTML page"),
    (b"[Adblock Plus 2.0]\n! only comments\n!\n\n", "no rules"),
    (b"\x89PNG\r\n\x1a\n\x00\x00binary", "not text"),
])
def test_a_list_that_does_not_parse_is_refused(server, tmp_path, body, why):
    server.bodies["/l.txt"] = LIST
    url = server.url("/l.txt")
    (first,) = subscriptions.update([url], tmp_path)
    server.bodies["/l.txt"] = body
    (outcome,) = subscriptions.update([url], tmp_path)
    assert outcome.status == subscriptions.KEPT and why in outcome.reason
    assert first.path.read_bytes() == LIST
    # With no previous copy, nothing is written at all.
    (fresh,) = subscriptions.update([url], tmp_path / "empty")
    assert fresh.status == subscriptions.KEPT and fresh.path is None and subscriptions.cached_files([url], tmp_path / "empty") == ()


def _no_retry_pool():
    import urllib3

    return urllib3.PoolManager(timeout=urllib3.Timeout(connect=5, read=5), retries=urllib3.Retry(total=0, redirect=0))


def _config(tmp_path: Path, urls: list[str], lists_dir: Path) -> Path:
    path = tmp_path / "clearpage.yaml"
    items = "".join(f"    - {u}\n" for u in urls)
    path.write_text(f"lists:\n  subscriptions:\n{items}  dir: {lists_dir}\n", encoding="utf-8")
    return path


def test_clearpage_lists_update_command(server, tmp_path):
    server.bodies["/a.txt"] = LIST
    config = _config(tmp_path, [server.url("/a.txt"), server.url("/missing.txt")], tmp_path / "cache")
    done = subprocess.run([sys.executable, "-m", "clearpage.cli", "lists", "update", "--config", str(config)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1, done.stderr  # /missing.txt has no copy at all
    lines = done.stdout.splitlines()
    assert lines[0].startswith(f"{server.url('/a.txt')}: fetched, {len(LIST)} bytes, 3 rules -> {tmp_path / 'cache'}")
    assert lines[1].startswith(f"{server.url('/missing.txt')}: HTTP 500; no copy")
    assert f"{server.url('/a.txt')}: downloaded" in done.stderr  # the progress line
    again = subprocess.run([sys.executable, "-m", "clearpage.cli", "lists", "update", "--config", str(config)],
                           capture_output=True, text=True, timeout=60)
    assert f"{server.url('/a.txt')}: not modified" in again.stdout


# ---------------------------------------------------------------------- who uses the copies, who fetches

AD_PAGE = (
    b"<!DOCTYPE html><html lang='en'><head><title>t</title></head><body><main>"
    b"<p>Plain words about a quiet river and the birds along its banks, long enough to stay.</p>"
    b"<div class='sponsored-box'>BUY NOW</div><img src='http://ads.example/banner.png' alt='ad banner'></main></body></html>"
)


def test_the_engine_never_fetches_and_uses_copies_only_when_given(server, tmp_path):
    server.bodies["/l.txt"] = LIST
    url = server.url("/l.txt")
    (copy,) = subscriptions.update([url], tmp_path / "cache")
    before = len(server.requests)
    config = _config(tmp_path, [url], tmp_path / "cache")
    plain = Pipeline(load_config(config)).run(AD_PAGE, "http://site.example/", mode="filter").html
    assert "BUY NOW" in plain and "ads.example" in plain  # eval, bench, filter: the copies are not used
    subscribed = Pipeline(load_config(config, (str(copy.path),))).run(AD_PAGE, "http://site.example/", mode="filter").html
    assert "BUY NOW" not in subscribed and "ads.example/banner" not in subscribed  # the proxy's way: they are
    off = load_config_text("filters:\n  ad_server:\n    subscriptions: false\n", "x.yaml", (str(copy.path),))
    assert "BUY NOW" in Pipeline(off).run(AD_PAGE, "http://site.example/", mode="filter").html
    assert len(server.requests) == before  # loading and filtering fetched nothing


def test_bench_and_test_proxies_never_fetch(server, tmp_path, monkeypatch):
    from clearpage.tools.bench import proxy as bench_proxy
    from clearpage.tools.soak import proxy as soak_proxy

    assert os.environ.get("CLEARPAGE_LISTS") == "off"  # tests/conftest.py: every proxy a test starts
    import inspect

    for module in (bench_proxy, soak_proxy):
        assert '"--lists", "off"' in inspect.getsource(module)
    server.bodies["/l.txt"] = LIST
    config = _config(tmp_path, [server.url("/l.txt")], tmp_path / "cache")
    monkeypatch.delenv("CLEARPAGE_LISTS")  # not even the tests' switch: start_proxy's --lists off alone
    with Origin({"/": Route(AD_PAGE, {"Content-Type": "text/html"})}) as origin:
        proxy = soak_proxy.start_proxy(tmp_path / "proxy", config=config.read_text(), args=())
        try:
            assert fetch(proxy, origin.url("/")).status == 200
            assert "subscriptions off" in proxy.log()
        finally:
            proxy.stop()
    assert server.requests == []


def test_the_proxy_refreshes_in_the_background_without_blocking_start(server, tmp_path):
    url = server.url("/l.txt")
    server.bodies["/l.txt"] = LIST
    subscriptions.update([url], tmp_path / "cache")  # a cached copy from an earlier `clearpage lists update`
    seeded = len(server.requests)
    old = subscriptions.list_path(tmp_path / "cache", url)
    meta = subscriptions.read_meta(old)
    meta["checked"] = time.time() - subscriptions.REFRESH_INTERVAL_S - 60  # due
    old.with_name(old.name + ".json").write_text(__import__("json").dumps(meta), encoding="utf-8")
    server.bodies["/l.txt"] = BIGGER.replace(b"##.sponsored-box", b"##.sponsored-box\n##.newer-ad")
    server.modes["/l.txt"] = "slow"  # the refresh hangs until released
    page = AD_PAGE.replace(b"</main>", b"<div class='newer-ad'>NEWER AD</div></main>")
    config = _config(tmp_path, [url], tmp_path / "cache")
    with Origin({"/": Route(page, {"Content-Type": "text/html"})}) as origin:
        with running_proxy(tmp_path / "proxy", config=config.read_text(), args=("--lists", "refresh")) as proxy:
            deadline = time.monotonic() + 30
            while len(server.requests) == seeded and time.monotonic() < deadline:
                time.sleep(0.1)
            got = fetch(proxy, origin.url("/"))  # while the refresh is still waiting for the server
            assert len(server.requests) == seeded + 1 and not server.release.is_set()
            assert server.requests[-1][1].get("User-Agent") == subscriptions.USER_AGENT
            text = " ".join(lxml.html.document_fromstring(got.body.decode()).text_content().split())
            assert "BUY NOW" not in text and "NEWER AD" in text  # the cached copy is in use from the start
            assert "1 of 1 subscribed list(s) cached" in proxy.log()
            server.release.set()
            assert proxy.wait_for_log(r"lists: .*l\.txt: new", timeout_s=30), proxy.log()
            deadline = time.monotonic() + 30
            while "NEWER AD" in fetch(proxy, origin.url("/")).body.decode() and time.monotonic() < deadline:
                time.sleep(0.5)
            assert "NEWER AD" not in fetch(proxy, origin.url("/")).body.decode()  # the new copy reached the workers


def test_check_config_sums_list_warnings_in_one_line(tmp_path):
    unsupported = "".join([
        *(f"||pop{i}.example^$popup\n" for i in range(6)),
        "example.com##+js(set-constant, a, 1)\n",
        "example.com#?#div:has-text(Sponsored)\n",
        "example.com##body:style(opacity: 1 !important;)\n",
        "||cdn.example/x.mp4$rewrite=abp-resource:blank-mp4\n",
    ])
    (tmp_path / "mine.txt").write_text("[Adblock Plus 2.0]\n||ads.example^\n" + unsupported, encoding="utf-8")
    config = tmp_path / "c.yaml"
    config.write_text("filters:\n  ad_server:\n    adblock_lists: [mine.txt]\n", encoding="utf-8")
    command = [sys.executable, "-m", "clearpage.cli", "check-config", str(config)]
    short = subprocess.run(command, capture_output=True, text=True, timeout=60)
    full = subprocess.run([*command, "--all-warnings"], capture_output=True, text=True, timeout=60)
    assert short.returncode == full.returncode == 0
    each = [line for line in full.stderr.splitlines() if line.startswith("warning:")]
    assert len(each) > 3  # one per kind, the $popup ones summarised per kind already
    (summary,) = short.stderr.splitlines()
    assert summary.startswith("warning: 10 line(s) of 1 ad list(s) the engine cannot use") and "--all-warnings" in summary
    assert f"in {len(each)} warning(s)" in summary


def test_offline_the_proxy_starts_and_the_builtin_host_list_still_blocks(tmp_path):
    with ListServer() as gone:
        url = gone.url("/easylist.txt")
    # Nothing listens there any more: every fetch is refused, as offline; no copy is cached.
    config = _config(tmp_path, [url], tmp_path / "cache")
    page = AD_PAGE.replace(b"</main>", b"<p><img src='https://doubleclick.net/pixel.gif' alt='tracker'></p></main>")
    with Origin({"/": Route(page, {"Content-Type": "text/html"})}) as origin:
        with running_proxy(tmp_path / "proxy", config=config.read_text(), args=("--lists", "refresh")) as proxy:
            assert "0 of 1 subscribed list(s) cached" in proxy.log() and "clearpage lists update" in proxy.log()
            body = fetch(proxy, origin.url("/")).body.decode()
            assert "doubleclick.net" not in body and "quiet river" in body  # config/adservers.txt at work
            assert proxy.wait_for_log(r"lists: no copy yet of .*easylist\.txt", timeout_s=30), proxy.log()
            assert proxy.alive()


def test_a_refused_fetch_is_reported_once_not_per_retry(server, tmp_path, caplog):
    url = server.url("/l.txt")
    server.__exit__()  # offline: every attempt (the default pool retries) is refused
    with caplog.at_level(logging.WARNING):
        (outcome,) = subscriptions.update([url], tmp_path)
    assert outcome.status == subscriptions.KEPT and outcome.path is None
    assert [r.getMessage() for r in caplog.records if r.name.startswith("urllib3")] == []
