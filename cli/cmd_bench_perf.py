"""``clearpage bench pipeline`` and ``clearpage bench proxy``: the speed benchmarks' command lines.

The measuring code lives in ``clearpage.tools.bench``; this module only parses options,
runs it, and writes the figures as JSON (with the command line that produced them).
"""
from __future__ import annotations

import shlex
import sys
from pathlib import Path

from .cmd_bench import write_json

# ---------------------------------------------------------------------- pipeline


def add_pipeline(benches, name: str) -> None:
    from clearpage.tools.bench import pipeline

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
    parser.add_argument("--rules", action="store_true",
                        help="also time each rule and phase of auto's selection (CPU ms per page, mean and median)")
    parser.add_argument("--json", metavar="OUT", help="also write the figures to OUT as JSON")
    parser.set_defaults(func=run_pipeline)


def run_pipeline(args) -> int:
    from clearpage.tools.bench import pipeline

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
                               config_path=args.config, with_trafilatura=not args.no_trafilatura, rules=args.rules)
    except ValueError as exc:
        print(f"bench pipeline: {exc}", file=sys.stderr)
        return 2
    figures["command"] = _command_line()
    write_json(figures, args.json)
    return 0


def _command_line() -> str:
    return "clearpage " + " ".join(shlex.quote(a) for a in sys.argv[1:]) if sys.argv and sys.argv[0].endswith("clearpage") else "clearpage bench ..."


def add_proxy(benches, name: str) -> None:
    from clearpage.tools.bench import proxy

    parser = benches.add_parser(
        name, help="the live proxy beside bare mitmdump: req/s, p50/p99, overhead, worker scaling, a 20 MB page in flight, memory",
    )
    parser.add_argument("--clients", type=int, default=proxy.DEFAULT_CLIENTS, metavar="N", help=f"concurrent clients (default {proxy.DEFAULT_CLIENTS})")
    parser.add_argument("--requests", type=int, default=proxy.DEFAULT_REQUESTS, metavar="N",
                        help=f"requests per measured run (default {proxy.DEFAULT_REQUESTS}; {proxy.FLATNESS_REQUESTS} for the memory-flatness figure)")
    parser.add_argument("--page", metavar="FILE", help="the page to serve (.html or .html.gz; default: wcxb-dev 0032, a real 100 KB article)")
    parser.add_argument("--workers", type=int, default=0, metavar="N", help="clearpage's workers in the main run (default 0: one per core)")
    parser.add_argument("--mode", choices=("auto", "filter", "reader", "text"), help="clearpage proxy --mode (default: the config's, auto)")
    parser.add_argument("--big-mb", type=float, default=proxy.BIG_SIZE / 2**20, metavar="MB", help="size of the slow page (default 20)")
    parser.add_argument("--no-scaling", action="store_true", help="skip the 1-worker vs 2-worker runs")
    parser.add_argument("--no-slow", action="store_true", help="skip the slow-page run")
    parser.add_argument("--no-floor", action="store_true", help="skip the floor run (workers that only parse and serialise)")
    parser.add_argument("--no-article", action="store_true",
                        help="skip the 16-client article runs (bare mitmdump, clearpage, memory) and the slow-page run")
    from clearpage.tools.bench import browser

    parser.add_argument("--dataset", metavar="DIR", help="the browser-shaped runs' HTML pages (default: ../shared/datasets/wcxb-dev)")
    parser.add_argument("--site-pages", type=int, default=browser.DEFAULT_PAGES, metavar="N",
                        help=f"HTML pages the browsers load, spread over the dataset (default {browser.DEFAULT_PAGES})")
    parser.add_argument("--loads", type=int, default=browser.DEFAULT_LOADS, metavar="N",
                        help=f"page loads per browser, half through each proxy (default {browser.DEFAULT_LOADS})")
    parser.add_argument("--browsers", type=int, default=browser.DEFAULT_BROWSERS, metavar="N",
                        help=f"browsers in the many-browser run (default {browser.DEFAULT_BROWSERS})")
    parser.add_argument("--think-ms", type=float, default=browser.DEFAULT_THINK_S * 1000, metavar="MS",
                        help=f"mean pause between a browser's page loads (default {browser.DEFAULT_THINK_S * 1000:.0f})")
    parser.add_argument("--no-browser", action="store_true", help="skip the browser-shaped runs (1 and N browsers)")
    parser.add_argument("--passthrough", type=int, default=browser.DEFAULT_PASSTHROUGH, metavar="N",
                        help=f"non-HTML requests per proxy in the pass-through CPU run (default {browser.DEFAULT_PASSTHROUGH}; 0: skip)")
    parser.add_argument("--saturated", type=int, default=browser.DEFAULT_SATURATED, metavar="N",
                        help=f"requests in the saturated run (default {browser.DEFAULT_SATURATED}; 0: skip)")
    parser.add_argument("--json", metavar="OUT", help="also write the figures to OUT as JSON")
    parser.set_defaults(func=run_proxy)


def run_proxy(args) -> int:
    from clearpage.tools.bench import proxy

    if args.clients < 1 or args.requests < 1 or args.workers < 0 or args.big_mb <= 0:
        print("bench proxy: --clients and --requests must be at least 1, --workers at least 0, --big-mb positive", file=sys.stderr)
        return 2
    if args.site_pages < 1 or args.loads < 2 or args.browsers < 1 or args.think_ms < 0 or args.passthrough < 0 or args.saturated < 0:
        print("bench proxy: --site-pages at least 1, --loads at least 2, --browsers at least 1; --think-ms, --passthrough "
              "and --saturated not negative", file=sys.stderr)
        return 2
    dataset = Path(args.dataset) if args.dataset else proxy.DEFAULT_DATASET
    wants_site = not args.no_browser or args.passthrough or args.saturated
    if wants_site and not dataset.is_dir():
        print(f"bench proxy: no dataset directory at {dataset} (give --dataset, or --no-browser --passthrough 0 --saturated 0)",
              file=sys.stderr)
        return 2
    page = Path(args.page) if args.page else None
    if page is not None and not page.is_file():
        print(f"bench proxy: no page file at {page}", file=sys.stderr)
        return 2
    options = proxy.Options(clients=args.clients, requests=args.requests, page=page, workers=args.workers, mode=args.mode,
                            big_bytes=int(args.big_mb * 2**20), scaling=not args.no_scaling, slow=not args.no_slow,
                            floor=not args.no_floor, article=not args.no_article, dataset=dataset, site_pages=args.site_pages,
                            browse=not args.no_browser, loads=args.loads, browsers=args.browsers, think_s=args.think_ms / 1000,
                            passthrough=args.passthrough, saturated=args.saturated)
    try:
        figures = proxy.run(options, say=lambda line: print(line, flush=True))
    except (RuntimeError, ValueError) as exc:
        print(f"bench proxy: {exc}", file=sys.stderr)
        return 1
    figures["command"] = _command_line()
    write_json(figures, args.json)
    return 0
