"""glibc's malloc: hand freed page-sized buffers, and freed heap after a big page, back to the system.

glibc serves allocations above its mmap threshold (128 KiB) with mmap and unmaps them on free,
but by default it *raises* the threshold to the size of the largest mmapped block freed so far
(up to 32 MiB). After one 20 MB page, every later buffer below 20 MB (bodies, decoded text,
serialised pages) comes from the heap, where freed memory stays in the process. Fixing the
threshold (mallopt M_MMAP_THRESHOLD, which also turns the adjustment off) keeps large buffers
mmapped: the proxy tree's peak RSS with a 20 MB page in flight went from ~810 to ~680 MB.

The small blocks stay on the heap: lxml's tree of a 20 MB page (~100 MB of nodes), the chunks
its body arrived in. Freed, they are reused but not returned: a worker that had filtered one
20 MB page stayed ~110 MB above its size at start, the proxy's main process ~70 MB, and the
next big page's peak came on top. ``trim`` (malloc_trim) gives the free pages inside the heap
back (a worker: 240 -> 140 MB in ~10 ms); callers trim after a big body, not after every page.

Everyday pages fragment the heap too: their bodies, jobs and replies (~100 KB each, under the
threshold) come and go between mitmproxy's own small objects, and the freed pages between them
are not returned by themselves. ``TrimPacer`` says when enough page bytes have passed since the
last trim for the next one to be worth it (docs/benchmarks.md has the figures).

Nothing happens where glibc is absent (musl, macOS) or the call fails.
"""
from __future__ import annotations

import ctypes
import ctypes.util

M_MMAP_THRESHOLD = -3  # <malloc.h>
THRESHOLD_BYTES = 128 * 1024  # glibc's own starting value
# A body at least this big leaves enough freed heap behind to be worth a trim (~1-20 ms on a big heap);
# the ~100 KB pages of everyday browsing do not (their freed memory is reused by the next page).
TRIM_AFTER_BYTES = 1024 * 1024
# Page bytes (bodies in, replies out) passed between two trims for everyday pages: a few hundred
# ~100 KB pages, so a trim (~10 ms in a thread) costs well under 0.1 ms a page.
TRIM_EVERY_BYTES = 64 * 1024 * 1024

_done = False
_libc = None


def _glibc():
    """libc with ``mallopt`` and ``malloc_trim``, or None (not glibc)."""
    global _libc
    if _libc is None:
        try:
            libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
            libc.mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
            libc.mallopt.restype = ctypes.c_int
            libc.malloc_trim.argtypes = (ctypes.c_size_t,)
            libc.malloc_trim.restype = ctypes.c_int
        except (OSError, AttributeError):
            libc = False
        _libc = libc
    return _libc or None


def release_large_buffers() -> bool:
    """Fix glibc's mmap threshold in this process (once); True when it was set."""
    global _done
    if _done:
        return True
    libc = _glibc()
    if libc is None:
        return False
    _done = libc.mallopt(M_MMAP_THRESHOLD, THRESHOLD_BYTES) == 1
    return _done


def trim() -> bool:
    """Return the heap's free pages to the system (glibc's malloc_trim); True when some were."""
    libc = _glibc()
    return bool(libc is not None and libc.malloc_trim(0))


def worth_trimming(body_bytes: int) -> bool:
    """Whether a page body of this size leaves enough freed heap behind to trim after it."""
    return body_bytes >= TRIM_AFTER_BYTES


class TrimPacer:
    """Counts the page bytes a process handles and says when a trim is due: each ``every_bytes``."""

    def __init__(self, every_bytes: int = TRIM_EVERY_BYTES) -> None:
        if every_bytes < 1:
            raise ValueError(f"every_bytes must be 1 or more, not {every_bytes}")
        self.every_bytes = every_bytes
        self.due = 0  # how many times a trim came due so far (for diagnostics and tests)
        self._since = 0

    def add(self, nbytes: int) -> bool:
        """Count ``nbytes`` more; True when they bring the count since the last trim to ``every_bytes``
        (the count then starts again: the caller trims now)."""
        self._since += nbytes
        if self._since < self.every_bytes:
            return False
        self._since = 0
        self.due += 1
        return True
