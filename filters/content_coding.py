"""HTTP Content-Encoding of page bodies: strict, size-bounded decoding, and re-encoding.

Decoding is strict where mitmproxy's own is lenient: a truncated gzip, brotli or zstd body is
an error (mitmproxy would hand back the part that did decode), and no coding may expand past
``limit`` bytes (a compression bomb stops there instead of filling memory). Re-encoding uses
the fastest levels (the bytes mitmproxy's encoders give). zlib, brotli and zstandard do the
work. A body that cannot be decoded is served as the server sent it (``DecodeError`` and
``TooLarge`` are page errors: docs/errors.md).
"""
from __future__ import annotations

import gzip
import zlib
from collections.abc import Callable

import brotli
import zstandard

from .errors import PageError

IDENTITY = frozenset({"", "identity", "none"})
# zstd can turn a few input bytes into a whole 128 KiB block; feeding it in slices this small
# keeps the overshoot past ``limit`` to a few MiB while the limit check runs between slices.
_ZSTD_SLICE = 256
_GZIP_AUTO_HEADER = 47  # zlib wbits: 32 (gzip or zlib header, detected) + 15 (window)
# Re-encoding runs on every filtered page inside its time budget: the fastest level of each
# coding (mitmproxy's choice too, so the bytes served are those its encoders gave).
_FAST_LEVEL = 1  # gzip, deflate and zstd
_BROTLI_FAST_QUALITY = 0


class DecodeError(PageError, ValueError):
    """The body does not decode with the codings its Content-Encoding names."""


class TooLarge(PageError, ValueError):
    """The decoded body is larger than the limit."""


def codings(header: str | None) -> list[str]:
    """The codings of a Content-Encoding header in the order they were applied, identity left out."""
    return [c.strip().lower() for c in (header or "").split(",") if c.strip().lower() not in IDENTITY]


def supported(header: str | None) -> bool:
    return all(c in _DECODERS for c in codings(header))


def decode(data: bytes, header: str | None, limit: int) -> bytes:
    """Undo every coding in ``header`` (last applied first); raises DecodeError or TooLarge."""
    for coding in reversed(codings(header)):
        decoder = _DECODERS.get(coding)
        if decoder is None:
            raise DecodeError(f"unsupported content-encoding {coding!r}")
        data = decoder(data, limit)
    if len(data) > limit:
        raise TooLarge(f"body is {len(data)} bytes, over the {limit}-byte limit")
    return data


def encode(data: bytes, header: str | None) -> bytes:
    """Apply the codings in ``header`` again, in order, so the headers stay true (a coding
    ``supported`` does not know is a ValueError: check the header first)."""
    for coding in codings(header):
        encoder = _ENCODERS.get(coding)
        if encoder is None:
            raise ValueError(f"unsupported content-encoding {coding!r}")
        data = encoder(data)
    return data


def _too_large(limit: int) -> TooLarge:
    return TooLarge(f"decoded body is over the {limit}-byte limit")


def _zlib(data: bytes, limit: int, wbits: int, name: str) -> bytes:
    out = []
    size = 0
    rest = data
    while True:
        inflater = zlib.decompressobj(wbits)
        try:
            chunk = inflater.decompress(rest, limit + 1 - size)
        except zlib.error as exc:
            raise DecodeError(f"{name}: {exc}") from None
        size += len(chunk)
        out.append(chunk)
        if size > limit or inflater.unconsumed_tail:
            raise _too_large(limit)
        if not inflater.eof:
            raise DecodeError(f"{name}: truncated body")
        rest = inflater.unused_data
        # Several gzip members in a row are one body (RFC 1952); trailing NUL padding is ignored.
        if not rest.strip(b"\0") or wbits != _GZIP_AUTO_HEADER:
            return b"".join(out)


def _gzip(data: bytes, limit: int) -> bytes:
    return _zlib(data, limit, _GZIP_AUTO_HEADER, "gzip")


def _deflate(data: bytes, limit: int) -> bytes:
    # "deflate" means zlib-wrapped, but many servers send raw deflate; browsers accept both.
    try:
        return _zlib(data, limit, zlib.MAX_WBITS, "deflate")
    except DecodeError:
        return _zlib(data, limit, -zlib.MAX_WBITS, "deflate")


def _brotli(data: bytes, limit: int) -> bytes:
    inflater = brotli.Decompressor()
    try:
        out = inflater.process(data, output_buffer_limit=limit + 1)
    except brotli.error as exc:
        raise DecodeError(f"br: {exc}") from None
    if len(out) > limit:
        raise _too_large(limit)
    if not inflater.is_finished():
        raise DecodeError("br: truncated body")
    return out


def _zstd(data: bytes, limit: int) -> bytes:
    out = []
    size = 0
    rest = data
    while rest:
        inflater = zstandard.ZstdDecompressor().decompressobj()
        fed = 0
        try:
            while fed < len(rest) and not inflater.eof:
                chunk = inflater.decompress(rest[fed : fed + _ZSTD_SLICE])
                fed += _ZSTD_SLICE
                size += len(chunk)
                out.append(chunk)
                if size > limit:
                    raise _too_large(limit)
        except zstandard.ZstdError as exc:
            raise DecodeError(f"zstd: {exc}") from None
        if not inflater.eof:
            raise DecodeError("zstd: truncated body")
        rest = inflater.unused_data + rest[fed:]  # the next frame, if the body has several
    return b"".join(out)


def _gzip_encode(data: bytes) -> bytes:
    return gzip.compress(data, compresslevel=_FAST_LEVEL, mtime=0)  # (mtime 0: the same body, the same bytes)


def _deflate_encode(data: bytes) -> bytes:
    return zlib.compress(data, level=_FAST_LEVEL)  # zlib-wrapped, as "deflate" means


def _brotli_encode(data: bytes) -> bytes:
    return brotli.compress(data, quality=_BROTLI_FAST_QUALITY)


def _zstd_encode(data: bytes) -> bytes:
    return zstandard.ZstdCompressor(level=_FAST_LEVEL).compress(data)


_ENCODERS: dict[str, Callable[[bytes], bytes]] = {
    "gzip": _gzip_encode,
    "x-gzip": _gzip_encode,
    "deflate": _deflate_encode,
    "br": _brotli_encode,
    "zstd": _zstd_encode,
}
_DECODERS: dict[str, Callable[[bytes, int], bytes]] = {
    "gzip": _gzip,
    "x-gzip": _gzip,
    "deflate": _deflate,
    "br": _brotli,
    "zstd": _zstd,
}
