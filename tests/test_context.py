"""filters/context.py: the page's removed links as the retainer and the result read them."""
from clearpage.filters import dom
from clearpage.filters.context import PageContext
from clearpage.filters.links import unique_links
from clearpage.filters.report import FilterReport
from tests.helpers import page

URL = "https://example.com/page"


def _killed(ctx: PageContext, body: str, xpath: str) -> None:
    doc = dom.parse(page(body))
    for el in doc.xpath(xpath):
        ctx.kill(el, FilterReport("test"), "test")


def test_unique_removed_links_follow_links_noted_after_a_first_read():
    ctx = PageContext(url=URL, base_url=URL)
    _killed(ctx, "<div id='a'><a href='/1'>one</a><a href='/1'>again</a></div>", "//div[@id='a']")
    first = ctx.unique_removed_links()
    assert first == unique_links(ctx.removed_links) and [l.url for l in first] == ["https://example.com/1"]
    _killed(ctx, "<div id='b'><a href='/2'>two</a></div>", "//div[@id='b']")
    assert [l.url for l in ctx.unique_removed_links()] == ["https://example.com/1", "https://example.com/2"]
    ctx.removed_links = []
    assert ctx.unique_removed_links() == []


def test_unique_removed_links_is_a_new_list_for_each_caller():
    ctx = PageContext(url=URL, base_url=URL)
    _killed(ctx, "<p><a href='/1'>one</a></p>", "//p")
    mine = ctx.unique_removed_links()
    mine.clear()
    assert [l.url for l in ctx.unique_removed_links()] == ["https://example.com/1"]


def test_a_killed_childless_link_is_kept_and_a_childless_element_notes_nothing():
    ctx = PageContext(url=URL, base_url=URL)
    _killed(ctx, "<a href='/1'>one</a><img src='/i.png'><script>var a = '<a href=\"/x\">x</a>'</script>", "//a | //img | //script")
    assert [(l.url, l.text) for l in ctx.removed_links] == [("https://example.com/1", "one")]


def test_a_repeated_href_is_noted_each_time_and_follows_a_new_base():
    ctx = PageContext(url=URL, base_url=URL)
    _killed(ctx, "<div id='a'><a href='/1'>one</a><a href='javascript:x()'>js</a></div>"
                 "<div id='b'><a href='/1'>again</a><a href='javascript:x()'>js</a></div>", "//div")
    assert [(l.url, l.text) for l in ctx.removed_links] == [("https://example.com/1", "one"), ("https://example.com/1", "again")]
    ctx.base_url = "https://other.org/dir/"
    _killed(ctx, "<p><a href='/1'>one</a></p>", "//p")
    assert ctx.removed_links[-1].url == "https://other.org/1"
