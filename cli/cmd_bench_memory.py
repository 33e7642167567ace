"""``clearpage bench memory``: word F1 on later pages of each site with the site memory on vs off, and the
time the fast path saves; ``clearpage bench classifier``: the block classifier's CPU cost per page (the measuring
code of both: tools/learn/bench.py)."""
from __future__ import annotations

import shlex
import sys
from pathlib import Path

from .cmd_bench import write_json

PROJECT = Path(__file__).resolve().parent.parent
DEFAULT_DATASET = PROJECT.parent / "shared" / "datasets" / "wcxb-dev"
DEFAULT_FIXTURE = PROJECT / "tests" / "pages" / "learn-site"


def add_memory(benches, name: str) -> None:
    parser = benches.add_parser(name, help="site memory: F1 on later pages of each site, memory on vs off; fast-path time")
    parser.add_argument("dataset", nargs="?", help=f"a WCXB split (default: {DEFAULT_DATASET})")
    parser.add_argument("--fixture", metavar="DIR", help=f"the fixture site's pages (default: {DEFAULT_FIXTURE}; 'none' to skip)")
    parser.add_argument("--min-pages", type=int, default=2, metavar="N", help="sites with at least N pages in the split (default 2)")
    parser.add_argument("--config", metavar="FILE", help="YAML config over the embedded default (its memory: settings apply)")
    parser.add_argument("--json", metavar="OUT", help="also write the figures and every page's row to OUT as JSON")
    parser.set_defaults(func=run_memory)


def run_memory(args) -> int:
    from dataclasses import asdict

    from clearpage.filters import ConfigError, load_config
    from clearpage.tools.evaluation.datasets import DatasetError
    from clearpage.tools.learn import bench

    try:
        config = load_config(args.config)
        sites = [("wcxb", pages) for pages in bench.wcxb_sites(args.dataset or DEFAULT_DATASET, args.min_pages)]
    except (ConfigError, DatasetError, OSError) as exc:
        print(f"bench memory: {exc}", file=sys.stderr)
        return 2
    fixture = args.fixture or str(DEFAULT_FIXTURE)
    if fixture != "none":
        sites.append(("fixture", bench.fixture_site(fixture)))
    result = bench.run(config, sites, progress=lambda line: print(line, file=sys.stderr))
    later_than = config.memory.template_pages
    figures = bench.summary(result, later_than)
    print(bench.format_summary(figures, later_than))
    print(f"({result.seconds:.0f} s)")
    write_json({"command": "clearpage " + shlex.join(sys.argv[1:]), "figures": figures,
                "rows": [asdict(r) for r in result.rows]}, args.json)
    return 0


def add_classifier(benches, name: str) -> None:
    parser = benches.add_parser(name, help="block classifier: CPU ms per page to score every block or a few, per model")
    parser.add_argument("dataset", nargs="?", help=f"a WCXB split (default: {DEFAULT_DATASET})")
    parser.add_argument("--limit", type=int, default=300, metavar="N", help="the first N pages (default 300)")
    parser.add_argument("--blocks", type=int, default=20, metavar="N", help="the few-blocks case: each page's N largest blocks (default 20)")
    parser.add_argument("--repeat", type=int, default=3, metavar="N", help="runs per page and measure, the least counts (default 3)")
    parser.add_argument("--model", action="append", default=[], metavar="NAME=FILE",
                        help="also time this model file (e.g. tree=the output of `clearpage train --model tree`); "
                        "the shipped model is always timed, as 'shipped'")
    parser.add_argument("--json", metavar="OUT", help="also write the figures and every page's times to OUT as JSON")
    parser.set_defaults(func=run_classifier)


def run_classifier(args) -> int:
    from clearpage.filters.learn import classifier
    from clearpage.tools.evaluation.datasets import DatasetError
    from clearpage.tools.learn import bench

    models = {"shipped": classifier.shipped()}
    try:
        for item in args.model:
            label, _, path = item.rpartition("=")
            models[label or Path(path).stem] = classifier.load(path)
        if models["shipped"] is None:
            raise ValueError("the shipped model is unavailable")
        result = bench.classifier_cost(args.dataset or DEFAULT_DATASET, models, args.limit, args.blocks, args.repeat,
                                       progress=lambda line: print(line, file=sys.stderr))
    except (DatasetError, OSError, ValueError) as exc:
        print(f"bench classifier: {exc}", file=sys.stderr)
        return 2
    print("models: " + ", ".join(f"{name} ({m.kind}, {len(m.feature)} nodes)" for name, m in models.items()))
    print(bench.format_classifier_cost(result))
    write_json({"command": "clearpage " + shlex.join(sys.argv[1:]), **result}, args.json)
    return 0
