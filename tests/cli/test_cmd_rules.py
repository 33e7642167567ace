"""``clearpage rules``: list, show, forget, export as a pasteable sites: entry, import back."""
from __future__ import annotations

import pytest

from clearpage.cli import main
from clearpage.filters import Pipeline, load_config_text
from clearpage.filters.learn.memory import SiteMemory

from tests.learn.site_pages import FOOTER_TEXT, HOST, NAV_TEXT, memory_config, pages


def _learned_db(tmp_path, path=None):
    path = path or tmp_path / "m.sqlite"
    config = load_config_text(memory_config(path))
    pipeline = Pipeline(config, memory=SiteMemory(config.memory))
    for url, html in pages():
        pipeline.run(html, url, mode="reader")
    return path


def test_list_show_forget(tmp_path, capsys, memory_location):
    db = str(_learned_db(tmp_path, memory_location))
    assert main(["rules", "--db", db, "list"]) == 0
    assert HOST in capsys.readouterr().out
    assert main(["rules", "--db", db, "show", HOST]) == 0
    out = capsys.readouterr().out
    assert "content" in out and "body > div#page" in out and "div.welcome" in out
    assert main(["rules", "--db", db, "forget", HOST]) == 0
    assert main(["rules", "--db", db, "show", HOST]) == 1
    assert "nothing learned" in capsys.readouterr().err


def test_export_is_a_valid_site_config_and_imports_back(tmp_path, capsys):
    db = str(_learned_db(tmp_path))
    assert main(["rules", "--db", db, "export", HOST]) == 0
    exported = capsys.readouterr().out
    config = load_config_text(exported, "exported.yaml")
    content = config.profile_for(HOST).settings.content
    assert content.selectors == ("body > div#page",)
    assert set(content.noise_selectors) == {"body > div#page > div.welcome", "body > div#page > div.colophon", "body > div#page > p.updated", "body > nav.sections"}
    # pasted into a config, the rules work without any memory: page 1 already loses the template
    text = Pipeline(config).run(pages()[0][1], pages()[0][0], mode="reader").text
    assert NAV_TEXT not in text and FOOTER_TEXT not in text and "Story 1 of the week" in text

    rules_file = tmp_path / "rules.yaml"
    rules_file.write_text(exported, encoding="utf-8")
    fresh = tmp_path / "fresh.sqlite"
    assert main(["rules", "--db", str(fresh), "import", str(rules_file)]) == 0
    config = load_config_text(memory_config(fresh, fast_path="true"))
    result = Pipeline(config, memory=SiteMemory(config.memory)).run(pages()[0][1], pages()[0][0], mode="reader")
    assert result.selection.startswith("memory: body > div#page")  # imported rules are in force at once
    assert NAV_TEXT not in result.text and "Story 1 of the week" in result.text


def test_import_rejects_bad_files(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text("sites:\n  - match: '*.example.com'\n    content: {selectors: [div]}\n", encoding="utf-8")
    assert main(["rules", "--db", str(tmp_path / "m.sqlite"), "import", str(bad)]) == 2
    assert "sites[0].match" in capsys.readouterr().err
    bad.write_text("sites:\n  - match: a.example\n    content: {selectors: ['div[']}\n", encoding="utf-8")
    assert main(["rules", "--db", str(tmp_path / "m.sqlite"), "import", str(bad)]) == 2
    assert "sites[0].content.selectors" in capsys.readouterr().err


def test_corrupt_database_is_a_clear_error(tmp_path, capsys):
    db = tmp_path / "m.sqlite"
    db.write_bytes(b"not a database " * 100)
    assert main(["rules", "--db", str(db), "list"]) == 1
    assert str(db) in capsys.readouterr().err


def _exported(db: str, capsys) -> str:
    """``rules export`` of every host, without its first line (which names the store and the time)."""
    assert main(["rules", "--db", db, "export"]) == 0
    return capsys.readouterr().out.split("\n", 1)[1]


@pytest.mark.parametrize("source_kind", ["sqlite", "postgres"])
def test_export_from_one_store_imports_into_the_other(tmp_path, capsys, postgres_server, source_kind):
    """Moving a memory between the stores: export from one, import into the other, both ways."""
    sqlite_db, postgres_db = str(tmp_path / "m.sqlite"), postgres_server.new_database()
    source, target = (sqlite_db, postgres_db) if source_kind == "sqlite" else (postgres_db, sqlite_db)
    _learned_db(tmp_path, source)
    exported = _exported(source, capsys)
    assert "div.welcome" in exported
    rules_file = tmp_path / "rules.yaml"
    rules_file.write_text(exported, encoding="utf-8")
    assert main(["rules", "--db", target, "import", str(rules_file)]) == 0
    capsys.readouterr()
    assert _exported(target, capsys) == exported
    config = load_config_text(memory_config(target, fast_path="true"))
    result = Pipeline(config, memory=SiteMemory(config.memory)).run(pages()[0][1], pages()[0][0], mode="reader")
    assert result.selection.startswith("memory: body > div#page")  # the moved rules are in force at once
    assert NAV_TEXT not in result.text and "Story 1 of the week" in result.text


def test_a_bad_postgres_url_is_one_line_without_the_password(tmp_path, capsys):
    config = tmp_path / "c.yaml"
    config.write_text("memory:\n  use: proxy\n  path: postgresql://me:s3cret@/db?port=many\n", encoding="utf-8")
    assert main(["rules", "--config", str(config), "list"]) == 2
    err = capsys.readouterr().err
    assert f"{config}:3: memory.path: not a valid PostgreSQL URL" in err and err.count("\n") == 1, err
    assert "s3cret" not in err and "Traceback" not in err
    assert main(["rules", "--db", "postgresql://me:s3cret@/db?sslmode=sometimes", "list"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("clearpage rules: --db: not a valid PostgreSQL URL") and "s3cret" not in err, err


def test_an_unreachable_database_is_one_line_without_the_password(tmp_path, capsys):
    url = f"postgresql://me:s3cret@/db?host={tmp_path}&port=5"  # no server's socket there
    assert main(["rules", "--db", url, "list"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("clearpage rules: postgresql://me:***@/db") and err.count("\n") == 1, err
    assert "s3cret" not in err and "Traceback" not in err


_WITHOUT_PSYCOPG = """
import sys
sys.modules["psycopg"] = None  # as if not installed: importing it raises ImportError
from clearpage.cli import main
sys.exit(main(sys.argv[1:]))
"""


def test_a_postgres_url_without_psycopg_says_what_to_install(tmp_path):
    import subprocess
    import sys
    from pathlib import Path

    config = tmp_path / "c.yaml"
    config.write_text("memory:\n  path: postgresql://me:s3cret@db.example/clearpage\n", encoding="utf-8")
    root = Path(__file__).resolve().parents[2]
    for args, where in ((["--config", str(config)], f"{config}:2: memory.path: "),
                        (["--db", "postgresql://me:s3cret@db.example/clearpage"], "clearpage rules: --db: ")):
        got = subprocess.run([sys.executable, "-c", _WITHOUT_PSYCOPG, "rules", *args, "list"], capture_output=True, text=True,
                             timeout=120, cwd=root)
        assert got.returncode == 2 and got.stderr.count("\n") == 1, got.stderr
        assert where in got.stderr and "pip install 'clearpage[postgres]'" in got.stderr, got.stderr
        assert "s3cret" not in got.stderr
