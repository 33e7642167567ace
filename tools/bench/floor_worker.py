"""The floor worker: ``addon.worker``'s loop, but each page is only parsed and serialised by lxml.

``bench proxy``'s floor run starts its proxy with this worker module (``floor_proxy``): every
page comes back as the floor of ``bench pipeline`` (lxml's parse + serialise, re-encoded like
the original) and nothing is filtered, so the run measures what the proxy's own machinery
(mitmproxy, the hand-off to a worker, the write-back) allows before any filtering. Not for real use.
"""
from __future__ import annotations

import sys

from clearpage.addon import worker
from clearpage.filters import content_coding
from clearpage.addon.worker import OK, Job, Reply

from .pipeline import floor

MODULE = "clearpage.tools.bench.floor_worker"  # what the pool runs (``python -m``)
FLOOR_MODE = "floor"  # the mode such a reply names (in the X-Clearpage header)


def floor_page(html: bytes, job: Job) -> Reply:
    """The page parsed and serialised by lxml, served like a filtered page (``addon.worker``'s page function)."""
    return Reply(status=OK, reason="floor: parsed and serialised only", body=content_coding.encode(floor(html), job.content_encoding),
                 media_type="text/html", mode=FLOOR_MODE)


def main(argv: list[str]) -> None:
    """``python -m clearpage.tools.bench.floor_worker JOBS_FD REPLIES_FD`` (started by addon.pool)."""
    worker.main(argv, floor_page)


if __name__ == "__main__":
    # As addon.worker does: run the imported module's main, not this __main__ copy.
    from clearpage.tools.bench import floor_worker

    floor_worker.main(sys.argv[1:])
