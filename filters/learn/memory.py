"""The per-site rule memory: an SQLite database of what each host's pages look like.

Per host it keeps (never page text, never URLs):
- ``blocks``: fingerprints (hash of structural path + text, see blocks.py) with the number of
  distinct pages they were seen on: a block recurring unchanged on several pages is the
  site's template (navigation, footer, sidebars), boilerplate even when one page cannot tell;
- ``rules``: induced rules, CSS paths of content containers (``content``) and of template
  blocks (``boilerplate``), each with its support (pages) and last-seen time;
- ``pages``: a keyed hash (HMAC-SHA256 with a per-install secret kept in the ``meta`` table, so
  every process sharing the file agrees) of each page's path and query (trackers dropped), so a
  reload is not counted as a second page; without the secret a guessed URL cannot be confirmed.

A "host" here is the memory's scope: the host name, or the host and an owner's path prefix on a
multi-tenant site (``site.scope_of``). Learning is gated by the caller (top-level navigations only,
``site.learns_from``) and capped here: rules per page view (``MAX_RULES_PER_PAGE``), new hosts per
hour (``max_new_hosts_per_hour``), blocks per page (blocks.MAX_BLOCKS). A block is template only
once seen on ``template_pages`` other pages over at least ``template_min_minutes``.

Concurrency: the proxy's worker processes each open their own connection; the database runs
in WAL mode with a busy timeout, and each page's update is one short write transaction.
A reload (a page already counted, every fingerprint and path of it already stored) would
change nothing but last-seen times: it takes no write lock; its times wait in the process
(``_Refresh``) until the process's next write, ``close`` or ``REFRESH_FLUSH_S`` (this
process's lookups and evictions see them at once; other processes see them at the flush).
A lookup whose answer is stored (same host, page and fingerprints) while no connection has
written since (``PRAGMA data_version``, and this process's own writes) is answered from memory.
Size: per-host caps on blocks, pages and rules, and a cap on hosts, all evicted least
recently seen first. Failure: every database error (locked past the timeout, corrupt file,
unwritable directory) is logged and the call returns as if the memory were empty, so a page
is never lost to it (``strict=True``, for the ``clearpage rules`` command, raises instead).
Read-only: when the file cannot be opened for writing (read-only file or directory, full disk)
but can be read, it is opened read-only (SQLite ``mode=ro``, else ``immutable=1``): lookups and
``clearpage rules list|show|export`` work, learning is skipped (``read_only`` says why); writing
is tried again after ``READ_ONLY_RETRY_S``. Reads never need a write to succeed.
"""
from __future__ import annotations

import dataclasses
import hashlib
import hmac
import logging
import os
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, Protocol
from urllib.parse import parse_qsl, urlencode, urlsplit

from ..errors import ClearpageError
from ..typed import field

log = logging.getLogger("clearpage.memory")

SCHEMA_VERSION = 3  # 2: fingerprints of marked block text (blocks.py); 3: keyed page hashes, meta, first-seen times
CONTENT, BOILERPLATE = "content", "boilerplate"
# A logged database problem is not logged again within this many seconds (a broken file would
# otherwise log once per page).
LOG_EVERY_S = 60.0
# Query parameters that track the visitor rather than name the page.
_TRACKING_PARAMS = ("utm_", "fbclid", "gclid", "mc_cid", "mc_eid", "ref", "ref_src", "_ga")
_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS hosts(host TEXT PRIMARY KEY, pages INTEGER NOT NULL, last_seen REAL NOT NULL,
    first_seen REAL NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS pages(host TEXT NOT NULL, page TEXT NOT NULL, last_seen REAL NOT NULL, PRIMARY KEY(host, page)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS blocks(host TEXT NOT NULL, fp TEXT NOT NULL, pages INTEGER NOT NULL,
    last_seen REAL NOT NULL, first_seen REAL NOT NULL DEFAULT 0, PRIMARY KEY(host, fp)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS rules(host TEXT NOT NULL, kind TEXT NOT NULL, path TEXT NOT NULL, support INTEGER NOT NULL,
    last_seen REAL NOT NULL, PRIMARY KEY(host, kind, path)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS hosts_seen ON hosts(last_seen);
CREATE INDEX IF NOT EXISTS hosts_new ON hosts(first_seen);
CREATE INDEX IF NOT EXISTS blocks_seen ON blocks(host, last_seen);
CREATE INDEX IF NOT EXISTS pages_seen ON pages(host, last_seen);
CREATE INDEX IF NOT EXISTS rules_seen ON rules(host, last_seen);
"""
# What a file of an older schema loses on opening: version 1's fingerprints hashed the text
# another way (they would never match again) and kept each block's path (never read); versions
# 1 and 2 kept unsalted page hashes (they cannot be rehashed with the secret). Rules are kept.
_UPGRADE_DROPS = {1: ("blocks", "pages"), 2: ("pages",)}
# Columns a kept table gains (added with their default: a kept row counts as seen long ago).
_UPGRADE_COLUMNS = {"hosts": ("first_seen REAL NOT NULL DEFAULT 0",), "blocks": ("first_seen REAL NOT NULL DEFAULT 0",)}
SECRET_KEY = "page_secret"  # the meta row holding the per-install HMAC key of page hashes
SECRET_BYTES = 32
PAGE_KEY_HEX = 32  # 128 bits of the HMAC: no collision among a host's pages
# Rules (content containers + template blocks) one page view may add: a real page has a few;
# a forged one listing hundreds would only evict the host's real rules.
MAX_RULES_PER_PAGE = 12
# A read-only fallback connection tries writing again after this long (the disk may have room again).
READ_ONLY_RETRY_S = 60.0
HOUR_S = 3600.0
# A reload's last-seen times are written at the latest this long after it (or at the process's
# next write of a new page): they only order eviction and break ties between equally supported
# rules, so a few seconds late costs nothing, while a write per reload costs the write lock.
REFRESH_FLUSH_S = 5.0
# ... or once this many reloads wait (bounds the pending times kept in memory).
REFRESH_FLUSH_PAGES = 200
# Lookups kept per process while the file is unchanged (SQLite's data_version, plus this
# process's own writes): a reload's lookup is then one PRAGMA instead of three queries.
LOOKUP_CACHE_PAGES = 64


# Retry pause for the WAL switch of a new file (doubling up to the max): short, as the other
# process's switch is a few ms.
WAL_RETRY_FIRST_S, WAL_RETRY_MAX_S = 0.005, 0.1


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


@dataclass(frozen=True)
class MemorySettings:
    use: Literal["proxy", "always", "off"] = field(doc="proxy: the proxy learns per site, the Python API / filter / eval do not; always: every Pipeline; off: nothing is stored")
    path: str | None = field(doc="the SQLite file; null = $XDG_DATA_HOME/clearpage/memory.sqlite (~/.local/share/clearpage)")
    template_pages: int = field(doc="a block seen unchanged on this many other pages of a host is template (boilerplate)", min=2, max=1000)
    template_min_minutes: float = field(doc="... and first seen at least this many minutes ago (agreement over time, not one burst of pages)", min=0, max=100000)
    min_support: int = field(doc="pages a content-container rule needs before the fast path uses it", min=1, max=1000)
    fast_path: bool = field(doc="use a host's content rule instead of running selection when it fits the page")
    max_hosts: int = field(doc="hosts kept; the least recently seen go first", min=1)
    max_new_hosts_per_hour: int = field(doc="hosts (or owners' path prefixes) the memory starts learning per hour; pages of further new ones teach nothing", min=1)
    max_blocks_per_host: int = field(doc="block fingerprints (and page hashes) kept per host, least recently seen evicted", min=10)
    max_rules_per_host: int = field(doc="rules kept per host, least recently seen evicted", min=2)
    busy_timeout_ms: int = field(doc="how long a write waits for another process's before giving up (the page is served anyway)", min=0, max=60000)


def default_path() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "clearpage" / "memory.sqlite"


def page_name(url: str | None) -> str:
    """The page's path and query without tracking parameters: what names a page to the memory,
    which stores only its keyed hash (``SiteMemory`` hashes it with the file's secret)."""
    if not url:
        return ""
    try:
        parts = urlsplit(url)
    except ValueError:  # (a bracketed host that is no IP address): a page with no key
        return ""
    query = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if not k.lower().startswith(_TRACKING_PARAMS)]
    return parts.path + ("?" + urlencode(sorted(query)) if query else "")


def keyed_page_hash(secret: bytes | None, name: str) -> str:
    """HMAC-SHA256 of a page name under the file's secret ("" without a name or a secret)."""
    if not name or not secret:
        return ""
    return hmac.new(secret, name.encode("utf-8", "surrogatepass"), hashlib.sha256).hexdigest()[:PAGE_KEY_HEX]


@dataclass(frozen=True)
class Rule:
    kind: str
    path: str
    support: int
    last_seen: float


@dataclass(frozen=True)
class HostView:
    """What the memory knows about a host, as far as one page needs it."""

    pages: int  # distinct pages seen
    page_known: bool  # this page was seen before
    content_rules: tuple[Rule, ...]  # best supported first
    boilerplate_rules: tuple[Rule, ...]
    seen: dict[str, int]  # fingerprint -> pages it was seen on (only this page's fingerprints)
    young: frozenset[str] = frozenset()  # of those, first seen less than template_min_minutes ago: not template yet


EMPTY = HostView(0, False, (), (), {})


class _Refresh:
    """Last-seen times of reloads not yet written: per host, per table, key -> time."""

    def __init__(self) -> None:
        self.hosts: dict[str, float] = {}
        self.pages: dict[tuple[str, str], float] = {}
        self.blocks: dict[tuple[str, str], float] = {}
        self.rules: dict[tuple[str, str, str], float] = {}
        self.count = 0
        self.since = 0.0  # time.monotonic() of the oldest waiting reload

    def add(self, host: str, page: str, fps: list[str], rules: list[tuple[str, str]], now: float) -> None:
        if not self.count:
            self.since = time.monotonic()
        self.count += 1
        self.hosts[host] = now
        self.pages[(host, page)] = now
        self.blocks.update(dict.fromkeys(((host, fp) for fp in fps), now))
        self.rules.update(dict.fromkeys(((host, kind, path) for kind, path in rules), now))

    def due(self) -> bool:
        return self.count >= REFRESH_FLUSH_PAGES or time.monotonic() - self.since >= REFRESH_FLUSH_S

    def write(self, c: sqlite3.Connection) -> None:
        """Apply the waiting times (inside the caller's write transaction); rows gone meanwhile stay gone."""
        c.executemany("UPDATE hosts SET last_seen=max(last_seen, ?) WHERE host=?", [(t, h) for h, t in self.hosts.items()])
        c.executemany("UPDATE pages SET last_seen=max(last_seen, ?) WHERE host=? AND page=?", [(t, *k) for k, t in self.pages.items()])
        c.executemany("UPDATE blocks SET last_seen=max(last_seen, ?) WHERE host=? AND fp=?", [(t, *k) for k, t in self.blocks.items()])
        c.executemany("UPDATE rules SET last_seen=max(last_seen, ?) WHERE host=? AND kind=? AND path=?", [(t, *k) for k, t in self.rules.items()])


def _nothing_new(view: HostView, fps: list[str], content_paths: list[str], boilerplate_paths: list[str]) -> bool:
    """Whether learning this page would only refresh last-seen times (a reload with nothing unseen)."""
    if not view.page_known or not all(fp in view.seen for fp in fps):
        return False
    content = {r.path for r in view.content_rules}
    boilerplate = {r.path for r in view.boilerplate_rules}
    return all(p in content for p in content_paths) and all(p in boilerplate for p in boilerplate_paths)


def _read_host(c: sqlite3.Connection, host: str, page: str, fps: list[str]) -> tuple | None:
    """(pages, page known, rule rows best first, fingerprint -> (pages, first seen)) for the host
    (``page``: the keyed hash); None when unknown."""
    row = c.execute("SELECT pages FROM hosts WHERE host=?", (host,)).fetchone()
    if row is None:
        return None
    known = bool(page) and c.execute("SELECT 1 FROM pages WHERE host=? AND page=?", (host, page)).fetchone() is not None
    rules = c.execute("SELECT kind, path, support, last_seen FROM rules WHERE host=? ORDER BY support DESC, last_seen DESC", (host,)).fetchall()
    seen: dict[str, tuple[int, float]] = {}
    for start in range(0, len(fps), 500):  # SQLite's bound-parameter limit
        chunk = fps[start:start + 500]
        marks = ",".join("?" * len(chunk))
        seen.update((fp, (n, first)) for fp, n, first in c.execute(
            f"SELECT fp, pages, {_FIRST_SEEN} FROM blocks WHERE host=? AND fp IN ({marks})", (host, *chunk)))
    return row[0], known, rules, seen


# A read-only (or older) file may lack the column: such blocks count as seen long ago.
_FIRST_SEEN = "coalesce(first_seen, 0)"


class SiteMemoryError(ClearpageError):
    """A database problem, raised only in strict mode."""


class MemoryStore(Protocol):
    """The memory's interface, as site.py and ``clearpage rules`` use it (SQLite: ``SiteMemory``).

    ``host`` is the memory's scope (a host, or a host and an owner's path prefix); ``page`` is a
    page's name (``page_name``), which a store keeps only as a keyed hash.
    """

    settings: MemorySettings
    read_only: str | None  # why the store cannot be written now; None when it can

    def lookup(self, host: str, page: str, fps: list[str]) -> HostView: ...
    def learn(self, host: str, page: str, fps: list[str], content_paths: list[str], boilerplate_paths: list[str],
              view: HostView | None = None) -> bool: ...
    def hosts(self) -> list[tuple[str, int, int, int, float]]: ...
    def rules(self, host: str) -> list[Rule]: ...
    def template_blocks(self, host: str) -> int: ...
    def forget(self, host: str) -> bool: ...
    def put_rules(self, host: str, kind: str, paths: list[str], support: int) -> None: ...
    def flush(self) -> None: ...
    def close(self) -> None: ...


# SQLite's messages for a file that can be read but not written (read-only file or directory,
# full disk, a -shm file that cannot be created): the file is then opened read-only.
_CANNOT_WRITE = ("readonly", "read-only", "disk is full", "disk i/o error", "unable to open database file")


def _cannot_write(exc: BaseException) -> bool:
    return isinstance(exc, OSError) or (isinstance(exc, sqlite3.OperationalError) and any(m in str(exc).lower() for m in _CANNOT_WRITE))


def _explain(exc: BaseException) -> str:
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


class SiteMemory:
    """One process's handle on the database; thread-safe (one connection behind a lock)."""

    def __init__(self, settings: MemorySettings, *, path: str | Path | None = None, strict: bool = False,
                 clock=time.time):
        self.settings = settings
        self.path = Path(path or settings.path or default_path()).expanduser()
        self.strict = strict
        self.clock = clock  # wall-clock seconds: last-seen and first-seen times
        self.read_only: str | None = None  # why the open connection is read-only (see the module docstring)
        self._read_only_since = 0.0
        self._secret: bytes | None = None
        self._conn: sqlite3.Connection | None = None
        self._lock = threading.Lock()
        self._last_log: dict[str, float] = {}
        self._refresh = _Refresh()
        self._lookups: dict[tuple, tuple] = {}  # (host, page, fps) -> the database's answer (see _lookup)
        self._lookups_version: int | None = None  # the connection's data_version the stored answers hold for (a new connection: _wrote empties them)

    # ------------------------------------------------------------------ connection

    def _connect(self) -> sqlite3.Connection:
        if self._conn is not None and self.read_only is not None and time.monotonic() - self._read_only_since >= READ_ONLY_RETRY_S:
            self._conn.close()  # try writing again
            self._conn = None
            self._wrote()
        if self._conn is None:
            try:
                conn = self._open_writable()
                self.read_only = None
            except (sqlite3.Error, OSError) as exc:
                if not _cannot_write(exc) or not self.path.is_file():
                    raise
                conn = self._open_read_only()
                self.read_only = f"{type(exc).__name__}: {exc}"
                self._read_only_since = time.monotonic()
                log.warning("site memory %s: opened read-only (%s): learned rules are used, nothing new is learned", self.path, _explain(exc))
            self._secret = _read_secret(conn)
            self._conn = conn
        return self._conn

    def _open_writable(self) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if self.path.exists() and not os.access(self.path, os.W_OK):  # SQLite would open it read-only and fail each write
            raise OSError(13, "the file is read-only", str(self.path))
        conn = sqlite3.connect(self.path, timeout=self.settings.busy_timeout_ms / 1000, isolation_level=None, check_same_thread=False)
        try:
            conn.execute(f"PRAGMA busy_timeout={int(self.settings.busy_timeout_ms)}")
            _switch_to_wal(conn, self.settings.busy_timeout_ms / 1000)
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
            conn = sqlite3.connect(f"{self.path.resolve().as_uri()}?{query}", uri=True, timeout=self.settings.busy_timeout_ms / 1000,
                                   isolation_level=None, check_same_thread=False)
            try:
                conn.execute("SELECT count(*) FROM hosts").fetchone()
                return conn
            except sqlite3.Error as exc:
                conn.close()
                last = exc
        assert last is not None
        raise last

    def _writable(self, what: str) -> bool:
        """Whether a write may be tried; strict mode says why not instead."""
        if self.read_only is None:
            return True
        if self.strict:
            raise SiteMemoryError(f"{self.path}: cannot {what}: the file could only be opened read-only ({_explain(self.read_only)})")
        return False

    def close(self) -> None:
        self.flush()
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None
            self._wrote()

    def _fail(self, what: str, exc: Exception, default):
        if self.strict:
            raise SiteMemoryError(f"{self.path}: {what}: {_explain(exc)}") from exc
        now = time.monotonic()
        key = f"{what}:{type(exc).__name__}"
        if now - self._last_log.get(key, -LOG_EVERY_S) >= LOG_EVERY_S:
            self._last_log[key] = now
            log.warning("site memory %s: %s failed (%s: %s); page served without it", self.path, what, type(exc).__name__, exc)
        if self._conn is not None and isinstance(exc, sqlite3.DatabaseError) and not isinstance(exc, sqlite3.OperationalError):
            self._conn.close()  # a corrupt file: reopen next time (it may have been replaced)
            self._conn = None
            self._wrote()
        return default

    def _run(self, what: str, default, fn):
        with self._lock:
            try:
                return fn(self._connect())
            except SiteMemoryError:
                raise
            except (sqlite3.Error, OSError) as exc:
                if self._conn is not None and self._conn.in_transaction:
                    try:
                        self._conn.rollback()
                    except sqlite3.Error:
                        pass
                return self._fail(what, exc, default)

    def flush(self) -> None:
        """Write the reloads' waiting last-seen times now (``close`` does it too)."""
        if self._refresh.count:
            self._run("flush", None, self._write_refresh)

    def _write_refresh(self, c: sqlite3.Connection) -> None:
        if self.read_only is not None:
            self._refresh = _Refresh()
            return
        self._wrote()
        c.execute("BEGIN IMMEDIATE")
        self._refresh.write(c)
        c.execute("COMMIT")
        self._refresh = _Refresh()

    # ------------------------------------------------------------------ pages

    def lookup(self, host: str, page: str, fps: list[str]) -> HostView:
        """The host's rules and how many pages each of ``fps`` was seen on; EMPTY on any error."""
        return self._run("lookup", EMPTY, lambda c: self._lookup(c, host, page, fps))

    def _lookup(self, c: sqlite3.Connection, host: str, page: str, fps: list[str]) -> HostView:
        stored = self._stored_lookup(c, host, page, fps)
        if stored is None:
            return EMPTY
        pages, known, rows, stored_seen = stored
        waiting = self._refresh.rules
        rules = [Rule(kind, path, support, max(last, waiting.get((host, kind, path), last))) for kind, path, support, last in rows]
        young_after = self.clock() - self.settings.template_min_minutes * 60
        if waiting:  # the waiting reloads' times may reorder equally supported rules (a stable sort: ties stay as SQLite gave them)
            rules.sort(key=lambda r: (-r.support, -r.last_seen))
        return HostView(
            pages, known,
            tuple(r for r in rules if r.kind == CONTENT),
            tuple(r for r in rules if r.kind == BOILERPLATE),
            {fp: n for fp, (n, _) in stored_seen.items()},
            frozenset(fp for fp, (_, first) in stored_seen.items() if first > young_after),
        )

    def _stored_lookup(self, c: sqlite3.Connection, host: str, page: str, fps: list[str]) -> tuple | None:
        """The database's answer for the page, from this process's store while the file is unchanged."""
        version = c.execute("PRAGMA data_version").fetchone()[0]  # changes when another connection commits
        if version != self._lookups_version or len(self._lookups) >= LOOKUP_CACHE_PAGES:
            self._lookups.clear()
            self._lookups_version = version
        key = (host, page, tuple(fps))
        if key not in self._lookups:
            self._lookups[key] = _read_host(c, host, keyed_page_hash(self._secret, page), fps)
        return self._lookups[key]

    def _wrote(self) -> None:
        """This connection changed the file (its own commits leave data_version as it was)."""
        self._lookups.clear()

    def learn(self, host: str, page: str, fps: list[str], content_paths: list[str], boilerplate_paths: list[str],
              view: HostView | None = None) -> bool:
        """Record one page: its blocks' fingerprints, the content containers chosen and the
        template blocks found. A page seen before only refreshes last-seen times; given the
        page's ``view`` (its lookup just before), a reload that brings nothing unseen writes
        nothing now (its times wait, see the module docstring). At most MAX_RULES_PER_PAGE rules
        are taken from one page. False on error, when read-only or over the hour's new-host cap."""
        content_paths = list(dict.fromkeys(content_paths))[:MAX_RULES_PER_PAGE]
        boilerplate_paths = list(dict.fromkeys(boilerplate_paths))[:MAX_RULES_PER_PAGE - len(content_paths)]
        if view is not None and _nothing_new(view, fps, content_paths, boilerplate_paths):
            return self._run("learn", False, lambda c: self._note_reload(c, host, page, fps, content_paths, boilerplate_paths))
        return self._run("learn", False, lambda c: self._learn(c, host, page, fps, content_paths, boilerplate_paths))

    def _note_reload(self, c, host, page, fps, content_paths, boilerplate_paths) -> bool:
        if not self._writable("learn"):
            return False
        rules = [(CONTENT, p) for p in content_paths] + [(BOILERPLATE, p) for p in boilerplate_paths]
        self._refresh.add(host, keyed_page_hash(self._secret, page), fps, rules, self.clock())
        if self._refresh.due():
            self._write_refresh(c)
        return True

    def _learn(self, c, host, page, fps, content_paths, boilerplate_paths) -> bool:
        if not self._writable("learn"):
            return False
        now = self.clock()
        page = keyed_page_hash(self._secret, page)
        self._wrote()
        c.execute("BEGIN IMMEDIATE")
        if self._refresh.count:  # earlier reloads' times first: this page's are later, eviction sees both
            self._refresh.write(c)
        if c.execute("SELECT 1 FROM hosts WHERE host=?", (host,)).fetchone() is None and self._hour_is_full(c, now):
            c.execute("COMMIT")  # (the reloads' times)
            self._refresh = _Refresh()
            return False
        known = bool(page) and c.execute("SELECT 1 FROM pages WHERE host=? AND page=?", (host, page)).fetchone() is not None
        step = 0 if known else 1
        c.execute(
            "INSERT INTO hosts(host, pages, last_seen, first_seen) VALUES(?, 1, ?, ?) ON CONFLICT(host) DO UPDATE SET pages=pages+?, last_seen=?",
            (host, now, now, step, now),
        )
        if page:
            c.execute("INSERT INTO pages(host, page, last_seen) VALUES(?,?,?) ON CONFLICT DO UPDATE SET last_seen=?", (host, page, now, now))
        c.executemany(
            "INSERT INTO blocks(host, fp, pages, last_seen, first_seen) VALUES(?,?,1,?,?) ON CONFLICT DO UPDATE SET pages=pages+?, last_seen=?",
            [(host, fp, now, now, step, now) for fp in dict.fromkeys(fps)],
        )
        self._add_rules(c, host, CONTENT, content_paths, step, now)
        self._add_rules(c, host, BOILERPLATE, boilerplate_paths, step, now)
        self._evict(c, host)
        c.execute("COMMIT")
        self._refresh = _Refresh()
        return True

    def _hour_is_full(self, c, now: float) -> bool:
        """Whether ``max_new_hosts_per_hour`` hosts were started in the last hour (logged)."""
        started = c.execute("SELECT count(*) FROM hosts WHERE first_seen > ?", (now - HOUR_S,)).fetchone()[0]
        if started < self.settings.max_new_hosts_per_hour:
            return False
        key = "new-host cap"
        if time.monotonic() - self._last_log.get(key, -LOG_EVERY_S) >= LOG_EVERY_S:
            self._last_log[key] = time.monotonic()
            log.warning("site memory %s: %d new hosts in the last hour (max_new_hosts_per_hour): not learning further new hosts",
                        self.path, started)
        return True

    @staticmethod
    def _add_rules(c, host: str, kind: str, paths, step: int, now: float) -> None:
        c.executemany(
            "INSERT INTO rules(host, kind, path, support, last_seen) VALUES(?,?,?,1,?) "
            "ON CONFLICT DO UPDATE SET support=support+?, last_seen=?",
            [(host, kind, p, now, step, now) for p in dict.fromkeys(paths)],
        )

    def _evict(self, c, host: str) -> None:
        s = self.settings
        caps = (("blocks", "fp", s.max_blocks_per_host), ("pages", "page", s.max_blocks_per_host), ("rules", "kind || ' ' || path", s.max_rules_per_host))
        for table, key, cap in caps:
            extra = c.execute(f"SELECT count(*) FROM {table} WHERE host=?", (host,)).fetchone()[0] - cap
            if extra > 0:
                c.execute(
                    f"DELETE FROM {table} WHERE host=? AND {key} IN (SELECT {key} FROM {table} WHERE host=? ORDER BY last_seen LIMIT ?)",
                    (host, host, extra),
                )
        extra = c.execute("SELECT count(*) FROM hosts").fetchone()[0] - s.max_hosts
        if extra > 0:
            old = [r[0] for r in c.execute("SELECT host FROM hosts ORDER BY last_seen LIMIT ?", (extra,))]
            for gone in old:
                _forget(c, gone)

    # ------------------------------------------------------------------ people (clearpage rules)

    def hosts(self) -> list[tuple[str, int, int, int, float]]:
        """(host, pages, blocks, rules, last seen) for every host, most recently seen first."""
        self.flush()
        return self._run("list", [], lambda c: c.execute(
            "SELECT h.host, h.pages, (SELECT count(*) FROM blocks b WHERE b.host=h.host), "
            "(SELECT count(*) FROM rules r WHERE r.host=h.host), h.last_seen FROM hosts h ORDER BY h.last_seen DESC").fetchall())

    def rules(self, host: str) -> list[Rule]:
        self.flush()
        return self._run("show", [], lambda c: [Rule(*r) for r in c.execute(
            "SELECT kind, path, support, last_seen FROM rules WHERE host=? ORDER BY kind, support DESC, path", (host,))])

    def template_blocks(self, host: str) -> int:
        """Fingerprints of the host seen on at least ``template_pages`` pages."""
        return self._run("show", 0, lambda c: c.execute(
            "SELECT count(*) FROM blocks WHERE host=? AND pages>=?", (host, self.settings.template_pages)).fetchone()[0])

    def forget(self, host: str) -> bool:
        """Drop everything about ``host``; False when it was not known."""
        def run(c):
            known = c.execute("SELECT 1 FROM hosts WHERE host=?", (host,)).fetchone() is not None
            if not known or not self._writable(f"forget {host}"):
                return False
            self._wrote()
            c.execute("BEGIN IMMEDIATE")
            _forget(c, host)
            c.execute("COMMIT")
            return known
        return self._run("forget", False, run)

    def put_rules(self, host: str, kind: str, paths: list[str], support: int) -> None:
        """Set rules (``clearpage rules import``): each path gets at least ``support``."""
        def run(c):
            if not self._writable("import rules"):
                return
            now = self.clock()
            self._wrote()
            c.execute("BEGIN IMMEDIATE")
            c.execute("INSERT INTO hosts(host, pages, last_seen, first_seen) VALUES(?, 0, ?, 0) ON CONFLICT DO UPDATE SET last_seen=?",
                      (host, now, now))  # (imported, not learned: first_seen 0 keeps it out of the hour's new-host count)
            c.executemany(
                "INSERT INTO rules(host, kind, path, support, last_seen) VALUES(?,?,?,?,?) "
                "ON CONFLICT DO UPDATE SET support=max(support, excluded.support), last_seen=excluded.last_seen",
                [(host, kind, p, support, now) for p in paths],
            )
            c.execute("COMMIT")
        self._run("import", None, run)


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
            for statement in filter(str.strip, _SCHEMA.split(";")):
                c.execute(statement)
            c.execute("INSERT OR IGNORE INTO meta(key, value) VALUES(?, ?)", (SECRET_KEY, os.urandom(SECRET_BYTES).hex()))
            c.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        c.execute("COMMIT")
    except BaseException:
        c.rollback()
        raise


def _forget(c, host: str) -> None:
    for table in ("hosts", "pages", "blocks", "rules"):
        c.execute(f"DELETE FROM {table} WHERE host=?", (host,))


def batch_settings(settings: MemorySettings) -> MemorySettings:
    """The settings for a batch the user feeds (``clearpage filter --memory``, ``eval --memory``,
    ``bench memory``): their pages come from the user, in order, at machine speed, so no
    agreement over time (``template_min_minutes``) is waited for and the hour's new-host cap is
    the memory's host cap (a dataset has more than 200 hosts)."""
    return dataclasses.replace(settings, template_min_minutes=0,
                               max_new_hosts_per_hour=max(settings.max_new_hosts_per_hour, settings.max_hosts))


def open_memory(settings: MemorySettings | None, *, for_proxy: bool) -> SiteMemory | None:
    """The memory the settings ask for: the proxy's when ``use`` is proxy or always, others' only for always."""
    if settings is None or settings.use == "off":
        return None
    if settings.use == "proxy" and not for_proxy:
        return None
    return SiteMemory(settings)
