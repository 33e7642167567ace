"""Regexes from configuration cannot backtrack catastrophically.

``filters/regex.py`` compiles user patterns with RE2: ``(a+)+$`` against 100,000 ``a``s and a
``b`` (minutes, and more, in a backtracking engine) gives the right answer straight away;
patterns that need backtracking are refused with a clear message. Adblock Plus ``/regex/``
rules go to adblock-rust, whose regex engine is linear too: the same pattern as a list rule.
"""
import adblock
import pytest

from clearpage.filters.regex import check_pattern, compile_pattern

EVIL = "(a+)+$"
LONG = "a" * 100_000 + "b"


def test_nested_quantifiers_finish_with_the_right_answer():
    pattern = compile_pattern(EVIL)
    assert pattern.search(LONG) is None
    assert pattern.search("a" * 100_000) is not None
    assert compile_pattern(r"^(\w+\s?)*$").match("word " * 20_000 + "!") is None


@pytest.mark.parametrize(
    "pattern, reason",
    [
        (r"(a)\1", "backreferences"),
        (r"(?<=a)b", "lookaround"),
        (r"(?=a)", "lookaround"),
        ("(unclosed", "missing )"),
        ("[z-a]", "invalid character class range"),
        ("a{1000}{1000}", "repetition"),
    ],
)
def test_patterns_re2_refuses_raise_value_error_with_the_reason(pattern, reason):
    with pytest.raises(ValueError, match="bad regular expression") as caught:
        compile_pattern(pattern)
    assert reason in str(caught.value)
    assert check_pattern(pattern) == str(caught.value)


def test_an_adblock_regex_rule_is_linear_too():
    rules = adblock.FilterSet()
    rules.add_filters(["/(a+)+$/$image"])
    engine = adblock.Engine(rules)
    slow = engine.check_network_urls("https://img.example/" + LONG, "https://page.example/", "image")
    fast = engine.check_network_urls("https://img.example/aaaa", "https://page.example/", "image")
    assert slow.matched is False and fast.matched is True


def test_a_config_regex_re2_refuses_gets_one_error_naming_file_line_and_key(tmp_path):
    from clearpage.filters import ConfigError, load_config

    path = tmp_path / "config.yaml"
    path.write_text("content:\n  algorithm: auto\n  auto:\n    forum_urls: '(?=thread)'\n", encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        load_config(str(path))
    problems = [str(p) for p in caught.value.problems]
    assert len(problems) == 1, problems  # not also "algorithm 'auto' needs its options under content.auto"
    assert f"{path}:4" in problems[0] and "content.auto.forum_urls" in problems[0] and "lookaround" in problems[0]
