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
def _private_data_home(tmp_path_factory):
    """The proxy's site memory (memory.path: null) lives under XDG_DATA_HOME: a temporary one here,
    so tests never learn into the user's ~/.local/share/clearpage (proxy workers inherit it)."""
    old = os.environ.get("XDG_DATA_HOME")
    os.environ["XDG_DATA_HOME"] = str(tmp_path_factory.mktemp("data-home"))
    yield
    if old is None:
        os.environ.pop("XDG_DATA_HOME", None)
    else:
        os.environ["XDG_DATA_HOME"] = old
