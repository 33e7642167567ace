"""The tools' exception root (benchmarks, evaluation, training): apart from the engine's and the pool's."""
from __future__ import annotations


class ToolError(Exception):
    """A tool could not do its job (a dataset it cannot read, a page past its time limit)."""
