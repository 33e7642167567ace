from clearpage.filters import dom
from tests.helpers import page, run_filter

ENGLISH = "<p>" + "The Harbour Bridge reopened to traffic on Monday after months of repairs, the Port Authority said. " * 4 + "</p>"


def test_repairs_or_guesses_lang(options):
    doc, report, _ = run_filter("assistive", options("assistive"), page(ENGLISH, lang="en_GB"))
    assert doc.get("lang") == "en-GB"
    doc, _, _ = run_filter("assistive", options("assistive"), "<html><head><title>x</title></head><body>" + ENGLISH + "</body></html>")
    assert doc.get("lang") == "en"
    doc, _, _ = run_filter("assistive", options("assistive", language=False), "<html><body>" + ENGLISH + "</body></html>")
    assert doc.get("lang") is None


def test_title_images_and_links_without_changing_the_look(options):
    html = "<html lang='en'><head><link rel='stylesheet' href='/site.css'></head><body><h1>Bridge news</h1>" + ENGLISH + \
        "<img src='a.jpg'><a href='https://social.test/gazette' class='icon'></a><a href='/g'><img src='t.jpg' alt=''></a></body></html>"
    doc, report, _ = run_filter("assistive", options("assistive"), html)
    assert doc.findtext(".//title") == "Bridge news"
    assert doc.xpath("//img/@alt") == ["", ""]
    labels = doc.xpath("//a/@aria-label")
    assert labels == ["social.test/gazette", "example.com/g"]
    assert len(doc.xpath("//a")) == 2  # the empty icon link stays: it may show a CSS icon
    assert report.notes


def test_disabled_toggles_do_nothing(options):
    html = "<html><head></head><body><h1>T</h1><img src='a.jpg'><a href='/x'></a>" + ENGLISH + "</body></html>"
    opts = options("assistive", language=False, document_title=False, image_alternatives=False, link_names=False)
    doc, report, _ = run_filter("assistive", opts, html)
    assert doc.find(".//title") is None and doc.xpath("//img/@alt") == [] and doc.xpath("//a/@aria-label") == []


def test_an_empty_link_on_a_page_with_no_stylesheet_gets_visible_text(options):
    # Nothing can draw an icon for these links: a keyboard would stop on something no one sees.
    links = "<a href='https://social.test/gazette' class='icon'></a><a href='/about' title='About us'><i class='fa'></i></a>"
    kept = "<a href='/g'><img src='t.jpg' alt=''></a><a href='/s' style='background: url(s.png)'></a>"
    doc, _, _ = run_filter("assistive", options("assistive"), page(ENGLISH + links + kept))
    assert [dom.text_of(a) for a in doc.xpath("//a")] == ["social.test/gazette", "About us", "", ""]
    assert doc.xpath("//a/@aria-label") == ["example.com/g", "example.com/s"]  # an image, an inline style: drawn


def test_a_stylesheet_link_is_read_from_its_rel_tokens(options):
    # The icon link stays empty (with its aria-label) when a stylesheet that may draw it is left:
    # a rel token "stylesheet" in any case, among tokens parted by spaces, tabs or newlines.
    icon = "<a href='https://social.test/gazette' class='icon'></a>"
    for rel, styled in (("alternate\tStyleSheet", True), ("preload\nSTYLESHEET", True), ("stylesheets", False),
                        ("stylesheet\u00a0print", False), ("icon", False)):
        html = f"<html lang='en'><head><link rel='{rel}' href='/site.css'></head><body><h1>T</h1>{ENGLISH}{icon}</body></html>"
        doc, _, _ = run_filter("assistive", options("assistive"), html)
        link = doc.xpath("//a")[0]
        assert (dom.text_of(link), link.get("aria-label")) == (("", "social.test/gazette") if styled else ("social.test/gazette", None)), rel
