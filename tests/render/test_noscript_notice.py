"""A <noscript> that only asks for JavaScript is not unwrapped into the reader or filtered page
(the script it stood for is gone); one holding an image fallback still gives its image."""
import pytest

from clearpage.filters import load_config_text
from clearpage.filters.pipeline import Pipeline
from tests.helpers import page

NOTICE = "Please turn on JavaScript. Media requires JavaScript to play."
PROSE = "<p>" + "The harbour was quiet on Sunday morning when the boats came back with their catch. " * 5 + "</p>"
HTML = page(
    f"<article><h1>Harbour</h1>{PROSE}<div class='player'><script>load()</script><noscript>{NOTICE}</noscript></div>"
    "<figure><noscript><img src='https://cdn.example.com/boats.jpg' alt='Boats in the harbour'></noscript>"
    f"<figcaption>The boats at dawn.</figcaption></figure>{PROSE}</article>"
)


@pytest.fixture(scope="module")
def pipeline():
    return Pipeline(load_config_text("mode: auto"))


@pytest.mark.parametrize("mode", ["reader", "filter"])
def test_a_javascript_notice_is_dropped_and_a_noscript_image_kept(pipeline, mode):
    result = pipeline.run(HTML.encode(), "https://example.com/harbour", mode=mode)
    output = result.output if isinstance(result.output, str) else result.output.decode()
    assert "turn on JavaScript" not in output
    assert "https://cdn.example.com/boats.jpg" in output and "The boats at dawn." in output


def test_a_noscript_holding_the_content_is_kept(pipeline):
    posts = "".join(f"<div class='post'><p>Reply {i}: the JavaScript build of the forum still breaks on my phone when I open the thread list.</p></div>"
                    for i in range(6))
    html = page(f"<div id='app'></div><script>boot()</script><noscript><div id='main-outlet'><h1>Broken update</h1>{posts}</div></noscript>")
    result = pipeline.run(html.encode(), "https://forum.example.com/t/broken-update/1", mode="reader")
    assert "Reply 5: the JavaScript build" in result.text


def test_a_noscript_of_escaped_markup_is_dropped(pipeline):
    # A tracking pixel written out as text inside <noscript>: unwrapped, the reader would show the raw tag.
    pixel = "<noscript>&lt;div style=\"position:absolute;\"&gt;&lt;img width=1 height=1 alt=\"\" src=\"https://b.example.com/b?P=abc\"&gt;&lt;/div&gt;</noscript>"
    html = page(f"<article><h1>Harbour</h1>{PROSE}<script>track()</script>{pixel}{PROSE}</article>")
    result = pipeline.run(html.encode(), "https://example.com/harbour", mode="reader")
    assert "position:absolute" not in result.text and "b.example.com" not in result.output
    assert "The harbour was quiet" in result.text
