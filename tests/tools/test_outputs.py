"""clearpage outputs: fingerprints of every output, and the comparison that flags a changed one."""
import gzip
import json

from clearpage.cli import main

ARTICLE = "<html><head><title>T{n}</title></head><body><nav><a href='/'>Home</a></nav><article><h1>T{n}</h1><p>{text}</p></article></body></html>"


def _sets(root, text="A sentence that is long enough to be read as the article's prose. " * 12):
    wcxb = root / "wcxb"
    (wcxb / "html").mkdir(parents=True)
    (wcxb / "ground-truth").mkdir()
    for n in ("0001", "0002"):
        (wcxb / "html" / f"{n}.html.gz").write_bytes(gzip.compress(ARTICLE.format(n=n, text=text).encode()))
        (wcxb / "ground-truth" / f"{n}.json").write_text(json.dumps({"url": f"https://example.com/{n}"}))
    readability = root / "readability"
    (readability / "one").mkdir(parents=True)
    (readability / "one" / "source.html").write_text(ARTICLE.format(n=1, text=text))
    traf = root / "traf"
    (traf / "html").mkdir(parents=True)
    (traf / "html" / "a.html.gz").write_bytes(gzip.compress(ARTICLE.format(n="a", text=text).encode()))
    (traf / "evaldata.json").write_text(json.dumps({"https://example.org/a": {"file": "a.html.gz", "with": [], "without": []}}))
    return [str(wcxb), str(readability), str(traf)]


def test_the_same_outputs_compare_identical_and_a_changed_page_is_named(tmp_path, capsys):
    sets = _sets(tmp_path / "a")
    assert main(["outputs", "hash", str(tmp_path / "one.json"), "--jobs", "1", "--datasets", *sets]) == 0
    assert main(["outputs", "hash", str(tmp_path / "two.json"), "--jobs", "1", "--datasets", *sets]) == 0
    prints = json.loads((tmp_path / "one.json").read_text())
    assert sorted(prints) == ["readability/one", "traf/a.html.gz", "wcxb/0001", "wcxb/0002"]
    assert set(prints["wcxb/0001"]) == {"auto", "filter", "reader", "text"}
    assert main(["outputs", "compare", str(tmp_path / "one.json"), str(tmp_path / "two.json")]) == 0

    changed = _sets(tmp_path / "b", text="Another sentence, long enough to be the article's prose here. " * 12)
    assert main(["outputs", "hash", str(tmp_path / "three.json"), "--jobs", "1", "--datasets", changed[0]]) == 0
    capsys.readouterr()
    assert main(["outputs", "compare", str(tmp_path / "one.json"), str(tmp_path / "three.json")]) == 1
    out = capsys.readouterr().out
    assert "wcxb/0001 reader" in out and "2 missing" in out
