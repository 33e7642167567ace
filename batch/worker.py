"""The batch's page worker: ``addon.worker``'s loop, answering each page with a batch row's fields.

``clearpage.batch`` runs its pages in the proxy's worker pool (``addon.pool``): each page in a
child process under the config's time budget, so a page that crashes a parser or runs away costs
that page only. This module is what those children run. Each page goes through the Pipeline
without site memory (a batch's output must not depend on the order of its pages); the reply's
``body`` carries the row's fields (title, lang, mode, text, html) as UTF-8 JSON.
"""
from __future__ import annotations

import json
import sys
import time

from clearpage.addon import worker
from clearpage.addon.worker import FAILED, OK, Job, Reply
from clearpage.filters import BudgetExceeded, language

from .task import TIMEOUT

HTML_MODES = ("filter", "reader")  # the modes whose rows carry the page's HTML

_pipelines = worker.Pipelines(site_memory=False)


def page(html: bytes, job: Job) -> Reply:
    """One decoded page's row fields (``addon.worker``'s page function); ``timings_ms["cpu"]`` is its CPU time."""
    started = time.process_time()
    try:
        result = _pipelines.get(job.config).run(html, job.url, mode=job.mode, charset=job.charset, budget_ms=job.budget_ms)
        text = result.text
        fields = {
            "title": result.title,
            "lang": result.metadata.lang or language.guess(text),
            "mode": result.mode,
            "text": text,
            "html": result.html if result.mode in HTML_MODES else None,
        }
    except BudgetExceeded:
        return Reply(status=FAILED, reason=TIMEOUT, timings_ms={"cpu": (time.process_time() - started) * 1000})
    body = json.dumps(fields, ensure_ascii=False).encode("utf-8")
    return Reply(status=OK, body=body, mode=result.mode, timings_ms={"cpu": (time.process_time() - started) * 1000})


def main(argv: list[str]) -> None:
    """``python -m clearpage.batch.worker JOBS_FD REPLIES_FD`` (started by addon.pool)."""
    worker.main(argv, page, _pipelines)


if __name__ == "__main__":
    # As addon.worker does: run the imported module's main, not this __main__ copy.
    from clearpage.batch import worker as batch_worker

    batch_worker.main(sys.argv[1:])
