"""HTML held for filtering that is slow to arrive, and the total held across flows: the one place the
addon reaches into mitmproxy's HTTP layer (``HttpStream``).

mitmproxy decides at a response's headers whether to buffer its body whole (the addon's
``response`` hook then rewrites it) or to stream it; a buffering flow turns to streaming only when
its body outgrows ``stream_large_bodies``, checked as data arrives. So a page that trickles is held
for as long as it trickles, and one that stalls, for ever. For the flows the addon marks with a
``Watch`` this module adds two ways out: a wake-up at the deadline (``RequestWakeup``, mitmproxy's
own timer event) and, at each piece of body, a check of the bytes all watched flows hold against
the cap. Either turns the flow to streaming the way mitmproxy does past ``stream_large_bodies``:
the original headers, the bytes held so far, then the rest as it comes, byte for byte.

A watched flow's body is gathered in one growing buffer (``_Body``) instead of mitmproxy's list
of the pieces as they came (~64 KB each) joined at the end: the pieces and the joined copy were
both held at the end of a body (a 20 MB page: 40 MB), and the freed pieces stayed in the heap.

mitmproxy keeps the stream that asked for a wake-up (and so its flow, bodies and all) until the
wake-up fires; a flow that is complete lets go of its wake-up (``_forget_wakeup``), or every page
held for filtering would stay in memory for the whole deadline after its headers.
"""
from __future__ import annotations

import io
import logging
from collections.abc import Callable, Generator
from typing import Any

from mitmproxy import http
from mitmproxy.proxy import commands, events

log = logging.getLogger("clearpage.proxy")

WATCH = "clearpage-watch"  # flow.metadata key: the flow's Watch while its body is held
DEADLINE, CAP = "deadline", "cap"  # why a watched flow was turned to streaming


class Buffers:
    """The bytes the watched flows hold now, against ``cap``; ``streamed(flow, reason)`` is told of
    each flow turned to streaming (once per flow)."""

    def __init__(self, cap: int, streamed: Callable[[http.HTTPFlow, str], None]) -> None:
        self.cap = cap
        self.held = 0
        self.streamed = streamed

    def full(self) -> bool:
        return self.held >= self.cap


class Watch:
    """One flow's held bytes and deadline (seconds after its headers)."""

    def __init__(self, buffers: Buffers, deadline_s: float) -> None:
        self.buffers = buffers
        self.deadline_s = deadline_s
        self.held = 0
        self.wakeup: commands.RequestWakeup | None = None
        self.reason: str | None = None  # set when the flow was turned to streaming

    def add(self, size: int) -> None:
        self.held += size
        self.buffers.held += size

    def release(self) -> None:
        """The flow holds nothing any more (streamed, complete and answered, or failed)."""
        self.buffers.held -= self.held
        self.held = 0


def install() -> bool:
    """Add the deadline and the cap to mitmproxy's HttpStream (once); False when this mitmproxy
    lacks what the change relies on (the flows are then buffered as mitmproxy does by itself)."""
    try:
        from mitmproxy.proxy.layers.http import HttpStream
        from mitmproxy.proxy.layers.http._events import ResponseData
    except ImportError:
        return False
    if getattr(HttpStream, "_clearpage_watch", False):
        return True
    needed = ("_handle_event", "state_wait_for_response_headers", "state_consume_response_body", "start_response_stream")
    if not all(hasattr(HttpStream, name) for name in needed):
        return False
    original = HttpStream._handle_event

    def _handle_event(self: Any, event: events.Event) -> Generator[commands.Command, Any, None]:
        watch = _watch_of(self)
        if watch is not None and isinstance(event, events.Wakeup) and event.command is watch.wakeup:
            if self.server_state == self.state_consume_response_body:  # still held at the deadline
                yield from _stream_now(self, watch, DEADLINE, ResponseData)
            return  # (complete by now: nothing to do)
        if watch is not None and isinstance(event, ResponseData) and self.server_state == self.state_consume_response_body:
            watch.add(len(event.data))
        waiting = self.server_state == self.state_wait_for_response_headers
        yield from original(self, event)
        watch = _watch_of(self)  # the responseheaders hook, inside original, may have set it
        if watch is None:
            return
        if self.server_state != self.state_consume_response_body:
            watch.release()  # streamed, answered or failed
            _forget_wakeup(self, watch)
        elif waiting and watch.wakeup is None:
            if not self.response_body_buf:
                self.response_body_buf = _Body()
            watch.wakeup = commands.RequestWakeup(watch.deadline_s)
            yield watch.wakeup
        elif watch.buffers.held > watch.buffers.cap:
            yield from _stream_now(self, watch, CAP, ResponseData)

    HttpStream._handle_event = _handle_event
    HttpStream._clearpage_watch = True
    return True


class _Body:
    """A body as it arrives, in the shape of mitmproxy's ``ReceiveBuffer`` (``+=``, ``len``,
    ``bytes``, ``clear``), gathered in one buffer that grows in place.

    ``bytes()`` hands over that buffer itself, not a copy: ``BytesIO.getvalue`` returns its own
    bytes object when nothing else shares it (it only shrinks it to size, which glibc does in place
    for a buffer this big), and ``clear`` starts a new one."""

    def __init__(self) -> None:
        self._buffer = io.BytesIO()

    def __iadd__(self, other: bytes) -> _Body:
        self._buffer.write(other)
        return self

    def __len__(self) -> int:
        return self._buffer.tell()

    def __bool__(self) -> bool:
        return self._buffer.tell() > 0

    def __bytes__(self) -> bytes:
        return self._buffer.getvalue()

    def clear(self) -> None:
        self._buffer = io.BytesIO()


def _watch_of(stream: Any) -> Watch | None:
    flow = getattr(stream, "flow", None)
    return flow.metadata.get(WATCH) if flow is not None else None


class _Nobody:
    """Where a forgotten wake-up goes when it fires: nothing is done."""

    def handle_event(self, event: events.Event) -> Generator[commands.Command, Any, None]:
        yield from ()


_NOBODY = _Nobody()


def _forget_wakeup(stream: Any, watch: Watch) -> None:
    """Let the HTTP layer route the flow's wake-up to nobody: until it fires (the whole deadline
    after the headers) the layer holds the command's source, the stream, and through it the flow
    with its bodies. The wake-up does nothing once the flow left the held state anyway."""
    wakeup, watch.wakeup = watch.wakeup, None
    if wakeup is None:
        return
    for layer in stream.context.layers:
        sources = getattr(layer, "command_sources", None)
        if isinstance(sources, dict) and sources.get(wakeup) is stream:
            sources[wakeup] = _NOBODY


def _stream_now(stream: Any, watch: Watch, reason: str, data_event: type) -> Generator[commands.Command, Any, None]:
    """Turn a held flow to streaming as mitmproxy does past stream_large_bodies (``check_body_size``)."""
    flow = stream.flow
    flow.response.stream = True
    held = bytes(stream.response_body_buf)
    stream.response_body_buf.clear()
    watch.release()
    _forget_wakeup(stream, watch)
    watch.reason = reason
    watch.buffers.streamed(flow, reason)
    yield from stream.start_response_stream()
    if held:
        yield from stream.handle_event(data_event(stream.stream_id, held))
