"""Embed codes for auto (filters/content/rules/embed_codes.py): markup offered to copy goes, code samples stay."""
from __future__ import annotations

from clearpage.filters.content.rules import embed_codes
from tests.content.algo_util import joined_selection, removed_and_text

IFRAME = '&lt;iframe src="https://example.com/player/embed/{i}" width="100%" height="290" frameborder="0" title="Player"&gt;&lt;/iframe&gt;'


def episode(i: int, code_box: str) -> str:
    return (
        f"<article class='item'><h2><a href='/ep/{i}'>Episode {i}: the ocean's deepest trench</a></h2>"
        f"<p>Scientists sent a robot eleven kilometres down, episode {i} tells what it found there.</p>"
        f"<ul class='tools'><li><a href='/t/{i}'>Transcript</a></li><li>Embed {code_box.format(i=i)}</li></ul></article>"
    )


def remaining_text(body: str) -> tuple[int, str]:
    return removed_and_text(embed_codes.remove_embed_codes, body)


def test_an_embed_code_named_as_such_goes():
    removed, text = remaining_text("".join(episode(i, f"<b class='embed-url'><code>{IFRAME}</code></b>") for i in range(5)))
    assert removed == 5
    assert "iframe" not in text and "frameborder" not in text
    assert "Episode 3" in text and "Transcript" in text and "Embed" in text


def test_markup_in_an_element_not_named_embed_stays():
    removed, text = remaining_text(f"<p>Paste this:</p><pre><code>{IFRAME.format(i=1)}</code></pre>")
    assert removed == 0
    assert "<iframe" in text


def test_an_embed_box_holding_prose_stays():
    removed, text = remaining_text("<div class='embed-note'>Embed this player on your site: copy the code below.</div>")
    assert removed == 0
    assert "copy the code" in text


def test_auto_leaves_embed_codes_out_of_its_selection(algo):
    page = "<html><body><main><h1>Science podcast</h1>" + "".join(
        episode(i, f"<b class='embed-url'><code>{IFRAME}</code></b>") for i in range(6)) + "</main></body></html>"
    text = joined_selection(algo, page, "https://example.com/podcast")
    assert "Episode 5" in text
    assert "frameborder" not in text
