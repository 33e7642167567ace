"""Filtering off the event loop: a pool of worker processes, any of which can be killed.

A ``concurrent.futures.ProcessPoolExecutor`` cannot stop a task once it runs, and one
pathological page (a 20 MB table soup in lxml's C code) would hold its process past any
budget. So each worker here is a plain child process with its own socket:

- ``run(job, timeout_s)`` waits for an idle worker (the wait counts against the timeout),
  sends the job and waits for the reply; the event loop does both itself (the worker's socket
  is an asyncio transport), so a page costs the proxy no thread and no extra wake-up on its way;
- at the timeout the caller gets ``PoolTimeout`` (and serves the original); the worker keeps the
  job for a grace in which the pipeline's own budget check stops it (it then takes the next job);
  past the grace it is killed and a fresh one is started. Its late reply is read and dropped as it
  comes (``_Messages.drop_next``), never put together or unpickled: nobody waits for it;
- a worker that dies (crash, OOM kill) is replaced the same way (``WorkerCrashed``).

Both errors are ``PoolError``s (docs/errors.md).

Workers are fresh interpreters (``python -m clearpage.addon.worker``, or the worker module the
pool is given) talking over a socket pair: no fork of a multi-threaded asyncio program, and no
re-import of whatever script embeds the proxy (multiprocessing's "spawn" re-runs ``__main__``).
"""
from __future__ import annotations

import asyncio
import collections
import logging
import os
import pickle
import socket
import struct
import subprocess
import sys
from dataclasses import replace

from .worker import FAILED, READY, ConfigSpec, Job, Reply

log = logging.getLogger(__name__)

START_TIMEOUT_S = 60.0  # a worker imports lxml and builds the config; slow disks on CI take a while
# Past its budget the pipeline gives up by itself at its next budget check and the worker takes the
# next page; one that has not answered this long after the caller gave up is stuck (in one long C
# call on a huge page) and is killed. Killing is the expensive way out: a fresh worker costs a start
# and a warm-up (~2 s of a core), so on a loaded machine a short grace turned every late page into a
# respawn and the pool into a respawn loop (bench proxy: 7 req/s, 8 workers started in 300 requests).
# With 1 s, the slow-page run still replaced 12 workers in 500 requests: a 20 MB page sent with
# little of its budget left spends its parse (one C call, ~0.3 s of CPU, over 1 s on a loaded
# machine) past the budget before the next check; the pipeline checks its budget between all its
# stages, so a worker that is merely late answers within a few seconds.
KILL_GRACE_S = 3.0
RESPAWN_DELAY_S = 1.0  # after a worker failed to start, wait before trying again (no busy loop),
MAX_RESPAWN_DELAY_S = 60.0  # doubling with each failure in a row up to this
REAP_TIMEOUT_S = 5.0
REAP_POLL_S = 0.1  # how often a killed worker is looked at until it has exited (then it is reaped)
MAX_NICE = 19  # the lowest priority a Unix process can have
WORKER_MODULE = "clearpage.addon.worker"  # what a worker runs (``python -m``): the filtering worker
# A typical page and its reply fit the socket in one write, so neither side waits for the other to
# read the first part (the kernel caps it at net.core.wmem_max / rmem_max).
SOCKET_BUFFER_BYTES = 1024 * 1024
PICKLE_PROTOCOL = pickle.HIGHEST_PROTOCOL  # protocol 5 (Python >= 3.8): the worker reads any
_LENGTH = struct.Struct("!i")  # multiprocessing.connection's message header ...
_LONG_LENGTH = struct.Struct("!Q")  # ... and, after a -1, the length of a message over 2 GiB
_MAX_SHORT = 0x7FFFFFFF
DROP_BUFFER_BYTES = 256 * 1024  # a dropped message is read into this much memory, piece by piece


class PoolError(Exception):
    """The pool gave no reply for a job (the root of the pool's errors); callers serve the original."""


class PoolTimeout(PoolError):
    """No reply within the time: no free worker in time, or the page ran over its budget."""


class WorkerCrashed(PoolError):
    """The worker died while handling the job."""


def default_size(configured: int) -> int:
    """``proxy.workers``: 0 means one per CPU this process may use."""
    if configured > 0:
        return configured
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


class _Worker:
    """One child process (``python -m`` the worker module) and its end of a socket pair.

    The event loop talks to it directly (an asyncio transport and ``_Messages``): no thread between
    the loop and the worker. The framing is ``multiprocessing.connection``'s, which the worker reads and writes (``addon.worker``):
    a 4-byte big-endian length (-1 then an 8-byte one past 2 GiB), then the pickle or the raw bytes."""

    def __init__(self, spec: ConfigSpec, number: int, niceness: int = 0, kind: str = "worker", module: str = WORKER_MODULE):
        mine, theirs = socket.socketpair()
        try:
            for end in (mine, theirs):
                _widen(end)
            replies_fd = os.dup(theirs.fileno())  # addon.worker takes two descriptors: its jobs' and its replies'
            try:
                self.process = subprocess.Popen(
                    [sys.executable, "-m", module, str(theirs.fileno()), str(replies_fd)],
                    pass_fds=(theirs.fileno(), replies_fd),
                    stdin=subprocess.DEVNULL,
                )
            finally:
                os.close(replies_fd)
        except BaseException:
            mine.close()
            raise
        finally:
            theirs.close()
        if niceness:
            lower_priority(self.process.pid, niceness)
        self.socket = mine
        self.spec = spec  # sent first, by ``handshake``
        self.messages: _Messages | None = None
        self.transport: asyncio.Transport | None = None
        self.name = f"clearpage-{kind}-{number} (pid {self.process.pid})"
        self.retired = False
        self._awaiting = False  # a job was sent and its reply has not been taken from the socket yet
        self._connecting = False  # the handshake is making the socket an asyncio transport
        self._closed = False

    async def handshake(self, timeout_s: float) -> str:
        """Send the config and wait until the worker says it is ready; returns its message."""
        if self._closed:
            raise EOFError("closed before it started")
        self._connecting = True
        self.transport, self.messages = await asyncio.get_running_loop().create_connection(_Messages, sock=self.socket)
        if self._closed:  # closed while the transport was being made: it owns the socket now
            self.transport.close()
            raise EOFError("closed while it started")
        self._send(pickle.dumps(self.spec, PICKLE_PROTOCOL))
        try:
            message: str = pickle.loads(await asyncio.wait_for(self._receive(), timeout_s))
        except TimeoutError:
            raise WorkerCrashed(f"worker did not start within {timeout_s:.0f} s") from None
        return message

    def send(self, job: Job) -> None:
        """Send a job now (what the socket does not take at once goes as it drains); ``reply`` answers it.

        The body follows the pickled job as raw bytes: pickled inside it, a 20 MB page was copied
        once more on each side of the socket (the pickle here, the unpickled bytes in the worker)."""
        self._send(pickle.dumps(replace(job, body=b""), PICKLE_PROTOCOL), job.body)
        self._awaiting = True

    async def reply(self) -> Reply:
        """The reply to the job sent (``LATE`` when ``drop_reply`` came first). EOFError or an
        OSError when the worker died."""
        message = await self._receive()
        self._awaiting = False
        if message is _DROPPED:
            return LATE
        reply: Reply = pickle.loads(message)
        return reply

    def drop_reply(self) -> None:
        """Nobody waits for the reply to the job sent any more: read it and drop it as it comes
        (``reply`` answers ``LATE``). A reply already taken is left alone."""
        if self._awaiting and self.messages is not None:
            self.messages.drop_next()

    def _send(self, *payloads: bytes) -> None:
        """Queue each payload as one message; the transport writes what the socket takes now, the rest as it drains."""
        assert self.transport is not None
        parts: list[bytes] = []
        for payload in payloads:
            parts += (_header(len(payload)), payload)
        self.transport.writelines(parts)

    async def _receive(self) -> bytearray:
        """The next message, however the bytes were split across reads."""
        assert self.messages is not None
        return await self.messages.next()

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()

    def close(self) -> None:
        """Let go of the socket (after ``kill``)."""
        self._closed = True
        if self.transport is None:
            if not self._connecting:
                self.socket.close()
            return  # else the handshake closes it once the transport is made (it holds the socket then)
        try:
            self.transport.close()
        except RuntimeError:  # the event loop is closed already: no transport to tell
            self.socket.close()


class _Messages(asyncio.BufferedProtocol):
    """The worker's messages as they arrive, each read straight into a buffer of its own size.

    The transport reads into ``get_buffer``'s memory: first a message's header, then its body, so a
    20 MB reply is neither gathered in 256 KB pieces nor copied out of a stream buffer. ``next``
    raises EOFError when the worker closed its end (with a message half sent, or between two)."""

    def __init__(self) -> None:
        self._header = bytearray(_LENGTH.size + _LONG_LENGTH.size)
        self._need = _LENGTH.size  # header bytes wanted: the short length, or with the long one after it
        self._body: bytearray | None = None  # the message being read, once its header is in
        self._have = 0  # bytes of the header, or of the body, read so far
        self._ready: collections.deque[bytearray] = collections.deque()
        self._drop = 0  # how many of the next messages to drop (``drop_next``)
        self._dropping: bytearray | None = None  # where the message being dropped is read, piece by piece
        self._left = 0  # its bytes still to come
        self._waiter: asyncio.Future[None] | None = None
        self._error: BaseException | None = None
        self._transport: asyncio.BaseTransport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self._transport = transport

    async def next(self) -> bytearray:
        while not self._ready:
            if self._error is not None:
                raise self._error
            self._waiter = asyncio.get_running_loop().create_future()
            try:
                await self._waiter
            finally:
                self._waiter = None
        return self._ready.popleft()

    def drop_next(self) -> None:
        """Drop the next message not yet taken by ``next``: one already read is let go, one being
        read is read on into a small buffer, one still to come is when it comes; ``next`` gives
        ``_DROPPED`` in its place."""
        for i, message in enumerate(self._ready):
            if message is not _DROPPED:
                self._ready[i] = _DROPPED
                return
        if self._body is not None:
            self._start_dropping(len(self._body) - self._have)
            return
        self._drop += 1

    def get_buffer(self, sizehint: int) -> memoryview:
        if self._dropping is not None:
            return memoryview(self._dropping)[:self._left]
        if self._body is None:
            return memoryview(self._header)[self._have:self._need]
        return memoryview(self._body)[self._have:]

    def buffer_updated(self, nbytes: int) -> None:
        if self._dropping is not None:
            self._left -= nbytes
            if not self._left:
                self._dropping = None
                self._deliver(_DROPPED)
            return
        self._have += nbytes
        if self._body is not None:
            if self._have == len(self._body):
                self._deliver()
            return
        if self._have < self._need:
            return
        (size,) = _LENGTH.unpack_from(self._header)
        if size == -1 and self._need == _LENGTH.size:
            self._need += _LONG_LENGTH.size
            return
        if size == -1:
            (size,) = _LONG_LENGTH.unpack_from(self._header, _LENGTH.size)
        if size < 0:
            self._stop(EOFError(f"bad message length {size} from the worker"))
            assert self._transport is not None
            self._transport.close()  # the stream is out of step: nothing after this can be read
            return
        if self._drop:
            self._drop -= 1
            self._start_dropping(size)
            return
        self._body, self._have = bytearray(size), 0
        if size == 0:  # (a pickle is never empty; an empty buffer would read as the end of the stream)
            self._deliver()

    def eof_received(self) -> bool:
        return False  # the transport closes itself: connection_lost follows

    def connection_lost(self, exc: Exception | None) -> None:
        partial = self._body is not None or self._have or self._dropping is not None
        self._stop(exc or EOFError("the worker closed its socket" + (" in the middle of a message" if partial else "")))

    def _start_dropping(self, left: int) -> None:
        """Read the rest of the current message (``left`` bytes, its header read) into a small buffer and drop it."""
        self._body, self._have, self._need = None, 0, _LENGTH.size
        if not left:
            self._deliver(_DROPPED)
            return
        self._dropping, self._left = bytearray(min(left, DROP_BUFFER_BYTES)), left

    def _deliver(self, message: bytearray | None = None) -> None:
        if message is None:
            assert self._body is not None
            message = self._body
        self._ready.append(message)
        self._body, self._have, self._need = None, 0, _LENGTH.size
        self._wake()

    def _stop(self, error: BaseException) -> None:
        if self._error is None:
            self._error = error
        self._wake()

    def _wake(self) -> None:
        if self._waiter is not None and not self._waiter.done():
            self._waiter.set_result(None)


_DROPPED = bytearray()  # in place of a dropped message (compared by identity)
LATE = Reply(FAILED, "answered after its caller gave up (dropped unread)")


def _header(size: int) -> bytes:
    return _LENGTH.pack(size) if size <= _MAX_SHORT else _LENGTH.pack(-1) + _LONG_LENGTH.pack(size)


def _widen(end: socket.socket) -> None:
    """Give the socket room for a typical page in one write (the kernel caps it; best effort)."""
    for option in (socket.SO_SNDBUF, socket.SO_RCVBUF):
        try:
            end.setsockopt(socket.SOL_SOCKET, option, SOCKET_BUFFER_BYTES)
        except OSError:
            pass


def lower_priority(pid: int, niceness: int) -> None:
    """Raise process ``pid``'s nice value by ``niceness`` over this process's own (the OS then gives
    the CPU to the other processes first); a platform without nice values leaves it as it is."""
    try:
        os.setpriority(os.PRIO_PROCESS, pid, min(os.getpriority(os.PRIO_PROCESS, 0) + niceness, MAX_NICE))
    except (AttributeError, OSError) as exc:
        log.warning("clearpage: could not lower the priority of worker pid %d: %s", pid, exc)


class WorkerPool:
    """``size`` workers taking jobs in turn; ``niceness`` above 0 starts them at a lower priority
    (and such workers want a longer ``kill_grace_s``: on a busy machine they reach their budget check late).
    ``worker_module`` is what each worker runs: one whose ``main`` calls ``addon.worker.main`` with its page function."""

    def __init__(self, size: int, spec: ConfigSpec, niceness: int = 0, name: str = "worker", kill_grace_s: float = KILL_GRACE_S,
                 worker_module: str = WORKER_MODULE):
        self.size = size
        self.niceness = niceness
        self.kill_grace_s = kill_grace_s  # how long a worker past the caller's timeout may take to give up
        self.name = name  # in the workers' names in the log ("clearpage-worker-3", "clearpage-slow-lane-1")
        self.spec = spec  # replaced on reload; jobs carry it, workers rebuild by digest
        self.worker_module = worker_module
        self.restarts = 0
        self._idle: asyncio.Queue[_Worker] | None = None
        self._workers: set[_Worker] = set()
        self._ready: set[_Worker] = set()  # started (said ready) and not retired: what ``ready`` counts
        self._starting: set[asyncio.Future[str]] = set()
        self._calls: set[asyncio.Task[Reply]] = set()  # jobs in a worker, kept until answered (the loop holds tasks weakly)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._numbers = 0
        self._start_failures = 0
        self.closed = False

    @property
    def started(self) -> bool:
        return self._loop is not None

    def start(self) -> None:
        """Start the workers; call from the event loop."""
        self._loop = asyncio.get_running_loop()
        self._idle = asyncio.Queue()
        for _ in range(self.size):
            self._spawn()

    async def run(self, job: Job, timeout_s: float, wait_s: float | None = None) -> Reply:
        """The job's reply (with ``wait_ms``, its wait for a free worker); a PoolError (PoolTimeout or
        WorkerCrashed) when there is none in time.

        ``wait_s``: how long to wait for a free worker apart from the job's ``timeout_s``; None
        (the proxy's way) counts the wait against it. A batch gives a page its whole budget
        even when the worker before it is being replaced after a runaway page."""
        if not self.started:
            self.start()
        assert self._loop is not None and self._idle is not None
        if wait_s is not None:  # a free worker first (put back: the job takes it below), then the budget
            self._idle.put_nowait(await self._idle_worker(self._loop.time() + wait_s, wait_s))
        deadline = self._loop.time() + timeout_s
        worker = await self._idle_worker(deadline, timeout_s)
        now = self._loop.time()
        wait_ms = (now - deadline + timeout_s) * 1000  # the queue wait: what a busy pool adds to a page's latency
        remaining = max(deadline - now, 0.001)
        job = replace(job, budget_ms=remaining * 1000)
        try:
            worker.send(job)  # written from here, before anything else runs on the loop
        except Exception as exc:  # noqa: BLE001 - a socket that cannot take the job: the worker is gone
            self._retire(worker, f"died ({type(exc).__name__})")
            raise WorkerCrashed(f"worker died before its job (exit code {worker.process.poll()})") from None
        call = self._loop.create_task(worker.reply(), name=f"clearpage job in {worker.name}")
        self._calls.add(call)
        call.add_done_callback(lambda fut: self._after_call(worker, fut))
        try:
            reply = await asyncio.wait_for(asyncio.shield(call), remaining)
        except TimeoutError:
            worker.drop_reply()  # nobody reads it now: it is not put together or unpickled when it comes
            self._loop.call_later(self.kill_grace_s, self._kill_if_busy, worker, call)
            raise PoolTimeout(f"over the time budget ({timeout_s * 1000:.0f} ms)") from None
        except Exception as exc:  # noqa: BLE001 - died, or answered with bytes that are no reply: either way no reply
            self._retire(worker, f"died ({type(exc).__name__})")
            raise WorkerCrashed(f"worker died while filtering (exit code {worker.process.poll()})") from None
        return replace(reply, wait_ms=wait_ms)

    async def _idle_worker(self, deadline: float, timeout_s: float) -> _Worker:
        """The next idle worker that is still alive (one that died while idle is replaced)."""
        assert self._loop is not None and self._idle is not None
        while True:
            try:
                worker = await asyncio.wait_for(self._idle.get(), max(deadline - self._loop.time(), 0))
            except TimeoutError:
                raise PoolTimeout(f"no free worker within {timeout_s * 1000:.0f} ms") from None
            if worker.retired:
                continue  # retired by a timeout that raced with its reply
            if worker.process.poll() is None:
                return worker
            self._retire(worker, f"died while idle (exit code {worker.process.returncode})")

    def close(self) -> None:
        self.closed = True
        workers = list(self._workers)
        self._workers.clear()
        for worker in workers:
            worker.retired = True
            worker.kill()
        for worker in workers:
            try:
                worker.process.wait(REAP_TIMEOUT_S)  # SIGKILLed: this returns at once
            except subprocess.TimeoutExpired:
                log.error("clearpage: %s did not exit after SIGKILL", worker.name)
            worker.close()  # a job in it ends with WorkerCrashed, a start with a failure that is not logged

    # ------------------------------------------------------------------ internals

    def _spawn(self) -> None:
        if self.closed:
            return
        self._numbers += 1
        worker = _Worker(self.spec, self._numbers, self.niceness, self.name, self.worker_module)
        self._workers.add(worker)
        assert self._loop is not None
        started = self._loop.create_task(worker.handshake(START_TIMEOUT_S), name=f"clearpage start of {worker.name}")
        started.add_done_callback(lambda fut: self._after_start(worker, fut))
        self._starting.add(started)
        started.add_done_callback(self._starting.discard)

    def ready(self) -> int:
        """How many workers have started and are alive (0 when the pool is broken: pages go out unfiltered)."""
        return sum(1 for w in self._ready if not w.retired and w.process.poll() is None)

    def replace_dead(self) -> None:
        """Replace the started workers that died while idle now (otherwise the next page finds them);
        call from the event loop (the health check does, so an idle pool repairs itself)."""
        if self.closed or self._loop is None:
            return
        for worker in list(self._ready):
            code = worker.process.poll()
            if not worker.retired and code is not None:
                self._retire(worker, f"died while idle (exit code {code})")

    def pids(self) -> list[int]:
        """The live workers' process ids (for diagnostics and fault tests)."""
        return sorted(w.process.pid for w in self._workers if not w.retired)

    async def wait_started(self) -> None:
        """Until the workers being started now have answered (or failed to)."""
        if self._starting:
            await asyncio.wait(list(self._starting))

    def _after_start(self, worker: _Worker, fut: asyncio.Future[str]) -> None:
        exc = None if fut.cancelled() else fut.exception()  # read even when unused: asyncio logs an unread one as an error
        if worker.retired or self.closed:
            return  # closed while it started (the proxy stopped): its socket's EOF is no failure
        if exc is not None:
            self._start_failures += 1
            delay = min(RESPAWN_DELAY_S * 2 ** (self._start_failures - 1), MAX_RESPAWN_DELAY_S)
            log.error("clearpage: a filtering worker failed to start (%s: %s); retrying in %.0f s", type(exc).__name__, exc, delay)
            self._retire(worker, "failed to start", respawn_after=delay)
            return
        self._start_failures = 0
        message = fut.result()
        if message != READY:
            log.warning("clearpage: %s: %s", worker.name, message)
        assert self._idle is not None
        self._ready.add(worker)
        self._idle.put_nowait(worker)

    def _after_call(self, worker: _Worker, fut: asyncio.Task[Reply]) -> None:
        self._calls.discard(fut)
        exc = None if fut.cancelled() else fut.exception()  # read even when unused: asyncio logs an unread one as an error
        if worker.retired or self.closed:
            return
        if fut.cancelled() or exc is not None:
            self._retire(worker, "died")
            return
        assert self._idle is not None
        self._idle.put_nowait(worker)

    def _reap(self, worker: _Worker, deadline: float) -> None:
        """Collect a killed worker's exit (no zombie left), looking again until it has exited."""
        assert self._loop is not None
        if worker.process.poll() is not None:
            return
        if self._loop.time() < deadline:
            self._loop.call_later(REAP_POLL_S, self._reap, worker, deadline)
        else:
            log.error("clearpage: %s did not exit after SIGKILL", worker.name)

    def _kill_if_busy(self, worker: _Worker, call: asyncio.Future[Reply]) -> None:
        """The grace after a timeout is over: a worker still on that job is stuck; replace it."""
        if not call.done():
            self._retire(worker, "stuck past the time budget")

    def _retire(self, worker: _Worker, why: str, respawn_after: float = 0.0) -> None:
        if worker.retired:
            return
        worker.retired = True
        worker.kill()
        self._workers.discard(worker)
        self._ready.discard(worker)
        if self.closed:
            return
        self.restarts += 1
        log.warning("clearpage: %s %s; starting a new one", worker.name, why)
        assert self._loop is not None
        worker.close()
        self._reap(worker, self._loop.time() + REAP_TIMEOUT_S)
        if respawn_after:
            self._loop.call_later(respawn_after, self._spawn)
        else:
            self._spawn()
