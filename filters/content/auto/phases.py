"""``auto``'s phase table: every rule, its phase and its condition, in the order they run.

A rule is a name, a phase, a condition (``when``; None: always) and a step (``run``) over the
page state (state.py). ``run`` returns how many blocks it removed from the selection (they are
counted in the selection's reason) or None. ``RULES`` lists them phase by phase; ``run`` goes
down the list once, and the CHOOSE rule ``retry_hidden`` runs the look's phases (MEASURE,
MARK, SCORE) again on a second look. To add a rule: write its function in a rule module
(filters/content/rules/) and add one entry here, where it must run (docs/content-rules.md).
"""
from __future__ import annotations

import enum
import time
from collections.abc import Callable
from dataclasses import dataclass

from ... import pagekind
from ...learn import classifier
from .. import hints
from ..base import Selection
from ..rules import collections as collection_rules
from ..rules import (
    accordions, article_edges, asides, buttons, code_listings, comments, consent, data_tables, discussion,
    embed_codes, entry_cards, filler, footers, headers, inner_chrome, landmarks, lazy_images, letter_index,
    listing_recall, listing_trim, listings, marked_prose, page_heading, post_chrome, product, quotes, records, rescue,
    screen_copies, sections, shells, sole_article,
)
from ..rules import builder_widgets, side_wrappers
from ..rules import article_extras
from ..rules import above_headline
from ..rules import inner_lines
from ..rules import named_lines
from ..rules import orphan_headings, section_headings
from ..rules import closing_blocks
from ..rules import document_lists
from ..rules import prose_asides
from ..rules import lead_captions
from ..rules import recipe_parts
from ..rules import link_buttons
from ..rules import after_story
from . import cleaning, scoring
from .state import PageState


class Phase(enum.IntEnum):
    PREPARE = 1  # the document before it is measured: dialogs out, misnested buttons unwrapped, a thread or not
    MEASURE = 2  # one look at the page: features, markup hints, records
    MARK = 3  # markup hints corrected where the words mislead
    SCORE = 4  # subtree scores, whether comments are the content, the best container
    CHOOSE = 5  # a second look with hidden elements shown, a small container climbing, a miss's fallbacks
    WIDEN = 6  # the container grows and its siblings join: the selection
    UNMARK = 7  # hints inside the selection corrected before cleaning
    SPARE = 8  # the blocks cleaning keeps
    CLEAN = 9  # the boilerplate inside the selection goes
    TRIM = 10  # what cleaning cannot see goes: furniture, other things' sections, copies, labels
    FINISH = 11  # lazy images loaded, the answer


# The phases of one look at the page, run again when the first look finds next to nothing.
LOOK = frozenset({Phase.MEASURE, Phase.MARK, Phase.SCORE})


@dataclass(frozen=True, slots=True)
class Rule:
    """One entry of the table: ``run`` over the page state when ``when`` holds (None: always).
    ``keeps_texts``: the rule changes the page's text only by changes it reports through the
    page context (``ctx.kill_all``, ``ctx.unwrap``), after its reads; the state's text cache
    outlives it when it reported none (every other rule empties the cache)."""

    name: str
    phase: Phase
    run: Callable[[PageState], int | None]
    when: Callable[[PageState], bool] | None = None
    keeps_texts: bool = False


PREPARE, MEASURE, MARK, SCORE, CHOOSE, WIDEN, UNMARK, SPARE, CLEAN, TRIM, FINISH = Phase


# ------------------------------------------------------------------ conditions

def not_forum(s: PageState) -> bool:
    return not s.forum


def drop_captions(s: PageState) -> bool:
    """An article (not a forum) whose captions go (content.captions: drop, the default)."""
    return s.article and not s.forum and s.ctx.captions == "drop"


def few_prose(s: PageState) -> bool:
    """Not a forum, and the selection had less than an article's prose when its siblings joined."""
    return not s.forum and s.joined_prose < s.options.article_prose_chars


def on_a_thread(s: PageState) -> bool:
    """A discussion, comments counting as the content, or posters' stat lines in the selection."""
    return s.discussion or s.forum or s.poster_stats


def not_article_nor_forum(s: PageState) -> bool:
    return not s.article and not s.forum


def uncounted(_removed: int) -> None:
    """A removal before there is a selection: not counted in its reason."""
    return None


# ------------------------------------------------------------------ steps that need more than one call

def retry_hidden(s: PageState) -> None:
    """Next to nothing visible and most of the text hidden: scripts would show it (a lazy product
    block, a password gate's wrapper); look again with hidden elements shown and keep that look
    when its container is big enough and bigger."""
    trial = s.new_look(hidden_shown=True)
    run(trial, [rule for rule in RULES if rule.phase in LOOK])
    if not trial.done and trial.best_chars >= max(scoring.HIDDEN_RETRY_CHARS, s.best_chars):
        s.take_look(trial)


def grid_over_seo(s: PageState) -> None:
    s.best, s.seo = collection_rules.grid_over_seo_text(s.f, s.kinds, s.scores, s.best, s.groups)


def app_shell_or_nothing(s: PageState) -> None:
    """No fallback found: a page of nothing but its chrome says so; any other page gets no selection."""
    if shells.only_chrome(s.f, s.options.min_container_chars, scoring.hidden_chars(s.f)):
        s.stop(Selection(nodes=(), score=0.0, reason="no content: the page's visible text is its header, navigation and footer", algorithm=s.name))
    else:
        s.stop(None)


def _no_fallback_yet(s: PageState) -> bool:
    return scoring.missed(s) and s.fallback is None


def _keep_comments(s: PageState) -> None:
    """The page's comment threads, spared by cleaning, to follow the article (FINISH)."""
    s.kept_comments = comments.threads(s.f, s.kinds, s.nodes)
    for i in s.kept_comments:
        s.spared.update(range(i, i + s.f.count[i]))


def _comments_section(s: PageState) -> None:
    """The kept comment threads moved into their labelled section after the selection's last block."""
    section = comments.labelled_section([s.f.elements[i] for i in s.kept_comments], s.f.elements[s.nodes[-1]], s.doc.get("lang"))
    if section is not None:
        s.after.append(section)


def _selected(s: PageState) -> list:
    return [s.f.elements[i] for i in s.nodes]


# ------------------------------------------------------------------ the table

RULES: tuple[Rule, ...] = (
    # PREPARE: the document before features are measured.
    Rule(name="swallowing_buttons", phase=PREPARE, run=lambda s: buttons.unwrap_swallowing_buttons(s.body, s.ctx)),
    Rule(name="consent_dialogs", phase=PREPARE, run=lambda s: uncounted(consent.remove_consent_dialogs(s.body, s.ctx))),  # (a preference centre can outweigh a short page)
    Rule(name="modal_dialogs", phase=PREPARE, run=lambda s: uncounted(sections.remove_modal_dialogs(s.body, s.ctx))),
    Rule(name="discussion", phase=PREPARE, run=lambda s: s.put(discussion=discussion.is_discussion(s.doc, s.ctx, s.forum_urls))),

    # MEASURE: one look (again, with hidden elements shown, from retry_hidden).
    Rule(name="features", phase=MEASURE, run=scoring.measure_step),
    Rule(name="hints", phase=MEASURE, run=lambda s: s.put(kinds=hints.kinds(s.f))),
    Rule(name="records", phase=MEASURE, run=scoring.records_step),

    # MARK: markup hints corrected (kinds changed in place).
    Rule(name="code_tokens", phase=MARK, run=lambda s: code_listings.unmark_code(s.f, s.kinds)),  # (a highlighter's "token tag" is no markup hint)
    Rule(name="accordion_items", phase=MARK, run=lambda s: uncounted(accordions.unmark_accordion_items(s.f, s.kinds))),  # (an FAQ's questions and answers are content)
    Rule(name="main_wrappers", phase=MARK, run=lambda s: landmarks.unmark_main_wrappers(s.f, s.kinds, s.options.boilerplate_max_share * s.f.chars[0])),  # ("content-sidebar-wrap" around <main>)
    Rule(name="marked_records", phase=MARK, run=lambda s: records.unmark_records(s.f, s.kinds, s.groups, s.options.boilerplate_max_share * s.f.chars[0])),  # ("promo-tile" on every item)
    Rule(name="shared_mark_sections", phase=MARK, run=lambda s: sections.unmark_shared_mark_sections(s.f, s.kinds)),  # (tab panes' hook word)
    Rule(name="compound_headers", phase=MARK, run=lambda s: headers.unmark_compound_headers(s.f, s.kinds)),  # ("section-with-header")
    # (issue 22 round 4 part C, container choice: a page builder's text panels named like widgets)
    Rule(name="content_widgets", phase=MARK, run=lambda s: builder_widgets.unmark_content_widgets(s.f, s.kinds)),  # ("so-panel widget widget_text" in entry-content)

    # SCORE: scores, whether the comments are the content, the container.
    Rule(name="scores", phase=SCORE, run=lambda s: scoring.scores_step(s, comments_count=False)),
    Rule(name="comment_value", phase=SCORE, run=lambda s: s.put(comments=scoring.outermost_value(s.f, s.kinds, s.raw, hints.COMMENTS), thread=s.discussion)),
    Rule(name="comment_tree", phase=SCORE, when=lambda s: not s.thread and s.raw[0] - s.comments < discussion.SHORT_STORY_VALUE,  # (a story that is there for its comments)
         run=lambda s: s.put(thread=discussion.has_comment_tree(s.f.elements, s.kinds, hints.COMMENTS))),
    Rule(name="forum", phase=SCORE, run=lambda s: s.put(forum=s.thread and s.comments > 0 and s.comments >= s.options.forum_share * s.raw[0])),  # (a body worth less than nothing is no thread by that)
    Rule(name="forum_scores", phase=SCORE, when=lambda s: s.forum, run=lambda s: scoring.scores_step(s, comments_count=True)),
    Rule(name="container", phase=SCORE, run=scoring.container_step),

    # CHOOSE: a second look, a climb, a miss's fallbacks in turn.
    Rule(name="retry_hidden", phase=CHOOSE, run=retry_hidden,
         when=lambda s: s.best_chars < scoring.HIDDEN_RETRY_CHARS and scoring.hidden_chars(s.f) > s.f.chars[0]),
    Rule(name="climb", phase=CHOOSE, when=lambda s: s.best is not None and s.best_chars < s.options.min_container_chars,
         run=lambda s: s.put(best=scoring.climbed(s.f, s.kinds, s.best, s.options.min_container_chars))),
    Rule(name="rescue", phase=CHOOSE, when=scoring.missed,  # (the best block the markup words ruled out)
         run=lambda s: s.put(fallback=rescue.rescued_container(s.f, s.scores, s.options.min_container_chars))),
    Rule(name="listing_page", phase=CHOOSE, when=_no_fallback_yet,  # (a page that is nothing but a listing of links)
         run=lambda s: s.put(fallback=listings.listing_container(s.f, s.groups, s.options.min_container_chars))),
    Rule(name="letter_index", phase=CHOOSE, when=_no_fallback_yet,  # (an A-Z index of links under letter labels)
         run=lambda s: s.put(fallback=letter_index.index_container(s.f, s.kinds, s.options.min_container_chars))),
    Rule(name="app_shell", phase=CHOOSE, when=_no_fallback_yet, run=app_shell_or_nothing),  # (shells.py: an app shell says so; ends the run)
    Rule(name="fallback", phase=CHOOSE, when=scoring.missed, run=lambda s: s.put(best=s.fallback)),
    # (issue 22 round 4 part C, container choice: a widget of a big side column is no container)
    Rule(name="side_column", phase=CHOOSE, when=not_forum,
         run=lambda s: s.put(best=side_wrappers.outside_side_column(s.f, s.kinds, s.scores, s.best, s.options.min_container_chars,
                                                                    s.options.boilerplate_max_share))),
    # (issue 22 round 3, container choice: the one article the markup names inside a bigger container)
    Rule(name="sole_article", phase=CHOOSE, when=not_forum,
         run=lambda s: s.put(best=(narrowed := sole_article.sole_article(s.f, s.kinds, s.groups, s.best, s.options.min_container_chars,
                                                                            s.options.prose_min_chars, s.options.boilerplate_max_share)),
                             narrowed=narrowed != s.best)),

    # WIDEN: the container grows, its siblings join, listings around it join.
    Rule(name="around_entries", phase=WIDEN, when=not_forum, run=lambda s: s.put(best=listing_recall.around_entries(s.f, s.kinds, s.best))),  # (one of a listing's <article> entries)
    Rule(name="grid_over_seo", phase=WIDEN, when=not_forum, run=grid_over_seo),  # (a grid of tiles, not the text for search engines beside it)
    Rule(name="product_title", phase=WIDEN, when=not_forum, run=lambda s: s.put(best=product.with_product_title(s.f, s.kinds, s.best, s.ctx))),  # (the name beside a description)
    Rule(name="sibling_probabilities", phase=WIDEN, when=lambda s: s.f.parent[s.best] >= 0,  # (the siblings' p(content), for those that score)
         run=lambda s: s.probability.update(scoring.probabilities(s.options, s.f, s.kinds, [j for j in s.f.children(s.f.parent[s.best]) if s.scores[j] > 0 and j not in s.probability]))),
    Rule(name="siblings", phase=WIDEN, run=lambda s: s.put(nodes=scoring.with_siblings(s.options, s.f, s.kinds, s.scores, s.best, s.forum, s.probability))),
    # (issue 22 round 3: a narrowed container's siblings join only with prose of their own, see sole_article above)
    Rule(name="sole_article_siblings", phase=WIDEN, when=lambda s: s.narrowed,
         run=lambda s: s.put(nodes=sole_article.joining_siblings(s.f, s.groups, s.nodes, s.best, s.options.prose_min_chars))),
    # (a recipe's ingredients beside its method)
    Rule(name="recipe_ingredients", phase=WIDEN, when=lambda s: not s.forum and recipe_parts.is_recipe(s.f, s.ctx),  # (the "ingredients" table in the next box)
         run=lambda s: s.put(nodes=recipe_parts.with_ingredients(s.f, s.kinds, s.nodes, s.spared))),
    Rule(name="joined_prose", phase=WIDEN, when=not_forum, run=lambda s: s.put(joined_prose=s.f.prose_chars(s.nodes, s.options.prose_min_chars))),
    Rule(name="listing_beside", phase=WIDEN, when=few_prose, run=lambda s: s.put(nodes=listings.with_listing_beside(s.f, s.kinds, s.scores, s.nodes, s.groups))),  # (an intro beside its listing)
    Rule(name="twin_blocks", phase=WIDEN, when=few_prose, run=lambda s: s.put(nodes=listing_recall.with_twin_blocks(s.f, s.kinds, s.nodes, s.best))),  # (a listing's second block)
    Rule(name="alike_entries", phase=WIDEN, when=few_prose, run=lambda s: s.put(nodes=listing_recall.with_alike_entries(s.f, s.kinds, s.nodes, s.groups))),  # (featured entries built alike)
    Rule(name="page_heading", phase=WIDEN, when=lambda s: few_prose(s) and not s.discussion,  # (the page's <h1> above a grid)
         run=lambda s: s.put(nodes=page_heading.with_page_heading(s.f, s.nodes, s.options.prose_min_chars))),
    # (issue 22, precision round 3 part B: the article's own edges)
    Rule(name="article_lead", phase=WIDEN, when=lambda s: not s.forum and s.joined_prose >= s.options.article_prose_chars and s.ctx.page_kind != pagekind.PRODUCT,  # (a standfirst in the title's header block; a product's summary is its own)
         run=lambda s: s.put(nodes=article_edges.with_lead(s.f, s.nodes))),
    Rule(name="seo_outside", phase=WIDEN, when=lambda s: s.seo is not None, run=lambda s: s.put(nodes=collection_rules.outside(s.f, s.nodes, s.seo))),  # (the text the grid won over stays out)

    # UNMARK: hints inside the selection corrected before cleaning.
    Rule(name="tile_parts", phase=UNMARK, when=not_forum, run=lambda s: collection_rules.unmark_tile_parts(s.f, s.kinds, s.nodes, s.groups)),  # (a tile's "price-tag")
    Rule(name="prose_slides", phase=UNMARK, when=not_forum, run=lambda s: product.unmark_prose_slides(s.f, s.kinds, s.nodes, s.options.prose_min_chars)),  # (feature slides)
    # (issue 22, precision round 5 part C, recall: a section's heading marked by its anchor or module name)
    Rule(name="section_headings", phase=UNMARK, when=not_forum,  # (id="nav_intro", class="j-module j-header" around an <h2>)
         run=lambda s: section_headings.unmark_section_headings(s.f, s.kinds, s.nodes, s.options.prose_min_chars)),

    # (an aside written as the article's own passage)
    Rule(name="prose_asides", phase=UNMARK, when=not_forum,  # (a note on the story, a recipe's ingredients in an <aside>)
         run=lambda s: prose_asides.unmark_prose_asides(s.f, s.kinds, s.nodes, s.options.prose_min_chars)),

    # SPARE: is the selection an article, and what cleaning keeps.
    Rule(name="prose", phase=SPARE, run=cleaning.prose_step),
    Rule(name="teasers", phase=SPARE, when=lambda s: s.prose >= s.options.article_prose_chars and not s.forum,  # (teasers are a listing's prose, not an article's)
         run=lambda s: s.put(prose=s.prose - s.f.prose_chars(listings.teaser_entries(s.f, s.nodes, s.groups, s.options.prose_min_chars), s.options.prose_min_chars))),
    Rule(name="article", phase=SPARE, run=cleaning.article_step),
    Rule(name="listing_entries", phase=SPARE, when=lambda s: not s.article, run=lambda s: s.spared.update(listings.spared_records(s.f, s.kinds, s.nodes, s.options.record_min_items))),  # (a listing's entries are not link lists)
    Rule(name="entry_headers", phase=SPARE, when=not_article_nor_forum, run=lambda s: s.spared.update(listings.entry_headers(s.f, s.kinds, s.nodes, s.groups))),  # (every entry's title part)
    Rule(name="marked_titles", phase=SPARE, when=not_article_nor_forum, run=lambda s: s.spared.update(listings.marked_titles(s.f, s.kinds, s.nodes, s.groups))),  # (a sponsored entry's title)
    Rule(name="entry_cards", phase=SPARE, when=not_article_nor_forum, run=lambda s: s.spared.update(entry_cards.marked_cards(s.f, s.kinds, s.nodes, s.groups, s.ctx))),  # (entries drawn as "PagePromo" cards)
    Rule(name="index_entries", phase=SPARE, when=not_article_nor_forum, run=lambda s: s.spared.update(letter_index.index_entries(s.f, s.kinds, s.nodes))),  # (an A-Z index's entries)
    Rule(name="group_entries", phase=SPARE, when=lambda s: not_article_nor_forum(s) and not s.discussion and s.all_prose < s.options.article_prose_chars,  # (a listing in several groups)
         run=lambda s: s.spared.update(listing_recall.spared_group_entries(s.f, s.kinds, s.nodes, s.groups, s.options.boilerplate_max_share))),
    Rule(name="twins", phase=SPARE, when=lambda s: not_article_nor_forum(s) and not s.discussion and s.all_prose < s.options.article_prose_chars,
         run=lambda s: s.spared.update(listing_recall.spared_twins(s.f, s.kinds, s.nodes))),
    Rule(name="shop_grid", phase=SPARE, when=not_forum, run=lambda s: s.spared.update(collection_rules.shop_grid_wrappers(s.f, s.nodes, s.groups))),  # (a grid of names and prices)
    Rule(name="entry_summaries", phase=SPARE, when=not_forum, run=lambda s: s.spared.update(listings.entry_summaries(s.f, s.kinds, s.nodes, s.groups, s.options.record_min_items))),  # (a tile's summary sentence)
    Rule(name="data_cells", phase=SPARE, run=lambda s: s.spared.update(data_tables.data_cells(s.f, s.kinds, s.nodes, s.options.link_list_min_links))),  # (a data table's cells of linked names)
    Rule(name="prose_holders", phase=SPARE,  # (a marked block holding most of the prose)
         run=lambda s: s.spared.update(marked_prose.prose_holders(s.f, s.kinds, s.nodes, s.options.prose_min_chars, s.options.boilerplate_max_share))),

    # (a list of the page's documents is no navigation)
    Rule(name="document_lists", phase=SPARE, when=not_forum,  # (a programme's fliers, a course's handouts as PDF links)
         run=lambda s: s.spared.update(document_lists.document_lists(s.f, s.kinds, s.nodes, s.options.link_list_min_links))),

    # (issue 22, precision round 5 part C: the headings over what cleaning removes, noted before it runs)
    Rule(name="headed_sections", phase=SPARE, when=lambda s: s.article and not s.forum, run=lambda s: s.put(headed=orphan_headings.headed_sections(_selected(s)))),

    Rule(name="kept_comments", phase=SPARE, when=lambda s: s.ctx.comments == comments.KEEP and not (s.forum or s.discussion),  # (content.comments: keep)
         run=_keep_comments),

    # CLEAN: the marked subtrees, link lists, small forms and hidden elements inside the selection.
    Rule(name="clean", phase=CLEAN, run=cleaning.clean_step),
    Rule(name="classifier_prune", phase=CLEAN, when=lambda s: s.options.classifier_prune > 0,  # (blocks the pruning model is sure of)
         run=lambda s: classifier.prune(s.f, s.kinds, s.nodes, s.ctx, below=s.options.classifier_prune, article=s.article, forum=s.forum)),

    # TRIM: removals cleaning cannot see, each returning how many blocks went.
    Rule(name="dropped_comments", phase=TRIM, when=lambda s: s.ctx.comments == comments.DROP and not (s.forum or s.discussion),  # (content.comments: drop)
         run=lambda s: comments.drop_comments(s.f, s.kinds, s.nodes, s.ctx)),
    Rule(name="opening_post", phase=TRIM, when=lambda s: s.ctx.comments == comments.DROP and (s.forum or s.discussion),  # (drop on a thread: its first post)
         run=lambda s: comments.opening_post_only(s.f, s.groups, s.nodes, s.ctx, s.options.prose_min_chars)),
    Rule(name="poster_stats", phase=TRIM, when=lambda s: not (s.discussion or s.forum), run=lambda s: s.put(poster_stats=discussion.has_poster_stats(_selected(s)))),
    Rule(name="post_furniture", phase=TRIM, when=on_a_thread, run=lambda s: discussion.remove_post_furniture(_selected(s), s.ctx)),  # (signatures and poster stats under every post)
    Rule(name="post_repeats", phase=TRIM, when=lambda s: s.discussion or s.forum, run=lambda s: quotes.remove_post_repeats(s.f, s.nodes, s.ctx)),  # (a reply's quote of an earlier post)
    Rule(name="other_threads", phase=TRIM, when=on_a_thread, run=lambda s: sections.remove_elsewhere_sections(s.f, s.nodes, s.ctx, also=discussion.OTHER_THREADS_HEADING)),
    Rule(name="other_items", phase=TRIM, when=not_forum, run=lambda s: sections.remove_elsewhere_sections(s.f, s.nodes, s.ctx, also=product.OTHER_ITEMS_HEADING)),  # (shops' words)
    Rule(name="pseudo_headed_sections", phase=TRIM, when=not_forum, run=lambda s: product.remove_pseudo_headed_sections(s.f, s.nodes, s.ctx)),
    Rule(name="repeated_blocks", phase=TRIM, run=lambda s: product.remove_repeated_blocks(s.f, s.nodes, s.ctx)),  # (copies of one text)
    Rule(name="sibling_copies", phase=TRIM, run=lambda s: screen_copies.remove_sibling_copies(s.f, s.nodes, s.ctx)),  # (a block built twice, side by side)
    Rule(name="site_footers", phase=TRIM, run=lambda s: footers.remove_site_footers(s.f, s.nodes, s.ctx)),  # (the page's footer landmark)
    Rule(name="proseless_footers", phase=TRIM, run=lambda s: footers.remove_proseless_footers(s.f, s.nodes, s.ctx, s.options.prose_min_chars)),  # (a footer of names, bigger than the text)
    Rule(name="action_labels", phase=TRIM, run=lambda s: product.remove_action_labels(s.f, s.nodes, s.ctx)),  # ("Quick view", "Learn more")
    Rule(name="entry_labels", phase=TRIM, when=lambda s: not s.forum and not s.discussion, run=lambda s: listing_trim.remove_entry_labels(s.f, s.nodes, s.groups, s.ctx)),  # ("Apply now" in every entry)
    Rule(name="entry_copies", phase=TRIM, when=lambda s: not s.forum and not s.discussion, run=lambda s: listing_trim.remove_entry_copies(s.f, s.nodes, s.groups, s.ctx)),  # (an entry's title twice)
    Rule(name="entry_meta", phase=TRIM, when=lambda s: not s.forum and not s.discussion, run=lambda s: listing_trim.remove_entry_meta(s.f, s.nodes, s.groups, s.ctx)),  # ("Feb 9, 2026", "84 reactions")
    Rule(name="other_stories", phase=TRIM, when=not_forum, run=lambda s: asides.remove_other_stories(s.f, s.nodes, s.ctx)),  # ("Ähnliche Beiträge", "Lea también", "Share this")
    Rule(name="other_stories_labels", phase=TRIM, when=not_forum,  # (the same announced by a styled paragraph, not a heading)
         run=lambda s: product.remove_pseudo_headed_sections(s.f, s.nodes, s.ctx, also=asides.OTHER_STORIES_HEADING)),
    Rule(name="read_also", phase=TRIM, when=not_forum, run=lambda s: asides.remove_read_also(_selected(s), s.ctx, s.texts), keeps_texts=True),  # ("Lesen Sie auch: <a>...</a>" inside the text)
    Rule(name="appeals", phase=TRIM, when=not_forum, run=lambda s: asides.remove_appeals(_selected(s), s.ctx, s.texts), keeps_texts=True),  # ("Subscribe now to ...", "Follow us on ...", short articles too)
    Rule(name="back_links", phase=TRIM, when=not_forum, run=lambda s: post_chrome.remove_back_links(_selected(s), s.ctx, s.texts), keeps_texts=True),  # ("Zurück zur Übersicht", "Back to overview")
    Rule(name="meta_lines", phase=TRIM, when=not_forum, run=lambda s: post_chrome.remove_meta_lines(_selected(s), s.ctx, s.texts), keeps_texts=True),  # ("Posted in", "Category:", "5 min read")
    Rule(name="ad_labels", phase=TRIM, when=not_forum, run=lambda s: post_chrome.remove_ad_labels(_selected(s), s.ctx, s.texts), keeps_texts=True),  # ("Anzeige", "This post contains affiliate links")
    Rule(name="trailing_teasers", phase=TRIM, when=not_forum,  # (other stories' headlines after the article's end)
         run=lambda s: post_chrome.remove_trailing_teasers(_selected(s), s.ctx, s.options.prose_min_chars, s.texts, article=s.article), keeps_texts=True),
    Rule(name="trailing_bios", phase=TRIM, when=lambda s: s.article and not s.forum,  # (an author's bio box after the article)
         run=lambda s: asides.remove_trailing_bios(_selected(s), s.ctx, s.options.prose_min_chars), keeps_texts=True),
    # (issue 22, precision round 3 part B: the article's own edges)
    Rule(name="site_notes", phase=TRIM, when=lambda s: s.article and not s.forum,  # ("This article is the copyrighted property of <site>")
         run=lambda s: article_edges.remove_site_notes(_selected(s), s.ctx, s.texts), keeps_texts=True),
    Rule(name="opening_lines", phase=TRIM, when=lambda s: s.article and not s.forum,  # (a kicker, a byline, a date above the first paragraph)
         run=lambda s: article_edges.remove_opening_lines(_selected(s), s.ctx, s.texts), keeps_texts=True),
    Rule(name="closing_lines", phase=TRIM, when=lambda s: s.article and not s.forum,  # ("Reklama", "Autoren:", a name after the last paragraph)
         run=lambda s: article_edges.remove_closing_lines(_selected(s), s.ctx, s.texts), keeps_texts=True),
    # (issue 22, precision round 4 part A: the article's own furniture at its edges)
    Rule(name="captions", phase=TRIM, when=drop_captions,  # (a picture's caption, "Photo: X / Getty")
         run=lambda s: article_edges.remove_captions(_selected(s), s.ctx), keeps_texts=True),
    Rule(name="beside_captions", phase=TRIM, when=drop_captions,  # (the same without a <figcaption>: "wp-caption-text")
         run=lambda s: article_edges.remove_beside_captions(_selected(s), s.ctx), keeps_texts=True),
    Rule(name="linked_lines", phase=TRIM, when=lambda s: s.article and not s.forum,  # (another story's headline between the paragraphs)
         run=lambda s: article_edges.remove_linked_lines(_selected(s), s.ctx), keeps_texts=True),
    Rule(name="credited_captions", phase=TRIM, when=drop_captions,  # ("... im Überblick. (Foto: Getty)")
         run=lambda s: article_edges.remove_credited_captions(_selected(s), s.ctx), keeps_texts=True),
    Rule(name="time_lines", phase=TRIM, when=lambda s: s.article and not (s.forum or s.discussion),  # ("Aktualisiert: 11.04.2020, 10:27" in a <time>)
         run=lambda s: article_edges.remove_time_lines(_selected(s), s.ctx), keeps_texts=True),
    Rule(name="credit_lines", phase=TRIM, run=lambda s: asides.remove_credit_lines(_selected(s), s.ctx, s.texts), keeps_texts=True),  # ("Foto: X", "iStock.com")
    Rule(name="filler", phase=TRIM, run=lambda s: filler.remove_filler_blocks(s.f, s.nodes, s.ctx), keeps_texts=True),  # ("word word word ..." a script measured with)
    Rule(name="embed_codes", phase=TRIM, run=lambda s: embed_codes.remove_embed_codes(s.f, s.nodes, s.ctx), keeps_texts=True),  # (a player's <iframe> code to copy)
    Rule(name="untabbed_links", phase=TRIM, run=lambda s: collection_rules.remove_untabbed_repeat_links(s.f, s.nodes, s.ctx), keeps_texts=True),  # (a tile's second link)
    Rule(name="facet_panels", phase=TRIM, run=lambda s: collection_rules.remove_facet_panels(s.f, s.nodes, s.ctx), keeps_texts=True),  # (price/brand filters)
    Rule(name="accordions", phase=TRIM, run=lambda s: accordions.open_accordions(_selected(s), s.ctx), keeps_texts=True),  # (closed panes, question buttons)
    # Structural boilerplate inside the container (issue 22, part A): rating widgets, side columns, share bars,
    # comment prompts; last, the selected blocks a TRIM rule removed whole leave the selection.
    Rule(name="rating_widgets", phase=TRIM, when=lambda s: s.article and not s.forum,  # ("Rate this article", stars)
         run=lambda s: inner_chrome.remove_rating_widgets(_selected(s), s.ctx, s.texts), keeps_texts=True),
    Rule(name="side_columns", phase=TRIM, when=lambda s: s.article and not s.forum,  # (a layout table's left column of menus)
         run=lambda s: inner_chrome.remove_side_columns(_selected(s), s.ctx, s.options.prose_min_chars, s.texts), keeps_texts=True),
    Rule(name="share_bars", phase=TRIM, when=not_forum, run=lambda s: inner_chrome.remove_share_bars(_selected(s), s.ctx, s.texts), keeps_texts=True),  # (links passing this page's address on)
    Rule(name="comment_prompts", phase=TRIM, when=lambda s: not (s.forum or s.discussion),  # ("Keine Kommentare", "Leave a comment")
         run=lambda s: inner_chrome.remove_comment_prompts(_selected(s), s.ctx, s.texts), keeps_texts=True),
    # (issue 22, precision round 4 part B: meta lines, tags, related and teasers inside the container)
    Rule(name="tag_lines", phase=TRIM, when=lambda s: s.article and not s.forum,  # ("Tags: <a>X</a>, <a>Y</a>", links to /tag/ pages)
         run=lambda s: post_chrome.remove_tag_lines(_selected(s), s.ctx, s.texts), keeps_texts=True),
    Rule(name="date_lines", phase=TRIM, when=lambda s: s.article and not (s.forum or s.discussion),  # ("Stand: 05. Februar 2020", "Veröffentlicht 23.06.2016 um 16:14")
         run=lambda s: post_chrome.remove_date_lines(_selected(s), s.ctx, s.texts), keeps_texts=True),
    Rule(name="read_also_labels", phase=TRIM, when=not_forum,  # ("Weiterlesen:" alone, with the linked lines after it)
         run=lambda s: asides.remove_read_also_labels(_selected(s), s.ctx, s.texts), keeps_texts=True),
    Rule(name="inner_teasers", phase=TRIM, when=lambda s: s.article and not (s.forum or s.discussion),  # (a headline made one link to another story, its tile)
         run=lambda s: post_chrome.remove_inner_teasers(_selected(s), s.ctx, s.texts), keeps_texts=True),
    Rule(name="linked_paragraphs", phase=TRIM, when=lambda s: s.article and not (s.forum or s.discussion),  # (a paragraph that is one link to another story)
         run=lambda s: post_chrome.remove_linked_paragraphs(_selected(s), s.ctx, s.options.prose_min_chars, s.texts), keeps_texts=True),
    # (issue 22, precision round 5 part C: a heading whose section cleaning and trimming removed)
    Rule(name="emptied_headings", phase=TRIM, when=lambda s: s.article and bool(s.headed),  # ("Ähnliche Beiträge" without its posts)
         run=lambda s: orphan_headings.remove_orphan_headings(s.headed, s.ctx), keeps_texts=True),
    # (issue 22 round 5 part B, the article's extras: other posts' grids, forms, the author's blocks, calls to action)
    Rule(name="trailing_listings", phase=TRIM, when=lambda s: s.article and not (s.forum or s.discussion),  # (a "more posts" grid of teasers after the text)
         run=lambda s: article_extras.remove_trailing_listings(s.f, s.nodes, s.groups, s.ctx, s.options.prose_min_chars), keeps_texts=True),
    Rule(name="entry_forms", phase=TRIM, when=lambda s: s.article and not (s.forum or s.discussion),  # (a demo request, an e-book download)
         run=lambda s: article_extras.remove_entry_forms(_selected(s), s.ctx), keeps_texts=True),
    Rule(name="author_blocks", phase=TRIM, when=lambda s: s.article and not (s.forum or s.discussion),  # (a byline, an author's box with a bio)
         run=lambda s: article_extras.remove_author_blocks(_selected(s), s.ctx), keeps_texts=True),
    Rule(name="call_to_action", phase=TRIM, when=lambda s: s.article and not (s.forum or s.discussion),  # ("Get a demo", "Enjoyed this piece? Support us")
         run=lambda s: article_extras.remove_call_to_action(_selected(s), s.ctx), keeps_texts=True),
    # (issue 22, precision round 5 part A: lines inside the article announcing what is not its text)
    Rule(name="orphan_headings", phase=TRIM, when=lambda s: s.article and not (s.forum or s.discussion),  # ("Sharen mit:" with the buttons gone)
         run=lambda s: inner_lines.remove_orphan_headings(_selected(s), s.ctx, s.texts), keeps_texts=True),
    Rule(name="div_lines", phase=TRIM, when=lambda s: s.article and not (s.forum or s.discussion),  # ("weiterlesen 5 Minuten" in a <div> among the <p>s)
         run=lambda s: inner_lines.remove_div_lines(_selected(s), s.ctx, s.texts), keeps_texts=True),
    # (issue 22, precision round 6 part B: whole paragraphs after the story: its author's bio, the publication's promotions)
    Rule(name="author_bios", phase=TRIM, when=lambda s: bool(s.ctx.byline) and not (s.forum or s.discussion),  # ("Jane Doe is a reporter at ...")
         run=lambda s: closing_blocks.remove_author_bios(_selected(s), s.ctx, s.texts), keeps_texts=True),
    Rule(name="house_promos", phase=TRIM, when=lambda s: s.article and not (s.forum or s.discussion),  # ("The current issue at every kiosk, by subscription")
         run=lambda s: closing_blocks.remove_house_promos(_selected(s), s.ctx, s.texts), keeps_texts=True),
    # (after the story, the text's licence and the publication's appeals)
    Rule(name="licence_lines", phase=TRIM, when=lambda s: s.article and not (s.forum or s.discussion),  # ("Dieser Text wurde veröffentlicht unter der Lizenz CC-BY")
         run=lambda s: closing_blocks.remove_licence_lines(_selected(s), s.ctx, s.texts), keeps_texts=True),
    Rule(name="reader_appeals", phase=TRIM, when=lambda s: s.article and not (s.forum or s.discussion),  # ("Unterstützen Sie diese Form des Journalismus")
         run=lambda s: closing_blocks.remove_reader_appeals(_selected(s), s.ctx, s.texts), keeps_texts=True),
    # (issue 22, precision round 6 part C: short lines the markup names as not the article's text)
    Rule(name="named_credits", phase=TRIM, when=lambda s: s.article and not (s.forum or s.discussion),  # (class="credits": "DCV / Oppitz")
         run=lambda s: named_lines.remove_named_credits(_selected(s), s.ctx, s.texts), keeps_texts=True),
    Rule(name="source_lines", phase=TRIM, when=lambda s: s.article and not (s.forum or s.discussion),  # ("Quelle: HWK Stuttgart", "Titelbild: Flickr")
         run=lambda s: named_lines.remove_source_lines(_selected(s), s.ctx, s.texts), keeps_texts=True),
    # (issue 22, precision round 6 part A: the furniture above the article's headline)
    Rule(name="kicker_lines", phase=TRIM, when=lambda s: s.article and not (s.forum or s.discussion),  # ("Mental Health", "Home / Blog", "Dec 12, 2025 | 4 min read")
         run=lambda s: above_headline.remove_kicker_lines(_selected(s), s.ctx), keeps_texts=True),
    # (the lines before and between a story's paragraphs)
    Rule(name="lead_captions", phase=TRIM,  # (a short story's lead picture's caption: "wp-caption-text" above its text)
         when=lambda s: not (s.article or s.forum or s.discussion) and s.ctx.captions == "drop",
         run=lambda s: lead_captions.remove_lead_captions(_selected(s), s.ctx, s.texts), keeps_texts=True),
    Rule(name="figure_texts", phase=TRIM, when=drop_captions,  # (a figure's caption not set in a <figcaption>: "figure__caption", "description")
         run=lambda s: lead_captions.remove_figure_texts(_selected(s), s.ctx, s.texts), keeps_texts=True),
    # (the lines before and between a story's paragraphs)
    Rule(name="alt_captions", phase=TRIM, when=drop_captions,  # (a caption repeating its picture's alt: "Logo des ZdK (Archiv)")
         run=lambda s: lead_captions.remove_alt_captions(_selected(s), s.ctx, s.texts), keeps_texts=True),
    Rule(name="repeated_buttons", phase=TRIM, when=lambda s: s.article and not (s.forum or s.discussion),  # ("Check price at Amazon" under each item)
         run=lambda s: link_buttons.remove_repeated_buttons(_selected(s), s.ctx, s.texts), keeps_texts=True),
    Rule(name="dated_lists", phase=TRIM, when=lambda s: s.article and not (s.forum or s.discussion),  # ("September 4, 2025 · 5:50 am" as a list above the text)
         run=lambda s: above_headline.remove_dated_lists(_selected(s), s.ctx, s.texts), keeps_texts=True),
    Rule(name="icon_lines", phase=TRIM, when=lambda s: s.article and not (s.forum or s.discussion),  # ("[clock] 4 min read" above the text)
         run=lambda s: above_headline.remove_icon_lines(_selected(s), s.ctx, s.texts), keeps_texts=True),
    # (the furniture after the story that its markup names)
    Rule(name="named_furniture", phase=TRIM, when=lambda s: not (s.forum or s.discussion),  # (a "related_post" list, an "affiliate-text" note)
         run=lambda s: after_story.remove_named_furniture(_selected(s), s.ctx, s.texts), keeps_texts=True),
    Rule(name="form_notices", phase=TRIM,  # ("Thank you! Your submission has been received!" left by a form)
         run=lambda s: article_extras.remove_form_notices(_selected(s), s.ctx), keeps_texts=True),
    Rule(name="removed_blocks", phase=TRIM, run=lambda s: s.put(nodes=inner_chrome.still_attached(s.f, s.nodes))),  # (a bio box beside the article)

    # FINISH
    Rule(name="lazy_images", phase=FINISH, run=lambda s: lazy_images.load_all(_selected(s))),  # (reader mode runs no scripts)
    Rule(name="comments_section", phase=FINISH, when=lambda s: bool(s.kept_comments and s.nodes),  # (the kept comments, labelled, after the article)
         run=_comments_section),
    Rule(name="answer", phase=FINISH, run=lambda s: s.stop(s.answer())),
)


# Per-rule CPU time, for ``clearpage bench pipeline --rules``: None (the default) times nothing;
# a dict (``record_rule_times``) gets each rule's name -> [seconds, runs] added to it, condition
# included and a second look's rules (retry_hidden) counted under their own names, not its.
_rule_times: dict | None = None
_nested = [0.0]  # CPU seconds of the rules run inside the rule being timed (retry_hidden's look)


def record_rule_times(times: dict | None) -> None:
    """Add every rule's CPU time to ``times`` from now on (None: stop timing)."""
    global _rule_times
    _rule_times = times


def run(state: PageState, rules=RULES) -> None:
    """Run ``rules`` in turn over ``state``: each whose condition holds (or has none), adding
    what it returns to ``state.removed``, until one stops the run. The state's text cache is
    emptied after each rule that ran, unless it ``keeps_texts`` and reported no removal."""
    if _rule_times is not None:
        return _run_timed(state, rules, _rule_times)
    reports = state.ctx.reports
    for rule in rules:
        if rule.when is None or rule.when(state):
            _step(state, rule, reports)
            if state.done:
                return


def _step(state: PageState, rule: Rule, reports: list) -> None:
    """Run one rule whose condition holds: count its removals, empty the text cache unless it
    ``keeps_texts`` and reported nothing."""
    before = len(reports)
    removed = rule.run(state)
    if removed:
        state.removed += removed
    if removed or not rule.keeps_texts or len(reports) != before:
        state.texts.clear()


def _run_timed(state: PageState, rules, times: dict) -> None:
    """``run`` with each rule's own CPU time (its condition, its step, less the rules it ran
    itself) added to ``times`` (``record_rule_times``)."""
    clock, nested = time.process_time, _nested
    reports = state.ctx.reports
    for rule in rules:
        started, inner = clock(), nested[0]
        ran = rule.when is None or rule.when(state)
        if ran:
            _step(state, rule, reports)
        spent = clock() - started
        entry = times.get(rule.name)
        if entry is None:
            entry = times[rule.name] = [0.0, 0]
        entry[0] += spent - (nested[0] - inner)
        entry[1] += ran
        nested[0] = inner + spent
        if ran and state.done:
            return
