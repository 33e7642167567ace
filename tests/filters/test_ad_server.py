"""The ad-server remover on fixture pages: hosts lists, Adblock Plus lists, element hiding, config errors."""
import pytest

from clearpage.filters import ConfigError, Pipeline, dom, load_config_text
from clearpage.filters.chain import ad_server
from clearpage.filters.context import PageContext
from clearpage.filters.links import unique_links
from clearpage.filters.settings import load_config
from tests.helpers import page, run_filter

URL = "https://news.example.org/story"
ARTICLE = "<article id='story'><p>" + "The article text that must stay on the page. " * 5 + "</p></article>"


def ids(doc):
    return {el.get("id") for el in doc.iter() if isinstance(el.tag, str) and el.get("id")}


# ---------------------------------------------------------------------- built-in hosts list


def test_iframe_ad_goes_with_its_wrapper(options):
    body = "<div id='slot' class='ad'><iframe id='frame' src='https://ad.doubleclick.net/x'></iframe></div>" + ARTICLE
    doc, report, _ = run_filter("ad_server", options("ad_server"), page(body), URL)
    assert "slot" not in ids(doc) and "story" in ids(doc)
    assert report.count == 1 and report.removals[0].target == "div#slot.ad"
    assert "doubleclick.net" in report.removals[0].reason


def test_ad_link_with_image_goes_with_wrapper_and_is_not_retained(options):
    # An ad is not a link worth keeping: the retainer gets links other filters removed, not ads.
    ad = "<div id='box'><a id='link' href='https://www.taboola.com/click?x=1'><img src='https://cdn.taboola.com/a.jpg' alt='Win'></a></div>"
    doc, report, ctx = run_filter("ad_server", options("ad_server"), page(ad + ARTICLE), URL)
    assert not {"box", "link"} & ids(doc)
    assert report.count == 1 and ctx.removed_links == []


def test_first_party_and_unlisted_images_stay(options):
    body = "<p id='p1'><img id='own' src='/img/photo.jpg'><img id='cdn' src='https://images.example.net/a.jpg'></p>" + ARTICLE
    doc, report, _ = run_filter("ad_server", options("ad_server"), page(body), URL)
    assert {"own", "cdn", "p1"} <= ids(doc) and report.count == 0


@pytest.mark.parametrize(
    "element",
    [
        "<img id='t' srcset='/a.jpg 1x, https://tpc.googlesyndication.com/b.jpg 2x'>",
        "<img id='t' src='/blank.gif' data-src='https://securepubads.g.doubleclick.net/ad.jpg'>",
        "<video id='t' src='/clip.mp4' poster='https://ads.pubmatic.com/poster.jpg'></video>",
        "<form id='t' action='https://ib.adnxs.com/submit'><input name='q'></form>",
    ],
    ids=["srcset", "data-src", "poster", "action"],
)
def test_every_url_attribute_is_checked(options, element):
    body = f"<section id='wrap'><h2>Heading</h2>{element}</section>" + ARTICLE
    doc, report, _ = run_filter("ad_server", options("ad_server"), page(body), URL)
    assert "t" not in ids(doc) and "wrap" in ids(doc) and report.count == 1


def test_a_sites_own_links_are_not_ads_on_its_own_pages(options):
    body = "<p id='p'><a id='own' href='https://www.outbrain.com/about'>About us</a> and more words here.</p>"
    doc, report, _ = run_filter("ad_server", options("ad_server"), page(body), "https://www.outbrain.com/blog")
    assert "own" in ids(doc) and report.count == 0


def test_user_hosts_file(options, tmp_path):
    hosts = tmp_path / "hosts"
    hosts.write_text("0.0.0.0 banners.example.com\n", encoding="utf-8")
    body = "<p id='p'>Text <img id='b' src='https://banners.example.com/x.gif'> more text</p>"
    doc, report, _ = run_filter("ad_server", options("ad_server", hosts_files=(str(hosts),)), page(body), URL)
    assert "b" not in ids(doc) and "p" in ids(doc)


# ---------------------------------------------------------------------- Adblock Plus lists

ABP_LIST = """\
! test list
||adnet.example^$third-party
/promo/banner-
||cdn.example.net/track.js$script
||news.example.org/ads/$image
##.sponsored-box
news.example.org##.house-promo
news.example.org#@#.sponsored-box
"""


@pytest.fixture
def abp(options, tmp_path):
    path = tmp_path / "list.txt"
    path.write_text(ABP_LIST, encoding="utf-8")
    return options("ad_server", builtin_list=False, adblock_lists=(str(path),), cache_dir=str(tmp_path / "cache"))


def test_abp_rules_remove_with_request_types(abp):
    body = (
        "<div id='w1'><img id='tp' src='https://adnet.example/a.png'></div>"
        "<p id='p2'>Words <img id='path' src='https://img.example/promo/banner-1.png'> words</p>"
        "<script id='js' src='https://cdn.example.net/track.js'></script>"
        "<p id='p3'>Words <img id='notjs' src='https://cdn.example.net/track.js'> words</p>"
        + ARTICLE
    )
    doc, report, _ = run_filter("ad_server", abp, page(body), URL)
    left = ids(doc)
    assert not {"w1", "tp", "path", "js"} & left
    assert {"notjs", "p2", "p3", "story"} <= left  # the $script rule does not touch an image
    assert any("blocked as script by ||cdn.example.net/track.js$script" in r.reason for r in report.removals)


def test_third_party_rule_spares_the_site_itself(abp):
    body = "<p id='p'>Words <img id='own' src='https://adnet.example/logo.png'> words</p>"
    doc, _, _ = run_filter("ad_server", abp, page(body), "https://adnet.example/home")
    assert "own" in ids(doc)


def test_links_meet_host_rules_not_generic_path_rules(abp):
    body = (
        "<p id='p'>Read <a id='section' href='/promo/banner-offers'>our offers</a> or "
        "<a id='ad' href='https://adnet.example/click?id=7'>this</a> today.</p>"
    )
    doc, _, ctx = run_filter("ad_server", abp, page(body), URL)
    assert "section" in ids(doc) and "ad" not in ids(doc)
    assert unique_links(ctx.removed_links) == []  # ad links are not retained


def test_element_hiding_generic_domain_and_exception(abp):
    body = "<div id='sb' class='sponsored-box'>S</div><div id='hp' class='house-promo'>H</div>" + ARTICLE
    on_site, report, _ = run_filter("ad_server", abp, page(body), URL)
    elsewhere, _, _ = run_filter("ad_server", abp, page(body), "https://other.example/")
    assert "sb" in ids(on_site) and "hp" not in ids(on_site)  # #@# exception on news.example.org
    assert "sb" not in ids(elsewhere) and "hp" in ids(elsewhere)
    assert any(r.reason == "element hiding ##.house-promo" for r in report.removals)


def test_element_hiding_can_be_turned_off(abp):
    import dataclasses

    body = "<div id='sb' class='sponsored-box'>S</div>" + ARTICLE
    doc, _, _ = run_filter("ad_server", dataclasses.replace(abp, element_hiding=False), page(body), "https://other.example/")
    assert "sb" in ids(doc)


def test_element_hiding_never_removes_the_body(options, tmp_path):
    path = tmp_path / "list.txt"
    path.write_text("##body.layout\n##.inner\n", encoding="utf-8")
    opts = options("ad_server", adblock_lists=(str(path),), cache_dir=str(tmp_path / "c"))
    html = "<html><body class='layout'><div class='inner' id='i'>x</div>" + ARTICLE + "</body></html>"
    doc, report, _ = run_filter("ad_server", opts, html, URL)
    assert doc.find("body") is not None and "story" in ids(doc) and "i" not in ids(doc)
    assert any("matches <body>: not applied" in note for note in report.notes)


def test_links_inside_hidden_elements_reach_the_retainer(abp):
    body = "<div class='sponsored-box'><a href='https://shop.example/deal'>Deal</a></div>" + ARTICLE
    _, _, ctx = run_filter("ad_server", abp, page(body), "https://other.example/")
    assert [(link.url, link.text) for link in ctx.removed_links] == [("https://shop.example/deal", "Deal")]


# ---------------------------------------------------------------------- config


def test_lists_load_through_the_config_with_warnings(tmp_path):
    (tmp_path / "list.txt").write_text("||adnet.example^\n||pop.example^$popup\n##.sponsored-box\n", encoding="utf-8")
    config_file = tmp_path / "clearpage.yaml"
    text = "filters:\n  ad_server:\n    adblock_lists: [list.txt]\n    cache_dir: cache\n"
    config = load_config_text(text, str(config_file))
    assert any(w.startswith(f"{tmp_path / 'list.txt'}:2: ") and "$popup" in w for w in config.warnings)
    result = Pipeline(config).run(
        page("<div id='x' class='sponsored-box'>Ad</div><p><img id='i' src='https://adnet.example/a.png'> text</p>" + ARTICLE),
        URL,
        mode="filter",
    )
    assert "sponsored-box" not in result.html and "adnet.example" not in result.html and "The article text" in result.html
    assert (tmp_path / "cache").is_dir()


def test_missing_list_file_is_a_config_error_with_file_line_and_key(tmp_path):
    config_file = tmp_path / "clearpage.yaml"
    text = "mode: filter\nfilters:\n  ad_server:\n    adblock_lists:\n      - easylist.txt\n"
    with pytest.raises(ConfigError) as caught:
        load_config_text(text, str(config_file))
    [problem] = caught.value.problems
    assert (problem.file, problem.line, problem.key) == (str(config_file), 5, "filters.ad_server.adblock_lists[0]")
    assert "easylist.txt" in problem.message
    assert str(problem).startswith(f"{config_file}:5: filters.ad_server.adblock_lists[0]: cannot read list file")


def test_bad_cache_dir_is_a_config_error(tmp_path):
    with pytest.raises(ConfigError) as caught:
        load_config_text("filters:\n  ad_server:\n    cache_dir: 5\n", str(tmp_path / "c.yaml"))
    [problem] = caught.value.problems
    assert (problem.line, problem.key) == (3, "filters.ad_server.cache_dir")


# ---------------------------------------------------------------------- the hosts-only fast path

TRICKY_VALUES = [
    "https://ad.doubleclick.net/x", "  https://ad.doubleclick.net/x  ", "https://ad.double\x01click.net/x",
    "https://ad.doubleclick.net\t/x", "\x00//adnxs.com/y", "//ADNXS.com/y", "/local/path", "#top", "?q=1",
    "https://images.example.net/a.jpg", "javascript:void(0)", "HTTP://Taboola.com./z", "http:relative",
    "https://[::1]/x", "https://ad.doubleclick.net:8080/x", "https://user@taboola.com/x", " ", "\x01",
    "/a.jpg 1x, https://tpc.googlesyndication.com/b.jpg 2x", "https://a.example/1.jpg 1x,\x01https://criteo.com/2.jpg 2x",
]


def _default_ad_filter():
    """The embedded default config's ad_server filter (hosts lists only)."""
    return next(f for f in Pipeline(load_config()).config.base.chain_before_retainer if f.name == "ad_server")


@pytest.mark.parametrize("attr", ["src", "srcset"])
@pytest.mark.parametrize("value", TRICKY_VALUES)
def test_host_check_answers_as_the_general_verdict(options, attr, value):
    # _HostCheck's shortcuts (printable values read without clean_href's calls, per-value and
    # per-host caches, host read from the URL without urljoin) give _verdict(_absolute(url))'s answer.
    ad = _default_ad_filter()
    ctx = PageContext(url=URL, base_url=URL)
    check = ad_server._HostCheck(ad._hosts, ctx, (attr,))
    expected = next((v for url in ad_server._urls(value, attr) if (absolute := ad_server._absolute(url, ctx)) and (v := ad._verdict(absolute, "", ctx))), None)
    assert check.value_verdict(value, attr, attr.endswith("srcset")) == expected
    element = {attr: value}  # ad_url reads the element with get() only (lxml refuses control characters)
    reason = f"{attr} {expected}" if expected else None
    assert check.ad_url(element, [attr]) == reason
    assert check.ad_url(element, [attr]) == reason  # again, from the value cache


def test_host_check_hits_lists_every_ad_in_document_order_and_removes_nothing(options):
    ad = _default_ad_filter()
    body = ("<div id='box'><a id='link' href='https://www.taboola.com/c'><img id='img' src='https://cdn.taboola.com/a.jpg'></a></div>"
            "<img id='own' src='/own.jpg'><iframe id='frame' data-src='https://ad.doubleclick.net/x'></iframe>" + ARTICLE)
    doc = dom.parse(page(body))
    before = len(list(doc.iter()))
    check = ad_server._HostCheck(ad._hosts, PageContext(url=URL, base_url=URL), ad.options.attributes)
    hits = check.hits(doc, frozenset(ad.options.attributes))
    assert [el.get("id") for el, _ in hits] == ["link", "img", "frame"]
    assert [reason.split()[0] for _, reason in hits] == ["href", "src", "data-src"]
    assert len(list(doc.iter())) == before


def test_an_ad_url_on_the_root_element_never_removes_the_page(options):
    html = "<html data-src='https://ad.doubleclick.net/x'><body>" + ARTICLE + "</body></html>"
    doc, report, _ = run_filter("ad_server", options("ad_server"), html, URL)
    assert "story" in ids(doc) and report.count == 0


def test_host_check_gives_each_url_of_an_origin_its_own_general_verdict(options):
    # One _HostCheck over URLs sharing origins (the verdict is kept per "scheme://netloc" part):
    # each answer is still _verdict(_absolute(url))'s, whatever was asked before it.
    ad = _default_ad_filter()
    ctx = PageContext(url=URL, base_url=URL)
    check = ad_server._HostCheck(ad._hosts, ctx, ("href",))
    values = [
        "https://ad.doubleclick.net/x", "https://ad.doubleclick.net/y?z=1", "https://ad.doubleclick.net",
        "https://ad.doubleclick.net?q=/a", "https://ad.doubleclick.net#top/b", "https://ad.doubleclick.net:8080/x",
        "https://ad.doubleclick.net.example.com/x", "https://ad.doubleclick.ne/x", "https://www.example.com/a",
        "https://www.example.com/b", "http://taboola.com/1", "http://taboola.com./2", "https://user@taboola.com/x",
        "https://taboola.com@www.example.com/x", "https:///path/only", "http://", "https://[::1]/x", "https://[::1/x",
    ]
    for value in values * 2:
        expected = next((v for url in ad_server._urls(value, "href") if (absolute := ad_server._absolute(url, ctx)) and (v := ad._verdict(absolute, "", ctx))), None)
        assert check.value_verdict(value, "href") == expected, value
