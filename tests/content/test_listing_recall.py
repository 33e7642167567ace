"""Listing recall for auto (filters/content/rules/listing_recall.py): a listing split into several
groups of entries keeps every entry's links (title, author) and date."""
from __future__ import annotations

import pytest

from clearpage.filters.content.rules import listing_recall
from tests.content.algo_util import features_and_kinds, joined_selection

AUTHORS = ["Renata Lopes", "Sergei Danov", "Steffi Jansen", "Ben Linders", "Nia Forsberg"]
SECTIONS = ["News", "Articles", "Podcasts", "Presentations"]


def card(section: int, i: int) -> str:
    """A story's card: its picture, then its linked title, topic and author and its date, nothing else."""
    n = section * 10 + i
    return (
        f"<li class='card'><img src='/i/{n}.jpg' alt=''><div class='card__content'><a href='/s/{n}'>Story {n}: faster build pipelines</a> "
        f"<a href='/t/cloud'>Cloud</a> <a href='/profile/{i}'>{AUTHORS[i]}</a> on Mar {n % 28 + 1:02d}</div></li>"
    )


WELCOME = (
    "<p>Engineering news from the teams that build and run large systems: what they changed, what they "
    "measured and what they would do again. New stories every weekday, podcasts on Fridays, and the talks "
    "of our conferences a month after each event, free to watch.</p>"
)


def front_page(intro: str = WELCOME) -> str:
    """A section front: a welcome, then four blocks of cards, each under its own heading and in its
    own kind of block, none holding half the page."""
    menu = "<nav><ul>" + "".join(f"<li><a href='/p{i}'>Topic {i}</a></li>" for i in range(8)) + "</ul></nav>"
    blocks = "".join(
        f"<section class='{name.lower()}-block'><h2>{name}</h2><ul class='cards'>{''.join(card(s, i) for i in range(5))}</ul></section>"
        for s, name in enumerate(SECTIONS)
    )
    return f"<html><body>{menu}<main><h1>Engineering news</h1>{intro}{blocks}</main></body></html>"


def test_every_group_of_cards_keeps_its_authors(algo):
    text = joined_selection(algo, front_page(), "https://example.com/")
    for s in range(len(SECTIONS)):
        for i in range(5):
            assert f"Story {s * 10 + i}:" in text
            assert AUTHORS[i] in text


def test_a_discussion_page_is_not_a_listing(algo):
    """The same cards on a thread's page are its posts' furniture (their dates, their posters):
    the rule stays out of it."""
    text = joined_selection(algo, front_page(), "https://example.com/threads/build-pipelines.123/")
    assert not all(author in text for author in AUTHORS)


def test_an_article_with_sections_of_related_stories_loses_them(algo):
    """With an article's prose beside them, the groups of cards are its related stories: they go."""
    prose = "".join(
        f"<p>Paragraph {i} of the essay explains, at some length and with care, how the team rebuilt its pipelines, "
        f"what it measured before and after, and why the old scheduler could not keep up with the load.</p>"
        for i in range(12)
    )
    text = joined_selection(algo, front_page(WELCOME + prose), "https://example.com/essay")
    assert "Paragraph 11 of the essay" in text
    assert "Renata Lopes" not in text


TITLES = ["Scaling global storytelling", "Optimizing recommendations", "Mount mayhem on modern CPUs", "Rebuilding the edge", "Lessons from chaos drills"]


def index_card(i: int) -> str:
    """A blog index's card: an <article> deep in wrappers of its own (not a sibling of the others)."""
    article = (
        f"<article class='card'><div><a href='/p/{i}'><h2>{TITLES[i]}</h2><h3>How our engineers approached part {i} of the "
        f"problem, and what they would keep or change when they do it again next year</h3></a>"
        f"<div><a href='/u/{i}'>Author {i}</a></div><div><a href='/b/{i}'>Blog</a></div><div>{i + 1}d ago</div>"
        f"<div><a href='/s/{i}'>Save</a></div><div><a href='/m/{i}'>More</a></div></div></article>"
    )
    return f"<div class='col-{i}'><div class='cell'>{article}</div></div>" if i % 2 else f"<div class='row-{i}'>{article}</div>"


def test_a_container_inside_one_of_several_article_cards_widens_to_all(algo):
    page = "<html><body><nav><a href='/'>Home</a><a href='/about'>About</a></nav><div id='root'>" + "".join(
        index_card(i) for i in range(5)) + "</div></body></html>"
    text = joined_selection(algo, page, "https://example.com/")
    assert all(title in text for title in TITLES)


def test_an_article_beside_its_related_cards_stays_alone(algo):
    body = "".join(
        f"<p>Paragraph {i} of the post explains, at some length and with care, how the team rebuilt its pipelines "
        f"and what it measured before and after.</p>" for i in range(8)
    )
    page = (
        f"<html><body><div id='root'><article class='card'><h1>Rebuilding the edge</h1>{body}</article>"
        + "".join(index_card(i) for i in (0, 1, 2, 4)) + "</div></body></html>"
    )
    text = joined_selection(algo, page, "https://example.com/p/3")
    assert "Paragraph 7 of the post" in text
    assert TITLES[0] not in text


LANGUAGES = ["Ada", "Basic", "Cobol", "Dart", "Elm", "Forth", "Go", "Haskell", "Icon", "Java", "Kotlin", "Lisp"]


def category_block(block_id: str, heading: str, entries: list[str]) -> str:
    """One block of a wiki's category page: a heading, then lettered columns of entries."""
    groups = "".join(
        f"<div class='cat-group'><h3>{letter}</h3><ul>{''.join(f'<li>{e}</li>' for e in entries[k::3])}</ul></div>"
        for k, letter in enumerate("ABC")
    )
    return f"<div id='{block_id}'><h2>{heading}</h2><div class='cat-content'><div class='cat-columns'>{groups}</div></div></div>"


def category_page() -> str:
    subcategories = [f"<a href='/c/{n}'>{n} dialects and implementations</a> ({len(n)} C, {len(n) + 2} P)" for n in LANGUAGES]
    pages = [f"<a href='/w/{n}'>{n} (language)</a>" for n in LANGUAGES]
    return (
        "<html><body><nav><a href='/'>Main page</a><a href='/random'>Random</a><a href='/help'>Help</a></nav>"
        "<main><h1>Category: Programming languages</h1><div class='generated'>"
        + category_block("subcategories", "Subcategories", subcategories)
        + category_block("pages", "Pages in this category", pages)
        + "</div></main></body></html>"
    )


def test_a_listing_block_brings_its_twin_of_bare_links(algo):
    """The pages of a category are bare links in a block built like the subcategories' block:
    they are the listing's second part, not a menu."""
    text = joined_selection(algo, category_page(), "https://example.com/wiki/Category:Programming_languages")
    assert "Kotlin dialects and implementations" in text
    assert all(f"{n} (language)" in text for n in LANGUAGES)


def feed_story(i: int, cls: str = "story-card") -> str:
    """A news feed's entry: its linked title in an h3 of the card's title class, and a one-line teaser."""
    return (f"<article class='{cls}'><h3 class='story-card__title'><a href='/n/{i}'>Markets move on report {i}</a></h3>"
            f"<p>Traders weighed the figures of report {i} against the forecast.</p></article>")


def news_section(featured_wrapper: str, title_class: str = "story-card__title") -> str:
    """An economy section: three featured stories in a block of their own (``featured_wrapper``
    around it: 'div', 'aside'), then the feed of ten stories built from the same card in a column
    beside the most-read links."""
    featured = "".join(f"<li class='featured-item'>{feed_story(i, 'story-card story-card--big')}</li>" for i in range(3))
    feed = "".join(feed_story(i) for i in range(3, 13))
    return (f"<div class='page'><{featured_wrapper} class='top'><ul class='featured-list'>{featured.replace('story-card__title', title_class)}</ul>"
            f"</{featured_wrapper}><div class='grid'><section class='feed'>{feed}</section></div></div>")


def selection_with_alike_entries(html: str) -> str:
    """The text of the selection (the feed) after ``with_alike_entries``, the groups of records
    being the featured items and the feed's stories."""
    f, kinds = features_and_kinds(f"<html><body>{html}</body></html>")
    feed = next(i for i in range(len(f)) if f.tags[i] == "section")
    groups = [[i for i in range(len(f)) if f.tags[i] == "li"], f.children(feed)]
    nodes = listing_recall.with_alike_entries(f, kinds, [feed], groups)
    return " ".join(f.elements[i].text_content() for i in nodes)


def test_featured_entries_built_like_the_listings_join_it():
    text = selection_with_alike_entries(news_section("div"))
    assert "Markets move on report 12" in text
    assert "Markets move on report 0" in text


@pytest.mark.parametrize("wrapper, title_class", [("aside", "story-card__title"), ("div", "promo__title")])
def test_entries_in_a_sidebar_or_with_another_title_stay_out(wrapper, title_class):
    text = selection_with_alike_entries(news_section(wrapper, title_class))
    assert "Markets move on report 12" in text
    assert "Markets move on report 0" not in text
