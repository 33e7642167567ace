"""The PostgreSQL store's own troubles: a database stopped and started again mid-run, a
read-only database (the SQLite store's are in test_memory.py; the shared suite runs on both)."""
from __future__ import annotations

import logging
import time

import pytest

from clearpage.filters import Pipeline, load_config_text
from clearpage.filters.learn.memory import SiteMemory

from tests.support.stores import stored_rows

from .site_pages import HOST, NAV_TEXT, memory_config, pages

# The pool finds a database that came back within a few of its reconnection attempts; a loaded
# machine gets room. Only a bound on a wait, never a measured figure.
COME_BACK_WITHIN_S = 60


def _learned(url: str):
    config = load_config_text(memory_config(url))
    memory = SiteMemory(config.memory)
    pipeline = Pipeline(config, memory=memory)
    for url_, html in pages()[:9]:
        pipeline.run(html, url_, mode="reader")
    return memory, pipeline


def test_a_database_stopped_mid_run_fails_open_and_memory_resumes_when_it_is_back(start_postgres, caplog):
    server = start_postgres()
    memory, pipeline = _learned(server.new_database())
    url, html = pages()[9]
    assert NAV_TEXT not in pipeline.run(html, url, mode="reader").text  # learned: the template goes
    memory.outage_retry_s = 3600.0  # (the outage lasts until the test says otherwise)
    server.stop()
    with caplog.at_level(logging.WARNING, logger="clearpage.memory"):
        for _ in range(5):
            result = pipeline.run(html, url, mode="reader")
            assert "Story 10 of the week" in result.text and NAV_TEXT in result.text  # served, only without memory
    warnings = [r for r in caplog.records if r.levelno >= logging.WARNING]  # (the pool's own included)
    assert len(warnings) == 1 and "does not answer" in warnings[0].getMessage(), [r.getMessage() for r in warnings]
    assert memory._db._pool.get_stats().get("requests_num", 0) >= 1
    asked = memory._db._pool.get_stats().get("requests_num", 0)
    pipeline.run(html, url, mode="reader")
    assert memory._db._pool.get_stats().get("requests_num", 0) == asked  # during the outage the pool is not even asked

    server.start()
    memory.outage_retry_s = 0.0  # ask again at once from now on
    deadline = time.monotonic() + COME_BACK_WITHIN_S
    while NAV_TEXT in pipeline.run(html, url, mode="reader").text:  # no restart, no call: it comes back by itself
        assert time.monotonic() < deadline, "the memory did not come back"
        time.sleep(0.2)
    assert memory.hosts()[0][0] == HOST


@pytest.mark.parametrize("how", ["default_transaction_read_only", "a role without write grants"])
def test_a_read_only_database_serves_its_rules_but_learns_nothing(postgres_server, caplog, how):
    url = postgres_server.new_database()
    memory, _ = _learned(url)
    memory.close()
    database = url.split("/")[3].split("?")[0]
    if how == "default_transaction_read_only":
        postgres_server.sql(database, f"ALTER DATABASE {database} SET default_transaction_read_only = on")
        reader = url
    else:
        role = f"reader_{database}"
        postgres_server.sql(database, f"CREATE ROLE {role} LOGIN")
        postgres_server.sql(database, f"GRANT SELECT ON ALL TABLES IN SCHEMA public TO {role}")
        reader = postgres_server.url(database, user=role)
    [(pages_before,)] = stored_rows(url, "SELECT pages FROM hosts")
    config = load_config_text(memory_config(reader))
    memory = SiteMemory(config.memory)
    pipeline = Pipeline(config, memory=memory)
    url10, html10 = pages()[9]
    with caplog.at_level(logging.WARNING, logger="clearpage.memory"):
        text = pipeline.run(html10, url10, mode="reader").text
    assert NAV_TEXT not in text and "Story 10 of the week" in text  # what it learned is used
    assert memory.read_only and any("cannot write" in r.getMessage() for r in caplog.records)
    assert memory.learn(HOST, "/another", ["fp"], [], []) is False
    assert stored_rows(url, "SELECT pages FROM hosts") == [(pages_before,)]  # nothing was written
    assert stored_rows(url, "SELECT count(*) FROM blocks WHERE fp = 'fp'") == [(0,)]


def test_a_missing_server_skips_here_and_fails_where_required(monkeypatch):
    """Without a server (or psycopg) the PostgreSQL tests skip with the reason; under
    CLEARPAGE_REQUIRE_POSTGRES=1 (.ci/run) they fail instead."""
    from tests.support import postgres

    monkeypatch.setattr(postgres, "missing", lambda: "PostgreSQL is not installed (test)")
    monkeypatch.delenv(postgres.REQUIRE, raising=False)
    with pytest.raises(pytest.skip.Exception, match="not installed"):
        postgres._require()
    monkeypatch.setenv(postgres.REQUIRE, "1")
    with pytest.raises(pytest.fail.Exception, match="required because CLEARPAGE_REQUIRE_POSTGRES is set"):
        postgres._require()
