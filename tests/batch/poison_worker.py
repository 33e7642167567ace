"""A batch page worker that misbehaves on marked pages (tests only): sleeps past any budget, or dies.

Every other page goes to ``clearpage.batch.worker``'s page function, unchanged.
"""
from __future__ import annotations

import os
import signal
import sys
import time

from clearpage.addon import worker
from clearpage.addon.worker import Job, Reply
from clearpage.batch import worker as batch_worker

from tests.batch.warcs import CRASH, POISON

MODULE = "tests.batch.poison_worker"
SLEEP_S = 600.0  # far past any budget: only the pool's kill ends it


def page(html: bytes, job: Job) -> Reply:
    if POISON in html:
        time.sleep(SLEEP_S)
    if CRASH in html:
        os.kill(os.getpid(), signal.SIGSEGV)
    return batch_worker.page(html, job)


if __name__ == "__main__":
    worker.main(sys.argv[1:], page, batch_worker._pipelines)
