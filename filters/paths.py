"""File paths: config paths resolved against the config file that names them (checked readable at
load: regular files under a size cap), reading those list files, and the user cache directory
clearpage keeps derived files in."""
from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from .errors import Problem
from .typed import Invalid, convert
from .yamlsrc import Node, Scalar


def resolve_against(node: Node, value: str) -> Path:
    path = Path(os.path.expanduser(value))
    if not path.is_absolute():
        path = Path(node.file).resolve().parent / path
    return path


# Several times the largest public block lists (a few MB to a few tens of MB); a bigger "list" is a
# mistake (a device, a disk image) that would otherwise be read whole into every worker's memory.
MAX_LIST_BYTES = 64 << 20


def list_file_problem(path: str | Path, limit: int = MAX_LIST_BYTES) -> str | None:
    """Why ``path`` cannot be a list file, or None. Looks with stat only: opening a FIFO would
    wait for a writer forever, and /dev/zero never ends."""
    try:
        info = os.stat(path)
    except OSError as exc:
        return exc.strerror or str(exc)
    if not stat.S_ISREG(info.st_mode):
        return "not a regular file (a directory, device or FIFO)"
    if info.st_size > limit:
        return f"{info.st_size:,} bytes, over the {limit >> 20} MiB limit for list files"
    if not os.access(path, os.R_OK):
        return os.strerror(errno.EACCES)
    return None


def read_list_file(path: str | Path, limit: int = MAX_LIST_BYTES) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit``; OSError (naming the file)
    for anything else, checked again on the open file (it may have been replaced since the
    config was loaded)."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)  # a FIFO opens at once instead of waiting
    with os.fdopen(fd, "rb") as fh:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise OSError(errno.EINVAL, "not a regular file (a directory, device or FIFO)", str(path))
        data = fh.read(limit + 1)
    if len(data) > limit:
        raise OSError(errno.EFBIG, f"over the {limit >> 20} MiB limit for list files", str(path))
    return data


def readable_files(node: Node, key: str, problems: list[Problem]) -> tuple[str, ...]:
    """Convert hook: a list of file paths, each resolved and checked readable."""
    values = convert(node, tuple[str, ...], key, problems)
    out, bad = [], False
    for i, value in enumerate(values):
        item = node.items[i]  # type: ignore[attr-defined]
        path = resolve_against(item, value)
        problem = list_file_problem(path)
        if problem:
            problems.append(Problem(item.file, item.line, f"{key}[{i}]", f"cannot read list file {str(path)!r}: {problem}"))
            bad = True
            continue
        out.append(str(path))
    if bad:
        raise Invalid
    return tuple(out)


def optional_directory(node: Node, key: str, problems: list[Problem]) -> str | None:
    """Convert hook: null (the default location) or a directory path, relative to the config file."""
    if isinstance(node, Scalar) and node.value is None:
        return None
    value = convert(node, str, key, problems)
    if not value.strip():
        problems.append(Problem(node.file, node.line, key, "expected a directory path or null (the default location)"))
        raise Invalid
    return str(resolve_against(node, value))


def user_cache_dir() -> Path:
    """``$XDG_CACHE_HOME/clearpage``, else ``~/.cache/clearpage``: compiled ad lists, the unpacked
    language model (files derived from installed ones, safe to delete)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "clearpage"
