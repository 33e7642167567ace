"""``clearpage eval DATASET``: score content algorithms on a dataset (WCXB split, trafeval or Readability pages);
``clearpage eval --dev-sets``: the three development sets side by side, optionally against an earlier run."""
from __future__ import annotations

import json
import os
import sys

from clearpage.filters import ConfigError
from clearpage.tools.evaluation import datasets, devsets, report, runner


def add_parser(sub, name: str) -> None:
    parser = sub.add_parser(
        name,
        help="measure content algorithms on a dataset",
        description="Word-level P/R/F1 (WCXB metric) of reader mode's text, per algorithm, with snippet scores, "
        "errors and timing. DATASET is a WCXB split (html/ + ground-truth/), trafilatura's evaluation set "
        "(evaldata.json + html/, scored with its pooled snippet metric) or Readability's test pages. "
        "--dev-sets runs wcxb-dev, trafeval and readability-pages in one go and prints them side by side.",
    )
    parser.add_argument("dataset", nargs="?", help="dataset directory, e.g. ../shared/datasets/wcxb-dev")
    parser.add_argument("--dev-sets", nargs="?", const=str(devsets.DEFAULT_ROOT), metavar="DIR",
                        help="run the three development sets (wcxb-dev, trafeval, readability-pages) under DIR "
                        f"(default {devsets.DEFAULT_ROOT}) with one algorithm and print them side by side")
    parser.add_argument("--with-fallback", action="store_true",
                        help="keep the config's content.fallback (what reader mode serves) instead of measuring each "
                        "algorithm alone; --dev-sets does so unless --algorithm is given")
    parser.add_argument("--against", metavar="OLD.json",
                        help="with --dev-sets: compare with the --json of an earlier --dev-sets run: the delta per set "
                        f"and wcxb-dev page type, flagging drops > {devsets.DROP_TOLERANCE}")
    parser.add_argument("--algorithm", action="append", metavar="NAME",
                        help="content algorithm to measure (repeat for several; default: the config's content.algorithm)")
    parser.add_argument("--type", action="append", dest="types", metavar="TYPE", help="only pages of this type (repeatable)")
    parser.add_argument("--limit", type=int, metavar="N", help="only the first N pages (file order, after --type)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, metavar="N", help="worker processes (default: CPU count)")
    parser.add_argument("--timeout", type=float, default=runner.DEFAULT_TIMEOUT_S, metavar="S",
                        help=f"seconds per page and algorithm before the run counts as empty (default {runner.DEFAULT_TIMEOUT_S:g})")
    parser.add_argument("--config", help="YAML config merged over the embedded default (content.algorithm is overridden)")
    parser.add_argument("--json", metavar="OUT", help="write the summary and every per-page row as JSON")
    parser.add_argument("--memory", metavar="PATH",
                        help="run the pages through a site memory (SQLite) at PATH in file order, as a proxy learning "
                        "each site would; PATH must not exist yet (the measure starts from an empty memory). "
                        "With several --algorithm each gets its own file, PATH's stem + .NAME")
    parser.add_argument("--classifier-folds", metavar="DIR",
                        help="run each page with the block-classifier model of `clearpage train --folds-out DIR` that "
                        "never saw the page's domain (an out-of-sample measure of whatever uses the classifier)")
    parser.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    parser.add_argument("--verbose", action="store_true",
                        help="list every metadata miss (title, byline, date; on Readability pages also lang, dir, site name, excerpt)")
    parser.set_defaults(func=run)


def run(args) -> int:
    if args.dev_sets is not None:
        return run_dev_sets(args)
    if args.against:
        print("clearpage eval: --against needs --dev-sets", file=sys.stderr)
        return 2
    if not args.dataset:
        print("clearpage eval: give a DATASET directory or --dev-sets", file=sys.stderr)
        return 2
    if args.limit is not None and args.limit < 1:
        print("clearpage eval: --limit must be >= 1", file=sys.stderr)
        return 2
    try:
        pages = datasets.load(args.dataset, page_types=tuple(args.types or ()), limit=args.limit)
        kind = datasets.detect(args.dataset)
        algorithms = tuple(dict.fromkeys(args.algorithm or [_configured_algorithm(args.config)]))
        if args.memory and args.memory.lower().startswith(("postgresql:", "postgres:")):
            print("clearpage eval: --memory: give a new SQLite file path (the measure starts from an empty memory,"
                  " one file per algorithm); a postgresql:// memory is for the proxy and `clearpage filter`", file=sys.stderr)
            return 2
        existing = [p for p in runner.memory_paths(args.memory, algorithms).values() if os.path.exists(p)]
        if existing:
            print(f"clearpage eval: --memory: {existing[0]} exists; give a new path (the measure starts from an empty memory)",
                  file=sys.stderr)
            return 2
        result = runner.evaluate(
            args.dataset, kind, pages, algorithms,
            jobs=max(1, args.jobs), timeout_s=args.timeout, config_path=args.config, progress=not args.quiet,
            memory_path=args.memory, classifier_folds=args.classifier_folds, keep_fallback=args.with_fallback,
        )
    except (datasets.DatasetError, ConfigError, OSError, ValueError) as exc:
        print(f"clearpage eval: {exc}", file=sys.stderr)
        return 2
    summaries = report.summarise(result)
    print(report.format_report(result, summaries))
    data = report.report_json(result, summaries, sys.argv)
    if result.memory_paths:
        print("site memory: pages run in file order through " + ", ".join(f"{p} ({n})" for n, p in result.memory_paths.items()))
        data["memory"] = result.memory_paths
    if result.classifier_folds:
        print(f"block classifier: each page with the fold model of {result.classifier_folds} that never saw its domain")
        data["classifier_folds"] = result.classifier_folds
    if kind == datasets.READABILITY:
        from clearpage.filters import load_config
        from clearpage.tools.evaluation.auto_mode import agreement

        modes = agreement(pages, load_config(args.config))
        print("\n" + modes.format())
        data["auto_mode"] = modes.as_dict()
    if kind != datasets.TRAFEVAL:  # trafeval has no metadata annotations
        from clearpage.tools.evaluation.metadata_match import measure

        matched = measure(pages)
        print("\n" + matched.format(verbose=args.verbose))
        data["metadata"] = matched.as_dict()
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=1, ensure_ascii=False)
    return 0


def run_dev_sets(args) -> int:
    if args.dataset or args.types or args.limit is not None or args.memory or args.classifier_folds:
        print("clearpage eval: --dev-sets runs whole sets: no DATASET, --type, --limit, --memory or --classifier-folds",
              file=sys.stderr)
        return 2
    algorithms = tuple(dict.fromkeys(args.algorithm or ()))
    if len(algorithms) > 1:
        print("clearpage eval: --dev-sets measures one --algorithm", file=sys.stderr)
        return 2
    try:
        previous = devsets.load_previous(args.against) if args.against else None
        algorithm = algorithms[0] if algorithms else _configured_algorithm(args.config)
        keep_fallback = args.with_fallback or not algorithms  # by default: what reader mode serves
        figures, full = devsets.run_all(args.dev_sets, algorithm, jobs=max(1, args.jobs), config_path=args.config,
                                        progress=not args.quiet, timeout_s=args.timeout, keep_fallback=keep_fallback)
        if keep_fallback:
            fallback = runner.algorithm_config(algorithm, args.config, keep_fallback=True).settings.content.fallback
            algorithm += f" (fallback: {', '.join(fallback) or 'none'})"
    except (datasets.DatasetError, devsets.CompareError, ConfigError, OSError, ValueError) as exc:
        print(f"clearpage eval: {exc}", file=sys.stderr)
        return 2
    print(devsets.format_table(figures, algorithm))
    data = devsets.as_json(figures, algorithm, sys.argv, full)
    if previous is not None:
        comparison = devsets.compare(previous, figures)
        print(comparison.format())
        data["against"] = {"file": args.against, "keep": comparison.keep,
                           "drops": [d.name for d in comparison.drops], "mean_change": comparison.mean.change}
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=1, ensure_ascii=False)
    return 0


def _configured_algorithm(config_path: str | None) -> str:
    from clearpage.filters import load_config

    return load_config(config_path).settings.content.algorithm
