from clearpage.filters import dom
from clearpage.filters.render import sanitize

BASE = "https://news.test/2024/story"


def clean(html: str):
    root = dom.parse(f"<html><body><div id='root'>{html}</div></body></html>").xpath("//div[@id='root']")[0]
    sanitize.clean(root, BASE)
    return root


def test_no_script_handlers_styles_or_widgets_survive():
    root = clean(
        "<script>x()</script><style>p{}</style><p onclick='x()' style='font-size:9px' class='c' tabindex='3' role='note'>text</p>"
        "<form action='/s'><label>Name <input name='n'></label><button>Go</button><select><option>a</option></select></form>"
        "<object data='x.swf'></object><canvas></canvas>"
    )
    assert root.xpath(".//script | .//style | .//input | .//button | .//select | .//form | .//object | .//canvas") == []
    p = root.find(".//p")
    assert dict(p.attrib) == {}
    assert "Name" in dom.text_of(root)


def test_hidden_content_is_removed():
    root = clean("<p hidden>a</p><p aria-hidden='true'>b</p><p style='display: none'>c</p><p style='visibility:hidden;'>d</p><p>e</p>")
    assert dom.text_of(root) == "e"


def test_links_absolute_and_code_schemes_unwrapped():
    root = clean("<a href='/about'>About</a> <a href='javascript:alert(1)'>Run</a> <a href='#nowhere'>Jump</a> <a href='#here'>Here</a><span id='here'></span>")
    hrefs = root.xpath(".//a/@href")
    assert hrefs == ["https://news.test/about", "#here"]
    assert "Run" in dom.text_of(root) and "Jump" in dom.text_of(root)


def test_image_sources_resolved_and_data_images_kept():
    root = clean("<img src='p.jpg' srcset='p-1.jpg 1x, p-2.jpg 2x' alt='a'><img src='data:image/png;base64,AAAA' alt='b'><img src='javascript:x' alt='c'>")
    imgs = list(root.iter("img"))
    assert imgs[0].get("src") == "https://news.test/2024/p.jpg"
    assert imgs[0].get("srcset") == "https://news.test/2024/p-1.jpg 1x, https://news.test/2024/p-2.jpg 2x"
    assert imgs[1].get("src") == "data:image/png;base64,AAAA"
    assert imgs[2].get("src") is None


def test_inner_landmarks_become_blocks_and_frames_links():
    root = clean("<main><nav><ul><li>a</li></ul></nav><aside>b</aside></main><iframe src='https://video.test/embed/1' title='Launch video'></iframe>")
    assert root.xpath(".//main | .//nav | .//aside | .//iframe") == []
    link = root.find(".//a")
    assert (link.get("href"), dom.text_of(link)) == ("https://video.test/embed/1", "Launch video")


def test_lists_repaired():
    root = clean("<ul>stray<div>not an item</div><li>item</li></ul><li>orphan</li><dl><p>x</p><dt>t</dt></dl>")
    ul = root.find(".//ul")
    assert [dom.tag_of(c) for c in ul] == ["li", "li", "li"]
    assert root.xpath("./p[.='orphan']")
    assert [dom.tag_of(c) for c in root.find(".//dl")] == ["dt"]  # the stray block left the list, before it
    assert dom.text_of(root.find(".//dl").getprevious()) == "x"


def test_duplicate_and_reserved_ids_dropped():
    root = clean("<p id='a'>1</p><p id='a'>2</p><p id='cp-content'>3</p>")
    assert root.xpath(".//p/@id") == ["a"]


def test_ids_are_stripped_and_empty_ones_dropped_while_distinct_ones_stay():
    root = clean("<p id=' a '>1</p><p id=''>2</p><p id='b'>3</p><p id='a'>4</p>")
    assert root.xpath(".//p/@id") == ["a", "b"]
    root = clean("<p id='a'>1</p><p id='b'>2</p><div><p id='c'>3</p></div>")
    assert root.xpath(".//p/@id") == ["a", "b", "c"]


def test_image_aria_label_becomes_alt():
    root = clean("<img src='x.png' aria-label='Sales chart'>")
    assert root.find(".//img").get("alt") == "Sales chart"
    assert root.find(".//img").get("aria-label") is None


def test_definition_list_without_terms_becomes_blocks():
    root = clean("<dl><dd>indented remark</dd></dl><dl><dd>early</dd><dt>Term</dt><dd>def</dd><div><dt>T2</dt><p>x</p></div></dl>")
    assert [dom.tag_of(c) for c in root] == ["div", "div", "dl"]
    dl = root.find("dl")
    assert [dom.tag_of(c) for c in dl] == ["dt", "dd", "div"]
    assert [dom.tag_of(c) for c in dl.find("div")] == ["dt", "dd"]


def test_definition_list_of_terms_only_becomes_paragraphs():
    root = clean("<dl><dt>Early life</dt></dl>")
    assert [dom.tag_of(c) for c in root] == ["div"] and [dom.tag_of(c) for c in root[0]] == ["p"]


def test_hidden_root_stays_and_hidden_descendants_go_even_when_detached():
    """_drop_hidden looks only below the root (an XPath over its descendants), attached or not."""
    import copy
    root = dom.parse("<html><body><div id='root' hidden><p>keep</p><p hidden>a</p><p aria-hidden=' TRUE '>b</p>"
                     "<p style='color:red; display : none'>c</p><p style='color:red'>d</p></div></body></html>"
                     ).xpath("//div[@id='root']")[0]
    detached = copy.deepcopy(root)
    for el in (root, detached):
        sanitize.clean(el, BASE)
        assert [dom.text_of(p) for p in el.iter("p")] == ["keep", "d"]


def test_media_without_attributes_still_get_controls():
    root = clean("<video></video><audio></audio><p>x</p>")
    assert root.find(".//video").get("controls") == "" and root.find(".//audio").get("controls") == ""
    assert dict(root.find(".//p").attrib) == {}


def test_blank_lang_and_dir_go_set_ones_stay():
    root = clean("<p lang='' dir=' '>a</p><p lang='fr' dir='rtl' class='c'>b</p><p class='c'>c</p><span dir='ltr' lang=' \t'>d</span>")
    assert [dict(el.attrib) for el in root.iter("p", "span")] == [{}, {"lang": "fr", "dir": "rtl"}, {}, {"dir": "ltr"}]


def test_attributes_on_no_allow_list_go_with_or_without_a_drawing_beside_them():
    # (without svg/math they are stripped from the whole copy at once; beside one, element by element)
    html = "<p class='c' style='x' role='note' data-x='1' id='keep'>a <a href='/b' class='l' target='_blank' rel='nofollow'>b</a></p>"
    for extra in ("", "<svg class='icon'><path class='fill' d='M0 0'/></svg>"):
        root = clean(html + extra)
        assert dict(root.find(".//p").attrib) == {"id": "keep"}
        assert dict(root.find(".//a").attrib) == {"href": "https://news.test/b"}
    assert root.find(".//path").get("class") == "fill"  # inside a drawing the class draws


def test_comments_go_and_presentational_tags_are_renamed_in_document_order():
    root = clean("<!-- note --><center><font>a</font><noscript><p>b</p></noscript></center><?pi x?><nav>c</nav>")
    assert [el.tag for el in root.iter()] == ["div", "div", "span", "p", "div"]
    assert dom.text_of(root) == "abc"


def test_may_hide_lists_each_descendant_with_a_hiding_attribute_once_in_document_order():
    root = dom.parse("<div hidden><p style='a' aria-hidden='true'>x<b hidden>y</b></p><i>z</i><span style=''>w</span></div>").find(".//div")
    every = [el for el in root.iterdescendants() if any(el.get(a) is not None for a in ("hidden", "aria-hidden", "style"))]
    assert sanitize._MAY_HIDE(root) == every
    assert [el.tag for el in every] == ["p", "b", "span"]
