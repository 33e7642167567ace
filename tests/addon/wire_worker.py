"""A page worker whose replies misbehave on the wire (tests only): sent in pieces, or cut off by its death.

It runs ``addon.worker``'s loop with a page function that echoes the page, and a replies connection
that writes each message as the page asked: whole (the default), in small pieces with pauses between
(``SPLIT``: the proxy must put a reply together from many reads), or half of it before the process
exits (``DIE``: a worker dying in the middle of its reply).
"""
from __future__ import annotations

import os
import pickle
import struct
import sys
import time
from multiprocessing.connection import Connection

from clearpage.addon import worker
from clearpage.addon.worker import OK, Job, Reply

MODULE = "tests.addon.wire_worker"
SPLIT = b"<!-- clearpage-test: split the reply -->"
DIE = b"<!-- clearpage-test: die mid-reply -->"
HEADER_PIECE = 1  # the length header goes a byte at a time: a reader that takes its 4 bytes in one read fails
BODY_PIECE = 8192
PAUSE_S = 0.01  # between pieces: long enough for the proxy's loop to read each one on its own
EXIT_CODE = 3

_next = {"how": None}  # how the reply to the page being answered goes out (set by ``page``)


def page(html: bytes, job: Job) -> Reply:
    """The page itself, served as if filtered (its bytes tell the reply how to travel)."""
    _next["how"] = SPLIT if SPLIT in html else DIE if DIE in html else None
    return Reply(OK, "echo", body=html, media_type="text/html", mode="echo")


class Replies:
    """The worker's replies connection, writing each message the way the last page asked."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.whole = Connection(fd, readable=False)

    def send(self, message: object) -> None:
        how, _next["how"] = _next["how"], None
        if how is None:
            self.whole.send(message)
            return
        data = pickle.dumps(message)
        framed = struct.pack("!i", len(data)) + data
        if how == DIE:
            os.write(self.fd, framed[: len(framed) // 2])
            os._exit(EXIT_CODE)
        pieces = [framed[i:i + HEADER_PIECE] for i in range(0, 4, HEADER_PIECE)]
        pieces += [framed[i:i + BODY_PIECE] for i in range(4, len(framed), BODY_PIECE)]
        for piece in pieces:
            os.write(self.fd, piece)
            time.sleep(PAUSE_S)


def main(argv: list[str]) -> None:
    jobs_fd, replies_fd = (int(a) for a in argv)
    worker.serve(Connection(jobs_fd, writable=False), Replies(replies_fd), page)  # type: ignore[arg-type]


if __name__ == "__main__":
    main(sys.argv[1:])
