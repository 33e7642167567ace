"""The page state's text cache (features.Texts): the trimming rules read an element's text once,
and no rule reads a text that an earlier rule's change made stale (phases.run empties it)."""
from __future__ import annotations

from clearpage.filters import dom
from clearpage.filters.content import features as feat
from clearpage.filters.content.auto import phases
from clearpage.filters.content.auto.phases import Phase, Rule
from clearpage.filters.content.auto.state import PageState
from clearpage.filters.content.seeds import textstats
from clearpage.filters.context import PageContext

URL = "https://example.com/story"
PAGE = "<html><body><div id='box'><p>Keep this line.</p><span id='note'>Photo: Agency</span></div></body></html>"


def page_state(algo) -> PageState:
    doc = dom.parse(PAGE)
    return PageState(options=algo.options, forum_urls=None, name="auto", doc=doc, body=dom.body_of(doc),
                     ctx=PageContext(url=URL, base_url=URL))


def box(s: PageState):
    return s.body.get_element_by_id("box")


def reader(seen: list) -> Rule:
    return Rule(name=f"read{len(seen)}", phase=Phase.TRIM, run=lambda s: seen.append(s.texts.collapsed(box(s))), keeps_texts=True)


def test_rules_that_change_nothing_share_the_texts_read(algo):
    seen: list = []
    idle = Rule(name="idle", phase=Phase.TRIM, run=lambda s: 0, keeps_texts=True)
    state = page_state(algo)
    phases.run(state, [reader(seen), idle, reader(seen)])
    assert seen == ["Keep this line.Photo: Agency"] * 2
    assert seen[0] is seen[1]  # (read once: the second rule got the first one's string)


def test_a_reported_removal_empties_the_cache(algo):
    seen: list = []
    kill = Rule(name="kill", phase=Phase.TRIM, keeps_texts=True,
                run=lambda s: s.ctx.kill_all([s.body.get_element_by_id("note")], "auto", "credit"))
    state = page_state(algo)
    phases.run(state, [reader(seen), kill, reader(seen)])
    assert seen == ["Keep this line.Photo: Agency", "Keep this line."]
    assert state.removed == 1


def test_a_rule_not_marked_as_keeping_texts_empties_the_cache(algo):
    # (a rule may change the tree without a report: only the marked rules are known not to)
    seen: list = []
    silent = Rule(name="silent", phase=Phase.TRIM, run=lambda s: dom.remove(s.body.get_element_by_id("note")))
    state = page_state(algo)
    phases.run(state, [reader(seen), silent, reader(seen)])
    assert seen == ["Keep this line.Photo: Agency", "Keep this line."]


def test_a_rule_whose_condition_fails_keeps_the_cache(algo):
    seen: list = []
    skipped = Rule(name="skipped", phase=Phase.TRIM, when=lambda s: False, run=lambda s: dom.remove(s.body.get_element_by_id("note")))
    state = page_state(algo)
    phases.run(state, [reader(seen), skipped, reader(seen)])
    assert seen[0] is seen[1]


def test_the_texts_are_the_elements_strings():
    doc = dom.parse("<html><body><p>a <b>b</b><!-- c --> d</p><a href='/x'> link\n text </a></body></html>")
    texts = feat.Texts()
    for el in doc.iter():
        assert texts.raw(el) == dom.string_of(el) == el.text_content()
        assert texts.collapsed(el) == dom.collapse(el.text_content())


def test_the_script_factor_reads_only_visible_han_and_kana():
    def factor(body: str) -> float:
        return textstats.script_factor(dom.body_of(dom.parse(f"<html><body>{body}</body></html>")))

    latin = "<p>Élan, café and naïve résumé: Latin text with accents only.</p>"
    assert factor(latin) == 1.0
    assert factor(latin + "<script>var s = '漢字かな漢字かな';</script>") == 1.0  # (a script's text is never shown)
    assert factor("<p>これは日本語の文章です。漢字と仮名で書かれています。</p>") > 2.5


class CountingTexts(feat.Texts):
    """The cache, counting each element's reads that missed it."""

    __slots__ = ("misses",)

    def __init__(self) -> None:
        super().__init__()
        self.misses: dict = {}

    def raw(self, el) -> str:
        if el not in self._raw:
            self.misses[el] = self.misses.get(el, 0) + 1
        return super().raw(el)


ARTICLE = ("<html><body><header><a href='/'>Home</a></header><main><article><h1>A story</h1>"
           + "".join(f"<div class='block'><p>Paragraph {n} of the story, long enough to be prose, with a sentence. "
                     f"And a <a href='/other'>link</a> in it, as stories have.</p></div>" for n in range(30))
           + "<div class='end'><p>The last words of the story, which end it.</p></div></article></main></body></html>")


def test_the_trimming_rules_read_each_text_once_while_nothing_is_trimmed(algo):
    # (every trimming rule after the first reader of texts either shares the cache or changes the
    # page only through reported changes: on a page where none trims anything, no text is read twice)
    doc = dom.parse(ARTICLE)
    texts = CountingTexts()
    state = PageState(options=algo.options, forum_urls=algo._forum_urls, name="auto", doc=doc, body=dom.body_of(doc),
                      ctx=PageContext(url=URL, base_url=URL), texts=texts)
    phases.run(state)
    assert state.article and state.removed == 0
    assert texts.misses and max(texts.misses.values()) == 1
