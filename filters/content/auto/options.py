"""``auto``'s options (``content.auto`` in the config): the weights and bounds of its scoring and cleaning."""
from __future__ import annotations

from dataclasses import dataclass, fields, replace

from ... import regex
from ...typed import field


# The options measured in characters: on a page in a denser script they are divided by the page's
# script factor (textstats.script_factor), so each means the same amount of text in every script.
CHARACTER_OPTIONS = ("min_container_chars", "link_cost", "block_cost", "prose_min_chars", "boilerplate_cap",
                     "record_cost", "record_min_link_chars", "sibling_prose_chars", "link_list_max_text",
                     "article_prose_chars", "form_max_chars")


@dataclass(frozen=True)
class AutoOptions:
    link_weight: float = field(doc="a link is worth weight x its characters - link_cost: long links (titles) count, short ones (menus) cost", min=0.0, max=5.0)
    link_cost: float = field(doc="what every link costs, in characters", min=0.0, max=500.0)
    block_cost: float = field(doc="characters every text block costs (menus are many tiny blocks)", min=0.0, max=500.0)
    prose_bonus: float = field(doc="extra value per character of a block with sentence punctuation", min=0.0, max=5.0)
    prose_min_chars: int = field(doc="a block needs this many characters to count as prose", min=0)
    boilerplate_weight: float = field(doc="a boilerplate-marked subtree counts as -weight x its value ...", min=0.0, max=10.0)
    boilerplate_cap: float = field(doc="... at most this much (markup can be wrong; cleaning removes what it marks)", min=0.0)
    container_bonus: float = field(doc="score bonus (fraction) for article/main/role=main/articleBody", min=0.0, max=2.0)
    kept_weight: float = field(doc="container score: 0 = marked boilerplate counts against it, 1 = only what cleaning keeps counts; between: a blend", min=0.0, max=1.0)
    record_min_items: int = field(doc="children sharing tag and class, at least this many, are records (a listing, a grid, posts)", min=2)
    record_weight: float = field(doc="a record is worth at least weight x its characters - record_cost", min=0.0, max=5.0)
    record_cost: float = field(doc="see record_weight", min=0.0, max=500.0)
    record_min_text_share: float = field(doc="records need this share of text outside links ...", min=0.0, max=1.0)
    record_min_link_chars: float = field(doc="... or links this long on average (titles, not menu entries)", min=0.0)
    sibling_share: float = field(doc="a sibling of the container scoring this share of its score joins the selection", min=0.0, max=1.0)
    sibling_prose_chars: int = field(doc="... as does a sibling with this much prose ...", min=0)
    sibling_max_link_density: float = field(doc="... and less link text than this", min=0.0, max=1.0)
    forum_share: float = field(doc="on a discussion page, comment-marked blocks are the content when they hold this share of the text", min=0.0, max=1.0)
    forum_urls: str = field(doc="regex: a page whose URL matches is a discussion, its comments are the content", check=regex.check_pattern)
    link_list_density: float = field(doc="inside the content, a block with more link text than this is a link list", min=0.0, max=1.0)
    link_list_min_links: int = field(doc="... when it has at least this many links", min=1)
    link_list_max_text: int = field(doc="... and at most this many characters outside links", min=0)
    article_prose_chars: int = field(doc="content with this much prose is an article: link lists inside go even when they score", min=0)
    form_max_chars: int = field(doc="a form with controls and less text than this is removed", min=0)
    boilerplate_max_share: float = field(doc="a boilerplate-marked block is kept when it holds more than this share of the content", min=0.0, max=1.0)
    classifier: bool = field(doc="the learned block classifier (filters/learn) has a say on the container and on which of its siblings join")
    classifier_join: float = field(doc="a scoring sibling the classifier gives at least this p(content) joins ...", min=0.0, max=1.0)
    classifier_stay: float = field(doc="... and one it gives less than this stays out, whatever its score", min=0.0, max=1.0)
    classifier_container: float = field(doc="a candidate container's score x (1 + this x (2p - 1)), p its p(content)", min=0.0, max=1.0)
    classifier_prune: float = field(doc="a block inside the content that the pruning model gives less than this p(content) goes (0: off)", min=0.0, max=1.0)
    min_container_chars: int = field(doc="a best container with fewer characters than this is a miss: no selection (the fallback, or the whole page)", min=0)

    def for_script(self, factor: float) -> AutoOptions:
        """These options for a page whose text is ``factor`` times as dense as Latin text: every
        character threshold and cost divided by ``factor`` (factor 1: these options, unchanged)."""
        if factor == 1.0:
            return self
        kinds = {f.name: f.type for f in fields(self)}
        scaled = {}
        for name in CHARACTER_OPTIONS:
            value = getattr(self, name) / factor
            scaled[name] = round(value) if kinds[name] in (int, "int") else value
        return replace(self, **scaled)
