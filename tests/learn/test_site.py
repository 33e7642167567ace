"""The site memory around content selection: template blocks dropped, the fast path, purity."""
from __future__ import annotations

from clearpage.filters import Pipeline, load_config_text
from clearpage.filters.learn import site
from clearpage.filters.learn.memory import SiteMemory
from clearpage.filters.learn.schema import TABLES

from tests.support.stores import stored_rows

from .site_pages import FOOTER_TEXT, NAV_TEXT, memory_config, pages


def _memory_notes(result) -> list[str]:
    return [n for r in result.reports if r.filter == site.REPORT for n in r.notes]


def test_single_page_selection_keeps_the_template(default_config):
    # The premise: one page alone cannot tell the site's welcome and colophon blocks from content.
    pipeline = Pipeline(default_config)
    for url, html in pages():
        text = pipeline.run(html, url, mode="reader").text
        assert NAV_TEXT in text and FOOTER_TEXT in text


def test_template_dropped_from_page_five_on(memory_location):
    config = load_config_text(memory_config(memory_location))
    memory = SiteMemory(config.memory)
    pipeline = Pipeline(config, memory=memory)
    for number, (url, html) in enumerate(pages(), 1):
        result = pipeline.run(html, url, mode="reader")
        assert "Story %d of the week" % number in result.text  # the article stays
        if number == 1:
            assert NAV_TEXT in result.text and FOOTER_TEXT in result.text
        if number >= 5:
            assert NAV_TEXT not in result.text, number
            assert FOOTER_TEXT not in result.text, number
            memory_report = next(r for r in result.reports if r.filter == site.REPORT)
            assert {r.target for r in memory_report.removals} == {"div.welcome", "div.colophon", "p.updated"}
            assert all("template block" in r.reason for r in memory_report.removals)
    assert memory.hosts()[0][:2] == ("gazette.example", 10)


def test_fast_path_used_and_reported(memory_location):
    config = load_config_text(memory_config(memory_location, fast_path="true"))
    pipeline = Pipeline(config, memory=SiteMemory(config.memory))
    results = [pipeline.run(html, url, mode="reader") for url, html in pages()]
    assert results[0].selection.startswith("auto:")
    # min_support 3: three pages make the rule, the fourth uses it
    assert results[3].selection.startswith("memory: body > div#page")
    assert any(n.startswith("fast path:") for n in _memory_notes(results[3]))
    assert not any(n.startswith("fast path:") for n in _memory_notes(results[2]))


def test_without_fast_path_selection_runs_and_template_goes(tmp_path):
    config = load_config_text(memory_config(tmp_path / "m.sqlite", fast_path="false"))
    pipeline = Pipeline(config, memory=SiteMemory(config.memory))
    results = [pipeline.run(html, url, mode="reader") for url, html in pages()]
    assert all(r.selection.startswith("auto:") for r in results)
    assert NAV_TEXT not in results[6].text and FOOTER_TEXT not in results[6].text


def test_rule_that_does_not_fit_falls_back_to_selection(tmp_path):
    config = load_config_text(memory_config(tmp_path / "m.sqlite", fast_path="true"))
    memory = SiteMemory(config.memory)
    pipeline = Pipeline(config, memory=memory)
    for url, html in pages()[:5]:
        pipeline.run(html, url, mode="reader")
    other = pages()[5][1].replace('<div id="page">', '<div id="wrapper">')  # a redesign: the rule finds nothing
    result = pipeline.run(other, "https://gazette.example/story/redesigned", mode="reader")
    assert result.selection.startswith("auto:")
    assert "Story 6 of the week" in result.text


def test_reload_is_not_a_new_page(memory_location):
    config = load_config_text(memory_config(memory_location))
    memory = SiteMemory(config.memory)
    pipeline = Pipeline(config, memory=memory)
    url, html = pages()[0]
    for _ in range(6):  # the same story six times (tracking parameters do not make it new)
        result = pipeline.run(html, url + "?utm_source=feed", mode="reader")
    assert "Story 1 of the week" in result.text and NAV_TEXT in result.text
    assert memory.hosts()[0][1] == 1


def test_no_page_text_is_stored(memory_location):
    config = load_config_text(memory_config(memory_location))
    pipeline = Pipeline(config, memory=SiteMemory(config.memory))
    for url, html in pages():
        pipeline.run(html, url, mode="reader")
    dump = "\n".join(repr(row) for table in TABLES for row in stored_rows(memory_location, f"SELECT * FROM {table}"))
    assert "gazette.example" in dump and len(dump) > 1000  # (the dump is the stored data)
    for phrase in ("Riverside", "Gazette", "volunteers", "Cooperative", "/story/", "Story 1"):
        assert phrase not in dump
    assert "body > div#page" in dump  # the structure is what is kept


def test_api_is_pure_unless_asked(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert Pipeline().memory is None  # default `use: proxy`: the Python API learns nothing
    always = Pipeline(load_config_text("memory: {use: always}\n"))
    assert always.memory is not None and always.memory.path == tmp_path / "clearpage" / "memory.sqlite"
    assert load_config_text("memory: off\n").memory.use == "off"
    assert Pipeline(load_config_text("memory: off\n")).memory is None


def test_proxy_worker_learns_by_default(tmp_path, monkeypatch):
    from clearpage.addon import worker

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    pipeline = worker._Pipelines().get(worker.ConfigSpec(digest="d", path=None, text=None))
    assert pipeline.memory is not None
    off = worker._Pipelines().get(worker.ConfigSpec(digest="e", path=None, text="memory: off\n"))
    assert off.memory is None


def test_bad_memory_config_names_the_line():
    import pytest

    from clearpage.filters import ConfigError

    with pytest.raises(ConfigError) as err:
        load_config_text("memory:\n  use: sometimes\n")
    assert "memory.use" in str(err.value) and ":2:" in str(err.value)


def test_template_text_in_the_middle_of_the_content_stays(tmp_path):
    # Repeated text between two parts of the content (a product page's spec labels, a note in
    # the story) is not navigation: only leading and trailing template blocks go.
    note = "<div class='note'>Every story in this series is checked by two editors before it is printed.</div>"
    config = load_config_text(memory_config(tmp_path / "m.sqlite"))
    pipeline = Pipeline(config, memory=SiteMemory(config.memory))
    for number, (url, html) in enumerate(pages(), 1):
        html = html.replace("</p>\n<p>", "</p>\n" + note + "\n<p>", 1)
        result = pipeline.run(html, url, mode="reader")
    assert "checked by two editors" in result.text
    assert NAV_TEXT not in result.text and FOOTER_TEXT not in result.text


def test_one_article_under_many_urls_is_not_template(tmp_path):
    # The same story at /a, /a?page=print, /amp/a ...: all its blocks recur, none is template.
    config = load_config_text(memory_config(tmp_path / "m.sqlite"))
    pipeline = Pipeline(config, memory=SiteMemory(config.memory))
    url, html = pages()[0]
    for k in range(6):
        result = pipeline.run(html, f"{url}/copy{k}", mode="reader")
    assert "Story 1 of the week" in result.text
    assert result.text.count("told the Gazette") >= 4
    notes = _memory_notes(result)
    assert any("a known page's content, kept" in n for n in notes)


# ---------------------------------------------------------------- trust under abuse (issue 28 item 2)

WARNING = "Warning: version 2.1 of the backup plugin steals credentials, do not install it."


def _with_warning(html: str) -> str:
    return html.replace('<div class="story">', f'<div class="story">\n<div class="alert"><p>{WARNING}</p></div>', 1)


class _Clock:
    """Wall-clock seconds the test moves by hand (the memory's first-seen and last-seen times)."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


def _pipeline(location, clock=None, **keys):
    config = load_config_text(memory_config(location, **keys))
    memory = SiteMemory(config.memory, clock=clock or _Clock())
    return memory, Pipeline(config, memory=memory)


def test_attacker_pages_under_other_owners_paths_cannot_hide_a_victims_paragraph(memory_location):
    """The issue's attack: four pages under /u/attacker1..4/ copy the victim's layout and repeat
    one block; the victim's page must keep it (before: removed as a template block)."""
    memory, pipeline = _pipeline(memory_location)  # template_min_minutes: 0, so only the owner scopes stand in the way
    for n, (_, html) in enumerate(pages()[1:5], 1):
        pipeline.run(_with_warning(html), f"https://shared.example/u/attacker{n}/post", mode="reader")
    for victim_url in ("https://shared.example/u/victim/post", "https://shared.example/post"):
        result = pipeline.run(_with_warning(pages()[0][1]), victim_url, mode="reader")
        assert WARNING in result.text, victim_url
        assert "Story 1 of the week" in result.text
    scopes = {h[0] for h in memory.hosts()}
    assert {"shared.example/u/attacker1", "shared.example/u/victim", "shared.example"} <= scopes


def test_owner_scopes():
    assert site.scope_of("h.example", "/u/alice/posts/1") == "h.example/u/alice"
    assert site.scope_of("h.example", "/user/Bob") == "h.example/user/Bob"
    assert site.scope_of("h.example", "/users/carol/x?y=1") == "h.example/users/carol"
    assert site.scope_of("h.example", "/~dave/index.html") == "h.example/~dave"
    assert site.scope_of("h.example", "/@erin/status/9") == "h.example/@erin"
    assert site.scope_of("h.example", "/story/1") == site.scope_of("h.example", "/user") == "h.example"


def test_template_needs_agreement_over_time(memory_location):
    clock = _Clock()
    memory, pipeline = _pipeline(memory_location, clock, template_min_minutes=10)
    site_pages = pages()
    for url, html in site_pages[:6]:  # six pages within a minute: a burst, not agreement over time
        clock.now += 5
        text = pipeline.run(html, url, mode="reader").text
    assert NAV_TEXT in text and FOOTER_TEXT in text
    clock.now += 10 * 60
    url, html = site_pages[6]
    text = pipeline.run(html, url, mode="reader").text
    assert NAV_TEXT not in text and FOOTER_TEXT not in text and "Story 7 of the week" in text


def test_only_top_level_navigations_teach(memory_location):
    from clearpage.filters.pipeline import Delivery

    memory, pipeline = _pipeline(memory_location)
    script_fetch = Delivery(learn=False)
    for url, html in pages()[:6]:
        result = pipeline.run(html, url, mode="reader", delivery=script_fetch)
        assert "not learned from: not a top-level navigation" in _memory_notes(result)
    assert memory.hosts() == []  # a script fetch teaches nothing
    for url, html in pages()[:6]:
        pipeline.run(html, url, mode="reader")
    url, html = pages()[6]
    assert NAV_TEXT not in pipeline.run(html, url, mode="reader", delivery=script_fetch).text  # the memory still applies


NAVIGATION_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8"


def test_learns_from_navigation_headers_only():
    learns = site.learns_from
    assert learns("https", {"Sec-Fetch-Dest": "document", "Sec-Fetch-Mode": "navigate", "Accept": NAVIGATION_ACCEPT})
    assert not learns("https", {"Sec-Fetch-Dest": "empty", "Sec-Fetch-Mode": "no-cors", "Accept": "*/*"})  # fetch()
    assert not learns("https", {"Sec-Fetch-Dest": "iframe", "Sec-Fetch-Mode": "navigate"})
    assert not learns("https", {"Upgrade-Insecure-Requests": "1", "Accept": NAVIGATION_ACCEPT})  # HTTPS needs Fetch Metadata
    assert learns("http", {"Upgrade-Insecure-Requests": "1", "Accept": NAVIGATION_ACCEPT})
    assert learns("http", {"sec-fetch-dest": "document", "sec-fetch-mode": "navigate"})  # localhost gets Fetch Metadata
    assert not learns("http", {"Accept": NAVIGATION_ACCEPT})
    assert not learns("http", {"Upgrade-Insecure-Requests": "1", "Accept": "*/*"})
    assert not learns("http", {"Upgrade-Insecure-Requests": "1", "Accept": "application/json, text/html;q=0.5"})
    assert not learns("http", {})


def test_caps_per_page_and_per_hour(memory_location, caplog):
    import logging

    from clearpage.filters.learn.memory import MAX_RULES_PER_PAGE

    clock = _Clock()
    memory, _ = _pipeline(memory_location, clock, max_new_hosts_per_hour=3)
    forged = [f"body > div.b{i}" for i in range(500)]
    assert memory.learn("a.example", "/p", ["fp"], ["body > div#page"], forged)
    assert len(memory.rules("a.example")) == MAX_RULES_PER_PAGE
    with caplog.at_level(logging.WARNING, logger="clearpage.memory"):
        for n in range(50):  # a script (or a crawl) naming many hosts
            memory.learn(f"h{n}.example", "/", ["fp"], [], [])
    assert len(memory.hosts()) == 3
    assert any("max_new_hosts_per_hour" in r.message for r in caplog.records)
    assert memory.learn("a.example", "/q", ["fp"], [], [])  # known hosts go on learning
    clock.now += 3601
    assert memory.learn("later.example", "/", ["fp"], [], [])


def test_the_bar_says_when_the_memory_removed_something(memory_location):
    import lxml.html

    from clearpage.filters.pipeline import Delivery

    memory, pipeline = _pipeline(memory_location)
    for url, html in pages()[:5]:
        pipeline.run(html, url, mode="reader")
    url, html = pages()[5]
    served = pipeline.run(html, url, mode="reader", delivery=Delivery(page_bar=True))
    (bar,) = lxml.html.document_fromstring(served.output).xpath("//aside[@aria-label='clearpage']")
    assert "the site memory removed 3 blocks" in bar.text_content()
    assert bar.xpath(".//a[text()='show this page without the memory']/@href") == [url + "?clearpage=nomemory"]
    without = pipeline.run(html, url, mode="reader", delivery=Delivery(page_bar=True, use_memory=False))
    assert NAV_TEXT in without.text and "Story 6 of the week" in without.text
    (bar,) = lxml.html.document_fromstring(without.output).xpath("//aside[@aria-label='clearpage']")
    assert "shown without the site memory" in bar.text_content()
    assert memory.hosts()[0][1] == 6  # (the page without the memory taught nothing more)


def test_the_abuse_limits_are_typed_config_keys():
    import pytest

    from clearpage.filters import ConfigError

    for text, key in (("memory:\n  template_min_minutes: -1\n", "memory.template_min_minutes"),
                      ("memory:\n  max_new_hosts_per_hour: lots\n", "memory.max_new_hosts_per_hour")):
        with pytest.raises(ConfigError) as err:
            load_config_text(text, "user.yaml")
        assert str(err.value).startswith(f"user.yaml:2: {key}:")
    defaults = load_config_text("").memory
    assert (defaults.template_pages, defaults.template_min_minutes, defaults.max_new_hosts_per_hour) == (3, 10, 200)
