"""The hand-off bench at a tiny size: real echo workers; the JSON has every figure (no timing assertions)."""
import json
import subprocess
import sys


def test_bench_handoff_echoes_every_job_and_writes_the_figures(tmp_path):
    out = tmp_path / "handoff.json"
    done = subprocess.run(
        [sys.executable, "-m", "clearpage.tools.bench.handoff", "--jobs", "20", "--concurrent", "2", "--json", str(out)],
        capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    figures = json.loads(out.read_text(encoding="utf-8"))
    assert figures["jobs"] == 20 and figures["concurrent"] == 2 and figures["restarts"] == 0
    assert figures["page_bytes"] > 1000 and figures["main_cpu_ms_per_job"] > 0 and figures["peak_rss_growth_mb"] >= 0
    for key in ("handoff_ms", "round_trip_ms"):
        assert figures[key]["n"] == 20 and 0 < figures[key]["median"] <= figures[key]["p99"] <= figures[key]["max"]
    assert "job in -> reply out" in done.stdout


def test_the_echo_worker_answers_a_page_with_its_own_bytes():
    from clearpage.addon.worker import OK, ConfigSpec, Job
    from clearpage.tools.bench.echo_worker import ECHO_MODE, echo_page

    page = b"<html><body><p>hello</p></body></html>"
    job = Job(config=ConfigSpec("x"), url="http://bench.invalid/", body=page, content_encoding=None, charset=None, mode=None,
              budget_ms=1000.0, max_body_bytes=2**20)
    reply = echo_page(page, job)
    assert reply.status == OK and reply.body == page and reply.mode == ECHO_MODE
