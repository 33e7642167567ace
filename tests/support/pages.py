"""``clearpage.tools.soak.pages`` (one copy, shared with ``clearpage soak``), under the name the tests import."""
from clearpage.tools.soak.pages import *  # noqa: F401,F403
