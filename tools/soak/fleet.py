"""``clearpage fleet`` for real: N replicas behind a real HAProxy, on loopback ports picked free.

``running_fleet(directory, replicas=3, extra_config="...")`` writes a config with a ``fleet:``
section (a bcrypt htpasswd, one confdir), runs ``clearpage fleet setup`` and ``clearpage fleet
run``, starts ``haproxy -db -f haproxy.cfg``, waits until HAProxy reports every replica up, yields
a ``Fleet`` and stops both. ``Fleet.fetch(url)`` sends one request through the balancer with the
proxy credentials; ``Fleet.served_by(url)`` says which replica logged filtering that URL.
Shared by the fleet tests and ``clearpage bench fleet``.
"""
from __future__ import annotations

import base64
import contextlib
import http.client
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from .proxy import Fetched

USER, PASSWORD = "school", "fleet-test-password"
BCRYPT_ROUNDS = 4  # bcrypt's minimum: every check costs a replica a hash, and tests make hundreds
START_TIMEOUT_S = 240.0  # three replicas start mitmproxy and their workers at once on a shared 2-core machine
STOP_TIMEOUT_S = 30.0
CHECK_INTERVAL_MS = 300  # HAProxy's health checks in tests: a dead replica is out within ~2 of them
_REPLICA_LINE = re.compile(r"^replica (\d+): (.*)$")
_STARTED = re.compile(r"clearpage fleet: replica (\d+) started, pid (\d+)")
_FILTERED = re.compile(r"clearpage: \w+ \d+ ms, \d+ removed: (\S+)")
_UP = re.compile(r"Server clearpage_replicas/replica(\d+) is UP")
_DOWN = re.compile(r"Server clearpage_replicas/replica(\d+) is DOWN")


def haproxy_binary() -> str | None:
    return shutil.which("haproxy") or next((p for p in ("/usr/sbin/haproxy",) if Path(p).exists()), None)


def free_port_block(count: int, attempts: int = 200) -> int:
    """The first of ``count`` consecutive loopback ports free now, from a random start."""
    for _ in range(attempts):
        base = random.randint(20000, 60000 - count)
        sockets = []
        try:
            for port in range(base, base + count):
                sock = socket.socket()
                sockets.append(sock)
                sock.bind(("127.0.0.1", port))
            return base
        except OSError:
            continue
        finally:
            for sock in sockets:
                sock.close()
    raise RuntimeError(f"no {count} consecutive free loopback ports found")


def write_htpasswd(path: Path, user: str = USER, password: str = PASSWORD) -> Path:
    import bcrypt

    hashed = bcrypt.hashpw(password.encode(), bcrypt.gensalt(rounds=BCRYPT_ROUNDS)).decode()
    path.write_text(f"{user}:{hashed}\n", encoding="utf-8")
    return path


@dataclass
class Fleet:
    directory: Path
    port: int  # the balancer's
    replicas: int
    first_port: int
    first_health_port: int
    supervisor: subprocess.Popen
    haproxy: subprocess.Popen
    lines: list[str] = field(default_factory=list)  # clearpage fleet run's output
    haproxy_lines: list[str] = field(default_factory=list)

    def log(self) -> str:
        return "".join(self.lines[-200:]) + "--- haproxy ---\n" + "".join(self.haproxy_lines[-50:])

    def pids(self) -> dict[int, int]:
        """Replica number (1-based) -> its latest process id."""
        found: dict[int, int] = {}
        for line in list(self.lines):
            match = _STARTED.search(line)
            if match:
                found[int(match.group(1))] = int(match.group(2))
        return found

    def served_by(self) -> dict[str, int]:
        """URL -> the replica that logged filtering it (the last one, if several did)."""
        found = {}
        for line in list(self.lines):
            match = _REPLICA_LINE.match(line.rstrip("\n"))
            if match:
                page = _FILTERED.search(match.group(2))
                if page:
                    found[page.group(1)] = int(match.group(1))
        return found

    def up(self) -> set[int]:
        """The replicas HAProxy has in service now (from its log of state changes)."""
        state: dict[int, bool] = {}
        for line in list(self.haproxy_lines):
            for regex, value in ((_UP, True), (_DOWN, False)):
                match = regex.search(line)
                if match:
                    state[int(match.group(1))] = value
        return {number for number, is_up in state.items() if is_up}

    def wait_up(self, numbers: set[int], timeout_s: float = START_TIMEOUT_S) -> None:
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if self.up() == numbers:
                return
            if self.supervisor.poll() is not None or self.haproxy.poll() is not None:
                break
            time.sleep(0.1)
        raise RuntimeError(f"HAProxy did not have replicas {sorted(numbers)} up (has {sorted(self.up())}):\n{self.log()}")

    def fetch(self, url: str, *, headers: dict[str, str] | None = None, credentials: bool = True, timeout_s: float = 60.0) -> Fetched:
        """One plain-HTTP request through the balancer (a new connection each time)."""
        sent = dict(headers or {})
        if credentials:
            sent["Proxy-Authorization"] = "Basic " + base64.b64encode(f"{USER}:{PASSWORD}".encode()).decode()
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout_s)
        try:
            conn.request("GET", url, headers=sent)
            response = conn.getresponse()
            return Fetched(response.status, response.getheaders(), response.read())
        finally:
            conn.close()


def fleet_config(directory: Path, replicas: int, port: int, first_port: int, first_health_port: int, extra: str = "") -> str:
    return (
        f"{extra}"
        "fleet:\n"
        f"  replicas: {replicas}\n"
        f"  listen: 127.0.0.1:{port}\n"
        f"  first_port: {first_port}\n"
        f"  first_health_port: {first_health_port}\n"
        f"  confdir: {directory / 'confdir'}\n"
        f"  htpasswd: {directory / 'htpasswd'}\n"
        f"  check_interval_ms: {CHECK_INTERVAL_MS}\n"
    )


@contextlib.contextmanager
def running_fleet(directory: Path, *, replicas: int = 3, extra_config: str = ""):
    haproxy = haproxy_binary()
    if haproxy is None:
        raise RuntimeError("haproxy is not installed (apt-get install haproxy)")
    directory.mkdir(parents=True, exist_ok=True)
    write_htpasswd(directory / "htpasswd")
    base = free_port_block(2 * replicas + 1)
    port, first_port, first_health_port = base, base + 1, base + 1 + replicas
    config = directory / "clearpage.yaml"
    config.write_text(fleet_config(directory, replicas, port, first_port, first_health_port, extra_config), encoding="utf-8")
    cli = [sys.executable, "-m", "clearpage.cli", "fleet"]
    setup = subprocess.run([*cli, "setup", "--config", str(config), "--out", str(directory)], capture_output=True, text=True, timeout=120)
    if setup.returncode != 0:
        raise RuntimeError(f"clearpage fleet setup failed:\n{setup.stdout}{setup.stderr}")
    supervisor = subprocess.Popen([*cli, "run", "--config", str(config)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1)
    balancer = subprocess.Popen([haproxy, "-db", "-f", str(directory / "haproxy.cfg")], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                text=True, bufsize=1)
    fleet = Fleet(directory, port, replicas, first_port, first_health_port, supervisor, balancer)
    threading.Thread(target=_collect, args=(supervisor, fleet.lines), daemon=True, name="fleet-log").start()
    threading.Thread(target=_collect, args=(balancer, fleet.haproxy_lines), daemon=True, name="haproxy-log").start()
    try:
        fleet.wait_up(set(range(1, replicas + 1)))
        yield fleet
    finally:
        _stop(balancer)
        _stop(supervisor)


def _stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(STOP_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _collect(process: subprocess.Popen, lines: list[str]) -> None:
    assert process.stdout is not None
    for line in process.stdout:
        lines.append(line)
