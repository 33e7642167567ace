import pytest

from clearpage.filters import dom
from clearpage.filters.adblock.request_types import for_attribute, normalize

CASES = [
    ("<img id=t src=u>", "src", "image"),
    ("<img id=t srcset='u 1x'>", "srcset", "image"),
    ("<script id=t src=u></script>", "src", "script"),
    ("<iframe id=t src=u></iframe>", "src", "sub_frame"),
    ("<link id=t rel=stylesheet href=u>", "href", "stylesheet"),
    ("<link id=t rel='preload' as='script' href=u>", "href", "script"),
    ("<link id=t rel=icon href=u>", "href", "image"),
    ("<video id=t src=u poster=p></video>", "src", "media"),
    ("<video id=t src=u poster=p></video>", "poster", "image"),
    ("<video><source id=t src=u></video>", "src", "media"),
    ("<picture><source id=t srcset=u><img src=x></picture>", "srcset", "image"),
    ("<object id=t data=u></object>", "data", "object"),
    ("<embed id=t src=u>", "src", "object"),
    ("<a id=t href=u>x</a>", "href", "document"),
    ("<area id=t href=u>", "href", "document"),
    ("<form id=t action=u></form>", "action", "document"),
    ("<div id=t data-src=u></div>", "data-src", "image"),
    ("<input id=t type=image src=u>", "src", "image"),
]


@pytest.mark.parametrize("html,attr,expected", CASES)
def test_request_type_of_element(html, attr, expected):
    doc = dom.parse(f"<html><body>{html}</body></html>")
    el = doc.get_element_by_id("t")
    assert for_attribute(dom.tag_of(el), attr, el) == expected


def test_normalize_spellings():
    assert normalize("subdocument") == "sub_frame"
    assert normalize("XHR") == "xmlhttprequest"
    assert normalize("image") == "image"
    assert normalize("fetch") == "fetch"  # the engine's "other", as the conformance set expects
