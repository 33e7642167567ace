"""Product pages for auto (filters/content/rules/product.py): sections headed in shops' words for other
items, and text blocks repeated for another screen size or as a carousel's clones."""
from __future__ import annotations

import pytest

from clearpage.filters import dom, pagekind
from clearpage.filters.content import features as feat
from clearpage.filters.content import hints
from clearpage.filters.content.rules import product
from clearpage.filters.context import PageContext
from tests.content.algo_util import joined_selection, product_page



def selected_text(algo, html: str) -> str:
    return joined_selection(algo, html, "https://example.com/shop/mug")



def tiles(name: str) -> str:
    return "".join(f"<li><a href='/i{i}'>{name} number {i}, hand painted</a><p>$ {20 + i}.00</p></li>" for i in range(5))


@pytest.mark.parametrize("heading", [
    "Products related to this item", "Customers frequently viewed", "More like this", "More from Potterypark",
    "Sponsored products", "Frequently bought together", "Consider these available items",
    "Variations of this style", "Better together", "Shop the look", "Pairs well with",
])
def test_sections_headed_in_shop_words_for_other_items_leave_the_product(algo, heading):
    text = selected_text(algo, product_page(f"<div><h2>{heading}</h2><ul>{tiles('Porcelain cup')}</ul></div>"))
    assert "wheel thrown and glazed by hand, detail 4" in text
    assert "Porcelain cup number 3" not in text


def test_a_section_about_the_item_itself_stays(algo):
    specs = "<div><h2>Product details</h2><p>Capacity: 350 millilitres; height 9 cm; weight 280 g, glazed inside.</p></div>"
    text = selected_text(algo, product_page(specs))
    assert "Capacity: 350 millilitres" in text


def test_other_items_words_match_headings_only_at_their_start():
    assert product.OTHER_ITEMS_HEADING.match("More like this")
    assert not product.OTHER_ITEMS_HEADING.match("Why customers love it: more like this please")
    # "Better together" alone names a bundle of other items; as a headline's start it is prose.
    assert product.OTHER_ITEMS_HEADING.match("Better together!")
    assert not product.OTHER_ITEMS_HEADING.match("Better together: multiplayer gaming for the family")


def description_copy(cls: str) -> str:
    return (f"<div class='{cls}'><p>Make each cup of tea feel special with a speckled glaze, fired twice.</p>"
            "<p>Volume: approx. 350 ml, dishwasher and microwave safe.</p></div>")


def test_a_description_repeated_for_another_screen_size_is_shown_once(algo):
    html = product_page(description_copy("product-description hide-on-mobile") + description_copy("product-description hide-on-desktop"))
    text = selected_text(algo, html)
    assert text.count("Make each cup of tea feel special") == 1
    assert text.count("Volume: approx. 350 ml") == 1


def test_a_carousels_cloned_slides_are_shown_once(algo):
    slides = "".join(f"<div class='slide'><p>Slide {i}: wool keeps your feet dry and warm all day.</p></div>" for i in range(3))
    clones = "".join(f"<div class='slide slick-cloned'><p>Slide {i}: wool keeps your feet dry and warm all day.</p></div>" for i in range(3))
    text = selected_text(algo, product_page(f"<div class='gallery-track'>{slides}{clones}</div>"))
    assert text.count("Slide 1: wool keeps") == 1


def test_text_repeated_outside_screen_variants_stays(algo):
    plan = "<div class='plan'><h3>{}</h3><ul><li>Phone consultation with one of our resume experts.</li></ul></div>"
    text = selected_text(algo, product_page(plan.format("Basic") + plan.format("Premium")))
    assert text.count("Phone consultation with one of our resume experts") == 2


def events_in_rows(row_class: str) -> str:
    """An events listing whose rows carry ``row_class``; two events share a location line."""
    places = ["Toronto, Canada", "Chicago, Illinois", "Toronto, Canada", "Austin, Texas"]
    rows = "".join(f"<div class='{row_class}'><div class='column'><h3><a href='/e{i}'>Developer meetup number {i}</a></h3>"
                   f"<p>Tech conference in {place}, North America</p></div></div>" for i, place in enumerate(places))
    return f"<html><body><main><h1>Tech conferences</h1><div id='events'>{rows}</div></main></body></html>"


def test_a_line_two_entries_share_stays_in_rows_named_for_every_screen(algo):
    # Bulma's "columns is-mobile" keeps a row's columns side by side on phones: every screen shows it.
    text = joined_selection(algo, events_in_rows("row columns is-mobile"), "https://example.com/events")
    assert text.count("Tech conference in Toronto, Canada") == 2


@pytest.mark.parametrize("cls, variant", [
    ("columns is-mobile", False), ("title is-size-7-mobile", False), ("column is-four-fifths-desktop", False),
    ("column is-full-touch", False), ("is-hidden-mobile", True), ("is-block-tablet", True),
    ("hide-on-mobile", True), ("mobile-only", True), ("d-lg-none", True),
])
def test_screen_variant_classes_are_those_that_show_or_hide(cls, variant):
    assert (product._VARIANT_CLASS.search(cls) is not None) is variant


def shop_grid(tile: str) -> str:
    """A collection page: a short intro, then six tiles made by ``tile.format(i)``."""
    tiles = "".join(tile.format(i) for i in range(6))
    return ("<html><body><main><h1>Stoneware cups</h1><p>Every cup in this collection is thrown by hand in our studio"
            f" and glazed in small batches.</p><ul class='grid'>{tiles}</ul></main></body></html>")


def test_a_tiles_name_shown_over_its_image_and_as_its_title_is_shown_once(algo):
    html = shop_grid("<li class='card'><div class='card-media'><a href='/p{0}'>Speckled porcelain cup {0}</a></div>"
                     "<h3 class='card-title'><a href='/p{0}'>Speckled porcelain cup {0}</a></h3><p>$ 2{0}.00</p>"
                     "<p>Holds 250 ml of tea, with a glaze that is fired twice.</p></li>")
    text = joined_selection(algo, html, "https://example.com/collections/cups")
    assert text.count("Speckled porcelain cup 4") == 1
    assert "Holds 250 ml of tea" in text


def test_a_repeated_sentence_or_a_tables_equal_cells_stay(algo):
    # Prose repeated inside one tile is a summary, not a copy; cells of one row repeat on purpose.
    tile = ("<li class='card'><h3><a href='/p{0}'>Good for tea, cup {0}.</a></h3><h4><a href='/p{0}'>Good for tea, cup {0}.</a></h4>"
            "<div class='row'><div class='cell'>Dishwasher safe always</div><div class='cell'>Dishwasher safe always</div></div>"
            "<p>Holds 250 ml of tea, with a glaze that is fired twice.</p></li>")
    text = joined_selection(algo, shop_grid(tile), "https://example.com/collections/cups")
    assert text.count("Good for tea, cup 4.") == 2
    assert text.count("Dishwasher safe always") == 12


def text_on_a_page_of_kind(algo, html: str, kind: str | None) -> str:
    url = "https://example.com/shop/mug"
    selection = algo.select(dom.parse(html), PageContext(url=url, base_url=url, page_kind=kind))
    assert selection is not None, "auto selected nothing"
    return " ".join(el.text_content() for el in selection.nodes)


def test_on_a_page_marked_as_a_product_any_repeated_block_is_shown_once(algo):
    copy = "<div class='tab-panel'><p>Make each cup of tea feel special with a speckled glaze, fired twice.</p></div>"
    html = product_page(description_copy("product-description") + copy)
    assert text_on_a_page_of_kind(algo, html, pagekind.PRODUCT).count("Make each cup of tea feel special") == 1
    assert text_on_a_page_of_kind(algo, html, None).count("Make each cup of tea feel special") == 2


def repeated_copy_page(item: str) -> str:
    """A product page whose description says one sentence twice, its <main> opened as ``item``."""
    copy = "<div class='tab-panel'><p>Make each cup of tea feel special with a speckled glaze, fired twice.</p></div>"
    return product_page(description_copy("product-description") + copy).replace("<main>", item)


def test_a_page_whose_microdata_item_around_the_content_is_a_product_counts_as_a_product_page(algo):
    html = repeated_copy_page("<main itemscope itemtype='https://schema.org/Product'>")
    assert text_on_a_page_of_kind(algo, html, None).count("Make each cup of tea feel special") == 1


@pytest.mark.parametrize("item", [
    "<main itemscope itemtype='https://schema.org/Product' itemprop='itemListElement'>",  # (a list's entry)
    "<main itemscope itemtype='https://schema.org/Offer'>",  # (another type)
    # A product inside another item is that item's part (a review of it).
    "<main itemscope itemtype='https://schema.org/Review'><div itemscope itemtype='https://schema.org/Product'>Mug</div>",
])
def test_microdata_other_than_the_pages_own_product_does_not_count(algo, item):
    html = repeated_copy_page(item)
    assert text_on_a_page_of_kind(algo, html, None).count("Make each cup of tea feel special") == 2


def test_a_product_item_holding_a_sliver_of_the_page_does_not_count(algo):
    reviews = "".join(f"<p>A long review of the mug, number {i}, says it keeps tea warm and feels good in the hand.</p>" for i in range(30))
    html = repeated_copy_page("<main>").replace("<div class='tab-panel'>", "<div class='tab-panel' itemscope itemtype='https://schema.org/Product'>")
    html = html.replace("</main>", f"<section>{reviews}</section></main>")
    assert text_on_a_page_of_kind(algo, html, None).count("Make each cup of tea feel special") == 2


def test_short_repeated_labels_stay(algo):
    html = product_page(description_copy("hide-on-mobile") + "<div class='hide-on-desktop'><p>$ 20.00</p></div><div class='hide-on-mobile'><p>$ 20.00</p></div>")
    assert selected_text(algo, html).count("$ 20.00") == 2


def test_sections_under_styled_labels_for_other_things_leave_the_product(algo):
    html = product_page(
        f"<div class='recs'><div class='section-title'>How about these?</div><ul>{tiles('Porcelain cup')}</ul></div>"
        "<div class='tab'><div class='tab-label'>Shipping &amp; Returns</div><p>Orders ship within two days; returns are free for thirty days.</p></div>"
    )
    text = selected_text(algo, html)
    assert "wheel thrown and glazed by hand, detail 4" in text
    assert "Porcelain cup number 3" not in text
    assert "returns are free" not in text


def test_item_labels_that_read_like_headings_keep_their_items(algo):
    grid = "".join(
        f"<li class='tile'><span class='badge'>Sponsored</span><a href='/c{i}'>Stoneware bowl number {i}, glazed by hand</a><p>$ {30 + i}.00</p></li>"
        for i in range(6)
    )
    text = selected_text(algo, product_page(f"<ul class='grid'>{grid}</ul>"))
    assert "Stoneware bowl number 4" in text


def test_action_labels_in_a_grid_of_items_go_and_their_items_stay(algo):
    tiles = "".join(
        f"<li><h3>Porcelain cup number {i}</h3><p>A hand painted cup with a gold rim, {i} of a set.</p>"
        f"<div class='tile-action'>Quick view</div><a href='/c{i}'>Add to cart</a><a href='/d{i}'>Learn more »</a></li>" for i in range(6))
    text = selected_text(algo, product_page(f"<ul class='grid'>{tiles}</ul>"))
    assert "A hand painted cup with a gold rim, 4 of a set" in text
    for label in ("Quick view", "Add to cart", "Learn more"):
        assert label not in text


def test_page_controls_in_a_grid_of_items_go_and_their_items_stay(algo):
    tiles = "".join(
        f"<li><h3>Porcelain cup number {i}</h3><p>A hand painted cup with a gold rim, {i} of a set.</p>"
        f"<div class='size-picker'>Select a size</div><a href='/o{i}'>View options</a><a href='/c{i}'>Add to compare</a></li>" for i in range(6))
    controls = "<a href='#grid'>Skip to product information</a><div class='status'>Loading...</div>"
    text = selected_text(algo, product_page(f"<div>{controls}<ul class='grid'>{tiles}</ul><a href='?page=2'>Load more</a></div>"))
    assert "A hand painted cup with a gold rim, 4 of a set" in text
    for label in ("Select a size", "View options", "Add to compare", "Skip to product", "Loading", "Load more"):
        assert label not in text


def test_action_words_inside_a_sentence_stay(algo):
    html = product_page("<p>Read more about the glaze: <a href='/glaze'>learn more</a> in our guide to learn more about kilns.</p>")
    text = selected_text(algo, html)
    assert "in our guide to learn more about kilns" in text


def test_action_labels_match_whole_texts_only():
    assert product.ACTION_LABEL.fullmatch("Quick view ")
    assert product.ACTION_LABEL.fullmatch("Learn more →")
    assert not product.ACTION_LABEL.fullmatch("Learn more about our kilns")
    assert product.ACTION_LABEL.fullmatch("Skip to search results")
    assert product.ACTION_LABEL.fullmatch("Read full details")
    assert not product.ACTION_LABEL.fullmatch("Read full details of the firing below")
    assert not product.ACTION_LABEL.fullmatch("Skip to the good part: how we fire the glaze")


def test_a_widget_label_opening_an_article_body_does_not_take_the_body(algo):
    # A "Sign up for our newsletter" box placed first in the body: the label opens the body, but
    # a section with this much paragraph text is the article, not a section about other things.
    body = "".join(f"<p>The council voted on the river crossing, point {i}, after a long debate about costs and dates.</p>" for i in range(8))
    other = "".join(f"<p>The market hall reopens in spring, item {i}, with new stalls, longer hours and a bigger square.</p>" for i in range(9))
    html = (
        "<html><body><main><h1>Council votes on the crossing</h1>"
        f"<div class='entry-content'><div class='nl-title'>Sign up for our newsletter</div>{body}</div>"
        f"<div class='more-news'>{other}</div></main></body></html>"
    )
    text = joined_selection(algo, html, "https://example.com/news/crossing")
    assert "after a long debate about costs and dates" in text


def product_beside_its_description() -> str:
    """A shop's product column (its name, price and key facts as short lines) above a description
    tab that outscores them, among menus and a big footer of links."""
    facts = "".join(f"<li>Fact {i}: hemp</li>" for i in range(4))
    prose = "".join(f"<p>We love this dress, part {i}: it blooms with every layer, light and flowing on warm days.</p>" for i in range(4))
    links = "".join(f"<li><a href='/c{i}'>Category page number {i}</a></li>" for i in range(40))
    return (f"<html><body><nav><ul>{links}</ul></nav><div class='product'><div class='summary'><h1>Iris hemp dress</h1>"
            f"<p class='price'>EUR 132</p><ul>{facts}</ul></div><div class='tabs'><div class='panel'>{prose}</div></div></div>"
            f"<footer><ul>{links}</ul><p>Our shop, our story, our promise to every customer, with links above.</p></footer></body></html>")


def test_on_a_product_page_the_selection_takes_in_the_products_name_beside_it(algo):
    text = text_on_a_page_of_kind(algo, product_beside_its_description(), pagekind.PRODUCT)
    assert "We love this dress, part 3" in text
    assert "Iris hemp dress" in text and "EUR 132" in text and "Fact 2: hemp" in text
    assert "Category page number 7" not in text


def test_on_other_pages_the_selection_does_not_climb_to_the_title(algo):
    text = text_on_a_page_of_kind(algo, product_beside_its_description(), None)
    assert "We love this dress, part 3" in text
    assert "Iris hemp dress" not in text


def test_a_pane_behind_its_disclosure_button_is_shown_in_the_selection(algo):
    # Shops fold shipping and care notes into panes their buttons name (aria-controls), hidden by
    # an attribute until clicked; the reader has no click.
    pane = ("<button aria-expanded='false' aria-controls='ship-panel'>Shipping &amp; Returns</button>"
            "<div id='ship-panel' role='region' aria-hidden='true'><p>Most orders ship within two days; unused items return free within 14 days.</p></div>")
    text = selected_text(algo, product_page(f"<div class='details'>{pane}</div>"))
    assert "Most orders ship within two days" in text


def slides(cls: str, slide: str) -> str:
    return f"<div class='{cls}'><div class='{cls}__track'>{''.join(slide.format(i=i) for i in range(4))}</div></div>"


def test_a_sliders_feature_slides_of_prose_stay_in_the_selection(algo):
    feature = ("<div class='feature-slider__item'><h2>Feature {i}</h2><p>The glaze of feature {i} keeps its colour in the dishwasher, "
               "and the handle stays cool while the tea is hot, so the mug is good to hold.</p></div>")
    care = "".join(f"<p>Care note {i}: rinse the mug in warm water and dry it upside down on a soft cloth.</p>" for i in range(12))
    text = selected_text(algo, product_page(f"<div class='care'>{care}</div>" + slides("feature-slider", feature)))
    assert "The glaze of feature 3 keeps its colour" in text


def slider_marks_after_unmarking(html: str) -> list[bool]:
    """Whether each slider-named element of ``html``'s body is still marked as boilerplate after
    product.unmark_prose_slides on a selection of the whole body."""
    f = feat.compute(dom.body_of(dom.parse(html)))
    kinds = [hints.hint(el, tag) for el, tag in zip(f.elements, f.tags)]
    product.unmark_prose_slides(f, kinds, [0], 50)
    return [kinds[i] == hints.BOILERPLATE for i, el in enumerate(f.elements) if "carousel" in (el.get("class") or "") or "slider" in (el.get("class") or "")]


def test_a_carousel_of_other_items_without_prose_keeps_its_mark():
    tile = "<div class='carousel__item'><h3>Porcelain cup number {i}, hand painted</h3><p>$ 2{i}.00</p></div>"
    marks = slider_marks_after_unmarking(product_page(slides("product-carousel", tile)))
    assert marks and all(marks)


def test_a_slider_of_prose_loses_its_mark():
    feature = ("<div class='feature-slider__item'><h2>Feature {i}</h2><p>The glaze of feature {i} keeps its colour in the dishwasher, "
               "and the handle stays cool while the tea is hot, so the mug is good to hold.</p></div>")
    marks = slider_marks_after_unmarking(product_page(slides("feature-slider", feature)))
    assert marks and not any(marks)


def test_a_slider_of_testimonials_keeps_its_mark():
    quote = ("<div class='testimonial-slider__item'><p>Quote {i}: the shop answered my questions within the hour, packed "
             "everything with care, and the mug arrived a day early, so I will order again.</p></div>")
    marks = slider_marks_after_unmarking(product_page(slides("testimonial-slider", quote)))
    assert marks and all(marks)


# One text per alternative of ACTION_LABEL, in its order.
LABEL_SAMPLES = [
    "Quick shop", "Add to cart", "Shop now", "Buy now", "Compare", "Choose options", "View full details",
    "See details", "Read all details", "Product variants", "Unit price per", "Learn more", "Read more",
    "Book now", "Sort options", "Select your size", "Add to compare", "Calculate shipping", "Notify me",
    "Show more", "Load more", "Loading...", "Skip to main content",
]


@pytest.mark.parametrize("text", LABEL_SAMPLES + [f"  {t.upper()} »" for t in LABEL_SAMPLES])
def test_every_action_label_passes_the_first_letters_test(text):
    assert product.ACTION_LABEL.fullmatch(text)
    assert product._may_be_action_label(text)


def test_texts_starting_with_other_letters_are_no_action_labels_without_the_regex():
    for text in ("Total", "  42 reviews", "Size", "In stock", "x", ""):
        assert not product._may_be_action_label(text) and not product.ACTION_LABEL.fullmatch(text)
    assert product._may_be_action_label("\u017fhop now")  # (the long s: the regex decides)
