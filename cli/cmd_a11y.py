"""``clearpage a11y-report``: axe-core violations before and after clearpage, per rule.

For every page of a folder of saved pages (by default ``../shared/datasets/readability-pages``,
one sub-folder per page holding ``source.html``), a local origin server serves the original
and the page clearpage makes of it (``--mode``, reader by default); headless Chromium loads
both, axe-core audits both, and the command prints one table: for each rule, the pages and
nodes violating it before and after. ``--json FILE`` writes the per-page results too.

``--images`` instead prints the image-relevance figures against ``expected.html`` (no browser).
"""
from __future__ import annotations

import json
import sys
import time
from collections import Counter
from pathlib import Path

from clearpage.filters import PageError, Pipeline
from clearpage.cli.loading import BAD_CONFIG, config_or_report

DEFAULT_PAGES = Path(__file__).resolve().parent.parent.parent / "shared" / "datasets" / "readability-pages"
IMPACT_ORDER = {"critical": 0, "serious": 1, "moderate": 2, "minor": 3, "": 4}


def add_parser(sub, name: str) -> None:
    parser = sub.add_parser(name, help="axe violations before/after clearpage over a folder of saved pages")
    parser.add_argument("--pages", type=Path, default=None, help=f"folder of page folders with source.html (default {DEFAULT_PAGES})")
    parser.add_argument("--only", help="comma-separated page folder names")
    parser.add_argument("--limit", type=int, default=0, help="first N pages only")
    parser.add_argument("--config", help="YAML config merged over the embedded default")
    parser.add_argument("--mode", default="reader", choices=("reader", "filter", "auto"), help="the mode served (default reader)")
    parser.add_argument("--json", metavar="FILE", help="write per-page results as JSON")
    parser.add_argument("--images", action="store_true", help="image relevance against expected.html instead (no browser)")
    parser.set_defaults(func=run)


def page_dirs(root: Path, only: str | None, limit: int) -> list[Path]:
    dirs = sorted(p for p in root.iterdir() if (p / "source.html").is_file())
    if only:
        wanted = [s.strip() for s in only.split(",") if s.strip()]
        missing = [w for w in wanted if not (root / w / "source.html").is_file()]
        if missing:
            raise SystemExit(f"clearpage a11y-report: no source.html for {', '.join(missing)} under {root}")
        dirs = [root / w for w in wanted]
    return dirs[:limit] if limit else dirs


def run(args) -> int:
    root = args.pages or DEFAULT_PAGES
    if not root.is_dir():
        print(f"clearpage a11y-report: {root} is not a folder of pages", file=sys.stderr)
        return 2
    config = config_or_report(args.config)
    if config is None:
        return BAD_CONFIG
    dirs = page_dirs(root, args.only, args.limit)
    if args.images:
        from clearpage.tools import image_report

        return image_report.run(dirs, config, args.json)
    return axe_report(dirs, config, args.mode, args.json)


def axe_report(dirs: list[Path], config, mode: str, json_path: str | None) -> int:
    from clearpage.tools.a11y import Browser, OriginServer

    pipeline = Pipeline(config)
    results = []
    started = time.perf_counter()
    with OriginServer() as origin:
        for d in dirs:
            source = (d / "source.html").read_bytes()
            url = origin.add(f"/pages/{d.name}/", source)
            origin.add(f"/served/{d.name}/", _served(pipeline, source, url, mode))
        with Browser({f"127.0.0.1:{origin.port}"}) as browser:
            for i, d in enumerate(dirs, 1):
                before = browser.audit(origin.url(f"/pages/{d.name}/"))
                after = browser.audit(origin.url(f"/served/{d.name}/"), skip_rules=before.skipped_rules)
                results.append({"page": d.name, "before": _rows(before), "after": _rows(after), "skipped": list(after.skipped_rules)})
                print(f"[{i}/{len(dirs)}] {d.name}: {len(before.violations)} -> {len(after.violations)} rules violated", file=sys.stderr)
    elapsed = time.perf_counter() - started
    print(format_table(results, mode))
    print(f"\n{len(results)} pages, {elapsed:.0f} s.")
    if json_path:
        Path(json_path).write_text(json.dumps(results, indent=1), encoding="utf-8")
    return 0


def _served(pipeline: Pipeline, source: bytes, url: str, mode: str) -> bytes:
    try:
        result = pipeline.run(source, url, mode=mode)
    except PageError as exc:
        print(f"clearpage a11y-report: {url}: {exc}; serving the original", file=sys.stderr)
        return source
    return result.output.encode("utf-8") if result.changed else source


def _rows(audit) -> list[list]:
    return [[v.rule, v.impact, v.nodes] for v in audit.violations]


def format_table(results: list[dict], mode: str) -> str:
    """Markdown: per rule, pages (and nodes) violating it before and after."""
    pages = {"before": Counter(), "after": Counter()}
    nodes = {"before": Counter(), "after": Counter()}
    impact: dict[str, str] = {}
    for r in results:
        for side in ("before", "after"):
            for rule, imp, count in r[side]:
                pages[side][rule] += 1
                nodes[side][rule] += count
                impact.setdefault(rule, imp)
    rules = sorted(impact, key=lambda k: (IMPACT_ORDER.get(impact[k], 9), -pages["before"][k], k))
    lines = [
        f"| rule | impact | pages before | pages after ({mode}) | nodes before | nodes after |",
        "| --- | --- | ---: | ---: | ---: | ---: |",
    ]
    for rule in rules:
        lines.append(
            f"| {rule} | {impact[rule]} | {pages['before'][rule]} | {pages['after'][rule]} | {nodes['before'][rule]} | {nodes['after'][rule]} |"
        )

    def blocking(side: str) -> int:
        return sum(1 for r in results if any(imp in ("serious", "critical") for _, imp, _ in r[side]))

    def total(side: str) -> int:
        return sum(len(r[side]) for r in results)

    new = sum(1 for r in results if {x[0] for x in r["after"]} - {x[0] for x in r["before"]})
    lines.append(
        f"| **pages with a serious or critical violation** | | **{blocking('before')}** | **{blocking('after')}** | | |"
    )
    lines.append(f"| **rule violations (page x rule)** | | **{total('before')}** | **{total('after')}** | | |")
    lines.append(f"| **pages with a rule the original did not violate** | | | **{new}** | | |")
    skipped = [r["page"] for r in results if r.get("skipped")]
    if skipped:
        lines.append(f"\nNot run on {len(skipped)} page(s) with too many links for them: "
                     f"{', '.join(sorted({s for r in results for s in r.get('skipped', [])}))} ({', '.join(skipped)}).")
    return "\n".join(lines)
