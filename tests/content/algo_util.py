"""Running one content algorithm on a page, outside the pipeline (no filter chain first)."""
from __future__ import annotations

import dataclasses

from clearpage.filters import dom
from clearpage.filters.chain.base import BuildEnv
from clearpage.filters.content import features as feat
from clearpage.filters.content import hints
from clearpage.filters.content.base import ALGORITHMS
from clearpage.filters.context import PageContext
from clearpage.filters.render import text as text_out

DEEP = 2_000  # nesting depth for the no-recursion tests: past Python's limit, within libxml2's


def run_algorithm(config, name: str, html: str, url: str = "https://example.com/page", **overrides):
    """(selection, selected text, doc, ctx) for algorithm ``name`` with default options + overrides."""
    options = config.settings.content.options[name]
    if overrides:
        options = dataclasses.replace(options, **overrides)
    algorithm = ALGORITHMS[name](options, BuildEnv())
    doc = dom.parse(html)
    ctx = PageContext(url=url, base_url=url)
    selection = algorithm.select(doc, ctx)
    text = text_out.render(selection.nodes, text_out.TextOptions()).text if selection else ""
    return selection, text, doc, ctx


def assert_picks(text: str, wanted: list[str], unwanted: list[str]) -> None:
    for snippet in wanted:
        assert snippet in text, f"missing {snippet!r} in selection: {text[:300]!r}"
    for snippet in unwanted:
        assert snippet not in text, f"{snippet!r} should not be in selection: {text[:300]!r}"


def joined_selection(algorithm, html: str, url: str) -> str:
    """The text of what ``algorithm`` selects on ``html`` (its nodes' text joined); fails when it selects nothing."""
    selection = algorithm.select(dom.parse(html), PageContext(url=url, base_url=url))
    assert selection is not None, "the algorithm selected nothing"
    return " ".join(el.text_content() for el in selection.nodes)


def features_and_kinds(html: str) -> tuple[feat.Features, list[int]]:
    """The features of ``html``'s body and their markup hints (kinds), as ``auto`` computes them."""
    f = feat.compute(dom.body_of(dom.parse(html)))
    kinds = hints.kinds(f)
    return f, kinds


def removed_and_text(remove, body: str) -> tuple[int, str]:
    """What ``remove(f, [0], ctx)`` (a cleaning step over the whole body) returns on a page of
    ``body``, and the body's text after it."""
    root = dom.body_of(dom.parse(f"<html><body>{body}</body></html>"))
    f = feat.compute(root)
    removed = remove(f, [0], PageContext(url="https://example.com/", base_url="https://example.com/"))
    return removed, root.text_content()


def product_page(extra: str) -> str:
    """A shop's product page: a title and a six-paragraph description, then ``extra`` in <main>."""
    description = "".join(
        f"<p>This stoneware mug is wheel thrown and glazed by hand, detail {i}, and safe in the dishwasher.</p>" for i in range(6)
    )
    return f"<html><body><main><h1>Stoneware mug</h1><div class='description'>{description}</div>{extra}</main></body></html>"
