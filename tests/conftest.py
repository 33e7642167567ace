"""Shared test fixtures: the ../shared data, the default config, and requirement switches.

Tests that need ``../shared`` (beside the project root) or a browser skip with a reason when
it is absent; CI sets CLEARPAGE_REQUIRE_SHARED / CLEARPAGE_REQUIRE_BROWSER so a missing
dependency fails there instead of passing silently.
"""
from __future__ import annotations

import dataclasses
import os
from pathlib import Path

import pytest

from clearpage.filters import load_config

# A real PostgreSQL (tests/support/postgres.py): postgres_server, postgres_url, start_postgres.
from tests.support.postgres import postgres_server, postgres_url, start_postgres  # noqa: F401
# The site memory's two stores (tests/support/stores.py): memory_location, new_location, store_kind.
from tests.support.stores import _close_postgres_pools, memory_location, new_location, store_kind  # noqa: F401

PROJECT = Path(__file__).resolve().parent.parent
SHARED = PROJECT.parent / "shared"


def require(condition: bool, reason: str, switch: str) -> None:
    """Skip (or fail, when the CI switch is set) unless ``condition`` holds."""
    if condition:
        return
    if os.environ.get(switch):
        pytest.fail(f"{reason} (required because {switch} is set)")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def shared() -> Path:
    require(SHARED.is_dir(), f"{SHARED} is absent: the shared datasets live beside the project root", "CLEARPAGE_REQUIRE_SHARED")
    return SHARED


@pytest.fixture(scope="session")
def default_config():
    return load_config()


@pytest.fixture
def options(default_config):
    """The default options of a filter, with overrides: ``options("link_list", threshold=1.0)``."""

    def make(name: str, **overrides):
        return dataclasses.replace(default_config.settings.filters[name], **overrides)

    return make


@pytest.fixture(autouse=True, scope="session")
def _private_user_dirs(tmp_path_factory):
    """The proxy's site memory (memory.path: null) lives under XDG_DATA_HOME, the compiled ad lists
    and the unpacked language model under XDG_CACHE_HOME: temporary ones here, so tests never write
    into the user's ~/.local/share/clearpage or ~/.cache/clearpage (proxy workers inherit them)."""
    saved = {name: os.environ.get(name) for name in ("XDG_DATA_HOME", "XDG_CACHE_HOME")}
    os.environ["XDG_DATA_HOME"] = str(tmp_path_factory.mktemp("data-home"))
    os.environ["XDG_CACHE_HOME"] = str(tmp_path_factory.mktemp("cache-home"))
    yield
    for name, old in saved.items():
        if old is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = old
