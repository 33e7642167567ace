from clearpage.filters import language

ENGLISH = "The Harbour Bridge reopened to traffic on Monday after eighteen months of repairs, the Port Authority said. " * 3
FRENCH = "Le pont du port a rouvert à la circulation lundi après dix-huit mois de travaux, a indiqué l'autorité portuaire. " * 3


def test_normalise_repairs_common_mistakes():
    assert language.normalise("en_US") == "en-US"
    assert language.normalise("EN") == "en"
    assert language.normalise(" zh-hant-tw ") == "zh-Hant-TW"
    assert language.normalise("english language") == ""
    assert language.normalise("") == ""
    assert language.normalise("fr, en") == "fr"


def test_guess_needs_enough_text_and_certainty():
    assert language.guess(ENGLISH) == "en"
    assert language.guess(FRENCH) == "fr"
    assert language.guess("Hello there") == ""


# ---------------------------------------------------------------------- the memory-mapped model

SAMPLES = [ENGLISH, FRENCH, "Der Hafen wurde am Montag nach achtzehn Monaten Reparaturen wieder geöffnet. " * 4,
           "Il porto è stato riaperto lunedì dopo diciotto mesi di lavori, ha detto l'autorità. " * 4, "ok " * 100]


def shipped():
    from py3langid.langid import LanguageIdentifier

    return LanguageIdentifier.from_model_file(language._model_file(), norm_probs=True)


def test_the_mapped_model_guesses_exactly_as_the_shipped_one(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    mapped = language._load()
    assert isinstance(mapped.tk_nextmove, memoryview)  # the tables are views of the file, not copies
    (unpacked,) = (tmp_path / "clearpage").glob("langid-*.bin")
    reference = shipped()
    for text in SAMPLES:
        assert mapped.classify(text) == reference.classify(text)
    inode = unpacked.stat().st_ino
    language._load()
    assert unpacked.stat().st_ino == inode  # the next process maps the same file, no unpacking (a new file is renamed in)


def test_a_damaged_unpacked_model_is_unpacked_again(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    language._load()
    (unpacked,) = (tmp_path / "clearpage").glob("langid-*.bin")
    unpacked.write_bytes(unpacked.read_bytes()[: 1 << 20])  # cut short
    mapped = language._load()
    assert isinstance(mapped.tk_nextmove, memoryview)
    assert mapped.classify(FRENCH) == shipped().classify(FRENCH)


def test_without_a_writable_cache_the_model_loads_as_shipped(tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-directory"
    blocker.write_text("x")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    identifier = language._load()
    assert not isinstance(identifier.tk_nextmove, memoryview)
    assert identifier.classify(ENGLISH) == shipped().classify(ENGLISH)


def test_only_the_recently_used_unpacked_models_are_kept(tmp_path, monkeypatch):
    """Each py3langid install (a virtualenv, an upgrade) unpacks its own ~70 MB file; old ones go."""
    import os

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    directory = tmp_path / "clearpage"
    directory.mkdir()
    (directory / "abp-compiled.bin").write_bytes(b"ads")
    old = []
    for age in range(4):  # four installs' files, the oldest last
        path = directory / f"langid-1-{age}.bin"
        path.write_bytes(b"x")
        os.utime(path, (1_000_000 - age, 1_000_000 - age))
        old.append(path)
    language._load()
    kept = sorted(p.name for p in directory.glob("langid-*.bin"))
    current = language._unpacked(language._model_file()).name
    assert len(kept) == language.MAX_UNPACKED and current in kept
    assert {p.name for p in old[: language.MAX_UNPACKED - 1]} <= set(kept)  # the most recently used
    assert (directory / "abp-compiled.bin").read_bytes() == b"ads"  # the ad-list cache beside it is not touched


def test_guess_reads_only_the_start_of_a_long_text(monkeypatch):
    monkeypatch.setattr(language, "MAX_GUESS_CHARS", len(ENGLISH))
    assert language.guess(ENGLISH + FRENCH * 20) == "en"
    assert language.guess(FRENCH + ENGLISH * 20) == "fr"
