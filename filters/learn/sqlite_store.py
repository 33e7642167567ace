"""The SQLite connection layer of the site memory: one file, one connection per process.

Owns opening the file (WAL mode, busy timeout, creating or upgrading the tables), the read-only
fallback (a file that can be read but not written: read-only file or directory, full disk) and
what SQLite's errors mean. What is stored and when is memory.py's (the same for PostgreSQL).
"""
from __future__ import annotations

import logging
import os
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from .schema import ADD_SECRET, SCHEMA_VERSION, SECRET_KEY, new_secret, statements

log = logging.getLogger("clearpage.memory")

# What a file of an older schema loses on opening: version 1's fingerprints hashed the text
# another way (they would never match again) and kept each block's path (never read); versions
# 1 and 2 kept unsalted page hashes (they cannot be rehashed with the secret). Rules are kept.
_UPGRADE_DROPS = {1: ("blocks", "pages"), 2: ("pages",)}
# Columns a kept table gains (added with their default: a kept row counts as seen long ago).
_UPGRADE_COLUMNS = {"hosts": ("first_seen REAL NOT NULL DEFAULT 0",), "blocks": ("first_seen REAL NOT NULL DEFAULT 0",)}
# A read-only fallback connection tries writing again after this long (the disk may have room again).
READ_ONLY_RETRY_S = 60.0
# Retry pause for the WAL switch of a new file (doubling up to the max): short, as the other
# process's switch is a few ms.
WAL_RETRY_FIRST_S, WAL_RETRY_MAX_S = 0.005, 0.1
# SQLite's messages for a file that can be read but not written (read-only file or directory,
# full disk, a -shm file that cannot be created): the file is then opened read-only.
_CANNOT_WRITE = ("readonly", "read-only", "disk is full", "disk i/o error", "unable to open database file")


def _switch_to_wal(conn: sqlite3.Connection, timeout_s: float) -> None:
    """``PRAGMA journal_mode=WAL``, retried while another process holds the new file's lock.

    SQLite answers "database is locked" at once, without its busy handler, when two processes
    switch a fresh file to WAL together (the pool's workers starting at the same moment: 26 of
    120 openings in a by-hand race of three); the mode is kept in the file, so this is the
    first opening's problem only.
    """
    deadline = time.monotonic() + timeout_s
    pause = WAL_RETRY_FIRST_S
    while True:
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() >= deadline:
                raise
        time.sleep(pause)
        pause = min(pause * 2, WAL_RETRY_MAX_S)


def _cannot_write(exc: BaseException) -> bool:
    return isinstance(exc, OSError) or (isinstance(exc, sqlite3.OperationalError) and any(m in str(exc).lower() for m in _CANNOT_WRITE))


def explain(exc: BaseException | str) -> str:
    """SQLite's message, with what a person can do about a full disk."""
    text = str(exc)
    if "disk is full" in text or "disk i/o error" in text.lower():
        text += " (if the disk is full: SQLite needs a little free space to record any change, even a deletion;" \
                " free some space, or delete the file to forget every site: it is rebuilt as pages are visited)"
    return text


def _read_secret(c: sqlite3.Connection) -> bytes | None:
    """The file's page-hash key; None in a file too old to have one (read-only: never created)."""
    try:
        row = c.execute("SELECT value FROM meta WHERE key=?", (SECRET_KEY,)).fetchone()
    except sqlite3.OperationalError:  # no meta table
        return None
    return bytes.fromhex(row[0]) if row else None


class _Connection:
    """A sqlite3 connection as schema.Connection."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def execute(self, sql, params=()):
        return self.conn.execute(sql, params)

    def executemany(self, sql, rows) -> None:
        self.conn.executemany(sql, rows)

    def begin(self) -> None:
        self.conn.execute("BEGIN IMMEDIATE")

    def commit(self) -> None:
        self.conn.execute("COMMIT")

    def data_version(self) -> int:
        return self.conn.execute("PRAGMA data_version").fetchone()[0]


class SqliteDatabase:
    """The memory's file; one connection, opened on first use, read-only when it must be."""

    errors = (sqlite3.Error, OSError)

    def __init__(self, path: Path, busy_timeout_ms: int) -> None:
        self.path = path
        self.where = str(path)
        self.busy_timeout_ms = busy_timeout_ms
        self.secret: bytes | None = None
        self._read_only: str | None = None  # why the open connection is read-only
        self._read_only_since = 0.0
        self._conn: _Connection | None = None
        self.on_reopen = lambda: None  # told when a new connection replaces the old (memory.py drops what it kept)

    @property
    def read_only(self) -> str | None:
        return self._read_only

    @contextmanager
    def connection(self) -> Iterator[_Connection]:
        conn = self._connect()
        try:
            yield conn
        except BaseException as exc:
            if conn.conn.in_transaction:
                try:
                    conn.conn.rollback()
                except sqlite3.Error:
                    pass
            if isinstance(exc, sqlite3.DatabaseError) and not isinstance(exc, sqlite3.OperationalError):
                self._drop()  # a corrupt file: reopen next time (it may have been replaced)
            raise

    def is_outage(self, exc: BaseException) -> bool:
        return False  # a file is there or not: every problem is logged as it comes (memory.py)

    def explain(self, exc: BaseException | str) -> str:
        return explain(exc)

    def close(self) -> None:
        self._drop()

    def _drop(self) -> None:
        if self._conn is not None:
            self._conn.conn.close()
            self._conn = None
            self.on_reopen()

    def _connect(self) -> _Connection:
        if self._conn is not None and self._read_only is not None and time.monotonic() - self._read_only_since >= READ_ONLY_RETRY_S:
            self._drop()  # try writing again
        if self._conn is None:
            try:
                conn = self._open_writable()
                self._read_only = None
            except (sqlite3.Error, OSError) as exc:
                if not _cannot_write(exc) or not self.path.is_file():
                    raise
                conn = self._open_read_only()
                self._read_only = f"{type(exc).__name__}: {exc}"
                self._read_only_since = time.monotonic()
                log.warning(
                    "site memory %s: opened read-only (%s): learned rules are used, nothing new is learned", self.path, explain(exc))
            conn.create_function("greatest", 2, max, deterministic=True)  # PostgreSQL's name for the larger of two
            self.secret = _read_secret(conn)
            self._conn = _Connection(conn)
            self.on_reopen()
        return self._conn

    def _open_writable(self) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if self.path.exists() and not os.access(self.path, os.W_OK):  # SQLite would open it read-only and fail each write
            raise OSError(13, "the file is read-only", str(self.path))
        conn = sqlite3.connect(self.path, timeout=self.busy_timeout_ms / 1000, isolation_level=None, check_same_thread=False)
        try:
            conn.execute(f"PRAGMA busy_timeout={int(self.busy_timeout_ms)}")
            _switch_to_wal(conn, self.busy_timeout_ms / 1000)
            conn.execute("PRAGMA synchronous=NORMAL")  # WAL + NORMAL: durable across app crashes, fast
            if conn.execute("PRAGMA user_version").fetchone()[0] != SCHEMA_VERSION:
                _create_or_upgrade(conn)
            conn.execute("SELECT count(*) FROM hosts").fetchone()  # a read through the WAL index: fails here when it cannot be made
        except BaseException:
            conn.close()
            raise
        return conn

    def _open_read_only(self) -> sqlite3.Connection:
        """The file read-only: ``mode=ro`` (sees other processes' writes), else ``immutable=1``
        (when even the WAL index cannot be made: a snapshot of the main file)."""
        last: sqlite3.Error | None = None
        for query in ("mode=ro", "immutable=1"):
            conn = sqlite3.connect(f"{self.path.resolve().as_uri()}?{query}", uri=True, timeout=self.busy_timeout_ms / 1000,
                                   isolation_level=None, check_same_thread=False)
            try:
                conn.execute("SELECT count(*) FROM hosts").fetchone()
                return conn
            except sqlite3.Error as exc:
                conn.close()
                last = exc
        assert last is not None
        raise last


def _create_or_upgrade(c: sqlite3.Connection) -> None:
    """Create the tables, or bring an older file to SCHEMA_VERSION, in one write transaction
    (workers opening the file together: the first does it, the others find it done)."""
    c.execute("BEGIN IMMEDIATE")
    try:
        version = c.execute("PRAGMA user_version").fetchone()[0]
        if version != SCHEMA_VERSION:
            for table in _UPGRADE_DROPS.get(version, ()):
                c.execute(f"DROP TABLE IF EXISTS {table}")
            for table, columns in _UPGRADE_COLUMNS.items():
                have = {row[1] for row in c.execute(f"PRAGMA table_info({table})")}
                for column in columns:
                    if have and column.split()[0] not in have:  # (a table not there yet is created whole below)
                        c.execute(f"ALTER TABLE {table} ADD COLUMN {column}")
            for statement in statements("TEXT", "REAL", " WITHOUT ROWID"):
                c.execute(statement)
            c.execute(ADD_SECRET, (SECRET_KEY, new_secret()))
            c.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        c.execute("COMMIT")
    except BaseException:
        c.rollback()
        raise
