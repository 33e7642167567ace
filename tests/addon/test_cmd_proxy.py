import subprocess
import sys

from clearpage.addon.cmd_proxy import exposure_problem


def test_loopback_is_not_exposed():
    for host in ("127.0.0.1", "127.0.0.2", "::1", "localhost"):
        assert exposure_problem(host) is None


def test_other_addresses_warn_and_name_the_fix():
    for host in ("0.0.0.0", "", "192.168.1.5", "::", "proxy.example"):
        problem = exposure_problem(host)
        assert problem and "proxyauth" in problem
    assert "asks for the proxyauth password" in exposure_problem("0.0.0.0", authenticated=True)


def test_a_bad_config_stops_the_command_with_file_line_and_key(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("proxy:\n  workers: many\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "clearpage.addon.cli", "proxy", "--config", str(bad), "--port", "0"],
        capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 2
    assert f"{bad}:2: proxy.workers" in done.stderr
    assert "listening" not in done.stdout
