"""Golden pages: each tests/pages/<slug>/ holds source.html and case.json (url, modes, charset);
for every mode the pipeline's output and report must equal expected.<mode>.(html|txt) and
expected-report.<mode>.json. Regenerate after an intended change with

    CLEARPAGE_UPDATE_GOLDEN=1 ./dev test tests/test_golden.py

and review the diff before committing.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from clearpage.filters import Pipeline, load_config

PAGES = Path(__file__).parent / "pages"
UPDATE = bool(os.environ.get("CLEARPAGE_UPDATE_GOLDEN"))
CASES = [(slug.name, mode) for slug in sorted(PAGES.iterdir()) if (slug / "case.json").is_file()
         for mode in json.loads((slug / "case.json").read_text())["modes"]]


@pytest.fixture(scope="module")
def pipeline():
    return Pipeline(load_config())


def _check(path: Path, actual: str) -> None:
    if UPDATE:
        path.write_text(actual, encoding="utf-8")
        return
    assert path.is_file(), f"{path} missing: run with CLEARPAGE_UPDATE_GOLDEN=1 to create it"
    assert actual == path.read_text(encoding="utf-8"), f"{path} differs (CLEARPAGE_UPDATE_GOLDEN=1 regenerates it)"


@pytest.mark.parametrize("slug,mode", CASES, ids=[f"{s}-{m}" for s, m in CASES])
def test_golden_page(pipeline, slug, mode):
    case_dir = PAGES / slug
    case = json.loads((case_dir / "case.json").read_text())
    result = pipeline.run((case_dir / "source.html").read_bytes(), case["url"], mode=mode, charset=case.get("charset"))
    suffix = "txt" if result.media_type == "text/plain" else "html"
    _check(case_dir / f"expected.{mode}.{suffix}", result.output)
    report = json.dumps(result.report_dict(), indent=2, ensure_ascii=False, sort_keys=True) + "\n"
    _check(case_dir / f"expected-report.{mode}.json", report)


def test_every_golden_case_has_its_files():
    assert CASES, "no golden pages found"
