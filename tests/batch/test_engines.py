"""``clearpage batch`` on Dask: a LocalCluster of 1 and 2 workers and a real scheduler with two
workers on loopback give the same files row for row; a worker killed mid-batch loses nothing;
a rerun skips the files done; the command's output and formats."""
from __future__ import annotations

import json
import os
import pty
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

distributed = pytest.importorskip("distributed")
pytest.importorskip("fastwarc")

from clearpage import batch  # noqa: E402

from tests.batch import warcs  # noqa: E402

pytestmark = pytest.mark.slow
CONFIG = "proxy:\n  time_budget_ms: 30000\n"  # no page of these runs into the budget, however loaded the machine
CLUSTER_START_S = 90  # a scheduler and two workers on a loaded machine
RUN_TIMEOUT_S = 240


@pytest.fixture(scope="module")
def inputs(tmp_path_factory) -> tuple[Path, list[Path]]:
    """Four WARC files: plain and gzipped, with other records, a truncated record, a broken member."""
    root = tmp_path_factory.mktemp("warcs")
    pages = warcs.pages()
    records = [warcs.response(url, html, n, coding=("gzip", None, "br")[n % 3], chunked=n % 2 == 0) for n, (url, html) in enumerate(pages)]
    info = warcs.record("warcinfo", None, b"software: test\r\n", 90, "application/warc-fields")
    image = warcs.response("http://x.example/a.png", b"\x89PNG\r\n", 91, content_type="image/png")
    cut = warcs.response(pages[0][0], pages[0][1], 92)
    files = [
        warcs.write(root / "one.warc", [info] + records[:3] + [image, cut[: len(cut) // 2]], gzipped=False),
        warcs.write(root / "two.warc.gz", [info] + records[3:] + [image], gzipped=True, broken={2}),
        warcs.write(root / "three.warc.gz", records[::2], gzipped=True),
        warcs.write(root / "four.warc.gz", records[1::2] + [image], gzipped=True),
    ]
    config = root / "batch.yaml"
    config.write_text(CONFIG, encoding="utf-8")
    return config, files


def outputs(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


@pytest.fixture(scope="module")
def reference(inputs, tmp_path_factory) -> dict[str, bytes]:
    config, files = inputs
    out = tmp_path_factory.mktemp("local1")
    summary = batch.run([str(f) for f in files], out, workers=1, config=str(config))
    assert summary.files == 4 and not summary.files_failed
    return outputs(out)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def cluster():
    """A real ``dask scheduler`` and two ``dask worker`` processes on loopback, torn down after."""
    dask = Path(sys.executable).parent / "dask"
    address = f"tcp://127.0.0.1:{free_port()}"
    procs = [subprocess.Popen([str(dask), "scheduler", "--host", "127.0.0.1", "--port", address.rsplit(":", 1)[1], "--no-dashboard", "--dashboard-address", "127.0.0.1:0"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]
    try:
        for n in range(2):
            procs.append(subprocess.Popen([str(dask), "worker", address, "--host", "127.0.0.1", "--nthreads", "1", "--no-dashboard", "--dashboard-address", "127.0.0.1:0",
                                           "--name", f"w{n}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        with distributed.Client(address, timeout=CLUSTER_START_S) as client:
            client.wait_for_workers(2, timeout=CLUSTER_START_S)
        yield address
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def test_local_engine_with_two_workers_writes_the_same_rows(inputs, reference, tmp_path):
    config, files = inputs
    summary = batch.run([str(files[0].parent)], tmp_path, workers=2, config=str(config))  # the folder: the same four files
    assert outputs(tmp_path) == reference
    rows = [json.loads(line) for data in reference.values() for line in data.decode().splitlines()]
    assert summary.pages == len(rows) and summary.statuses["ok"] == sum(r["status"] == "ok" for r in rows) > 5
    assert {"not_html", "error"} <= set(summary.statuses) and summary.other_records == 2
    assert summary.cpu_ms_per_page > 0 and summary.pages_per_s > 0


def test_a_dask_cluster_writes_the_same_rows_and_a_killed_worker_loses_none(inputs, reference, cluster, tmp_path):
    config, files = inputs
    summary = batch.run([str(f) for f in files], tmp_path / "plain", engine="dask", scheduler=cluster, config=str(config))
    assert summary.files == 4 and outputs(tmp_path / "plain") == reference
    killed = tmp_path / "killed"
    done: dict[str, batch.Summary] = {}
    runner = threading.Thread(target=lambda: done.update(summary=batch.run(
        [str(f) for f in files], killed, engine="dask", scheduler=cluster, config=str(config))))
    with distributed.Client(cluster) as client:
        pids = client.run(os.getpid)  # worker address -> its process id
        runner.start()
        pid = None
        deadline = time.monotonic() + RUN_TIMEOUT_S
        while pid is None and time.monotonic() < deadline:  # a worker with a file half done
            if killed.is_dir() and any(p.name.endswith(".part") for p in killed.iterdir()):
                busy = [addr for addr, keys in client.processing().items() if keys]
                if busy:
                    pid = pids[busy[0]]
            time.sleep(0.05)
        assert pid is not None, "no task started"
        os.kill(pid, signal.SIGKILL)
    runner.join(RUN_TIMEOUT_S)
    assert not runner.is_alive()
    assert done["summary"].files == 4 and outputs(killed) == reference  # no .part left either


def test_a_rerun_skips_the_files_done_and_a_terminal_gets_a_progress_line(inputs, reference, tmp_path):
    config, files = inputs
    leader, follower = pty.openpty()
    with open(follower, "w", encoding="utf-8", closefd=True) as terminal:
        first = batch.run([str(f) for f in files[:2]], tmp_path, workers=1, config=str(config), progress=terminal)
    shown = os.read(leader, 65536).decode()
    os.close(leader)
    assert "\r[" in shown and "2/2 files" in shown and "pages/s" in shown and "errors" in shown
    stamps = {p.name: p.stat().st_mtime_ns for p in tmp_path.iterdir()}
    again = batch.run([str(f) for f in files], tmp_path, workers=1, config=str(config))
    assert (first.files, again.files, again.files_skipped) == (2, 2, 2)
    assert all(tmp_path.joinpath(name).stat().st_mtime_ns == ns for name, ns in stamps.items())
    assert outputs(tmp_path) == reference


def test_the_command_writes_warc_conversion_records_and_a_summary(inputs, reference, tmp_path):
    from fastwarc.warc import ArchiveIterator, WarcRecordType

    config, files = inputs
    listing = tmp_path / "inputs.txt"
    listing.write_text(str(files[2]) + "\n", encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "clearpage.cli", "batch", f"@{listing}", "-o", str(tmp_path / "out"), "--workers", "1",
                           "--format", "warc", "--mode", "text", "--config", str(config)],
                          capture_output=True, text=True, timeout=RUN_TIMEOUT_S)
    assert proc.returncode == 0, proc.stderr
    assert "pages/s" in proc.stderr and "ms CPU per page" in proc.stderr and "\r" not in proc.stderr  # no bar off a terminal
    records = [(r.headers.get("WARC-Refers-To"), r.headers.get("Clearpage-Mode"), r.reader.read())
               for r in ArchiveIterator(str(tmp_path / "out" / "three.warc.gz"), record_types=WarcRecordType.conversion)]
    ids = [row["record_id"] for row in map(json.loads, reference["three.jsonl"].decode().splitlines()) if row["status"] == "ok"]
    assert [refers_to for refers_to, _, _ in records] == ids and len(ids) > 3
    assert all(mode == "text" and text for _, mode, text in records)


def test_parquet_without_pyarrow_says_which_extra(inputs, tmp_path, monkeypatch):
    config, files = inputs
    monkeypatch.setitem(sys.modules, "pyarrow", None)  # as if it were not installed
    with pytest.raises(batch.BatchError, match=r"pip install 'clearpage\[parquet\]'"):
        batch.run([str(files[0])], tmp_path, format="parquet")
