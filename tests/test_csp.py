import pytest

from clearpage.filters.csp import INLINE, LINK, NONE, placement

URL = "https://news.example.com/story"


@pytest.mark.parametrize(
    "headers, expected",
    [
        ([], INLINE),
        (["script-src 'self'"], INLINE),  # no style directive, no default-src: styles unrestricted
        (["style-src 'self' 'unsafe-inline'"], INLINE),
        (["default-src 'self' 'unsafe-inline'"], INLINE),
        (["style-src 'self'"], LINK),
        (["default-src 'self'"], LINK),
        (["style-src *"], LINK),
        (["style-src https:"], LINK),
        (["style-src https://news.example.com"], LINK),
        (["style-src *.example.com"], LINK),
        (["style-src 'self' 'unsafe-inline' 'nonce-abc'"], LINK),  # a nonce switches unsafe-inline off
        (["style-src 'unsafe-inline' 'sha256-xyz='"], NONE),
        (["style-src https://cdn.example.net"], NONE),
        (["style-src https://news.example.com/static/"], NONE),  # a path: our stylesheet is not under it
        (["default-src 'none'"], NONE),
        (["style-src-elem 'self'; style-src 'unsafe-inline'"], LINK),  # style-src-elem governs <style>/<link>
        (["style-src 'self' 'unsafe-inline'", "style-src 'self'"], LINK),  # two policies: both must allow
        (["style-src 'unsafe-inline'", "style-src 'self'"], NONE),  # neither placement satisfies both
        (["style-src 'unsafe-inline', default-src 'none'"], NONE),  # comma: two policies in one header
        (["style-src http://news.example.com:8443"], NONE),  # wrong port
    ],
)
def test_placement(headers, expected):
    assert placement(headers, URL) == expected


def test_port_and_scheme_matching():
    assert placement(["style-src http://localhost:8080"], "http://localhost:8080/a") == LINK
    assert placement(["style-src localhost:*"], "http://localhost:8080/a") == LINK
    assert placement(["style-src localhost"], "http://localhost:8080/a") == NONE
    assert placement(["style-src http:"], "https://a.example/") == LINK  # http: also allows https
    assert placement(["style-src https:"], "http://a.example/") == NONE


def test_the_pipeline_gives_each_page_the_policy_it_can_bear():
    from clearpage.filters import Pipeline, load_config
    from clearpage.filters.pipeline import READER_POLICY

    pipeline = Pipeline(load_config())
    text = "<p>" + "A paragraph long enough to count as the page's content, said plainly. " * 12 + "</p>"
    url = "https://site.example/page"
    for mode in ("reader", "text"):
        assert pipeline.run(f"<html><body>{text}</body></html>", url, mode=mode).policy == READER_POLICY
    bare = pipeline.run(f"<html><body>{text}</body></html>", url, mode="filter")
    assert bare.policy == "script-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'"
    kept = pipeline.run(f"<html><head><base href='https://cdn.example/'></head><body>{text}"
                        "<form action='/s'><input name=q></form></body></html>", url, mode="filter")
    assert kept.policy == "script-src 'none'; object-src 'none'"  # the form and the <base> keep working


def test_filter_mode_drops_a_base_that_is_not_a_web_address_and_isindex():
    from clearpage.filters import Pipeline, load_config

    pipeline = Pipeline(load_config())
    text = "<p>" + "A paragraph long enough to count as the page's content, said plainly. " * 12 + "</p>"
    for base, kept in (("ftp://files.example/", False), ("mailto:a@b.example", False), ("https://cdn.example/", True), ("/sub/", True)):
        for mode in ("filter", "reader"):
            out = pipeline.run(f"<html><head><base href='{base}'></head><body><isindex prompt=q>{text}</body></html>",
                               "https://site.example/p", mode=mode).output
            assert ("<base" in out) == (kept and mode == "filter"), (base, mode)
            assert "isindex" not in out
