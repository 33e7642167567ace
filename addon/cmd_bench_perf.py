"""``clearpage bench pipeline`` and ``clearpage bench proxy``: the speed benchmarks' command lines.

The measuring code lives in ``clearpage.filters.bench``; this module only parses options,
runs it, and writes the figures as JSON (with the command line that produced them).
"""
from __future__ import annotations

import shlex
import sys
from pathlib import Path

from .cmd_bench import write_json

# ---------------------------------------------------------------------- pipeline


def add_pipeline(benches, name: str) -> None:
    from clearpage.filters.bench import pipeline

    parser = benches.add_parser(
        name, help="the engine per page on a dataset: stages, filters, ratio to the lxml floor and to trafilatura",
    )
    parser.add_argument("dataset", nargs="?", metavar="DATASET",
                        help=f"a directory of pages: wcxb layout or *.html[.gz] (default: {pipeline.DEFAULT_DATASET})")
    parser.add_argument("--mode", action="append", choices=pipeline.MODES, metavar="MODE",
                        help=f"mode to measure, repeatable ({' | '.join(pipeline.MODES)}; default: {' and '.join(pipeline.DEFAULT_MODES)})")
    parser.add_argument("--jobs", type=int, default=1, metavar="N", help="spread the pages over N processes (default 1)")
    parser.add_argument("--limit", type=int, metavar="N", help="only the first N pages (after --step)")
    parser.add_argument("--step", type=int, default=1, metavar="K", help="every K-th page only (default 1: all)")
    parser.add_argument("--config", metavar="FILE", help="YAML config over the embedded default")
    parser.add_argument("--no-trafilatura", action="store_true", help="do not time trafilatura even when installed")
    parser.add_argument("--json", metavar="OUT", help="also write the figures to OUT as JSON")
    parser.set_defaults(func=run_pipeline)


def run_pipeline(args) -> int:
    from clearpage.filters.bench import pipeline

    dataset = Path(args.dataset) if args.dataset else pipeline.DEFAULT_DATASET
    if not dataset.is_dir():
        print(f"bench pipeline: no dataset directory at {dataset} (give DATASET)", file=sys.stderr)
        return 2
    if args.jobs < 1 or args.step < 1 or (args.limit is not None and args.limit < 1):
        print("bench pipeline: --jobs, --step and --limit must be at least 1", file=sys.stderr)
        return 2
    modes = tuple(dict.fromkeys(args.mode or pipeline.DEFAULT_MODES))
    try:
        figures = pipeline.run(dataset, modes, jobs=args.jobs, limit=args.limit, step=args.step,
                               config_path=args.config, with_trafilatura=not args.no_trafilatura)
    except ValueError as exc:
        print(f"bench pipeline: {exc}", file=sys.stderr)
        return 2
    figures["command"] = _command_line()
    write_json(figures, args.json)
    return 0


def _command_line() -> str:
    return "clearpage " + " ".join(shlex.quote(a) for a in sys.argv[1:]) if sys.argv and sys.argv[0].endswith("clearpage") else "clearpage bench ..."


def add_proxy(benches, name: str) -> None:
    parser = benches.add_parser(name, help="the live proxy beside bare mitmdump (not yet)")
    parser.set_defaults(func=lambda args: 2)
