"""The page's language for assistive technology: a valid ``lang`` tag, kept or (when absent) guessed.

A screen reader picks its voice and braille table from ``<html lang>``; a page without one is
read in the user's default language, a page with a malformed one ("en_US", "english") may be
ignored. ``normalise`` repairs the common malformations; ``guess`` identifies the language of
the page's text with py3langid (a naive Bayes model shipped inside the package, 97 languages)
and answers only when the text is long enough and the model sure enough: a wrong ``lang`` is
worse than none, since it switches the voice to the wrong language.

The model is loaded at the first guess (a page with a ``lang`` never needs it). py3langid ships it
LZMA-compressed: unpacking it cost every process that guessed ~1.7 s and ~74 MB of its own memory
(in the proxy: each worker). So it is unpacked once into a flat file in the user's cache directory
and memory-mapped from there: a load takes milliseconds, only the parts of the tables a guess
walks are read in, and the proxy's workers share those pages (the system's file cache). Where
that file cannot be written, the model is loaded the old way; the guesses are the same.
"""
from __future__ import annotations

import json
import mmap
import os
import re
import tempfile
import threading
from pathlib import Path

from .paths import user_cache_dir

# BCP 47 in the shape browsers and screen readers accept: a 2-3 letter primary language
# (or "x-"/"i-" private and grandfathered tags) followed by subtags of 1-8 letters/digits.
_TAG = re.compile(r"^(?:[A-Za-z]{2,3}|[xXiI])(?:-[A-Za-z0-9]{1,8})*$")
# Fewer characters than this is too little text for a reliable guess (a heading, a caption).
MIN_GUESS_CHARS = 200
# py3langid's normalised probability; below this the guess is left out.
MIN_GUESS_CONFIDENCE = 0.95
# Only the first part of a long page is read: py3langid walks the text byte by byte in Python
# (~0.3 ms per 1,000 chars), so 20,000 chars cost ~6 ms a guess; 8,000 give the same answer on
# every wcxb-dev and readability-pages text (5,000 already flipped one unsure page to a guess).
MAX_GUESS_CHARS = 8_000

_identifier = None
_lock = threading.Lock()


def normalise(value: str | None) -> str:
    """``value`` as a valid language tag ("en_US" -> "en-US", "EN" -> "en"), or "" when hopeless."""
    if not value:
        return ""
    tag = value.strip().split(",")[0].split(";")[0].strip().replace("_", "-")
    if not _TAG.match(tag):
        return ""
    primary, *rest = tag.split("-")
    parts = [primary.lower()]
    for sub in rest:
        if len(sub) == 2 and sub.isalpha():
            parts.append(sub.upper())  # region: US, GB
        elif len(sub) == 4 and sub.isalpha():
            parts.append(sub.title())  # script: Hant, Latn
        else:
            parts.append(sub)
    return "-".join(parts)


def preload() -> None:
    """Load the model now rather than at the first guess: mapped, that costs ~10 ms and no
    memory until a guess reads it (where the unpacked file cannot be written: the old ~1.7 s)."""
    _model()


def _model():
    global _identifier
    with _lock:
        if _identifier is None:
            _identifier = _load()
    return _identifier


def _load():
    """py3langid's identifier over the memory-mapped tables, or loaded as it ships when that fails."""
    from py3langid.langid import LanguageIdentifier

    source = _model_file()
    try:
        path = _unpacked(source)
        try:
            return _mapped_identifier(LanguageIdentifier, path)
        except (ValueError, KeyError):  # damaged (cut short, another layout): unpacked again
            _write_unpacked(source, path)
            return _mapped_identifier(LanguageIdentifier, path)
    except (OSError, ValueError, KeyError, TypeError, AttributeError):  # + a py3langid of another layout
        return LanguageIdentifier.from_model_file(source, norm_probs=True)


def _model_file() -> Path:
    from py3langid.langid import MODEL_DIR, MODEL_FILE

    return Path(MODEL_FILE) if Path(MODEL_FILE).is_absolute() else Path(MODEL_DIR) / MODEL_FILE


# ---------------------------------------------------------------------- the unpacked model file

MAGIC = b"clearpage-langid-1\n"  # first bytes of the unpacked file; a new layout gets a new number
ALIGN = 64  # every table starts on a cache line (and on its item size, for memoryview.cast)
# The tables in the file, in py3langid's LanguageIdentifier terms: (name, the model tuple's index).
# load_model returns (nb_ptc, nb_pc, nb_classes, tk_nextmove, tk_row, tk_output).
TABLES = (("ptc", 0), ("pc", 1), ("nextmove", 3), ("row", 4), ("output", 5))
UNPACKED_PREFIX = "langid-"
# Unpacked models kept: one per installed py3langid (virtualenvs, upgrades) recently used; each is
# ~70 MB, so a machine that went through many installs does not keep them all.
MAX_UNPACKED = 3


def _unpacked(source: Path) -> Path:
    """The unpacked file for ``source`` (written now if there is none): named after the shipped
    file's size and time, so an upgraded py3langid gets its own."""
    st = source.stat()
    path = user_cache_dir() / f"{UNPACKED_PREFIX}{st.st_size}-{st.st_mtime_ns}.bin"
    if path.is_file():
        os.utime(path)  # recently used: kept by the pruning
    else:
        _write_unpacked(source, path)
        _prune(path.parent)
    return path


def _prune(directory: Path) -> None:
    """Keep the MAX_UNPACKED most recently used unpacked models (each ~70 MB); older ones go."""
    files = sorted(directory.glob(f"{UNPACKED_PREFIX}*.bin"), key=_mtime, reverse=True)
    for old in files[MAX_UNPACKED:]:
        try:
            old.unlink()
        except OSError:
            pass  # gone already, or not ours to delete: harmless


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _write_unpacked(source: Path, path: Path) -> None:
    """Unpack ``source`` into ``path`` atomically (a temporary file renamed: a reader never sees
    half a file; two processes unpacking at once both rename a whole one)."""
    import numpy as np
    from py3langid.modelio import load_model

    model = load_model(source)
    arrays = {name: np.ascontiguousarray(model[index]) for name, index in TABLES}
    header, offset = {"classes": list(model[2]), "tables": {}}, 0
    for name, array in arrays.items():
        header["tables"][name] = {"offset": offset, "dtype": array.dtype.str, "shape": list(array.shape)}
        offset += _aligned(array.nbytes)
    head = MAGIC + json.dumps(header).encode("utf-8")
    head += b" " * (_aligned(len(head) + 1) - len(head) - 1) + b"\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(head)
            for array in arrays.values():
                fh.write(array.tobytes())
                fh.write(b"\0" * (_aligned(array.nbytes) - array.nbytes))
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def _aligned(n: int) -> int:
    return -(-n // ALIGN) * ALIGN


def _mapped_identifier(cls, path: Path):
    """A LanguageIdentifier whose tables are views of the memory-mapped ``path`` (never copied):
    the score matrix a numpy array, the DFA tables memoryviews (py3langid walks them item by item
    in Python, as it walks its own arrays)."""
    import numpy as np

    with open(path, "rb") as fh:
        data = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)
    if hasattr(mmap, "MADV_RANDOM"):
        # A guess reads scattered rows: without this each page read also maps its neighbours (the
        # kernel's read-ahead): one short guess brought in 40 MB of the file instead of ~4.
        data.madvise(mmap.MADV_RANDOM)
    if not data[: len(MAGIC)] == MAGIC:
        raise ValueError(f"{path}: not an unpacked language model")
    start = data.find(b"\n", len(MAGIC)) + 1
    header = json.loads(data[len(MAGIC) : start])
    view = memoryview(data)

    def table(name: str):
        spec = header["tables"][name]
        dtype = np.dtype(spec["dtype"])
        count = int(np.prod(spec["shape"]))
        return np.frombuffer(data, dtype, count, start + spec["offset"]).reshape(spec["shape"]), dtype

    def dfa(name: str) -> memoryview:
        array, dtype = table(name)
        offset = start + header["tables"][name]["offset"]
        return view[offset : offset + array.nbytes].cast(dtype.char)

    ptc, _ = table("ptc")
    pc, _ = table("pc")
    return cls(ptc, np.array(pc), header["classes"], dfa("nextmove"), dfa("output"), norm_probs=True, tk_row=dfa("row"))


def guess(text: str) -> str:
    """The language of ``text`` as a tag, or "" when the text is short or the model unsure."""
    sample = " ".join(text.split())[:MAX_GUESS_CHARS]
    if len(sample) < MIN_GUESS_CHARS:
        return ""
    lang, confidence = _model().classify(sample)
    return normalise(lang) if confidence >= MIN_GUESS_CONFIDENCE else ""
