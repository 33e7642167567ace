"""Config loading: every kind of mistake names file, line and key; overrides merge as documented."""
import pytest

from clearpage.filters import ConfigError, load_config, load_config_text
from clearpage.filters.settings import default_path


def problems_of(text: str, tmp_path) -> list[str]:
    path = tmp_path / "user.yaml"
    path.write_text(text)
    with pytest.raises(ConfigError) as exc:
        load_config(path)
    return [str(p) for p in exc.value.problems]


def test_default_config_loads_and_is_complete():
    config = load_config()
    assert config.settings.mode == "auto"
    assert config.settings.chain[-1] == "removed_links"
    assert [f.name for f in config.base.filters] == list(config.settings.chain)
    assert config.sites == ()


def test_string_false_is_not_a_bool(tmp_path):
    problems = problems_of("filters:\n  ignore:\n    scripts: \"false\"\n", tmp_path)
    assert problems == [f"{tmp_path}/user.yaml:3: filters.ignore.scripts: expected true or false (unquoted), got str 'false'"]


def test_unknown_key_with_suggestion(tmp_path):
    problems = problems_of("filters:\n  link_list:\n    treshold: 0.5\n", tmp_path)
    assert problems == [f"{tmp_path}/user.yaml:3: filters.link_list.treshold: unknown key; did you mean 'threshold'?"]


def test_bad_range_and_wrong_type_are_all_reported(tmp_path):
    text = "proxy:\n  max_body_bytes: 10\nfilters:\n  link_list:\n    min_links: 1.5\noutput:\n  max_line_breaks: 0\n"
    problems = problems_of(text, tmp_path)
    assert problems == [
        f"{tmp_path}/user.yaml:2: proxy.max_body_bytes: must be >= 1024, got 10",
        f"{tmp_path}/user.yaml:5: filters.link_list.min_links: expected an integer, got float 1.5",
        f"{tmp_path}/user.yaml:7: output.max_line_breaks: must be >= 1, got 0",
    ]


def test_bool_is_not_an_int(tmp_path):
    problems = problems_of("filters:\n  empty_table:\n    min_chars: true\n", tmp_path)
    assert "expected an integer, got bool True" in problems[0]


def test_choices(tmp_path):
    problems = problems_of("mode: read\n", tmp_path)
    assert problems == [f"{tmp_path}/user.yaml:1: mode: expected one of auto, filter, reader, text, off; got str 'read'"]


def test_yaml_syntax_error_has_line(tmp_path):
    problems = problems_of("mode: auto\nfilters: [\n  ignore\n", tmp_path)
    assert len(problems) == 1 and problems[0].startswith(f"{tmp_path}/user.yaml:") and "YAML syntax error" in problems[0]


def test_duplicate_keys_are_errors(tmp_path):
    problems = problems_of("mode: auto\nmode: filter\n", tmp_path)
    assert problems == [f"{tmp_path}/user.yaml:2: mode: duplicate key (first at line 1)"]


def test_unsafe_yaml_tags_refused(tmp_path):
    problems = problems_of("mode: !!python/object/apply:os.system ['true']\n", tmp_path)
    assert "python/object/apply" in problems[0] and ":1:" in problems[0]


def test_chain_rules(tmp_path):
    problems = problems_of("chain: [ignore, removed_links, link_list, linklist, ignore]\n", tmp_path)
    assert problems == [
        f"{tmp_path}/user.yaml:1: chain[3]: unknown filter 'linklist'; did you mean 'link_list'?",
        f"{tmp_path}/user.yaml:1: chain[4]: filter 'ignore' listed twice",
        f"{tmp_path}/user.yaml:1: chain[1]: removed_links must be last: it appends what the filters before it removed",
    ]
    problems = problems_of("chain: [removed_links, ignore]\n", tmp_path)
    assert problems == [f"{tmp_path}/user.yaml:1: chain[0]: removed_links must be last: it appends what the filters before it removed"]


def test_missing_list_file_names_file_line_key(tmp_path):
    problems = problems_of("filters:\n  ad_server:\n    hosts_files:\n      - nowhere.txt\n", tmp_path)
    assert problems[0].startswith(f"{tmp_path}/user.yaml:4: filters.ad_server.hosts_files[0]: cannot read list file")


def test_list_files_resolve_relative_to_the_config(tmp_path):
    (tmp_path / "hosts.txt").write_text("0.0.0.0 ads.example.net\nnot a host!\n")
    (tmp_path / "user.yaml").write_text("filters:\n  ad_server:\n    hosts_files: [hosts.txt]\n")
    config = load_config(tmp_path / "user.yaml")
    assert config.settings.filters["ad_server"].hosts_files == (str(tmp_path / "hosts.txt"),)
    assert any("hosts.txt:2" in w for w in config.warnings)


def test_bad_css_selector(tmp_path):
    problems = problems_of("content:\n  selectors: ['div[']\n", tmp_path)
    assert problems[0].startswith(f"{tmp_path}/user.yaml:2: content.selectors: bad CSS selector 'div['")


def test_unknown_algorithm(tmp_path):
    problems = problems_of("content:\n  algorithm: nope\n", tmp_path)
    assert problems[0].startswith(f"{tmp_path}/user.yaml:2: content.algorithm: unknown content algorithm 'nope'")


def test_unknown_top_level_key(tmp_path):
    problems = problems_of("moed: auto\n", tmp_path)
    assert problems == [f"{tmp_path}/user.yaml:1: moed: unknown key 'moed'; did you mean 'mode'?"]


def test_unreadable_config_file(tmp_path):
    with pytest.raises(ConfigError) as exc:
        load_config(tmp_path / "missing.yaml")
    assert str(exc.value).startswith(f"{tmp_path}/missing.yaml: (top level): cannot read config")


def test_user_file_merges_over_default():
    config = load_config_text("filters:\n  link_list:\n    threshold: 0.9\n")
    assert config.settings.filters["link_list"].threshold == 0.9
    assert config.settings.filters["link_list"].min_links == load_config().settings.filters["link_list"].min_links


def test_sites_override_per_host_with_globs():
    text = """
sites:
  - match: "*.news.example"
    mode: reader
    filters: {link_list: {threshold: 2.0}}
  - match: [app.example, "*.app.example"]
    mode: "off"
"""
    config = load_config_text(text)
    assert config.profile_for("www.news.example").settings.mode == "reader"
    assert config.profile_for("news.example").settings.mode == "reader"  # *.x covers x itself
    assert config.profile_for("www.news.example").settings.filters["link_list"].threshold == 2.0
    assert config.profile_for("a.app.example").settings.mode == "off"
    assert config.profile_for("other.example") is config.base


def test_site_errors_point_into_the_site_entry(tmp_path):
    text = "sites:\n  - match: '*.x.example'\n    mod: reader\n  - mode: filter\n  - match: y.example\n    filters: {link_list: {threshold: -1}}\n"
    problems = problems_of(text, tmp_path)
    assert f"{tmp_path}/user.yaml:3: sites[0].mod: unknown site key 'mod'; did you mean 'mode'?" in problems
    assert f"{tmp_path}/user.yaml:4: sites[1].match: missing key (a host glob or a list of them)" in problems
    assert f"{tmp_path}/user.yaml:6: sites[2].filters.link_list.threshold: must be >= 0.0, got -1.0" in problems


def test_default_file_errors_name_the_default(tmp_path):
    # A user file cannot make the default wrong; problems it causes are located in the user file.
    problems = problems_of("filters: []\n", tmp_path)
    assert problems == [f"{tmp_path}/user.yaml:1: filters: expected a mapping of filter name to options"]
    assert default_path().endswith("default.yaml")


def test_yaml_12_booleans_mode_off_is_a_string(tmp_path):
    assert load_config_text("mode: off\n").settings.mode == "off"
    problems = problems_of("filters:\n  ignore:\n    scripts: yes\n", tmp_path)
    assert problems == [f"{tmp_path}/user.yaml:3: filters.ignore.scripts: expected true or false (unquoted), got str 'yes'"]
    assert load_config_text("filters: {ignore: {scripts: False}}").settings.filters["ignore"].scripts is False
