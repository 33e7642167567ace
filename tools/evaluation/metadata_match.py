"""How well the reader page's metadata matches the datasets' expected metadata.

- Readability's test pages: each folder's ``expected-metadata.json`` holds what Firefox Reader
  View extracted: ``title``, ``byline``, ``publishedTime``, ``lang``, ``dir``, ``siteName``,
  ``excerpt`` (and ``readerable``, measured by ``auto_mode``).
- WCXB: each ground truth holds annotated ``title``, ``author`` (scored as byline) and
  ``publish_date`` (scored as publishedTime): an independent check, not Reader View's output.

Our value for a page is ``metadata.extract`` on the parsed page, the step ``Pipeline.run``
takes right after parsing (its ``Result.metadata``, the metadata the reader page shows).

Per field:
- ``expected``: pages whose expected value is a non-empty string. Only these count for the
  match rates. A null, missing or empty expected value means "Readability found none".
- ``exact``: our value equals the expected string.
- ``normalised``: equal after collapsing whitespace and case folding; for ``publishedTime``,
  the same calendar date (as written, no time-zone conversion).
- ``missing``: expected a value, we have none; ``wrong``: we have a different value.
- ``extra``: the expected value is null, we have one (counted apart: often a correct value
  Readability did not look for, e.g. a ``<meta name="date">``).
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import date, datetime
from email.utils import parsedate_to_datetime
from pathlib import Path

from clearpage.filters import dom, metadata
from clearpage.filters.charset import decode
from clearpage.filters.errors import PageError

from .datasets import WCXB, EvalPage

# (key in expected-metadata.json, attribute of metadata.Metadata)
FIELDS = (
    ("title", "title"),
    ("byline", "byline"),
    ("publishedTime", "published"),
    ("lang", "lang"),
    ("dir", "dir"),
    ("siteName", "site_name"),
    ("excerpt", "excerpt"),
)
DATE_FIELD = "publishedTime"
# The fields each dataset annotates, and where in its ground truth they are.
WCXB_FIELDS = {"title": "title", "byline": "author", "publishedTime": "publish_date"}
_ISO_DATE = re.compile(r"^\s*(\d{4})-(\d{1,2})-(\d{1,2})")
# Written-out dates seen in bylines and <meta> values ("April 28, 2019", "28 April 2019").
_TEXT_DATE_FORMATS = ("%B %d, %Y", "%b %d, %Y", "%d %B %Y", "%d %b %Y", "%Y/%m/%d", "%m/%d/%Y")
MAX_SHOWN = 60  # characters of a value shown in a listed miss


@dataclass
class FieldScore:
    name: str
    expected: int = 0
    exact: int = 0
    normalised: int = 0
    missing: int = 0
    wrong: int = 0
    extra: int = 0

    @property
    def share(self) -> float:
        """The normalised match rate over the pages that expect a value."""
        return self.normalised / self.expected if self.expected else 0.0

    def as_dict(self) -> dict:
        return {"expected": self.expected, "exact": self.exact, "normalised": self.normalised, "share": self.share,
                "missing": self.missing, "wrong": self.wrong, "extra": self.extra}


@dataclass(frozen=True)
class Miss:
    page_id: str
    field: str
    kind: str  # missing | wrong | extra
    expected: str | None
    ours: str

    def format(self) -> str:
        return f"{self.page_id}: {self.field} {self.kind}: expected {_show(self.expected)}, ours {_show(self.ours)}"


@dataclass
class MetadataMatch:
    pages: int = 0
    dataset: str = "Readability's expected-metadata.json"
    fields: dict[str, FieldScore] = field(default_factory=lambda: {key: FieldScore(key) for key, _ in FIELDS})
    misses: list[Miss] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)  # pages without expected-metadata.json or unparsable

    def as_dict(self) -> dict:
        return {"pages": self.pages, "fields": {k: v.as_dict() for k, v in self.fields.items()},
                "misses": [m.__dict__ for m in self.misses], "errors": self.errors}

    def format(self, verbose: bool = False) -> str:
        header = ["field", "expected", "exact", "normalised", "rate", "missing", "wrong", "extra"]
        rows = [[s.name, str(s.expected), str(s.exact), str(s.normalised), f"{s.share:.1%}", str(s.missing),
                 str(s.wrong), str(s.extra)] for s in self.fields.values()]
        lines = [f"metadata vs {self.dataset} ({self.pages} pages; rate = normalised / expected; "
                 "extra = a value where the dataset has none)"]
        lines += _table(header, rows)
        lines += [f"  error: {e}" for e in self.errors]
        if verbose:
            lines += [f"  {m.format()}" for m in self.misses if m.kind != "extra"]
            lines += [f"  {m.format()}" for m in self.misses if m.kind == "extra"]
        elif self.misses:
            lines.append(f"  {sum(1 for m in self.misses if m.kind != 'extra')} misses and "
                         f"{sum(1 for m in self.misses if m.kind == 'extra')} extras: listed with --verbose and in --json")
        return "\n".join(lines)


def measure(pages: list[EvalPage]) -> MetadataMatch:
    """Extract each page's metadata as the pipeline does and compare it with the expected values."""
    wcxb = bool(pages) and pages[0].kind == WCXB
    result = MetadataMatch()
    if wcxb:
        result.dataset = "WCXB ground truth (title, author, publish_date)"
        result.fields = {key: FieldScore(key) for key in WCXB_FIELDS}
    for page in pages:
        try:
            expected = _wcxb_expected(page) if wcxb else _readability_expected(page)
            if expected is None:
                result.errors.append(f"{page.page_id}: no expected-metadata.json")
                continue
            ours = metadata.extract(dom.parse(decode(page.html()).text))
        except (ValueError, OSError, KeyError, PageError) as exc:
            result.errors.append(f"{page.page_id}: {type(exc).__name__}: {exc}")
            continue
        result.pages += 1
        for key, attr in FIELDS:
            if key in result.fields:
                _score(result, page.page_id, key, expected.get(key), getattr(ours, attr) or "")
    return result


def _readability_expected(page: EvalPage) -> dict | None:
    expected_file = Path(page.path, "expected-metadata.json")
    if not expected_file.is_file():
        return None
    return json.loads(expected_file.read_text(encoding="utf-8"))


def _wcxb_expected(page: EvalPage) -> dict:
    truth = json.loads(Path(page.truth).read_text(encoding="utf-8"))["ground_truth"]
    return {key: truth.get(source) for key, source in WCXB_FIELDS.items()}


def _score(result: MetadataMatch, page_id: str, key: str, expected, ours: str) -> None:
    score = result.fields[key]
    if not isinstance(expected, str) or not expected.strip():
        if ours:
            score.extra += 1
            result.misses.append(Miss(page_id, key, "extra", None, ours))
        return
    score.expected += 1
    if ours == expected:
        score.exact += 1
    if matches(key, expected, ours):
        score.normalised += 1
        return
    kind = "wrong" if ours else "missing"
    setattr(score, kind, getattr(score, kind) + 1)
    result.misses.append(Miss(page_id, key, kind, expected, ours))


def matches(key: str, expected: str, ours: str) -> bool:
    """Equal after normalising: whitespace and case for text, the calendar date for dates."""
    if key == DATE_FIELD:
        wanted = calendar_date(expected)
        return wanted is not None and wanted == calendar_date(ours)
    return normalise(expected) == normalise(ours)


def normalise(text: str) -> str:
    return dom.WHITESPACE.sub(" ", text).strip().casefold()


def calendar_date(text: str) -> date | None:
    """The date a timestamp names as written (``2015-07-24T05:36:09+01:00`` -> 2015-07-24)."""
    if not text:
        return None
    iso = _ISO_DATE.match(text)
    if iso:
        try:
            return date(*(int(part) for part in iso.groups()))
        except ValueError:
            return None
    try:
        return parsedate_to_datetime(text).date()
    except (TypeError, ValueError, IndexError):
        pass
    cleaned = dom.WHITESPACE.sub(" ", text).strip()
    for fmt in _TEXT_DATE_FORMATS:
        try:
            return datetime.strptime(cleaned, fmt).date()
        except ValueError:
            continue
    return None


def _show(value: str | None) -> str:
    if value is None:
        return "null"
    value = dom.WHITESPACE.sub(" ", value).strip()
    return repr(value if len(value) <= MAX_SHOWN else value[: MAX_SHOWN - 1] + "…")


def _table(header: list[str], rows: list[list[str]]) -> list[str]:
    widths = [max(len(c) for c in col) for col in zip(header, *rows)]
    fmt = lambda cells: "  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths)))  # noqa: E731
    return [fmt(header), "  ".join("-" * w for w in widths), *[fmt(r) for r in rows]]
