"""``output.ascii``: text mode and extract_text transliterated to ASCII by anyascii, per site too."""
import pytest

from clearpage.filters import Pipeline, extract_text, load_config_text

# (language, title, a sentence of the page, words the ASCII text must hold, the title in ASCII:
# anyascii's romanisation; the title heads text mode's page, extract_text is the content below it)
PAGES = [
    ("fr", "Pensées", "Le cœur a ses raisons que la raison ne connaît point, écrivait Blaise Pascal.", ["coeur", "connait", "ecrivait"], "Pensees"),
    ("ru", "Москва", "Москва — столица России, крупнейший город страны.", ["Moskva", "stolitsa Rossii", "krupneyshiy gorod"], "Moskva"),
    ("el", "Αθήνα", "Η Αθήνα είναι η πρωτεύουσα της Ελλάδας.", ["Athina", "proteyoysa", "Elladas"], "Athina"),
    ("zh", "北京", "北京是中华人民共和国的首都。", ["BeiJing", "ZhongHuaRenMinGongHeGuo", "ShouDou"], "BeiJing"),
    ("ar", "القاهرة", "القاهرة هي عاصمة مصر.", ["lqhrh", "msr"], "lqhrh"),
]


def page(lang: str, title: str, sentence: str) -> str:
    return (f"<!DOCTYPE html><html lang='{lang}'><head><meta charset='utf-8'><title>{title}</title></head><body>"
            f"<article><h1>{title}</h1>" + f"<p>{sentence} {sentence} {sentence}</p>" * 4 + "</article></body></html>")


ASCII = load_config_text("output:\n  ascii: true\n")


@pytest.mark.parametrize("lang, title, sentence, words, title_ascii", PAGES, ids=[p[0] for p in PAGES])
def test_text_mode_and_extract_text_are_ascii(lang, title, sentence, words, title_ascii):
    html = page(lang, title, sentence)
    url = f"https://news.example/{lang}/"
    text_page = Pipeline(ASCII).run(html, url, mode="text").output
    extracted = extract_text(html, url, ASCII)
    for text in (text_page, extracted):
        assert text.isascii(), [c for c in text if not c.isascii()][:5]
        for word in words:
            assert word in text
    assert text_page.startswith(f"# {title_ascii}\n")
    # Off by default: the same page keeps its script.
    assert sentence in extract_text(html, url) and sentence in Pipeline(load_config_text("")).run(html, url, mode="text").output


def test_ascii_per_site_and_by_argument():
    html = page("ru", "Москва", PAGES[1][2])
    config = load_config_text("sites:\n  - match: '*.ru'\n    output:\n      ascii: true\n")
    assert extract_text(html, "https://lenta.ru/", config).isascii()
    assert not extract_text(html, "https://news.example/", config).isascii()
    assert extract_text(html, "https://news.example/", config, ascii=True).isascii()
    assert not extract_text(html, "https://lenta.ru/", config, ascii=False).isascii()
    served = Pipeline(config).run(html, "https://lenta.ru/", mode="text")
    assert served.output.isascii() and served.media_type == "text/plain"


def test_ascii_leaves_html_pages_and_result_text_alone():
    html = page("el", "Αθήνα", PAGES[2][2])
    reader = Pipeline(ASCII).run(html, "https://news.example/", mode="reader")
    assert "Αθήνα" in reader.output and "Αθήνα" in reader.text  # HTML pages and Result.text (what eval scores) keep the script
    filtered_text = Pipeline(load_config_text("mode: filter\noutput:\n  format: text\n  ascii: true\n")).run(html, "https://news.example/")
    assert filtered_text.media_type == "text/plain" and filtered_text.output.isascii() and "Athina" in filtered_text.output


def test_the_docs_table_is_anyasciis_output():
    from pathlib import Path

    from clearpage.filters.ascii import to_ascii

    text = (Path(__file__).resolve().parent.parent / "docs" / "modes.md").read_text(encoding="utf-8")
    table = text.split("## ASCII text", 1)[1].split("| text | ASCII |", 1)[1].split("\n\n", 1)[0]
    rows = [line.strip("|").split(" | ") for line in table.strip().splitlines()[1:]]
    assert len(rows) == 7
    for source, shown in rows:
        assert to_ascii(source.strip()) == shown.strip()
