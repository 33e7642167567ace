"""``clearpage bench memory-store``: the site memory store's lookups and writes per page, on an
SQLite file or a PostgreSQL database (the measuring code: tools/learn/store_bench.py)."""
from __future__ import annotations

import sys

from .cmd_bench import write_json


def add_store(benches, name: str) -> None:
    parser = benches.add_parser(name, help="site memory store: lookup and learn time per page, pages/s (SQLite or PostgreSQL)")
    parser.add_argument("--db", metavar="PATH|URL", help="the store: an SQLite file or a postgresql:// URL (default: a temporary file);"
                        " the run's hosts are forgotten at the end")
    parser.add_argument("--hosts", type=int, default=20, metavar="N", help="synthetic sites (default 20)")
    parser.add_argument("--pages", type=int, default=50, metavar="N", help="pages per site (default 50)")
    parser.add_argument("--config", metavar="FILE", help="YAML config over the embedded default (its memory: settings apply)")
    parser.add_argument("--json", metavar="OUT", help="also write the figures to OUT as JSON")
    parser.set_defaults(func=run_store)


def run_store(args) -> int:
    from clearpage.filters import ConfigError, load_config
    from clearpage.filters.learn.memory import SiteMemoryError
    from clearpage.tools.learn import store_bench

    if args.hosts < 1 or args.pages < 1:
        print("bench memory-store: --hosts and --pages must be >= 1", file=sys.stderr)
        return 2
    try:
        config = load_config(args.config)
        bench = store_bench.run(config.memory, args.db, args.hosts, args.pages)
    except (ConfigError, SiteMemoryError) as exc:
        print(f"bench memory-store: {exc}", file=sys.stderr)
        return 2
    print(f"site memory store {bench.store}: {bench.hosts} hosts x {bench.pages_per_host} pages, each page a lookup then learn")
    print(f"{'pass':8} {'pages':>6} {'pages/s':>9} {'lookup p50':>11} {'p99':>8} {'learn p50':>10} {'p99':>8}  (ms)")
    for name, f in bench.passes.items():
        print(f"{name:8} {f['pages']:6.0f} {f['pages_per_s']:9.1f} {f['lookup_p50_ms']:11.3f} {f['lookup_p99_ms']:8.3f}"
              f" {f['learn_p50_ms']:10.3f} {f['learn_p99_ms']:8.3f}")
    write_json(bench.figures(), args.json)
    return 0
