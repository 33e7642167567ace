"""``clearpage proxy`` as a real subprocess, and HTTP(S) requests through it.

``running_proxy(tmp_path, config="...yaml...")`` starts the proxy on a free loopback port
(``--port 0``; the port is read from what it prints) with its own ``--confdir``, waits until
it listens, yields a ``ProxyProcess`` (its log is collected as it runs) and stops it.
``fetch(proxy, url)`` sends one request through it with ``http.client`` and returns the status,
headers and the body exactly as received (Content-Encoding not undone). HTTPS goes through a
CONNECT tunnel and trusts only mitmproxy's CA from the proxy's confdir.
"""
from __future__ import annotations

import contextlib
import http.client
import re
import signal
import ssl
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

START_TIMEOUT_S = 90.0  # a cold start imports mitmproxy and starts the filtering workers
STOP_TIMEOUT_S = 15.0
_LISTENING = re.compile(r"clearpage proxy listening on (\S+):(\d+)")


@dataclass
class ProxyProcess:
    process: subprocess.Popen
    confdir: Path
    config_file: Path | None
    host: str = ""
    port: int = 0
    lines: list[str] = field(default_factory=list)

    @property
    def ca_file(self) -> Path:
        return self.confdir / "mitmproxy-ca-cert.pem"

    @property
    def address(self) -> str:
        return f"http://{self.host}:{self.port}"

    def log(self) -> str:
        return "".join(self.lines)

    def alive(self) -> bool:
        return self.process.poll() is None

    def wait_for_log(self, pattern: str, timeout_s: float = 10.0, start: int = 0) -> bool:
        """Whether a log line from index ``start`` on matches ``pattern`` (a regex) within the time."""
        deadline = time.monotonic() + timeout_s
        regex = re.compile(pattern)
        while time.monotonic() < deadline:
            if any(regex.search(line) for line in self.lines[start:]):
                return True
            time.sleep(0.05)
        return False

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(STOP_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def start_proxy(directory: Path, *, config: str | None = None, args: tuple[str, ...] = ()) -> ProxyProcess:
    """Start ``clearpage proxy`` with ``config`` (YAML text, written to a file) and extra ``args``."""
    directory.mkdir(parents=True, exist_ok=True)
    confdir = directory / "mitmproxy"
    config_file = None
    # --lists off: the subscribed ad lists are neither fetched nor used (no figure or test depends on a cache).
    command = [sys.executable, "-m", "clearpage.cli", "proxy", "--port", "0", "--confdir", str(confdir), "--lists", "off"]
    if config is not None:
        config_file = directory / "clearpage.yaml"
        config_file.write_text(config, encoding="utf-8")
        command += ["--config", str(config_file)]
    command += list(args)
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1)
    proxy = ProxyProcess(process, confdir, config_file)
    threading.Thread(target=_collect, args=(process, proxy.lines), daemon=True, name="proxy-log").start()
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        match = next((m for m in map(_LISTENING.search, list(proxy.lines)) if m), None)
        if match:
            proxy.host, proxy.port = match.group(1), int(match.group(2))
            return proxy
        if process.poll() is not None:
            break
        time.sleep(0.05)
    proxy.stop()
    raise RuntimeError(f"clearpage proxy did not start (exit code {process.poll()}):\n{proxy.log()}")


@contextlib.contextmanager
def running_proxy(directory: Path, *, config: str | None = None, args: tuple[str, ...] = ()):
    proxy = start_proxy(directory, config=config, args=args)
    try:
        yield proxy
    finally:
        proxy.stop()


def _collect(process: subprocess.Popen, lines: list[str]) -> None:
    assert process.stdout is not None
    for line in process.stdout:
        lines.append(line)


@dataclass(frozen=True)
class Fetched:
    status: int
    headers: list[tuple[str, str]]
    body: bytes

    def header(self, name: str) -> str | None:
        return next((v for k, v in self.headers if k.lower() == name.lower()), None)


def fetch(
    proxy: ProxyProcess,
    url: str,
    *,
    method: str = "GET",
    headers: dict[str, str] | None = None,
    trust: Path | None = None,
    timeout_s: float = 30.0,
) -> Fetched:
    """One request through the proxy; ``trust`` is the CA file for HTTPS (default: the proxy's CA)."""
    parts = urlsplit(url)
    if parts.scheme == "https":
        context = ssl.create_default_context(cafile=str(trust or proxy.ca_file))
        conn = http.client.HTTPSConnection(proxy.host, proxy.port, timeout=timeout_s, context=context)
        conn.set_tunnel(parts.hostname, parts.port or 443)
        target = parts.path + (f"?{parts.query}" if parts.query else "")
    else:
        conn = http.client.HTTPConnection(proxy.host, proxy.port, timeout=timeout_s)
        target = url
    try:
        conn.request(method, target, headers=headers or {})
        response = conn.getresponse()
        body = response.read()
        return Fetched(response.status, response.getheaders(), body)
    finally:
        conn.close()
