"""mitmproxy's confdir holds the CA private key: keep it owner-only.

Anyone who reads ``mitmproxy-ca.pem`` (or ``mitmproxy-ca.p12``) can impersonate every HTTPS
site to a browser that trusts the CA. mitmproxy writes the key files with a 0o077 umask but
creates the directory with the process's umask (usually 0755), and a confdir made by an older
tool or copied around may be looser. ``clearpage proxy`` therefore creates the directory 0700
itself and, once mitmproxy has loaded or made its CA, tightens the directory to 0700 and the
key files to 0600, logging every change it had to make.
"""
from __future__ import annotations

import os
import stat
from pathlib import Path

DIR_MODE = 0o700
KEY_MODE = 0o600
# The files holding the CA's private key (the -cert files are the public certificate).
KEY_FILES = ("mitmproxy-ca.pem", "mitmproxy-ca.p12")


def prepare(confdir: str | os.PathLike) -> None:
    """Create ``confdir`` owner-only when it does not exist yet (before mitmproxy creates it looser)."""
    path = Path(confdir)
    if not path.exists():
        path.mkdir(mode=DIR_MODE, parents=True)
        os.chmod(path, DIR_MODE)  # mkdir's mode is filtered through the umask


def secure(confdir: str | os.PathLike) -> list[str]:
    """Tighten ``confdir`` and its key files; returns what was changed or is wrong, as sentences."""
    path = Path(confdir)
    notes: list[str] = []
    if not path.is_dir():
        return notes
    notes += _tighten(path, DIR_MODE, "directory")
    for name in KEY_FILES:
        key = path / name
        if key.is_file():
            notes += _tighten(key, KEY_MODE, "CA private key")
    return notes


def _tighten(path: Path, mode: int, what: str) -> list[str]:
    st = path.stat()
    notes = []
    if hasattr(os, "getuid") and st.st_uid != os.getuid():
        notes.append(f"{what} {path} belongs to user id {st.st_uid}, not to this user: check who can read it")
    current = stat.S_IMODE(st.st_mode)
    if current & ~mode & 0o777:
        os.chmod(path, current & mode)
        notes.append(f"{what} {path} was readable by others (mode {current:o}); now {current & mode:o}")
    return notes
