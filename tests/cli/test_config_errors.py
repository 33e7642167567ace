"""Every command that takes --config answers a config it cannot use the same way: each problem
on its own FILE:LINE: key line on stderr, exit status 2, no traceback and nothing started."""
from __future__ import annotations

import pytest

from clearpage.cli import main

BAD_CONFIG = "mode: reader\ncontent:\n  algorithm: wordleaf\nchain: [ad_server]\nbogus_key: 1\n"


@pytest.fixture
def bad_config(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(BAD_CONFIG, encoding="utf-8")
    return path


@pytest.mark.parametrize("argv", [
    ["filter", "--config", "{cfg}", "{page}"],
    ["lists", "update", "--config", "{cfg}"],
    ["rules", "--config", "{cfg}", "list"],
    ["proxy", "--config", "{cfg}", "--port", "0"],
    ["fleet", "setup", "--config", "{cfg}", "--out", "{out}"],
    ["a11y-report", "--pages", "{out}", "--config", "{cfg}"],
], ids=lambda argv: argv[0])
def test_bad_config_is_reported_with_its_line(argv, bad_config, tmp_path, capsys):
    page = tmp_path / "page.html"
    page.write_text("<html><body><p>hello</p></body></html>", encoding="utf-8")
    args = [a.format(cfg=bad_config, page=page, out=tmp_path) for a in argv]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert f"{bad_config}:5: bogus_key: unknown key" in err, err
    assert "Traceback" not in err
    assert not err.startswith("clearpage"), err  # the problem comes first, unprefixed
