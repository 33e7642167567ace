"""The ``auto`` content selection: the best-scoring subtree, cleaned of the boilerplate inside it.

1. Features (features.py): every text block's characters, link characters, punctuation.
2. Block value: a block's non-link characters (worth more in prose with punctuation), minus
   its link characters, minus a fixed cost per block (menus are many tiny blocks).
3. Subtree score: the sum of its blocks' values, bottom-up; a subtree whose markup says
   boilerplate (nav, footer, class="share", role=navigation ...) counts against its
   ancestors with its positive value turned negative.
4. The container: the element with the best score (semantic containers get a bonus, and the
   learned block classifier's p(content) moves a candidate's score by at most
   ``classifier_container``). Repeated siblings (records: a listing, product tiles with their
   pictures, posts) are worth at least their text. A best container under
   ``min_container_chars`` is a miss: no selection. When next to nothing is visible and the
   hidden subtrees hold most of the text (a lazy product block), the choice is made again with
   hidden elements shown. Hidden tab panels and accordion panes count as visible throughout.
5. Siblings of the container join when they score well, are prose, or the classifier is sure
   of them (``classifier_join``); one it rules out (``classifier_stay``) stays out.
6. Cleaning: inside the selection, boilerplate-marked subtrees (customer reviews among them),
   link lists, small forms and hidden elements are removed (their links go to the
   removed-links list).

Content a page streams in hidden chunks (React's ``<div hidden id="S:0">``) is already in
place: the parser reassembles it (filters/streaming.py).
"""
from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from lxml import etree

from .. import dom, regex
from ..context import PageContext
from ..typed import field
from . import features as feat
from . import hints
from . import discussion as discussion_rules
from . import product
from . import footers
from . import collections as collection_rules
from . import rescue
from . import accordions
from . import landmarks
from . import listings
from . import listing_recall
from . import sections
from . import shells
from . import listing_trim
from . import page_heading
from . import letter_index
from . import filler
from . import embed_codes
from . import data_tables
from . import marked_prose
from . import screen_copies
from . import quotes
from . import code_listings
from . import entry_cards
from .consent import remove_consent_dialogs
from ..learn import classifier
from .base import ContentAlgorithm, Selection, register


# Queries compiled once: a string given to ``.xpath()`` is compiled, with a new evaluator, at
# every call (0.1-0.2 ms each on a page).
_ITEMTYPES = etree.XPath("//@itemtype", smart_strings=False)  # (values only: their text is searched)
_BUTTONS = etree.XPath(".//button")
_LAZY_IMAGE_ELEMENTS = etree.XPath("descendant-or-self::img | descendant::source")
# Microdata types of discussion pages (JSON-LD is gone with the scripts by the time we run).
_DISCUSSION_TYPES = re.compile(r"schema\.org/(DiscussionForumPosting|QAPage|Question|Answer|Comment)\b", re.IGNORECASE)


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
    min_container_chars: int = field(doc="a best container with fewer characters than this is a miss: no selection (the fallback, or the whole page)", min=0)


@dataclass(frozen=True, slots=True)
class _Choice:
    """One look at the page: its features, hints, scores, whether comments count, the best
    container (None when nothing scores) and the classifier's p(content) per scoring block."""

    f: feat.Features
    kinds: list[int]
    scores: list[float]
    forum: bool
    best: int | None
    probability: dict[int, float]
    groups: list[list[int]]  # the records' groups (element numbers)

    @property
    def best_chars(self) -> int:
        return self.f.chars[self.best] if self.best is not None else 0


@register
class Auto(ContentAlgorithm):
    name = "auto"
    Options = AutoOptions

    def __init__(self, options: AutoOptions, env):
        super().__init__(options, env)
        self._forum_urls = regex.compile_pattern("(?i)" + options.forum_urls)  # RE2: config regexes never backtrack

    def select(self, doc, ctx: PageContext) -> Selection | None:
        body = dom.body_of(doc)
        _unwrap_swallowing_buttons(body, ctx)
        remove_consent_dialogs(body, ctx)  # (consent.py: a preference centre can outweigh a short page)
        sections.remove_modal_dialogs(body, ctx)
        discussion = self._is_discussion(doc, ctx)
        choice = self._choose(body, discussion, hidden_shown=False)
        if choice is None:
            return None
        if choice.best_chars < HIDDEN_RETRY_CHARS and _hidden_chars(choice.f) > choice.f.chars[0]:
            # Next to nothing visible and most of the text hidden: scripts would show it (a lazy
            # product block, a password gate's wrapper); reader mode shows it instead.
            retry = self._choose(body, discussion, hidden_shown=True)
            if retry is not None and retry.best_chars >= max(HIDDEN_RETRY_CHARS, choice.best_chars):
                choice = retry
        if choice.best is not None and choice.best_chars < self.options.min_container_chars:
            choice = _climbed(choice, self.options.min_container_chars)
        if choice.best is None or choice.best_chars < self.options.min_container_chars:
            best = rescue.rescued_container(choice.f, choice.scores, self.options.min_container_chars)  # (rescue.py)
            if best is None:  # (listings.py: a page that is nothing but a listing of links)
                best = listings.listing_container(choice.f, choice.groups, self.options.min_container_chars)
            if best is None:  # (letter_index.py: an A-Z index of links under letter labels)
                best = letter_index.index_container(choice.f, choice.kinds, self.options.min_container_chars)
            if best is None:
                if shells.only_chrome(choice.f, self.options.min_container_chars, _hidden_chars(choice.f)):  # (shells.py: an app shell)
                    return Selection((), 0.0, "no content: the page's visible text is its header, navigation and footer", self.name)
                return None
            choice = dataclasses.replace(choice, best=best)
        f, kinds, scores, forum, best, probability = (
            choice.f, choice.kinds, choice.scores, choice.forum, choice.best, choice.probability)
        seo = None  # (collections.py: a grid of tiles, not the text for search engines beside it)
        if not forum:
            best = listing_recall.around_entries(f, kinds, best)  # (listing_recall.py: one of a listing's <article> entries)
            best, seo = collection_rules.grid_over_seo_text(f, kinds, scores, best, choice.groups)
            best = product.with_product_title(f, kinds, best, ctx)  # (product.py: the name beside a description)
        parent = f.parent[best]
        if parent >= 0:  # the siblings' p(content), for those that score (as the container's candidates)
            probability.update(self._probabilities(f, kinds, [j for j in f.children(parent) if scores[j] > 0 and j not in probability]))
        nodes = self._with_siblings(f, kinds, scores, best, forum, probability)
        if not forum and self._prose_chars(f, nodes) < self.options.article_prose_chars:
            nodes = listings.with_listing_beside(f, kinds, scores, nodes, choice.groups)  # (listings.py: an intro beside its listing)
            nodes = listing_recall.with_twin_blocks(f, kinds, nodes, best)  # (listing_recall.py: a listing's second block, its twin)
            nodes = listing_recall.with_alike_entries(f, kinds, nodes, choice.groups)  # (listing_recall.py: featured entries built alike)
            if not discussion:
                nodes = page_heading.with_page_heading(f, nodes, self.options.prose_min_chars)  # (page_heading.py: the page's <h1> above a grid)
        if seo is not None:  # (the text the grid won over does not come back beside it)
            nodes = collection_rules.outside(f, nodes, seo)
        if not forum:
            collection_rules.unmark_tile_parts(f, kinds, nodes, choice.groups)  # (collections.py: a tile's "price-tag")
            product.unmark_prose_slides(f, kinds, nodes, self.options.prose_min_chars)  # (product.py: feature slides)
        removed = self._clean(f, kinds, scores, nodes, forum, ctx, choice.groups, discussion)
        selected = [f.elements[i] for i in nodes]
        if discussion or forum or discussion_rules.has_poster_stats(selected):  # signatures and poster stats under every post, the other threads listed (discussion.py)
            removed += discussion_rules.remove_post_furniture(selected, ctx)
            if discussion or forum:  # (quotes.py: a reply's quote of an earlier post)
                removed += quotes.remove_post_repeats(f, nodes, ctx)
            removed += sections.remove_elsewhere_sections(f, nodes, ctx, also=discussion_rules.OTHER_THREADS_HEADING)
        if not forum:
            removed += sections.remove_elsewhere_sections(f, nodes, ctx, also=product.OTHER_ITEMS_HEADING)  # (product.py: shops' words)
            removed += product.remove_pseudo_headed_sections(f, nodes, ctx)
        removed += product.remove_repeated_blocks(f, nodes, ctx)  # (product.py: copies of one text)
        removed += screen_copies.remove_sibling_copies(f, nodes, ctx)  # (screen_copies.py: a block built twice, side by side)
        removed += footers.remove_site_footers(f, nodes, ctx)  # (footers.py: the page's footer landmark)
        removed += footers.remove_proseless_footers(f, nodes, ctx, self.options.prose_min_chars)  # (footers.py: a footer of names, bigger than the text)
        removed += product.remove_action_labels(f, nodes, ctx)  # (product.py: "Quick view", "Learn more")
        if not forum and not discussion:
            removed += listing_trim.remove_entry_labels(f, nodes, choice.groups, ctx)  # (listing_trim.py: "Apply now" in every entry)
            removed += listing_trim.remove_entry_copies(f, nodes, choice.groups, ctx)  # (listing_trim.py: an entry's title twice)
            removed += listing_trim.remove_entry_meta(f, nodes, choice.groups, ctx)  # (listing_trim.py: "Feb 9, 2026", "84 reactions")
        removed += filler.remove_filler_blocks(f, nodes, ctx)  # (filler.py: "word word word ..." a script measured with)
        removed += embed_codes.remove_embed_codes(f, nodes, ctx)  # (embed_codes.py: a player's <iframe> code to copy)
        removed += collection_rules.remove_untabbed_repeat_links(f, nodes, ctx)  # (collections.py: a tile's second link)
        removed += collection_rules.remove_facet_panels(f, nodes, ctx)  # (collections.py: price/brand filters)
        removed += accordions.open_accordions([f.elements[i] for i in nodes], ctx)  # (accordions.py: closed panes, question buttons)
        for i in nodes:
            load_lazy_images(f.elements[i])
        reason = f"{dom.describe(f.elements[best])} scored {scores[best]:.0f}"
        if len(nodes) > 1:
            reason += f", with {len(nodes) - 1} sibling blocks"
        if forum:
            reason += " (comments counted as content)"
        if removed:
            reason += f"; {removed} boilerplate blocks removed inside"
        return Selection(tuple(f.elements[i] for i in nodes), float(scores[best]), reason, self.name)

    def _choose(self, body, discussion: bool, *, hidden_shown: bool) -> _Choice | None:
        """Features, hints, scores, the forum flag and the best container (None: no elements)."""
        f = feat.compute(body, hidden_shown=hidden_shown)
        if not len(f):
            return None
        kinds = hints.kinds(f)
        code_listings.unmark_code(f, kinds)  # (code_listings.py: a highlighter's "token tag" is no markup hint)
        accordions.unmark_accordion_items(f, kinds)  # (accordions.py: an FAQ's questions and answers are content)
        landmarks.unmark_main_wrappers(f, kinds, self.options.boilerplate_max_share * f.chars[0])  # (landmarks.py: "content-sidebar-wrap" around <main>)
        records = self._records(f)
        _unmark_records(f, kinds, records[2], self.options.boilerplate_max_share * f.chars[0])
        sections.unmark_shared_mark_sections(f, kinds)  # (sections.py: tab panes' hook word)
        for i, kind in enumerate(kinds):
            # A long "section-with-header" is a section, not a header (a header holds little text).
            if kind == hints.BOILERPLATE and f.chars[i] >= HEADER_MAX_CHARS and f.tags[i] not in _HEADER_TAGS and hints.compound_header_only(f.elements[i]):
                kinds[i] = hints.NEUTRAL
        scores, raw = self._scores(f, kinds, records, comments_count=False)
        comments = _outermost_value(f, kinds, raw, hints.COMMENTS)
        if not discussion and raw[0] - comments < SHORT_STORY_VALUE:  # (discussion.py: a story that is there for its comments)
            discussion = discussion_rules.has_comment_tree(f.elements, kinds, hints.COMMENTS)
        forum = discussion and comments > 0 and comments >= self.options.forum_share * raw[0]  # (a body worth less than nothing is no thread by that)
        if forum:
            scores, raw = self._scores(f, kinds, records, comments_count=True)
        probability: dict[int, float] = {}
        return _Choice(f, kinds, scores, forum, self._container(f, kinds, scores, forum, probability), probability, records[2])

    # ------------------------------------------------------------------ scoring

    def block_value(self, f: feat.Features, i: int) -> float:
        chars = f.blk_chars[i]
        if not chars:
            return 0.0
        o = self.options
        text = chars - f.blk_link[i]
        value = text - o.block_cost
        if f.blk_punct[i] and text >= o.prose_min_chars:
            value += o.prose_bonus * text
        return value

    def _scores(self, f: feat.Features, kinds: list[int], records, *, comments_count: bool):
        """Subtree scores (hint-adjusted) and raw sums (hints ignored)."""
        n = len(f)
        o = self.options
        raw = self._own_values(f)
        records, floors, _ = records
        scores = raw[:]
        kept = raw[:]
        weight = self.options.boilerplate_weight
        cap = self.options.boilerplate_cap
        # A marked element holding most of the page is a wrapper ("elementor-widget", "off-canvas-wrap").
        wrapper_chars = self.options.boilerplate_max_share * f.chars[0]
        parent, chars, links, tags = f.parent, f.chars, f.links, f.tags
        # Only a link list (this many links) or a form can be removable without a mark.
        min_links = o.link_list_min_links
        record_weight, record_cost = o.record_weight, o.record_cost
        boilerplate, comments = hints.BOILERPLATE, hints.COMMENTS
        floored = records | floors.keys()  # (one set test per element instead of two)
        for i in range(n - 1, -1, -1):
            kind = kinds[i]
            if i in floored:
                floor = record_weight * chars[i] - record_cost
                if i in floors:
                    floor = max(floor, floors[i])
                if raw[i] < floor:
                    scores[i] += floor - raw[i]
                    raw[i] = floor
                kept[i] = max(kept[i], floor)
            s = scores[i]
            marked = (kind == boilerplate or (kind == comments and not comments_count)) and chars[i] <= wrapper_chars
            if marked:
                if s > 0:
                    s = -weight * min(s, cap)
                scores[i] = s
            p = parent[i]
            if p >= 0:
                scores[p] += s
                raw[p] += raw[i]
                if not marked and ((links[i] < min_links and tags[i] != "form") or not self._removable(f, kinds, i, s, comments_count, wrapper_chars)):
                    kept[p] += kept[i]
        w = o.kept_weight
        if w:
            scores = [(1.0 - w) * a + w * b for a, b in zip(scores, kept)]
        return scores, raw

    def _own_values(self, f: feat.Features) -> list[float]:
        """Each element's own value: ``block_value`` for a block (0.0 for an inline element), plus
        ``link_weight`` x its characters - ``link_cost`` for a link; one pass with the options read
        once (the same sums, in the same order, as a ``block_value`` call per element)."""
        o = self.options
        block_cost, prose_bonus, prose_min_chars = o.block_cost, o.prose_bonus, o.prose_min_chars
        link_weight, link_cost = o.link_weight, o.link_cost
        values: list[float] = []
        append = values.append
        for is_block, chars, link, punct, is_link, total in zip(f.is_block, f.blk_chars, f.blk_link, f.blk_punct, f.is_link, f.chars):
            value = 0.0
            if is_block and chars:
                text = chars - link
                value = text - block_cost
                if punct and text >= prose_min_chars:
                    value += prose_bonus * text
            if is_link:
                value += link_weight * total - link_cost
            append(value)
        return values

    def _removable(self, f: feat.Features, kinds: list[int], i: int, score: float, forum: bool, wrapper_chars: float) -> bool:
        """What cleaning will remove whatever the container (so it should not weigh on the choice)."""
        o = self.options
        kind = kinds[i]
        if (kind == hints.BOILERPLATE or (kind == hints.COMMENTS and not forum)) and f.chars[i] <= wrapper_chars:
            return True
        if f.links[i] >= o.link_list_min_links and f.tags[i] in _LIST_CONTAINERS and score <= 0:
            if f.link_density(i) > o.link_list_density and f.chars[i] - f.link_chars[i] <= o.link_list_max_text:
                return True
        return f.tags[i] == "form" and f.controls[i] > 0 and f.chars[i] < o.form_max_chars

    def _is_discussion(self, doc, ctx: PageContext) -> bool:
        """A forum thread or Q&A page (by URL or microdata): its comments are what the page is for."""
        if ctx.url and self._forum_urls.search(ctx.url):
            return True
        return any(_DISCUSSION_TYPES.search(t) for t in _ITEMTYPES(doc))

    def _records(self, f: feat.Features) -> tuple[set[int], dict[int, float], list[list[int]]]:
        """Repeated siblings (same tag and class: list items, tiles, posts, table rows) and their parents.

        Returns the record elements, per parent of a record group the floor of its value
        (a listing is worth its text even when every item is mostly a link) and the groups. Menus repeat too;
        a group whose items are short links with next to no other text is not records.
        """
        o = self.options
        chars_of, tags, parent_of, classes = f.chars, f.tags, f.parent, f.classes
        items = [i for i in range(1, len(f)) if chars_of[i] and tags[i] not in _CELL_TAGS]
        items_of: dict[int, int] = {}
        for i in items:
            p = parent_of[i]
            items_of[p] = items_of.get(p, 0) + 1
        # Only parents with enough items can hold a group (the class is read for their items alone).
        minimum = o.record_min_items
        groups: dict[tuple[int, str, str], list[int]] = {}
        for i in items:
            p = parent_of[i]
            if items_of[p] >= minimum:
                groups.setdefault((p, tags[i], classes[i] or ""), []).append(i)
        sections.regroup_unique_items(groups, minimum)
        records: set[int] = set()
        floors: dict[int, float] = {}
        found: list[list[int]] = []
        for (parent, tag, _), members in groups.items():
            if len(members) < o.record_min_items or tag == "a":
                continue  # (bare links one after another are a link list: listings wrap their items)
            chars = sum(f.chars[i] for i in members)
            link = sum(f.link_chars[i] for i in members)
            links = sum(f.links[i] for i in members)
            cards = sum(1 for i in members if f.images[i]) >= CARD_IMAGE_SHARE * len(members)
            if chars - link < o.record_min_text_share * chars and links and link / links < o.record_min_link_chars and not cards:
                continue  # a menu (product tiles, each with its picture, are records however short their links)
            if max(f.chars[i] for i in members) > RECORD_MAX_SHARE * chars:
                continue  # one member holds the text: a layout (columns, rows of a page table), not a listing
            records.update(members)
            found.append(members)
            floor = o.record_weight * f.chars[parent] - o.record_cost * items_of[parent]
            floors[parent] = max(floors.get(parent, floor), floor)
        return records, floors, found

    def _container(self, f: feat.Features, kinds: list[int], scores: list[float], forum: bool, probability: dict[int, float]) -> int | None:
        """The best candidate container; fills ``probability`` with the p(content) of the candidates that could win.

        p moves a candidate's value by at most a factor 1 +- ``classifier_container``, so one whose
        highest possible value is below another's lowest cannot win and the classifier is not asked
        about it (the model costs per block); the winner is the one asking about every block gives.
        """
        weight = self.options.classifier_container
        candidates = self._candidates(f, kinds, scores, forum)
        if candidates:
            floor = max(s for _, s in candidates) * (1.0 - weight) * (1.0 - BOUND_SLACK)
            probability.update(self._probabilities(f, kinds, [i for i, s in candidates if s * (1.0 + weight) >= floor]))
        best, best_value = None, 0.0
        for i, s in candidates:
            p = probability.get(i)
            if p is not None:
                s *= 1.0 + weight * (2.0 * p - 1.0)
            if s > best_value:
                best, best_value = i, s
        return best

    def _candidates(self, f: feat.Features, kinds: list[int], scores: list[float], forum: bool) -> list[tuple[int, float]]:
        """(element number, score with the container bonus) of every element that may be the
        container: scoring above zero, outside boilerplate-marked subtrees, in document order."""
        bonus = self.options.container_bonus
        wrapper_chars = self.options.boilerplate_max_share * f.chars[0]
        out = []
        excluded_until = -1  # inside a boilerplate-marked subtree up to this element number
        for i in range(len(f)):
            if i < excluded_until:
                continue
            kind = kinds[i]
            if (kind == hints.BOILERPLATE or (kind == hints.COMMENTS and not forum)) and f.chars[i] <= wrapper_chars:
                excluded_until = i + f.count[i]
                continue
            s = scores[i]
            if s <= 0:
                continue
            if kind == hints.CONTENT:
                s *= 1.0 + bonus
            out.append((i, s))
        return out

    # ------------------------------------------------------------------ cleaning

    def _probabilities(self, f: feat.Features, kinds: list[int], asked: list[int]) -> dict[int, float]:
        """The block classifier's p(content) of the blocks among element numbers ``asked`` (empty:
        switched off, no model, or none asked). Callers ask only about scoring elements whose p
        can change a decision: the container's candidates and its siblings."""
        if not self.options.classifier or not asked:
            return {}
        model = classifier.shipped()
        if model is None:
            return {}
        return model.probabilities(f, kinds, blocks=asked)

    def _with_siblings(self, f: feat.Features, kinds: list[int], scores: list[float], best: int, forum: bool, probability: dict[int, float]) -> list[int]:
        """The container and those of its siblings that are content too, in document order.

        A link block or an ad between two halves of an article makes their parent score lower
        than the bigger half; the other half still scores well on its own and joins here.
        """
        parent = f.parent[best]
        if parent < 0:
            return [best]
        o = self.options
        threshold = o.sibling_share * scores[best]
        nodes = []
        for j in f.children(parent):
            if j == best:
                nodes.append(j)
                continue
            kind = kinds[j]
            if kind == hints.BOILERPLATE or (kind == hints.COMMENTS and not forum):
                continue
            prose = f.chars[j] >= o.sibling_prose_chars and f.punct[j] and f.link_density(j) < o.sibling_max_link_density
            p = probability.get(j)
            if p is not None and p < o.classifier_stay:
                continue
            if scores[j] > 0 and (scores[j] >= threshold or prose or (p is not None and p >= o.classifier_join)):
                nodes.append(j)
        return nodes

    def _clean(self, f: feat.Features, kinds: list[int], scores: list[float], nodes: list[int], forum: bool, ctx: PageContext,
               groups: list[list[int]] = (), discussion: bool = False) -> int:
        content_chars = max(sum(f.chars[i] for i in nodes), 1)
        # With this much prose the content is an article: its link lists are navigation even
        # when their titles are long (archives, tables of contents, related posts).
        prose = all_prose = self._prose_chars(f, nodes)
        if prose >= self.options.article_prose_chars and not forum:  # (listings.py: teasers are a listing's prose, not an article's)
            prose -= self._prose_chars(f, listings.teaser_entries(f, nodes, groups, self.options.prose_min_chars))
        article = prose >= self.options.article_prose_chars
        spared = set() if article else listings.spared_records(f, kinds, nodes, self.options.record_min_items)  # (listings.py: a listing's entries are not link lists)
        if not article and not forum:
            spared |= listings.entry_headers(f, kinds, nodes, groups)  # (listings.py: every entry's title part)
            spared |= listings.marked_titles(f, kinds, nodes, groups)  # (listings.py: a sponsored entry's title)
            spared |= entry_cards.marked_cards(f, kinds, nodes, groups, ctx)  # (entry_cards.py: a listing's entries drawn as "PagePromo" cards)
            spared |= letter_index.index_entries(f, kinds, nodes)  # (letter_index.py: an A-Z index's entries)
            if not discussion and all_prose < self.options.article_prose_chars:  # (listing_recall.py: a listing in several groups; not a thread's posts, not an article's teasers)
                spared |= listing_recall.spared_group_entries(f, kinds, nodes, groups, self.options.boilerplate_max_share)
                spared |= listing_recall.spared_twins(f, kinds, nodes)
        if not forum:
            spared |= collection_rules.shop_grid_wrappers(f, nodes, groups)  # (collections.py: a grid of names and prices)
            spared |= listings.entry_summaries(f, kinds, nodes, groups, self.options.record_min_items)  # (listings.py: a tile's marked summary sentence)
        spared |= data_tables.data_cells(f, kinds, nodes, self.options.link_list_min_links)  # (data_tables.py: a data table's cells of linked names)
        spared |= marked_prose.prose_holders(f, kinds, nodes, self.options.prose_min_chars, self.options.boilerplate_max_share)  # (marked_prose.py: a marked block holding most of the prose)
        doomed: list[tuple[int, str]] = []
        kept: set[int] = set()
        for root in nodes:
            end = root + f.count[root]
            i = root + 1
            while i < end:
                why = "" if i in spared else self._boilerplate_reason(f, kinds, scores, i, forum, content_chars, article)
                if why:
                    doomed.append((i, why))
                    i += f.count[i]  # skip the subtree
                elif f.tags[i] in code_listings.CODE_TAGS:  # (code_listings.py: a listing is kept or cut whole)
                    kept.update(range(i, i + f.count[i]))
                    i += f.count[i]
                else:
                    kept.add(i)
                    i += 1
            kept.add(root)
        hidden = [el for p, el in f.hidden if p in kept]
        if not doomed and not hidden:
            return 0
        if sum(f.chars[i] for i, _ in doomed) > CLEAN_MAX_SHARE * content_chars:
            # Cleaning would leave next to nothing: the markup words misled it (a page built of
            # "promo" blocks); the container as it is beats an empty page.
            doomed = []
        report = ctx.new_report("auto")
        for i, why in doomed:
            ctx.kill(f.elements[i], report, why)
        for el in hidden:
            ctx.kill(el, report, "hidden")
        return len(doomed) + len(hidden)

    def _prose_chars(self, f: feat.Features, nodes: list[int]) -> int:
        """Characters outside links in the prose blocks (with punctuation, long enough) of ``nodes``."""
        return f.prose_chars(nodes, self.options.prose_min_chars)

    def _boilerplate_reason(self, f: feat.Features, kinds: list[int], scores: list[float], i: int, forum: bool, content_chars: int, article: bool) -> str:
        o = self.options
        kind = kinds[i] if f.chars[i] else _textless_kind(f, i)
        if kind == hints.BOILERPLATE or (kind == hints.COMMENTS and not forum):
            if f.chars[i] <= o.boilerplate_max_share * content_chars:
                return f"marked as boilerplate ({dom.describe(f.elements[i])})"
        # A link list scoring above zero is records (a listing's titles), not navigation.
        if f.links[i] >= o.link_list_min_links and f.tags[i] in _LIST_CONTAINERS and (article or scores[i] <= 0):
            text = f.chars[i] - f.link_chars[i]
            if f.link_density(i) > o.link_list_density and text <= o.link_list_max_text:
                return f"link list: {f.links[i]} links, {f.link_density(i):.0%} link text"
        if f.tags[i] == "form" and f.controls[i] and f.chars[i] < o.form_max_chars:
            return "form"
        return ""


# An element marked only by a compound "...-header" name holding this many characters is a
# section with a heading, not a header.
HEADER_MAX_CHARS = 500
_HEADER_TAGS = frozenset({"header", "nav", "aside", "footer"})

# Relative margin on the bounds that decide which candidates the classifier is asked about, so
# float rounding can never leave out one that could win.
BOUND_SLACK = 1e-9

# Cleaning that would remove more than this share of the selection's text is not done.
CLEAN_MAX_SHARE = 0.85

# Table cells side by side are columns of one row, not repeated items.
_CELL_TAGS = frozenset({"td", "th"})
# Repeated siblings this share of which hold an image are cards (product tiles), not a menu.
CARD_IMAGE_SHARE = 0.8
# In a listing no item holds more than this share of the group's text.
RECORD_MAX_SHARE = 0.6

_LIST_CONTAINERS = frozenset({"ul", "ol", "dl", "div", "nav", "section", "table", "p", "menu", "aside", "footer", "header", "span", "td"})


# A container with fewer characters than this, on a page whose hidden text outweighs its
# visible text, sends auto back to look with the hidden elements shown.
HIDDEN_RETRY_CHARS = 200
# A page with a comment tree and less value than this outside it (a link post, a story of a
# short paragraph or two) is there for its comments; a longer article's comments are not its content.
SHORT_STORY_VALUE = 2000.0


def _unmark_records(f: feat.Features, kinds: list[int], groups: list[list[int]], wrapper_chars: float) -> None:
    """Records holding most of the page are its content whatever their class says: a
    boilerplate mark repeated on every item ("card sticky-action", "promo-tile") is a style.

    Clears the boilerplate mark of such a group's items and of the wrappers inside an item
    that hold most of its text (``kinds`` is changed in place).
    """
    for members in groups:
        chars = sum(f.chars[i] for i in members)
        if chars <= wrapper_chars or sum(f.link_chars[i] for i in members) > RECORD_UNMARK_MAX_LINK_DENSITY * chars:
            continue  # (a mega menu is records of links)
        if f.under_kind(kinds, f.parent[members[0]], hints.MARKED):
            continue
        for m in members:
            minimum = RECORD_WRAPPER_SHARE * f.chars[m]
            i = m
            while True:
                if kinds[i] == hints.BOILERPLATE and hints.weak_boilerplate(f.elements[i], f.tags[i]):
                    kinds[i] = hints.NEUTRAL
                inner = [j for j in f.children(i) if f.chars[j] >= minimum]
                if len(inner) != 1:
                    break
                i = inner[0]


# Inside a record, an element with this share of its text is a wrapper of the whole item.
RECORD_WRAPPER_SHARE = 0.8
# Records with more link text than this share keep their marks (menus).
RECORD_UNMARK_MAX_LINK_DENSITY = 0.5


def _textless_kind(f: feat.Features, i: int) -> int:
    """The hint of an element whose text the features do not count (all of it inside a
    ``<button>``, an accordion's question): read from its markup, with accordion and FAQ parts
    left neutral as when they hold counted text (accordions.py)."""
    kind = hints.hint_at(f, i)
    if kind == hints.BOILERPLATE and accordions.is_accordion_part_at(f, i):
        return hints.NEUTRAL
    return kind


def _climbed(choice: _Choice, min_chars: int) -> _Choice:
    """A best container too small to stand alone grows to its nearest ancestor with enough
    text, while that ancestor is still a small, mostly unlinked part of the page (a product's
    title, price and specs are short blocks side by side; their column is the content)."""
    f = choice.f
    limit = CLIMB_MAX_SHARE * f.chars[0]
    density = max(CLIMB_MAX_LINK_DENSITY, f.link_density(choice.best))  # (product tiles are all links)
    i = f.parent[choice.best]
    while i > 0 and f.chars[i] <= limit and f.link_density(i) <= density:
        if choice.kinds[i] == hints.BOILERPLATE:
            break
        if f.chars[i] >= min_chars:
            return dataclasses.replace(choice, best=i)
        i = f.parent[i]
    return choice


# A small best container climbs to an ancestor holding at most this share of the page's text ...
CLIMB_MAX_SHARE = 0.5
# ... and at most this share of link text (or the container's own share).
CLIMB_MAX_LINK_DENSITY = 0.5


def _hidden_chars(f: feat.Features) -> int:
    """Characters inside the subtrees skipped as hidden (attribute or inline style)."""
    return sum(len(el.text_content()) for _, el in f.hidden)


def _outermost_value(f: feat.Features, kinds: list[int], raw: list[float], kind: int) -> float:
    """The positive value held in the outermost elements of one hint kind."""
    total = 0.0
    i, n = 0, len(f)
    while i < n:
        if kinds[i] == kind:
            total += max(raw[i], 0.0)
            i += f.count[i]
        else:
            i += 1
    return total


def _unwrap_swallowing_buttons(body, ctx: PageContext) -> None:
    """Unwrap <button>s that hold page text: libxml2 (not an HTML5 parser) lets an unclosed
    button swallow everything after it, and buttons are not shown as text."""
    report = None
    for button in _BUTTONS(body):
        if len(dom.string_of(button)) > BUTTON_MAX_CHARS:
            report = report or ctx.new_report("auto")
            ctx.unwrap(button, report, "button holding page text (misnested markup)")


# A real button's label is short; more text than this means misnested markup.
BUTTON_MAX_CHARS = 300


# Where lazy loaders keep the real image, best first; the script that would copy it is gone.
_LAZY_SRC = ("data-src", "data-lazy-src", "data-original", "data-lazy", "data-url", "data-hi-res-src")
_LAZY_SRCSET = ("data-srcset", "data-lazy-srcset")


def load_lazy_images(root) -> None:
    """Give lazy-loaded images their real ``src``/``srcset`` (reader mode runs no scripts)."""
    for img in _LAZY_IMAGE_ELEMENTS(root):
        src = img.get("src")
        if not src or src.startswith("data:") or "placeholder" in src or "blank." in src:
            real = next((img.get(a) for a in _LAZY_SRC if img.get(a)), None)
            if real:
                img.set("src", real)
        if not img.get("srcset"):
            real = next((img.get(a) for a in _LAZY_SRCSET if img.get(a)), None)
            if real:
                img.set("srcset", real)
