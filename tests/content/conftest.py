"""Fixtures for the content-selection tests."""
from __future__ import annotations

import pytest

from clearpage.filters.content.base import ALGORITHMS
from clearpage.filters.pipeline import Pipeline


@pytest.fixture(scope="module")
def algo(default_config):
    """``auto`` with the default options, outside the pipeline."""
    return ALGORITHMS["auto"](default_config.settings.content.options["auto"], None)


@pytest.fixture(scope="module")
def pipeline(default_config):
    """The whole pipeline with the default config (reader mode's auto and its fallback)."""
    return Pipeline(default_config)
