import pytest

from clearpage.filters import dom
from tests.helpers import page, run_filter

ALL_OFF = dict(
    scripts=False, keep_noscript=False, styles=False, style_attributes=False, non_link_images=False,
    image_alt_text=False, image_links=False, text_links=False, forms=False, input=False, button=False,
    select=False, meta=False, iframe=False, embed=False, table_cell_widths=False,
)


def only(options, **on):
    return options("ignore", **{**ALL_OFF, **on})


def test_scripts_killed_noscript_unwrapped(options):
    html = page("<p>a<script>alert(1)</script>b</p><noscript><img src='x.png' alt='lazy'></noscript>")
    doc, report, _ = run_filter("ignore", only(options, scripts=True, keep_noscript=True), html)
    assert not doc.xpath("//script") and not doc.xpath("//noscript")
    assert doc.xpath("//img[@alt='lazy']")
    assert dom.text_of(doc.xpath("//p")[0]) == "ab"  # the script's tail text stays in place
    assert [r.action for r in report.removals] == ["kill", "unwrap"]


def test_scripts_go_before_the_attribute_walk_and_the_other_groups_are_found_as_before(options):
    # The scripts are found by the walk that finds the other groups, and killed before the
    # attribute walk: a script's own handler is not stripped and reported, a wrapper a script
    # kill leaves empty goes, and a group element beside it is still found.
    html = page("<div class='w'><script onload='x()'>a()</script></div><div><script>b()</script><iframe src='f'></iframe></div>"
                "<noscript><p>n</p></noscript><p id='h' onclick='y()'>t</p>")
    doc, report, _ = run_filter("ignore", only(options, scripts=True, keep_noscript=True, iframe=True), html)
    assert [(r.action, r.target) for r in report.removals] == [
        ("kill", "script"), ("kill", "div.w"), ("kill", "script"), ("strip", "p#h[onclick]"), ("unwrap", "noscript"), ("kill", "iframe"), ("kill", "div")]
    assert not doc.xpath("//script | //iframe | //noscript") and doc.xpath("//p[@id='h']")[0].get("onclick") is None


def test_noscript_killed_without_keep(options):
    doc, _, _ = run_filter("ignore", only(options, scripts=True), page("<noscript><p>enable js</p></noscript><p>x</p>"))
    assert not doc.xpath("//noscript") and "enable js" not in dom.text_of(doc)


def test_styles_and_style_attributes(options):
    html = page("<style>p{}</style><p style='color:red'>x</p>", head="<link rel='Stylesheet' href='a.css'><link rel='icon' href='i.png'>")
    doc, _, _ = run_filter("ignore", only(options, styles=True, style_attributes=True), html)
    assert not doc.xpath("//style") and not doc.xpath("//link[@rel='Stylesheet']")
    assert doc.xpath("//link[@rel='icon']")
    assert doc.xpath("//p")[0].get("style") is None


def test_images_with_and_without_links(options):
    html = page("<p><img src='a.png' alt='Chart of sales'> text <a href='/x'><img src='b.png' alt='logo'></a> <a href='/y'>words</a></p>")
    doc, _, ctx = run_filter("ignore", only(options, non_link_images=True, image_alt_text=True), html)
    assert [i.get("src") for i in doc.xpath("//img")] == ["b.png"]
    assert "[Chart of sales]" in dom.text_of(doc)
    doc, _, ctx = run_filter("ignore", only(options, image_links=True), html)
    assert [i.get("src") for i in doc.xpath("//img")] == ["a.png"]
    assert doc.xpath("//a[@href='/y']")
    assert [(l.url, l.text) for l in ctx.removed_links] == [("https://example.com/x", "logo")]


def test_text_links_unwrapped_and_retained(options):
    doc, report, ctx = run_filter("ignore", only(options, text_links=True), page("<p>see <a href='/doc'>the docs</a> now</p>"))
    assert not doc.xpath("//a") and dom.text_of(doc.xpath("//p")[0]) == "see the docs now"
    assert [(l.url, l.text) for l in ctx.removed_links] == [("https://example.com/doc", "the docs")]
    assert report.removals[0].action == "unwrap"


def test_small_form_killed_page_wrapping_form_unwrapped(options):
    search = "<form id='s'><input name=q><button>Go</button></form>"
    wrapper = "<form id='aspnet'><input type=hidden name=vs><p>" + "Article text. " * 60 + "</p></form>"
    doc, _, _ = run_filter("ignore", only(options, forms=True), page(search + wrapper))
    assert not doc.xpath("//form") and not doc.xpath("//input") and not doc.xpath("//button")
    assert "Article text." in dom.text_of(doc)


@pytest.mark.parametrize("toggle,markup,xpath", [
    ("input", "<input name=a><textarea>t</textarea>", "//input|//textarea"),
    ("button", "<button>b</button>", "//button"),
    ("select", "<select><option>o</option></select>", "//select|//option"),
    ("iframe", "<iframe src='https://x.test/'></iframe>", "//iframe"),
    ("embed", "<embed src='a.swf'><object data='b'></object>", "//embed|//object"),
])
def test_element_toggles(options, toggle, markup, xpath):
    html = page(f"<div>{markup}<p>keep</p></div>")
    kept, _, _ = run_filter("ignore", only(options), html)
    gone, report, _ = run_filter("ignore", only(options, **{toggle: True}), html)
    assert kept.xpath(xpath) and not gone.xpath(xpath)
    assert gone.xpath("//p") and report.count >= 1


def test_meta_keeps_charset_and_viewport(options):
    head = "<meta charset='utf-8'><meta name='viewport' content='width=device-width'><meta name='keywords' content='k'><meta property='og:title' content='t'>"
    doc, _, _ = run_filter("ignore", only(options, meta=True), page("<p>x</p>", head=head))
    assert sorted(m.get("charset") or m.get("name") for m in doc.xpath("//meta")) == ["utf-8", "viewport"]


def test_table_cell_widths_stripped(options):
    html = page("<table width='800'><tr><td width='200'>a</td><td width='600'>b</td></tr></table>")
    doc, report, _ = run_filter("ignore", only(options, table_cell_widths=True), html)
    assert not doc.xpath("//*[@width]") and report.count == 3
    assert all(r.action == "strip" for r in report.removals)


def test_all_off_changes_nothing(options):
    html = page("<script>x</script><style>y</style><p style='a'><a href='/l'>l</a><img src='i'></p><form><input></form>")
    doc, report, _ = run_filter("ignore", only(options), html)
    assert report.count == 0
    assert doc.xpath("//script") and doc.xpath("//style") and doc.xpath("//form")


def test_scripts_also_strips_handlers_and_script_urls(options):
    html = page("<img src=x onerror='alert(1)' OnLoad='x()'><a href=' java\tscript:alert(1)'>x</a><a href='/ok' onclick='y()'>ok</a><form action='vbscript:x'></form><iframe src='javascript:1'></iframe>")
    doc, report, _ = run_filter("ignore", only(options, scripts=True), html)
    attrs = {(el.tag, name) for el in doc.iter() if isinstance(el.tag, str) for name in el.attrib}
    assert not any(name.lower().startswith("on") for _, name in attrs)
    assert ("a", "href") in attrs and doc.xpath("//a[@href='/ok']")
    assert not doc.xpath("//*[starts-with(normalize-space(translate(@href, 'JAVSCRIPT', 'javscript')), 'java')]")
    assert not doc.xpath("//form[@action]") and not doc.xpath("//iframe[@src]")


def test_meta_keeps_the_page_policy(options):
    head = "<meta http-equiv='Content-Security-Policy' content=\"default-src 'self'\"><meta name='x' content='y'>"
    doc, _, _ = run_filter("ignore", only(options, meta=True), page("<p>x</p>", head=head))
    assert [m.get("http-equiv") for m in doc.xpath("//meta")] == ["Content-Security-Policy"]


def test_plain_attribute_names_hold_no_url_or_handler_name():
    # The attribute walk skips elements carrying only these names: none may be one it must read.
    from clearpage.filters.chain import ignore

    assert not ignore._PLAIN_NAMES & ignore._URL_ATTR_SET
    assert not [name for name in ignore._PLAIN_NAMES if name.startswith("on")]


def test_handlers_and_script_urls_beside_plain_attributes_are_stripped(options):
    # Elements mixing the commonest (skippable) names with one that matters take the full check.
    html = page("<div class='c' id='i' style='x' onclick='y()'>a</div><a class='c' title='t' href='javascript:x()'>b</a>"
                "<span class='c' id='j'>c</span>")
    doc, report, _ = run_filter("ignore", only(options, scripts=True), html)
    assert doc.xpath("//div")[0].keys() == ["class", "id", "style"]
    assert doc.xpath("//a")[0].keys() == ["class", "title"]
    assert doc.xpath("//span")[0].keys() == ["class", "id"]
    assert [r.action for r in report.removals] == ["strip", "strip"]


def test_one_walk_finds_each_tag_group_as_its_own_walk_would():
    from clearpage.filters.chain import ignore

    html = page("<object><embed src='a'><p>x</p></object><iframe src='f'></iframe><noscript><iframe src='g'></iframe></noscript>"
                "<applet></applet><meta name='x'><embed src='b'><textarea></textarea><input><button>b</button><select></select>",
                head="<meta charset='utf-8'>")
    doc = dom.parse(html)
    groups = (("noscript",), ignore._INPUT_TAGS, ("button",), ("select",), ("iframe",), ignore._EMBED_TAGS, ("meta",))
    found = ignore._Scan(doc, groups).tags
    assert found == {tags: list(doc.iter(*tags)) for tags in groups}
    assert [el.get("src") for el in found[ignore._EMBED_TAGS] if el.tag == "embed"] == ["a", "b"]
