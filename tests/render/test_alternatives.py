from clearpage.filters import dom
from clearpage.filters.render import alternatives


def frag(html: str):
    return dom.parse(f"<html><body><div id='root'>{html}</div></body></html>").xpath("//div[@id='root']")[0]


def test_image_alternative_order_alt_title_caption_decorative():
    root = frag(
        "<img id='a' src='1.png' alt=' Kept  alt '>"
        "<img id='b' src='2.png' title='From title'>"
        "<figure><img id='c' src='3.png'><figcaption>The bridge at dawn.</figcaption></figure>"
        "<img id='d' src='IMG_2041.jpeg'>"
        "<img id='e' src='5.png' alt=''>"
    )
    added = alternatives.name_images(root)
    alts = {img.get("id"): img.get("alt") for img in root.iter("img")}
    assert alts == {"a": "Kept alt", "b": "From title", "c": "The bridge at dawn.", "d": "", "e": ""}
    assert added == 3


def test_long_caption_is_shortened_at_a_word():
    caption = "word " * 100
    root = frag(f"<figure><img src='x.png'><figcaption>{caption}</figcaption></figure>")
    alternatives.name_images(root)
    alt = root.find(".//img").get("alt")
    assert len(alt) <= alternatives.MAX_ALT_CHARS + 1 and alt.endswith("…") and "wor…" not in alt


def test_image_only_link_is_named_by_title_then_address():
    root = frag(
        "<a id='t' href='https://example.com/gallery' title='Photo gallery'><img src='t.jpg' alt=''></a>"
        "<a id='u' href='https://www.example.com/photos/big-bridge.jpg'><img src='t.jpg' alt=''></a>"
        "<a id='ok' href='https://example.com/x'><img src='t.jpg' alt='Bridge'></a>"
    )
    named, unwrapped = alternatives.name_links(root)
    labels = {a.get("id"): a.get("aria-label") for a in root.iter("a")}
    assert labels == {"t": "Photo gallery", "u": "example.com/photos/big-bridge", "ok": None}
    assert (named, unwrapped) == (2, 0)


def test_empty_links_unwrapped_in_reader_but_named_in_filter_mode():
    reader = frag("<p>a<a href='https://example.com/c'></a>b</p>")
    assert alternatives.name_links(reader) == (0, 1)
    assert reader.find(".//a") is None and dom.text_of(reader) == "ab"
    filtered = frag("<p>a<a class='icon-twitter' href='https://twitter.com/gazette'></a>b</p>")
    assert alternatives.name_links(filtered, unwrap_empty=False) == (1, 0)
    assert filtered.find(".//a").get("aria-label") == "twitter.com/gazette"


def test_svg_named_by_title_or_hidden():
    root = frag("<svg id='a'><title>Chart of sales</title></svg><svg id='b'><path d='M0 0'/></svg>")
    alternatives.name_svgs(root)
    a, b = root.iter("svg")
    assert (a.get("role"), a.get("aria-label")) == ("img", "Chart of sales")
    assert b.get("aria-hidden") == "true"


def test_file_name_alt_counts_as_missing():
    root = frag("<figure><img src='a.jpg' alt='12-IMG_3886.jpg'><figcaption>Camp by the lake</figcaption></figure><img src='b.jpg' alt='P1610088.JPG'>")
    alternatives.name_images(root)
    assert [img.get("alt") for img in root.iter("img")] == ["Camp by the lake", ""]
