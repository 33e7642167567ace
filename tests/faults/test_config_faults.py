"""Every malformed config gives a clear message with file and line; a bad live reload keeps the last good one.

The same table of bad files runs through ``load_config`` (the message), ``clearpage check-config``
(the command users run) and the proxy addon's live reload with real workers (the last good config
stays in use and keeps filtering). List files: a missing one is an error at the key naming it;
broken lines in one (including a regex rule that does not compile) are warnings naming the list
file and line.
"""
import logging
import os
import subprocess
import sys

import pytest

from clearpage.filters import ConfigError, load_config
from tests.support.mitm import AddonHarness
from tests.support.pages import page

ARTICLE = page("article.html")
HTML = {"Content-Type": "text/html; charset=utf-8"}


def alias_bomb() -> str:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 9)]
    return "\n".join(lines) + "\nmode: *a8\n"


# id -> (YAML text, the line the message must name (None: no line), text the message must hold)
BAD = {
    "syntax-error": ("mode: reader\nproxy:\n  workers: [1, 2\n", 4, "YAML syntax error"),
    "tab-indent": ("proxy:\n\tworkers: 1\n", 2, "YAML syntax error"),
    "unknown-key": ("mode: reader\nmodes: filter\n", 2, "modes: unknown key"),
    "unknown-nested-key": ("filters:\n  link_list:\n    treshold: 0.5\n", 3, "filters.link_list.treshold"),
    "wrong-type": ("proxy:\n  workers: many\n", 2, "proxy.workers"),
    "string-for-bool": ('filters:\n  ignore:\n    scripts: "false"\n', 3, "filters.ignore.scripts"),
    "yes-for-bool": ("filters:\n  ignore:\n    scripts: yes\n", 3, "filters.ignore.scripts"),
    "out-of-range": ("proxy:\n  time_budget_ms: 1\n", 2, "proxy.time_budget_ms"),
    "bad-mode": ("mode: fast\n", 1, "mode"),
    "duplicate-key": ("mode: reader\nmode: filter\n", 2, "duplicate key"),
    "bad-css-selector": ("content:\n  selectors: ['div[']\n", 2, "content.selectors"),
    "unknown-filter": ("chain: [ignore, nonsense]\n", 1, "chain[1]"),
    "missing-hosts-file": ("filters:\n  ad_server:\n    hosts_files: [no-such-list.txt]\n", 3, "cannot read list file"),
    "missing-adblock-list": ("filters:\n  ad_server:\n    adblock_lists:\n      - no-such-list.txt\n", 4, "cannot read list file"),
    "object-tag": ('mode: !!python/object/apply:os.system ["touch PWNED"]\n', 1, "is not allowed"),
    "alias-bomb": (alias_bomb(), 1, "aliases"),
    "deep-nesting": ("mode: reader\nsites: " + "[" * 5000 + "]" * 5000 + "\n", 2, "nested too deeply"),
    "deep-block-nesting": ("sites:\n" + "".join(" " * i + "- \n" for i in range(1, 1200)), None, "nested too deeply"),
    "not-a-mapping": ("- just\n- a list\n", 1, "must be a mapping"),
}


def write(tmp_path, text: str):
    path = tmp_path / "user.yaml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_config_names_file_line_and_problem(tmp_path, name):
    text, line, needle = BAD[name]
    path = write(tmp_path, text)
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    message = str(caught.value)
    where = f"{path}:{line}:" if line else f"{path}:"
    assert where in message and needle in message, message
    assert not (tmp_path / "PWNED").exists()


def test_a_config_that_is_not_utf8(tmp_path):
    path = tmp_path / "user.yaml"
    path.write_bytes("mode: r\xe9ader\n".encode("latin-1"))
    with pytest.raises(ConfigError, match=rf"{path}: .*not UTF-8"):
        load_config(path)


def test_check_config_command_prints_every_problem(tmp_path):
    path = write(tmp_path, "modes: filter\nproxy:\n  workers: many\nfilters:\n  ad_server:\n    hosts_files: [gone.txt]\n")
    done = subprocess.run([sys.executable, "-m", "clearpage.cli", "check-config", str(path)], capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    out = done.stdout + done.stderr
    for where in (f"{path}:1: modes", f"{path}:3: proxy.workers", f"{path}:6: filters.ad_server.hosts_files[0]"):
        assert where in out, out


# Two top-level problems, two site entries that inherit them, one problem of a site's own.
INHERITED = "mode: bogus\nfilters:\n  link_list: {threshold: -1}\nsites:\n  - match: a.example\n    mode: reader\n  - match: b.example\n    filters: {link_list: {min_links: -2}}\n"


def inherited_problems(path, below: int = 0) -> list[str]:
    """INHERITED's problems, each once; ``below``: lines written above INHERITED in the file."""
    return [
        f"{path}:{3 + below}: filters.link_list.threshold: must be >= 0.0, got -1.0",
        f"{path}:{1 + below}: mode: expected one of auto, filter, reader, text, off; got str 'bogus'",
        f"{path}:{8 + below}: sites[1].filters.link_list.min_links: must be >= 1, got -2",
    ]


def test_check_config_reports_an_inherited_top_level_problem_once(tmp_path):
    path = write(tmp_path, INHERITED)
    done = subprocess.run([sys.executable, "-m", "clearpage.cli", "check-config", str(path)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert done.stderr.splitlines() == [*inherited_problems(path), f"{path}: 3 problem(s)"]


def test_live_reload_logs_an_inherited_top_level_problem_once(tmp_path, caplog):
    good = "proxy:\n  workers: 1\n  reload_check_s: 3600\n"  # (an hour: the test calls check_reload itself)
    h = AddonHarness(tmp_path, good)
    try:
        h.config_file.write_text(good + INHERITED, encoding="utf-8")
        os.utime(h.config_file, ns=(1, 1))
        with caplog.at_level(logging.ERROR, logger="clearpage.proxy"):
            assert h.run(h.addon.check_reload()) is False
        logged = [r.getMessage() for r in caplog.records]
        expected = [f"clearpage: {problem}" for problem in inherited_problems(h.config_file, below=good.count("\n"))]
        assert logged == [*expected, f"clearpage: {h.config_file} has 3 problem(s); keeping the last good config"]
    finally:
        h.close()


def test_broken_lines_in_list_files_are_warnings_with_list_file_and_line(tmp_path):
    hosts = tmp_path / "hosts.txt"
    hosts.write_text("ads.example.com\n||abp.example^\nexample..com\n0.0.0.0 tracker.example\n", encoding="utf-8")
    abp = tmp_path / "easylist.txt"
    abp.write_text("! comment\n||ads.example^\n/[z-a/\n/(a+)+$/\n||x.example^$no-such-option\n", encoding="utf-8")
    path = write(tmp_path, f"filters:\n  ad_server:\n    hosts_files: [hosts.txt]\n    adblock_lists: [easylist.txt]\n    cache_dir: {tmp_path / 'cache'}\n")
    warnings = "\n".join(load_config(path).warnings)
    assert f"{hosts}:2:" in warnings and f"{hosts}:3:" in warnings
    assert f"{abp}:3: regex rule that does not compile (invalid character class range: z-a)" in warnings
    assert f"{abp}:4:" not in warnings  # (a+)+$ is a valid pattern (and matched in linear time)
    assert f"{abp}:5:" in warnings


def test_live_reload_keeps_the_last_good_config_through_every_bad_edit(tmp_path, caplog):
    # The test calls check_reload itself; the proxy's own watcher (every reload_check_s) must not
    # run in between: when its wake-up was already queued, it took an edit first and the test's
    # call found the file unchanged (a flaky failure under load). An hour keeps it asleep.
    good = "proxy:\n  workers: 1\n  reload_check_s: 3600\nmode: text\n"
    h = AddonHarness(tmp_path, good)
    try:
        assert h.exchange(ARTICLE, HTML).response.headers["content-type"] == "text/plain; charset=utf-8"
        digest = h.addon.config.digest
        for stamp, name in enumerate(sorted(BAD), 1):
            text, line, needle = BAD[name]
            h.config_file.write_text(text, encoding="utf-8")
            os.utime(h.config_file, ns=(stamp, stamp))
            caplog.clear()
            with caplog.at_level(logging.ERROR, logger="clearpage.proxy"):
                assert h.run(h.addon.check_reload()) is False, name
            logged = "\n".join(r.getMessage() for r in caplog.records)
            assert needle in logged and "keeping the last good config" in logged, (name, logged)
            if line:
                assert f"{h.config_file}:{line}:" in logged, (name, logged)
            assert h.addon.config.digest == digest
            assert h.exchange(ARTICLE, HTML).response.headers["content-type"] == "text/plain; charset=utf-8", name
        h.config_file.write_text("proxy:\n  workers: 1\n  reload_check_s: 3600\nmode: reader\n", encoding="utf-8")
        os.utime(h.config_file, ns=(999, 999))
        assert h.run(h.addon.check_reload()) is True
        assert h.exchange(ARTICLE, HTML).response.headers["x-clearpage"].startswith("mode=reader;")
    finally:
        h.close()
