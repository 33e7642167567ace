"""``clearpage.tools.soak.tls`` (one copy, shared with ``clearpage soak``), under the name the tests import."""
from clearpage.tools.soak.tls import *  # noqa: F401,F403
