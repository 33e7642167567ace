"""Content selection: every algorithm module, imported so each registers itself."""
from . import article_subtree  # noqa: F401
from . import word_leaf_ratio  # noqa: F401
from . import weighted_subtree  # noqa: F401
from . import site_patterns  # noqa: F401
from . import cetr  # noqa: F401
from . import ecetr  # noqa: F401
from . import auto  # noqa: F401
from .base import ALGORITHMS, ContentAlgorithm, Selection

__all__ = ["ALGORITHMS", "ContentAlgorithm", "Selection"]
