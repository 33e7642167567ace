"""A filtering worker that refuses to start once the file named by ``$CLEARPAGE_TEST_BREAK_WORKERS``
exists: a proxy started with it comes up, and its pool breaks when the test creates the file and
kills the running workers (tests/addon/test_health.py)."""
from __future__ import annotations

import os
import sys

FLAG = "CLEARPAGE_TEST_BREAK_WORKERS"

if __name__ == "__main__":
    if os.path.exists(os.environ.get(FLAG, "")):
        sys.exit(3)
    from clearpage.addon import worker

    worker.main(sys.argv[1:])
