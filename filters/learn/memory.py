"""The per-site rule memory: what each host's pages look like, in SQLite or PostgreSQL.

One store interface (``SiteMemory``) with every rule about what is kept; under it a connection
layer per database (schema.py: the tables and that layer's interface): sqlite_store.py (a file,
the embedded default) and postgres_store.py (a ``postgresql://`` URL, shared by replicas).

Per host it keeps (never page text, never URLs):
- ``blocks``: fingerprints (hash of structural path + text, see blocks.py) with the number of
  distinct pages they were seen on: a block recurring unchanged on several pages is the
  site's template (navigation, footer, sidebars), boilerplate even when one page cannot tell;
- ``rules``: induced rules, CSS paths of content containers (``content``) and of template
  blocks (``boilerplate``), each with its support (pages) and last-seen time;
- ``pages``: a keyed hash (HMAC-SHA256 with a per-install secret kept in the store's ``meta``
  table, so every process and replica sharing it agrees) of each page's path and query (trackers
  dropped), so a reload is not counted as a second page; without the secret a guessed URL
  cannot be confirmed.

A "host" here is the memory's scope: the host name, or the host and an owner's path prefix on a
multi-tenant site (``site.scope_of``). Learning is gated by the caller (top-level navigations only,
``site.learns_from``) and capped here: rules per page view (``MAX_RULES_PER_PAGE``), new hosts per
hour (``max_new_hosts_per_hour``), blocks per page (blocks.MAX_BLOCKS). A block is template only
once seen on ``template_pages`` other pages over at least ``template_min_minutes``.

Concurrency: each process (proxy worker, replica) has its own connection (SQLite: WAL mode with
a busy timeout; PostgreSQL: a small pool, row locks waited for up to the busy timeout), and each
page's update is one short write transaction. A reload (a page already counted, every
fingerprint and path of it already stored) would change nothing but last-seen times: it takes
no write lock; its times wait in the process (``_Refresh``) until the process's next write,
``close`` or ``REFRESH_FLUSH_S`` (this process's lookups and evictions see them at once; other
processes see them at the flush). A lookup whose answer is stored (same host, page and
fingerprints) while no connection has written since (SQLite's ``PRAGMA data_version``, and this
process's own writes) is answered from memory. Size: per-host caps on blocks, pages and rules,
and a cap on hosts, all evicted least recently seen first.
Failure: every database error (locked past the timeout, corrupt file, unwritable directory) is
logged and the call returns as if the memory were empty, so a page is never lost to it
(``strict=True``, for the ``clearpage rules`` command, raises instead). A database that is down
or slow (PostgreSQL) is an outage: one warning, then calls answer at once as if empty and the
database is asked again every ``OUTAGE_RETRY_S`` until it answers (logged).
Read-only: a store that can be read but not written (SQLite: read-only file or directory, full
disk, opened ``mode=ro``/``immutable=1``; PostgreSQL: a read-only database or a role without
write grants) serves lookups and ``clearpage rules list|show|export``; learning is skipped
(``read_only`` says why) and writing is tried again after a while. Reads never need a write.
"""
from __future__ import annotations

import dataclasses
import hashlib
import hmac
import logging
import os
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, Protocol
from urllib.parse import parse_qsl, urlencode, urlsplit

from ..errors import ClearpageError
from ..typed import field
from .schema import SCHEMA_VERSION, Connection, Database, is_postgres  # noqa: F401 - SCHEMA_VERSION: for callers
from .sqlite_store import SqliteDatabase

log = logging.getLogger("clearpage.memory")

CONTENT, BOILERPLATE = "content", "boilerplate"
# A logged database problem is not logged again within this many seconds (a broken file would
# otherwise log once per page).
LOG_EVERY_S = 60.0
# Query parameters that track the visitor rather than name the page.
_TRACKING_PARAMS = ("utm_", "fbclid", "gclid", "mc_cid", "mc_eid", "ref", "ref_src", "_ga")
PAGE_KEY_HEX = 32  # 128 bits of the HMAC: no collision among a host's pages
# Rules (content containers + template blocks) one page view may add: a real page has a few;
# a forged one listing hundreds would only evict the host's real rules.
MAX_RULES_PER_PAGE = 12
HOUR_S = 3600.0
# A reload's last-seen times are written at the latest this long after it (or at the process's
# next write of a new page): they only order eviction and break ties between equally supported
# rules, so a few seconds late costs nothing, while a write per reload costs the write lock.
REFRESH_FLUSH_S = 5.0
# ... or once this many reloads wait (bounds the pending times kept in memory).
REFRESH_FLUSH_PAGES = 200
# While the database is down or slow (PostgreSQL), it is asked again this often; calls between
# answer at once as if the memory were empty, instead of each waiting for a timeout.
OUTAGE_RETRY_S = 2.0
# Lookups kept per process while the file is unchanged (SQLite's data_version, plus this
# process's own writes): a reload's lookup is then one PRAGMA instead of three queries.
LOOKUP_CACHE_PAGES = 64


@dataclass(frozen=True)
class MemorySettings:
    use: Literal["proxy", "always", "off"] = field(doc="proxy: the proxy learns per site, the Python API / filter / eval do not; always: every Pipeline; off: nothing is stored")
    path: str | None = field(doc="the SQLite file, or a postgresql:// URL (PostgreSQL, shared by replicas: the postgres extra); null = $XDG_DATA_HOME/clearpage/memory.sqlite (~/.local/share/clearpage)")
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


def location_problem(location: str) -> str | None:
    """Why a memory location cannot be used (a postgresql:// URL without psycopg, or not a valid
    URL; the message never holds the password); None when it can. A file is checked on opening."""
    if not is_postgres(location):
        return None
    from .postgres_store import check_url

    return check_url(location)


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

    def write(self, c: Connection) -> None:
        """Apply the waiting times (inside the caller's write transaction); rows gone meanwhile stay gone."""
        # (in key order: two PostgreSQL replicas flushing together take their row locks in the same order)
        c.executemany("UPDATE hosts SET last_seen=greatest(last_seen, ?) WHERE host=?", [(t, h) for h, t in sorted(self.hosts.items())])
        c.executemany("UPDATE pages SET last_seen=greatest(last_seen, ?) WHERE host=? AND page=?", [(t, *k) for k, t in sorted(self.pages.items())])
        c.executemany("UPDATE blocks SET last_seen=greatest(last_seen, ?) WHERE host=? AND fp=?", [(t, *k) for k, t in sorted(self.blocks.items())])
        c.executemany("UPDATE rules SET last_seen=greatest(last_seen, ?) WHERE host=? AND kind=? AND path=?",
                      [(t, *k) for k, t in sorted(self.rules.items())])


def _nothing_new(view: HostView, fps: list[str], content_paths: list[str], boilerplate_paths: list[str]) -> bool:
    """Whether learning this page would only refresh last-seen times (a reload with nothing unseen)."""
    if not view.page_known or not all(fp in view.seen for fp in fps):
        return False
    content = {r.path for r in view.content_rules}
    boilerplate = {r.path for r in view.boilerplate_rules}
    return all(p in content for p in content_paths) and all(p in boilerplate for p in boilerplate_paths)


def _read_host(c: Connection, host: str, page: str, fps: list[str]) -> tuple | None:
    """(pages, page known, rule rows best first, fingerprint -> (pages, first seen)) for the host
    (``page``: the keyed hash); None when unknown. One query (one round trip to PostgreSQL) for
    a page of up to FIRST_CHUNK fingerprints."""
    parts = ["SELECT 'h', pages, CAST(NULL AS TEXT), CAST(NULL AS TEXT), CAST(NULL AS REAL) FROM hosts WHERE host=?",
             "SELECT 'r', support, kind, path, last_seen FROM rules WHERE host=?"]
    params: list = [host, host]
    if page:
        parts.append("SELECT 'p', 1, NULL, NULL, NULL FROM pages WHERE host=? AND page=?")
        params += [host, page]
    first, rest = fps[:FIRST_CHUNK], fps[FIRST_CHUNK:]
    if first:
        parts.append(f"SELECT 'b', pages, fp, NULL, {_FIRST_SEEN} FROM blocks WHERE host=? AND fp IN ({','.join('?' * len(first))})")
        params += [host, *first]
    rows = c.execute(" UNION ALL ".join(parts), params).fetchall()
    pages = next((n for tag, n, *_ in rows if tag == "h"), None)
    if pages is None:
        return None
    known = any(tag == "p" for tag, *_ in rows)
    rules = sorted(((kind, path, n, last) for tag, n, kind, path, last in rows if tag == "r"), key=lambda r: (-r[2], -r[3], r[0], r[1]))
    seen: dict[str, tuple[int, float]] = {fp: (n, first_seen) for tag, n, fp, _, first_seen in rows if tag == "b"}
    for start in range(0, len(rest), 500):  # SQLite's bound-parameter limit
        chunk = rest[start:start + 500]
        seen.update((fp, (n, first_seen)) for fp, n, first_seen in c.execute(
            f"SELECT fp, pages, {_FIRST_SEEN} FROM blocks WHERE host=? AND fp IN ({','.join('?' * len(chunk))})", (host, *chunk)))
    return pages, known, rules, seen


# Fingerprints asked in the lookup's one query (with its 5 other parameters, under SQLite's 999).
FIRST_CHUNK = 600
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
    @property
    def read_only(self) -> str | None: ...  # why the store cannot be written now; None when it can

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


class SiteMemory:
    """One process's handle on the database; thread-safe (one connection behind a lock)."""

    def __init__(self, settings: MemorySettings, *, path: str | Path | None = None, strict: bool = False,
                 clock=time.time):
        self.settings = settings
        location = path or settings.path
        self._db: Database
        if is_postgres(location):
            from .postgres_store import PostgresDatabase

            problem = location_problem(str(location))
            if problem:
                raise SiteMemoryError(problem)
            self._db = PostgresDatabase(str(location), settings.busy_timeout_ms)
            self.path: Path | str = self._db.where  # (never the password)
        else:
            self.path = Path(location or default_path()).expanduser()
            self._db = SqliteDatabase(self.path, settings.busy_timeout_ms)
        self._db.on_reopen = self._wrote  # type: ignore[attr-defined]
        self.strict = strict
        self.clock = clock  # wall-clock seconds: last-seen and first-seen times
        self._lock = threading.Lock()
        self._last_log: dict[str, float] = {}
        self._outage_at: float | None = None  # during an outage (database down or slow): when it last failed
        self.outage_retry_s = OUTAGE_RETRY_S
        self._refresh = _Refresh()
        self._lookups: dict[tuple, tuple] = {}  # (host, page, fps) -> the database's answer (see _lookup)
        self._lookups_version: object = None  # the connection's data_version the stored answers hold for (a new connection: _wrote empties them)

    @property
    def read_only(self) -> str | None:
        """Why the store cannot be written now (see the module docstring); None when it can."""
        return self._db.read_only

    @property
    def _secret(self) -> bytes | None:
        return self._db.secret

    def _writable(self, what: str) -> bool:
        """Whether a write may be tried; strict mode says why not instead."""
        if self.read_only is None:
            return True
        if self.strict:
            raise SiteMemoryError(f"{self.path}: cannot {what}: the memory is read-only ({self._db.explain(self.read_only)})")
        return False

    def close(self) -> None:
        self.flush()
        with self._lock:
            self._db.close()
            self._wrote()

    def _fail(self, what: str, exc: Exception, default):
        if self.strict:
            raise SiteMemoryError(f"{self.path}: {what}: {self._db.explain(exc)}") from exc
        now = time.monotonic()
        if self._db.is_outage(exc):  # down or slow: pages go without memory, it is asked again in a while
            if self._outage_at is None:
                log.warning("site memory %s: the database does not answer (%s: %s); pages are served without memory"
                            " until it does (asked again every %gs)", self.path, type(exc).__name__, self._db.explain(exc), self.outage_retry_s)
            self._outage_at = now
            return default
        key = f"{what}:{type(exc).__name__}"
        if now - self._last_log.get(key, -LOG_EVERY_S) >= LOG_EVERY_S:
            self._last_log[key] = now
            log.warning("site memory %s: %s failed (%s: %s); page served without it", self.path, what, type(exc).__name__, self._db.explain(exc))
        return default

    def _run(self, what: str, default, fn):
        with self._lock:
            if self._outage_at is not None and time.monotonic() < self._outage_at + self.outage_retry_s and not self.strict:
                return default  # an outage: no wait for a database known to be away
            try:
                with self._db.connection() as c:
                    result = fn(c)
            except SiteMemoryError:
                raise
            except self._db.errors as exc:
                return self._fail(what, exc, default)
            if self._outage_at is not None:
                self._outage_at = None
                log.info("site memory %s: the database answers again: memory resumes", self.path)
            return result

    def flush(self) -> None:
        """Write the reloads' waiting last-seen times now (``close`` does it too)."""
        if self._refresh.count:
            self._run("flush", None, self._write_refresh)

    def _write_refresh(self, c: Connection) -> None:
        if self.read_only is not None:
            self._refresh = _Refresh()
            return
        self._wrote()
        c.begin()
        self._refresh.write(c)
        c.commit()
        self._refresh = _Refresh()

    # ------------------------------------------------------------------ pages

    def lookup(self, host: str, page: str, fps: list[str]) -> HostView:
        """The host's rules and how many pages each of ``fps`` was seen on; EMPTY on any error."""
        return self._run("lookup", EMPTY, lambda c: self._lookup(c, host, page, fps))

    def _lookup(self, c: Connection, host: str, page: str, fps: list[str]) -> HostView:
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

    def _stored_lookup(self, c: Connection, host: str, page: str, fps: list[str]) -> tuple | None:
        """The database's answer for the page, from this process's store while the file is unchanged."""
        version = c.data_version()  # changes when another connection commits
        if version is None:  # (a store that cannot tell: always asked)
            return _read_host(c, host, keyed_page_hash(self._secret, page), fps)
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
        c.begin()
        if self._refresh.count:  # earlier reloads' times first: this page's are later, eviction sees both
            self._refresh.write(c)
        host_known, known = c.execute("SELECT (SELECT 1 FROM hosts WHERE host=?), (SELECT 1 FROM pages WHERE host=? AND page=?)",
                                      (host, host, page)).fetchone()
        if host_known is None and self._hour_is_full(c, now):
            c.commit()  # (the reloads' times)
            self._refresh = _Refresh()
            return False
        known = bool(page) and known is not None
        step = 0 if known else 1
        c.execute(
            "INSERT INTO hosts(host, pages, last_seen, first_seen) VALUES(?, 1, ?, ?) ON CONFLICT(host) DO UPDATE SET pages=hosts.pages+?, last_seen=?",
            (host, now, now, step, now),
        )
        if page:
            c.execute("INSERT INTO pages(host, page, last_seen) VALUES(?,?,?) ON CONFLICT(host, page) DO UPDATE SET last_seen=?", (host, page, now, now))
        c.executemany(
            "INSERT INTO blocks(host, fp, pages, last_seen, first_seen) VALUES(?,?,1,?,?) ON CONFLICT(host, fp) DO UPDATE SET pages=blocks.pages+?, last_seen=?",
            [(host, fp, now, now, step, now) for fp in sorted(set(fps))],  # (sorted: replicas lock rows in one order)
        )
        self._add_rules(c, host, CONTENT, content_paths, step, now)
        self._add_rules(c, host, BOILERPLATE, boilerplate_paths, step, now)
        self._evict(c, host)
        c.commit()
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
            "ON CONFLICT(host, kind, path) DO UPDATE SET support=rules.support+?, last_seen=?",
            [(host, kind, p, now, step, now) for p in sorted(set(paths))],
        )

    def _evict(self, c, host: str) -> None:
        s = self.settings
        caps = (("blocks", "fp", s.max_blocks_per_host), ("pages", "page", s.max_blocks_per_host), ("rules", "kind || ' ' || path", s.max_rules_per_host))
        *counts, hosts = c.execute("SELECT " + ", ".join(f"(SELECT count(*) FROM {table} WHERE host=?)" for table, _, _ in caps)
                                   + ", (SELECT count(*) FROM hosts)", (host,) * len(caps)).fetchone()
        for (table, key, cap), count in zip(caps, counts, strict=True):
            extra = count - cap
            if extra > 0:
                c.execute(
                    f"DELETE FROM {table} WHERE host=? AND {key} IN (SELECT {key} FROM {table} WHERE host=? ORDER BY last_seen LIMIT ?)",
                    (host, host, extra),
                )
        extra = hosts - s.max_hosts
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
            c.begin()
            _forget(c, host)
            c.commit()
            return known
        return self._run("forget", False, run)

    def put_rules(self, host: str, kind: str, paths: list[str], support: int) -> None:
        """Set rules (``clearpage rules import``): each path gets at least ``support``."""
        def run(c):
            if not self._writable("import rules"):
                return
            now = self.clock()
            self._wrote()
            c.begin()
            c.execute("INSERT INTO hosts(host, pages, last_seen, first_seen) VALUES(?, 0, ?, 0) ON CONFLICT(host) DO UPDATE SET last_seen=?",
                      (host, now, now))  # (imported, not learned: first_seen 0 keeps it out of the hour's new-host count)
            c.executemany(
                "INSERT INTO rules(host, kind, path, support, last_seen) VALUES(?,?,?,?,?) "
                "ON CONFLICT(host, kind, path) DO UPDATE SET support=greatest(rules.support, excluded.support), last_seen=excluded.last_seen",
                [(host, kind, p, support, now) for p in sorted(set(paths))],
            )
            c.commit()
        self._run("import", None, run)


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
