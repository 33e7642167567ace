"""The filtered page finished for its reader (render/filtered.py), one small page per step.

Each page goes through the real pipeline in filter mode (default config: scripts removed), so
every test also checks that the step runs where it should; the browser test
(tests/a11y/test_browser.py) checks the result in Chromium with axe.
"""
import lxml.html
import pytest

from clearpage.filters import Delivery, Pipeline, load_config_text
from clearpage.filters.render import filtered

URL = "http://shop.test/catalogue/"


def served(body: str, head: str = "<title>Shop</title>", lang: str = ' lang="en"', config=None, **kw):
    html = f"<!doctype html><html{lang}><head>{head}</head><body>{body}</body></html>"
    result = Pipeline(config).run(html, URL, mode="filter", **kw)
    return result, lxml.html.document_fromstring(result.output.encode("utf-8"))


TEXT = "<p>" + "Plenty of words about the things this shop sells, and why. " * 3 + "</p>"


def test_content_is_wrapped_in_one_main_after_a_skip_link_that_points_at_it():
    result, doc = served(f"<header><a href='/'>Home</a></header><div class='page'><h1>Catalogue</h1>{TEXT}</div>"
                         "<footer>Contact</footer>")
    body = doc.find("body")
    mains = doc.xpath("//main")
    assert len(mains) == 1 and mains[0].get("id") == filtered.MAIN_ID
    first = body[0]
    assert first.tag == "a" and first.get("href") == "#" + filtered.MAIN_ID and first.text == "Skip to content"
    assert [c.tag for c in body][1:4] == ["header", "main", "footer"]  # the page's own landmarks stay at the top
    assert mains[0].find("div/h1") is not None
    assert "Skip to content" not in result.text and "Plenty of words" in result.text


def test_a_page_whose_own_main_holds_everything_keeps_it():
    _, doc = served(f"<nav><a href='/a'>A</a></nav><main role='main' id='content'><h1>Catalogue</h1>{TEXT}</main>")
    assert doc.xpath("//main/@id") == ["content"]
    assert doc.find("body")[0].get("href") == "#content"


def test_content_outside_the_page_main_gets_one_new_main_and_the_old_one_becomes_a_block():
    _, doc = served(f"<div>Site banner text</div><main><h1>Catalogue</h1>{TEXT}</main><main>Second main</main>")
    assert len(doc.xpath("//main")) == 1
    main = doc.find(".//main")
    assert "Site banner text" in main.text_content() and "Second main" in main.text_content()


def test_a_bare_text_page_gets_a_main_holding_its_text():
    _, doc = served("Only some words, no element at all.")
    assert "Only some words" in doc.find(".//main").text_content()


def test_one_h1_the_first_inside_main_the_others_become_h2():
    _, doc = served(f"<header><h1>Shop logo</h1></header><div><h1>Catalogue</h1>{TEXT}<h1>Offers</h1></div>")
    assert [h.text_content() for h in doc.iter("h1")] == ["Catalogue"]
    assert [h.text_content() for h in doc.iter("h2") if not h.xpath("ancestor::nav")] == ["Shop logo", "Offers"]


def test_a_logo_h1_that_is_only_a_link_home_gives_way_to_the_page_heading():
    _, doc = served(f"<div><h1><a href='/'>Shop</a></h1></div><div><h1>Catalogue</h1>{TEXT}</div>")
    assert [h.text_content() for h in doc.iter("h1")] == ["Catalogue"]


def test_controls_only_script_could_work_are_removed():
    result, doc = served(f"<button class='navbar-toggle'>Toggle navigation</button><select><option>EN</option></select>"
                         f"<input type='text' placeholder='Filter'><input type='checkbox' id='menu'><label for='menu'>Menu</label>"
                         f"<button popovertarget='help'>Help</button>{TEXT}")
    assert "Toggle navigation" not in result.output
    assert doc.find(".//select") is None and doc.find(".//input[@type='text']") is None
    assert doc.find(".//input[@type='checkbox']") is not None  # a CSS toggle works without script
    assert doc.find(".//button[@popovertarget]") is not None  # the popover API works without script
    page = next(r for r in result.reports if r.filter == filtered.REPORT)
    assert page.count == 3 and result.removed_count >= 3


def test_controls_stay_when_the_page_keeps_its_scripts():
    config = load_config_text("filters:\n  ignore:\n    scripts: false\n")
    _, doc = served(f"<button>Toggle navigation</button>{TEXT}", config=config)
    assert doc.find(".//button") is not None


def test_a_search_form_is_kept_and_every_control_in_it_named():
    _, doc = served(f"<form action='/search'><input name='q'><select name='dept'><option value=''>All departments</option>"
                    f"<option>Books</option></select><button><svg></svg></button><input type='image' src='go.png'></form>{TEXT}")
    form = doc.find(".//form")
    assert form is not None
    assert form.find("input[@name='q']").get("aria-label") == "Search"
    assert form.find("select").get("aria-label") == "All departments"
    assert form.find("button").get("aria-label") == "Search"
    assert form.find("input[@type='image']").get("alt") == "Search"


def test_each_form_is_judged_a_search_form_on_its_own():
    # The verdict is kept per form: an unnamed button takes its own form's, whichever form was asked first.
    search = "<form action='/s' id='find'><button><svg></svg></button><button><svg></svg></button><input name='q' title='Terms'></form>"
    other = "<form action='/order' id='buy'><button><svg></svg></button><input name='qty' title='How many'></form>"
    for body in (search + other, other + search):
        _, doc = served(body + TEXT)
        assert doc.xpath("//form[@id='find']//button/@aria-label") == ["Search", "Search"]
        assert doc.xpath("//form[@id='buy']//button/@aria-label") == ["Submit"]


def test_named_controls_are_left_as_they_are():
    _, doc = served(f"<form action='/login'><label for='u'>User name</label><input id='u' name='user'>"
                    f"<label>Password <input type='password' name='pw'></label><input name='email' placeholder='you@example.com'>"
                    f"<input type='submit' value='Log in'></form>{TEXT}")
    assert doc.xpath("//input/@aria-label") == []


def test_a_login_field_without_any_label_is_named_from_its_field_name():
    _, doc = served(f"<form action='/login' method='post'><input name='username'><input type='password' name='user_password'>"
                    f"<button></button></form>{TEXT}")
    assert doc.xpath("//input/@aria-label") == ["username", "user password"]
    assert doc.find(".//button").get("aria-label") == "Submit"


def test_role_button_on_what_nothing_can_press_is_dropped():
    _, doc = served(f"<div role='button' tabindex='0'>Open menu</div><a href='/cart' role='button'>Cart</a>{TEXT}")
    div = doc.xpath("//div[contains(., 'Open menu')]")[-1]
    assert div.get("role") is None and div.get("tabindex") is None
    assert doc.find(".//a[@href='/cart']").get("role") == "button"


def test_lang_und_when_neither_declared_nor_recognisable_and_a_title_always():
    _, doc = served("<p>Short.</p>", head="", lang="")
    assert doc.get("lang") == "und"
    assert doc.findtext(".//title") == "shop.test/catalogue"


def test_an_untitled_page_takes_its_first_heading_as_title():
    _, doc = served(f"<h2>Spring catalogue</h2>{TEXT}", head="")
    assert doc.findtext(".//title") == "Spring catalogue"


@pytest.mark.parametrize(("attribute", "value", "expected"), [
    ("aria-expanded", "False", "false"),  # repaired: tokens are lower case
    ("aria-expanded", "yes", None),  # not a value of it
    ("aria-controls", "gone menu", "menu"),  # an id no longer on the page goes
    ("aria-controls", "gone", None),
    ("aria-level", "two", None),
    ("aria-labeledby", "menu", None),  # not an ARIA attribute (misspelt)
    ("aria-current", "page", "page"),
])
def test_aria_attribute_values_are_repaired_or_dropped(attribute, value, expected):
    _, doc = served(f"<nav id='menu'><a href='/a'>A</a></nav><a href='/x' {attribute}='{value}'>X</a>{TEXT}")
    assert doc.find(".//a[@href='/x']").get(attribute) == expected


def test_a_name_on_an_element_that_may_not_carry_one():
    _, doc = served(f"<span aria-label='4 of 5 stars'></span><span aria-label='Author'>Ann Lee</span>{TEXT}")
    icon, text = doc.xpath("//span[@aria-label='4 of 5 stars']"), doc.xpath("//span[contains(., 'Ann Lee')]")[0]
    assert icon and icon[0].get("role") == "img"
    assert text.get("aria-label") is None


def test_stylesheet_inline_first_in_head_and_the_readable_base_only_on_an_unstyled_page():
    _, doc = served(TEXT, head="<meta charset='utf-8'><title>Shop</title>")
    style = doc.find("head")[1]
    assert style.tag == "style" and style.text == filtered.stylesheet(1.0)
    assert doc.get(filtered.UNSTYLED_ATTR) is not None
    _, styled = served(TEXT, head="<title>Shop</title><link rel='stylesheet' href='/site.css'>")
    assert styled.get(filtered.UNSTYLED_ATTR) is None
    assert styled.find("head/style").text == filtered.stylesheet(1.0)  # clearpage's own parts still styled


def test_stylesheet_linked_or_left_out_as_the_policies_allow():
    delivery = Delivery(csp=("style-src 'self'",), stylesheet_href="/__clearpage__/reader.css?v=1")
    result, doc = served(TEXT, delivery=delivery)
    assert doc.find(".//style") is None
    assert doc.xpath("//link[@rel='stylesheet']/@href") == ["/__clearpage__/reader.css?v=1&page=filtered"]
    assert filtered.wants_filtered_sheet("v=1&page=filtered") and not filtered.wants_filtered_sheet("v=1")
    _, bare = served(TEXT, delivery=Delivery(csp=("style-src 'none'",)))
    assert bare.find(".//style") is None and bare.find(".//link") is None


def test_removed_links_nav_and_footer_in_landmarks_and_in_the_page_language():
    links = "".join(f"<li><a href='/k{i}'>Kategorie {i}</a></li>" for i in range(8))
    _, doc = served(f"<div><ul>{links}</ul></div>" + TEXT.replace("Plenty", "Viele"), lang=' lang="de"')
    nav = doc.find(".//nav[@data-clearpage='removed-links']")
    assert nav is not None and nav.get("aria-label") == "Entfernte Links" and nav.findtext("h2") == "Entfernte Links"
    footer = doc.find(".//*[@data-clearpage='footer']")
    assert footer.tag == "footer" and footer.findtext("a") == "Originalseite (ohne clearpage)"
    assert doc.find(".//a[@class='cp-skip']").text == "Zum Inhalt springen"


def test_footer_goes_into_a_nav_when_the_page_has_its_own_footer_landmark():
    _, doc = served(f"{TEXT}<footer>Site footer</footer>")
    assert len(doc.xpath("//footer")) == 1
    ours = doc.find(".//nav[@data-clearpage='footer']")
    assert ours is not None and ours.find(".//a").text == "Original page (without clearpage)"


def test_text_output_and_reader_mode_are_left_alone():
    result = Pipeline().run(f"<html><body><button>Toggle navigation</button><h1>A</h1><h1>B</h1>{TEXT}</body></html>",
                            URL, mode="filter", format="text")
    assert "<main" not in result.html and "Toggle navigation" in result.html and "# A\n\n# B" in result.output
    reader = Pipeline().run(f"<html><body><h1>A</h1>{TEXT}</body></html>", URL, mode="reader")
    assert filtered.stylesheet(1.0) not in reader.output


def test_a_button_inside_a_link_leaves_its_words_to_the_link():
    _, doc = served(f"<a href='/subscribe'><button class='cta'>Subscribe now</button></a>{TEXT}")
    link = doc.find(".//a[@href='/subscribe']")
    assert link.find("button") is None and link.text_content() == "Subscribe now"


def test_unknown_roles_and_roles_missing_their_children_or_parent_are_dropped():
    _, doc = served(f"<div id='a' role='bogus'>A</div><div id='b' role='bogus navigation'><a href='/n'>N</a> more words here</div>"
                    f"<div id='c' role='tablist'><span>no tabs</span></div><span id='d' role='menuitem'>lone item</span>"
                    f"<ul id='e' role='menu'><li role='menuitem'>Item</li></ul>{TEXT}")
    assert doc.get_element_by_id("a").get("role") is None
    assert doc.get_element_by_id("b").get("role") == "navigation"
    assert doc.get_element_by_id("c").get("role") is None
    assert doc.get_element_by_id("d").get("role") is None
    assert doc.get_element_by_id("e").get("role") == "menu"


def test_keyboard_order_and_hidden_focus_and_accesskeys():
    _, doc = served(f"<a id='a' href='/a' tabindex='3' accesskey='s'>A</a><a id='b' href='/b' accesskey='s'>B</a>"
                    f"<div aria-hidden='true'><a id='c' href='/c'>C</a></div>{TEXT}")
    assert doc.get_element_by_id("a").get("tabindex") == "0"
    assert doc.get_element_by_id("c").get("tabindex") == "-1"
    assert doc.get_element_by_id("a").get("accesskey") == "s" and doc.get_element_by_id("b").get("accesskey") is None


def test_a_dialog_is_named_by_its_heading_or_is_no_dialog():
    _, doc = served(f"<div id='a' role='dialog'><h2>Cookies</h2><p>We use them.</p></div>"
                    f"<div id='b' role='dialog' aria-modal='true'><p>Nothing to call it.</p></div>{TEXT}")
    assert doc.get_element_by_id("a").get("aria-label") == "Cookies"
    assert doc.get_element_by_id("b").get("role") is None and doc.get_element_by_id("b").get("aria-modal") is None


def test_image_map_areas_get_an_alt():
    _, doc = served(f"<img src='m.png' usemap='#m' alt='Map'><map name='m'><area href='/north' shape='rect' coords='0,0,1,1'>"
                    f"<area href='/south' title='South' shape='rect' coords='1,1,2,2'></map>{TEXT}")
    assert [a.get("alt") for a in doc.iter("area")] == ["north", "South"]


def test_broken_lists_are_repaired():
    _, doc = served(f"<ol><li>One</li><ol><li>Nested</li></ol></ol><li>Stray</li>{TEXT}")
    assert all(c.tag == "li" for ol in doc.iter("ol") for c in ol)
    assert not [li for li in doc.iter("li") if li.getparent().tag not in ("ul", "ol", "menu")]


def test_a_field_named_by_its_title_alone_gets_it_as_aria_label():
    _, doc = served(f"<form action='/s'><input name='q' title='Search the site'></form>{TEXT}")
    assert doc.find(".//input").get("aria-label") == "Search the site"


def test_widget_states_on_roles_that_have_none_are_dropped():
    _, doc = served(f"<section id='s' aria-expanded='true'>{TEXT}</section><a id='a' href='/a' aria-expanded='false'>A</a>")
    assert doc.get_element_by_id("s").get("aria-expanded") is None
    assert doc.get_element_by_id("a").get("aria-expanded") == "false"


def test_a_label_that_hides_the_visible_words_gets_them_first():
    _, doc = served(f"<a id='a' href='/share' aria-label='Facebook'>Share</a><a id='b' href='/more' aria-label='Read more about bridges'>Read more</a>{TEXT}")
    assert doc.get_element_by_id("a").get("aria-label") == "Share Facebook"
    assert doc.get_element_by_id("b").get("aria-label") == "Read more about bridges"


def test_a_link_named_by_a_reference_that_is_gone_gets_a_name():
    _, doc = served(f"<a id='a' href='https://shop.test/plans/basic' aria-labelledby='gone'></a>{TEXT}")
    a = doc.get_element_by_id("a")
    assert a.get("aria-labelledby") is None and a.get("aria-label") == "shop.test/plans/basic"


def test_banner_roles_inside_the_new_main_are_dropped():
    _, doc = served(f"<div><div id='top' role='banner'>Site</div>{TEXT}<div id='end' role='contentinfo'>Contact</div></div>")
    assert doc.get_element_by_id("top").get("role") is None and doc.get_element_by_id("end").get("role") is None


def test_list_roles_svg_images_and_value_attributes():
    _, doc = served(f"<ul id='u' role='navigation'><li><a href='/a'>Alpha section of the shop</a> and words</li></ul>"
                    f"<svg id='s' role='img'><use href='#x'></use></svg><span id='v' aria-valuemax='10'>10</span>"
                    f"<dl id='d'><dd>An indented line of a wiki talk page, with words</dd></dl>{TEXT}")
    assert doc.get_element_by_id("u").get("role") is None
    svg = doc.get_element_by_id("s")
    assert svg.get("role") is None and svg.get("aria-hidden") == "true"
    assert doc.get_element_by_id("v").get("aria-valuemax") is None
    assert doc.find(".//dl") is None or doc.find(".//dl/dt") is not None


def test_a_link_to_the_page_itself_with_an_empty_label_is_named():
    _, doc = served(f"<a id='a' href='' aria-label=''></a>{TEXT}")
    assert doc.get_element_by_id("a").get("aria-label") == "shop.test/catalogue"


def test_an_image_logo_h1_with_no_words_gives_way_too():
    _, doc = served(f"<div><h1><a href='/'><svg></svg></a></h1></div><div><h1>Catalogue</h1>{TEXT}</div>")
    assert [h.text_content() for h in doc.iter("h1")] == ["Catalogue"]


def test_a_nested_page_footer_counts_as_its_footer_landmark():
    _, doc = served(f"<main><h1>Catalogue</h1>{TEXT}</main><div class='wrap'><footer id='colophon'>Site footer</footer></div>")
    assert len(doc.xpath("//footer")) == 1 and doc.find(".//nav[@data-clearpage='footer']") is not None


def test_an_image_with_words_loses_a_presentation_role():
    _, doc = served(f"<figure><img src='leak.png' role='presentation'><figcaption>Memory leak in action</figcaption></figure>{TEXT}")
    img = doc.find(".//img")
    assert img.get("alt") == "Memory leak in action" and img.get("role") is None


def test_an_empty_heading_becomes_a_plain_block_and_keeps_what_it_shows():
    _, doc = served(f"<div><h1>Catalogue</h1>{TEXT}<h2> </h2><h3><span></span></h3><div role='heading' aria-level='2'></div>"
                    "<h2><img src='/logo.png' alt=''></h2><h2>Offers</h2></div>")
    assert [h.text_content() for h in doc.xpath("//main//*[self::h1 or self::h2 or self::h3]")] == ["Catalogue", "Offers"]
    assert not doc.xpath("//*[@role='heading']")
    assert doc.xpath("//main//div/img[@src='/logo.png']")  # (what it showed stays)


def test_an_empty_table_header_becomes_a_data_cell():
    _, doc = served(f"<h1>Prices</h1>{TEXT}<table><caption>Prices</caption><thead><tr><th scope='col'></th><th>Price</th>"
                    "<th>Size</th></tr></thead><tbody><tr><th>Tea</th><td>3</td><td>S</td></tr>"
                    "<tr><th>Cake</th><td>4</td><td>M</td></tr></tbody></table>")
    assert [th.text_content() for th in doc.iter("th")] == ["Price", "Size", "Tea", "Cake"]
    empty = doc.find(".//tr").getchildren()[0]
    assert empty.tag == "td" and empty.get("scope") is None


def test_a_page_without_h1_before_an_h2_gets_its_title_as_hidden_h1():
    result, doc = served(f"<div><h2>Catalogue</h2>{TEXT}<h3>Tea</h3><h2>Offers</h2></div>")
    h1s = doc.xpath("//h1")
    assert [h.text_content() for h in h1s] == ["Shop"]
    assert h1s[0].getparent().tag == "main" and h1s[0].getparent().index(h1s[0]) == 0
    assert "cp-visually-hidden" in h1s[0].get("class")
    assert [h.text_content() for h in doc.iter("h2") if not h.xpath("ancestor::nav")] == ["Catalogue", "Offers"]
    assert "Shop" not in result.text  # (clearpage's own words are not the page's text)
    _, bare = served(TEXT)  # no heading at all
    assert [h.text_content() for h in bare.xpath("//main/h1")] == ["Shop"]


def test_a_page_without_h1_whose_first_heading_is_an_h3_before_an_h2_makes_it_the_h1():
    _, doc = served(f"<div><h3>Tea</h3>{TEXT}<h2>Offers</h2></div>")
    assert [h.text_content() for h in doc.iter("h1")] == ["Tea"]
    assert doc.find(".//h1").get("class") is None
    _, deep = served(f"<div><h4>Drawer</h4>{TEXT}<h3>Tea</h3><h4>Green</h4></div>")
    assert deep.find(".//h1") is None  # (an h1 before an h4 or an h3 would break the heading order)


def test_landmarks_sharing_a_role_and_name_get_names_of_their_own():
    _, doc = served("<nav><h2>Sections</h2><a href='/a'>A</a></nav><nav><p>World news</p><a href='/b'>B</a></nav>"
                    "<nav><a href='/d'>D</a></nav><nav aria-label='Menu'><a href='/e'>E</a></nav>"
                    "<nav aria-label='Menu'><a href='/f'>F</a></nav><aside>Offers</aside>"
                    f"<main><h1>Catalogue</h1>{TEXT}</main>")
    page_navs = [n for n in doc.iter("nav") if n.get("data-clearpage") is None]
    labels = [n.get("aria-label") for n in page_navs]
    assert labels[:3] == ["Sections", "World news B", "D"]
    assert labels[3:] == ["E", "F"]
    assert len({lbl.casefold() for lbl in labels}) == len(labels)
    assert doc.find(".//aside").get("aria-label") is None  # (the only one of its role: left alone)
    removed = doc.xpath("//nav[@data-clearpage='removed-links']")
    assert all(n.get("aria-label") == "Removed links" for n in removed)


def test_a_styled_page_gets_system_colours_forced_over_its_own():
    _, doc = served(f"<h1>Catalogue</h1>{TEXT}", head="<title>Shop</title><style>p { color: #bbb !important }</style>")
    css = doc.find(".//style[@data-clearpage='style']").text
    assert doc.get(filtered.UNSTYLED_ATTR) is None
    layer = css[css.index("@layer"):]
    assert ":is(body, body *) { color: var(--cp-fg, CanvasText) !important" in layer and "opacity: 1 !important" in layer
    assert "text-decoration-line: underline !important" in layer
