"""The ``tls:`` section: host lists checked at load, matched per host, and made into ignore_hosts regexes."""
import re

import pytest

from clearpage.addon import tls
from clearpage.filters import ConfigError, load_config_text


def test_tls_lists_load_and_default_to_empty():
    assert load_config_text("").tls == type(load_config_text("").tls)((), ())
    config = load_config_text("tls:\n  insecure_hosts: [nas.lan, '*.corp.example']\n  passthrough_hosts: ['::1']\n")
    assert config.tls.insecure_hosts == ("nas.lan", "*.corp.example") and config.tls.passthrough_hosts == ("::1",)


@pytest.mark.parametrize("bad", ["https://bank.example", "bank.example:443", "ab:443", "[::1]", "bank.example/login", "*", "a b"])
def test_a_bad_host_is_reported_with_file_line_and_key(bad):
    with pytest.raises(ConfigError) as caught:
        load_config_text(f"tls:\n  passthrough_hosts: ['{bad}']\n", "my.yaml")
    (problem,) = caught.value.problems
    assert str(problem).startswith("my.yaml:2: tls.passthrough_hosts:") and "is not a host name" in str(problem)


def test_matches_names_and_subdomain_globs():
    assert tls.matches("nas.lan", ["nas.lan"]) and tls.matches("NAS.lan.", ["nas.lan"])
    assert not tls.matches("other.lan", ["nas.lan"]) and not tls.matches("xnas.lan", ["nas.lan"])
    assert tls.matches("corp.example", ["*.corp.example"]) and tls.matches("a.b.corp.example", ["*.corp.example"])
    assert not tls.matches("evilcorp.example", ["*.corp.example"]) and not tls.matches(None, ["nas.lan"])


def test_ignore_patterns_match_only_the_named_hosts():
    exact, glob = (re.compile(p, re.IGNORECASE) for p in tls.ignore_patterns(["bank.example", "*.bank.example"]))
    assert exact.search("bank.example:443") and exact.search("BANK.example:443")
    assert not exact.search("notbank.example:443") and not exact.search("bank.example.evil:443") and not exact.search("bankXexample:443")
    assert glob.search("www.bank.example:443") and glob.search("bank.example:443") and not glob.search("evilbank.example:443")
