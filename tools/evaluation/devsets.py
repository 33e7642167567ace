"""The three development sets side by side, and the keep-or-drop comparison against an earlier run.

``clearpage eval --dev-sets`` runs one algorithm on wcxb-dev, trafeval and readability-pages
(each scored with its own metric: wcxb's and Readability's mean word F1 per page, trafeval's
pooled snippet F1) and prints one table. A change is judged by ``compare``: it is kept when it
raises the mean of the three set F1s and lowers none of them, nor any wcxb-dev page type, by
more than ``DROP_TOLERANCE``.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import ToolError
from . import datasets, report, runner

# (name in the report, folder under the datasets root)
SETS = (("wcxb-dev", "wcxb-dev"), ("trafeval", "trafeval"), ("readability-pages", "readability-pages"))
WCXB_SET = "wcxb-dev"
# The bar for keeping a change: no set and no wcxb-dev page type may lose more than this.
DROP_TOLERANCE = 0.002
# ../shared/datasets beside the project's root (tools/evaluation/ is two levels below it).
DEFAULT_ROOT = Path(__file__).resolve().parents[2].parent / "shared" / "datasets"


class CompareError(ToolError, ValueError):
    """An ``--against`` file that is not the JSON of ``clearpage eval --dev-sets``."""


@dataclass
class SetFigures:
    name: str
    kind: str
    pages: int
    precision: float
    recall: float
    f1: float
    f1_by_type: dict[str, float] = field(default_factory=dict)
    errors: int = 0
    snippets: dict[str, int] | None = None

    def as_dict(self) -> dict:
        return dict(self.__dict__)


def run_all(root: str | Path, algorithm: str, *, jobs: int = 1, config_path: str | None = None,
            progress: bool = False, timeout_s: float = runner.DEFAULT_TIMEOUT_S,
            keep_fallback: bool = True, classifier_folds: str | None = None) -> tuple[list[SetFigures], dict]:
    """Run ``algorithm`` on every development set under ``root``: the figures, and each set's full JSON report.

    With ``keep_fallback`` (the default) the config's fallback stays: the text a reader-mode user is served.
    ``classifier_folds``: run each page with the fold model that never saw its registered domain."""
    root = Path(root)
    missing = [str(root / folder) for _, folder in SETS if not (root / folder).is_dir()]
    if missing:
        raise datasets.DatasetError(f"{missing[0]}: missing (--dev-sets needs {', '.join(f for _, f in SETS)} under {root})")
    figures, full = [], {}
    for name, folder in SETS:
        path = root / folder
        kind = datasets.detect(path)
        pages = datasets.load(path)
        run = runner.evaluate(str(path), kind, pages, (algorithm,), jobs=jobs, timeout_s=timeout_s,
                              config_path=config_path, progress=progress, keep_fallback=keep_fallback,
                              classifier_folds=classifier_folds)
        summary = report.summarise(run)[0]
        by_type = summary.f1_by_type if kind == datasets.WCXB else {}
        figures.append(SetFigures(name, kind, summary.pages, summary.precision, summary.recall, summary.f1, by_type,
                                  summary.errors, summary.snippets))
        full[name] = report.report_json(run, [summary])
    return figures, full


def mean_f1(figures: list[SetFigures]) -> float:
    return sum(f.f1 for f in figures) / len(figures) if figures else 0.0


def format_table(figures: list[SetFigures], algorithm: str) -> str:
    lines = [f"development sets, reader mode with {algorithm}", ""]
    header = ["set", "pages", "P", "R", "F1", "errors", "metric"]
    body = []
    for f in figures:
        metric = "pooled snippets" if f.kind == datasets.TRAFEVAL else "mean word F1"
        body.append([f.name, str(f.pages), f"{f.precision:.4f}", f"{f.recall:.4f}", f"{f.f1:.4f}", str(f.errors), metric])
    lines += report.table(header, body)
    lines.append(f"mean F1 of the three sets: {mean_f1(figures):.4f}")
    wcxb = next((f for f in figures if f.name == WCXB_SET), None)
    if wcxb and wcxb.f1_by_type:
        lines += ["", "wcxb-dev F1 per page type"]
        types = list(wcxb.f1_by_type)
        lines += report.table(types, [[f"{wcxb.f1_by_type[t]:.4f}" for t in types]])
    for f in figures:
        if f.snippets:
            s = f.snippets
            lines.append(f"{f.name}: tp {s['tp']} fn {s['fn']} fp {s['fp']} tn {s['tn']}")
    return "\n".join(lines)


def as_json(figures: list[SetFigures], algorithm: str, command: list[str] | None, full: dict | None = None) -> dict:
    data = {"algorithm": algorithm, "command": command, "mean_f1": mean_f1(figures),
            "sets": {f.name: f.as_dict() for f in figures}}
    if full is not None:
        data["reports"] = full
    return data


@dataclass
class Delta:
    name: str  # "trafeval" or "wcxb-dev/article"
    before: float
    after: float

    @property
    def change(self) -> float:
        return self.after - self.before

    @property
    def drop(self) -> bool:
        return self.change < -DROP_TOLERANCE


@dataclass
class Comparison:
    deltas: list[Delta]
    mean: Delta

    @property
    def drops(self) -> list[Delta]:
        return [d for d in self.deltas if d.drop]

    @property
    def keep(self) -> bool:
        """The issue's rule: the mean rises and nothing drops by more than the tolerance."""
        return self.mean.change > 0 and not self.drops

    def format(self) -> str:
        rows = [[d.name, f"{d.before:.4f}", f"{d.after:.4f}", f"{d.change:+.4f}", "DROP" if d.drop else ""]
                for d in [*self.deltas, self.mean]]
        lines = ["", "against the earlier run"] + report.table(["figure", "before", "after", "delta", ""], rows)
        verdict = "keep" if self.keep else "do not keep"
        why = ("mean F1 rises, no drop > %.3f" % DROP_TOLERANCE if self.keep else
               ", ".join([*(f"{d.name} drops {d.change:+.4f}" for d in self.drops),
                          *([] if self.mean.change > 0 else [f"mean F1 {self.mean.change:+.4f}"])]))
        lines.append(f"verdict: {verdict} ({why})")
        return "\n".join(lines)


def load_previous(path: str | Path) -> dict:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise CompareError(f"{path}: cannot read ({exc})") from exc
    if not isinstance(data, dict) or not isinstance(data.get("sets"), dict):
        raise CompareError(f"{path}: not the JSON of `clearpage eval --dev-sets --json` (no \"sets\" key)")
    return data


def compare(previous: dict, figures: list[SetFigures]) -> Comparison:
    """Per set, per wcxb-dev page type and for the mean: the earlier figure, this run's, and whether it dropped."""
    old_sets = previous["sets"]
    deltas = []
    for f in figures:
        old = old_sets.get(f.name)
        if not isinstance(old, dict) or "f1" not in old:
            continue
        deltas.append(Delta(f.name, float(old["f1"]), f.f1))
        for page_type, value in f.f1_by_type.items():
            old_value = (old.get("f1_by_type") or {}).get(page_type)
            if old_value is not None:
                deltas.append(Delta(f"{f.name}/{page_type}", float(old_value), value))
    before = [float(old_sets[f.name]["f1"]) for f in figures if isinstance(old_sets.get(f.name), dict) and "f1" in old_sets[f.name]]
    after = [f.f1 for f in figures if isinstance(old_sets.get(f.name), dict) and "f1" in old_sets[f.name]]
    mean = Delta("mean F1", sum(before) / len(before) if before else 0.0, sum(after) / len(after) if after else 0.0)
    return Comparison(deltas, mean)
