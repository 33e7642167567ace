"""ECETR (``ecetr``): DBSCAN merging on numbers, then its picks on small hand-written pages."""
import pytest

from clearpage.filters import ConfigError, Pipeline, load_config_text
from clearpage.filters.content.seeds.cetr import Line
from clearpage.filters.content.seeds.ecetr import dbscan_1d, merged_blocks
from tests.content.pages import SECTION_TOPICS, article_page, cjk_page, paragraph, select, sidebar_page, three_sections_page
from tests.helpers import page

ALGO = "ecetr"


def test_dbscan_finds_dense_runs_and_drops_isolated_points():
    labels = dbscan_1d([0, 1, 2, 10, 11, 12, 13, 20, 30, 31], eps=3, min_pts=3)
    assert labels == [0, 0, 0, 1, 1, 1, 1, -1, -1, -1]


def test_dbscan_border_points_join_the_nearest_core():
    # 0 and 12 are within eps of a core point but not core themselves.
    assert dbscan_1d([0, 3, 4, 5, 9, 10, 11, 12], eps=3, min_pts=3) == [0, 0, 0, 0, 1, 1, 1, 1]
    assert dbscan_1d([], eps=3, min_pts=3) == []


def lines(*chars):
    return [Line(owner=None, chars=c, tags=2) for c in chars]


def test_merging_fills_the_gaps_inside_a_block_and_drops_small_blocks():
    ls = lines(300, 300, 20, 300, 300, 5, 5, 5, 5, 5, 5, 5, 40, 40, 40)
    candidates = [True, True, False, True, True] + [False] * 7 + [True, True, True]
    content = merged_blocks(ls, candidates, eps=2, min_pts=2, min_block_share=0.3)
    assert content == [True] * 5 + [False] * 10  # the heading-sized gap is merged; the 120-char block goes


def test_blocks_of_similar_size_are_all_kept():
    ls = lines(*([200] * 3 + [5] * 6 + [180] * 3))
    candidates = [True] * 3 + [False] * 6 + [True] * 3
    assert merged_blocks(ls, candidates, eps=2, min_pts=2, min_block_share=0.3) == [True] * 3 + [False] * 6 + [True] * 3


def test_isolated_candidates_only_keep_the_longest():
    ls = lines(50, 5, 5, 5, 400, 5, 5, 5, 60)
    candidates = [True, False, False, False, True, False, False, False, True]
    assert merged_blocks(ls, candidates, eps=2, min_pts=2, min_block_share=0.3) == [False] * 4 + [True] + [False] * 4


@pytest.mark.parametrize("method", ["kmeans", "threshold"])
def test_picks_the_article_with_its_heading(method):
    _, selection, text = select(ALGO, article_page(), method=method)
    assert selection is not None and selection.algorithm == ALGO
    for i in range(6):
        assert paragraph(i)[:60] in text
    assert "Market hall" in text
    assert "Section 3" not in text and "Footer link" not in text


def test_keeps_all_three_sections():
    _, _, text = select(ALGO, three_sections_page())
    for topic in SECTION_TOPICS:
        assert f"{topic}: " in text
    assert "Section 1" not in text and "Footer link" not in text


def test_leaves_out_a_link_heavy_block_beside_the_text():
    doc, selection, text = select(ALGO, sidebar_page())
    assert paragraph(0)[:60] in text and paragraph(4)[:60] in text
    assert "Related story" not in text


def test_picks_a_chinese_article():
    _, _, text = select(ALGO, cjk_page())
    assert "港口委员会周二开会讨论码头上旧鱼市场的未来" in text and "市场大厅" in text
    assert "栏目3" not in text and "链接3" not in text


def test_a_page_without_text_gives_no_selection():
    assert select(ALGO, page("<div><img src='a.png'></div>"))[1] is None


def test_selectable_and_configurable_from_yaml():
    config = load_config_text("mode: reader\ncontent:\n  algorithm: ecetr\n  ecetr:\n    eps: 5\n    min_pts: 2\n")
    options = config.settings.content.options[ALGO]
    assert (options.eps, options.min_pts) == (5.0, 2)
    result = Pipeline(config).run(article_page(), "https://example.com/")
    assert result.selection.startswith("ecetr:") and paragraph(2)[:60] in result.text


def test_bad_options_are_errors_with_file_line_and_key():
    with pytest.raises(ConfigError) as err:
        load_config_text("content:\n  ecetr:\n    min_pts: 0\n    eps: true\n", "user.yaml")
    message = str(err.value)
    assert "user.yaml:3: content.ecetr.min_pts: must be >= 1, got 0" in message
    assert "user.yaml:4: content.ecetr.eps: expected a number" in message
