"""``clearpage.tools.soak.origin`` (one copy, shared with ``clearpage soak``), under the name the tests import."""
from clearpage.tools.soak.origin import *  # noqa: F401,F403
