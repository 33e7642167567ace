"""Lazy images are resolved by one resolver (render/lazy_images.py) for auto's selection and the
reader page: whatever loader attribute holds the real address and whatever stands in for it
(a blurred data: preview, a placeholder file), the photo reaches the reader page with its caption."""
import base64

import pytest

from clearpage.filters import dom, load_config_text
from clearpage.filters.content.rules import lazy_images as auto_lazy
from clearpage.filters.pipeline import Pipeline
from tests.helpers import page

PREVIEW = "data:image/jpeg;base64," + base64.b64encode(bytes(range(256)) * 2).decode()  # a blurred preview, > 200 chars
PROSE = "<p>" + "The harbour was quiet on Sunday morning when the boats came back with their catch. " * 5 + "</p>"
CASES = [(PREVIEW, "data-actualsrc"), (PREVIEW, "data-echo"), (PREVIEW, "data-src-retina"),
         ("/img/placeholder.jpg", "data-echo"), ("/img/blank.jpg", "data-high-res-src")]


@pytest.fixture(scope="module")
def pipeline():
    return Pipeline(load_config_text("mode: auto"))


@pytest.mark.parametrize(("stand_in", "attr"), CASES)
def test_a_lazy_photo_reaches_the_reader_page_with_its_caption(pipeline, stand_in, attr):
    figure = (f"<figure><img src='{stand_in}' {attr}='https://cdn.example.com/boats.jpg' alt='Boats'>"
              "<figcaption>The boats at dawn.</figcaption></figure>")
    html = page(f"<article><h1>Harbour</h1>{PROSE}{figure}{PROSE}</article>")
    out = pipeline.run(html.encode(), "https://example.com/harbour", mode="reader").output
    out = out if isinstance(out, str) else out.decode()
    assert "https://cdn.example.com/boats.jpg" in out and "The boats at dawn." in out


@pytest.mark.parametrize(("stand_in", "attr"), CASES)
def test_auto_resolves_with_the_same_attributes(stand_in, attr):
    doc = dom.parse(page(f"<div><img src='{stand_in}' {attr}='https://cdn.example.com/boats.jpg'></div>"))
    auto_lazy.load_all([doc.find(".//div")])
    assert doc.find(".//img").get("src") == "https://cdn.example.com/boats.jpg"
