"""The clearpage addon inside mitmproxy's own test context (``taddons``/``tflow``), for addon tests.

``AddonHarness(tmp_path, config="...yaml...")`` loads the addon into a mitmproxy test master on
an event loop of its own, configures it from a real YAML file, starts its real worker
processes, and replays flows through the hooks in mitmproxy's order with ``exchange``:
requestheaders -> request -> responseheaders -> (body arrives unless streamed) -> response.
``Exchange.served`` is what the client receives: the upstream bytes untouched when the
response was streamed, else the response's raw body after the hooks ran.
"""
from __future__ import annotations

import asyncio
from dataclasses import dataclass
from pathlib import Path

from mitmproxy import http
from mitmproxy.test import taddons, tflow, tutils

from clearpage.addon.proxy_addon import Clearpage

DEFAULT_CONFIG = "proxy:\n  workers: 1\n"


@dataclass
class Exchange:
    flow: http.HTTPFlow
    upstream_path: str  # the request path as it would go upstream
    streamed: bool
    served: bytes

    @property
    def response(self) -> http.Response:
        assert self.flow.response is not None
        return self.flow.response


class AddonHarness:
    def __init__(self, directory: Path, config: str = DEFAULT_CONFIG):
        directory.mkdir(parents=True, exist_ok=True)
        self.config_file = directory / "clearpage.yaml"
        self.config_file.write_text(config, encoding="utf-8")
        self.loop = asyncio.new_event_loop()
        self.addon = Clearpage()
        self.tctx = self.run(self._start())

    async def _start(self):
        tctx = taddons.context(self.addon)  # binds to this (running) loop
        tctx.configure(self.addon, clearpage_config=str(self.config_file))
        await self.addon.running()
        return tctx

    async def _stop(self) -> None:
        await self.tctx.master.done()
        pending = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        for task in pending:
            task.cancel()
        await asyncio.gather(*pending, return_exceptions=True)

    def run(self, coroutine):
        return self.loop.run_until_complete(coroutine)

    def configure(self, **options) -> None:
        self.tctx.configure(self.addon, **options)

    def exchange(
        self,
        body: bytes,
        headers: dict[str, str] | None = None,
        *,
        path: str = "/page.html",
        host: str = "example.com",
        scheme: str = "http",
        method: str = "GET",
        status: int = 200,
        chunked: bool = False,
    ) -> Exchange:
        """One request/response through the addon's hooks; ``body`` is sent as is (already encoded)."""
        port = 443 if scheme == "https" else 80
        request = tutils.treq(
            method=method.encode(), scheme=scheme.encode(), host=host, port=port, path=path.encode(),
            headers=http.Headers(host=host), content=b"",
        )
        flow = tflow.tflow(req=request)
        self.addon.requestheaders(flow)
        self.addon.request(flow)
        upstream_path = flow.request.path
        if flow.response is not None:  # answered by the addon itself
            return Exchange(flow, upstream_path, False, flow.response.raw_content or b"")
        fields = [(k.encode(), v.encode()) for k, v in (headers or {}).items()]
        if chunked:  # no length known from the headers
            fields.append((b"transfer-encoding", b"chunked"))
        else:
            fields.append((b"content-length", str(len(body)).encode()))
        # Headers only (raw_content None), as mitmproxy has the response at responseheaders.
        response = tutils.tresp(status_code=status, headers=http.Headers(fields), content=None)
        flow.response = response
        self.addon.responseheaders(flow)
        if response.stream:
            return Exchange(flow, upstream_path, True, body)
        response.raw_content = body if method != "HEAD" else b""
        self.run(self.addon.response(flow))
        return Exchange(flow, upstream_path, False, flow.response.raw_content or b"")

    def close(self) -> None:
        # mitmproxy's own shutdown: the done hook (stops the workers and the config watcher)
        # and the removal of the master's log handler, which would otherwise outlive the loop.
        self.run(self._stop())
        self.tctx.__exit__(None, None, None)
        self.loop.close()
