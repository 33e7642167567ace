"""One page's state through ``auto``'s phases: what the rules read and write, in one object.

The state is made per page (nothing per page lives on the algorithm) and handed to every rule
of the phase table (phases.py) in turn. Its fields come in four groups: the page, one look at
it (made again with hidden elements shown when the first finds next to nothing), the
selection being built, and its cleaning. A rule sets fields with ``put`` (usable in a lambda)
or by assignment, and ends the run with ``stop``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ... import dom
from ...context import PageContext
from .. import features as feat
from ..base import Selection
from .options import AutoOptions

# The fields of one look at the page (MEASURE, MARK and SCORE set them): a second look replaces
# them all at once.
LOOK_FIELDS = ("hidden_shown", "f", "kinds", "records", "floors", "groups", "scores", "raw",
               "comments", "thread", "forum", "best", "probability")


@dataclass(slots=True, kw_only=True, eq=False)
class PageState:
    """What the rules of one page's run read and write (see the module's docstring)."""

    # The page (set before the first rule runs).
    options: AutoOptions
    forum_urls: Any  # options.forum_urls, compiled once by the algorithm
    name: str  # the algorithm's name, for the selection
    doc: Any
    body: Any
    ctx: PageContext
    discussion: bool = False  # a thread by its URL or microdata (PREPARE)

    # One look at the page (MEASURE, MARK, SCORE).
    hidden_shown: bool = False  # hidden elements count as shown
    f: feat.Features | None = None
    kinds: list[int] = field(default_factory=list)  # markup hints by element number (MARK changes them)
    records: set[int] = field(default_factory=set)  # repeated siblings: a listing's entries, tiles, posts
    floors: dict[int, float] = field(default_factory=dict)  # a record group's parent -> the least it is worth
    groups: list[list[int]] = field(default_factory=list)  # the records' groups
    scores: list[float] = field(default_factory=list)  # subtree scores, hint-adjusted
    raw: list[float] = field(default_factory=list)  # subtree values, hints ignored
    comments: float = 0.0  # the value held in the outermost comment-marked subtrees
    thread: bool = False  # a discussion, or a page with a comment tree
    forum: bool = False  # comments count as the content
    best: int | None = None  # the container
    probability: dict[int, float] = field(default_factory=dict)  # the classifier's p(content) of the blocks asked about

    # The selection (CHOOSE, WIDEN).
    fallback: int | None = None  # the container a miss's fallbacks found
    seo: int | None = None  # an SEO text block a product grid won over
    nodes: list[int] = field(default_factory=list)  # the selected blocks, in document order
    joined_prose: int = 0  # the selection's prose once the siblings joined (not on a forum)
    narrowed: bool = False  # the container narrowed to the one article the markup names (sole_article)

    # Cleaning (SPARE, CLEAN, TRIM).
    all_prose: int = 0  # the selection's prose
    prose: int = 0  # ... less a listing's teasers
    article: bool = False  # the selection is an article: its link lists are navigation
    spared: set[int] = field(default_factory=set)  # blocks cleaning keeps
    poster_stats: bool = False  # the selection holds posters' stat lines: a thread
    removed: int = 0  # blocks removed inside the selection (counted in the reason)
    kept_comments: list[int] = field(default_factory=list)  # comment threads kept after the article (content.comments: keep)
    after: list = field(default_factory=list)  # elements the selection ends with, outside the measured page (the comments' section)
    headed: list = field(default_factory=list)  # (heading, block) pairs with text under them before cleaning (orphan_headings)
    texts: feat.Texts = field(default_factory=feat.Texts)  # elements' texts read by the trimming rules, until one changes the page (phases.run)

    # The answer.
    done: bool = False
    selection: Selection | None = None

    @property
    def best_chars(self) -> int:
        """The container's characters (0 without one)."""
        return self.f.chars[self.best] if self.best is not None else 0

    def put(self, **values) -> None:
        """Set fields by name (a rule's lambda sets state with it)."""
        for name, value in values.items():
            setattr(self, name, value)

    def stop(self, selection: Selection | None) -> None:
        """End the run with ``selection`` as the answer (None: no selection)."""
        self.selection = selection
        self.done = True

    def new_look(self, *, hidden_shown: bool) -> PageState:
        """A state of the same page with no look made yet."""
        return PageState(options=self.options, forum_urls=self.forum_urls, name=self.name, doc=self.doc, body=self.body,
                         ctx=self.ctx, discussion=self.discussion, hidden_shown=hidden_shown)

    def take_look(self, other: PageState) -> None:
        """Replace this state's look at the page by ``other``'s."""
        for name in LOOK_FIELDS:
            setattr(self, name, getattr(other, name))

    def answer(self) -> Selection:
        """The selection: the selected blocks, the container's score and why."""
        f, best, nodes = self.f, self.best, self.nodes
        reason = f"{dom.describe(f.elements[best])} scored {self.scores[best]:.0f}"
        if len(nodes) > 1:
            reason += f", with {len(nodes) - 1} sibling blocks"
        if self.forum:
            reason += " (comments counted as content)"
        if self.removed:
            reason += f"; {self.removed} boilerplate blocks removed inside"
        return Selection(nodes=tuple(f.elements[i] for i in nodes) + tuple(self.after), score=float(self.scores[best]), reason=reason, algorithm=self.name)
