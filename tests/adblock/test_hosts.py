from clearpage.filters.adblock.hosts import HostMatcher

HOSTS_FILE = """\
# a hosts file as distributed
127.0.0.1 localhost
::1 localhost ip6-localhost
0.0.0.0 ads.example.com
127.0.0.1 track.example.net pixel.example.org   # two names on one line
plain-domain.example
0.0.0.0 bad_host!.example
http://not-a-host.example/path
0.0.0.0 -leading-dash.example
"""


def loaded() -> HostMatcher:
    matcher = HostMatcher()
    matcher.load_text(HOSTS_FILE, "hosts.txt")
    return matcher


def test_hosts_lines_are_read():
    matcher = loaded()
    assert matcher.hosts == {"ads.example.com", "track.example.net", "pixel.example.org", "plain-domain.example"}


def test_a_listed_host_covers_its_subdomains_only_at_label_boundaries():
    matcher = loaded()
    assert matcher.match("ads.example.com") == "ads.example.com"
    assert matcher.match("eu.ads.example.com") == "ads.example.com"
    assert matcher.match("ADS.Example.com.") == "ads.example.com"
    assert matcher.match("notads.example.com") is None
    assert matcher.match("example.com") is None
    assert matcher.match(None) is None


def test_local_names_are_not_ad_servers():
    assert loaded().match("localhost") is None


def test_broken_lines_are_warnings_with_file_and_line():
    warnings = loaded().warnings
    assert len(warnings) == 3
    assert warnings[0].startswith("hosts.txt:7: not a host name: 'bad_host!.example'")
    assert warnings[1].startswith("hosts.txt:8: ")
    assert warnings[2].startswith("hosts.txt:9: ")


def test_load_file_reads_from_disk(tmp_path):
    path = tmp_path / "list.txt"
    path.write_text("0.0.0.0 ads.example.com\n", encoding="utf-8")
    matcher = HostMatcher()
    matcher.load_file(str(path))
    assert matcher.match("x.ads.example.com") == "ads.example.com"


def test_adblock_plus_lines_in_a_hosts_list_say_where_they_belong():
    matcher = HostMatcher()
    matcher.load_text("[Adblock Plus 2.0]\n||ads.example.com^\nexample.com##.ad\n## Ads ##\n0.0.0.0 fine.example\n", "mixed.txt")
    assert matcher.hosts == {"fine.example"}
    assert [w.split(": ", 1)[0] for w in matcher.warnings] == ["mixed.txt:1", "mixed.txt:2", "mixed.txt:3"]
    assert all("adblock_lists" in w for w in matcher.warnings)
