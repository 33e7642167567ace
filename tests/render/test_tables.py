from clearpage.filters import dom
from clearpage.filters.render import tables


def frag(html: str):
    return dom.parse(f"<html><body><div id='root'>{html}</div></body></html>").xpath("//div[@id='root']")[0]


def grid(rows: int, cols: int, cell="<td>c</td>") -> str:
    return "<table>" + ("<tr>" + cell * cols + "</tr>") * rows + "</table>"


def test_layout_table_becomes_divs_in_reading_order():
    root = frag("<table><tr><td>menu</td><td><p>first</p></td></tr><tr><td></td><td><p>second</p></td></tr></table>")
    data, layout = tables.prepare(root)
    assert (data, layout) == (0, 1)
    assert root.xpath(".//table | .//td | .//tr") == []
    assert [dom.text_of(p) for p in root.iter("p")] == ["first", "second"]
    cells = [dom.text_of(d) for d in root.xpath("./div/div/div")]
    assert cells == ["menu", "first", "second"]  # the empty cell is gone


def test_data_table_gets_column_headers_from_its_first_row():
    root = frag("<table><tr><td>Route</td><td>Cars</td></tr>" + "<tr><td>A</td><td>1</td></tr>" * 5 + "</table>")
    tables.prepare(root)
    headers = root.xpath(".//th")
    assert [dom.text_of(th) for th in headers] == ["Route", "Cars"]
    assert {th.get("scope") for th in headers} == {"col"}


def test_numeric_first_row_is_not_promoted_to_headers():
    root = frag("<table>" + "<tr><td>1</td><td>2</td><td>3</td></tr>" * 12 + "</table>")
    tables.prepare(root)
    assert root.xpath(".//th") == [] and root.xpath(".//table")


def test_existing_headers_get_scope():
    root = frag("<table><thead><tr><th>Name</th><th>Age</th></tr></thead><tbody><tr><th>Ann</th><td>3</td></tr></tbody></table>")
    tables.prepare(root)
    scopes = [th.get("scope") for th in root.iter("th")]
    assert scopes == ["col", "col", "row"]


def test_classification_rules():
    assert tables.is_data_table(frag("<table><caption>c</caption><tr><td>a</td></tr></table>")[0])
    assert not tables.is_data_table(frag("<table role='presentation'><tr><th>a</th><td>b</td></tr></table>")[0])
    assert not tables.is_data_table(frag(grid(1, 6))[0])  # one row
    assert not tables.is_data_table(frag(grid(3, 2))[0])  # six cells
    assert tables.is_data_table(frag(grid(10, 2))[0])
    assert tables.is_data_table(frag(grid(2, 5))[0])
    nested = frag("<table><tr><td>" + grid(12, 3) + "</td><td>x</td></tr></table>")[0]
    assert not tables.is_data_table(nested)


def test_nested_layout_and_data_tables():
    root = frag("<table><tr><td><p>intro</p>" + grid(12, 3) + "</td></tr></table>")
    data, layout = tables.prepare(root)
    assert (data, layout) == (1, 1)
    assert len(root.xpath(".//table")) == 1
    assert root.xpath(".//table")[0].getparent().get("class") == "cp-table"


def test_data_tables_are_wrapped_in_distinctly_named_focusable_regions():
    root = frag(grid(12, 3, "<td>x</td>") + grid(12, 3, "<td>x</td>"))
    tables.prepare(root)
    wrappers = root.xpath(".//div[@class='cp-table']")
    assert len(wrappers) == 2
    assert all(w.get("tabindex") == "0" and w.get("role") == "region" for w in wrappers)
    labels = [w.get("aria-label") for w in wrappers]
    assert labels[0] and len(set(labels)) == 2


def test_empty_header_cells_become_data_cells():
    root = frag("<table><tr><th></th><th>Cars</th></tr>" + "<tr><th>A</th><td>1</td></tr>" * 3 + "</table>")
    tables.prepare(root)
    assert [dom.tag_of(c) for c in root.find(".//tr")] == ["td", "th"]
