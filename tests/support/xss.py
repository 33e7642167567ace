"""A page full of script-injection vectors, for tests that prove clearpage serves none of them alive.

Assembled from public cheat sheets (OWASP's XSS Filter Evasion Cheat Sheet, PortSwigger's
Cross-site scripting cheat sheet, the HTML5 Security Cheatsheet, and the mutation-XSS (mXSS)
write-ups on parser differences around <noscript>, <svg><style> and comments). Every vector
calls ``alert(N)`` with its own number, so a browser test can tell which one fired.

Beside the vectors in the body, the page carries markup aimed at what clearpage itself writes:
a title, byline and og:title that try to break out of their elements, a link list (removed by the
link-list filter, so its URLs reach the removed-links nav) with script URLs and an
attribute-breaking URL, and a figure caption.

``article_page()`` is long enough for auto mode to pick the reader page; ``portal_page()``
holds the same vectors in a short link-heavy page that auto mode filters in place.
"""
from __future__ import annotations

import re
from urllib.parse import urlsplit

import lxml.html

from clearpage.filters.links import clean_href

# (number, markup). Numbers 1-99: vectors in the body; 100+: aimed at clearpage's own output.
VECTORS: list[tuple[int, str]] = [
    (1, "<script>alert(1)</script>"),
    (2, "<img src=x onerror=alert(2)>"),
    (3, "<svg onload=alert(3)></svg>"),
    (4, "<body onload=alert(4)>"),
    (5, '<iframe src="javascript:alert(5)"></iframe>'),
    (6, "<iframe srcdoc=\"<script>alert(6)</script>\"></iframe>"),
    (7, "<input autofocus onfocus=alert(7)>"),
    (8, "<details open ontoggle=alert(8)><summary>d</summary>x</details>"),
    (9, "<video><source onerror=alert(9)></video>"),
    (10, "<audio src=x onerror=alert(10)></audio>"),
    (11, '<object data="javascript:alert(11)"></object>'),
    (12, '<embed src="javascript:alert(12)">'),
    (13, '<meta http-equiv="refresh" content="0;url=javascript:alert(13)">'),
    (14, "<svg><script>alert(14)</script></svg>"),
    (15, "<svg><animate onbegin=alert(15) attributeName=x dur=1s /></svg>"),
    (16, "<style onload=alert(16)></style>"),
    (17, "<link rel=stylesheet href=missing.css onerror=alert(17)>"),
    (18, '<img src="x" onerror="&#97;lert(18)">'),
    (19, "<IMG SRC=x OnErRoR=alert(19)>"),
    (20, '<img/src="x"/onerror=alert(20)>'),
    (21, "<img src=x onerror\n=alert(21)>"),
    (22, '<svg width="40" height="20"><a xlink:href="javascript:alert(22)"><text x="0" y="15">v22</text></a></svg>'),
    (23, '<svg width="40" height="20"><a><set attributeName="href" to="javascript:alert(23)" /><text x="0" y="15">v23</text></a></svg>'),
    (24, '<a href="javascript:alert(24)">v24</a>'),
    (25, '<a href="JaVaScRiPt:alert(25)">v25</a>'),
    (26, '<a href="jav&#x09;ascript:alert(26)">v26</a>'),
    (27, '<a href="&#x20;javascript:alert(27)">v27</a>'),
    (28, '<a href="&#14;javascript:alert(28)">v28</a>'),
    (29, '<a href="javascript&colon;alert(29)">v29</a>'),
    (30, '<a href="data:text/html,&lt;script&gt;alert(30)&lt;/script&gt;">v30</a>'),
    (31, '<form action="javascript:alert(31)"><button>v31</button></form>'),
    (32, '<form><button formaction="javascript:alert(32)">v32</button></form>'),
    (33, '<math><maction actiontype="statusline" xlink:href="javascript:alert(33)">v33</maction></math>'),
    (34, '<a href="vbscript:alert(34)">v34</a>'),
    (35, '<div style="background:url(javascript:alert(35))">v35</div>'),
    (36, '<div style="width:expression(alert(36))">v36</div>'),
    (37, "<!--><img src=x onerror=alert(37)>-->"),
    (38, '<noscript><p title="</noscript><img src=x onerror=alert(38)>"></p></noscript>'),
    (39, "<svg><style><img src=x onerror=alert(39)></style></svg>"),
    (40, "<math><mtext><table><mglyph><style><img src=x onerror=alert(40)></style></mglyph></table></mtext></math>"),
    (41, '<noembed><img title="</noembed><img src=x onerror=alert(41)>"></noembed>'),
    (42, '<svg></p><style><a id="</style><img src=1 onerror=alert(42)>"></style></svg>'),
    (43, '<a href="https://example.com/" onclick="alert(43)">v43</a>'),
    (44, '<object data="data:text/html,&lt;script&gt;alert(44)&lt;/script&gt;"></object>'),
    (45, "<svg><foreignObject><img src=x onerror=alert(45)></foreignObject></svg>"),
    (46, "<select autofocus onfocus=alert(46)><option>v46</option></select>"),
    (47, "<template><img src=x onerror=alert(47)></template>"),
    (48, '<div onpointerover="alert(48)">v48</div>'),
    (49, '<a href="javascript://%0aalert(49)">v49</a>'),
    (50, '<svg width="40" height="20"><a href="javascript:alert(50)"><text x="0" y="15">v50</text></a></svg>'),
    (51, '<img src="x:gif" onerror="window[\'al\'+\'ert\'](51)">'),
    (52, '<math href="javascript:alert(52)">v52</math>'),
    (53, '<input type="image" src="javascript:alert(53)">'),
    (54, '<base href="javascript:alert(54)//">'),
    (55, '<iframe src="data:text/html,&lt;script&gt;alert(55)&lt;/script&gt;"></iframe>'),
    (56, "<div><svg><![CDATA[</svg><img src=x onerror=alert(56)>]]></svg></div>"),
    (57, '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(57)">v57</a>'),
    (58, "<img src=x onerror=alert(58)//"),
    (59, '<p><a id="v59" href="javascript:alert(59)" title="x">v59</a></p>'),
    (60, '<video poster="javascript:alert(60)"></video>'),
    (61, '<svg><image href="x" onerror="alert(61)" /></svg>'),
    (62, '<embed src="data:image/svg+xml,&lt;svg xmlns=%22http://www.w3.org/2000/svg%22 onload=%22alert(62)%22/&gt;">'),
    (63, '<div data-x="</div><img src=x onerror=alert(63)>">v63</div>'),
    (64, '<marquee onstart=alert(64)>v64</marquee>'),
    (65, '<xmp><img src=x onerror=alert(65)></xmp>'),
]
TITLE = '</title><script>alert(100)</script><img src=x onerror=alert(101)>'
BYLINE = '"><img src=x onerror=alert(102)>'
CAPTION = "&lt;img src=x onerror=alert(103)&gt; a river at dawn"
# Links the link-list filter removes: their URLs go to the removed-links nav clearpage writes.
NAV_LINKS = [
    ("javascript:alert(104)", "Home"),
    ("JAVASCRIPT:alert(105)", "News"),
    ("data:text/html,<script>alert(106)</script>", "Sport"),
    ('https://example.com/"><script>alert(107)</script>', "Weather"),
    ("vbscript:alert(108)", "Travel"),
    ("/contact/", "Contact"),
    ("https://example.com/about/", "About"),
]
SAFE_NAV_URLS = ("/contact/", "https://example.com/about/")

PARAGRAPH = (
    "<p>Paragraph {i}: the survey volunteers walked the river again and wrote down what they saw, "
    "the birds on the banks, the colour of the water and the places where the gravel had moved.</p>\n"
)


def _head() -> str:
    return (
        "<!DOCTYPE html><html><head><meta charset='utf-8'>"
        f"<title>{TITLE.replace('</title>', '&lt;/title&gt;')}</title>"
        f"<meta name='author' content='{BYLINE}'>"
        f"<meta property='og:title' content='{TITLE}'>"
        "</head>"
    )


def _nav() -> str:
    items = "".join(f'<li><a href="{url.replace(chr(34), "&quot;")}">{text}</a></li>' for url, text in NAV_LINKS)
    return f"<nav id='menu'><ul>{items}</ul></nav>"


def _vectors() -> str:
    return "\n".join(f"<div class='vector' id='v{n}'>{markup}</div>" for n, markup in VECTORS)


def article_page() -> bytes:
    """An article (auto mode: reader) with every vector inside the article text."""
    paragraphs = "".join(PARAGRAPH.format(i=i) for i in range(12))
    body = (
        f"<body>{_nav()}<article><h1>River survey</h1>{paragraphs}"
        f"<figure><img src='pic.png' alt='a river'><figcaption>{CAPTION}</figcaption></figure>"
        f"{_vectors()}{paragraphs}</article></body></html>"
    )
    return (_head() + body).encode("utf-8")


def portal_page() -> bytes:
    """A short link-heavy page (auto mode: filter in place) with every vector."""
    links = "".join(f"<li><a href='/section/{i}/'>Section {i}</a></li>" for i in range(12))
    body = f"<body>{_nav()}<h1>Portal</h1><ul id='sections'>{links}</ul>{_vectors()}</body></html>"
    return (_head() + body).encode("utf-8")


# ---------------------------------------------------------------------- the checker

_PARSER = lxml.html.HTMLParser(huge_tree=True)
_TOKENS = re.compile(r"<!--.*?-->|<[^>]*>", re.DOTALL)
_SCRIPT_TAG = re.compile(r"<script[\t\n\f\r />]", re.IGNORECASE)
_STYLE_BLOCK = re.compile(r"<style[\t\n\f\r />][^>]*>.*?</style[\t\n\f\r />]", re.IGNORECASE | re.DOTALL)
URL_ATTRIBUTES = {"href", "src", "action", "formaction", "data", "poster", "background", "codebase", "cite", "xlink:href", "ping", "manifest", "longdesc", "lowsrc", "dynsrc", "icon", "archive", "classid", "usemap", "profile"}
# Schemes that run script when followed or loaded (data: everywhere but an image).
SCRIPT_SCHEMES = {"javascript", "vbscript", "livescript", "mocha", "data"}


def script_problems(html: str) -> list[str]:
    """Everything in ``html`` (as a browser-like parser reads it back) that could run script."""
    doc = lxml.html.document_fromstring(html, parser=_PARSER)
    problems = []
    # A script start tag as an HTML tokenizer would see it, independently of lxml: tags are read
    # one after the other (comments and <style> raw text skipped), so "<script" inside another
    # tag's name or inside CSS does not count, and one standing as a tag does.
    markup = _STYLE_BLOCK.sub("", html)
    if any(_SCRIPT_TAG.match(token.group()) for token in _TOKENS.finditer(markup)):
        problems.append("a <script tag in the markup")
    for el in doc.iter():
        if not isinstance(el.tag, str):
            continue
        tag = el.tag.lower()
        if tag == "script":
            problems.append("script element")
        if tag in ("set", "animate") and "href" in (el.get("attributeName") or el.get("attributename") or "").lower():
            problems.append(f"<{tag}> animating a link")
        if tag == "meta" and (el.get("http-equiv") or "").lower() == "refresh":
            problems.append("meta refresh")
        if tag == "style" and "<" in (el.text or "") and any(a.tag in ("svg", "math") for a in el.iterancestors()):
            problems.append("markup inside <style> in SVG/MathML")
        for name, value in el.attrib.items():
            lower = name.lower()
            if lower.startswith("on"):
                problems.append(f"<{tag} {name}>")
            elif lower == "srcdoc":
                problems.append(f"<{tag} srcdoc>")
            elif lower in URL_ATTRIBUTES or lower.endswith(":href"):
                cleaned = (clean_href(value) or "").lower()
                scheme = urlsplit(cleaned).scheme
                if scheme == "data" and tag == "img" and cleaned.startswith("data:image/"):
                    continue
                if scheme in SCRIPT_SCHEMES:
                    problems.append(f"<{tag} {name}={value!r}>")
            elif lower == "style" and re.search(r"expression\(|javascript:", value, re.IGNORECASE):
                problems.append(f"<{tag} style={value!r}>")
    return problems
