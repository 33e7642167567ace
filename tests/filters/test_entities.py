from hypothesis import given, settings
from hypothesis import strategies as st

from clearpage.filters import entities
from clearpage.filters.entities import PatternExtractor, extractor, is_caseless_term, spacy_problem

P = PatternExtractor()


def test_capitalised_sequences_acronyms_and_numbers():
    counts = P.count("Officials said on Monday that Barack Obama met NASA engineers in 2019. They were paid by Bank of America, 3.5 million. Bank of Tokyo paid too.")
    assert counts["barack obama"] == 1
    assert counts["nasa"] == 1
    assert counts["bank of america"] == 1
    assert counts["2019"] == 1 and counts["3.5"] == 1
    assert counts["monday"] == 1
    assert "officials" not in counts  # sentence-initial, never seen inside a sentence
    assert counts["bank of tokyo"] == 1  # sentence-initial "Bank", but seen capitalised mid-sentence
    assert P.count("Rulers of Tokyo met.")["tokyo"] == 1  # "Rulers" unknown: dropped with the particle


def test_sentence_initial_word_counts_when_known_elsewhere():
    assert "obama" not in P.count("Obama spoke.")
    assert P.count("Obama spoke.", frozenset({"obama"}))["obama"] == 1
    assert P.count("The White House said so.")["white house"] == 1


def test_long_lowercase_words_do_not_join_names():
    counts = P.count("We saw Obama and Biden with Merkel.")
    assert {"obama", "biden", "merkel"} <= set(counts) and "obama and biden" not in counts


def test_single_digits_are_not_entities():
    assert P.count("there were 7 of them") == {}


def test_scripts_without_case():
    han = P.count("东京大学的研究")
    assert han["东京"] == 1 and han["大学"] == 1  # bigrams: Han writes no spaces
    arabic = P.count("قال الرئيس باراك أوباما")
    assert arabic["أوباما"] == 1  # words: Arabic separates words by spaces
    assert is_caseless_term("أوباما") and not is_caseless_term("obama") and not is_caseless_term("2019")


def test_spacy_backend_is_refused_clearly_when_not_installed():
    problem = spacy_problem("no_such_model_xx")
    assert problem and ("spacy" in problem.lower())
    assert extractor("patterns").name == "patterns"


def _reference_starts(text, tokens):
    """The definition sentence_starts implements: _SENTENCE_END searched in the 3 characters before each word."""
    starts, previous_end = [], 0
    for match in tokens:
        gap = text[previous_end:match.start()]
        window = text[max(0, match.start() - 3):match.start()]
        starts.append(previous_end == 0 or bool(entities._SENTENCE_END.search(window)) or "\n" in gap)
        previous_end = match.end()
    return starts


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.sampled_from(["Anna", "of", "the", "NASA", "2019", ".", "!", "?", ":", ";", "\u201c", "\u00bb", "\u3002",
                                 " ", "  ", "\n", "\t", "\u00a0", "\u2003", "-", ",", "x", "\u4e2d\u6587", "'s"]), max_size=25))
def test_sentence_starts_reads_what_the_sentence_end_pattern_reads(pieces):
    text = "".join(pieces)
    tokens = list(entities._TOKEN.finditer(text))
    words, gaps = entities.words_and_gaps(text)
    assert words == [m.group() for m in tokens]
    assert gaps == [text[a.end() if a else 0:b.start()] for a, b in zip([None, *tokens], tokens)]
    assert entities.sentence_starts(gaps) == _reference_starts(text, tokens)
    extractor = entities.PatternExtractor()
    counts, known = extractor.count_with_known(text)
    assert known == frozenset(extractor.inner_capitalised(text))
    assert counts == extractor.count(text, known)
