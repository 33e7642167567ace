"""``clearpage.tools.soak.fleet`` (one copy, shared with ``clearpage bench fleet``), under the name the tests import."""
from clearpage.tools.soak.fleet import *  # noqa: F401,F403
