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
