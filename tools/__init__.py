"""Tools around the engine: benchmarks, evaluation, training, browser audits and the soak harness.

Run by the ``clearpage`` commands (``clearpage.cli``) and the tests; the engine
(``clearpage.filters``) and the proxy adapter (``clearpage.addon``) never import anything here.

``bench``: ``bench pipeline`` and ``bench proxy`` (and the proxy's floor run);
``evaluation``: datasets, the word-F1 metric and ``clearpage eval``'s runner and report;
``adblock``: the matcher's benchmark and conformance check; ``learn``: training the block
classifier and the site-memory benchmark; ``a11y`` / ``image_report``: ``clearpage a11y-report``
in headless Chromium; ``soak``: the origin, bad inputs and proxy process ``clearpage soak`` drives.
"""
