"""CETR (``text_tag_ratio``): its steps on numbers, then its picks on small hand-written pages."""
import pytest

from clearpage.filters import ConfigError, Pipeline, dom, load_config_text
from clearpage.filters.content.seeds.cetr import abs_derivative, gaussian_smooth, kmeans_pinned, source_lines, threshold_content
from tests.content.pages import SECTION_TOPICS, article_page, cjk_page, paragraph, select, sidebar_page, three_sections_page
from tests.helpers import page

ALGO = "text_tag_ratio"


# --------------------------------------------------------------------------- the steps


def lines_of(html: str):
    doc = dom.parse(html)
    return [(dom.describe(ln.owner), ln.chars, ln.tags) for ln in source_lines(dom.body_of(doc))]


def test_minified_and_pretty_printed_sources_give_the_same_lines():
    minified = "<div id='a'><p>One <b>two</b></p><ul><li><a href='/x'>Link</a></li></ul></div>"
    pretty = "<div id='a'>\n  <p>\n    One <b>two</b>\n  </p>\n  <ul>\n    <li><a href='/x'>Link</a></li>\n  </ul>\n</div>\n"
    assert lines_of(page(minified)) == lines_of(page(pretty))
    assert ("p", 6, 4) in lines_of(page(minified))  # <p>One <b>two</b></p>: 6 characters, 4 tags
    assert ("li", 4, 4) in lines_of(page(minified))  # <li><a>Link</a></li>


def test_scripts_styles_and_comments_are_not_text_but_comment_tails_are():
    lines = lines_of(page("<p>keep<!-- hidden note -->tail<script>var x = 1;</script><style>p{}</style></p>"))
    assert ("p", len("keeptail"), 2) in lines


def test_gaussian_smoothing_keeps_a_flat_signal_and_spreads_a_spike():
    assert gaussian_smooth([5.0] * 7, 1.0) == pytest.approx([5.0] * 7)
    spread = gaussian_smooth([0, 0, 0, 10, 0, 0, 0], 1.0)
    assert spread[3] < 10 and spread[2] == pytest.approx(spread[4]) and spread[2] > spread[1] > spread[0] > 0
    assert sum(spread) == pytest.approx(10, rel=0.05)  # mass kept, up to the renormalised ends
    assert gaussian_smooth([1.0, 9.0], 0.0) == [1.0, 9.0]


def test_derivative_is_distance_to_the_mean_of_the_next_alpha_lines():
    assert abs_derivative([0, 0, 0, 9, 9, 9], 3) == pytest.approx([3, 6, 9, 0, 0, 0])


def test_kmeans_pins_one_cluster_at_the_origin():
    noise = [(0.0, 0.0), (1.0, 0.5), (0.5, 1.0), (1.5, 0.0)]
    content = [(40.0, 2.0), (55.0, 1.0), (60.0, 5.0), (30.0, 20.0)]
    assert kmeans_pinned(noise + content) == [False] * 4 + [True] * 4
    assert kmeans_pinned([]) == []


def test_threshold_is_lambda_times_the_standard_deviation():
    values = [0.0, 0.0, 10.0, 10.0]  # std 5
    assert threshold_content(values, 1.0) == [False, False, True, True]
    assert threshold_content(values, 2.5) == [False] * 4


# --------------------------------------------------------------------------- the picks


@pytest.mark.parametrize("method", ["kmeans", "threshold"])
def test_picks_the_article_not_the_menu_or_footer(method):
    _, selection, text = select(ALGO, article_page(), method=method)
    assert selection is not None and selection.algorithm == ALGO
    for i in range(6):
        assert paragraph(i)[:60] in text
    assert "Section 3" not in text and "Footer link" not in text


def test_keeps_all_three_sections():
    _, selection, text = select(ALGO, three_sections_page())
    for topic in SECTION_TOPICS:
        assert f"{topic}: " in text
    assert "Section 1" not in text


def test_leaves_out_a_link_heavy_block_beside_the_text():
    doc, selection, text = select(ALGO, sidebar_page())
    assert paragraph(0)[:60] in text and paragraph(4)[:60] in text
    assert "Related story" not in text
    aside = doc.xpath("//aside")[0]
    assert not any(n is aside or aside in n.iterancestors() or n in aside.iterancestors() for n in selection.nodes)


def test_picks_a_chinese_article():
    _, _, text = select(ALGO, cjk_page())
    assert "港口委员会周二开会讨论码头上旧鱼市场的未来" in text
    assert "栏目3" not in text and "链接3" not in text


def test_nodes_are_in_document_order_and_never_nested():
    _, selection, _ = select(ALGO, three_sections_page())
    nodes = selection.nodes
    for a in nodes:
        assert not any(b in a.iterancestors() for b in nodes if b is not a)
    order = {el: i for i, el in enumerate(nodes[0].getroottree().getroot().iter())}
    assert [order[n] for n in nodes] == sorted(order[n] for n in nodes)


def test_a_page_without_text_gives_no_selection():
    assert select(ALGO, page("<div><img src='a.png'></div>"))[1] is None


def test_selectable_and_configurable_from_yaml():
    config = load_config_text("mode: reader\ncontent:\n  algorithm: text_tag_ratio\n  text_tag_ratio:\n    method: threshold\n")
    assert config.settings.content.options[ALGO].method == "threshold"
    result = Pipeline(config).run(article_page(), "https://example.com/")
    assert result.selection.startswith("text_tag_ratio:") and paragraph(2)[:60] in result.text


def test_bad_options_are_errors_with_file_line_and_key():
    with pytest.raises(ConfigError) as err:
        load_config_text("content:\n  text_tag_ratio:\n    sigma: 'wide'\n    method: median\n", "user.yaml")
    message = str(err.value)
    assert "user.yaml:3: content.text_tag_ratio.sigma: expected a number" in message
    assert "user.yaml:4: content.text_tag_ratio.method: expected one of kmeans, threshold" in message


def test_hidden_elements_are_not_lines():
    hidden = "<pre hidden>" + paragraph(0) * 3 + "</pre><div aria-hidden='true'><p>" + paragraph(1) * 3 + "</p></div>"
    assert lines_of(page(hidden + "<p>shown</p>")) == [("body", 0, 1), ("p", 5, 2), ("body", 0, 1)]
