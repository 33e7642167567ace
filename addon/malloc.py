"""glibc's malloc: hand freed page-sized buffers back to the system at once.

glibc serves allocations above its mmap threshold (128 KiB) with mmap and unmaps them on free,
but by default it *raises* the threshold to the size of the largest mmapped block freed so far
(up to 32 MiB). After one 20 MB page, every later buffer below 20 MB (bodies, decoded text,
serialised pages) comes from the heap, where freed memory stays in the process. Fixing the
threshold (mallopt M_MMAP_THRESHOLD, which also turns the adjustment off) keeps large buffers
mmapped: the proxy tree's peak RSS with a 20 MB page in flight went from ~810 to ~680 MB.
Nothing happens where glibc is absent (musl, macOS) or the call fails.
"""
from __future__ import annotations

import ctypes
import ctypes.util

M_MMAP_THRESHOLD = -3  # <malloc.h>
THRESHOLD_BYTES = 128 * 1024  # glibc's own starting value

_done = False


def release_large_buffers() -> bool:
    """Fix glibc's mmap threshold in this process (once); True when it was set."""
    global _done
    if _done:
        return True
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        mallopt = libc.mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    mallopt.restype = ctypes.c_int
    _done = mallopt(M_MMAP_THRESHOLD, THRESHOLD_BYTES) == 1
    return _done
