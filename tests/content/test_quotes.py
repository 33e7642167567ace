"""Quotes on threads for auto (filters/content/rules/quotes.py): a reply's quote of an earlier post is read once."""
from __future__ import annotations

from clearpage.filters.content.rules import quotes
from tests.content.algo_util import joined_selection, removed_and_text

FIRST = "My laptop fan runs at full speed after the last update, even when the machine is idle all day."
ANSWER = "Reset the power management settings and reboot twice; the firmware reapplies the fan curve then."


def post(n: int, body: str) -> str:
    return f"<li class='post'><div class='author'>user{n}</div><div class='content'>{body}</div></li>"


def remaining(body: str) -> tuple[int, str]:
    return removed_and_text(quotes.remove_post_repeats, body)


def test_a_quote_of_an_earlier_post_goes():
    thread = post(1, f"<p>{FIRST}</p>") + post(2, f"<blockquote><p>{FIRST}</p></blockquote><p>{ANSWER}</p>")
    removed, text = remaining(f"<ul class='posts'>{thread}</ul>")
    assert removed == 1
    assert text.count(FIRST) == 1 and ANSWER in text


def test_short_replies_said_twice_stay():
    thread = post(1, f"<p>{FIRST}</p>") + post(2, "<p>Same here, thanks for asking!</p>") + post(3, "<p>Same here, thanks for asking!</p>")
    removed, text = remaining(f"<ul class='posts'>{thread}</ul>")
    assert removed == 0
    assert text.count("Same here") == 2


def test_the_same_code_in_two_answers_stays():
    code = "<pre><code>sudo systemctl restart thermald.service &amp;&amp; sudo sensors-detect --auto</code></pre>"
    thread = post(1, f"<p>{FIRST}</p>") + post(2, code) + post(3, code)
    removed, text = remaining(f"<ul class='posts'>{thread}</ul>")
    assert removed == 0
    assert text.count("systemctl restart") == 2


def test_auto_reads_a_quoted_post_once_on_a_thread(algo):
    replies = "".join(post(n, f"<p>Reply number {n}: I had the same trouble with the fan on my machine last spring.</p>") for n in range(3, 8))
    thread = post(1, f"<p>{FIRST}</p>") + post(2, f"<blockquote><p>{FIRST}</p></blockquote><p>{ANSWER}</p>") + replies
    page = f"<html><body><main><h1>Fan runs at full speed</h1><ul class='posts'>{thread}</ul></main></body></html>"
    text = joined_selection(algo, page, "https://forum.example.com/t/fan-runs-at-full-speed/1234")
    assert text.count(FIRST) == 1
    assert ANSWER in text
