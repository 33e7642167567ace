"""The WCXB word metric and snippet shares on hand-made cases."""
import pytest

from clearpage.tools.evaluation.metric import mean, percentile, with_share, without_share, word_scores, words


def test_words_are_lowercased_unicode_word_runs_counted_as_a_multiset():
    assert words("The cat, the CAT; l'été 2025!") == {"the": 2, "cat": 2, "l": 1, "été": 1, "2025": 1}
    assert words("snake_case stays whole") == {"snake_case": 1, "stays": 1, "whole": 1}


def test_identical_text_scores_one_whatever_the_case_and_punctuation():
    s = word_scores("Hello, World! Hello.", "hello world hello")
    assert (s.precision, s.recall, s.f1) == (1.0, 1.0, 1.0)


def test_overlap_is_the_sum_of_minimum_counts():
    # output: a a a b (4 words); reference: a b b c (4 words); overlap = min(3,1) + min(1,2) = 2
    s = word_scores("a a a b", "a b b c")
    assert s.precision == pytest.approx(0.5)
    assert s.recall == pytest.approx(0.5)
    assert s.f1 == pytest.approx(0.5)


def test_precision_and_recall_differ_when_output_adds_boilerplate():
    s = word_scores("menu login the article text", "the article text")
    assert s.precision == pytest.approx(3 / 5)
    assert s.recall == 1.0
    assert s.f1 == pytest.approx(2 * 0.6 / 1.6)


def test_empty_output_scores_zero():
    s = word_scores("  ...  ", "some reference words")
    assert (s.precision, s.recall, s.f1) == (0.0, 0.0, 0.0)


def test_empty_reference_scores_one_only_for_empty_output():
    assert word_scores("", "").f1 == 1.0
    assert word_scores("-- !!", "").f1 == 1.0  # no \w+ words on either side
    assert word_scores("anything", "").f1 == 0.0


def test_no_common_word_scores_zero():
    assert word_scores("alpha beta", "gamma delta").f1 == 0.0


def test_snippet_shares_are_case_insensitive_substrings():
    out = "The Quick brown fox jumps over the lazy dog. Subscribe now"
    assert with_share(out, ["quick BROWN fox", "lazy dog", "not there"]) == pytest.approx(2 / 3)
    assert without_share(out, ["Subscribe now", "Cookie policy"]) == pytest.approx(1 / 2)


def test_pages_without_snippets_have_no_share_and_leave_the_mean():
    assert with_share("text", []) is None and without_share("text", ()) is None
    assert mean([1.0, None, 0.5]) == pytest.approx(0.75)
    assert mean([None]) is None


def test_percentile_is_nearest_rank():
    values = list(range(1, 21))  # 1..20
    assert percentile(values, 0.95) == 19
    assert percentile(values, 0.5) == 10
    assert percentile([7.0], 0.95) == 7.0
    assert percentile([], 0.95) is None
