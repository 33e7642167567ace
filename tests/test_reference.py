"""docs/configuration.md's config reference is the generated one: the docs cannot drift from the schema."""
from pathlib import Path

from clearpage.filters.reference import markdown

CONFIGURATION = Path(__file__).resolve().parent.parent / "docs" / "configuration.md"
BEGIN, END = "<!-- config-reference:begin -->\n", "<!-- config-reference:end -->"


def test_docs_config_reference_is_current():
    text = CONFIGURATION.read_text(encoding="utf-8")
    assert BEGIN in text and END in text, "docs/configuration.md lacks the config-reference markers"
    embedded = text.split(BEGIN, 1)[1].split(END, 1)[0]
    assert embedded == markdown(), (
        "docs/configuration.md's config reference is stale: ./dev run config-reference and paste it between the markers"
    )


def test_every_key_of_the_default_config_is_documented():
    table = markdown()
    for key in ("mode", "proxy.time_budget_ms", "filters.link_list.threshold", "filters.ignore.keep_noscript",
                "content.algorithm", "reader.theme", "auto.article_score", "output.max_line_breaks"):
        assert f"| `{key}` |" in table
