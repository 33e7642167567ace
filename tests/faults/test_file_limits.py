"""Files clearpage reads and writes: list files are regular files under a size cap, and a page or
an output path that cannot be used is one line naming the path, never a traceback or a hang.

Real ``clearpage`` processes (subprocess, bounded by a timeout: a FIFO used to hang them)."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from clearpage.filters.paths import list_file_problem, read_list_file

TIMEOUT_S = 60  # a hang (a FIFO opened for reading waits for a writer forever) fails the test


def clearpage(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "clearpage.cli", *args], capture_output=True, text=True, timeout=TIMEOUT_S)


def one_line(done: subprocess.CompletedProcess) -> str:
    assert "Traceback" not in done.stderr, done.stderr
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    return lines[0] if len(lines) == 1 else "\n".join(lines)


@pytest.fixture
def fifo(tmp_path):
    path = tmp_path / "list.fifo"
    os.mkfifo(path)
    return path


@pytest.mark.parametrize("key", ["hosts_files", "adblock_lists"])
@pytest.mark.parametrize("kind", ["dev-zero", "fifo", "directory"])
def test_check_config_refuses_a_list_file_that_is_not_a_regular_file(tmp_path, fifo, key, kind):
    target = {"dev-zero": "/dev/zero", "fifo": str(fifo), "directory": str(tmp_path)}[kind]
    config = tmp_path / "config.yaml"
    config.write_text(f"filters:\n  ad_server:\n    {key}: [{target}]\n", encoding="utf-8")
    done = clearpage("check-config", str(config))
    assert done.returncode != 0
    assert f"{config}:3: filters.ad_server.{key}[0]" in done.stderr
    assert "not a regular file" in done.stderr and "Traceback" not in done.stderr


def test_a_list_file_over_the_cap_is_refused_before_it_is_read(tmp_path):
    big = tmp_path / "big.txt"
    with open(big, "wb") as fh:
        fh.truncate(2048)  # sparse: the size is what counts
    assert list_file_problem(big, limit=1024) == "2,048 bytes, over the 0 MiB limit for list files"
    assert list_file_problem(big, limit=4096) is None
    with pytest.raises(OSError, match="over the"):
        read_list_file(big, limit=1024)


def test_reading_a_list_file_that_became_a_fifo_fails_at_once(fifo):
    with pytest.raises(OSError, match="not a regular file"):
        read_list_file(fifo)


def test_filter_refuses_devices_and_directories_in_one_line(tmp_path):
    for path in ("/dev/zero", str(tmp_path)):
        done = clearpage("filter", path)
        assert done.returncode == 2
        assert one_line(done).startswith(f"clearpage: cannot read {path}: ")


@pytest.mark.parametrize("option", ["-o", "--report"])
def test_filter_names_an_output_path_it_cannot_write(tmp_path, option):
    page = tmp_path / "page.html"
    page.write_text("<html><body><p>Hello there, a short page.</p></body></html>", encoding="utf-8")
    targets = [str(tmp_path), str(tmp_path / "missing" / "out.html")]
    if os.path.exists("/proc/version"):
        targets.append("/proc/version")
    for target in targets:
        done = clearpage("filter", str(page), option, target)
        assert done.returncode == 2, (target, done.stderr)
        assert one_line(done).startswith(f"clearpage: cannot write {option} {target}: "), done.stderr
