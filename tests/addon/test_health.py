"""The health endpoint of a real ``clearpage proxy --health-port``: 200 while it serves, 503 when its
filtering workers cannot start (pages then go out unfiltered), ``/alive`` 200 in both cases."""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

from tests.support.breakable_worker import FLAG
from clearpage.tools.soak.proxy import _collect
from tests.support.proxy import START_TIMEOUT_S, ProxyProcess, running_proxy

_HEALTH = re.compile(r"health checks: http://127\.0\.0\.1:(\d+)/")
# The proxy command with workers that stop starting once a file exists (tests/support/breakable_worker.py).
BREAKABLE_PROXY = (
    "import sys; from clearpage.cli import build_parser, cmd_proxy; "
    "sys.exit(cmd_proxy.run(build_parser().parse_args(sys.argv[1:]), worker_module='tests.support.breakable_worker'))"
)
PROJECT = Path(__file__).resolve().parent.parent.parent


def _get(port: int, path: str = "/health") -> tuple[int, str]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


def _health_port(proxy) -> int:
    match = _HEALTH.search(proxy.log())
    assert match, proxy.log()
    return int(match.group(1))


def test_a_serving_proxy_answers_200_on_its_health_port(tmp_path):
    with running_proxy(tmp_path, config="proxy:\n  workers: 2\n", args=("--health-port", "0")) as proxy:
        port = _health_port(proxy)
        assert _get(port) == (200, "ok: serving, 2 of 2 filtering workers up\n")
        assert _get(port, "/alive")[0] == 200
        request = urllib.request.Request(f"http://127.0.0.1:{port}/health", method="POST", data=b"x")
        try:
            urllib.request.urlopen(request, timeout=10)
            raise AssertionError("POST was answered 2xx")
        except urllib.error.HTTPError as exc:
            assert exc.code == 405


def test_a_broken_worker_pool_answers_503_and_says_so(tmp_path):
    flag = tmp_path / "break"
    env = {**os.environ, FLAG: str(flag), "PYTHONPATH": str(PROJECT)}
    command = [sys.executable, "-c", BREAKABLE_PROXY, "proxy", "--port", "0", "--health-port", "0", "--confdir", str(tmp_path / "confdir")]
    (tmp_path / "clearpage.yaml").write_text("proxy:\n  workers: 2\n", encoding="utf-8")
    command += ["--config", str(tmp_path / "clearpage.yaml")]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1, env=env, cwd=tmp_path)
    proxy = ProxyProcess(process, tmp_path / "confdir", None)
    threading.Thread(target=_collect, args=(process, proxy.lines), daemon=True).start()
    try:
        assert proxy.wait_for_log(r"clearpage proxy listening on", START_TIMEOUT_S), proxy.log()
        port = _health_port(proxy)
        assert _get(port)[0] == 200
        flag.touch()
        for pid in _children(process.pid):
            os.kill(pid, signal.SIGKILL)
        deadline = time.monotonic() + 30
        status, text = _get(port)
        while status == 200 and time.monotonic() < deadline:
            time.sleep(0.1)
            status, text = _get(port)
        assert status == 503 and text.startswith("worker pool broken: 0 of 2 filtering workers up"), (text, proxy.log())
        assert _get(port, "/alive")[0] == 200  # it still listens and serves pages, unfiltered
        flag.unlink()  # the pool retries starting workers (with a growing delay): healthy again
        deadline = time.monotonic() + 90
        while _get(port)[0] != 200 and time.monotonic() < deadline:
            time.sleep(0.2)
        assert _get(port)[0] == 200, proxy.log()
    finally:
        proxy.stop()


def _children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(p) for p in (task / "children").read_text().split()]
    return found


def test_a_health_port_in_use_is_refused(tmp_path):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "clearpage.cli", "proxy", "--port", "0", "--health-port", str(port),
                               "--confdir", str(tmp_path / "confdir")], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert done.stderr.startswith(f"clearpage proxy: cannot answer health checks on 127.0.0.1:{port}: "), done.stderr
