from tests.helpers import page, run_filter


def test_empty_layout_tables_removed_data_table_kept(options):
    body = (
        "<table id='spacer'><tr><td>&nbsp;</td><td> | </td></tr></table>"
        "<table id='data'><tr><th>Year</th><th>Sales</th></tr><tr><td>2024</td><td>12</td></tr></table>"
        "<table id='pic'><tr><td><img src='chart.png' alt=''></td></tr></table>"
    )
    doc, report, _ = run_filter("empty_table", options("empty_table"), page(body))
    assert [t.get("id") for t in doc.xpath("//table")] == ["data", "pic"]
    assert report.count == 1


def test_outer_table_judged_after_inner(options):
    body = "<table id='outer'><tr><td><table id='inner'><tr><td> </td></tr></table></td></tr></table><p>text</p>"
    doc, report, _ = run_filter("empty_table", options("empty_table"), page(body))
    assert doc.xpath("//table") == []
    assert report.count == 2


def test_min_chars_and_substantive_tags_are_settings(options):
    body = "<table id='t'><tr><td>Price: 5</td></tr></table>"
    kept, _, _ = run_filter("empty_table", options("empty_table", min_chars=5), page(body))
    gone, _, _ = run_filter("empty_table", options("empty_table", min_chars=50), page(body))
    assert kept.xpath("//table") and not gone.xpath("//table")
    pic = "<table><tr><td><img src='a.png'></td></tr></table>"
    gone, _, _ = run_filter("empty_table", options("empty_table", substantive_tags=()), page(pic))
    assert not gone.xpath("//table")


def test_spacer_images_are_not_substance(options):
    body = "<table id='s'><tr><td><img src='spacer.gif' width='1' height='10'></td></tr></table><table id='k'><tr><td><img src='p.png' width='200'></td></tr></table>"
    doc, _, _ = run_filter("empty_table", options("empty_table"), page(body))
    assert [t.get("id") for t in doc.xpath("//table")] == ["k"]


def test_links_in_removed_table_are_retained(options):
    body = "<table><tr><td><a href='/home'>H</a></td></tr></table>"
    _, _, ctx = run_filter("empty_table", options("empty_table"), page(body))
    assert [l.url for l in ctx.removed_links] == ["https://example.com/home"]
