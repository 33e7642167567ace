"""The echo worker: ``addon.worker``'s loop answering each page with its own bytes, at once.

``bench handoff`` (``tools/bench/handoff.py``) starts a pool of these, so a job's round trip is the
pool's hand-off alone: the job out to the worker and the reply back, with no filtering in between.
Not for real use.
"""
from __future__ import annotations

import sys

from clearpage.addon import worker
from clearpage.addon.worker import OK, Job, Reply

MODULE = "clearpage.tools.bench.echo_worker"  # what the pool runs (``python -m``)
ECHO_MODE = "echo"  # the mode such a reply names


def echo_page(html: bytes, job: Job) -> Reply:
    """The page as it came, served like a filtered page (``addon.worker``'s page function)."""
    return Reply(status=OK, reason="echo", body=html, media_type="text/html", mode=ECHO_MODE)


def main(argv: list[str]) -> None:
    """``python -m clearpage.tools.bench.echo_worker JOBS_FD REPLIES_FD`` (started by addon.pool)."""
    worker.main(argv, echo_page)


if __name__ == "__main__":
    # As addon.worker does: run the imported module's main, not this __main__ copy.
    from clearpage.tools.bench import echo_worker

    echo_worker.main(sys.argv[1:])
