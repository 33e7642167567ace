"""Content images without alt (a chart, a screenshot) are named by the words captioning them in
their own block; decorative ones (no words beside them, icon-sized, inside a sentence) keep alt=""."""
import pytest

from clearpage.filters import load_config_text
from clearpage.filters.pipeline import Pipeline

PROSE = "<p>" + "Sales rose in every region this year, and the north grew fastest of all the regions we track. " * 5 + "</p>"


@pytest.fixture(scope="module")
def pipeline():
    return Pipeline(load_config_text("mode: auto"))


def alt_of(pipeline, block):
    html = f"<html><head><title>Sales report</title></head><body><article><h1>Sales report</h1>{PROSE}{block}{PROSE}</article></body></html>"
    out = pipeline.run(html.encode(), "https://example.com/report", mode="reader").output
    out = out if isinstance(out, str) else out.decode()
    tag = out.split("https://example.com/chart.png", 1)[1].split(">", 1)[0]
    return tag.split('alt="', 1)[1].split('"', 1)[0]


@pytest.mark.parametrize("block", [
    "<div class='wp-caption'><img src='/chart.png'><p class='wp-caption-text'>Sales by region, 2019 to 2024</p></div>",
    "<div><img src='/chart.png'><br>Sales by region, 2019 to 2024</div>",
])
def test_a_captioned_chart_without_alt_is_named_by_its_caption(pipeline, block):
    assert alt_of(pipeline, block) == "Sales by region, 2019 to 2024"


@pytest.mark.parametrize("block", [
    "<p><img src='/chart.png'></p>",
    "<div><img src='/chart.png' width='16' height='16'> Revenue by quarter</div>",
    "<div>The chart <img src='/chart.png'> shows revenue by quarter.</div>",
    "<p><img src='/chart.png'><br>Sales by region, 2019 to 2024</p>",  # words on its line: alt would repeat them
])
def test_a_decorative_image_keeps_an_empty_alt(pipeline, block):
    assert alt_of(pipeline, block) == ""
