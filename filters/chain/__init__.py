"""The DOM filter chain: every filter module, imported so each registers itself."""
from . import ad_server, empty_table, ignore, link_list, removed_links  # noqa: F401
from . import assistive  # noqa: F401
from .base import FILTERS, BuildEnv, Filter

__all__ = ["FILTERS", "BuildEnv", "Filter"]
