from clearpage.filters import language

ENGLISH = "The Harbour Bridge reopened to traffic on Monday after eighteen months of repairs, the Port Authority said. " * 3
FRENCH = "Le pont du port a rouvert à la circulation lundi après dix-huit mois de travaux, a indiqué l'autorité portuaire. " * 3


def test_normalise_repairs_common_mistakes():
    assert language.normalise("en_US") == "en-US"
    assert language.normalise("EN") == "en"
    assert language.normalise(" zh-hant-tw ") == "zh-Hant-TW"
    assert language.normalise("english language") == ""
    assert language.normalise("") == ""
    assert language.normalise("fr, en") == "fr"


def test_guess_needs_enough_text_and_certainty():
    assert language.guess(ENGLISH) == "en"
    assert language.guess(FRENCH) == "fr"
    assert language.guess("Hello there") == ""
