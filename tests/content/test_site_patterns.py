import textwrap

import pytest

from clearpage.filters import dom, load_config, load_config_text
from clearpage.filters.chain.base import BuildEnv
from clearpage.filters.content.base import ALGORITHMS
from clearpage.filters.context import PageContext
from clearpage.filters.errors import ConfigError
from clearpage.filters.pipeline import Pipeline
from tests.content import algo_pages as pages
from tests.helpers import page

NAME = "site_patterns"

RULES = """
content:
  algorithm: site_patterns
  fallback: [word_leaf_ratio]
  site_patterns:
    rules:
      - match: ["*.news.example", other.example]
        title: [{css: "h1.nope"}, {regex: {attr: class, pattern: "(^|\\\\s)headline(\\\\s|$)"}}]
        content:
          - {css: "div.story > p.body"}
          - {regex: {attr: id, pattern: "^extra-\\\\d+$"}}
        noise: [{regex: {attr: class, pattern: "share"}}, {css: "aside"}]
      - match: "*.example"
        content: [{regex: {attr: tag, pattern: "^article$"}}]
"""

STORY = page(
    "<nav><a href='/home'>Home</a></nav>"
    "<h1 class='big headline'>The headline</h1>"
    "<div class='story'><p class='body'>First body paragraph.</p>"
    "<div class='share-bar'><a href='https://social.example/share'>Share</a></div>"
    "<p class='body'>Second body paragraph.</p><p class='caption'>A caption.</p></div>"
    "<div id='extra-1'>Extra block one.</div><div id='extra-x'>Not extra.</div>"
    "<aside><p class='body'>Aside paragraph.</p></aside>"
)


def algorithm(text: str = RULES):
    config = load_config_text(text)
    return ALGORITHMS[NAME](config.settings.content.options[NAME], BuildEnv())


def select(html: str, url: str, text: str = RULES):
    doc = dom.parse(html)
    ctx = PageContext(url=url, base_url=url)
    return algorithm(text).select(doc, ctx), doc, ctx


def test_matching_host_selects_title_and_content_in_document_order():
    selection, _, _ = select(STORY, "https://www.news.example/2024/story")
    assert [dom.text_of(n) for n in selection.nodes] == [
        "The headline",
        "First body paragraph.",
        "Second body paragraph.",
        "Extra block one.",
    ]
    assert "title by class~/(^|\\s)headline(\\s|$)/" in selection.reason


def test_glob_for_subdomains_covers_the_bare_domain():
    selection, _, _ = select(STORY, "https://news.example/story")
    assert selection is not None and len(selection.nodes) == 4


def test_noise_is_dropped_and_its_links_kept_for_the_retainer():
    selection, doc, ctx = select(STORY, "https://other.example/story")
    assert not doc.xpath("//aside") and not doc.xpath("//div[@class='share-bar']")
    assert "Aside paragraph." not in [dom.text_of(n) for n in selection.nodes]
    assert [link.url for link in ctx.removed_links] == ["https://social.example/share"]
    assert [r.filter for r in ctx.reports] == [NAME]


def test_first_matching_rule_wins_and_regex_can_match_the_tag():
    html = page("<article><p>Article text.</p></article><p>Outside.</p>")
    selection, _, _ = select(html, "https://blog.example/x")
    assert [dom.tag_of(n) for n in selection.nodes] == ["article"]


def test_no_rule_for_the_host_returns_none_and_leaves_the_page_alone():
    selection, doc, ctx = select(STORY, "https://unrelated.org/story")
    assert selection is None
    assert doc.xpath("//aside") and ctx.reports == []


def test_no_content_match_returns_none():
    selection, _, _ = select(page("<p>Nothing to see.</p>"), "https://www.news.example/")
    assert selection is None


def test_pipeline_falls_back_when_no_rule_matches():
    pipeline = Pipeline(load_config_text(RULES))
    result = pipeline.run(pages.ARTICLE.encode(), "https://unrelated.org/story", mode="reader")
    assert result.selection.startswith("word_leaf_ratio")
    small_enough = Pipeline(load_config_text(RULES + "  min_chars: 0\n"))
    matched = small_enough.run(STORY.encode(), "https://www.news.example/story", mode="reader")
    assert matched.selection.startswith(NAME)
    assert "Second body paragraph." in matched.text and "Aside paragraph." not in matched.text


def test_catastrophic_pattern_completes_with_the_right_answer():
    # (a+)+$ backtracks exponentially in a backtracking engine on "aaaa...!"; RE2 is linear.
    rules = textwrap.dedent(
        """
        content:
          site_patterns:
            rules:
              - match: "*"
                content: [{regex: {attr: class, pattern: "(a+)+$"}}]
        """
    )
    long_a = "a" * 50_000
    html = page(f"<div id='no' class='{long_a}!'>Not this.</div><div id='yes' class='{long_a}'>This one.</div>")
    selection, _, _ = select(html, "https://any.example/", rules)
    assert [n.get("id") for n in selection.nodes] == ["yes"]


def test_bad_regex_is_a_config_error_with_file_and_line(tmp_path):
    path = tmp_path / "user.yaml"
    path.write_text(
        textwrap.dedent(
            """\
            content:
              site_patterns:
                rules:
                  - match: "*.example.com"
                    content:
                      - {css: "div.ok"}
                      - {regex: {attr: class, pattern: "(unclosed"}}
                    noise:
                      - {regex: {attr: id, pattern: "(?=lookahead)"}}
            """
        )
    )
    with pytest.raises(ConfigError) as err:
        load_config(str(path))
    message = str(err.value)
    assert f"{path}:7: content.site_patterns.rules[0].content[1].regex.pattern: bad regular expression '(unclosed'" in message
    assert f"{path}:9: content.site_patterns.rules[0].noise[0].regex.pattern: bad regular expression '(?=lookahead)'" in message


@pytest.mark.parametrize(
    "rule, where, problem",
    [
        ('{match: "*", content: [{css: "div[["}]}', "rules[0].content[0].css", "bad CSS selector"),
        ('{match: "*", content: [{regex: {attr: href, pattern: "x"}}]}', "rules[0].content[0].regex.attr", "expected one of class, id, tag"),
        ('{match: "*", content: [{css: "a", regex: {attr: id, pattern: "x"}}]}', "rules[0].content[0]", "expected a pattern"),
        ('{match: "*", content: [{regex: {attr: id}}]}', "rules[0].content[0].regex", "needs both attr"),
        ('{content: [{css: "a"}]}', "rules[0].match", "missing key"),
        ('{match: "*"}', "rules[0]", "a rule needs title, content or noise"),
        ('{match: "*", body: [{css: "a"}]}', "rules[0].body", "unknown key"),
        ('{match: [], content: [{css: "a"}]}', "rules[0].match", "needs at least one host glob"),
    ],
)
def test_config_problems_name_the_key(rule, where, problem):
    with pytest.raises(ConfigError) as err:
        load_config_text(f"content:\n  site_patterns:\n    rules:\n      - {rule}\n")
    assert f"<config>:4: content.site_patterns.{where}: {problem}" in str(err.value)


def test_default_rules_compile():
    config = load_config()
    rules = config.settings.content.options[NAME].rules
    assert all(rule.content or rule.title or rule.noise for rule in rules)
