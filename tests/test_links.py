"""safe_url's shortcut for plain links gives exactly what resolving with urljoin gives."""
from urllib.parse import urljoin, urlsplit

from hypothesis import given, settings
from hypothesis import strategies as st

from clearpage.filters.links import SAFE_SCHEMES, clean_href, safe_url


def reference_safe_url(href, base):
    """The definition: clean, refuse unsafe schemes, join with urljoin, refuse again."""
    value = clean_href(href)
    if value is None or value.startswith("#"):
        return None
    try:  # a URL urlsplit refuses (a bracketed host that is no IP address) is no link
        scheme = urlsplit(value).scheme.lower()
        if scheme and scheme not in SAFE_SCHEMES:
            return None
        if base:
            value = urljoin(base, value)
            scheme = urlsplit(value).scheme.lower()
            if scheme and scheme not in SAFE_SCHEMES:
                return None
    except ValueError:
        return None
    return value


BASES = [
    "https://example.com/a/b.html?x=1#top",
    "http://example.com",
    "https://user@Example.COM:8080/dir/",
    "http://[::1]/x",
    "http://[bad/x",
    "ftp://files.example/",
    "//cdn.example/x",
    "/relative/base",
    "https://ex\u00e4mple.com/",
    "",
    None,
]
PIECES = ["http://", "https://", "HTTP://", "//", "/", "./", "../", ".", "..", "?", "#", ";", ":", "@", "[", "]",
          "a", "b.html", "example.com", "x=1", "%20", " ", "\t", "\x01", "javascript:", "mailto:", "\u00e4", "?#", "/;p"]


def outcome(fn, *args):
    try:
        return fn(*args)
    except ValueError as exc:  # neither may raise: a refused URL is None in both
        return ("ValueError", str(exc))


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.sampled_from(PIECES), min_size=1, max_size=8), st.sampled_from(BASES))
def test_safe_url_matches_urljoin(pieces, base):
    href = "".join(pieces)
    assert outcome(safe_url, href, base) == outcome(reference_safe_url, href, base)


def test_plain_links_take_the_shortcut_and_still_match():
    base = "https://example.com/a/b.html"
    for href in ["https://other.example/x?y=1#z", "/path/to?q=2", "http://example.com/", "/a#frag",
                 "//cdn.example/x?y=1#z", "//user@cdn.example:8080", "//cdn.example#f"]:
        assert safe_url(href, base) == reference_safe_url(href, base)
    # urllib drops an empty query / fragment and resolves dot segments: the general path keeps that
    assert safe_url("/a?", base) == "https://example.com/a"
    assert safe_url("/a/../b", base) == "https://example.com/b"
    assert safe_url("https://x.example/p;", base) == "https://x.example/p"
    assert safe_url("//cdn.example/p", "http://example.com/") == "http://cdn.example/p"  # the base's scheme


def test_the_original_page_link_only_adds_the_bypass_pair_byte_for_byte():
    from clearpage.filters.links import bypass_url

    site = "https://site.example/p"
    cases = {
        f"{site}?q=%E9t%E9": f"{site}?q=%E9t%E9&clearpage=off",  # not UTF-8: no U+FFFD
        f"{site}?a&b": f"{site}?a&b&clearpage=off",  # valueless keys stay valueless
        f"{site}?x=1;y=2": f"{site}?x=1;y=2&clearpage=off",  # ";" is not re-encoded
        f"{site}?clearpage=1": f"{site}?clearpage=1&clearpage=off",  # the site's own parameter stays
        f"{site}?a=1&clearpage=off&b=2": f"{site}?a=1&b=2&clearpage=off",  # only our pair, not repeated
        f"{site}?q=a+b%20c#top": f"{site}?q=a+b%20c&clearpage=off#top",
        site: f"{site}?clearpage=off",
        f"{site}?": f"{site}?clearpage=off",
    }
    for url, expected in cases.items():
        assert bypass_url(url) == expected, url
    assert bypass_url("javascript:alert(1)") is None
