"""Which list lines the engine cannot use, reported with file and line; and the :has() rules kept."""
from clearpage.filters.adblock import lint
from clearpage.filters.adblock.abp import AbpEngine
from clearpage.filters.css import check_selector

LIST = """\
[Adblock Plus 2.0]
! comment
||ads.example^
||popup.example^$popup
||ok.example^$third-party,image,domain=a.example|~b.example
example.com##+js(set-constant, x, 1)
example.com#?#div:-abp-has(.ad)
example.com##div:has-text(Sponsored)
example.com##.x:style(color: red)
example.com##^script:has-text(ad)
example.com#$#body { overflow: auto }
example.com##div:has(> .ad)
example.com##div:has(:scope > .ad)
/ad[0-9]+\\.js$/
##.plain
0.0.0.0 ads.example.com
"""


def scanned():
    return lint.scan(LIST, "list.txt", lambda css: check_selector(css) is None)


def test_unusable_lines_are_reported_with_file_and_line():
    warnings = scanned().warnings
    expected = {
        "list.txt:4: network rule with an option the engine does not support ($popup)",
        "list.txt:6: scriptlet injection",
        "list.txt:7: procedural cosmetic filter",
        "list.txt:8: procedural cosmetic filter",
        "list.txt:9: CSS injection",
        "list.txt:10: HTML filter",
        "list.txt:11: CSS injection",
        "list.txt:13: element-hiding selector cssselect cannot compile",
        "list.txt:16: hosts-file line",
    }
    for prefix in expected:
        assert any(w.startswith(prefix) for w in warnings), prefix
    assert scanned().unusable == 9
    assert not any(w.startswith(("list.txt:3:", "list.txt:5:", "list.txt:12:", "list.txt:14:", "list.txt:15:")) for w in warnings)


def test_many_lines_of_one_kind_are_summarised():
    text = "\n".join(f"||p{i}.example^$popup" for i in range(50))
    warnings = lint.scan(text, "big.txt", lambda css: True).warnings
    assert len(warnings) == lint.MAX_EXAMPLES + 1
    assert warnings[-1].startswith("big.txt: 47 more line(s)")


def test_has_rules_are_collected_with_their_domains():
    rules = scanned().has_rules
    assert [(r.selector, r.include, r.exception) for r in rules] == [("div:has(> .ad)", ("example.com",), False)]
    assert rules[0].applies_to("www.example.com") and not rules[0].applies_to("example.org")


def test_options_said_to_work_outside_the_network_blocker_do_work():
    # lint trusts generichide/ghide/badfilter without probing; check the engine really honours them.
    for option in ("generichide", "ghide"):
        engine = AbpEngine.from_rules([f"@@||site.example^${option}", "##.gen"])
        assert engine.cosmetic("https://site.example/").generichide, option
    engine = AbpEngine.from_rules(["||bad.example^", "||bad.example^$badfilter"])
    assert not engine.check("https://bad.example/x", "https://site.example/", "image").blocked
    assert lint.network_problem("||x.example^$generichide") is None
    assert lint.network_problem("||x.example^$popup") == "$popup"


def test_a_rejected_option_really_is_ignored_by_the_engine():
    engine = AbpEngine.from_rules(["||popup.example^$popup"])
    for kind in ("document", "other", "image"):
        assert not engine.check("https://popup.example/", "https://site.example/", kind).blocked
