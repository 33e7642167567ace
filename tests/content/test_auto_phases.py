"""auto's phase table (filters/content/auto/phases.py): ordered by phase, one name per rule, and
a rule's condition really gates it."""
from __future__ import annotations

import dataclasses

import pytest

from clearpage.filters import dom
from clearpage.filters.content.auto import phases
from clearpage.filters.content.auto.phases import Phase, Rule
from clearpage.filters.content.auto.state import PageState
from clearpage.filters.content.rules import listing_trim
from clearpage.filters.context import PageContext
from tests.content.algo_util import run_algorithm

LISTING_TRIM_RULES = ("entry_labels", "entry_copies", "entry_meta")


def rule(name: str) -> Rule:
    return next(r for r in phases.RULES if r.name == name)


def page_state(algo, **fields) -> PageState:
    url = "https://example.com/forum/t/1"
    doc = dom.parse("<html><body><p>x</p></body></html>")
    return PageState(options=algo.options, forum_urls=None, name="auto", doc=doc, body=dom.body_of(doc),
                     ctx=PageContext(url=url, base_url=url), **fields)


def test_the_table_is_ordered_by_phase():
    order = [r.phase for r in phases.RULES]
    assert order == sorted(order)
    assert set(order) == set(Phase)  # (every phase has a rule)


def test_every_rule_name_is_unique():
    names = [r.name for r in phases.RULES]
    assert len(names) == len(set(names))


def test_the_look_phases_come_first_after_prepare():
    # retry_hidden runs MEASURE, MARK and SCORE again: they must stand before CHOOSE, after PREPARE.
    assert phases.LOOK == {Phase.MEASURE, Phase.MARK, Phase.SCORE}
    assert rule("retry_hidden").phase == Phase.CHOOSE


@pytest.mark.parametrize("name", LISTING_TRIM_RULES)
def test_a_listing_trim_rule_does_not_run_on_a_forum_page(algo, name):
    ran = []
    spy = dataclasses.replace(rule(name), run=lambda s: ran.append(s) or 1)
    forum = page_state(algo, forum=True)
    phases.run(forum, [spy])
    assert ran == [] and forum.removed == 0
    listing = page_state(algo, forum=False, discussion=False)
    phases.run(listing, [spy])
    assert ran == [listing] and listing.removed == 1  # (the same rule runs, and counts, off a forum)


def test_a_discussion_page_skips_listing_trim_but_not_the_post_rules(algo):
    thread = page_state(algo, discussion=True)
    assert not any(rule(name).when(thread) for name in LISTING_TRIM_RULES)
    assert rule("post_furniture").when(thread) and rule("post_repeats").when(thread)
    shop = page_state(algo)
    assert not rule("post_furniture").when(shop) and not rule("post_repeats").when(shop)


def test_a_stop_ends_the_run(algo):
    ran = []
    first = Rule(name="first", phase=Phase.PREPARE, run=lambda s: s.stop(None))
    second = Rule(name="second", phase=Phase.PREPARE, run=lambda s: ran.append(s))
    state = page_state(algo)
    phases.run(state, [first, second])
    assert state.done and state.selection is None and ran == []


def test_listing_trim_is_never_called_on_a_forum_thread(default_config, monkeypatch):
    def fail(*args):
        raise AssertionError("listing_trim ran on a thread")

    for name in ("remove_entry_labels", "remove_entry_copies", "remove_entry_meta"):
        monkeypatch.setattr(listing_trim, name, fail)
    posts = "".join(
        f"<div class='post'><div class='author'>user{i}</div><p>Reply number {i}: I had the same problem with the boiler "
        f"last winter, and replacing the thermostat fixed it for good, so try that first.</p><a href='#r{i}'>Apply now</a></div>"
        for i in range(6)
    )
    html = f"<html><body><main><h1>Boiler keeps turning off</h1>{posts}</main></body></html>"
    selection, text, _, _ = run_algorithm(default_config, "auto", html, url="https://example.com/forum/t/123")
    assert selection is not None and "replacing the thermostat" in text
