"""The classic content-selection algorithms (the seed papers' methods), apart from ``auto``'s rules.

Each module registers one algorithm by its config name: ``article_subtree``, ``word_leaf_ratio``,
``weighted_subtree``, ``site_patterns``, ``text_tag_ratio`` (cetr.py) and ``ecetr``;
textstats.py holds the word and leaf counting the two tree-weighting ones share.
"""
from . import article_subtree  # noqa: F401
from . import word_leaf_ratio  # noqa: F401
from . import weighted_subtree  # noqa: F401
from . import site_patterns  # noqa: F401
from . import cetr  # noqa: F401
from . import ecetr  # noqa: F401
