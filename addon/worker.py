"""The filtering worker process: one page in, the bytes to serve (or a reason not to) out.

Runs in a child process started by ``addon.pool`` (``python -m clearpage.addon.worker``). It decodes the body (Content-Encoding,
then charset), runs the engine's Pipeline, encodes the output as UTF-8 and re-applies the
Content-Encoding. The Pipeline is built from the config the job names and cached by the
config's digest, so a reloaded config is rebuilt once per worker. Every exception becomes a
``Reply`` with a reason: the proxy then serves the original response.

Another worker module can run this loop with a page function of its own that answers each
decoded page instead of the Pipeline (``serve``'s ``page``; bench proxy's floor worker does).
"""
from __future__ import annotations

import signal
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from multiprocessing.connection import Connection

from clearpage.filters import BudgetExceeded, Config, Delivery, Pipeline, content_coding, language, load_config, load_config_text
from clearpage.filters.learn.memory import open_memory

from . import malloc

READY = "ready"
OK, UNCHANGED, FAILED = "ok", "unchanged", "failed"


@dataclass(frozen=True)
class ConfigSpec:
    """Enough to rebuild the proxy's config in another process: the user file's path and text."""

    digest: str
    path: str | None = None
    text: str | None = None  # the file's text as loaded (not re-read: it may have changed since)
    subscribed_lists: tuple[str, ...] = ()  # cached copies of the subscribed ad lists (the digest covers them)

    def load(self) -> Config:
        if self.text is None:
            return load_config(self.path, self.subscribed_lists)
        return load_config_text(self.text, self.path or "<config>", self.subscribed_lists)


@dataclass(frozen=True)
class Job:
    config: ConfigSpec
    url: str
    body: bytes  # as received: still Content-Encoded
    content_encoding: str | None
    charset: str | None  # from the Content-Type header
    mode: str | None  # None: the config decides (per site)
    budget_ms: float
    max_body_bytes: int
    csp: tuple[str, ...] = ()  # the response's Content-Security-Policy header values
    stylesheet_href: str | None = None  # where the proxy serves the reader stylesheet
    navigation: bool = False  # a top-level navigation (learn.site.learns_from): the site memory learns only from these
    use_memory: bool = True  # False: clearpage=nomemory asked for the page without the site memory
    page_bar: bool = False  # the page-top bar (render/bar.py): the proxy's pages have it


@dataclass(frozen=True)
class Reply:
    status: str  # OK | UNCHANGED | FAILED
    reason: str = ""
    body: bytes = b""  # Content-Encoded like the original
    media_type: str = ""
    mode: str = ""
    removed: int = 0
    timings_ms: dict[str, float] = field(default_factory=dict)
    policy: str = ""  # clearpage's Content-Security-Policy for the page (Result.policy)
    cpu_ms: float = 0.0  # the worker's CPU time on this job (set by ``serve``)
    wait_ms: float = 0.0  # how long the job waited for a free worker (set by ``addon.pool``)


class _Pipelines:
    """The Pipeline for the current config, rebuilt when a job names another digest.

    ``site_memory`` False: no site memory whatever the config says (a batch's pages are each a
    pure function of their bytes, in any order)."""

    def __init__(self, site_memory: bool = True) -> None:
        self.digest: str | None = None
        self.pipeline: Pipeline | None = None
        self.site_memory = site_memory

    def get(self, spec: ConfigSpec) -> Pipeline:
        if spec.digest != self.digest or self.pipeline is None:
            config = spec.load()
            if self.site_memory:
                self.pipeline = Pipeline(config, memory=open_memory(config.memory, for_proxy=True))  # the proxy learns per site
            else:
                self.pipeline = Pipeline(replace(config, memory=None))
            self.digest = spec.digest
        return self.pipeline


Pipelines = _Pipelines  # the name other worker modules use (clearpage.batch.worker builds one without site memory)


# Answers a decoded page (its bytes, the job) in place of the Pipeline; it may raise.
PageFunction = Callable[[bytes, Job], Reply]


def process(job: Job, pipelines: _Pipelines, page: PageFunction | None = None) -> Reply:
    """Filter one page (``page``: answer it with that instead, see the module's docstring);
    never raises."""
    started = time.perf_counter()
    try:
        try:
            html = content_coding.decode(job.body, job.content_encoding, job.max_body_bytes)
        except content_coding.TooLarge as exc:
            return Reply(UNCHANGED, str(exc))
        except content_coding.DecodeError as exc:
            return Reply(FAILED, f"undecodable body: {exc}")
        decoded_ms = (time.perf_counter() - started) * 1000
        if page is not None:
            return page(html, job)
        budget = max(job.budget_ms - decoded_ms, 1.0)
        result = pipelines.get(job.config).run(
            html,
            job.url,
            mode=job.mode,
            charset=job.charset,
            budget_ms=budget,
            delivery=Delivery(csp=job.csp, stylesheet_href=job.stylesheet_href, learn=job.navigation,
                              use_memory=job.use_memory, page_bar=job.page_bar),
        )
        if not result.changed:
            return Reply(UNCHANGED, result.decision, mode=result.mode)
        body = content_coding.encode(result.output.encode("utf-8"), job.content_encoding)
        timings = {"content-decoding": decoded_ms, **result.timings_ms}
        timings["total"] = (time.perf_counter() - started) * 1000
        return Reply(status=OK, reason=result.decision, body=body, media_type=result.media_type, mode=result.mode,
                     removed=result.removed_count, timings_ms=timings, policy=result.policy)
    except BudgetExceeded:
        return Reply(FAILED, f"over the time budget ({job.budget_ms:.0f} ms)")
    except Exception as exc:  # noqa: BLE001 - fail open on anything the engine throws
        where = traceback.extract_tb(exc.__traceback__)[-1]
        return Reply(FAILED, f"{type(exc).__name__}: {exc} (at {where.filename}:{where.lineno})")


# A small article, filtered once in each mode before the worker says it is ready: whatever the
# engine loads lazily is loaded then, not inside the first real page's time budget (where it cost
# that page, and the worker, every time). The language model is loaded (mapped) without a guess:
# a guess would read ~40 MB of its tables into this worker for nothing (filters/language.py).
WARM_UP_PAGE = (
    "<!DOCTYPE html><html lang='en'><head><title>Warm-up</title></head><body><nav><a href='/a'>A</a> <a href='/b'>B</a></nav>"
    "<article><h1>Warm-up</h1><figure><img src='/w.png' alt='the river'><figcaption>The river in spring</figcaption></figure>"
    + "<p>The volunteers walked along the river in the spring and counted the birds they saw on the banks.</p>" * 8
    + "</article></body></html>"
)


def warm_up(pipeline: Pipeline) -> None:
    steps = [language.preload] + [
        lambda m=mode: pipeline.run(WARM_UP_PAGE, "http://warm-up.invalid/page.html", mode=m) for mode in ("filter", "reader", "text")
    ]
    for step in steps:
        try:
            step()
        except Exception:  # noqa: BLE001 - a warm-up failure shows again, with a reason, on a real page
            pass


def serve(jobs: Connection, replies: Connection, page: PageFunction | None = None, pipelines: _Pipelines | None = None) -> None:
    """The child's main loop: receive the config, build it, say READY, then answer jobs until EOF."""
    # Ctrl-C reaches the whole process group; the parent decides when workers stop.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    pipelines = pipelines or _Pipelines()
    try:
        spec = jobs.recv()
        warm_up(pipelines.get(spec))
    except (EOFError, OSError):
        return
    except Exception as exc:  # noqa: BLE001 - the parent logs it; jobs then fail open
        replies.send(f"config failed to build in the worker: {exc}")
    else:
        replies.send(READY)
    while True:
        try:
            job = jobs.recv()
            body = jobs.recv_bytes()  # sent after the job, not pickled inside it (addon.pool: _Worker.call)
        except (EOFError, OSError):
            return  # the proxy closed the socket or exited
        size = len(body)
        job = replace(job, body=body)
        del body
        cpu_started = time.process_time()
        reply = process(job, pipelines, page)
        replies.send(replace(reply, cpu_ms=(time.process_time() - cpu_started) * 1000))
        del reply
        del job
        if malloc.worth_trimming(size):
            malloc.trim()  # after the reply is sent: the lxml tree of a big page is freed by now (addon.malloc)


def main(argv: list[str], page: PageFunction | None = None, pipelines: _Pipelines | None = None) -> None:
    """``python -m clearpage.addon.worker JOBS_FD REPLIES_FD`` (started by addon.pool); another
    worker module's main passes its ``page`` (and the ``pipelines`` that page reads, if any)."""
    jobs_fd, replies_fd = (int(a) for a in argv)
    malloc.release_large_buffers()
    serve(Connection(jobs_fd, writable=False), Connection(replies_fd, readable=False), page, pipelines)


if __name__ == "__main__":
    # Run the imported module's main, not this __main__ copy: replies must pickle as
    # clearpage.addon.worker.Reply for the proxy to read them.
    import sys

    from clearpage.addon import worker

    worker.main(sys.argv[1:])
