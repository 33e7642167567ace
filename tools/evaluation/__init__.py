"""Measuring content selection: dataset loaders, the word-F1 metric, a parallel runner, the report.

Used by ``clearpage eval`` and by the regression test. Nothing here is needed to filter pages;
it only runs the engine (``Pipeline``) the way a reader-mode user gets it and scores the text.
"""
