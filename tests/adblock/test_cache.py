"""The compiled-list cache: used when valid, ignored and rebuilt when not, same results either way."""
import hashlib
import os

import pytest

from clearpage.filters import dom
from clearpage.filters.adblock import cache, cosmetic
from clearpage.filters.adblock.abp import load_lists

LIST = """\
||ads.example^
||track.example^$third-party
@@||ads.example/ok/
##.sponsored
site.example##div:has(> .ad)
||popup.example^$popup
"""
PAGE = "https://site.example/"
REQUESTS = [
    ("https://ads.example/a.png", "image"),
    ("https://ads.example/ok/a.png", "image"),
    ("https://track.example/t.js", "script"),
    ("https://site.example/logo.png", "image"),
]
HTML = "<html><body><div class=sponsored id=s>x</div><div id=h><span class=ad>ad</span></div><p id=k>kept</p></body></html>"


@pytest.fixture
def list_file(tmp_path):
    path = tmp_path / "list.txt"
    path.write_text(LIST, encoding="utf-8")
    return str(path)


def behaviour(engine):
    """Everything the filter asks of an engine, as comparable data."""
    verdicts = [engine.check(url, PAGE, kind) for url, kind in REQUESTS]
    doc = dom.parse(HTML)
    hidden = sorted(el.get("id") for el, _ in cosmetic.hide(doc, PAGE, "site.example", engine).matches)
    return verdicts, hidden


def test_second_load_comes_from_the_cache_with_identical_results(list_file, tmp_path):
    directory = tmp_path / "cache"
    first, info1 = load_lists([list_file], directory)
    second, info2 = load_lists([list_file], directory)
    assert not info1.from_cache and info2.from_cache
    assert info1.cache_file == info2.cache_file and os.path.exists(info2.cache_file)
    assert behaviour(first) == behaviour(second)
    assert behaviour(second)[1] == ["h", "s"]
    assert info1.warnings == info2.warnings and any(":6:" in w for w in info2.warnings)


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: data[: len(data) // 2],  # truncated
        lambda data: b"garbage" * 100,  # not a cache file
        lambda data: data[:-10] + bytes(10),  # payload bytes changed: checksum mismatch
        lambda data: b"",  # empty
    ],
    ids=["truncated", "garbage", "flipped-bytes", "empty"],
)
def test_a_corrupt_cache_file_is_ignored_and_rebuilt(list_file, tmp_path, damage):
    directory = tmp_path / "cache"
    original, info = load_lists([list_file], directory)
    path = info.cache_file
    with open(path, "rb") as fh:
        good = fh.read()
    with open(path, "wb") as fh:
        fh.write(damage(good))
    rebuilt, info2 = load_lists([list_file], directory)
    assert not info2.from_cache
    assert behaviour(rebuilt) == behaviour(original)
    again, info3 = load_lists([list_file], directory)  # the rebuilt file is whole again
    assert info3.from_cache and behaviour(again) == behaviour(original)


def test_a_valid_file_with_a_bad_engine_payload_is_rebuilt(list_file, tmp_path):
    directory = tmp_path / "cache"
    original, info = load_lists([list_file], directory)
    key = cache.key_for([(list_file, open(list_file, "rb").read())])
    store = cache.EngineCache(directory)
    entry = store.load(key)
    # Checksum right, payload not an engine: deserialisation fails and the lists are recompiled.
    store.store(key, cache.Entry(b"\x00not an engine\x00" * 10, entry.meta))
    rebuilt, info2 = load_lists([list_file], directory)
    assert not info2.from_cache and behaviour(rebuilt) == behaviour(original)


def test_changed_list_content_misses_the_cache(list_file, tmp_path):
    directory = tmp_path / "cache"
    load_lists([list_file], directory)
    with open(list_file, "a", encoding="utf-8") as fh:
        fh.write("||new.example^\n")
    engine, info = load_lists([list_file], directory)
    assert not info.from_cache
    assert engine.check("https://new.example/x", PAGE, "image").blocked


def test_an_unwritable_cache_directory_is_not_an_error(list_file, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    engine, info = load_lists([list_file], blocker / "cache")
    assert info.cache_file is None and engine.check("https://ads.example/x", PAGE, "image").blocked


def test_no_temporary_files_are_left_behind(list_file, tmp_path):
    directory = tmp_path / "cache"
    load_lists([list_file], directory)
    assert [p.name for p in directory.iterdir() if p.name.endswith(".tmp")] == []


def test_pruning_keeps_the_newest_files(tmp_path):
    store = cache.EngineCache(tmp_path)
    keys = [hashlib.sha256(str(i).encode()).hexdigest() for i in range(cache.MAX_FILES + 3)]
    for i, key in enumerate(keys):
        path = store.store(key, cache.Entry(b"payload", {}))
        os.utime(path, (1000 + i, 1000 + i))
    store.prune()
    assert len(list(tmp_path.glob("abp-*.bin"))) == cache.MAX_FILES
    assert store.load(keys[-1]) is not None
    assert store.load(keys[0]) is None


def test_default_dir_follows_xdg(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert cache.default_dir() == tmp_path / "clearpage"
