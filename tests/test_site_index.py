"""Long ``sites:`` lists: every entry checked at load, sites found by host, profiles built on first use."""
from __future__ import annotations

import random

import pytest

from clearpage.cli import main
from clearpage.filters import load_config, load_config_text, yamlsrc
from clearpage.filters import settings as settings_module
from clearpage.filters.chain.base import BuildEnv
from clearpage.filters.css import _SIMPLE_PATH, check_selector, compile_selector
from clearpage.filters.settings import SiteIndex, SiteRule
from clearpage.tools.bench.sites import sites_yaml

N = 5000


@pytest.fixture(scope="module")
def many(tmp_path_factory):
    path = tmp_path_factory.mktemp("sites") / "sites.yaml"
    path.write_text(sites_yaml(N), encoding="utf-8")
    return path, load_config(path)


def test_5000_exported_sites_load_without_building_a_profile(many):
    _, config = many
    assert len(config.sites) == N
    assert config.index.builds == 0 and config.index.built == {}
    # The mode and the stylesheet's settings come without building anything.
    assert config.settings_for("www.site17.example").content.selectors == ("body > div#page-17 > main > article.post-body",)
    assert config.index.builds == 0


def test_a_site_is_built_on_first_use_once_and_shares_the_top_levels_filters(many):
    _, config = many
    before = config.index.builds
    profile = config.profile_for("WWW.Site4321.example.")  # case and a trailing dot do not matter
    assert [s.css for s in profile.content_selectors] == ["body > div#page-4321 > main > article.post-body"]
    assert [s.css for s in profile.noise_selectors][0] == "body > div#page-4321 > aside.related"
    assert config.index.builds == before + 1
    assert config.profile_for("www.site4321.example") is profile
    assert config.index.builds == before + 1
    assert all(a is b for a, b in zip(profile.filters, config.base.filters, strict=True))
    assert config.profile_for("site4321.example") is config.base  # an exact host, not a suffix
    assert config.profile_for("www.site5000.example") is config.base


def test_a_bad_entry_deep_in_the_list_is_reported_with_its_line(tmp_path, capsys):
    text = sites_yaml(N)
    text = text.replace("div#page-4321 > main", "div#page-4321[ > main").replace("footer#site-footer-12\n", "footer#site-footer-12\n    min_chars: lots\n", 1)
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    lines = text.splitlines()
    selector_line = next(i for i, line in enumerate(lines, 1) if "page-4321[" in line)
    chars_line = lines.index("    min_chars: lots") + 1
    assert main(["check-config", str(path)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert f"{path}:{chars_line}: sites[12].content.min_chars: expected an integer, got str 'lots'" in err
    assert any(line.startswith(f"{path}:{selector_line}: sites[4321].content.selectors: bad CSS selector 'body > div#page-4321[")
               for line in err)
    assert err[-1] == f"{path}: 2 problem(s)"


def test_the_index_picks_the_site_trying_each_in_turn_would():
    patterns = ["a.example", "*.b.example", "b.example", "x*.c.example", "*.c.example", "[pq].d.example",
                "d.example", "*.example", "*", "n?.e.example", "*.e.example", "deep.c.example", "Mixed.Case.example"]
    hosts = ["a.example", "b.example", "www.b.example", "x1.c.example", "y.c.example", "c.example", "deep.c.example",
             "p.d.example", "r.d.example", "d.example", "n1.e.example", "e.example", "zzz.example", "other.org",
             "mixed.case.example", "a.b.example"]
    base = load_config_text("").base
    rng = random.Random(28)
    for _ in range(200):
        rules = tuple(SiteRule(tuple(rng.sample(patterns, rng.randint(1, 3))), base.settings) for _ in range(rng.randint(1, 6)))
        index = SiteIndex(rules, BuildEnv(), {})
        for host in hosts:
            in_turn = next((i for i, rule in enumerate(rules) if rule.matches(host)), None)
            assert index.find(host) == in_turn, (host, [r.patterns for r in rules])


def test_a_site_with_its_own_filter_options_is_built_at_load():
    text = """
sites:
  - match: own.example
    filters: {link_list: {threshold: 2.0}}
  - match: selectors.example
    content: {selectors: [main]}
"""
    config = load_config_text(text)
    assert set(config.index.built) == {0}
    assert config.profile_for("own.example") is config.index.built[0]
    assert config.index.builds == 0
    assert [s.css for s in config.profile_for("selectors.example").content_selectors] == ["main"]
    assert config.index.builds == 1


def test_built_profiles_kept_are_bounded(monkeypatch, many):
    _, config = many
    monkeypatch.setattr(settings_module, "SITE_PROFILE_CACHE", 2)
    index = SiteIndex(config.sites, config.index.env, {})
    first = index.profile(1)
    index.profile(2)
    index.profile(3)
    assert len(index._cache) == 2 and index.builds == 3
    assert index.profile(1) is not first and index.builds == 4  # dropped, built again


def test_paths_checked_without_compiling_do_compile():
    rng = random.Random(5)
    pieces = ["body", "div", "h1", "*", "#main", "#a-1", ".post", ".x_y", ".c-2", "article", "#_id"]
    accepted = 0
    for _ in range(2000):
        steps = ["".join(rng.sample(pieces, rng.randint(1, 3))) for _ in range(rng.randint(1, 5))]
        css = " > ".join(steps)
        if _SIMPLE_PATH.fullmatch(css):
            accepted += 1
            compile_selector(css)  # raises if the shortcut let a bad one through
    assert accepted > 500
    for bad in ("div[", "a >", "> a", "a > > b", "div..x"):
        assert not _SIMPLE_PATH.fullmatch(bad)
        assert check_selector(bad) is not None, bad  # compiled, and refused


def test_libyaml_and_pyyaml_give_the_same_located_nodes(monkeypatch):
    text = sites_yaml(3) + "mode: off\nfilters:\n  ignore: {scripts: true}\nlist: [1, 2.5, 'x', null, yes]\n"
    fast = yamlsrc.load_text(text, "f.yaml")
    monkeypatch.setattr(yamlsrc, "FAST_MAX_LINE", -1)  # every text goes to PyYAML's own parser
    assert yamlsrc.load_text(text, "f.yaml") == fast


def test_a_config_copied_with_other_sites_matches_those():
    import dataclasses

    config = load_config_text("sites:\n  - match: a.example\n    mode: reader\n")
    assert config.profile_for("a.example").settings.mode == "reader"
    assert dataclasses.replace(config, sites=()).profile_for("a.example") is config.base
    assert dataclasses.replace(config, memory=None).profile_for("a.example") is config.profile_for("a.example")
