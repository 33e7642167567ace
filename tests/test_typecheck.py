"""mypy passes on the typed modules (``.ci/typecheck``; the list is pyproject.toml's [tool.mypy])."""
import os
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / ".ci" / "typecheck"


def test_the_typed_modules_type_check():
    run = subprocess.run([str(SCRIPT)], capture_output=True, text=True, env={**os.environ, "PYTHON": sys.executable}, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
