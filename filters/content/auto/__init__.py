"""The ``auto`` content selection: the best-scoring subtree, cleaned of the boilerplate inside it.

``Auto.select`` makes one page state (state.py) and runs the phase table (phases.py) over it:
prepare the document; measure, mark and score a look at the page (scoring.py); choose the
container; widen it to the selection; spare, clean (cleaning.py) and trim it; finish. The rules
live in filters/content/rules/; the map of the phases and how to add a rule:
docs/content-rules.md. Its character thresholds count Latin-equivalent characters: on a page in
a denser script (Chinese, Japanese, Thai) they are scaled down by the page's script factor
(seeds/textstats.script_factor). Content a page streams in hidden chunks is already in place: the parser
reassembles it (filters/streaming.py).
"""
from __future__ import annotations

from ... import dom, regex
from ...context import PageContext
from ..base import ContentAlgorithm, Selection, register
from ..seeds.textstats import script_factor
from . import phases
from .options import AutoOptions
from .state import PageState

__all__ = ["Auto", "AutoOptions"]


@register
class Auto(ContentAlgorithm):
    name = "auto"
    Options = AutoOptions

    def __init__(self, options: AutoOptions, env):
        super().__init__(options, env)
        self._forum_urls = regex.compile_pattern("(?i)" + options.forum_urls)  # RE2: config regexes never backtrack

    def select(self, doc, ctx: PageContext) -> Selection | None:
        body = dom.body_of(doc)
        # Character thresholds mean Latin-equivalent characters: divided by the script's density.
        options = self.options.for_script(script_factor(body))
        state = PageState(options=options, forum_urls=self._forum_urls, name=self.name, doc=doc, body=body, ctx=ctx)
        phases.run(state)
        return state.selection
