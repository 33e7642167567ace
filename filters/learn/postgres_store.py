"""The PostgreSQL connection layer of the site memory: a ``postgresql://`` URL, a connection pool.

Owns the pool (psycopg_pool: connections made in the background and made again after the
database comes back), creating the tables once for all replicas (under an advisory lock), the
timeouts that keep a slow database from holding a page, telling a read-only database (a hot
standby, ``default_transaction_read_only``, a role without write grants) from one that is down,
and keeping the password out of every message. What is stored and when is memory.py's.

psycopg is the optional extra ``postgres``: this module imports it only when a store is opened,
so the rest of clearpage runs without it.
"""
from __future__ import annotations

import functools
import logging
import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import unquote

from .schema import ADD_SECRET, SCHEMA_VERSION, SECRET_KEY, TABLES, new_secret, statements

log = logging.getLogger("clearpage.memory")

INSTALL_HINT = "pip install 'clearpage[postgres]'"
# Every statement's time limit: a page waits for its lookup, which takes about a millisecond on a
# healthy database; past this the database counts as slow and pages go without memory for a while
# (memory.py's OUTAGE_RETRY_S) instead of each waiting.
STATEMENT_TIMEOUT_MS = 250
# How long a call waits for a pooled connection: none is there when the database is down.
CONNECT_WAIT_S = 0.25
# ... except before the process's first connection: making one (a new server process, the
# login) takes longer than a lookup on a busy machine, and a fresh worker would otherwise start
# in an outage and skip its first pages' lookups and learning.
FIRST_CONNECT_WAIT_S = 5.0
# Connections per process: one does the work (memory.py serialises a process's calls); the
# second lets a fresh one be made while a broken one is thrown away.
POOL_MAX = 2
# The pool gives up making a connection after this long, and makes a new attempt on the next
# call: short, so a database that comes back is found within seconds (the pool's own backoff
# doubles up to this).
RECONNECT_GIVE_UP_S = 4.0
# libpq's wait for the server to answer a new connection (whole seconds, 2 at least).
CONNECT_TIMEOUT_S = 2
# A read-only database is asked again after this long whether it takes writes.
READ_ONLY_RETRY_S = 60.0
# Serialises the tables' creation among replicas starting together (any constant bigint).
_SCHEMA_LOCK = 0x636C6561727061  # "clearpa"
VERSION_KEY = "schema_version"  # the meta row with the schema version (SQLite keeps it in user_version)
_TYPES = ('TEXT COLLATE "C"', "DOUBLE PRECISION", "")  # text sorts bytewise as in SQLite; epoch seconds need a double


_OPEN: set[PostgresDatabase] = set()  # every store with an open pool (close_all)


def close_all() -> None:
    """Close every store's pool (a test's end; a process that exits has its pools closed anyway)."""
    for db in list(_OPEN):
        db.close()


def check_url(url: str) -> str | None:
    """Why ``url`` cannot be used as a memory (psycopg missing, not a valid URL); None when it can."""
    try:
        import psycopg
        import psycopg_pool  # noqa: F401
    except ImportError:
        return f"a postgresql:// memory needs psycopg, which is not installed: {INSTALL_HINT}"
    try:
        options = {o.keyword.decode(): o.val.decode() for o in psycopg.pq.Conninfo.parse(url.encode()) if o.val is not None}
    except (ValueError, psycopg.Error) as exc:  # libpq: an unknown parameter, a bad %-escape, ...
        return f"not a valid PostgreSQL URL {redact(url)} ({scrub(str(exc).strip(), url)})"
    wrong = _wrong_value(options)
    return f"not a valid PostgreSQL URL {redact(url)} ({wrong})" if wrong else None


_SSLMODES = ("disable", "allow", "prefer", "require", "verify-ca", "verify-full")


def _wrong_value(options: dict[str, str]) -> str | None:
    """What libpq would only say on connecting (every page, then): a port or timeout that is no number, an unknown sslmode."""
    for port in options.get("port", "").split(","):
        if port and not port.isdigit():
            return f"port {port!r} is not a number"
    if not options.get("connect_timeout", "0").lstrip("-").isdigit():
        return f"connect_timeout {options['connect_timeout']!r} is not a number"
    if options.get("sslmode", "prefer") not in _SSLMODES:
        return f"sslmode {options['sslmode']!r} is not one of {', '.join(_SSLMODES)}"
    return None


def redact(url: str) -> str:
    """The URL without its password (in the user part or as a ``password=`` parameter)."""
    url = re.sub(r"(?i)([?&]password=)[^&]*", r"\1***", url)
    return re.sub(r"^([a-zA-Z]+://[^:@/?]*):[^@/?]*@", r"\1:***@", url)


_PASSWORDS = (r"(?i)[?&]password=([^&]*)", r"^[a-zA-Z]+://[^:@/?]*:([^@/?]*)@")


def scrub(text: str, url: str) -> str:
    """A message with the URL's password (as written and decoded) taken out."""
    for pattern in _PASSWORDS:
        for match in re.finditer(pattern, url):
            for secret in {match.group(1), unquote(match.group(1))}:
                if secret:
                    text = text.replace(secret, "***")
    return text


@functools.lru_cache(maxsize=256)
def _pg(sql: str) -> str:
    """memory.py's ``?`` placeholders as psycopg's."""
    return sql.replace("?", "%s")


class _Connection:
    """A pooled psycopg connection (autocommit: a write transaction is an explicit BEGIN) as schema.Connection."""

    def __init__(self, conn: Any, write_timeout_ms: int) -> None:
        self.conn = conn
        self.write_timeout_ms = write_timeout_ms

    def execute(self, sql, params=()):
        return self.conn.execute(_pg(sql), params)

    def executemany(self, sql, rows) -> None:
        rows = list(rows)
        if rows:
            with self.conn.cursor() as cur:
                cur.executemany(_pg(sql), rows)

    def begin(self) -> None:
        # a write may wait busy_timeout_ms for another replica's row locks (lock_timeout) on top of
        # its own statement time: past the lookups' limit, which would count the wait as an outage
        self.conn.execute(f"BEGIN; SET LOCAL statement_timeout = {self.write_timeout_ms}")  # (one round trip)

    def commit(self) -> None:
        self.conn.execute("COMMIT")

    def data_version(self) -> None:
        return None  # no cheap "has anyone written" here: every lookup asks the database


class _PoolNoise(logging.Filter):
    """Drops the pool's own warning at each failed reconnection: memory.py warns once per outage."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not str(record.msg).startswith(("error connecting in", "reconnection attempt in pool"))


class PostgresDatabase:
    """The memory in a PostgreSQL database, through a small pool of connections per process."""

    def __init__(self, url: str, busy_timeout_ms: int) -> None:
        import psycopg

        self.url = url
        self.where = redact(url)
        self.errors = (psycopg.Error,)
        self.busy_timeout_ms = busy_timeout_ms
        self.secret: bytes | None = None
        self._read_only: str | None = None
        self._checked_at = 0.0  # when writability was last asked (time.monotonic)
        self._pool: Any = None
        self.on_reopen = lambda: None

    @property
    def read_only(self) -> str | None:
        return self._read_only

    def _open_pool(self) -> Any:
        from psycopg_pool import ConnectionPool

        pool_log = logging.getLogger("psycopg.pool")
        if not any(isinstance(f, _PoolNoise) for f in pool_log.filters):
            pool_log.addFilter(_PoolNoise())
        pool = ConnectionPool(self.url, min_size=1, max_size=POOL_MAX, open=False, timeout=CONNECT_WAIT_S,
                              reconnect_timeout=RECONNECT_GIVE_UP_S, check=ConnectionPool.check_connection,
                              configure=self._configure, name="clearpage-memory", num_workers=1,
                              kwargs={"autocommit": True, **({} if "connect_timeout" in self.url else {"connect_timeout": CONNECT_TIMEOUT_S})})
        pool.open(wait=False)
        _OPEN.add(self)
        return pool

    def _configure(self, conn: Any) -> None:
        # lock_timeout: a write waiting for another replica's lock gives up like SQLite's busy timeout
        # (0 would mean no limit in PostgreSQL).
        conn.execute(f"SET statement_timeout = {STATEMENT_TIMEOUT_MS}")
        conn.execute(f"SET lock_timeout = {max(1, int(self.busy_timeout_ms))}")

    @contextmanager
    def connection(self) -> Iterator[_Connection]:
        if self._pool is None:
            self._pool = self._open_pool()
        with self._pool.connection(timeout=CONNECT_WAIT_S if self.secret is not None else FIRST_CONNECT_WAIT_S) as raw:
            if self.secret is None:
                self._set_up(raw)
            elif self._read_only is not None and time.monotonic() - self._checked_at >= READ_ONLY_RETRY_S:
                self._check_writable(raw)
            try:
                yield _Connection(raw, STATEMENT_TIMEOUT_MS + max(1, int(self.busy_timeout_ms)))
            except BaseException as exc:
                self._roll_back(raw)
                if self._cannot_write(exc):
                    self._became_read_only(f"{type(exc).__name__}: {exc}")
                raise

    @staticmethod
    def _roll_back(raw: Any) -> None:
        import psycopg

        try:
            if raw.info.transaction_status in (psycopg.pq.TransactionStatus.INTRANS, psycopg.pq.TransactionStatus.INERROR):
                raw.execute("ROLLBACK")
        except psycopg.Error:
            pass  # a broken connection: the pool throws it away

    def _set_up(self, raw: Any) -> None:
        """Create the tables and the secret when the database has none (once, whichever replica
        comes first), read the secret, ask whether writes are allowed."""
        import psycopg

        version = self._stored_version(raw)
        if version is None:
            try:
                raw.execute("BEGIN")
                raw.execute("SELECT pg_advisory_xact_lock(%s)", (_SCHEMA_LOCK,))
                for statement in statements(*_TYPES):
                    raw.execute(statement)
                raw.execute(_pg(ADD_SECRET), (SECRET_KEY, new_secret()))
                raw.execute(_pg(ADD_SECRET), (VERSION_KEY, str(SCHEMA_VERSION)))
                raw.execute("COMMIT")
            except BaseException:
                self._roll_back(raw)
                raise
            version = self._stored_version(raw)
        if version != str(SCHEMA_VERSION):
            raise psycopg.DataError(f"the database holds site memory schema version {version}; this clearpage reads {SCHEMA_VERSION}")
        row = raw.execute("SELECT value FROM meta WHERE key=%s", (SECRET_KEY,)).fetchone()
        self._check_writable(raw)
        self.secret = bytes.fromhex(row[0]) if row else None
        self.on_reopen()

    @staticmethod
    def _stored_version(raw: Any) -> str | None:
        import psycopg

        try:
            row = raw.execute("SELECT value FROM meta WHERE key=%s", (VERSION_KEY,)).fetchone()
        except psycopg.errors.UndefinedTable:
            return None
        return row[0] if row else None

    def _check_writable(self, raw: Any) -> None:
        self._checked_at = time.monotonic()
        read_only, recovery, granted = raw.execute(
            "SELECT current_setting('transaction_read_only') = 'on', pg_is_in_recovery(), "
            "bool_and(has_table_privilege(t, p)) FROM unnest(%s::text[]) t, unnest(ARRAY['INSERT', 'UPDATE', 'DELETE']) p",
            (list(TABLES),)).fetchone()
        why = ("the database is read-only (transaction_read_only)" if read_only else
               "the database is a standby in recovery" if recovery else
               "the role may not write the memory's tables" if not granted else None)
        if why is None:
            if self._read_only is not None:
                log.warning("site memory %s: the database takes writes again: learning resumes", self.where)
            self._read_only = None
        else:
            self._became_read_only(why)

    def _became_read_only(self, why: str) -> None:
        self._checked_at = time.monotonic()
        if self._read_only is None:
            log.warning("site memory %s: cannot write (%s): learned rules are used, nothing new is learned", self.where, why)
        self._read_only = why

    @staticmethod
    def _cannot_write(exc: BaseException) -> bool:
        import psycopg

        return isinstance(exc, (psycopg.errors.ReadOnlySqlTransaction, psycopg.errors.InsufficientPrivilege))

    def is_outage(self, exc: BaseException) -> bool:
        """Down (no connection), or too slow (a statement timed out); not a wait for another's lock."""
        import psycopg

        return isinstance(exc, (psycopg.OperationalError, psycopg.InterfaceError)) and not isinstance(exc, psycopg.errors.LockNotAvailable)

    def explain(self, exc: BaseException | str) -> str:
        return scrub(str(exc), self.url)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.close(timeout=1.0)
            self._pool = None
            _OPEN.discard(self)
