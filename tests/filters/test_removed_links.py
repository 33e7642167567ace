from clearpage.filters import dom
from clearpage.filters.links import RemovedLink
from tests.helpers import page, run_filter
from clearpage.filters.chain.base import FILTERS, BuildEnv
from clearpage.filters.context import PageContext


def apply_retainer(options, links, body="<p>text</p>", url="https://example.com/a/b"):
    doc = dom.parse(page(body))
    ctx = PageContext(url=url, base_url=url)
    ctx.removed_links.extend(links)
    report = FILTERS["removed_links"](options, BuildEnv()).apply(doc, ctx)
    return doc, report


def test_nav_appended_deduplicated(options):
    links = [RemovedLink("https://example.com/x", "X", "link_list"), RemovedLink("https://example.com/x", "X again", "ignore"),
             RemovedLink("https://example.com/y", "", "ad_server"), RemovedLink("https://example.com/y", "Why", "ignore")]
    doc, report = apply_retainer(options("removed_links"), links)
    nav = doc.xpath("//nav[@data-clearpage='removed-links']")
    assert len(nav) == 1 and nav[0].get("aria-label") == "Removed links"
    assert [(a.get("href"), a.text) for a in nav[0].iter("a")] == [("https://example.com/x", "X"), ("https://example.com/y", "Why")]
    assert doc.xpath("//body/*")[-1] is nav[0]


def test_max_links_caps_and_counts(options):
    links = [RemovedLink(f"https://example.com/{i}", str(i), "f") for i in range(5)]
    doc, _ = apply_retainer(options("removed_links", max_links=2), links)
    assert len(doc.xpath("//nav//a")) == 2
    assert "3 more links" in dom.text_of(doc.xpath("//nav")[0])


def test_no_links_no_nav(options):
    doc, report = apply_retainer(options("removed_links"), [])
    assert not doc.xpath("//nav") and report.count == 0


def test_unsafe_schemes_never_recorded_and_relative_made_absolute(options):
    body = ("<ul id='l'><li><a href='javascript:alert(1)'>js</a></li><li><a href=' JaVaScRiPt:alert(1)'>js2</a></li>"
            "<li><a href='data:text/html,x'>data</a></li><li><a href='vbscript:x'>vb</a></li>"
            "<li><a href='../rel'>rel</a></li><li><a href='//cdn.example.org/p'>proto</a></li><li><a href='mailto:a@b'>mail</a></li></ul>")
    _, _, ctx = run_filter("link_list", options("link_list"), page(body), url="https://example.com/a/b")
    assert [l.url for l in ctx.removed_links] == ["https://example.com/rel", "https://cdn.example.org/p"]


def test_base_href_used_for_absolute_urls():
    from clearpage.filters import Pipeline, load_config_text

    html = page("<ul>" + "".join(f"<li><a href='p{i}'>P{i}</a></li>" for i in range(4)) + "</ul><p>" + "word " * 50 + "</p>",
                head="<base href='https://other.example/dir/'>")
    result = Pipeline(load_config_text("mode: filter")).run(html, "https://example.com/page")
    assert {l.url for l in result.removed_links} == {f"https://other.example/dir/p{i}" for i in range(4)}


def test_nav_links_are_made_xml_safe_when_they_need_it():
    from clearpage.filters.chain.removed_links import build_nav
    from clearpage.filters.links import RemovedLink

    plain = build_nav([RemovedLink("https://a.example/", "A", "x")], "Removed links", 10)
    assert [(a.get("href"), a.text) for a in plain.iter("a")] == [("https://a.example/", "A")]
    unsafe = build_nav([RemovedLink("https://b.example/", "B\x01 link", "x")], "Removed links", 10)
    assert [(a.get("href"), a.text) for a in unsafe.iter("a")] == [("https://b.example/", "B link")]
