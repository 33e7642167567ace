"""Learning from pages: per-site rule memory (memory.py, site.py) and the block classifier (classifier.py).

``blocks`` turns a page into structural paths and fingerprints; ``memory`` keeps them per host
in SQLite; ``site`` uses the memory around content selection (fast path, template blocks);
``features`` / ``classifier`` are the learned block classifier (trained by ``clearpage.tools.learn.train``).
"""
