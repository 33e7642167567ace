"""A page held for filtering (addon.buffering): in a real mitmproxy (in this process) with the addon
and a real worker, once answered nothing of mitmproxy's keeps its flow (and the page's bytes) alive
until its deadline's wake-up fires; its body is gathered in one buffer, handed over without a copy."""
from __future__ import annotations

import asyncio
import gc
import http.client
import threading
import tracemalloc
import weakref

import pytest
from mitmproxy.options import Options
from mitmproxy.tools.dump import DumpMaster

from clearpage.addon import buffering
from clearpage.addon.proxy_addon import HEADER, Clearpage
from tests.support.origin import Origin, Route
from tests.support.pages import HTML_UTF8, page

# Far longer than the test: a flow still alive when it ends is held by the wake-up, not by its age.
DEADLINE_MS = 120_000
WAIT_S = 60.0  # the longest the test waits for the proxy (a loaded machine is slow, never this slow)
PAGES = 3


class Flows:
    """Weak references to the flows the proxy answered (an addon after clearpage)."""

    def __init__(self) -> None:
        self.answered: list[weakref.ref] = []

    def response(self, flow) -> None:
        self.answered.append(weakref.ref(flow))


class InProcessProxy:
    """mitmproxy's DumpMaster with the clearpage addon, on an event loop in a thread of this process."""

    def __init__(self, directory, config: str) -> None:
        config_file = directory / "clearpage.yaml"
        config_file.write_text(config, encoding="utf-8")
        (directory / "mitmproxy").mkdir()
        self.flows = Flows()
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        self.port = 0
        self._thread = threading.Thread(target=self.loop.run_until_complete, args=(self._serve(directory, config_file),),
                                        daemon=True, name="in-process-proxy")
        self._thread.start()
        assert self.ready.wait(WAIT_S), "the proxy did not start"

    async def _serve(self, directory, config_file) -> None:
        opts = Options(listen_host="127.0.0.1", listen_port=0, confdir=str(directory / "mitmproxy"))
        self.master = DumpMaster(opts, with_termlog=False, with_dumper=False)
        self.addon = Clearpage()
        self.master.addons.add(self.addon, self.flows)
        opts.update(clearpage_config=str(config_file), clearpage_lists="off")
        running = asyncio.ensure_future(self.master.run())
        while not self.master.addons.get("proxyserver").listen_addrs():
            await asyncio.sleep(0.05)
        await self.addon.start_workers()
        self.port = self.master.addons.get("proxyserver").listen_addrs()[0][1]
        self.ready.set()
        await running

    def call(self, function):
        """``function()`` run on the proxy's loop; its result."""
        async def run():
            return function()
        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(WAIT_S)

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.master.shutdown)
        self._thread.join(WAIT_S)


@pytest.fixture()
def proxy(tmp_path):
    p = InProcessProxy(tmp_path, f"proxy:\n  workers: 1\n  buffer_deadline_ms: {DEADLINE_MS}\n")
    yield p
    p.close()


def test_an_answered_page_is_not_kept_alive_until_its_deadline(proxy):
    body = page("article.html")
    with Origin({"/article.html": Route(body, HTML_UTF8)}) as origin:
        conn = http.client.HTTPConnection("127.0.0.1", proxy.port, timeout=WAIT_S)  # one keep-alive connection
        try:
            for _ in range(PAGES):
                conn.request("GET", origin.url("/article.html"))
                response = conn.getresponse()
                response.read()
                assert response.status == 200 and response.getheader(HEADER)  # held, filtered and answered
            # The connection (and mitmproxy's HTTP layer on it) is still open: only the flows' own
            # references are gone. Every answered flow is garbage now, not in DEADLINE_MS.
            alive = proxy.call(lambda: (gc.collect(), sum(ref() is not None for ref in proxy.flows.answered))[1])
        finally:
            conn.close()
    assert len(proxy.flows.answered) == PAGES
    assert alive == 0


def test_a_held_body_is_gathered_in_one_buffer_and_handed_over_without_a_copy():
    pieces = [bytes([n]) * 65_535 for n in range(64)]  # ~4 MB in the pieces mitmproxy reads
    tracemalloc.start()
    try:
        body = buffering._Body()
        assert not body and len(body) == 0
        for piece in pieces:
            body += piece
        assert body and len(body) == sum(map(len, pieces))
        gathered, _ = tracemalloc.get_traced_memory()
        tracemalloc.reset_peak()
        whole = bytes(body)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert whole == b"".join(pieces)
    assert peak - gathered < len(whole) // 4  # the gathered buffer itself, not a second one of its size
    body.clear()
    assert not body and len(body) == 0 and bytes(body) == b""
    assert whole == b"".join(pieces)  # the bytes handed over are the caller's now
