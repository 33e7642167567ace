"""``clearpage.tools.soak.proxy`` (one copy, shared with ``clearpage soak``), under the name the tests import."""
from clearpage.tools.soak.proxy import *  # noqa: F401,F403
