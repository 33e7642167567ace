"""Listing and product pages for auto (filters/content/rules/sections.py): modal dialogs, record groups
whose items carry classes of their own, sections about other things inside the selection."""
from __future__ import annotations

from clearpage.filters import dom
from clearpage.filters.content import features as feat
from clearpage.filters.content.auto import scoring
from clearpage.filters.content.rules import sections
from clearpage.filters.context import PageContext
from tests.content.algo_util import joined_selection, product_page

LEGAL = (
    "These cookies allow us to count visits and traffic sources so we can measure and improve the "
    "performance of our site. They help us to know which pages are the most and least popular. "
)



def selected_text(algo, html: str) -> str:
    return joined_selection(algo, html, "https://example.com/recipes")


def recipe_cards(n: int, first_class: str = "card") -> str:
    return "".join(
        f"<article class='{first_class} post-{1000 + i} category-{'dinner' if i % 2 else 'lunch'}'>"
        f"<a href='/r{i}'>Easy slow-cooker recipe number {i} with tomatoes</a></article>"
        for i in range(n)
    )


def test_items_with_classes_of_their_own_are_records_by_their_first_class(algo):
    html = f"<html><body><div class='grid'>{recipe_cards(6)}</div></body></html>"
    f = feat.compute(dom.body_of(dom.parse(html)))
    _, _, groups = scoring.records(algo.options, f)
    assert [len(g) for g in groups] == [6]
    assert {f.tags[i] for i in groups[0]} == {"article"}


def test_layout_columns_without_ids_are_not_regrouped(algo):
    columns = "".join(
        f"<div class='grid_6 {extra}'><p>Column {i} holds a paragraph of its own about the shop, its hours and staff.</p></div>"
        for i, extra in enumerate(("pr", "ns", "wide"))
    )
    f = feat.compute(dom.body_of(dom.parse(f"<html><body><div>{columns}</div></body></html>")))
    _, _, groups = scoring.records(algo.options, f)
    assert groups == []


def test_items_repeating_their_whole_class_keep_their_group():
    groups = {(0, "li", "comment full"): [1, 2, 3], (0, "li", "comment oneline"): [4, 5]}
    sections.regroup_unique_items(groups, 3)
    assert len(groups) == 2  # "comment oneline" has no id: it does not regroup with anything


def test_modal_dialogs_go_unless_they_hold_the_page():
    terms = f"<p>{LEGAL * 3}</p>"
    doc = dom.parse(
        f"<html><body><main><p>{LEGAL}</p></main>"
        f"<div role='dialog' aria-modal='true' id='terms'>{terms}</div><dialog id='size-guide'>{terms}</dialog></body></html>"
    )
    ctx = PageContext(url="https://shop.example/p/1", base_url="https://shop.example/p/1")
    doc.get_element_by_id("terms").append(dom.parse("<a href='/legal/terms'>Full terms</a>").find(".//a"))
    assert sections.remove_modal_dialogs(dom.body_of(doc), ctx) == 2
    assert not doc.xpath("//*[@id='terms' or @id='size-guide']")
    assert [link.url for link in ctx.removed_links] == ["https://shop.example/legal/terms"]  # still reachable
    lightbox = dom.parse(f"<html><body><p>Menu</p><div role='dialog'><h1>Story</h1>{terms}</div></body></html>")
    assert sections.remove_modal_dialogs(dom.body_of(lightbox), PageContext(url=None, base_url=None)) == 0


def test_terms_of_service_in_a_footer_modal_do_not_make_the_footer_the_content(algo):
    product = (
        "<main><h1>Wool runner</h1><div class='description'>"
        + "".join(f"<p>Soft wool fibers keep your feet dry and warm, part {i}, in every season.</p>" for i in range(4))
        + "</div></main>"
    )
    # Three modals (privacy, terms, accessibility) side by side: records, holding most of the page.
    modals = "".join(
        f"<div id='modal-{name}' class='overlay fixed' role='dialog' aria-modal='true'><div class='prose'>{f'<p>{LEGAL}</p>' * 6}</div></div>"
        for name in ("privacy", "terms", "accessibility")
    )
    text = selected_text(algo, f"<html><body>{product}<footer><a href='/t'>Terms</a><div class='grid'>{modals}</div></footer></body></html>")
    assert "Soft wool fibers" in text
    assert "traffic sources" not in text



def test_sections_headed_as_other_items_or_reviews_leave_the_product(algo):
    tiles = "".join(f"<li><a href='/i{i}'>Porcelain cup number {i}, hand painted</a><p>$ {20 + i}.00</p></li>" for i in range(6))
    reviews = "".join(f"<p>Reviewer {i}: lovely to drink from, it arrived quickly and well packed.</p>" for i in range(3))
    html = product_page(
        f"<div><h2>People who viewed this item also viewed</h2><ul>{tiles}</ul></div>"
        f"<section><h3>Customer reviews (3)</h3>{reviews}</section>"
        "<div><h4>Shipping &amp; returns</h4><p>Orders ship within two days; returns are free for thirty days.</p></div>"
    )
    text = selected_text(algo, html)
    assert "wheel thrown and glazed by hand, detail 5" in text
    assert "Porcelain cup number 3" not in text
    assert "Reviewer 1" not in text
    assert "returns are free" not in text


def test_a_section_so_headed_that_holds_most_of_the_selection_stays(algo):
    essay = "".join(f"<p>What readers told us about the mug, story {i}: it keeps coffee warm for an hour, they say.</p>" for i in range(12))
    text = selected_text(algo, product_page(f"<section><h2>Reviews</h2>{essay}</section>"))
    assert "story 7" in text


def test_a_related_stories_section_with_teasers_leaves_an_article(algo):
    story = "".join(f"<p>The council met on Tuesday to discuss the budget, point {i}, and voted late at night.</p>" for i in range(8))
    teasers = "".join(f"<div><h4>Story {i}</h4><p>Another town argued about its budget too, and then it voted, part {i}.</p></div>" for i in range(3))
    html = f"<html><body><article><h1>Budget</h1>{story}<section><h2>Related stories</h2>{teasers}</section></article></body></html>"
    text = selected_text(algo, html)
    assert "point 7" in text
    assert "Another town" not in text


FEATURE_TEXT = (
    "Our planner keeps every booking, invoice and note in one place, so the team can see at a glance "
    "what is due this week. It syncs with your calendar and reminds you before anything slips. "
)


def tabbed_feature_page(shared_class: str) -> str:
    """A short intro, then three feature sections that share one class word (a tab script's hook)."""
    sections_html = "".join(
        f"<div class='{name}_section {shared_class}'><h2>{name.title()} made simple</h2>"
        f"<p>{FEATURE_TEXT}</p><p>{FEATURE_TEXT}</p></div>"
        for name in ("bookings", "invoices", "notes")
    )
    return (
        "<html><body><div class='top'><a href='/'>Home</a> <a href='/pricing'>Pricing</a></div>"
        "<div class='page'><div class='intro'><h1>A planner for small teams</h1>"
        "<p>Everything your team needs to plan the week, free for up to three users.</p></div>"
        f"<div class='scroll'>{sections_html}</div></div></body></html>"
    )


def test_sections_sharing_a_marked_class_word_are_the_content(algo):
    text = joined_selection(algo, tabbed_feature_page("lm_navSource"), "https://example.com/planner")
    for name in ("Bookings", "Invoices", "Notes"):
        assert f"{name} made simple" in text


def test_sections_sharing_a_strong_boilerplate_word_stay_out(algo):
    html = tabbed_feature_page("related-links").replace(
        "<div class='intro'>", "<div class='intro'><p>" + FEATURE_TEXT * 6 + "</p>")
    text = joined_selection(algo, html, "https://example.com/planner")
    assert "A planner for small teams" in text
    assert "Bookings made simple" not in text
