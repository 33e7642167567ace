"""The auto content selection on small pages written for it: what it must keep, what it must drop."""
from __future__ import annotations

import dataclasses

import pytest

from clearpage.filters import dom
from clearpage.filters.content import hints
from clearpage.filters.content.base import ALGORITHMS
from clearpage.filters.context import PageContext
from tests.helpers import page

PROSE = (
    "The committee met on Tuesday to discuss the new budget, which includes funding for schools, "
    "roads and the library. Members argued for hours, and the vote was postponed until next week. "
)
NAV = "<nav><ul>" + "".join(f"<li><a href='/s{i}'>Section {i}</a></li>" for i in range(12)) + "</ul></nav>"
FOOTER = "<footer><p>Copyright 2025 Example News. All rights reserved.</p><a href='/privacy'>Privacy policy</a> <a href='/terms'>Terms</a></footer>"


def reader_text(pipeline, body: str, url: str = "https://example.com/news/budget", **kw) -> str:
    return pipeline.run(page(body, **kw), url, mode="reader").text


def select(default_config, html: str, url: str = "https://example.com/page"):
    algo = ALGORITHMS["auto"](default_config.settings.content.options["auto"], None)
    doc = dom.parse(html)
    return doc, algo.select(doc, PageContext(url=url, base_url=url))


def test_auto_is_the_default_algorithm(default_config):
    assert default_config.settings.content.algorithm == "auto"
    assert default_config.base.algorithms[0].name == "auto"


def test_picks_the_article_over_nav_sidebar_footer_and_comments(pipeline):
    body = (
        NAV
        + "<div class='layout'><div class='main-column'><article><h1>Budget vote delayed</h1>"
        + f"<p>{PROSE * 2}</p><p>{PROSE}</p><h2>What happens next</h2><p>{PROSE}</p></article>"
        + "<section id='comments' class='comments'>"
        + "".join(f"<div class='comment'><p>Reader {i} says: I disagree with the council, strongly and at length, because it never listens to anyone.</p></div>" for i in range(8))
        + "</section></div>"
        + "<aside class='sidebar'><h3>Most read</h3><ul>"
        + "".join(f"<li><a href='/story{i}'>Another story headline number {i}</a></li>" for i in range(8))
        + "</ul></aside></div>"
        + FOOTER
    )
    text = reader_text(pipeline, body)
    assert "The committee met on Tuesday" in text
    assert "What happens next" in text
    assert text.index("committee") < text.index("What happens next")
    for boilerplate in ("Section 3", "Another story headline", "Reader 3 says", "All rights reserved"):
        assert boilerplate not in text


def test_keeps_three_sections_of_a_service_page_in_order(pipeline):
    sections = [
        ("Consulting", "We review your systems, interview your team, and write a plan you can actually follow."),
        ("Training", "Hands-on workshops for developers and operators, in person or online, tailored to your stack."),
        ("Support", "A named engineer answers within four hours, every day of the year, including holidays."),
    ]
    body = NAV + "<main>" + "".join(
        f"<section class='block'><h2>{title}</h2><p>{text}</p><a class='button' href='/{title.lower()}'>Learn more</a></section>"
        + "<div class='cta'><a href='/contact'>Contact us</a></div>"
        for title, text in sections
    ) + "</main>" + FOOTER
    text = reader_text(pipeline, body, url="https://example.com/services")
    positions = [text.index(title) for title, _ in sections]
    assert positions == sorted(positions)
    for _, sentence in sections:
        assert sentence in text
    assert "Section 5" not in text and "All rights reserved" not in text


def test_drops_a_link_heavy_block_beside_the_text(pipeline):
    links = "<div class='more'>" + " | ".join(f"<a href='/t/{i}'>Topic {i}</a>" for i in range(25)) + "</div>"
    body = f"<div id='wrap'><div class='text'><p>{PROSE * 3}</p>{links}<p>{PROSE}</p></div></div>"
    text = reader_text(pipeline, body)
    assert text.count("The committee met") == 4
    assert "Topic 7" not in text


def test_picks_a_cjk_article(pipeline):
    prose = "委員会は火曜日に会合を開き、学校、道路、図書館への資金を含む新しい予算について議論した。議員たちは何時間も議論し、投票は来週に延期された。"
    menu = "<ul class='menu'>" + "".join(f"<li><a href='/c{i}'>カテゴリー{i}</a></li>" for i in range(15)) + "</ul>"
    body = f"<header>{menu}</header><div class='honbun'><h1>予算の採決が延期</h1><p>{prose}</p><p>{prose}</p><p>{prose}</p></div>{FOOTER}"
    text = reader_text(pipeline, body, lang="ja")
    assert "委員会は火曜日に会合を開き" in text
    assert "カテゴリー3" not in text


def test_keeps_a_listing_of_teasers_although_titles_are_links(pipeline):
    items = "".join(
        f"<div class='teaser'><h3><a href='/post/{i}'>A long and descriptive headline for story number {i}</a></h3>"
        f"<p class='date'>March {i + 1}, 2025</p><p>A short summary of story {i}, two lines at most, written by the editors.</p></div>"
        for i in range(10)
    )
    body = NAV + f"<div class='listing'><h1>Latest news</h1>{items}</div>" + FOOTER
    text = reader_text(pipeline, body, url="https://example.com/news/")
    assert all(f"story number {i}" in text for i in range(10))
    assert "A short summary of story 3, two lines at most" in text
    assert "March 4, 2025" not in text  # (an entry's date line: listing_trim.remove_entry_meta)
    assert "Section 3" not in text


def test_forum_thread_keeps_every_post(pipeline):
    posts = "".join(
        f"<div class='comment post'><a class='user' href='/u/{i}'>user{i}</a><p>Post {i}: I tried the new driver and the problem went away after a reboot, thanks for the tip.</p></div>"
        for i in range(6)
    )
    body = NAV + f"<div class='thread'><h1>Driver problem</h1>{posts}</div>" + FOOTER
    text = reader_text(pipeline, body, url="https://forum.example.com/t/driver-problem/123")
    assert all(f"Post {i}:" in text for i in range(6))


def test_comments_wrapped_in_forms_with_only_hidden_inputs_are_kept(pipeline):
    # Old reddit puts every comment inside its edit form (a hidden input, no visible control):
    # such a form is a wrapper, not a short input form to drop.
    posts = "".join(
        f"<div class='comment'><a class='user' href='/u/{i}'>user{i}</a><form action='#' class='usertext'>"
        f"<input type='hidden' name='thing_id' value='t1_{i}'><div class='md'><p>Reply {i}: the follicles grew "
        f"in the dish for weeks, which is the part I did not expect.</p></div></form></div>"
        for i in range(6)
    )
    signup = ("<form action='/subscribe'><p>Get replies by mail.</p><input type='email' name='mail'>"
              "<button>Sign up</button></form>")
    body = NAV + f"<div class='thread'><h1>Hair follicles grown in a lab</h1>{posts}{signup}</div>" + FOOTER
    text = reader_text(pipeline, body, url="https://forum.example.com/r/science/comments/1rku5x9/hair/")
    assert all(f"Reply {i}:" in text for i in range(6))
    assert "Get replies by mail" not in text  # a form with a control a reader sees still goes


def test_keeps_tables_code_lists_figures_and_lazy_images(default_config):
    body = (
        f"<article><p>{PROSE}</p><table><tr><th>Item</th><th>Cost</th></tr><tr><td>Roads</td><td>4 M</td></tr></table>"
        "<pre><code>def f(x):\n    return x + 1\n</code></pre>"
        "<ul><li>first point</li><li>second point</li></ul>"
        "<figure><img data-src='/img/chart.png' src='data:image/gif;base64,R0lGOD' alt='chart'><figcaption>The budget, by item</figcaption></figure>"
        f"<img data-srcset='/img/a.png 1x' alt='a'><p>{PROSE}</p></article>"
    )
    doc, selection = select(default_config, page(NAV + body + FOOTER))
    node = selection.node
    assert node.tag == "article"
    assert node.find(".//table") is not None and node.find(".//pre") is not None
    assert "    return x + 1" in node.find(".//pre").text_content()
    assert [li.text for li in node.iter("li")] == ["first point", "second point"]
    assert node.find(".//figcaption") is not None
    images = list(node.iter("img"))
    assert images[0].get("src") == "/img/chart.png"
    assert images[1].get("srcset") == "/img/a.png 1x"


def test_headings_keep_their_order(pipeline):
    body = "<main>" + "".join(f"<h2>Part {n}</h2><p>{PROSE}</p>" for n in ("one", "two", "three", "four")) + "</main>"
    text = reader_text(pipeline, NAV + body)
    positions = [text.index(f"Part {n}") for n in ("one", "two", "three", "four")]
    assert positions == sorted(positions)


def test_unwraps_a_button_that_swallowed_the_page(default_config):
    # libxml2 lets an unclosed <button> swallow what follows; buttons are not shown as text.
    html = page(f"<div class='top'><button class='menu-button'><span>Menu</span><div class='content'><p>{PROSE * 3}</p></div></div>")
    doc, selection = select(default_config, html)
    assert selection is not None and "committee" in dom.text_of(selection.node)
    assert not any(len(b.text_content()) > 100 for b in doc.iter("button"))


def test_survives_a_very_deep_page(default_config):
    # The parser caps nesting, so the deep tree is built directly: no recursion may overflow.
    # (The chain is held in a list: lxml frees a proxy with a walk up the tree, so letting each
    # one go while building would make the test itself quadratic.)
    doc = dom.parse(page("<div id='top'></div>"))
    chain = [doc.get_element_by_id("top")]
    for _ in range(100_000):
        chain.append(dom.new_element("div", parent=chain[-1]))
    dom.new_element("p", text=PROSE * 3, parent=chain[-1])
    algo = ALGORITHMS["auto"](default_config.settings.content.options["auto"], None)
    selection = algo.select(doc, PageContext(url="https://example.com/deep"))
    assert selection is not None
    assert "committee" in selection.node.text_content()


def test_returns_none_for_an_empty_body(default_config):
    _, selection = select(default_config, page(""))
    assert selection is None


def test_layout_table_portal_keeps_the_article_cell_only(pipeline):
    # A 2000s portal: one table lays out the page; its cells are columns, not records.
    nav = "".join(f"<a href='/{s.lower()}/'>{s}</a><br>" for s in ("Home", "Local", "Sport", "Weather", "Jobs", "Contact"))
    headlines = "".join(f"<a href='/news/{i}.html'>Headline number {i} of the day</a><br>" for i in range(5))
    body = (
        "<table width='100%'><tr><td colspan='3'><b>The Riverside Courier</b></td></tr>"
        f"<tr><td width='150' valign='top'>{nav}</td>"
        f"<td width='500' valign='top'><h1>Budget vote delayed</h1><p>{PROSE * 2}</p><p>{PROSE}</p></td>"
        f"<td width='150' valign='top'><p><b>More headlines</b></p>{headlines}</td></tr>"
        "<tr><td colspan='3'>Copyright 2003 The Riverside Courier</td></tr></table>"
    )
    result = pipeline.run(page(body), "https://courier.example/news/budget.html", mode="text")
    assert "Budget vote delayed" in result.text and result.text.count("The committee met") == 3
    for boilerplate in ("Weather", "More headlines", "Headline number 2", "Copyright 2003"):
        assert boilerplate not in result.text.split("\nLinks\n")[0].split("Removed links")[0]
    assert result.selection.startswith("auto: td ")


def test_streamed_content_is_read_where_the_page_script_would_put_it(pipeline):
    # React streaming: the article arrives in a hidden segment after a "Loading" fallback.
    body = (
        NAV + "<main><!--$?--><template id='B:0'></template><div class='spinner'>Loading...</div><!--/$--></main>"
        + FOOTER + f"<div hidden id='S:0'><article><h1>Budget vote delayed</h1><p>{PROSE * 2}</p><p>{PROSE}</p></article></div>"
        + "<script>$RC('B:0','S:0')</script>"
    )
    text = reader_text(pipeline, body)
    assert text.count("The committee met") == 3 and "Loading..." not in text and "Section 4" not in text


def test_cleaning_never_empties_the_selection(default_config):
    # Tiles whose class names say "promo": the tiles are the page, removing them all would serve nothing.
    tiles = "".join(f"<div class='promo-card'><h3><a href='/o{n}'>Offer number {n} for the whole season</a></h3><p>Save on tickets.</p></div>" for n in range(6))
    _, selection = select(default_config, page(NAV + f"<div class='offers'>{tiles}</div>" + FOOTER))
    text = " ".join(dom.text_of(node) for node in selection.nodes)
    assert all(f"Offer number {n} for" in text for n in range(6))


def test_content_hidden_for_a_script_to_reveal_is_found(pipeline):
    # A lazy product block (display:none until a script runs): with nothing visible worth
    # reading and the hidden text outweighing the visible, auto looks inside the hidden parts.
    product = (
        "<div class='defer-block' style='display: none'><article class='product'><h1>Almond thins</h1>"
        f"<p>{PROSE}</p><p>{PROSE}</p></article></div>"
    )
    body = "<header><a href='/'>Shop</a> <a href='/cart'>Cart</a></header>" + product
    text = reader_text(pipeline, body, url="https://shop.example.com/p/almond-thins")
    assert "Almond thins" in text and "The committee met" in text
    assert "Cart" not in text


def test_hidden_menus_stay_out_when_the_page_shows_its_content(pipeline):
    menu = "<div class='mega' style='display:none'>" + "".join(f"<p>Hidden menu paragraph {i}. {PROSE}</p>" for i in range(6)) + "</div>"
    body = menu + f"<article><h1>Budget vote delayed</h1><p>{PROSE * 2}</p></article>"
    text = reader_text(pipeline, body)
    assert "Budget vote delayed" in text
    assert "Hidden menu paragraph" not in text


def test_product_description_beats_the_customer_reviews(pipeline):
    description = (
        "<div class='product-info'><h1>Trail 25 pack</h1><p>Keep your day's gear within easy reach: a ripstop nylon body, "
        "a padded hip belt, and pockets galore for quick access to all your essentials on the trail.</p>"
        "<p>The frame sheet keeps the load close to your back, the mesh panel lets air through on hot climbs, and the "
        "side pockets hold a one-liter bottle each. The top lid has a zip pocket for keys, a headlamp and snacks.</p>"
        "<p>It is made of recycled nylon with a durable water repellent finish made without PFAS, and the "
        "bottom panel is reinforced where packs wear first. Fits torsos from 15 to 21 inches.</p>"
        "<ul class='specs'><li>Capacity: 25 liters</li><li>Weight: 1 lb. 13 oz.</li><li>Raincover included: yes</li></ul></div>"
    )
    reviews = "<section class='product-reviews'><h2>Customer reviews</h2>" + "".join(
        f"<article class='review'><p>Reviewer {i}: I took this pack on a long hike last weekend and it was comfortable, roomy and dry, even in the rain, great value.</p></article>"
        for i in range(3)
    ) + "</section>"
    body = NAV + f"<main>{description}{reviews}</main>" + FOOTER
    text = reader_text(pipeline, body, url="https://shop.example.com/product/trail-25")
    assert "Keep your day's gear" in text and "Capacity: 25 liters" in text
    assert "Reviewer 1" not in text


def test_a_tiny_best_container_is_no_selection(default_config):
    # Cards whose every word is a link score below zero; a price tag winning is a miss, and
    # the page (or the fallback algorithm) beats three words.
    cards = "".join(
        f"<div class='tile'><a href='/p/{i}'>Helmet light {i}</a><div class='price'>$2{i}.95</div></div>" for i in range(6)
    )
    doc, selection = select(default_config, f"<html><body>{NAV}<div class='grid'>{cards}</div></body></html>")
    assert selection is None or sum(len(dom.text_of(n)) for n in selection.nodes) >= 150


class _FakeModel:
    """A stand-in for the shipped block classifier: p(content) by element id."""

    def __init__(self, by_id: dict[str, float]):
        self.by_id = by_id

    def probabilities(self, f, kinds=None, blocks=None):
        asked = range(len(f.elements)) if blocks is None else blocks
        return {i: self.by_id[f.elements[i].get("id")] for i in asked if f.elements[i].get("id") in self.by_id}


def _auto(default_config, **overrides):
    import dataclasses

    opts = dataclasses.replace(default_config.settings.content.options["auto"], **overrides)
    return ALGORITHMS["auto"](opts, None)


SPECS_PAGE = (
    "<html><body><div id='wrap'><div id='story'>" + f"<p>{PROSE}</p>" * 4 + "</div>"
    "<div id='specs'><ul><li>Capacity 25 liters</li><li>Weight 1 lb 13 oz</li></ul></div>"
    "<div id='care'><p>Members get free shipping on every order over fifty dollars, every day of the week, all year.</p></div>"
    "</div></body></html>"
)


def _selected_ids(algo, html: str) -> set[str]:
    selection = algo.select(dom.parse(html), PageContext(url="https://example.com/p", base_url="https://example.com/p"))
    return {n.get("id") for n in selection.nodes}


def test_classifier_switch_off_never_asks_the_model(default_config, monkeypatch):
    from clearpage.filters.learn import classifier

    monkeypatch.setattr(classifier, "shipped", lambda: pytest.fail("classifier asked although switched off"))
    assert _selected_ids(_auto(default_config, classifier=False), SPECS_PAGE) == {"story", "care"}


def test_classifier_has_a_say_on_which_siblings_join(default_config, monkeypatch):
    from clearpage.filters.learn import classifier

    # Without the model: the prose sibling joins, the short spec list does not.
    monkeypatch.setattr(classifier, "shipped", lambda: _FakeModel({}))
    assert _selected_ids(_auto(default_config, classifier=True), SPECS_PAGE) == {"story", "care"}
    # A sibling the model is sure of joins; one it rules out stays out.
    monkeypatch.setattr(classifier, "shipped", lambda: _FakeModel({"specs": 0.95, "care": 0.05}))
    assert _selected_ids(_auto(default_config, classifier=True), SPECS_PAGE) == {"story", "specs"}


def test_classifier_weighs_on_the_choice_of_container(default_config, monkeypatch):
    from clearpage.filters.learn import classifier

    nested = (
        "<html><body><div id='outer'><div id='inner'>" + f"<p>{PROSE}</p>" * 3 + "</div>"
        "<p>Filed under budget news and council meetings.</p></div></body></html>"
    )
    algo = _auto(default_config, classifier=True)
    monkeypatch.setattr(classifier, "shipped", lambda: _FakeModel({"outer": 0.01, "inner": 0.99}))
    assert _selected_ids(algo, nested) == {"inner"}
    monkeypatch.setattr(classifier, "shipped", lambda: _FakeModel({"outer": 0.99, "inner": 0.01}))
    assert _selected_ids(algo, nested) == {"outer"}


def test_classifier_is_asked_only_about_containers_that_could_win(default_config, monkeypatch):
    # p moves a score by at most 1 +- classifier_container: a candidate far below the best is
    # not asked about, and the choice is the one asking about every candidate gives.
    from clearpage.filters.learn import classifier

    small = "<div id='small'><p>Filed under budget news.</p></div>"
    nested = (
        "<html><body><div id='outer'><div id='inner'>" + f"<p>{PROSE}</p>" * 3 + "</div>"
        + small + "</div></body></html>"
    )
    asked: list[set[str]] = []

    class Recording(_FakeModel):
        def probabilities(self, f, kinds=None, blocks=None):
            asked.append({f.elements[i].get("id") for i in blocks})
            return super().probabilities(f, kinds, blocks)

    algo = _auto(default_config, classifier=True)
    for by_id, expected in (({"outer": 0.01, "inner": 0.99, "small": 0.5}, {"inner"}), ({"outer": 0.99, "inner": 0.01, "small": 0.5}, {"outer"})):
        asked.clear()
        monkeypatch.setattr(classifier, "shipped", lambda: Recording(by_id))
        assert _selected_ids(algo, nested) == expected
        assert {"outer", "inner"} <= asked[0] and "small" not in asked[0]


def test_a_grid_of_product_tiles_is_kept_whole(pipeline):
    # Every word of a tile is its link (name) but for the price: a menu by text alone; the
    # picture in each tile says these are cards, and they are the page.
    tiles = "".join(
        f"<div class='tile'><a href='/p/{i}'><img src='/img/{i}.jpg' alt=''></a><a href='/p/{i}'>Helmet vent light {i}</a>"
        f"<div class='price'>$2{i}.95</div></div>"
        for i in range(8)
    )
    body = NAV + f"<div class='results'><h1>Lights</h1><p>8 results</p><div class='grid'>{tiles}</div></div>" + FOOTER
    text = reader_text(pipeline, body, url="https://shop.example.com/cycling/lights/")
    assert all(f"Helmet vent light {i}" in text for i in range(8))
    assert "$27.95" in text
    assert "Section 3" not in text and "All rights reserved" not in text


def test_hidden_tab_panels_of_a_product_stay_in(pipeline):
    tabs = (
        "<div class='product-tabs'><ul class='tab-titles'><li>Description</li><li>Specifications</li></ul>"
        f"<div class='tab-pane active' role='tabpanel'><p>{PROSE * 2}</p></div>"
        "<div class='tab-pane' role='tabpanel' style='display:none'><p>Made of recycled nylon, 25 liters, weighs one pound and thirteen ounces, with a raincover.</p></div>"
        "</div>"
    )
    popup = "<div class='newsletter-popup' style='display:none'><p>Sign up for our newsletter and save ten percent on your first order today.</p></div>"
    body = NAV + f"<main><h1>Trail 25 pack</h1>{tabs}{popup}</main>" + FOOTER
    text = reader_text(pipeline, body, url="https://shop.example.com/product/trail-25")
    assert "The committee met" in text
    assert "Made of recycled nylon" in text
    assert "save ten percent" not in text


def test_small_best_container_grows_to_its_column_not_the_page(default_config):
    # A product page of short blocks (title, price, specs) whose best block is under
    # min_container_chars: it grows to the nearest ancestor with enough text while that is a
    # small, mostly unlinked part of the page, instead of giving up (the whole page).
    menu = "<div class='menu'>" + "".join(f"<div><a href='/c{i}'>Category number {i}</a></div>" for i in range(30)) + "</div>"
    html = (
        "<html><body>" + menu
        + "<div class='outer'><div class='wrap'><div class='main'><h1>Command Decorating Clips, Clear</h1>"
        + "<div class='spec'><p>Manufacturer 3M</p></div><div class='spec'><p>Part 17026CLR</p></div>"
        + "<div class='block'><p>Amazon pricing is not included in price history graphs.</p></div></div>"
        + "<div class='block'><p>Expected availability: two to four weeks, free shipping.</p></div></div>"
        + "".join(f"<div><a href='/s{i}'>Log in to save</a></div>" for i in range(6)) + "</div>"
        + menu + "</body></html>"
    )
    options = dataclasses.replace(default_config.settings.content.options["auto"], min_container_chars=250)
    algo = ALGORITHMS["auto"](options, None)
    selection = algo.select(dom.parse(html), PageContext(url="https://example.com/p", base_url="https://example.com/p"))
    assert selection is not None
    text = " ".join(el.text_content() for el in selection.nodes)
    assert "Command Decorating Clips" in text and "Part 17026CLR" in text and "two to four weeks" in text
    assert "Category number" not in text


def test_records_holding_the_page_keep_a_style_mark(default_config):
    # Every listing entry's card is "sticky-action" (a style word that marks boilerplate): the
    # entries hold the page's text, so the mark is a style, and the whole listing is content.
    entries = "".join(
        f"<div class='col'><div class='card sticky-action'><h3>Podcast show {i}</h3>"
        f"<p>A weekly talk about gardening, cooking and the news of town number {i}, with guests.</p></div></div>"
        for i in range(10)
    )
    html = f"<html><body>{NAV}<main><h1>Podcasts</h1><div class='row'>{entries}</div></main>{FOOTER}</body></html>"
    _, selection = select(default_config, html)
    text = " ".join(el.text_content() for el in selection.nodes)
    for i in (0, 4, 9):
        assert f"Podcast show {i}" in text


def test_records_marked_as_reviews_or_inside_a_menu_keep_their_mark(default_config):
    reviews = "".join(
        f"<div class='review-item sticky'><p>Reviewer {i}: the guitar arrived with a crack in the neck pocket and scratches.</p></div>"
        for i in range(10)
    )
    html = (
        f"<html><body><main><h1>Player guitar</h1><p>{PROSE}</p><p>{PROSE}</p></main>"
        f"<div class='reviews'>{reviews}</div></body></html>"
    )
    _, selection = select(default_config, html)
    text = " ".join(el.text_content() for el in selection.nodes)
    assert "The committee met" in text
    assert "Reviewer 3" not in text


def test_a_long_section_with_header_is_not_a_header(default_config):
    # "section-with-header" ends in "header" (a boilerplate token): a long block so named is a
    # section with its heading, the content; a short "entry-header" keeps the mark.
    posts = "".join(
        f"<li><h3><a href='/p{i}'>How we rebuilt the search architecture, part {i}</a></h3>"
        f"<p>Here is how we made the search experience better, faster and more resilient, step {i}.</p></li>"
        for i in range(4)
    )
    html = (
        f"<html><body>{NAV}<main><div class='feed'><p>{PROSE * 5}</p></div>"
        f"<div class='section-with-header'><h2>Latest</h2><ul class='posts'>{posts}</ul></div>"
        f"</main>{FOOTER}</body></html>"
    )
    _, selection = select(default_config, html)
    text = " ".join(el.text_content() for el in selection.nodes)
    assert "part 0" in text and "step 3" in text
    assert hints.compound_header_only(dom.parse("<div class='entry-header'>x</div>").xpath("//div")[0])
    assert not hints.compound_header_only(dom.parse("<div class='header-top'>x</div>").xpath("//div")[0])


def test_own_values_are_each_blocks_value_plus_each_links(default_config):
    from clearpage.filters.content import features as feat
    from clearpage.filters.content.auto import scoring
    algo = ALGORITHMS["auto"](default_config.settings.content.options["auto"], None)
    doc = dom.parse(page(NAV + f"<article><h1>Budget</h1><p>{PROSE}<a href='/m'>minutes</a></p><div>short <b>bold</b></div></article>" + FOOTER))
    f = feat.compute(dom.body_of(doc))
    o = algo.options
    expected = [
        (scoring.block_value(o, f, i) if f.is_block[i] else 0.0) + (o.link_weight * f.chars[i] - o.link_cost if f.is_link[i] else 0.0)
        for i in range(len(f))
    ]
    assert scoring.own_values(o, f) == expected
    assert any(f.is_link[i] for i in range(len(f))) and any(v > 0 for v in expected)


def test_a_discussion_url_with_no_comments_on_a_link_heavy_page_is_no_thread(default_config):
    # A shop's product at a /t/ URL whose menus outweigh its text (the body's value is below
    # zero): with no comment-marked block it is not read as a thread, so a shop's "Pairs well
    # with" section inside the selection goes as on any product page.
    menu = "".join(f"<li><a href='/c/{i}'>Category {i}</a></li>" for i in range(120))
    description = "".join(f"<p>The trail shoe grips wet rock and stays light on long days, point {i}.</p>" for i in range(5))
    others = "".join(f"<li><a href='/p/{i}'>Running sock {i}</a> merino wool with a cushioned heel, $18</li>" for i in range(4))
    html = (f"<html><body><nav><ul>{menu}</ul></nav><main><div class='product'><h1>Trail shoe</h1>{description}"
            f"<section><h2>Pairs well with</h2><ul>{others}</ul></section></div></main></body></html>")
    doc, selection = select(default_config, html, url="https://shop.example/t/trail-shoe")
    text = " ".join(el.text_content() for el in selection.nodes)
    assert "grips wet rock" in text
    assert "Running sock" not in text
