"""The ``auto`` content selection: the best-scoring subtree, cleaned of the boilerplate inside it.

A page goes through ordered phases over one page state (state.py), each a list of rules with
their conditions in one table (phases.py):

1. Prepare: consent and modal dialogs out, misnested buttons unwrapped; is the page a thread?
2. Measure, mark, score (one look): every text block's characters, link characters and
   punctuation (features.py), the markup hints (hints.py) corrected where class words mislead,
   subtree scores and the best container (scoring.py).
3. Choose: when next to nothing is visible and the hidden subtrees hold most of the text (a lazy
   product block), the look is made again with hidden elements shown; a small container climbs;
   a miss tries the fallbacks (rules/rescue.py, listings.py, letter_index.py, shells.py).
4. Widen: siblings of the container join when they score well, are prose, or the classifier is
   sure of them; listings around it join.
5. Spare, clean, trim: inside the selection, boilerplate-marked subtrees, link lists, small
   forms and hidden elements go (cleaning.py) unless a rule spares them; then the rules that
   trim what cleaning cannot see (furniture, other things' sections, copies, labels).
6. Finish: lazy images loaded, the selection with its reason.

Content a page streams in hidden chunks (React's ``<div hidden id="S:0">``) is already in
place: the parser reassembles it (filters/streaming.py).
"""
from __future__ import annotations

from ... import dom, regex
from ...context import PageContext
from ..base import ContentAlgorithm, Selection, register
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
        state = PageState(options=self.options, forum_urls=self._forum_urls, name=self.name, doc=doc, body=dom.body_of(doc), ctx=ctx)
        phases.run(state)
        return state.selection
