"""Regular expressions from user config, compiled with RE2: linear time, no catastrophic backtracking.

Python's ``re`` backtracks: ``(a+)+$`` against 30 ``a``s and a ``b`` takes minutes, and a config
author (or a shared config file) should not be able to stall the proxy that way. RE2 (Google's
engine, the ``google-re2`` package) matches in time linear in the input for every pattern it
accepts; it refuses the features that need backtracking (backreferences, lookaround), and this
module turns that refusal into a ``ValueError`` with a readable message so config validation can
report it with file, line and key.

Every regex that comes from YAML (site patterns, and any later key taking a pattern) should be
compiled here, once, at config load.
"""
from __future__ import annotations

import re

import re2

# RE2's own default program-size budget; a pattern needing more (e.g. a{1000}{1000}) is refused.
MAX_MEM = 8 << 20
_BACKREFERENCE = re.compile(r"invalid escape sequence: \\\d")


def _options():
    options = re2.Options()
    options.log_errors = False  # the error reaches the user through ValueError, not stderr
    options.max_mem = MAX_MEM
    return options


def compile_pattern(pattern: str):
    """``pattern`` compiled with RE2 (``search``/``match``/``fullmatch`` like ``re``).

    Raises ValueError naming the problem for a pattern RE2 refuses: a syntax error, a
    backtracking-only feature, or a program too large.
    """
    if not isinstance(pattern, str):
        raise ValueError(f"a regular expression must be a string, got {type(pattern).__name__}")
    try:
        return re2.compile(pattern, _options())
    except re2.error as exc:
        raise ValueError(f"bad regular expression {pattern!r}: {_message(exc)}") from None


def check_pattern(pattern: str) -> str | None:
    """None when ``pattern`` compiles, else the problem (for ``typed.field(check=...)``)."""
    try:
        compile_pattern(pattern)
    except ValueError as exc:
        return str(exc)
    return None


def _message(exc: Exception) -> str:
    detail = exc.args[0] if exc.args else str(exc)
    if isinstance(detail, bytes):
        detail = detail.decode("utf-8", "replace")
    text = str(detail)
    if "invalid perl operator" in text or _BACKREFERENCE.search(text):
        text += " (RE2 has no lookaround or backreferences: they need backtracking)"
    return text
