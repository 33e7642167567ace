"""The pool's hand-off measured in one process: a job in, its reply out, with nothing done in between.

``python -m clearpage.tools.bench.handoff`` starts the proxy's ``WorkerPool`` with echo workers
(``echo_worker``: each page answered with its own bytes) and sends it one page after another, as
the proxy's event loop does. Per job it reports the round trip (``pool.run``'s wall time) less the
worker's CPU on the page, i.e. the job's way to the worker and the reply's way back, and the CPU
this process spent per job (every thread's: the loop's and any the pool starts), and how far its
peak RSS rose above where it was once the pool had started (the copies of a big page and its
reply: try a 20 MB ``--page``).
``--concurrent N`` keeps N jobs in flight on N workers instead.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import sys
import time
from pathlib import Path

from clearpage.addon.pool import WorkerPool
from clearpage.addon.worker import OK, ConfigSpec, Job
from clearpage.filters import load_config

from . import echo_worker
from .pages import default_page, load_page
from .stats import summary

WARM_UP_JOBS = 50  # first jobs not counted: the worker's and this process's caches fill
BUDGET_S = 30.0  # far above any hand-off: a job that takes this long is an error, not a figure


def _job(spec: ConfigSpec, body: bytes, number: int) -> Job:
    return Job(config=spec, url=f"http://bench.invalid/{number}", body=body, content_encoding=None, charset=None,
               mode=None, budget_ms=BUDGET_S * 1000, max_body_bytes=64 * 2**20)


async def measure(body: bytes, jobs: int, concurrent: int = 1) -> dict:
    """The hand-off's figures for ``jobs`` jobs of ``body``, ``concurrent`` at a time."""
    config = load_config()
    spec = ConfigSpec(config.digest)
    pool = WorkerPool(concurrent, spec, worker_module=echo_worker.MODULE)
    pool.start()
    await pool.wait_started()
    try:
        handoff: list[float] = []
        round_trip: list[float] = []

        async def one(number: int, counted: bool) -> None:
            started = time.perf_counter()
            reply = await pool.run(_job(spec, body, number), BUDGET_S)
            took = (time.perf_counter() - started) * 1000
            if reply.status != OK or reply.body != body:
                raise RuntimeError(f"job {number}: {reply.status} {reply.reason!r}: not the page echoed back")
            if counted:
                round_trip.append(took)
                handoff.append(took - reply.cpu_ms - reply.wait_ms)

        async def stream(first: int, count: int, counted: bool) -> None:
            for number in range(first, first + count):
                await one(number, counted)

        rss_started = _peak_rss_mb()  # the warm-up's jobs count: a big page's copies peak on its first round trip
        per = max(1, WARM_UP_JOBS // concurrent)
        await asyncio.gather(*(stream(k * per, per, False) for k in range(concurrent)))
        each = jobs // concurrent
        cpu_started, wall_started = time.process_time(), time.perf_counter()
        await asyncio.gather(*(stream(10**6 + k * each, each, True) for k in range(concurrent)))
        cpu_s, wall_s = time.process_time() - cpu_started, time.perf_counter() - wall_started
        return {
            "jobs": len(handoff), "concurrent": concurrent, "page_bytes": len(body),
            "handoff_ms": summary(handoff, 3), "round_trip_ms": summary(round_trip, 3),
            "main_cpu_ms_per_job": round(cpu_s * 1000 / len(handoff), 4),
            "jobs_per_s": round(len(handoff) / wall_s, 1), "restarts": pool.restarts,
            "peak_rss_growth_mb": round(_peak_rss_mb() - rss_started, 1),
        }
    finally:
        pool.close()


def _peak_rss_mb() -> float:
    """This process's peak RSS so far (Linux counts ru_maxrss in KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m clearpage.tools.bench.handoff", description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", type=int, default=2000, metavar="N", help="jobs measured (default 2000)")
    parser.add_argument("--concurrent", type=int, default=1, metavar="N", help="jobs in flight on as many workers (default 1)")
    parser.add_argument("--page", type=Path, help="the page sent (.html or .html.gz; default: wcxb-dev 0032, a real 100 KB article)")
    parser.add_argument("--json", type=Path, metavar="OUT", help="also write the figures to OUT as JSON")
    args = parser.parse_args(argv)
    if args.jobs < 1 or args.concurrent < 1:
        parser.error("--jobs and --concurrent must be 1 or more")
    body, where = (load_page(args.page), str(args.page)) if args.page else default_page()
    load_before = os.getloadavg()
    figures = asyncio.run(measure(body, args.jobs, args.concurrent))
    figures.update(page=where, load_average=[round(load_before[0], 2), round(os.getloadavg()[0], 2)])
    h, r = figures["handoff_ms"], figures["round_trip_ms"]
    print(f"hand-off, {figures['jobs']} jobs of {len(body)} bytes, {args.concurrent} in flight (load average "
          f"{figures['load_average'][0]} -> {figures['load_average'][1]}):")
    print(f"  job in -> reply out less the worker's CPU: p50 {h['median']} ms, p99 {h['p99']} ms, mean {h['mean']} ms")
    print(f"  round trip: p50 {r['median']} ms, p99 {r['p99']} ms; {figures['jobs_per_s']} jobs/s")
    print(f"  this process's CPU per job (every thread): {figures['main_cpu_ms_per_job']} ms; "
          f"its peak RSS rose {figures['peak_rss_growth_mb']} MB with the jobs")
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
