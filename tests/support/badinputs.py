"""``clearpage.tools.soak.badinputs`` (one copy, shared with ``clearpage soak``), under the name the tests import."""
from clearpage.tools.soak.badinputs import *  # noqa: F401,F403
