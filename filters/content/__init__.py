"""Content selection: every algorithm module, imported so each registers itself."""
from . import article_subtree  # noqa: F401
from . import auto  # noqa: F401
from .base import ALGORITHMS, ContentAlgorithm, Selection

__all__ = ["ALGORITHMS", "ContentAlgorithm", "Selection"]
