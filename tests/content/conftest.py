"""Fixtures for the content-selection tests."""
from __future__ import annotations

import pytest

from clearpage.filters.content.base import ALGORITHMS


@pytest.fixture(scope="module")
def algo(default_config):
    """``auto`` with the default options, outside the pipeline."""
    return ALGORITHMS["auto"](default_config.settings.content.options["auto"], None)
