"""The origin server of ``clearpage bench proxy``: a separate process serving fixed bytes fast.

``python -m clearpage.tools.bench.origin PAGE_FILE BIG_BYTES [SITE_FILE]`` listens on a free loopback
port, prints ``origin listening on PORT`` and serves, over HTTP/1.1 keep-alive with a
Content-Length, ``/article.html`` (PAGE_FILE's bytes) and ``/big.html`` (a synthetic page of
BIG_BYTES, built at start), both ``text/html; charset=utf-8``, and the browser-shaped runs' site
(SITE_FILE, written by ``bench.browser``: HTML pages and their sub-resources, each with its
Content-Type); anything else is a 404. A query string is ignored. The
responses are built once, so the origin costs next to nothing beside the proxies it feeds
(its own process: it never shares the load generator's interpreter).
"""
from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from .pages import DEFAULT_PAGE_URL_PATH, big_page

BIG_URL_PATH = "/big.html"
READY = "origin listening on"


def response(body: bytes, status: str = "200 OK", content_type: str = "text/html; charset=utf-8") -> bytes:
    head = (
        f"HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\nContent-Length: {len(body)}\r\n"
        "Cache-Control: no-cache\r\n\r\n"
    )
    return head.encode("ascii") + body


def routes(page: bytes, big_bytes: int) -> dict[bytes, bytes]:
    return {
        DEFAULT_PAGE_URL_PATH.encode(): response(page),
        BIG_URL_PATH.encode(): response(big_page(big_bytes)),
    }


async def serve(table: dict[bytes, bytes]) -> None:
    missing = response(b"not here", "404 Not Found")

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                target = head.split(b" ", 2)[1]
                writer.write(table.get(target.split(b"?", 1)[0], missing))
                await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError, asyncio.LimitOverrunError, IndexError):
            pass
        finally:
            writer.close()

    server = await asyncio.start_server(handle, "127.0.0.1", 0, backlog=512)
    port = server.sockets[0].getsockname()[1]
    print(f"{READY} {port}", flush=True)
    async with server:
        await server.serve_forever()


def main(argv: list[str]) -> None:
    page_file, big_bytes = Path(argv[0]), int(argv[1])
    table = routes(page_file.read_bytes(), big_bytes)
    if len(argv) > 2:
        from .browser import read_site

        table.update({path.encode(): response(body, content_type=kind) for path, (kind, body) in read_site(Path(argv[2])).items()})
    asyncio.run(serve(table))


if __name__ == "__main__":
    main(sys.argv[1:])
