"""``python -m clearpage.cli COMMAND ...``: the ``clearpage`` command without its script."""
import sys

from clearpage.cli import main

sys.exit(main())
