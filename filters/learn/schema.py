"""The site memory's tables and the interface of the two databases that hold them.

One schema for both stores (``sqlite_store.py``: a file; ``postgres_store.py``: a PostgreSQL
URL), written once here with the few type names that differ filled in by each store. ``Database``
and ``Connection`` are the whole connection layer: what to open, how a write transaction starts
and how a problem is classified. Every rule about what is stored (caps, eviction, thresholds,
scopes, hashing) lives in memory.py, above this layer, and is the same for both.
"""
from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from contextlib import AbstractContextManager
from typing import Any, Protocol

SCHEMA_VERSION = 3  # 2: fingerprints of marked block text (blocks.py); 3: keyed page hashes, meta, first-seen times
SECRET_KEY = "page_secret"  # the meta row holding the per-install HMAC key of page hashes
SECRET_BYTES = 32
POSTGRES_SCHEMES = ("postgresql://", "postgres://")

# {text}, {real} and {without_rowid} are the store's own spellings (SQLite: TEXT, REAL, WITHOUT
# ROWID; PostgreSQL: TEXT COLLATE "C" so hosts and paths sort as in SQLite, DOUBLE PRECISION for
# epoch seconds, nothing).
SCHEMA = """
CREATE TABLE IF NOT EXISTS meta(key {text} PRIMARY KEY, value {text} NOT NULL){without_rowid};
CREATE TABLE IF NOT EXISTS hosts(host {text} PRIMARY KEY, pages INTEGER NOT NULL, last_seen {real} NOT NULL,
    first_seen {real} NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS pages(host {text} NOT NULL, page {text} NOT NULL, last_seen {real} NOT NULL, PRIMARY KEY(host, page)){without_rowid};
CREATE TABLE IF NOT EXISTS blocks(host {text} NOT NULL, fp {text} NOT NULL, pages INTEGER NOT NULL,
    last_seen {real} NOT NULL, first_seen {real} NOT NULL DEFAULT 0, PRIMARY KEY(host, fp)){without_rowid};
CREATE TABLE IF NOT EXISTS rules(host {text} NOT NULL, kind {text} NOT NULL, path {text} NOT NULL, support INTEGER NOT NULL,
    last_seen {real} NOT NULL, PRIMARY KEY(host, kind, path)){without_rowid};
CREATE INDEX IF NOT EXISTS hosts_seen ON hosts(last_seen);
CREATE INDEX IF NOT EXISTS hosts_new ON hosts(first_seen);
CREATE INDEX IF NOT EXISTS blocks_seen ON blocks(host, last_seen);
CREATE INDEX IF NOT EXISTS pages_seen ON pages(host, last_seen);
CREATE INDEX IF NOT EXISTS rules_seen ON rules(host, last_seen);
"""
TABLES = ("meta", "hosts", "pages", "blocks", "rules")
# Stores the secret once (the first process to create the tables); later ones keep it.
ADD_SECRET = "INSERT INTO meta(key, value) VALUES(?, ?) ON CONFLICT(key) DO NOTHING"


def statements(text: str, real: str, without_rowid: str) -> list[str]:
    """The schema's statements in one store's spelling."""
    return [s.strip() for s in SCHEMA.format(text=text, real=real, without_rowid=without_rowid).split(";") if s.strip()]


def new_secret() -> str:
    return os.urandom(SECRET_BYTES).hex()


def is_postgres(location: object) -> bool:
    """Whether a memory location (config ``memory.path``, ``--memory``, ``--db``) names PostgreSQL."""
    return isinstance(location, str) and location.lower().startswith(POSTGRES_SCHEMES)


class Connection(Protocol):
    """One connection, in ``?`` placeholders; the store translates."""

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Any: ...
    def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...
    def begin(self) -> None: ...  # a write transaction (SQLite: BEGIN IMMEDIATE, the write lock at once)
    def commit(self) -> None: ...
    def data_version(self) -> object | None: ...  # changes when another connection commits; None: cannot tell (no stored lookups)


class Database(Protocol):
    """A store's connection layer."""

    where: str  # what messages name: the file, or the URL without its password
    secret: bytes | None  # the page-hash key read from the meta table (None before the first connection)
    errors: tuple[type[Exception], ...]  # what a database problem raises

    @property
    def read_only(self) -> str | None: ...  # why writes cannot be done now; None when they can
    def connection(self) -> AbstractContextManager[Connection]: ...  # rolls back and raises on error
    def is_outage(self, exc: BaseException) -> bool: ...  # the database is down or too slow (fail open, retry later)
    def explain(self, exc: BaseException) -> str: ...  # the message for a person
    def close(self) -> None: ...
