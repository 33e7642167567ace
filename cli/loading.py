"""Loading the config a command was given: the config, or every problem printed, one per line.

A config problem prints as ``FILE:LINE: key: problem`` (the ConfigError's lines), then the
command's own closing line when it has one; the command returns exit status 2."""
from __future__ import annotations

import sys
from pathlib import Path

from clearpage.filters import Config, ConfigError, load_config

# Exit status of a command that was given a config it cannot use (argparse's for bad usage).
BAD_CONFIG = 2


def config_or_report(path: str | Path | None, closing: str | None = None) -> Config | None:
    """The config at ``path`` (the embedded default when None), or None after printing why not.

    ``closing``: a line printed after the problems, with ``{count}`` replaced by their number."""
    try:
        return load_config(path)
    except ConfigError as exc:
        print(exc, file=sys.stderr)
        if closing:
            print(closing.format(count=len(exc.problems)), file=sys.stderr)
        return None
