"""The import contracts between the installed packages (``[tool.importlinter]`` in pyproject.toml).

The engine (``clearpage.filters``) and the proxy adapter (``clearpage.addon``) import neither
the tools (``clearpage.tools``), the commands (``clearpage.cli``), the batch runner
(``clearpage.batch``, which builds on both) nor ``tests``; nothing else installed imports
``tests`` either. import-linter builds the import graph of every module of
those packages (imports inside functions included, relative imports resolved) and fails a
contract on any chain of imports that breaks it, direct or through other modules.
"""
import tomllib
from pathlib import Path

from importlinter.cli import lint_imports

PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"


def test_the_engine_and_the_adapter_import_no_tools_commands_or_tests():
    # The report (which contract broke, through which imports) is printed: pytest shows it on failure.
    assert lint_imports(config_filename=str(PYPROJECT), no_cache=True, no_logo=True) == 0, "import contracts broken: see the report"


def test_the_engine_and_the_adapter_may_not_import_the_batch_runner():
    project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))
    forbidden = {(tuple(c["source_modules"]), m) for c in project["tool"]["importlinter"]["contracts"] if c["type"] == "forbidden"
                 for m in c["forbidden_modules"]}
    assert (("clearpage.filters", "clearpage.addon"), "clearpage.batch") in forbidden


def test_the_contracts_cover_every_installed_package():
    project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))
    roots = project["tool"]["importlinter"]["root_packages"]
    uncovered = [p for p in project["tool"]["setuptools"]["packages"] if not any(p == r or p.startswith(r + ".") for r in roots)]
    assert uncovered == [], f"installed but outside [tool.importlinter] root_packages: {uncovered}"
