"""``clearpage rules``: list, show, forget, export as a pasteable sites: entry, import back."""
from __future__ import annotations

from clearpage.cli import main
from clearpage.filters import Pipeline, load_config_text
from clearpage.filters.learn.memory import SiteMemory

from tests.learn.site_pages import FOOTER_TEXT, HOST, NAV_TEXT, memory_config, pages


def _learned_db(tmp_path):
    path = tmp_path / "m.sqlite"
    config = load_config_text(memory_config(path))
    pipeline = Pipeline(config, memory=SiteMemory(config.memory))
    for url, html in pages():
        pipeline.run(html, url, mode="reader")
    return path


def test_list_show_forget(tmp_path, capsys):
    db = str(_learned_db(tmp_path))
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
