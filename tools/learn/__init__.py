"""The learned parts measured and trained: ``train`` (``clearpage train``: the block classifier)
and ``bench`` (``clearpage bench memory`` / ``bench classifier``)."""
