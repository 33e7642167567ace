import socket
import subprocess
import sys
import time
from pathlib import Path

from clearpage.cli.cmd_proxy import exposure_problem, exposure_problems
from tests.support.origin import Origin, Route
from tests.support.pages import HTML_UTF8, page
from tests.support.proxy import START_TIMEOUT_S, ProxyProcess, fetch

# Shorter than a worker's start and warm-up (~0.7 s of a core: interpreter, lxml, config, the
# language model) and far longer than a warm worker needs for the small article (~10 ms).
QUICK_BUDGET_MS = 500


def test_loopback_is_not_exposed():
    for host in ("127.0.0.1", "127.0.0.2", "::1", "localhost"):
        assert exposure_problem(host) is None


def test_other_addresses_are_refused_without_authentication_and_name_the_fix():
    for host in ("0.0.0.0", "", "192.168.1.5", "::", "proxy.example"):
        problem = exposure_problem(host)
        assert problem and "refusing" in problem and "--proxyauth" in problem
        assert exposure_problem(host, authenticated=True) is None


def test_every_listen_address_of_every_mode_is_checked():
    assert exposure_problems(["regular"], "127.0.0.1", None) == []
    assert exposure_problems(["regular@127.0.0.1:0", "socks5@[::1]:0", "local"], "127.0.0.1", None) == []
    for modes in (["regular@0.0.0.0:1"], ["regular", "socks5@0.0.0.0:1"], ["regular@:::1"], ["regular@1"]):
        problems = exposure_problems(modes, "" if modes == ["regular@1"] else "127.0.0.1", None)
        assert len(problems) == 1 and problems[0].startswith("refusing to listen on")
    assert exposure_problems(["socks5@0.0.0.0:1"], "127.0.0.1", "reader:s3cret") == []
    assert "in transparent mode" in exposure_problems(["transparent@0.0.0.0:1"], "127.0.0.1", "reader:s3cret")[0]


def test_empty_user_names_and_passwords_are_no_credentials():
    for value in (":", "user:", ":pass", " : "):
        assert "empty user name or password" in exposure_problems(["regular"], "127.0.0.1", value)[0]
    assert exposure_problems(["regular@0.0.0.0:1"], "127.0.0.1", "user:pass") == []


def test_a_bad_config_stops_the_command_with_file_line_and_key(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("proxy:\n  workers: many\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "clearpage.cli", "proxy", "--config", str(bad), "--port", "0"],
        capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 2
    assert f"{bad}:2: proxy.workers" in done.stderr
    assert "listening" not in done.stdout


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _until_accepting(process: subprocess.Popen, port: int) -> None:
    """Returns the moment ``port`` takes connections (polled every 10 ms)."""
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline and process.poll() is None:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.01)
    raise AssertionError(f"the proxy never took connections on port {port} (exit code {process.poll()})")


def _first_answer(tmp_path, config: Path | None = None, entry: tuple[str, ...] = ("clearpage.cli", "proxy")):
    """Start ``clearpage proxy`` (with ``config``; ``entry``: the module run, and its arguments before
    the proxy's options), fetch the article through it the moment its port takes connections, stop
    it; the answer and the proxy's output."""
    port = _free_port()
    command = [sys.executable, "-m", *entry, "--port", str(port), "--confdir", str(tmp_path / "mitmproxy")]
    if config is not None:
        command += ["--config", str(config)]
    with Origin({"/article.html": Route(page("article.html"), HTML_UTF8)}) as origin:
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        proxy = ProxyProcess(process, tmp_path / "mitmproxy", config, "127.0.0.1", port)
        try:
            _until_accepting(process, port)
            answer = fetch(proxy, origin.url("/article.html"))
        finally:
            proxy.stop()
        return answer, process.stdout.read()


def test_a_page_sent_the_moment_the_port_opens_is_filtered(tmp_path):
    """The workers are started and warm before the port opens: the first page does not wait for them inside its budget."""
    config = tmp_path / "clearpage.yaml"
    config.write_text(f"mode: reader\nproxy:\n  workers: 2\n  time_budget_ms: {QUICK_BUDGET_MS}\n", encoding="utf-8")
    first, log = _first_answer(tmp_path, config)
    assert first.status == 200
    assert (first.header("X-Clearpage") or "").startswith("mode=reader"), log


def test_a_proxy_started_for_the_bench_floor_says_it_filters_nothing_and_does_not(tmp_path):
    """bench proxy's floor run (tools.bench.floor_proxy): the banner warns, and pages come back parsed and serialised only."""
    from clearpage.tools.bench import floor_proxy

    answer, log = _first_answer(tmp_path, entry=(floor_proxy.__name__,))
    assert f"WARNING: {floor_proxy.WARNING}" in log and "nothing is filtered" in log
    assert answer.status == 200 and (answer.header("X-Clearpage") or "").startswith("mode=floor; "), log


def test_a_port_in_use_says_to_use_port_not_mitmproxys_mode_option(tmp_path):
    config = tmp_path / "clearpage.yaml"
    config.write_text("proxy:\n  workers: 1\n", encoding="utf-8")
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        held.listen()
        port = held.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "clearpage.cli", "proxy", "--port", str(port), "--config", str(config),
             "--confdir", str(tmp_path / "mitmproxy")],
            capture_output=True, text=True, timeout=START_TIMEOUT_S + 30,
        )
    out = done.stdout + done.stderr
    assert done.returncode != 0, out
    assert f"failed to listen on 127.0.0.1:{port}" in out, out
    assert f"Use --port to choose another (e.g. --port {port + 2}" in out, out
    assert "--mode" not in out, out
