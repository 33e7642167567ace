"""The fixture pages and the routes the end-to-end tests serve from them.

``pages/article.html``: an article (reader mode) with a nav link list, an ad iframe from
doubleclick.net, an empty layout table and a script. ``pages/portal.html``: not an article
(filter mode) with a link list, ads and an empty table. ``pages/latin1.html``: ISO-8859-1
bytes whose charset only the HTTP header declares. ``pages/missing.html``: a 404 page.
"""
from __future__ import annotations

import gzip
import struct
import zlib
from pathlib import Path

import brotli
import zstandard

from .origin import Route

PAGES = Path(__file__).resolve().parent / "pages"
HTML_UTF8 = {"Content-Type": "text/html; charset=utf-8"}
PARAGRAPH = (
    "<p>Paragraph {i}: the survey volunteers walked the river again and wrote down what they saw, "
    "the birds on the banks, the colour of the water and the places where the gravel had moved.</p>\n"
)


def page(name: str) -> bytes:
    return (PAGES / name).read_bytes()


def png() -> bytes:
    """A valid 1x1 grey PNG."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", 1, 1, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\x00\x80")) + chunk(b"IEND", b"")


def big_page(size: int) -> bytes:
    """An article-like page of at least ``size`` bytes."""
    parts = ["<!DOCTYPE html><html><head><meta charset='utf-8'><title>Long</title></head><body><article>"]
    total, i = len(parts[0]), 0
    while total < size:
        parts.append(PARAGRAPH.format(i=i))
        total += len(parts[-1])
        i += 1
    parts.append("</article></body></html>")
    return "".join(parts).encode("utf-8")


def corrupt_gzip(data: bytes) -> bytes:
    """A gzip body with its compressed bytes damaged in the middle (header intact)."""
    packed = bytearray(gzip.compress(data))
    middle = len(packed) // 2
    packed[middle : middle + 16] = bytes(b ^ 0xFF for b in packed[middle : middle + 16])
    return bytes(packed)


def standard_routes(big_size: int) -> dict[str, Route]:
    """Every case the end-to-end tests fetch; ``big_size`` should exceed the proxy's body limit."""
    article = page("article.html")
    html = {"Content-Type": "text/html"}
    return {
        "/article.html": Route(article, {**HTML_UTF8, "ETag": '"article-v1"', "Cache-Control": "public, max-age=60"}),
        "/article-gzip.html": Route(gzip.compress(article), {**html, "Content-Encoding": "gzip", "Vary": "Accept-Encoding"}),
        "/article-br.html": Route(brotli.compress(article), {**html, "Content-Encoding": "br"}),
        "/article-zstd.html": Route(zstandard.ZstdCompressor().compress(article), {**html, "Content-Encoding": "zstd"}),
        "/article-chunked.html": Route(article, HTML_UTF8, chunked=True),
        "/portal.html": Route(page("portal.html"), HTML_UTF8),
        "/latin1.html": Route(page("latin1.html"), {"Content-Type": "text/html; charset=iso-8859-1"}),
        "/pixel.png": Route(png(), {"Content-Type": "image/png", "Cache-Control": "public, max-age=600"}),
        "/missing.html": Route(page("missing.html"), HTML_UTF8, status=404),
        "/broken-gzip.html": Route(corrupt_gzip(article), {**html, "Content-Encoding": "gzip"}),
        "/big.html": Route(big_page(big_size), HTML_UTF8),
        "/big-chunked.html": Route(big_page(big_size), HTML_UTF8, chunked=True),
        "/download.html": Route(article, {**HTML_UTF8, "Content-Disposition": "attachment; filename=story.html"}),
        "/csp-self.html": Route(article, {**HTML_UTF8, "Content-Security-Policy": "default-src 'self'"}),
        "/csp-none.html": Route(article, {**HTML_UTF8, "Content-Security-Policy": "default-src 'none'; img-src *"}),
    }
