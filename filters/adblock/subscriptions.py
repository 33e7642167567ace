"""Subscribed ad lists: fetched from their URLs into a cache, checked, and kept when a fetch fails.

``update(urls, directory)`` fetches each list with a conditional request (``If-None-Match`` /
``If-Modified-Since`` from the copy's recorded ``ETag`` / ``Last-Modified``), and replaces the
cached copy only with a download that is complete (the length the server announced), is not an
HTML page, holds at least one rule, and is not much smaller than the copy it replaces. Anything
else keeps the previous copy and says why. Files are written to a temporary name and renamed,
so a reader (a proxy worker) never sees half a list.

``cached_files(urls, directory)`` are the copies present now; ``due(...)`` says whether the
oldest is older than ``REFRESH_INTERVAL_S``. Nothing here runs unless asked: the engine never
fetches, and only ``clearpage lists update`` and the proxy's background refresh call ``update``.
"""
from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import tempfile
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from ..paths import user_cache_dir

# EasyList and EasyPrivacy say "! Expires: 4 days": fetching more often gains nothing.
REFRESH_INTERVAL_S = 4 * 24 * 3600
# A new copy under this share of the previous one's size is taken as truncated (a list's size
# moves by a few percent between releases; a cut-off download or an error page is far smaller).
MIN_SIZE_SHARE = 0.5
# Bodies larger than this are refused (EasyList is ~2 MB; a list of 50 MB is not a list).
MAX_LIST_BYTES = 50 * 1024 * 1024
CONNECT_TIMEOUT_S = 10.0
READ_TIMEOUT_S = 60.0
CHUNK_BYTES = 64 * 1024
USER_AGENT = "clearpage-lists/1"
DEFAULT_URLS = (
    "https://easylist.to/easylist/easylist.txt",
    "https://easylist.to/easylist/easyprivacy.txt",
)
NEW, NOT_MODIFIED, KEPT = "new", "not modified", "kept"
_SAFE = re.compile(r"[^A-Za-z0-9._-]+")


def default_dir() -> Path:
    """``$XDG_CACHE_HOME/clearpage/lists`` (``~/.cache/clearpage/lists``)."""
    return user_cache_dir() / "lists"


@dataclass(frozen=True)
class Outcome:
    """What ``update`` did with one list."""

    url: str
    status: str  # NEW, NOT_MODIFIED or KEPT
    path: Path | None  # the cached copy in use afterwards (None: there is none)
    rules: int = 0  # rules in the copy fetched (NEW only)
    size: int = 0  # bytes fetched (NEW only)
    reason: str = ""  # why the previous copy was kept (KEPT only)


def list_path(directory: Path, url: str) -> Path:
    """The cached copy of ``url``: a readable name plus a hash of the whole URL."""
    tail = _SAFE.sub("_", url.rstrip("/").rsplit("/", 1)[-1])[:60] or "list"
    return directory / f"{hashlib.sha256(url.encode()).hexdigest()[:12]}-{tail}"


def _meta_path(path: Path) -> Path:
    return path.with_name(path.name + ".json")


def read_meta(path: Path) -> dict:
    try:
        meta = json.loads(_meta_path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return meta if isinstance(meta, dict) else {}


def cached_files(urls: Iterable[str], directory: Path) -> tuple[str, ...]:
    """The cached copies present now, in the order of ``urls``."""
    return tuple(str(p) for p in (list_path(directory, u) for u in urls) if p.is_file())


def due(urls: Iterable[str], directory: Path, now: float | None = None) -> bool:
    """Whether any list has no copy, or a copy last checked more than REFRESH_INTERVAL_S ago."""
    now = time.time() if now is None else now
    for url in urls:
        path = list_path(directory, url)
        checked = read_meta(path).get("checked")
        if not path.is_file() or not isinstance(checked, (int, float)) or now - checked >= REFRESH_INTERVAL_S:
            return True
    return False


def count_rules(text: str) -> int:
    """Lines that are filter rules: not blank, not a ``!`` comment, not the ``[Adblock ...]`` header."""
    return sum(1 for line in text.splitlines() if line.strip() and not line.lstrip().startswith(("!", "[")))


def problem_with(body: bytes, previous_size: int | None) -> str | None:
    """Why a downloaded body must not replace the cached copy, or None when it may."""
    if b"\x00" in body:
        return "the download is not text"
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        return "the download is not UTF-8 text"
    head = text.lstrip("\ufeff \t\r\n")[:200].lower()
    if head.startswith(("<!doctype", "<html", "<?xml", "<head", "<body")):
        return "the server sent an HTML page, not a filter list"
    rules = count_rules(text)
    if rules == 0:
        return "the list holds no rules"
    if previous_size and len(body) < previous_size * MIN_SIZE_SHARE:
        return f"the download ({len(body)} bytes) is under {MIN_SIZE_SHARE:.0%} of the previous copy ({previous_size} bytes): truncated?"
    return None


Progress = Callable[[str, int, int | None], None]  # (url, bytes so far, total bytes or None)


def update(urls: Iterable[str], directory: Path, *, progress: Progress | None = None, pool=None) -> list[Outcome]:
    """Fetch each list into ``directory``; a failure keeps that list's previous copy."""
    import urllib3

    directory.mkdir(parents=True, exist_ok=True)
    # urllib3 logs a warning per retry; the outcome of each list is reported once, by the caller.
    logging.getLogger("urllib3.connectionpool").setLevel(logging.ERROR)
    http = pool or urllib3.PoolManager(
        timeout=urllib3.Timeout(connect=CONNECT_TIMEOUT_S, read=READ_TIMEOUT_S),
        retries=urllib3.Retry(total=2, redirect=5, backoff_factor=0.5, status_forcelist=()),
    )
    return [_fetch(http, url, directory, progress) for url in urls]


def _fetch(http, url: str, directory: Path, progress: Progress | None) -> Outcome:
    import urllib3

    path = list_path(directory, url)
    meta = read_meta(path) if path.is_file() else {}
    previous = path if path.is_file() else None
    headers = {"User-Agent": USER_AGENT}  # (request headers replace the pool's own)
    if previous is not None and meta.get("etag"):
        headers["If-None-Match"] = meta["etag"]
    if previous is not None and meta.get("last_modified"):
        headers["If-Modified-Since"] = meta["last_modified"]
    try:
        response = http.request("GET", url, headers=headers, preload_content=False, decode_content=True)
        try:
            if response.status == 304 and previous is not None:
                _write_meta(path, {**meta, "checked": time.time()})
                return Outcome(url, NOT_MODIFIED, previous)
            if response.status != 200:
                return Outcome(url, KEPT, previous, reason=f"HTTP {response.status}")
            length = response.headers.get("content-length")
            total = int(length) if length and length.isdigit() and not response.headers.get("content-encoding") else None
            body = bytearray()
            for chunk in response.stream(CHUNK_BYTES):
                body += chunk
                if len(body) > MAX_LIST_BYTES:
                    return Outcome(url, KEPT, previous, reason=f"over {MAX_LIST_BYTES} bytes")
                if progress is not None:
                    progress(url, len(body), total)
        finally:
            response.release_conn()
    except (urllib3.exceptions.HTTPError, OSError) as exc:
        return Outcome(url, KEPT, previous, reason=_reason(exc))
    data = bytes(body)
    if total is not None and len(data) != total:
        return Outcome(url, KEPT, previous, reason=f"truncated: {len(data)} of {total} bytes")
    previous_size = previous.stat().st_size if previous is not None else None
    problem = problem_with(data, previous_size)
    if problem:
        return Outcome(url, KEPT, previous, reason=problem)
    _write_atomic(path, data)
    _write_meta(path, {
        "url": url,
        "etag": response.headers.get("etag"),
        "last_modified": response.headers.get("last-modified"),
        "checked": time.time(),
        "size": len(data),
        "sha256": hashlib.sha256(data).hexdigest(),
    })
    return Outcome(url, NEW, path, rules=count_rules(data.decode("utf-8", "replace")), size=len(data))


def _reason(exc: Exception) -> str:
    """The innermost cause of a failed request, on one line."""
    reason = getattr(exc, "reason", None) or exc
    return " ".join(str(reason).split()) or type(exc).__name__


def _write_meta(path: Path, meta: dict) -> None:
    _write_atomic(_meta_path(path), json.dumps(meta, indent=1).encode("utf-8"))


def _write_atomic(path: Path, data: bytes) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
