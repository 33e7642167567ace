"""``clearpage filter``: pure by default, learning a site's template with ``--memory PATH``."""
from __future__ import annotations

from clearpage.cli import main
from clearpage.filters.learn.memory import SiteMemory
from clearpage.filters.settings import load_config
from tests.learn.site_pages import FOOTER_TEXT, HOST, NAV_TEXT, pages


def _filter(tmp_path, number: int, url: str, html: str, *extra: str) -> str:
    source, out = tmp_path / f"page{number}.html", tmp_path / f"out{number}.txt"
    source.write_text(html, encoding="utf-8")
    assert main(["filter", str(source), "--url", url, "--mode", "reader", "--format", "text", "-o", str(out), *extra]) == 0
    return out.read_text(encoding="utf-8")


def test_memory_flag_learns_the_site_page_by_page(tmp_path):
    memory = tmp_path / "m.sqlite"
    for number, (url, html) in enumerate(pages(), 1):
        text = _filter(tmp_path, number, url, html, "--memory", str(memory))
        assert f"Story {number} of the week" in text
        if number == 1:
            assert NAV_TEXT in text and FOOTER_TEXT in text
        if number >= 5:
            assert NAV_TEXT not in text and FOOTER_TEXT not in text, number
    assert SiteMemory(load_config().memory, path=memory).hosts()[0][:2] == (HOST, 10)


def test_without_the_flag_filter_is_a_pure_function_of_the_page(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "home"))
    outputs = [_filter(tmp_path, number, url, html) for number, (url, html) in enumerate(pages(), 1)]
    assert all(NAV_TEXT in text and FOOTER_TEXT in text for text in outputs)
    assert not (tmp_path / "home").exists()
