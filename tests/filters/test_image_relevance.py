import dataclasses

import pytest

from clearpage.filters import ConfigError, dom, images, load_config_text
from clearpage.filters.images import Counter, cosine, top_match

ARTICLE = (
    "<p>The Harbour Bridge reopened on Monday, the Port Authority said. Engineers from Kelvin Marine replaced "
    "212 cables on the Harbour Bridge. Mayor Ana Lindqvist opened it. The Port Authority paid Kelvin Marine 48 million. "
    "Commuters crossed the Harbour Bridge at dawn while the Port Authority counted cars.</p>"
)


@pytest.fixture
def settings(default_config):
    return dataclasses.replace(default_config.settings.reader.image_relevance, threshold=0.05, small_block_entities=3)


def doc(body: str):
    root = dom.parse(f"<html><body><article>{body}</article></body></html>")
    return root.find(".//article")


def decide(body: str, settings):
    article = doc(body)
    return {d.img.get("id"): d for d in images.judge(list(article.iter("img")), article, settings)}, article


def test_caption_is_the_first_block_parent(settings):
    article = doc("<div><img id='a' src='a.jpg'><span>Harbour Bridge at dawn</span></div><p>" + "x " * 500 + "<img id='b' src='b.jpg'></p>")
    a, b = article.iter("img")
    assert images.caption_text(a, settings) == "Harbour Bridge at dawn"
    assert images.caption_text(b, settings) == ""  # the block is body text, longer than max_caption_chars


def test_related_caption_kept_unrelated_dropped(settings):
    body = ARTICLE + (
        "<figure><img id='bridge' src='b.jpg'><figcaption>Harbour Bridge at dawn on Monday, seen by Kelvin Marine crews from the Port Authority tower</figcaption></figure>"
        "<div><img id='ad' src='ad.jpg'><span>Win big at Royal Flush Casino in Las Vegas with Jackpot City</span></div>"
    )
    decisions, _ = decide(body, settings)
    assert decisions["bridge"].keep and decisions["bridge"].reason.startswith("cosine")
    assert not decisions["ad"].keep and decisions["ad"].score == 0.0


def test_short_caption_matched_against_top_terms(settings):
    decisions, _ = decide(ARTICLE + "<figure><img id='m' src='m.jpg'><figcaption>Mayor Lindqvist</figcaption></figure>", settings)
    assert decisions["m"].keep and decisions["m"].reason.startswith("top-")


def test_uncaptioned_images_follow_the_setting(settings):
    body = ARTICLE + "<p><img id='n' src='n.jpg'></p>"
    keep, _ = decide(body, dataclasses.replace(settings, uncaptioned="keep"))
    drop, _ = decide(body, dataclasses.replace(settings, uncaptioned="drop"))
    assert keep["n"].keep and not drop["n"].keep


def test_alt_counts_as_caption_only_when_asked(settings):
    body = ARTICLE + "<p><img id='a' src='a.jpg' alt='Royal Flush Casino Las Vegas'></p>"
    with_alt, _ = decide(body, dataclasses.replace(settings, alt_is_caption=True))
    without, _ = decide(body, dataclasses.replace(settings, alt_is_caption=False))
    assert not with_alt["a"].keep and without["a"].caption == ""


def test_caption_never_matches_itself(settings):
    # The caption's words are part of the article text, but the article vector leaves them out.
    decisions, _ = decide("<p>" + "plain words here. " * 40 + "</p><figure><img id='x' src='x.jpg'><figcaption>Zanzibar Quartz Hotel Zanzibar Quartz Hotel</figcaption></figure>", settings)
    assert not decisions["x"].keep


def test_drop_takes_figure_or_caption_div_but_not_a_paragraph(settings):
    article = doc("<figure><img id='f' src='f.jpg'><figcaption>c</figcaption></figure><div><img id='d' src='d.jpg'>ad text</div><p>Text <img id='p' src='p.jpg'> more</p>")
    for img in list(article.iter("img")):
        images.drop(img, settings)
    assert article.find(".//figure") is None and article.find(".//div") is None
    assert dom.text_of(article.find(".//p")) == "Text more"


def test_cosine_and_top_match():
    assert cosine(Counter(a=1), Counter(a=5)) == pytest.approx(1.0)
    assert cosine(Counter(a=1), Counter(b=1)) == 0.0
    assert top_match(Counter({"obama": 1, "paris": 1}), ["barack obama", "white house"]) == 0.5


def test_spacy_backend_without_the_model_is_a_config_error():
    text = "reader:\n  image_relevance:\n    backend: spacy\n    spacy_model: xx_no_such_model\n"
    with pytest.raises(ConfigError) as err:
        load_config_text(text, "user.yaml")
    assert "user.yaml" in str(err.value) and "reader.image_relevance" in str(err.value)
