from clearpage.filters import dom
from clearpage.filters.render import headings


def frag(html: str):
    return dom.parse(f"<html><body><div id='root'>{html}</div></body></html>").xpath("//div[@id='root']")[0]


def levels(root):
    return [int(h.tag[1]) for h in root.iter(*headings.HEADINGS)]


def test_levels_ranked_below_the_title():
    root = frag("<h1>A</h1><p>x</p><h3>B</h3><h4>C</h4><h1>D</h1>")
    headings.normalise(root)
    assert levels(root) == [2, 3, 4, 2]


def test_no_level_skipped_going_down():
    root = frag("<h2>A</h2><h5>B</h5><h3>C</h3><h6>D</h6>")
    headings.normalise(root)
    # ranks: 2->2, 3->3, 5->4, 6->5; then clamped to one deeper than the previous heading
    assert levels(root) == [2, 3, 3, 4]


def test_first_heading_starts_at_level_two_even_when_deep():
    root = frag("<h5>Only</h5><p>x</p><h6>Sub</h6>")
    headings.normalise(root)
    assert levels(root) == [2, 3]


def test_empty_headings_are_unwrapped_but_image_headings_kept():
    root = frag("<h2> </h2><h3><img src='a.png' alt='Logo'></h3><h4><img src='b.png' alt=''>text</h4>")
    headings.normalise(root)
    assert levels(root) == [2, 3]
    assert root.xpath(".//h2/img/@alt") == ["Logo"]
