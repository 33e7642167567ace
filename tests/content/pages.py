"""Small hand-written pages shared by the content-algorithm tests (article, sections, sidebar, CJK)."""
from __future__ import annotations

from functools import lru_cache

from tests.helpers import page

SENTENCES = [
    "The harbour board met on Tuesday to decide the future of the old fish market on the quay.",
    "Traders who have worked there for decades argued that the building still serves the town well.",
    "Engineers presented a survey showing that the roof timbers need replacing within five years.",
    "A local historian reminded the board that the market hall was built by subscription in 1887.",
    "The chair promised a public consultation before any decision is made about demolition.",
    "Several residents asked whether the ground floor could house a library and a café instead.",
]


def paragraph(i: int, n: int = 3) -> str:
    return " ".join(SENTENCES[(i + k) % len(SENTENCES)] for k in range(n))


NAV = "<nav><ul>" + "".join(f"<li><a href='/s{i}'>Section {i}</a></li>" for i in range(10)) + "</ul></nav>"
FOOTER = (
    "<footer><ul>" + "".join(f"<li><a href='/f{i}'>Footer link {i}</a></li>" for i in range(6)) + "</ul>"
    "<p>© 2026 Harbour News</p></footer>"
)


def article_page() -> str:
    body = "".join(f"<p>{paragraph(i)}</p>" for i in range(6))
    return page(f"<header><h1>Harbour News</h1></header>{NAV}<main><article id='story'><h2>Market hall</h2>{body}</article></main>{FOOTER}")


SECTION_TOPICS = ("Opening hours", "Parking", "Accessibility")


def three_sections_page() -> str:
    """Three sections of text separated by short link strips (a table of contents, a share bar)."""
    strip = "<div class='share'><a href='/t'>Tweet</a> <a href='/f'>Share</a> <a href='/m'>Mail</a></div>"
    sections = []
    for n, topic in enumerate(SECTION_TOPICS):
        paras = "".join(f"<p>{topic}: {paragraph(n + i)}</p>" for i in range(3))
        sections.append(f"<section id='s{n}'><h2>{topic}</h2>{paras}</section>{strip}")
    return page(f"{NAV}<div id='content'>{''.join(sections)}</div>{FOOTER}")


def sidebar_page() -> str:
    """Article text beside a long block of links with long titles (related stories)."""
    links = "".join(
        f"<li><a href='/r{i}'>Related story number {i}: council debates the harbour budget again</a></li>" for i in range(15)
    )
    text = "".join(f"<p>{paragraph(i)}</p>" for i in range(5))
    return page(f"{NAV}<div id='wrap'><div id='text'>{text}</div><aside id='related'><ul>{links}</ul></aside></div>{FOOTER}")


ZH_SENTENCES = [
    "港口委员会周二开会讨论码头上旧鱼市场的未来。",
    "在那里工作了几十年的商贩认为这座建筑仍然很好地服务于小镇。",
    "工程师提交的调查显示屋顶木材需要在五年内更换。",
    "一位当地历史学家提醒委员会市场大厅是一八八七年通过募捐建造的。",
    "主席承诺在作出拆除决定之前进行公开咨询。",
]
ZH_NAV = "<ul id='nav'>" + "".join(f"<li><a href='/c{i}'>栏目{i}</a></li>" for i in range(10)) + "</ul>"


def cjk_page() -> str:
    body = "".join(f"<p>{''.join(ZH_SENTENCES[(i + k) % 5] for k in range(3))}</p>" for i in range(6))
    footer = "<div id='foot'>" + "".join(f"<a href='/z{i}'>链接{i}</a> " for i in range(8)) + "<p>版权所有</p></div>"
    return page(f"{ZH_NAV}<div id='article'><h1>市场大厅</h1>{body}</div>{footer}", lang="zh")


def select(name: str, html: str, **overrides):
    """Run content algorithm ``name`` (default options from config/default.yaml, with overrides) on ``html``.

    Returns (doc, selection, text of the selected nodes)."""
    import dataclasses

    from clearpage.filters import dom
    from clearpage.filters.chain.base import BuildEnv
    from clearpage.filters.content.base import ALGORITHMS
    from clearpage.filters.context import PageContext
    from clearpage.filters.render import text

    options = dataclasses.replace(_default_config().settings.content.options[name], **overrides)
    algorithm = ALGORITHMS[name](options, BuildEnv())
    doc = dom.parse(html)
    selection = algorithm.select(doc, PageContext(url="https://example.com/", base_url="https://example.com/"))
    chosen = text.render(selection.nodes).text if selection else ""
    return doc, selection, chosen


@lru_cache(maxsize=1)
def _default_config():
    from clearpage.filters import load_config

    return load_config()
