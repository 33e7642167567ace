"""Small pages the content-algorithm tests share: each has a right answer a reader agrees on.

Every page wraps its parts in elements with ids, so tests can say which text must be in the
selection and which must not.
"""
from __future__ import annotations

from tests.helpers import page


def _para(topic: str, n: int, words: int = 60) -> str:
    """A paragraph of about ``words`` words about ``topic`` (distinct per ``n``)."""
    sentence = f"The {topic} paragraph number {n} explains one more detail of the story in plain words. "
    reps = max(1, words // 15)
    return sentence * reps


NAV = "<nav id='nav'><ul>" + "".join(f"<li><a href='/section{i}'>Section {i}</a></li>" for i in range(8)) + "</ul></nav>"
FOOTER = (
    "<footer id='footer'><p>Copyright 2024 Example Media. All rights reserved.</p><ul>"
    + "".join(f"<li><a href='/legal{i}'>Legal page {i}</a></li>" for i in range(5))
    + "</ul></footer>"
)

ARTICLE = page(
    NAV
    + "<div id='layout'><div id='main' class='col-md-8'><h1>The headline of the article</h1>"
    + "<p class='byline'>By A. Writer</p><div id='article'>"
    + "".join(
        f"<p>{_para('article', i)}<b>Bold words</b> and <a href='/ref{i}'>a reference</a> close it.</p>" if i % 2 else f"<p>{_para('article', i)}</p>"
        for i in range(6)
    )
    + "</div></div><aside id='aside' class='col-md-4'><h3>Popular</h3><ul>"
    + "".join(f"<li><a href='/popular{i}'>A popular story with a long teaser title {i}</a></li>" for i in range(6))
    + "</ul><p>Advertisement for shoes.</p></aside></div>"
    + FOOTER
)
ARTICLE_IN = ["article paragraph number 0", "article paragraph number 5"]
ARTICLE_OUT = ["Section 3", "popular story", "Copyright 2024", "Legal page"]

THREE_SECTIONS = page(
    NAV
    + "<main id='main'>"
    + "".join(
        f"<section id='s{s}'><h2>Part {s}</h2>" + "".join(f"<p>{_para(f'section{s}', i)}</p>" for i in range(5)) + "</section>"
        for s in range(3)
    )
    + "</main>"
    + FOOTER
)
THREE_SECTIONS_IN = ["section0 paragraph number 0", "section1 paragraph number 2", "section2 paragraph number 4"]
THREE_SECTIONS_OUT = ["Section 3", "Copyright 2024"]

LINK_HEAVY = page(
    "<div id='wrap'><div id='text'>"
    + "".join(f"<p>{_para('text', i, 45)}</p>" for i in range(5))
    + "</div><div id='links'><p>See also: "
    + ", ".join(f"<a href='/also{i}'>related item {i}</a>" for i in range(20))
    + "</p></div></div>"
)
LINK_HEAVY_IN = ["text paragraph number 0", "text paragraph number 4"]
LINK_HEAVY_OUT = ["related item"]

# Chinese article beside English notices: counting \w+ runs, a Chinese clause is one "word"
# (no spaces), so 12-word English paragraphs would look denser than any Chinese paragraph.
_ZH = [
    "互联网的发展让我们获取信息变得更加方便，但是网页上的广告、导航和各种推荐链接也越来越多，读者常常找不到真正想看的正文内容。",
    "为了解决这个问题，研究人员提出了许多正文提取的方法，其中一些方法依靠文本密度，另一些方法依靠网页的结构和链接的比例。",
    "在中文网页里，词语之间没有空格，所以按照空格来数词的方法会把一整句话当成一个词，这会让中文正文看起来比英文的版权声明还要稀疏。",
    "因此我们按照字符来估计词的数量，大约一点七个汉字算作一个词，这样中文段落和英文段落就可以在同一个标准下进行比较和排序了。",
    "这篇文章的最后一段说明，好的算法应该不依赖任何特定的语言，也不需要词典，只需要统计文字和链接的数量就能找到正文的位置。",
]
CJK = page(
    "<nav id='nav'><ul>" + "".join(f"<li><a href='/c{i}'>栏目{i}</a></li>" for i in range(8)) + "</ul></nav>"
    + "<div id='article'><h1>正文提取</h1>" + "".join(f"<p>{p}</p>" for p in _ZH) + "</div>"
    + "<div id='notice'>"
    + "".join(f"<p>This English notice number {i} explains cookies, privacy and tracking here.</p>" for i in range(3))
    + "</div>",
    lang="zh",
)
CJK_IN = [_ZH[0][:10], _ZH[4][:10]]
CJK_OUT = ["English notice", "栏目3"]
