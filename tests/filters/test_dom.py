import lxml.html

from clearpage.filters import dom


def body_html(doc) -> str:
    return lxml.html.tostring(dom.body_of(doc), encoding="unicode")


def test_void_elements_misparsed_by_libxml2_are_emptied():
    doc = dom.parse("<div><embed src=a><p>x</p>tail</div><picture><source srcset=a>t<img src=c></picture>after")
    assert body_html(doc) == '<body><div><embed src="a"></embed><p>x</p>tail</div><picture><source srcset="a"></source>t<img src="c"></picture>after</body>'


def test_removing_an_embed_keeps_what_follows():
    doc = dom.parse("<div><embed src=ad.swf><p>article</p></div>")
    dom.remove(doc.xpath("//embed")[0])
    assert dom.text_of(doc) == "article"


def test_remove_keeps_tail_and_unwrap_keeps_content():
    doc = dom.parse("<p>a<b>B</b>c<i>I<u>U</u>i</i>d</p>")
    dom.remove(doc.xpath("//b")[0])
    dom.unwrap(doc.xpath("//i")[0])
    assert body_html(doc) == "<body><p>acI<u>U</u>id</p></body>"


def test_describe():
    doc = dom.parse("<div id='main' class='a b c d'>x</div>")
    assert dom.describe(doc.xpath("//div")[0]) == "div#main.a.b.c"
