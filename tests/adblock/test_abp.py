"""The Adblock Plus engine wrapper on small inline lists: network rules, options, exceptions, element hiding."""
import pytest

from clearpage.filters import dom
from clearpage.filters.adblock import cosmetic
from clearpage.filters.adblock.abp import AbpEngine

PAGE = "https://news.example.org/story"

RULES = """\
! a small list in EasyList syntax
||ads.example.com^
/banner/ad.
||thirdparty.example^$third-party
||onsite.example^$domain=news.example.org
||pictures.example^$image
||cdn.example.net^
@@||cdn.example.net/allowed/
@@||cdn.example.net/scripts-ok/$script
"""


@pytest.fixture(scope="module")
def engine():
    return AbpEngine.from_rules(RULES)


def blocked(engine, url, kind="image", source=PAGE):
    return engine.check(url, source, kind).blocked


def test_host_anchor_blocks_host_and_subdomains(engine):
    assert blocked(engine, "https://ads.example.com/x.js", "script")
    assert blocked(engine, "https://eu.ads.example.com/pixel.gif")
    assert not blocked(engine, "https://notads.example.com/pixel.gif")


def test_path_rule(engine):
    assert blocked(engine, "https://any.example/banner/ad.png")
    assert not blocked(engine, "https://any.example/banner/photo.png")


def test_third_party(engine):
    assert blocked(engine, "https://thirdparty.example/a.js", "script")
    assert not blocked(engine, "https://thirdparty.example/a.js", "script", source="https://www.thirdparty.example/")


def test_domain_option(engine):
    assert blocked(engine, "https://onsite.example/a.png")
    assert blocked(engine, "https://onsite.example/a.png", source="https://m.news.example.org/")
    assert not blocked(engine, "https://onsite.example/a.png", source="https://other.example/")


def test_type_option(engine):
    assert blocked(engine, "https://pictures.example/a.png", "image")
    assert not blocked(engine, "https://pictures.example/a.js", "script")


def test_exception_rules(engine):
    verdict = engine.check("https://cdn.example.net/allowed/lib.js", PAGE, "script")
    assert not verdict.blocked and verdict.excepted and "@@" in verdict.exception
    assert blocked(engine, "https://cdn.example.net/other/lib.js", "script")
    # An exception limited to scripts does not cover images.
    assert not blocked(engine, "https://cdn.example.net/scripts-ok/a.js", "script")
    assert blocked(engine, "https://cdn.example.net/scripts-ok/a.png", "image")


def test_verdict_names_the_rule(engine):
    assert engine.check("https://ads.example.com/x", PAGE, "image").rule == "||ads.example.com^"


def test_request_type_spellings_are_normalised(engine):
    rules = AbpEngine.from_rules(["||frames.example^$subdocument", "||xhr.example^$xmlhttprequest"])
    assert rules.check("https://frames.example/", PAGE, "subdocument").blocked
    assert rules.check("https://frames.example/", PAGE, "sub_frame").blocked
    assert rules.check("https://xhr.example/", PAGE, "xhr").blocked
    assert not rules.check("https://frames.example/", PAGE, "image").blocked


def test_links_are_navigations_only_host_rules_apply(engine):
    # Checked as "document", a link meets host-anchored rules but not generic path rules.
    assert blocked(engine, "https://ads.example.com/click", "document")
    assert not blocked(engine, "https://news.example.org/banner/ad.html", "document")


def test_bad_url_is_not_blocked(engine):
    verdict = engine.check("not a url", PAGE, "image")
    assert not verdict.blocked and verdict.error


# ---------------------------------------------------------------------- element hiding

COSMETIC = """\
##.sponsored
##.ad-box
###top-banner
news.example.org##.promo
news.example.org#@#.sponsored
other.example##.promo-other
##a[href^="https://affiliate.example/"]
blog.example##div:has(> .ad-label)
www.blog.example#@#div:has(> .ad-label)
site.example##div:focus-within
"""

HTML = """<html><body>
<div class="sponsored" id="s">Sponsored</div>
<div class="promo" id="p">Promo</div>
<div id="top-banner">Banner</div>
<div class="promo-other" id="po">Other promo</div>
<p id="aff"><a href="https://affiliate.example/x">buy</a></p>
<div id="h1"><span class="ad-label">Ad</span>text</div>
<div id="h2" class="keep"><span class="ad-label">Ad</span>text</div>
<article id="article"><p>The story.</p></article>
</body></html>"""


@pytest.fixture(scope="module")
def hiding():
    return AbpEngine.from_rules(COSMETIC)


def hidden_ids(engine, url, host):
    doc = dom.parse(HTML)
    result = cosmetic.hide(doc, url, host, engine)
    ids = set()
    for el, _ in result.matches:
        ids.add(el.get("id") or el.getparent().get("id"))
    return ids, result


def test_generic_and_domain_rules_with_exceptions(hiding):
    ids, _ = hidden_ids(hiding, "https://news.example.org/a", "news.example.org")
    # .sponsored is excepted on news.example.org; .promo is its own rule; .promo-other is another site's.
    assert ids == {"p", "top-banner", "aff"}


def test_on_another_site_generic_rules_apply(hiding):
    ids, _ = hidden_ids(hiding, "https://other.example/", "other.example")
    assert ids == {"s", "top-banner", "po", "aff"}


def test_has_rules_the_engine_drops_are_applied_with_exceptions(hiding):
    ids, _ = hidden_ids(hiding, "https://blog.example/", "blog.example")
    assert {"h1", "h2"} <= ids
    # The same selector excepted on a subdomain (#@# matches by selector text, as in Adblock Plus).
    ids, _ = hidden_ids(hiding, "https://www.blog.example/", "www.blog.example")
    assert not {"h1", "h2"} & ids


def test_generichide_exception_turns_generic_rules_off():
    engine = AbpEngine.from_rules(COSMETIC + "@@||news.example.org^$generichide\n")
    ids, _ = hidden_ids(engine, "https://news.example.org/a", "news.example.org")
    assert ids == {"p"}


def test_selectors_cssselect_cannot_compile_are_counted(hiding):
    _, result = hidden_ids(hiding, "https://site.example/", "site.example")
    assert result.uncompilable == ["div:focus-within"]


def test_page_index_rules_out_selectors_before_xpath(hiding):
    doc = dom.parse("<html><body><p>nothing to hide</p></body></html>")
    result = cosmetic.hide(doc, "https://other.example/", "other.example", hiding)
    assert result.selectors > 0 and result.evaluated == 0 and result.matches == []


def test_page_index_needs():
    index = cosmetic.PageIndex.of(dom.parse(HTML))
    assert index.may_match(cosmetic.compile_rule('a[href^="https://affiliate.example/"]'))
    assert not index.may_match(cosmetic.compile_rule('a[href^="https://elsewhere.example/"]'))
    assert index.may_match(cosmetic.compile_rule('a[href^="HTTPS://AFFILIATE.example/" i]'))
    assert not index.may_match(cosmetic.compile_rule("div.sponsored.missing"))
    assert index.may_match(cosmetic.compile_rule("div:not(.missing)"))  # what sits under :not() is not required
    assert index.may_match(cosmetic.compile_rule("table, div.promo"))  # one branch suffices
