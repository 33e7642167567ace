"""Listings for auto (filters/content/rules/listings.py): entries made of links are the listing, and
cleaning keeps them."""
from __future__ import annotations

import pytest

from clearpage.filters.content import features as feat
from clearpage.filters.content import hints
from clearpage.filters.content.rules import listings
from tests.content import algo_util
from tests.content.algo_util import joined_selection

CITIES = ["Austin", "Boston", "Chicago", "Denver", "Seattle", "Toronto", "Miami", "Portland"]



def selected_text(algo, html: str) -> str:
    return joined_selection(algo, html, "https://example.com/events")


def event_card(i: int, extra: str = "") -> str:
    """An entry that is nothing but links: title, description, venue, topic."""
    return (
        f"<div class='column'><span>May {i + 10}-{i + 12}, 2026</span><a href='/e{i}'>Conference {i}</a>"
        f"<a href='/e{i}'>Talks for engineers</a>"
        f"<a href='/c/{CITIES[i]}'>{CITIES[i]}</a><a href='/t/tech'>Tech</a>{extra}</div>"
    )


def events_page(cards: str) -> str:
    menu = "<nav><ul>" + "".join(f"<li><a href='/p{i}'>Page {i}</a></li>" for i in range(8)) + "</ul></nav>"
    intro = (
        "<p>The best tech conferences of the year, picked by our editors: talks, workshops and meetups for "
        "engineers, from two-day masterclasses to week-long festivals, in cities across the Americas.</p>"
        "<p>Each event below links to its page, its city and its topic; dates are local. Prices, speakers and "
        "schedules are on the organisers' sites, and we update the list every week.</p>"
    )
    return f"<html><body>{menu}<main><h1>Tech conferences 2026</h1>{intro}<div class='columns'>{cards}</div></main></body></html>"


def test_a_listing_of_link_entries_keeps_its_entries(algo):
    text = selected_text(algo, events_page("".join(event_card(i) for i in range(8))))
    for i in range(8):
        assert f"Conference {i}" in text
        assert CITIES[i] in text


def test_marked_boilerplate_inside_an_entry_still_goes(algo):
    share = "<span class='share'>Share on X</span>"
    text = selected_text(algo, events_page("".join(event_card(i, share) for i in range(8))))
    assert "Conference 3" in text
    assert "Share on X" not in text


def features_and_kinds(html: str) -> tuple[feat.Features, list[int]]:
    return algo_util.features_and_kinds(f"<html><body>{html}</body></html>")


def test_entries_holding_most_of_the_selection_are_spared():
    f, kinds = features_and_kinds("<div class='columns'>" + "".join(event_card(i) for i in range(5)) + "</div>")
    spared = listings.spared_records(f, kinds, [1], 3)
    entries = [i for i in range(len(f)) if f.elements[i].get("class") == "column"]
    assert len(entries) == 5
    assert set(entries) <= spared


def test_a_small_group_beside_the_text_is_not_a_listing():
    prose = "<p>" + "A long paragraph of the article that holds most of the selection's text. " * 6 + "</p>"
    f, kinds = features_and_kinds(f"<div>{prose}<div class='tags'>" + "".join(event_card(i) for i in range(3)) + "</div></div>")
    assert listings.spared_records(f, kinds, [1], 3) == set()


def test_columns_where_one_holds_the_text_are_a_layout():
    wide = "<div class='column'>" + "<a href='/x'>A very long link title about many things</a>" * 12 + "</div>"
    f, kinds = features_and_kinds(f"<div>{wide}{event_card(0)}{event_card(1)}</div>")
    assert listings.spared_records(f, kinds, [1], 3) == set()


def job_entry(i: int) -> str:
    """A job board's entry: its title sits in a block its template calls a header."""
    return (
        f"<li class='listing'><a href='/jobs/{i}'><div class='listing__header'><span>Software Engineer {i}</span>"
        f"<span>{i + 2}d</span></div><span>Company {CITIES[i]}</span><span>Remote</span>"
        f"<span>Full-Time</span><span>$50,000 - $74,999 USD</span></a></li>"
    )


def test_a_header_in_every_entry_is_the_entrys_title_not_the_pages_header(algo):
    page = (
        "<html><body><header class='site-header'><a href='/'>Jobs</a></header>"
        "<main><h1>Programming jobs</h1><ul class='jobs'>" + "".join(job_entry(i) for i in range(6)) + "</ul></main></body></html>"
    )
    text = selected_text(algo, page)
    for i in range(6):
        assert f"Software Engineer {i}" in text
        assert f"Company {CITIES[i]}" in text


def test_a_share_bar_in_every_entry_still_goes(algo):
    bar = "<div class='share-header'>Share this job on every network</div>"
    page = (
        "<html><body><main><h1>Programming jobs</h1><ul class='jobs'>"
        + "".join(job_entry(i).replace("</a></li>", f"</a>{bar}</li>") for i in range(6))
        + "</ul></main></body></html>"
    )
    text = selected_text(algo, page)
    assert "Software Engineer 4" in text
    assert "Share this job" not in text


def tile(i: int) -> str:
    """A shop's tile that is nothing but links: the model code, its picture, its name and price."""
    return (
        f"<div class='col item'><a href='/p/{i}'><h4>KR{i}00</h4></a><a href='/p/{i}'><img src='/i{i}.jpg' alt=''></a>"
        f"<a href='/p/{i}'>Robotic lawn mower model {i} for up to {i + 1} acres</a><a href='/p/{i}'>$ {i},099.99</a></div>"
    )


def test_a_page_that_is_only_a_listing_of_links_keeps_the_listing_not_the_menus(algo):
    menu = "<nav><ul>" + "".join(f"<li><a href='/m{i}'>Menu entry {i}</a></li>" for i in range(40)) + "</ul></nav>"
    page = (
        f"<html><body><header>{menu}</header><h3>Robotic lawn mowers</h3>"
        "<section class='related-product'><div class='listing'>" + "".join(tile(i) for i in range(8)) + "</div></section>"
        f"<footer>{menu.replace('Menu entry', 'Footer link')}</footer></body></html>"
    )
    text = selected_text(algo, page)
    for i in range(8):
        assert f"Robotic lawn mower model {i}" in text
    assert "Menu entry 3" not in text
    assert "Footer link 3" not in text


def test_a_page_of_prose_blocks_is_not_taken_for_a_listing_of_links():
    f, kinds = features_and_kinds(
        "<div class='cards'>" + "".join(f"<p class='card'>Plain words about topic {i}, no links at all in this card.</p>" for i in range(6)) + "</div>"
    )
    groups = [[i for i in range(len(f)) if f.elements[i].get("class") == "card"]]
    assert listings.listing_container(f, groups, 100) is None


def test_the_biggest_group_of_link_entries_is_the_listing_container():
    f, kinds = features_and_kinds("<div class='grid'>" + "".join(tile(i) for i in range(6)) + "</div>")
    groups = [[i for i in range(len(f)) if f.elements[i].get("class") == "col item"]]
    assert listings.listing_container(f, groups, 100) == f.parent[groups[0][0]]


def archive_page(entries: int) -> str:
    """A category page: the category's description, then its posts, each only a linked title."""
    menu = "<nav><ul>" + "".join(f"<li><a href='/m{i}'>Menu entry {i}</a></li>" for i in range(30)) + "</ul></nav>"
    description = (
        "<div class='archive-intro'><div class='inner'><div class='archive-description'><h1>Air fryer recipes</h1>"
        "<p>Quick and healthy air fryer recipes, everything from breakfast to snacks to weeknight dinners for the family.</p>"
        "<p>We love our air fryer and how it makes everything crispy and delicious in record time with little to no oil.</p>"
        "<p>For meal prep, the air fryer turns out a tray of vegetables while the rest of dinner cooks on the stove.</p></div></div></div>"
    )
    posts = "".join(
        f"<article class='post entry'><h2><a href='/r{i}'>Crispy air fryer dish number {i} with a side</a></h2></article>" for i in range(entries)
    )
    return f"<html><body><header>{menu}</header>{description}<div class='wrap'><main>{posts}</main></div><footer>{menu}</footer></body></html>"


def test_a_listing_beside_the_pages_intro_joins_it(algo):
    text = selected_text(algo, archive_page(12))
    assert "We love our air fryer" in text
    for i in range(12):
        assert f"Crispy air fryer dish number {i} with" in text
    assert "Menu entry 3" not in text


def test_a_small_group_beside_the_selection_stays_out():
    f, kinds = features_and_kinds(archive_page(3))
    scores = [1.0] * len(f)
    intro = next(i for i in range(len(f)) if f.elements[i].get("class") == "archive-description")
    groups = [[i for i in range(len(f)) if f.tags[i] == "article"]]
    assert listings.with_listing_beside(f, kinds, scores, [intro], groups) == [intro]


def excerpt(i: int) -> str:
    """A blog's excerpt card: a picture, then its title in a <header> (a boilerplate tag on its own)."""
    return (
        f"<article class='excerpt'><a href='/post{i}'><img src='/p{i}.jpg' alt=''></a>"
        f"<header class='excerpt-header'><h2><a href='/post{i}'>Handy guide number {i} to a greener kitchen</a></h2></header></article>"
    )


def posts_page(intro_paragraphs: int) -> str:
    """A 'start here' page: a few paragraphs of welcome (more text than the titles), then excerpt cards."""
    intro = "".join(
        f"<p>Welcome, reader {k}: here you will find a friendly community, practical tips and honest advice on living with less waste every day.</p>"
        for k in range(intro_paragraphs)
    )
    return (
        "<html><body><header class='site-header'><a href='/'>Home</a></header><main><div class='posts'>"
        f"<h1>Start here</h1>{intro}" + "".join(excerpt(i) for i in range(8)) + "</div></main></body></html>"
    )


def test_every_entrys_header_stays_when_the_listing_holds_less_than_the_intro(algo):
    text = selected_text(algo, posts_page(5))
    assert "Welcome, reader 4" in text
    for i in range(8):
        assert f"Handy guide number {i} to" in text


def test_entry_headers_outside_the_selection_are_not_spared():
    f, kinds = features_and_kinds("<div class='posts'><p>Intro text for the page.</p>" + "".join(excerpt(i) for i in range(4)) + "</div>")
    members = [i for i in range(len(f)) if f.tags[i] == "article"]
    intro = next(i for i in range(len(f)) if f.tags[i] == "p")
    headers = {i for i in range(len(f)) if f.tags[i] == "header"}
    assert headers <= listings.entry_headers(f, kinds, [f.parent[members[0]]], [members])
    assert listings.entry_headers(f, kinds, [intro], [members]) == set()


def test_headers_of_cards_under_an_article_still_go(algo):
    body = "".join(
        f"<p>Paragraph {k} of a long article about composting at home, with enough words to read as prose, and more.</p>" for k in range(16)
    )
    page = (
        f"<html><body><main><article class='post'><h1>Composting at home</h1>{body}"
        "<div class='related'>" + "".join(excerpt(i) for i in range(4)) + "</div></article></main></body></html>"
    )
    text = selected_text(algo, page)
    assert "Paragraph 15 of a long article" in text
    assert "Handy guide number 2" not in text


def story(i: int, paragraphs: int = 1) -> str:
    """A news section's entry: a linked headline, a teaser, and the series it belongs to (all links)."""
    teaser = "".join(
        f"<p>Scientists report finding number {i}.{k}, a result that surprised the field and that they will test again next year.</p>"
        for k in range(paragraphs)
    )
    series = "".join(f"<a href='/series/{i}/{k}'>Part {k} of the long-running series on discovery {i}</a>" for k in range(3))
    return f"<article class='story'><h2><a href='/story/{i}'>Headline of story {i}</a></h2>{teaser}<div class='series'>{series}</div></article>"


def section_page(stories: int, paragraphs: int = 1) -> str:
    menu = "<nav><ul>" + "".join(f"<li><a href='/m{i}'>Menu entry {i}</a></li>" for i in range(20)) + "</ul></nav>"
    return f"<html><body><header>{menu}</header><main><h1>Science</h1>" + "".join(story(i, paragraphs) for i in range(stories)) + "</main></body></html>"


def test_a_listings_teasers_do_not_make_it_an_article(algo):
    text = selected_text(algo, section_page(14))
    assert "Scientists report finding number 13.0" in text
    assert "Part 2 of the long-running series on discovery 13" in text  # (an article's link lists go; a listing's entries stay whole)


def test_entries_of_long_prose_are_an_article_not_teasers(algo):
    text = selected_text(algo, section_page(4, paragraphs=7))
    assert "Scientists report finding number 3.6" in text
    assert "Part 2 of the long-running series" not in text


def test_teaser_entries_need_a_linked_heading():
    f, kinds = features_and_kinds("<main>" + "".join(story(i) for i in range(4)).replace("<h2><a href", "<h2><span data-href").replace("</a></h2>", "</span></h2>") + "</main>")
    members = [i for i in range(len(f)) if f.tags[i] == "article"]
    assert listings.teaser_entries(f, [f.parent[members[0]]], [members], 20) == []
    f, kinds = features_and_kinds("<main>" + "".join(story(i) for i in range(4)) + "</main>")
    members = [i for i in range(len(f)) if f.tags[i] == "article"]
    assert listings.teaser_entries(f, [f.parent[members[0]]], [members], 20) == members


def clip(i: int, title_class: str = "clip-title") -> str:
    """A video playlist's entry: a title named as such (no heading, no link: a script plays it) and a teaser."""
    return (f"<div class='clip'><div class='{title_class}'>Scientists film discovery {i}</div>"
            f"<p>Researchers report finding number {i}, a result that surprised the field and that they will test again.</p></div>")


def clip_members(html: str) -> tuple:
    f, kinds = features_and_kinds(html)
    members = [i for i in range(len(f)) if f.elements[i].get("class") == "clip"]
    return f, [f.parent[members[0]]], members


@pytest.mark.parametrize("entries, title_class, teasers", [
    (8, "clip-title", True),  # a long run of entries, each with its title part: a playlist's teasers
    (8, "clip_headline", True),
    (4, "clip-title", False),  # a few sections named so are an article's
    (8, "clip-subtitled", False),  # a word holding "title" is no title part
])
def test_a_long_run_of_entries_with_title_parts_are_teasers(entries, title_class, teasers):
    f, nodes, members = clip_members("<main>" + "".join(clip(i, title_class) for i in range(entries)) + "</main>")
    assert listings.teaser_entries(f, nodes, [members], 20) == (members if teasers else [])


def result_tile(i: int, title_id: str) -> str:
    """A shop's search result: the item's title in an h2 of the results' title class (``title_id``
    its id), then its price."""
    return (f"<li class='result'><a href='/item/{i}'><h2 class='result-card__title' id='{title_id}-{i}'>Handmade leather wallet"
            f" number {i}, personalised</h2></a><p>USD {20 + i}.00</p></li>")


def marked_title_texts(html: str) -> list[str]:
    f, kinds = features_and_kinds(html)
    members = [i for i in range(len(f)) if f.elements[i].get("class") == "result"]
    spared = listings.marked_titles(f, kinds, [f.parent[members[0]]], [members])
    return [" ".join(f.elements[i].text_content().split()) for i in sorted(spared) if f.tags[i] == "h2"]


def test_a_sponsored_entrys_title_marked_by_its_id_stays():
    html = "<ul>" + "".join(result_tile(i, "ad-listing-title" if i % 2 else "listing-title") for i in range(6)) + "</ul>"
    f, kinds = features_and_kinds(html)
    assert any(kinds[i] == hints.BOILERPLATE for i in range(len(f)) if f.tags[i] == "h2")  # (the id marks them as ads)
    assert marked_title_texts(html) == [f"Handmade leather wallet number {i}, personalised" for i in (1, 3, 5)]


def test_a_heading_marked_in_every_entry_is_not_a_title_kept():
    html = "<ul>" + "".join(result_tile(i, "ad-listing-title") for i in range(6)) + "</ul>"
    assert marked_title_texts(html) == []



MACHINES = ["Bambino", "Barista", "Dedica", "Essenza", "Gaggia", "Moka", "Vertuo"]


def shop_tile(n: int, summary: str) -> str:
    return (f"<li class='tile'><a class='name' href='/p/{n}'>{MACHINES[n]} espresso machine</a>"
            f"<span class='price'>${199 + n}.95</span>{summary}</li>")


def shop_page(summary) -> str:
    tiles = "".join(shop_tile(n, summary(n)) for n in range(len(MACHINES)))
    faq = "".join(f"<p>Question {k}: how often should an espresso machine be descaled, and with what? Every month or two, "
                  f"with the maker's own descaler, more often with hard water.</p>" for k in range(2))
    return f"<html><body><main><h1>Espresso machines</h1><ul class='grid'>{tiles}</ul>{faq}</main></body></html>"


def test_a_marked_notice_every_tile_repeats_word_for_word_still_goes(algo):
    notice = "<div class='reviews-content'><p>Reviews are checked by our team before they are published here.</p></div>"
    text = selected_text(algo, shop_page(lambda n: notice))
    assert "Reviews are checked" not in text
    assert "Bambino espresso machine" in text


def test_a_footer_under_every_entry_still_goes(algo):
    footer = "<footer class='tile-footer'>Machine {0} was added by a member of staff on a weekday.</footer>"
    text = selected_text(algo, shop_page(footer.format))
    assert "was added by a member of staff" not in text


def test_entry_summaries_leave_a_marked_part_shown_twice_in_an_entry_out():
    part = "<div class='reviews-content'><p>A compact machine number {0} with a steam wand, heating up in seconds.</p></div>"
    f, kinds = algo_util.features_and_kinds(shop_page(lambda n: part.format(n) + part.format(n + 10)))
    groups = [[i for i in range(len(f)) if f.tags[i] == "li"]]
    assert listings.entry_summaries(f, kinds, [0], groups, 3) == set()
    f, kinds = algo_util.features_and_kinds(shop_page(part.format))
    groups = [[i for i in range(len(f)) if f.tags[i] == "li"]]
    assert listings.entry_summaries(f, kinds, [0], groups, 3)
def test_a_summary_sentence_every_tile_carries_stays_though_named_reviews(algo):
    # Each tile's one-sentence summary sits in a part named after reviews, which marks it as customer reviews.
    summary = "<div class='reviews-content'><p>A compact machine number {0} with a steam wand, heating up in seconds.</p></div>"
    text = selected_text(algo, shop_page(summary.format))
    for n in range(len(MACHINES)):
        assert f"A compact machine number {n} with a steam wand" in text
    assert "Bambino espresso machine" in text
