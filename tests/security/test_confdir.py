"""The CA private key stays owner-only: the confdir is 0700 and the key files 0600.

A fresh confdir is made that way; a loosened one (as an older tool or a copy might leave it)
is tightened at the next start and the change is logged. Real ``clearpage proxy`` processes.
"""
import os
import stat

from clearpage.addon import confdir as confdir_module
from tests.support.proxy import running_proxy

KEYS = ("mitmproxy-ca.pem", "mitmproxy-ca.p12")


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_a_new_confdir_is_owner_only_then_a_loosened_one_is_tightened(tmp_path):
    with running_proxy(tmp_path) as proxy:
        assert proxy.host == "127.0.0.1"  # the default: loopback only, no authentication asked
        assert "proxy authentication" not in proxy.log() and "other machines" not in proxy.log()
        confdir = proxy.confdir
        assert mode(confdir) == 0o700
        for key in KEYS:
            assert mode(confdir / key) == 0o600, key
        assert "readable by others" not in proxy.log()
    os.chmod(confdir, 0o755)
    os.chmod(confdir / "mitmproxy-ca.pem", 0o644)
    with running_proxy(tmp_path) as proxy:
        assert mode(confdir) == 0o700
        assert mode(confdir / "mitmproxy-ca.pem") == 0o600
        assert proxy.wait_for_log(r"WARNING: directory .* was readable by others \(mode 755\); now 700")
        assert proxy.wait_for_log(r"WARNING: CA private key .*mitmproxy-ca\.pem was readable by others \(mode 644\); now 600")
        assert mode(confdir / "mitmproxy-ca-cert.pem") & 0o044  # the public certificate stays readable


def test_secure_leaves_a_tight_confdir_alone(tmp_path):
    confdir = tmp_path / "conf"
    confdir_module.prepare(confdir)
    (confdir / "mitmproxy-ca.pem").write_text("key")
    os.chmod(confdir / "mitmproxy-ca.pem", 0o600)
    assert mode(confdir) == 0o700
    assert confdir_module.secure(confdir) == []
