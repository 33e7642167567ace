"""The mitmproxy addon: which responses clearpage rewrites, and the HTTP details of doing it.

Thin on purpose: the DOM work is the engine's (``clearpage.filters``), run in worker
processes (``addon.pool``) so the proxy's event loop never waits on a page.

- ``requestheaders``: a ``clearpage=off`` query parameter is cut out of the URL before it goes
  upstream and marks the flow: its response passes untouched (the bypass).
- ``request``: answers ``/__clearpage__/reader.css`` (the reader stylesheet, or with
  ``page=filtered`` the filtered page's, for pages whose CSP forbids inline style but allows
  same-origin stylesheets), and answers an HTTPS request whose origin's certificate failed
  verification with clearpage's error page (``addon.tls``).
- ``tls_start_server``: skips certificate verification for the config's ``tls.insecure_hosts``
  only; ``tls.passthrough_hosts`` become mitmproxy's ``ignore_hosts`` (not intercepted at all).
- ``responseheaders``: everything that will not be rewritten is streamed at once, byte for
  byte: not GET, not 2xx (or 204/205/206), not HTML, attachments, bodies over the size limit,
  unknown content codings, mode off, mitmproxy's own certificate pages (``mitm.it``), and any
  page while the HTML held for filtering reaches ``proxy.max_buffered_bytes``. A page held for
  filtering that is still arriving after ``proxy.buffer_deadline_ms``, or that takes the total
  held past the cap, streams on as it comes, unfiltered (``addon.buffering``); each such page is
  counted and logged once.
- ``response``: the buffered HTML goes to a worker; the reply replaces the body with the
  right headers, or, on any failure (undecodable, engine error, time budget, worker crash),
  the original response is served untouched and the URL and reason are logged.

Subscribed ad lists (``lists.subscriptions``): the workers use their cached copies from the
start; with ``clearpage_lists=refresh`` a background task fetches them when older than
``subscriptions.REFRESH_INTERVAL_S`` (in a thread: start-up and pages never wait on the network)
and hands the workers the new copies. ``cached`` uses the copies and never fetches; ``off`` uses
neither (the default when ``CLEARPAGE_LISTS=off``, as the tests and benchmarks set it).

Options: ``clearpage_config`` (YAML file over the embedded default, reloaded when it
changes), ``clearpage_mode`` (overrides the config's mode for every site), ``clearpage_lists``, and the slow lane's
``clearpage_slow_lane_bytes``, ``clearpage_slow_lane_expansion`` and ``clearpage_slow_lane_niceness``
(which pages go to the low-priority worker, and how low: ``SlowLane``, its own section below).
Loadable as a script: ``mitmdump -s addon/proxy_addon.py --set clearpage_config=FILE``.
"""
from __future__ import annotations

import asyncio
import gc
import hashlib
import logging
import os
import time
from pathlib import Path
from typing import NamedTuple

from mitmproxy import connection, ctx, exceptions, http
from mitmproxy import tls as mitm_tls
from mitmproxy.addonmanager import Loader
from mitmproxy.optmanager import OptManager

from clearpage.addon import buffering, malloc
from clearpage.addon import tls as special_hosts
from clearpage.addon.pool import MAX_NICE, WORKER_MODULE, PoolError, WorkerPool, default_size
from clearpage.addon.worker import FAILED, OK, ConfigSpec, Job, Reply
from clearpage.filters import Config, ConfigError, Problem, load_config, load_config_text
from clearpage.filters.adblock import subscriptions
from clearpage.filters.charset import charset_from_content_type
from clearpage.filters.content_coding import codings as coding_names
from clearpage.filters.content_coding import supported as coding_supported
from clearpage.filters.learn.site import learns_from
from clearpage.filters.render.bar import NOMEMORY_PAIR
from clearpage.filters.links import BYPASS_PAIR
from clearpage.filters.pipeline import MODES
from clearpage.filters.render import filtered, reader

log = logging.getLogger("clearpage.proxy")

HTML_TYPES = frozenset({"text/html", "application/xhtml+xml"})
# 2xx statuses without a body worth filtering: no content, reset content, a byte range.
BODYLESS_2XX = frozenset({204, 205, 206})
STYLESHEET_PATH = "/__clearpage__/reader.css"
HEADER = "X-Clearpage"
META = "clearpage"  # flow.metadata key
BYPASS, CANDIDATE = "bypass", "candidate"
# Integrity headers describe the original bytes; after a rewrite they would be false.
INTEGRITY_HEADERS = ("content-md5", "digest", "content-digest", "repr-digest")
# Cache-Control directives that let shared caches keep (or serve stale) the rewritten page.
SHARED_CACHE_DIRECTIVES = frozenset({"public", "private", "s-maxage", "proxy-revalidate"})
NOMEMORY_META = "clearpage-nomemory"  # flow.metadata key: the request asked for the page without the site memory
Stamp = tuple[int, int, int]  # a config file's mtime (ns), size and inode: what an edit or a replacement changes


# ---------------------------------------------------------------------- the slow lane

# A page this big (decoded) costs a worker a second or more of CPU: it goes to the slow lane, its own
# worker at a lower priority, so that it never holds one of the workers everyday pages wait for
# (a 20 MB page halved their capacity for its whole budget). About 1 in 100 wcxb-dev pages is bigger.
# The default of the clearpage_slow_lane_bytes option.
SLOW_LANE_BYTES = 2 * 1024 * 1024
# A Content-Encoded body is counted this many times its size: HTML compresses 4-10x (clearpage_slow_lane_expansion).
ENCODED_EXPANSION = 5
# The lane's worker gets the CPU the others leave (a nice-10 process ~1/10 of a busy core's; clearpage_slow_lane_niceness).
SLOW_LANE_NICENESS = 10
# A lane worker past its budget gets the CPU last, so on a busy machine it reaches its next budget
# check late: with the pool's 3 s grace it was killed and restarted 3 times in 28 big pages (bench
# proxy, slow-page run, load average 10); a restart costs its warm-up, and a late one holds only the lane.
SLOW_LANE_KILL_GRACE_S = 15.0
SLOW_LANE_WORKERS = 1  # big pages are rare; a second one at the same time waits (and is served unfiltered at its budget)
# The lane's worker is started by the first big page (at its headers when they give its length, so it
# warms up while the body downloads) and stopped after this long without one: idle it held ~59 MB of
# the tree's memory for pages that are 1 in 100. A start costs ~2 s of a core at the lane's low
# priority, inside the big page's budget when its length was not known in advance (that page is then
# likely served unfiltered), so a lane in use stays up for minutes.
SLOW_LANE_IDLE_S = 300.0
LISTS_CHOICES = ("refresh", "cached", "off")  # the clearpage_lists option (see the module docstring)
LISTS_ENV = "CLEARPAGE_LISTS"  # its default when set: tests and benchmarks set "off"
# How often the refresh task looks whether a list is due (the lists themselves age in days).
LISTS_CHECK_S = 3600.0
LANE_OPTIONS = frozenset({"clearpage_slow_lane_bytes", "clearpage_slow_lane_expansion", "clearpage_slow_lane_niceness"})


class LaneSettings(NamedTuple):
    """Which pages go to the slow lane, and how low its worker runs (the clearpage_slow_lane_* options).

    A named tuple, not a dataclass: loaded as a mitmproxy script this module is not in sys.modules
    while it runs, which a dataclass's string annotations need."""

    threshold_bytes: int = SLOW_LANE_BYTES
    expansion: int = ENCODED_EXPANSION
    niceness: int = SLOW_LANE_NICENESS


def lane_settings(options: OptManager) -> LaneSettings:
    """The slow lane's options, checked; an OptionsError names the one out of range."""
    lane = LaneSettings(options.clearpage_slow_lane_bytes, options.clearpage_slow_lane_expansion, options.clearpage_slow_lane_niceness)
    if lane.threshold_bytes < 1:
        raise exceptions.OptionsError(f"clearpage_slow_lane_bytes: {lane.threshold_bytes} is not a size in bytes (1 or more)")
    if lane.expansion < 1:
        raise exceptions.OptionsError(f"clearpage_slow_lane_expansion: {lane.expansion} is not a factor of 1 or more")
    if not 0 <= lane.niceness <= MAX_NICE:
        raise exceptions.OptionsError(f"clearpage_slow_lane_niceness: {lane.niceness} is not a nice value from 0 to {MAX_NICE}")
    return lane


def is_big_page(body_bytes: int, content_encoding: str | None, lane: LaneSettings = LaneSettings()) -> bool:
    """Whether a body this size (as received, in this Content-Encoding) goes to the slow lane."""
    expansion = lane.expansion if coding_names(content_encoding) else 1
    return body_bytes * expansion >= lane.threshold_bytes


class SlowLane:
    """Big pages' own worker pool (``SLOW_LANE_WORKERS`` at a lower priority), started by the
    first big page and stopped after ``SLOW_LANE_IDLE_S`` without one.

    ``pages`` counts the big pages sent to it so far and ``busy`` those in it now: the stop
    timer set after a page stops the lane only when no page came since and none is in it."""

    def __init__(self, worker_module: str = WORKER_MODULE) -> None:
        self.worker_module = worker_module  # what its workers run (``addon.pool``)
        self.pool: WorkerPool | None = None  # while it runs
        self.pages = 0
        self.busy = 0

    def start(self, spec: ConfigSpec, settings: LaneSettings) -> WorkerPool:
        """The lane's pool, started now if it is not running."""
        if self.pool is None:
            self.pool = WorkerPool(SLOW_LANE_WORKERS, spec, niceness=settings.niceness, name="slow-lane",
                                   kill_grace_s=SLOW_LANE_KILL_GRACE_S, worker_module=self.worker_module)
            self.pool.start()
            log.info("clearpage: started the slow lane's worker for pages over %d bytes", settings.threshold_bytes)
            # Stopped in time even if the page that started it never reaches the lane (a dropped download).
            self._stop_if_idle_later()
        return self.pool

    def take(self, spec: ConfigSpec, settings: LaneSettings) -> WorkerPool:
        """The lane for one more big page (``done`` when it is answered)."""
        pool = self.start(spec, settings)
        self.pages += 1
        self.busy += 1
        return pool

    def done(self) -> None:
        """A big page is answered: stop the lane once it has had none for SLOW_LANE_IDLE_S."""
        self.busy -= 1
        self._stop_if_idle_later()

    def stop_if_idle(self, pages_then: int) -> None:
        """Stop the lane unless it is busy or a big page came since ``pages_then`` (its own timer follows)."""
        if self.pool is None or self.busy or self.pages != pages_then:
            return
        self.pool.close()
        self.pool = None
        log.info("clearpage: stopped the slow lane's worker (no big page for %.0f s)", SLOW_LANE_IDLE_S)

    def close(self) -> None:
        if self.pool is not None:
            self.pool.close()
            self.pool = None

    def _stop_if_idle_later(self) -> None:
        asyncio.get_running_loop().call_later(SLOW_LANE_IDLE_S, self.stop_if_idle, self.pages)


# ---------------------------------------------------------------------- the addon


class Clearpage:
    """The addon: holds the config (reloaded on change) and the worker pool; decides per flow.
    ``worker_module``: what its workers run (``addon.pool``)."""

    def __init__(self, worker_module: str = WORKER_MODULE) -> None:
        self.worker_module = worker_module
        self.config: Config | None = None
        self.spec: ConfigSpec | None = None
        self.path: str | None = None
        self.mode: str | None = None  # the clearpage_mode option; None = per-site config
        self.pool: WorkerPool | None = None
        self.lane = LaneSettings()  # from the clearpage_slow_lane_* options
        self._big_pages = SlowLane(worker_module)  # big pages' own worker (see SLOW_LANE_BYTES)
        self._stamp: Stamp | None = None
        self._watcher: asyncio.Task[None] | None = None
        self._stream_limit: str | None = None  # the stream_large_bodies value we set, if we did
        self.buffers = buffering.Buffers(0, self._streamed_unfiltered)  # its cap: proxy.max_buffered_bytes, set in _install
        self.unfiltered: dict[str, int] = {buffering.DEADLINE: 0, buffering.CAP: 0}  # pages streamed unfiltered, by reason
        self._watching = False  # whether addon.buffering could add the deadline and the cap to mitmproxy
        self._ignore_hosts: list[str] = []  # the ignore_hosts regexes we added (tls.passthrough_hosts)
        self.lists = default_lists_policy()  # the clearpage_lists option
        self._text: str | None = None  # the config file's text as installed
        self._refresher: asyncio.Task[None] | None = None
        self.trims = malloc.TrimPacer()  # everyday pages' bytes: their freed heap goes back each so often (addon.malloc)

    # ------------------------------------------------------------------ lifecycle

    def load(self, loader: Loader) -> None:
        malloc.release_large_buffers()  # page bodies pass through this process too
        self._watching = buffering.install()
        if not self._watching:
            log.warning("clearpage: this mitmproxy cannot be given a deadline for slow HTML: pages are held until complete")
        loader.add_option(
            "clearpage_config", str, "", "clearpage: YAML config merged over the embedded default (empty: the default)"
        )
        loader.add_option(
            "clearpage_mode", str, "", "clearpage: override the config's mode for every site (empty: the config decides)",
            choices=("", *MODES),
        )
        loader.add_option(
            "clearpage_lists", str, default_lists_policy(),
            "clearpage: subscribed ad lists: refresh (use the cached copies, fetch them in the background "
            "every few days), cached (use the copies, never fetch) or off",
            choices=LISTS_CHOICES,
        )
        loader.add_option(
            "clearpage_slow_lane_bytes", int, SLOW_LANE_BYTES,
            "clearpage: a page this big (decoded) goes to the slow lane, its own worker at a lower priority, "
            "so it never holds the workers everyday pages wait for",
        )
        loader.add_option(
            "clearpage_slow_lane_expansion", int, ENCODED_EXPANSION,
            "clearpage: a compressed (Content-Encoded) body counts this many times its size against clearpage_slow_lane_bytes",
        )
        loader.add_option(
            "clearpage_slow_lane_niceness", int, SLOW_LANE_NICENESS,
            f"clearpage: how much lower the slow lane's worker runs than the proxy (nice value, 0-{MAX_NICE}; "
            "applies from the lane's next start)",
        )

    def configure(self, updated: set[str]) -> None:
        if "clearpage_mode" in updated:
            mode = ctx.options.clearpage_mode
            if mode and mode not in MODES:
                raise exceptions.OptionsError(f"clearpage_mode: {mode!r} is not one of {', '.join(MODES)}")
            self.mode = mode or None
        if updated & LANE_OPTIONS:
            self.lane = lane_settings(ctx.options)
        lists_changed = "clearpage_lists" in updated and ctx.options.clearpage_lists != self.lists
        if "clearpage_lists" in updated:
            self.lists = ctx.options.clearpage_lists
        if lists_changed and self.config is not None and "clearpage_config" not in updated:
            self._install(self.config, self._text)
        if "clearpage_config" in updated or self.config is None:
            path = ctx.options.clearpage_config or None
            try:
                config, text, stamp = read_config(path)
            except ConfigError as exc:
                raise exceptions.OptionsError(f"clearpage_config: invalid config:\n{exc}") from None
            self.path, self._stamp = path, stamp
            self._install(config, text)

    async def running(self) -> None:
        # Pages that arrive before the workers are up would wait for them; so start them now
        # (if ``clearpage proxy`` has not already: it starts them before opening the port)
        # and announce the proxy as running once they answer.
        await self.start_workers()
        gc.freeze()  # see release_memory: what exists now (modules, config, mitmproxy) lives as long as the proxy
        if self._watcher is None:
            self._watcher = asyncio.get_running_loop().create_task(self._watch_config(), name="clearpage config watcher")
        if self._refresher is None and self.lists == "refresh":
            self._refresher = asyncio.get_running_loop().create_task(self._refresh_lists(), name="clearpage lists refresh")

    async def start_workers(self) -> None:
        """Start the workers (once) and wait until each has answered (ready, or failed to start)."""
        self._start_pool()
        for pool in self._pools():
            await pool.wait_started()

    def done(self) -> None:
        if self._watcher is not None:
            self._watcher.cancel()
            self._watcher = None
        if self._refresher is not None:
            self._refresher.cancel()
            self._refresher = None
        if self.pool is not None:
            self.pool.close()
            self.pool = None
        self._big_pages.close()

    # ------------------------------------------------------------------ requests

    def requestheaders(self, flow: http.HTTPFlow) -> None:
        path = strip_bypass(flow.request.path)
        if path is not None:
            flow.request.path = path
            flow.metadata[META] = BYPASS
            return
        path = strip_pair(flow.request.path, NOMEMORY_PAIR)
        if path is not None:  # filtered as usual, but without the site memory (the page-top bar's link)
            flow.request.path = path
            flow.metadata[NOMEMORY_META] = True

    def request(self, flow: http.HTTPFlow) -> None:
        if flow.response is None and flow.request.scheme == "https" and special_hosts.is_verify_failure(flow.server_conn.error):
            # mitmproxy reached the origin at CONNECT time and could not verify its certificate;
            # it would answer with its bare 502 page. Say what happened and how to allow the host.
            host = flow.request.pretty_host
            flow.response = http.Response.make(
                special_hosts.ERROR_STATUS,
                special_hosts.error_page(host, flow.server_conn.error or ""),
                {
                    "Content-Type": "text/html; charset=utf-8",
                    "Cache-Control": "no-store",
                    "X-Content-Type-Options": "nosniff",
                    HEADER: special_hosts.ERROR_HEADER_VALUE,
                },
            )
            log.warning("clearpage: %s: %s (tls.insecure_hosts allows the host)", host, flow.server_conn.error)
            return
        path, _, query = flow.request.path.partition("?")
        if flow.request.method == "GET" and path == STYLESHEET_PATH:
            assert self.config is not None
            scale = self.config.settings_for(flow.request.pretty_host).reader.font_scale
            sheet = filtered.stylesheet(scale) if filtered.wants_filtered_sheet(query) else reader.stylesheet(scale)
            flow.response = http.Response.make(
                200,
                sheet.encode("utf-8"),
                {
                    "Content-Type": "text/css; charset=utf-8",
                    "Cache-Control": "private, max-age=86400",
                    "X-Content-Type-Options": "nosniff",
                    HEADER: "stylesheet",
                },
            )

    # ------------------------------------------------------------------ TLS

    def tls_start_server(self, data: mitm_tls.TlsData) -> None:
        """Turn certificate verification off for this connection when its host is in ``tls.insecure_hosts``."""
        assert self.config is not None
        tls_settings = self.config.tls
        if tls_settings is None or not tls_settings.insecure_hosts:
            return
        server = data.conn
        if not isinstance(server, connection.Server):
            return
        host = server.sni or (server.address[0] if server.address else None)
        if not special_hosts.matches(host, tls_settings.insecure_hosts):
            return
        if data.ssl_conn is None:  # mitmproxy's tlsconfig runs first as a rule; if not, let it build the connection
            tlsconfig = ctx.master.addons.get("tlsconfig")
            if tlsconfig is None:
                return
            tlsconfig.tls_start_server(data)
        from OpenSSL import SSL  # mitmproxy's own TLS library

        if data.ssl_conn is None:
            return
        data.ssl_conn.set_verify(SSL.VERIFY_NONE, None)
        log.info("clearpage: %s: certificate not verified (tls.insecure_hosts)", host)

    # ------------------------------------------------------------------ responses

    def responseheaders(self, flow: http.HTTPFlow) -> None:
        if flow.response is None or flow.response.stream:
            return
        reason = self.skip_reason(flow)
        if reason is None and self._watching and self.buffers.full():
            self.unfiltered[buffering.CAP] += 1
            log.warning("clearpage: streamed the original of %s unfiltered: %d bytes of HTML held for filtering already "
                        "(proxy.max_buffered_bytes; %d such pages so far)", flow.request.pretty_url, self.buffers.held,
                        self.unfiltered[buffering.CAP])
            reason = "buffers full"
        if reason is None:
            flow.metadata[META] = CANDIDATE
            if self._watching:
                assert self.config is not None
                flow.metadata[buffering.WATCH] = buffering.Watch(self.buffers, self.config.proxy.buffer_deadline_ms / 1000)
            length = _content_length(flow.response)
            if length is not None and malloc.worth_trimming(length):
                release_memory()  # before this body is read in: earlier big pages' bodies go first
            if length is not None and is_big_page(length, flow.response.headers.get("content-encoding"), self.lane):
                assert self.spec is not None
                self._big_pages.start(self.spec, self.lane)  # it warms up while the body arrives
        else:
            flow.response.stream = True  # the bytes pass through as they arrive, untouched

    def skip_reason(self, flow: http.HTTPFlow) -> str | None:
        """Why this response will not be rewritten, or None when it is an HTML page to filter."""
        assert self.config is not None and flow.response is not None
        response = flow.response
        if flow.metadata.get(META) == BYPASS:
            return "bypass requested"
        if flow.request.method != "GET":
            return f"{flow.request.method} request"
        if not 200 <= response.status_code < 300 or response.status_code in BODYLESS_2XX:
            return f"status {response.status_code}"
        media_type = response.headers.get("content-type", "").split(";", 1)[0].strip().lower()
        if media_type not in HTML_TYPES:
            return f"not HTML ({media_type or 'no content-type'})"
        if response.headers.get("content-disposition", "").strip().lower().startswith("attachment"):
            return "attachment"
        length = _content_length(response)
        if length is not None and length > self.config.proxy.max_body_bytes:
            return f"body of {length} bytes is over the limit"
        if not coding_supported(response.headers.get("content-encoding")):
            return f"content-encoding {response.headers.get('content-encoding')!r}"
        if self._mode_for(flow.request.pretty_host) == "off":
            return "mode off"
        if _is_onboarding(flow):
            return "mitmproxy's certificate page"
        return None

    async def response(self, flow: http.HTTPFlow) -> None:
        if flow.metadata.get(META) != CANDIDATE or flow.response is None:
            return
        watch = flow.metadata.get(buffering.WATCH)
        if watch is not None and watch.reason is not None:
            return  # streamed unfiltered (counted and logged when it was)
        try:
            await self._rewrite(flow, flow.response)
        except Exception:  # noqa: BLE001 - a bug here must cost the page its filtering, nothing more
            log.exception("clearpage: served the original of %s: proxy error", flow.request.pretty_url)

    async def _rewrite(self, flow: http.HTTPFlow, response: http.Response) -> None:
        body = response.raw_content
        if body is None or not body:
            return  # streamed after all (a body that grew past stream_large_bodies), or empty
        assert self.config is not None and self.spec is not None
        limit = self.config.proxy.max_body_bytes
        if len(body) > limit:
            log.info("clearpage: passed through %s: body of %d bytes is over the limit", flow.request.pretty_url, len(body))
            return
        if malloc.worth_trimming(len(body)):
            release_memory()  # the chunks this body arrived in are garbage by now
        started = time.perf_counter()
        self._start_pool()
        big = is_big_page(len(body), response.headers.get("content-encoding"), self.lane)
        pool = self._lane_for_page() if big else self.pool
        assert pool is not None
        try:
            reply = await pool.run(self._job(flow, body), self.config.proxy.time_budget_ms / 1000)
        except PoolError as exc:
            self._serve_original(flow, str(exc))
            return
        finally:
            if big:
                self._big_pages.done()
        if self.trims.add(len(body) + len(reply.body)) and not malloc.worth_trimming(len(body)):
            release_memory()  # (a big body released it above already)
        if flow.response is not response:
            return  # another addon replaced the response while the page was filtered
        if reply.status == FAILED:
            self._serve_original(flow, reply.reason)
        elif reply.status == OK:
            elapsed_ms = (time.perf_counter() - started) * 1000
            write_back(response, reply, elapsed_ms)
            log.info("clearpage: %s %.0f ms, %d removed: %s", reply.mode, elapsed_ms, reply.removed, flow.request.pretty_url)
        else:
            log.debug("clearpage: left %s as it is: %s", flow.request.pretty_url, reply.reason)

    # ------------------------------------------------------------------ internals

    def _job(self, flow: http.HTTPFlow, body: bytes) -> Job:
        assert self.config is not None and self.spec is not None and flow.response is not None
        headers = flow.response.headers
        url = flow.request.pretty_url
        return Job(
            config=self.spec,
            url=url,
            body=body,
            content_encoding=headers.get("content-encoding"),
            charset=charset_from_content_type(headers.get("content-type")),
            mode=self.mode,
            budget_ms=float(self.config.proxy.time_budget_ms),
            max_body_bytes=self.config.proxy.max_body_bytes,
            csp=tuple(headers.get_all("content-security-policy")),
            stylesheet_href=f"{STYLESHEET_PATH}?v={self.config.digest}",
            navigation=learns_from(flow.request.scheme, flow.request.headers),
            use_memory=not flow.metadata.get(NOMEMORY_META, False),
            page_bar=True,
        )

    def error(self, flow: http.HTTPFlow) -> None:
        watch = flow.metadata.get(buffering.WATCH)
        if watch is not None:
            watch.release()  # (the stream's own end releases it too: this is for a flow that ends otherwise)

    def _streamed_unfiltered(self, flow: http.HTTPFlow, reason: str) -> None:
        """A page held for filtering was turned to streaming (addon.buffering): count it, say why once."""
        self.unfiltered[reason] += 1
        assert self.config is not None
        if reason == buffering.DEADLINE:
            why = f"still arriving {self.config.proxy.buffer_deadline_ms} ms after its headers (proxy.buffer_deadline_ms)"
        else:
            why = f"HTML held for filtering went past {self.config.proxy.max_buffered_bytes} bytes (proxy.max_buffered_bytes)"
        log.warning("clearpage: streamed the original of %s unfiltered: %s; %d such pages so far",
                    flow.request.pretty_url, why, self.unfiltered[reason])

    def _serve_original(self, flow: http.HTTPFlow, reason: str) -> None:
        log.warning("clearpage: served the original of %s: %s", flow.request.pretty_url, reason)

    def _mode_for(self, host: str) -> str:
        assert self.config is not None
        return self.mode or self.config.settings_for(host).mode

    def _start_pool(self) -> None:
        """Start the workers (once); the slow lane's worker waits for the first big page."""
        assert self.config is not None and self.spec is not None
        if self.pool is None:
            self.pool = WorkerPool(default_size(self.config.proxy.workers), self.spec, worker_module=self.worker_module)
            self.pool.start()

    def _pools(self) -> list[WorkerPool]:
        return [pool for pool in (self.pool, self._big_pages.pool) if pool is not None]

    def _lane_for_page(self) -> WorkerPool:
        """The slow lane for one more big page."""
        assert self.spec is not None
        return self._big_pages.take(self.spec, self.lane)

    @property
    def slow_lane(self) -> WorkerPool | None:
        """The slow lane's pool, while it runs."""
        return self._big_pages.pool

    # The lane's counters and idle stop by the names the addon's tests use.

    @property
    def _lane_pages(self) -> int:
        return self._big_pages.pages

    @property
    def _lane_busy(self) -> int:
        return self._big_pages.busy

    @_lane_busy.setter
    def _lane_busy(self, busy: int) -> None:
        self._big_pages.busy = busy

    def _stop_idle_lane(self, pages_then: int) -> None:
        self._big_pages.stop_if_idle(pages_then)

    def _install(self, config: Config, text: str | None) -> None:
        old = self.config
        self.config, self._text = config, text
        self.buffers.cap = config.proxy.max_buffered_bytes
        lists = self.subscribed_lists()
        digest = config.digest if not lists else f"{config.digest}+{_lists_stamp(lists)}"
        self.spec = ConfigSpec(digest, self.path, text, lists)
        for warning in config.warnings:
            log.warning("clearpage: %s", warning)
        for pool in self._pools():
            pool.spec = self.spec
        if self.pool is not None:
            if old is not None and old.proxy.workers != config.proxy.workers:
                log.warning("clearpage: proxy.workers changed; the new count applies when the proxy restarts")
        self._sync_stream_limit()
        self._sync_ignore_hosts()

    def _sync_ignore_hosts(self) -> None:
        """mitmproxy's ``ignore_hosts``: the user's own regexes plus those of ``tls.passthrough_hosts``."""
        assert self.config is not None
        want = special_hosts.ignore_patterns(self.config.tls.passthrough_hosts if self.config.tls else ())
        try:
            current = list(ctx.options.ignore_hosts)
        except AttributeError:
            return  # no proxyserver addon loaded (addon tests): nothing is intercepted anyway
        own = [pattern for pattern in current if pattern not in self._ignore_hosts]
        self._ignore_hosts = want
        if own + want != current:
            ctx.options.update(ignore_hosts=own + want)

    def _sync_stream_limit(self) -> None:
        """Have mitmproxy stream bodies over the limit (chunked ones too, once they grow past it).

        Only while the user has not set ``stream_large_bodies`` themselves.
        """
        assert self.config is not None
        want = str(self.config.proxy.max_body_bytes)
        try:
            current = ctx.options.stream_large_bodies
        except AttributeError:
            return  # no proxyserver addon loaded (addon tests): nothing streams anyway
        if current is None or current == self._stream_limit:
            self._stream_limit = want
            if current != want:
                ctx.options.update(stream_large_bodies=want)

    # ------------------------------------------------------------------ subscribed lists

    def lists_dir(self) -> Path:
        assert self.config is not None
        settings = self.config.lists
        return Path(settings.dir) if settings is not None and settings.dir else subscriptions.default_dir()

    def subscribed_lists(self) -> tuple[str, ...]:
        """The cached copies the workers use (none with clearpage_lists=off, or without lists: in the config)."""
        if self.lists == "off" or self.config is None or self.config.lists is None:
            return ()
        return subscriptions.cached_files(self.config.lists.subscriptions, self.lists_dir())

    async def refresh_lists_once(self) -> list[subscriptions.Outcome]:
        """Fetch the subscribed lists that are due (in a thread); new copies go to the workers."""
        assert self.config is not None
        settings = self.config.lists
        if settings is None or not settings.subscriptions:
            return []
        directory = self.lists_dir()
        if not subscriptions.due(settings.subscriptions, directory):
            return []
        outcomes = await asyncio.to_thread(subscriptions.update, settings.subscriptions, directory)
        for outcome in outcomes:
            if outcome.status == subscriptions.KEPT:
                kept = "kept the previous copy" if outcome.path else "no copy yet"
                log.warning("clearpage: lists: %s of %s: %s", kept, outcome.url, outcome.reason)
            else:
                log.info("clearpage: lists: %s: %s", outcome.url, outcome.status)
        if any(o.status == subscriptions.NEW for o in outcomes) and self.config is not None:
            self._install(self.config, self._text)
            log.info("clearpage: lists: the workers use the new copies from their next page")
        return outcomes

    async def _refresh_lists(self) -> None:
        while True:
            try:
                await self.refresh_lists_once()
            except Exception:  # noqa: BLE001 - the refresh must outlive any surprise; the cached copies stay
                log.exception("clearpage: lists: refresh failed")
            await asyncio.sleep(LISTS_CHECK_S)

    async def _watch_config(self) -> None:
        while True:
            assert self.config is not None
            await asyncio.sleep(self.config.proxy.reload_check_s)
            try:
                await self.check_reload()
            except Exception:  # noqa: BLE001 - the watcher must outlive any surprise
                log.exception("clearpage: config reload check failed")

    async def check_reload(self) -> bool:
        """Reload the config file if it changed; a bad edit keeps the last good config."""
        if not self.path:
            return False
        stamp = file_stamp(self.path)
        if stamp == self._stamp:
            return False
        self._stamp = stamp
        try:
            config, text, _ = await asyncio.to_thread(read_config, self.path)
        except ConfigError as exc:
            for problem in exc.problems:
                log.error("clearpage: %s", problem)
            log.error("clearpage: %s has %d problem(s); keeping the last good config", self.path, len(exc.problems))
            return False
        self._install(config, text)
        log.info("clearpage: reloaded %s", self.path)
        return True


# ---------------------------------------------------------------------- HTTP details


def read_config(path: str | None) -> tuple[Config, str | None, Stamp | None]:
    """The config, the user file's text as loaded (for the workers) and the file's stamp."""
    if path is None:
        return load_config(), None, None
    stamp = file_stamp(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError([Problem(path, None, "", f"cannot read config: {getattr(exc, 'strerror', None) or exc}")]) from None
    return load_config_text(text, path), text, stamp


def default_lists_policy() -> str:
    """The clearpage_lists option's default: $CLEARPAGE_LISTS when it names a policy, else refresh."""
    value = os.environ.get(LISTS_ENV, "").strip().lower()
    return value if value in LISTS_CHOICES else "refresh"


def _lists_stamp(paths: tuple[str, ...]) -> str:
    """What changes when a refresh replaces a list: each file's size and mtime."""
    return hashlib.sha256(",".join(f"{p}:{file_stamp(p)}" for p in paths).encode()).hexdigest()[:12]


def file_stamp(path: str) -> Stamp | None:
    """What changes when the file is edited or replaced; None when it cannot be read."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size, st.st_ino)


def strip_bypass(path: str) -> str | None:
    """``path`` without its ``clearpage=off`` query parameters, or None when it has none.

    Works on the raw text so the rest of the query reaches the server byte for byte.
    """
    return strip_pair(path, BYPASS_PAIR)


def strip_pair(path: str, pair: str) -> str | None:
    """``path`` without the query parameter ``pair`` (``name=value``), or None when it has none
    (raw text: the rest of the query reaches the server byte for byte)."""
    base, question, query = path.partition("?")
    if not question:
        return None
    query, hash_, fragment = query.partition("#")
    parts = query.split("&")
    kept = [p for p in parts if p != pair]
    if len(kept) == len(parts):
        return None
    rebuilt = base + ("?" + "&".join(kept) if kept else "")
    return rebuilt + (hash_ + fragment if hash_ else "")


def write_back(response: http.Response, reply: Reply, elapsed_ms: float) -> None:
    """Serve the filtered body: UTF-8, true length, weak validator, private caching."""
    headers = response.headers.copy()  # built aside, then swapped in with the body: never half-done
    headers["content-type"] = f"{reply.media_type}; charset=utf-8"
    if reply.media_type == "text/plain":
        headers["x-content-type-options"] = "nosniff"  # markup quoted in a text page must never be sniffed as HTML
    if "transfer-encoding" not in headers:
        headers["content-length"] = str(len(reply.body))
    etag = headers.get("etag")
    if etag and not etag.strip().startswith("W/"):
        headers["etag"] = "W/" + etag.strip()
    headers["cache-control"] = private_cache_control(headers.get_all("cache-control"))
    for name in INTEGRITY_HEADERS:
        headers.pop(name, None)
    headers.pop("accept-ranges", None)  # byte ranges of the original do not match this body
    if reply.policy:
        headers.add("content-security-policy", reply.policy)  # beside the site's own: both are enforced
    headers[HEADER] = (f"mode={reply.mode}; ms={elapsed_ms:.0f}; worker={reply.timings_ms.get('total', 0.0):.1f}; "
                       f"cpu={reply.cpu_ms:.1f}; wait={reply.wait_ms:.1f}; removed={reply.removed}")
    response.headers = headers
    response.raw_content = reply.body  # in the original Content-Encoding: the worker re-applied it


def release_memory() -> None:
    """Free the bodies of finished big pages now and give the freed heap back to the system.

    A finished flow sits in reference cycles (mitmproxy's layers and the flow), freed only by a full
    collection, which comes after thousands of flows: bodies of finished 20 MB pages piled up in this
    process (up to ~60 MB above its size). A full collection scans every object; the startup ones
    (~100,000: modules, config, mitmproxy) are frozen once the proxy runs, so this takes ~3 ms
    instead of ~60. The trim (addon.malloc) runs in a thread: it holds the heap's lock for ~10 ms.
    """
    gc.collect()
    asyncio.get_running_loop().run_in_executor(None, malloc.trim)


def private_cache_control(values: list[str]) -> str:
    """``private`` plus the original directives that do not concern shared caches."""
    kept = []
    for value in values:
        for directive in value.split(","):
            directive = directive.strip()
            name = directive.split("=", 1)[0].strip().lower()
            if directive and name not in SHARED_CACHE_DIRECTIVES:
                kept.append(directive)
    return ", ".join(["private", *kept])


def _is_onboarding(flow: http.HTTPFlow) -> bool:
    """Whether mitmproxy's onboarding app (``mitm.it``, its CA certificate download) answered this flow."""
    try:
        enabled, host = ctx.options.onboarding, ctx.options.onboarding_host
    except AttributeError:
        return False  # no onboarding addon loaded (addon tests)
    return bool(enabled) and flow.request.pretty_host == host


def _content_length(response: http.Response) -> int | None:
    value = response.headers.get("content-length", "").strip()
    return int(value) if value.isdigit() else None


addons = [Clearpage()]
