"""Replicas behind a real HAProxy (``clearpage fleet setup`` + ``run``): credentials, balancing,
a replica killed by pid, and the refusal of a fleet that would be an open proxy."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request

import lxml.html
import pytest

from tests.conftest import require
from tests.learn.site_pages import FOOTER_TEXT, NAV_TEXT, memory_config, pages
from tests.support.fleet import CHECK_INTERVAL_MS, haproxy_binary, running_fleet
from tests.support.origin import Origin, Route
from tests.support.postgres import Server
from tests.support.postgres import _require as _require_postgres

HTML = {"Content-Type": "text/html; charset=utf-8"}
REPLICAS = 3
MAX_REQUESTS_PER_CLIENT = 400  # bounds the kill test's load (about 40 s at its pace)
REQUESTS_AFTER_DOWN = 4  # each client's requests once the victim is out: what must avoid it
PACE_S = 0.1  # between a client's requests until then: a steady load, not a flood
# One worker per replica; a generous budget, so a loaded machine still filters every page.
CONFIG = "mode: reader\nproxy:\n  workers: 1\n  time_budget_ms: 30000\n"
SITE = pages()
ARTICLE = SITE[0][1].encode("utf-8")
# What a browser sends for a top-level navigation over plain HTTP (what the memory learns from).
NAVIGATION = {"Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", "Upgrade-Insecure-Requests": "1"}
READ = {"Accept": "text/html"}  # not a navigation: filtered with the memory, teaches it nothing


def need_haproxy() -> None:
    require(haproxy_binary() is not None, "haproxy is not installed (apt-get install haproxy; ./dev test installs it)",
            "CLEARPAGE_REQUIRE_HAPROXY")


@pytest.fixture(scope="module")
def origin():
    routes = {"/story": Route(ARTICLE, HTML)}
    routes.update({f"/site/{n}": Route(html.encode("utf-8"), HTML) for n, (_, html) in enumerate(SITE, 1)})
    with Origin(routes) as server:
        yield server


@pytest.fixture(scope="module")
def database():
    """A real PostgreSQL of the fleet's own (tests/support/postgres.py), which a test may stop and start."""
    _require_postgres()
    server = Server()
    try:
        server.sql("postgres", "CREATE DATABASE fleet")
        yield server
    finally:
        server.destroy()


@pytest.fixture(scope="module")
def shared_memory(database):
    """The one site memory every replica opens."""
    return database.url("fleet")


@pytest.fixture(scope="module")
def fleet(tmp_path_factory, origin, shared_memory):
    need_haproxy()
    config = CONFIG + memory_config(shared_memory)
    with running_fleet(tmp_path_factory.mktemp("fleet"), replicas=REPLICAS, extra_config=config) as running:
        yield running


def _article(body: bytes) -> str:
    doc = lxml.html.document_fromstring(body.decode("utf-8"))
    (main,) = doc.xpath("//main[@id='cp-content']")
    return " ".join(main.text_content().split())


def _wait_served(fleet, urls) -> dict[str, int]:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and not set(urls) <= set(fleet.served_by()):
        time.sleep(0.1)  # the replicas' log lines reach the supervisor's output a little after the answers
    return fleet.served_by()


def test_a_template_learnt_through_any_replicas_is_removed_on_every_replica(fleet, origin):
    learnt = []
    for number in range(1, 6):  # a new connection each: HAProxy spreads them over the replicas
        url = origin.url(f"/site/{number}")
        got = fleet.fetch(url, headers=NAVIGATION)
        assert got.status == 200 and f"Story {number} of the week" in _article(got.body), fleet.log()
        learnt.append(url)
    served = _wait_served(fleet, learnt)
    assert len({served[url] for url in learnt}) >= 2, served  # the site was learnt from pages on several replicas
    later: dict[int, bool] = {}
    for attempt in range(30):
        if len(later) == REPLICAS:
            break
        number = 6 + attempt % 5
        url = origin.url(f"/site/{number}?visit={attempt}")
        got = fleet.fetch(url, headers=READ)
        text = _article(got.body)
        assert got.status == 200 and f"Story {number} of the week" in text and "told the Gazette" in text
        replica = _wait_served(fleet, [url])[url]
        later[replica] = later.get(replica, True) and NAV_TEXT not in text and FOOTER_TEXT not in text
    assert later == {n: True for n in range(1, REPLICAS + 1)}, (later, fleet.log())


def test_a_stopped_database_costs_the_template_removal_and_nothing_else(fleet, origin, database):
    for number in range(1, 6):  # the site is learnt (again: harmless if an earlier test learnt it)
        assert fleet.fetch(origin.url(f"/site/{number}"), headers=NAVIGATION).status == 200
    plain = fleet.fetch(origin.url("/site/7?clearpage=nomemory"), headers=READ)
    without_memory = _article(plain.body)
    assert NAV_TEXT in without_memory
    assert NAV_TEXT not in _article(fleet.fetch(origin.url("/site/7?before=1"), headers=READ).body)
    database.stop()
    try:
        down = [origin.url(f"/site/7?outage={i}") for i in range(9)]
        for url in down:
            got = fleet.fetch(url, headers=READ)
            # Served, filtered, the article whole: exactly what a page without the memory is.
            assert got.status == 200 and (got.header("x-clearpage") or "").startswith("mode=reader;"), fleet.log()
            assert _article(got.body) == without_memory
        served = _wait_served(fleet, down)
        assert {served[url] for url in down} == set(range(1, REPLICAS + 1)), served  # every replica saw the outage
    finally:
        database.start()
    # The memory comes back by itself on every replica (each asks the database again every 2 s).
    resumed: set[int] = set()
    deadline = time.monotonic() + 90
    attempt = 0
    while resumed != set(range(1, REPLICAS + 1)) and time.monotonic() < deadline:
        url = origin.url(f"/site/7?after={attempt}")
        attempt += 1
        got = fleet.fetch(url, headers=READ)
        assert got.status == 200 and (got.header("x-clearpage") or "").startswith("mode=reader;")
        if NAV_TEXT not in _article(got.body):
            resumed.add(_wait_served(fleet, [url])[url])
        else:
            time.sleep(0.2)
    assert resumed == set(range(1, REPLICAS + 1)), (resumed, fleet.log())


def _url(origin, tag: str) -> str:
    return origin.url(f"/story?n={tag}")


def test_requests_through_the_balancer_reach_every_replica_and_need_credentials(fleet, origin):
    urls = [_url(origin, f"spread-{i}") for i in range(12)]
    for url in urls:
        got = fleet.fetch(url)
        assert got.status == 200 and (got.header("x-clearpage") or "").startswith("mode=reader;"), fleet.log()
    refused = fleet.fetch(_url(origin, "anonymous"), credentials=False)
    assert refused.status == 407 and refused.header("proxy-authenticate")
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and not set(urls) <= set(fleet.served_by()):
        time.sleep(0.1)  # the replicas' log lines reach the supervisor's output a little after the answers
    served = fleet.served_by()
    assert {served[url] for url in urls} == set(range(1, REPLICAS + 1)), served


def test_a_killed_replica_drops_out_and_the_others_keep_serving(fleet, origin):
    fleet.wait_up(set(range(1, REPLICAS + 1)))
    victim = 2
    old_pid = fleet.pids()[victim]
    results: list[tuple[float, float, str, object]] = []  # (start, end, url, status or exception)
    killed_at: list[float] = []
    lock = threading.Lock()
    down = threading.Event()  # set once HAProxy has taken the victim out

    def client(number: int) -> None:
        # Load goes on until HAProxy has taken the victim out and each client has sent a few
        # requests after that: a load that ended first could prove nothing about the balancer.
        after_down = 0
        for i in range(MAX_REQUESTS_PER_CLIENT):
            url = _url(origin, f"kill-{number}-{i}")
            start = time.monotonic()
            try:
                outcome: object = fleet.fetch(url, timeout_s=60).status
            except OSError as exc:
                outcome = exc
            with lock:
                results.append((start, time.monotonic(), url, outcome))
            if number == 0 and i == 4:
                os.kill(old_pid, signal.SIGKILL)
                killed_at.append(_closed(fleet.first_port + victim - 1))
            if down.is_set():
                after_down += 1
                if after_down > REQUESTS_AFTER_DOWN:
                    return
            else:
                time.sleep(PACE_S)

    threads = [threading.Thread(target=client, args=(n,)) for n in range(3)]
    for thread in threads:
        thread.start()
    down_at = None
    deadline = time.monotonic() + 120
    while any(t.is_alive() for t in threads) and time.monotonic() < deadline:
        if down_at is None and killed_at and victim not in fleet.up():
            down_at = time.monotonic()
            down.set()
        time.sleep(0.02)
    down.set()
    for thread in threads:
        thread.join(60)
    assert killed_at, "the load ended before the kill"
    kill = killed_at[0]  # when its port stopped taking connections: the kernel tears a killed process down in its own time
    if down_at is None and victim not in fleet.up():
        down_at = time.monotonic()
    assert down_at is not None and down_at - kill < 10 * CHECK_INTERVAL_MS / 1000, fleet.log()
    failed = [(start, end, url, outcome) for start, end, url, outcome in results if outcome != 200]
    # Only requests in flight on the victim when it died may fail: started before its port closed, ended after the kill.
    assert all(start <= kill for start, _, _, _ in failed), (kill, failed)
    assert len(failed) < len(results) // 4, failed
    served = {}
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        served = fleet.served_by()
        if all(url in served for _, _, url, outcome in results if outcome == 200):
            break
        time.sleep(0.1)
    after = [url for start, _, url, outcome in results if start > down_at and outcome == 200]
    assert after, "no request was sent after the replica was taken out"
    assert all(served.get(url) != victim for url in after), [(url, served.get(url)) for url in after]
    # The supervisor starts it again; HAProxy takes it back after its checks pass.
    fleet.wait_up(set(range(1, REPLICAS + 1)), timeout_s=180)
    assert fleet.pids()[victim] != old_pid
    again = [_url(origin, f"back-{i}") for i in range(9)]
    for url in again:
        assert fleet.fetch(url).status == 200
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and not set(again) <= set(fleet.served_by()):
        time.sleep(0.1)
    assert victim in {fleet.served_by()[url] for url in again}


def _closed(port: int, timeout_s: float = 10.0) -> float:
    """When 127.0.0.1:``port`` refuses connections (polled), as time.monotonic()."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
        except ConnectionRefusedError:
            return time.monotonic()
        except OSError:
            pass
        time.sleep(0.005)
    raise AssertionError(f"port {port} still takes connections {timeout_s:g} s after the kill")


def test_the_balancer_serves_the_pac_file(tmp_path):
    need_haproxy()
    from tests.support.fleet import free_port_block

    port = free_port_block(2)
    config = tmp_path / "clearpage.yaml"
    config.write_text(f"fleet:\n  listen: 127.0.0.1:{port}\n  pac_listen: 127.0.0.1:{port + 1}\n  confdir: confdir\n", encoding="utf-8")
    setup = _clearpage("fleet", "setup", "--config", str(config), "--out", str(tmp_path / "out"))
    assert setup.returncode == 0, setup.stderr
    assert (tmp_path / "confdir" / "mitmproxy-ca-cert.pem").is_file()  # the replicas' one CA, made before any starts
    checked = subprocess.run([haproxy_binary(), "-c", "-f", str(tmp_path / "out" / "haproxy.cfg")], capture_output=True, text=True, timeout=30)
    assert checked.returncode == 0 and "WARNING" not in checked.stdout + checked.stderr, checked.stdout + checked.stderr
    balancer = subprocess.Popen([haproxy_binary(), "-db", "-f", str(tmp_path / "out" / "haproxy.cfg")], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        body = b""
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port + 1}/proxy.pac", timeout=5) as response:
                    body = response.read()
                    kind = response.headers["content-type"]
                break
            except OSError:
                time.sleep(0.1)
        assert body == (tmp_path / "out" / "proxy.pac").read_bytes() and kind == "application/x-ns-proxy-autoconfig"
        assert f'return "PROXY 127.0.0.1:{port}; DIRECT";'.encode() in body
    finally:
        balancer.terminate()
        balancer.wait(10)


def _clearpage(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "clearpage.cli", *args], capture_output=True, text=True, timeout=120)


def test_a_fleet_without_credentials_beyond_loopback_is_refused_in_one_line(tmp_path):
    config = tmp_path / "open.yaml"
    config.write_text("mode: reader\nfleet:\n  replicas: 3\n  listen: 0.0.0.0:3128\n  pac_host: proxy.school.example\n", encoding="utf-8")
    for command in (("fleet", "setup", "--config", str(config), "--out", str(tmp_path / "out")), ("fleet", "run", "--config", str(config))):
        refused = _clearpage(*command)
        assert refused.returncode == 2 and refused.stdout == ""
        assert refused.stderr.splitlines() == [
            f"{config}:4: fleet.listen: 0.0.0.0:3128 is beyond loopback and fleet.htpasswd is empty: the balancer would be an "
            "open proxy; set fleet.htpasswd to an htpasswd file (htpasswd -cB FILE USER) or listen on 127.0.0.1"
        ]
    assert not (tmp_path / "out").exists()
    # Every command reading that config refuses it, the replicas' own `clearpage proxy` too.
    assert _clearpage("check-config", str(config)).returncode != 0
    proxy = _clearpage("proxy", "--config", str(config), "--port", "0")
    assert proxy.returncode == 2 and "fleet.htpasswd is empty" in proxy.stderr


def test_a_fleet_with_an_unusable_htpasswd_is_refused(tmp_path):
    config = tmp_path / "fleet.yaml"
    (tmp_path / "htpasswd").write_text("school:plaintext\n", encoding="utf-8")
    config.write_text("fleet:\n  listen: 0.0.0.0:3128\n  pac_host: proxy.school.example\n  htpasswd: htpasswd\n", encoding="utf-8")
    refused = _clearpage("fleet", "setup", "--config", str(config), "--out", str(tmp_path / "out"))
    assert refused.returncode == 2 and refused.stderr.splitlines() == [
        f"clearpage fleet: fleet.htpasswd {tmp_path / 'htpasswd'}: Unsupported htpasswd format for user 'school'"
    ]
