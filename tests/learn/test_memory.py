"""The memory itself: concurrent writers, caps and eviction, reloads, keyed page hashes (on both
stores: ``memory_location``), and SQLite's own troubles (a corrupt, locked or read-only file)."""
from __future__ import annotations

import contextlib
import dataclasses
import logging
import multiprocessing
import sqlite3
import time

import pytest

from clearpage.filters import Pipeline, load_config_text
from clearpage.filters.learn import blocks
from clearpage.filters.learn.memory import CONTENT, SCHEMA_VERSION, SiteMemory, page_name

from tests.support.stores import stored_rows

from .site_pages import memory_config, pages


def _settings(path, **overrides):
    return dataclasses.replace(load_config_text(memory_config(path)).memory, **overrides)


def _writer(path: str, worker: int, count: int, out) -> None:
    memory = SiteMemory(_settings(path, busy_timeout_ms=10_000))
    ok = 0
    for i in range(count):
        shared = ["f%02d" % k for k in range(20)]  # the template, on every page
        own = ["w%d-p%d-%d" % (worker, i, k) for k in range(20)]
        ok += memory.learn("shared.example", page_name(f"https://shared.example/{worker}/{i}"), shared + own, ["body > div#page"], [])
    out.put(ok)


@pytest.mark.slow
def test_several_writer_processes(memory_location):
    path = memory_location
    ctx = multiprocessing.get_context("spawn")
    out = ctx.Queue()
    procs = [ctx.Process(target=_writer, args=(path, w, 25, out)) for w in range(4)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
    assert [p.exitcode for p in procs] == [0, 0, 0, 0]
    assert sum(out.get(timeout=5) for _ in procs) == 100  # no write was lost to a lock
    if not path.startswith("postgresql:"):
        assert sqlite3.connect(path).execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert stored_rows(path, "SELECT pages FROM hosts") == [(100,)]
    assert stored_rows(path, "SELECT min(pages), max(pages) FROM blocks WHERE substr(fp, 1, 1) = 'f'") == [(100, 100)]
    assert stored_rows(path, "SELECT count(*) FROM blocks WHERE substr(fp, 1, 1) = 'w'") == [(2000,)]
    assert stored_rows(path, "SELECT support FROM rules WHERE kind=?", (CONTENT,)) == [(100,)]


def _first_lookup(path: str, start_at: float, out) -> None:
    memory = SiteMemory(_settings(path, busy_timeout_ms=5000), strict=True)
    while time.time() < start_at:  # every process opens the fresh file at the same moment
        pass
    try:
        memory.lookup("fresh.example", "", [])
        out.put("ok")
    except Exception as exc:  # noqa: BLE001 - the test reports what went wrong
        out.put(f"{type(exc).__name__}: {exc}")


def test_processes_opening_a_new_file_together_all_get_it(tmp_path):
    """Switching a new file to WAL fails at once ("database is locked", no busy wait) in some of
    the processes that do it together (about one opening in five); the proxy's workers start
    together. Without the retry this fails nearly every run."""
    ctx = multiprocessing.get_context("fork")
    outcomes = []
    for round_ in range(8):
        path, start_at, out = str(tmp_path / f"m{round_}.sqlite"), time.time() + 0.2, ctx.Queue()
        procs = [ctx.Process(target=_first_lookup, args=(path, start_at, out)) for _ in range(3)]
        for p in procs:
            p.start()
        outcomes += [out.get(timeout=30) for _ in procs]
        for p in procs:
            p.join(30)
    assert outcomes == ["ok"] * 24


def test_corrupt_database_fails_open(tmp_path, caplog):
    path = tmp_path / "m.sqlite"
    path.write_bytes(b"this is not an sqlite database, just bytes " * 200)
    config = load_config_text(memory_config(path))
    pipeline = Pipeline(config, memory=SiteMemory(config.memory))
    url, html = pages()[0]
    with caplog.at_level(logging.WARNING, logger="clearpage.memory"):
        result = pipeline.run(html, url, mode="reader")
    assert result.changed and "Story 1 of the week" in result.text
    assert result.selection.startswith("auto:")
    assert any("site memory" in r.message and "served without it" in r.message for r in caplog.records)
    assert path.read_bytes().startswith(b"this is not")  # left for a person to inspect


def _unwaiting_pipeline(tmp_path):
    """A pipeline whose site memory never waits for a lock (busy_timeout_ms=0), after its first
    page (which creates the database): (the file, the memory, the pipeline, that page's result)."""
    path = tmp_path / "m.sqlite"
    config = load_config_text(memory_config(path, busy_timeout_ms=0))
    memory = SiteMemory(config.memory)
    pipeline = Pipeline(config, memory=memory)
    url, html = pages()[0]
    return path, memory, pipeline, pipeline.run(html, url, mode="reader")


@contextlib.contextmanager
def _held(path, begin: str):
    """Another connection holding ``path`` in a ``begin`` transaction (rolled back at the end)."""
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute(begin)
    try:
        yield holder
    finally:
        holder.execute("ROLLBACK")


def test_locked_database_fails_open(tmp_path, caplog):
    path, memory, pipeline, _ = _unwaiting_pipeline(tmp_path)
    with _held(path, "BEGIN EXCLUSIVE"), caplog.at_level(logging.WARNING, logger="clearpage.memory"):
        url2, html2 = pages()[1]
        result = pipeline.run(html2, url2, mode="reader")
    assert "Story 2 of the week" in result.text
    assert any("locked" in r.message for r in caplog.records)
    assert memory.hosts()[0][1] == 1  # the locked-out page was not recorded; the next one is
    url3, html3 = pages()[2]
    pipeline.run(html3, url3, mode="reader")
    assert memory.hosts()[0][1] == 2


def test_unwritable_directory_fails_open(tmp_path, caplog):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    config = load_config_text(memory_config(blocker / "sub" / "m.sqlite"))
    pipeline = Pipeline(config, memory=SiteMemory(config.memory))
    url, html = pages()[0]
    with caplog.at_level(logging.WARNING, logger="clearpage.memory"):
        assert "Story 1 of the week" in pipeline.run(html, url, mode="reader").text
    assert caplog.records


def test_per_host_caps_evict_least_recently_seen(memory_location):
    memory = SiteMemory(_settings(memory_location, max_blocks_per_host=10, max_rules_per_host=2))
    for i in range(5):
        memory.learn("a.example", f"p{i}", [f"fp{i}-{k}" for k in range(4)], [f"body > div.c{i}"], [])
    kept = {r[0] for r in stored_rows(memory_location, "SELECT fp FROM blocks")}
    assert len(kept) == 10 and {f"fp4-{k}" for k in range(4)} <= kept and not any(fp.startswith("fp0") for fp in kept)
    assert [r.path for r in memory.rules("a.example")] == ["body > div.c3", "body > div.c4"]
    assert stored_rows(memory_location, "SELECT count(*) FROM pages") == [(5,)]


def test_host_cap_forgets_the_least_recently_seen_host(memory_location):
    memory = SiteMemory(_settings(memory_location, max_hosts=2))
    for host in ("one.example", "two.example", "three.example"):
        memory.learn(host, "p", ["fp"], ["body > div"], [])
    memory.learn("two.example", "q", ["fp"], [], [])  # two is now the most recent
    memory.learn("four.example", "p", ["fp"], [], [])
    assert sorted(h[0] for h in memory.hosts()) == ["four.example", "two.example"]
    assert stored_rows(memory_location, "SELECT count(*) FROM blocks WHERE host IN ('one.example', 'three.example')") == [(0,)]


def test_forget(memory_location):
    memory = SiteMemory(_settings(memory_location))
    memory.learn("a.example", "p", ["fp"], ["body > div"], [])
    assert memory.forget("a.example") is True
    assert memory.forget("a.example") is False
    assert memory.hosts() == [] and memory.rules("a.example") == []


def test_paths_and_fingerprints():
    from clearpage.filters import dom

    def page(text, extra=""):
        return dom.parse(f'<body><div id="page" class="wrap main x-9f3k2">{extra}<div class="post-12345 story"><p>{text}</p></div></div></body>')

    doc = page("Hello there, reader.")
    story = doc.xpath("//div[contains(@class, 'story')]")[0]
    assert blocks.path_of(story) == "body > div#page.main.wrap > div.story"
    found = blocks.page_blocks(dom.body_of(doc))
    assert [b.path for b in found] == ["body > div#page.main.wrap", "body > div#page.main.wrap > div.story", "body > div#page.main.wrap > div.story > p"]
    assert [b.chars for b in found] == [20, 20, 20]
    same = blocks.page_blocks(dom.body_of(page("Hello   there,\n reader.", extra="<span></span>")))
    other = blocks.page_blocks(dom.body_of(page("Goodbye, reader.")))
    assert [b.fp for b in same] == [b.fp for b in found]  # whitespace and empty markup do not count
    assert not {b.fp for b in other} & {b.fp for b in found}
    assert all(len(b.fp) == 16 and "Hello" not in b.fp for b in found)
    assert not blocks.stable_token("css-1x2y3z") and not blocks.stable_token("9lives") and blocks.stable_token("col-md-8")


def test_block_cap_keeps_the_page_edges():
    from clearpage.filters import dom

    items = "".join(f"<div>Block number {i} of the page</div>" for i in range(100))
    found = blocks.page_blocks(dom.body_of(dom.parse(f"<body>{items}</body>")), max_blocks=10)
    assert [b.element.text for b in found] == [f"Block number {i} of the page" for i in (*range(5), *range(95, 100))]


def test_page_name_ignores_tracking_parameters():
    assert page_name("https://a.example/x?id=3&utm_source=feed") == page_name("https://a.example/x?id=3")
    assert page_name("https://a.example/x?id=3") != page_name("https://a.example/x?id=4")
    assert page_name("https://a.example/x#top") == page_name("https://a.example/x")


def test_a_version_1_file_keeps_its_rules_and_drops_its_old_fingerprints(tmp_path):
    path = tmp_path / "m.sqlite"
    old = sqlite3.connect(path, isolation_level=None)
    old.executescript(
        "CREATE TABLE hosts(host TEXT PRIMARY KEY, pages INTEGER NOT NULL, last_seen REAL NOT NULL);"
        "CREATE TABLE pages(host TEXT NOT NULL, page TEXT NOT NULL, last_seen REAL NOT NULL, PRIMARY KEY(host, page)) WITHOUT ROWID;"
        "CREATE TABLE blocks(host TEXT NOT NULL, fp TEXT NOT NULL, path TEXT NOT NULL, pages INTEGER NOT NULL,"
        "  last_seen REAL NOT NULL, PRIMARY KEY(host, fp)) WITHOUT ROWID;"
        "CREATE TABLE rules(host TEXT NOT NULL, kind TEXT NOT NULL, path TEXT NOT NULL, support INTEGER NOT NULL,"
        "  last_seen REAL NOT NULL, PRIMARY KEY(host, kind, path)) WITHOUT ROWID;"
        "INSERT INTO hosts VALUES('a.example', 4, 1.0);"
        "INSERT INTO blocks VALUES('a.example', 'oldfp', 'body > div', 4, 1.0);"
        "INSERT INTO rules VALUES('a.example', 'content', 'body > div#page', 4, 1.0);"
        "PRAGMA user_version=1;"
    )
    old.close()
    memory = SiteMemory(_settings(path))
    view = memory.lookup("a.example", "", ["oldfp"])
    assert view.pages == 4 and [r.path for r in view.content_rules] == ["body > div#page"]
    assert view.seen == {}  # an old fingerprint never matches a new one: gone
    assert memory.learn("a.example", "p", ["newfp"], [], [])
    assert memory.lookup("a.example", "", ["newfp"]).seen == {"newfp": 1}
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def _learn_viewed(memory: SiteMemory, host: str, page: str, fps: list[str], content: list[str]) -> bool:
    """learn() the way site.select calls it: with the page's lookup just before."""
    return memory.learn(host, page, fps, content, [], view=memory.lookup(host, page, fps))


def test_reload_with_nothing_new_takes_no_write_lock(tmp_path, caplog):
    path, memory, pipeline, first = _unwaiting_pipeline(tmp_path)
    url, html = pages()[0]
    # another process writing: a reload must not wait for it
    with _held(path, "BEGIN IMMEDIATE"), caplog.at_level(logging.WARNING, logger="clearpage.memory"):
        again = pipeline.run(html, url, mode="reader").text
    assert again == first.text
    assert not caplog.records
    assert memory.hosts()[0][1] == 1


def test_reload_with_a_new_block_is_written_at_once(memory_location):
    memory = SiteMemory(_settings(memory_location))
    assert _learn_viewed(memory, "a.example", "p", ["fp1"], ["body > div"])
    assert _learn_viewed(memory, "a.example", "p", ["fp1", "fp2"], ["body > div"])  # the page changed
    assert dict(stored_rows(memory_location, "SELECT fp, pages FROM blocks")) == {"fp1": 1, "fp2": 1}
    assert stored_rows(memory_location, "SELECT pages FROM hosts") == [(1,)]


def test_reload_times_reach_the_file_on_close(memory_location):
    memory = SiteMemory(_settings(memory_location))
    _learn_viewed(memory, "a.example", "p", ["fp1"], ["body > div"])
    [(before,)] = stored_rows(memory_location, "SELECT last_seen FROM blocks")
    time.sleep(0.01)
    _learn_viewed(memory, "a.example", "p", ["fp1"], ["body > div"])
    assert stored_rows(memory_location, "SELECT last_seen FROM blocks") == [(before,)]  # waiting in the process
    memory.close()
    for table in ("hosts", "pages", "blocks", "rules"):
        assert stored_rows(memory_location, f"SELECT last_seen FROM {table}")[0][0] > before, table


def test_reload_times_order_this_process_rules_and_eviction(memory_location):
    memory = SiteMemory(_settings(memory_location, max_blocks_per_host=10))
    _learn_viewed(memory, "a.example", "p0", [f"fp0-{k}" for k in range(4)], ["body > div.a"])
    _learn_viewed(memory, "a.example", "p1", [f"fp1-{k}" for k in range(4)], ["body > div.b"])
    _learn_viewed(memory, "a.example", "p0", [f"fp0-{k}" for k in range(4)], ["body > div.a"])  # a reload: p0 most recent
    view = memory.lookup("a.example", "p2", [])
    assert [r.path for r in view.content_rules] == ["body > div.a", "body > div.b"]  # equal support: the reloaded first
    _learn_viewed(memory, "a.example", "p2", [f"fp2-{k}" for k in range(4)], [])  # 12 blocks: 2 evicted, p1's
    kept = {r[0] for r in stored_rows(memory_location, "SELECT fp FROM blocks")}
    assert {f"fp0-{k}" for k in range(4)} <= kept and len(kept) == 10


def test_a_repeated_lookup_reads_only_the_data_version(tmp_path):
    memory = SiteMemory(_settings(tmp_path / "m.sqlite"))
    _learn_viewed(memory, "a.example", "p", ["fp1", "fp2"], ["body > div"])
    first = memory.lookup("a.example", "p", ["fp1", "fp2"])
    statements: list[str] = []
    memory._db._connect().conn.set_trace_callback(statements.append)
    assert memory.lookup("a.example", "p", ["fp1", "fp2"]) == first
    assert statements == ["PRAGMA data_version"]


def test_a_stored_lookup_sees_other_connections_writes(memory_location):
    path = memory_location
    mine, other = SiteMemory(_settings(path)), SiteMemory(_settings(path))
    _learn_viewed(mine, "a.example", "p", ["fp1"], ["body > div"])
    assert mine.lookup("a.example", "p", ["fp1"]).seen == {"fp1": 1}
    other.learn("a.example", "q", ["fp1"], ["body > div"], [])  # another worker's page
    view = mine.lookup("a.example", "p", ["fp1"])
    assert (view.pages, view.seen, view.content_rules[0].support) == (2, {"fp1": 2}, 2)
    _learn_viewed(mine, "a.example", "r", ["fp1"], [])  # and this process's own
    assert mine.lookup("a.example", "p", ["fp1"]).seen == {"fp1": 3}


# ---------------------------------------------------------------- item 7: keyed page hashes


def test_page_keys_are_keyed_by_a_per_file_secret(memory_location, new_location):
    import hashlib

    path = memory_location
    first, second = SiteMemory(_settings(path)), SiteMemory(_settings(path))  # two processes (replicas) sharing the store
    assert first.learn("a.example", page_name("https://a.example/secret/page?id=7"), ["fp"], [], [])
    assert second.lookup("a.example", page_name("https://a.example/secret/page?id=7"), ["fp"]).page_known  # they agree
    (stored,) = [r[0] for r in stored_rows(path, "SELECT page FROM pages")]
    unsalted = hashlib.sha256(b"/secret/page?id=7").hexdigest()
    assert stored and not unsalted.startswith(stored) and stored not in unsalted  # a guessed URL cannot be confirmed
    [(secret,)] = stored_rows(path, "SELECT value FROM meta WHERE key='page_secret'")
    assert len(bytes.fromhex(secret)) == 32
    other = new_location()
    SiteMemory(_settings(other)).learn("a.example", page_name("https://a.example/secret/page?id=7"), ["fp"], [], [])
    assert stored_rows(other, "SELECT page FROM pages")[0][0] != stored  # another install, another key


def test_a_version_2_file_keeps_its_rules_and_drops_its_unsalted_page_keys(tmp_path):
    import hashlib

    path = tmp_path / "m.sqlite"
    old_key = hashlib.sha256(b"/story/1").hexdigest()[:16]
    old = sqlite3.connect(path, isolation_level=None)
    old.executescript(
        "CREATE TABLE hosts(host TEXT PRIMARY KEY, pages INTEGER NOT NULL, last_seen REAL NOT NULL);"
        "CREATE TABLE pages(host TEXT NOT NULL, page TEXT NOT NULL, last_seen REAL NOT NULL, PRIMARY KEY(host, page)) WITHOUT ROWID;"
        "CREATE TABLE blocks(host TEXT NOT NULL, fp TEXT NOT NULL, pages INTEGER NOT NULL,"
        "  last_seen REAL NOT NULL, PRIMARY KEY(host, fp)) WITHOUT ROWID;"
        "CREATE TABLE rules(host TEXT NOT NULL, kind TEXT NOT NULL, path TEXT NOT NULL, support INTEGER NOT NULL,"
        "  last_seen REAL NOT NULL, PRIMARY KEY(host, kind, path)) WITHOUT ROWID;"
        "INSERT INTO hosts VALUES('a.example', 4, 1.0);"
        f"INSERT INTO pages VALUES('a.example', '{old_key}', 1.0);"
        "INSERT INTO blocks VALUES('a.example', 'nav', 4, 1.0);"
        "INSERT INTO rules VALUES('a.example', 'content', 'body > div#page', 4, 1.0);"
        "INSERT INTO rules VALUES('a.example', 'boilerplate', 'body > div.nav', 4, 1.0);"
        "PRAGMA user_version=2;"
    )
    old.close()
    memory = SiteMemory(_settings(path))
    view = memory.lookup("a.example", "/story/1", ["nav"])
    assert [r.path for r in view.content_rules] == ["body > div#page"] and [r.path for r in view.boilerplate_rules] == ["body > div.nav"]
    assert view.seen == {"nav": 4} and not view.young  # fingerprints kept, counted as seen long ago
    assert not view.page_known  # the old key cannot be rehashed: dropped
    db = sqlite3.connect(path)
    assert db.execute("SELECT count(*) FROM pages").fetchone()[0] == 0
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert memory.learn("a.example", "/story/1", ["nav"], [], [])
    assert memory.lookup("a.example", "/story/1", ["nav"]).page_known


# ---------------------------------------------------------------- item 8: read-only and full disk

_CHILD = """
import sys
from clearpage.cli import main
from clearpage.filters import Pipeline, load_config_text
from clearpage.filters.learn.memory import SiteMemory
from tests.learn.site_pages import NAV_TEXT, memory_config, pages
db = sys.argv[1]
print("list", main(["rules", "--db", db, "list"]), flush=True)
print("forget", main(["rules", "--db", db, "forget", "gazette.example"]), flush=True)
config = load_config_text(memory_config(db))
memory = SiteMemory(config.memory)
url, html = pages()[9]
text = Pipeline(config, memory=memory).run(html, url, mode="reader").text
print("applied", NAV_TEXT not in text and "Story 10 of the week" in text, flush=True)
print("read_only", memory.read_only is not None, flush=True)
"""


def _learned_file(tmp_path):
    path = tmp_path / "db" / "m.sqlite"
    path.parent.mkdir()
    config = load_config_text(memory_config(path))
    memory = SiteMemory(config.memory)
    pipeline = Pipeline(config, memory=memory)
    for url, html in pages()[:9]:
        pipeline.run(html, url, mode="reader")
    memory.close()
    return path


def _check_read_path(got, db):
    out = got.stdout
    assert "gazette.example" in out and "list 0" in out, got.stderr  # `clearpage rules list` reads
    assert "forget 1" in out  # forget says why it cannot ...
    assert "cannot forget gazette.example" in got.stderr and "read-only" in got.stderr
    assert "applied True" in out and "read_only True" in out  # ... and the proxy still applies what was learned
    assert "Traceback" not in got.stderr
    assert sqlite3.connect(db).execute("SELECT count(*) FROM hosts").fetchone()[0] == 1  # nothing was written


def test_a_full_disk_still_reads_and_says_why_forget_cannot_write(tmp_path):
    """A full disk, made real for the child process: no file may grow (RLIMIT_FSIZE, which binds
    root too), so SQLite cannot make its WAL index; before the fix ``rules list`` failed."""
    import resource
    import signal

    db = _learned_file(tmp_path)

    def full_disk():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (1024, 1024))

    got = _child_with_db(db, preexec_fn=full_disk)
    _check_read_path(got, db)
    assert "disk is full" in got.stderr  # and what a person can do about it


def _child_with_db(db, prefix=(), **kwargs):
    """Run _CHILD on ``db`` in a new Python process (``prefix``: a command to run it under)."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    return subprocess.run([*prefix, sys.executable, "-c", _CHILD, str(db)], capture_output=True, text=True, timeout=120, cwd=root, **kwargs)


def test_a_read_only_file_is_read_and_its_rules_used(tmp_path):
    """A read-only file system (a read-only bind mount in a user namespace, which binds root too);
    before the fix the learned rules went unused and ``rules list`` failed."""
    import shutil
    import subprocess

    db = _learned_file(tmp_path)
    where = str(db.parent)
    probe = subprocess.run(["unshare", "-rm", "sh", "-c", f"mount --bind {where} {where} && mount -o remount,bind,ro {where}"],
                           capture_output=True) if shutil.which("unshare") else None
    if probe is None or probe.returncode:
        pytest.skip("no user namespaces here for a read-only mount")
    script = f'mount --bind {where} {where} && mount -o remount,bind,ro {where} && exec "$@"'
    got = _child_with_db(db, prefix=("unshare", "-rm", "sh", "-c", script, "sh"))
    _check_read_path(got, db)
