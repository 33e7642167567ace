"""The on-disk cache of compiled filter lists: atomic writes, checked reads, bounded size.

Compiling EasyList + EasyPrivacy takes about a second; deserialising the compiled engine takes
a fifth of that. A cache file holds one compiled engine and what was learnt while compiling it
(warnings, the ``:has()`` rules), keyed by a hash of the lists' contents and of everything that
shapes the compiled form (the adblock package's version, this file's format number).

A file is trusted only when its magic, key, length and SHA-256 all check out; anything else
(truncated, garbage, another version) is treated as a miss, logged, and overwritten by a fresh
build. Writes go to a temporary file in the same directory, are flushed to disk, then renamed
over the target, so a crash or a concurrent worker never leaves a half-written file behind.
"""
from __future__ import annotations

import hashlib
import json
import logging
import os
import platform
import struct
import tempfile
from dataclasses import dataclass
from pathlib import Path

import adblock

from ..paths import user_cache_dir

log = logging.getLogger(__name__)

FORMAT = 2  # bump when the file layout or the meta's meaning changes (2: lint reports bad regex rules)
MAGIC = b"clearpage-abp\n"
_HEADER_LEN = struct.Struct(">I")
# Compiled files kept per cache directory (newest first); older ones are removed after a write.
MAX_FILES = 8
PREFIX, SUFFIX = "abp-", ".bin"


def default_dir() -> Path:
    """Where compiled lists are kept unless the config says: the user cache directory."""
    return user_cache_dir()


def key_for(lists: list[tuple[str, bytes]]) -> str:
    """The cache key: the lists' names and contents plus everything the compiled form depends on."""
    digest = hashlib.sha256()
    for part in (f"format={FORMAT}", f"adblock={adblock.__version__}", f"machine={platform.machine()}"):
        digest.update(part.encode() + b"\0")
    for name, data in lists:
        digest.update(name.encode("utf-8", "surrogateescape") + b"\0")
        digest.update(hashlib.sha256(data).digest())
    return digest.hexdigest()


@dataclass(frozen=True)
class Entry:
    payload: bytes  # the serialised adblock engine
    meta: dict  # JSON-able facts recorded at compile time


class EngineCache:
    """One directory of compiled engines."""

    def __init__(self, directory: Path):
        self.directory = Path(directory)

    def path_for(self, key: str) -> Path:
        return self.directory / f"{PREFIX}{key[:32]}{SUFFIX}"

    def load(self, key: str) -> Entry | None:
        """The entry for ``key``, or None when absent or not trustworthy (the reason is logged)."""
        path = self.path_for(key)
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            return None
        except OSError as exc:
            log.warning("adblock cache %s unreadable (%s); recompiling", path, exc)
            return None
        entry, problem = _decode(data, key)
        if entry is None:
            log.warning("adblock cache %s ignored (%s); recompiling", path, problem)
            return None
        try:
            os.utime(path)  # recently used: kept by the pruning
        except OSError:
            pass
        return entry

    def store(self, key: str, entry: Entry) -> Path | None:
        """Write atomically; a cache that cannot be written is logged, never an error."""
        path = self.path_for(key)
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=self.directory)
            try:
                with os.fdopen(fd, "wb") as fh:
                    fh.write(_encode(key, entry))
                    fh.flush()
                    os.fsync(fh.fileno())
                os.replace(tmp, path)
            except BaseException:
                _unlink(Path(tmp))
                raise
        except OSError as exc:
            log.warning("adblock cache not written to %s: %s", self.directory, exc)
            return None
        self.prune(keep=path)
        return path

    def prune(self, keep: Path | None = None) -> None:
        files = sorted(self.directory.glob(f"{PREFIX}*{SUFFIX}"), key=_mtime, reverse=True)
        for old in files[MAX_FILES:]:
            if old != keep:
                _unlink(old)


def _encode(key: str, entry: Entry) -> bytes:
    header = json.dumps(
        {"key": key, "length": len(entry.payload), "sha256": hashlib.sha256(entry.payload).hexdigest(), "meta": entry.meta},
        separators=(",", ":"),
    ).encode()
    return MAGIC + _HEADER_LEN.pack(len(header)) + header + entry.payload


def _decode(data: bytes, key: str) -> tuple[Entry | None, str]:
    if not data.startswith(MAGIC):
        return None, "not a clearpage cache file"
    start = len(MAGIC) + _HEADER_LEN.size
    if len(data) < start:
        return None, "truncated header"
    (size,) = _HEADER_LEN.unpack_from(data, len(MAGIC))
    try:
        header = json.loads(data[start : start + size])
    except (ValueError, UnicodeDecodeError):
        return None, "unreadable header"
    if not isinstance(header, dict) or header.get("key") != key:
        return None, "written for other lists or another version"
    payload = data[start + size :]
    if len(payload) != header.get("length"):
        return None, f"payload is {len(payload)} bytes, header says {header.get('length')}"
    if hashlib.sha256(payload).hexdigest() != header.get("sha256"):
        return None, "checksum mismatch"
    meta = header.get("meta")
    if not isinstance(meta, dict):
        return None, "no meta"
    return Entry(payload, meta), ""


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _unlink(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass
