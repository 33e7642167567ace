"""Both site memory stores for one test: ``memory_location`` is an SQLite file in one run and a
fresh PostgreSQL database (tests/support/postgres.py) in the other; ``new_location()`` gives
another of the same store; ``stored_rows`` reads a store's tables as a person would.
Registered in tests/conftest.py: a test asking for ``memory_location`` runs on both stores."""
from __future__ import annotations

import sqlite3
import sys

import pytest

from clearpage.filters.learn.schema import is_postgres

STORES = ("sqlite", "postgres")


@pytest.fixture(params=STORES)
def store_kind(request) -> str:
    return request.param


@pytest.fixture
def new_location(store_kind, tmp_path, request):
    """A factory of fresh memory locations in this run's store."""
    made = []

    def new() -> str:
        made.append(None)
        if store_kind == "sqlite":
            return str(tmp_path / f"m{len(made)}.sqlite")
        return request.getfixturevalue("postgres_server").new_database()

    return new


@pytest.fixture
def memory_location(new_location) -> str:
    return new_location()


def stored_rows(location, sql: str, params=()) -> list[tuple]:
    """The rows a query (``?`` placeholders) returns from the store at ``location``."""
    if is_postgres(str(location)):
        import psycopg

        with psycopg.connect(str(location), autocommit=True) as conn:
            return [tuple(r) for r in conn.execute(sql.replace("?", "%s"), params).fetchall()]
    with sqlite3.connect(location) as conn:
        return conn.execute(sql, params).fetchall()


@pytest.fixture(autouse=True)
def _close_postgres_pools():
    """Each PostgreSQL store keeps a pool (connections and a thread): closed after each test."""
    yield
    postgres_store = sys.modules.get("clearpage.filters.learn.postgres_store")
    if postgres_store is not None:
        postgres_store.close_all()
