"""Content selection: every algorithm, imported so each registers itself.

seeds/ holds the classic algorithms, auto/ the ``auto`` algorithm's core (its page state, phase
table, scoring and cleaning) and rules/ its rules; features.py, hints.py and phrases.py are
what they share with each other and with the learned classifier (filters/learn).
"""
from . import seeds  # noqa: F401
from . import auto  # noqa: F401
from .base import ALGORITHMS, ContentAlgorithm, Selection

__all__ = ["ALGORITHMS", "ContentAlgorithm", "Selection"]
