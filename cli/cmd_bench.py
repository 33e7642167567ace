"""``clearpage bench NAME``: the benchmarks, each printing its figures and writing them as JSON.

Benchmarks register in ``BENCHMARKS`` (name -> (module, function adding its subparser)), the
same way commands register in ``cli.COMMANDS``; the measuring code lives in ``clearpage.tools``.
"""
from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path

BENCHMARKS: dict[str, tuple[str, str]] = {
    "adblock": ("clearpage.cli.cmd_bench", "add_adblock"),
    "pipeline": ("clearpage.cli.cmd_bench_perf", "add_pipeline"),
    "proxy": ("clearpage.cli.cmd_bench_perf", "add_proxy"),
    "memory": ("clearpage.cli.cmd_bench_memory", "add_memory"),
    "classifier": ("clearpage.cli.cmd_bench_memory", "add_classifier"),
    "batch": ("clearpage.cli.cmd_bench_batch", "add_batch"),
    "fleet": ("clearpage.cli.cmd_bench_fleet", "add_fleet"),
    "memory-store": ("clearpage.cli.cmd_bench_store", "add_store"),
}


def add_parser(sub, name: str) -> None:
    parser = sub.add_parser(name, help="run a benchmark and print its figures (" + " | ".join(BENCHMARKS) + ")")
    benches = parser.add_subparsers(dest="benchmark", required=True, metavar="BENCHMARK")
    for bench, (module, function) in BENCHMARKS.items():
        getattr(importlib.import_module(module), function)(benches, bench)


def write_json(figures: dict, out: str | None) -> None:
    if not out:
        return
    path = Path(out)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    print(f"figures written to {path}")


# ---------------------------------------------------------------------- adblock


def add_adblock(benches, name: str) -> None:
    parser = benches.add_parser(name, help="filter lists: cold and cached load, checks/s, element-hiding lookups/s, conformance")
    parser.add_argument("--lists", nargs="+", metavar="FILE", help="Adblock Plus lists (default: EasyList + EasyPrivacy from ../shared/adblock)")
    parser.add_argument("--shared", metavar="DIR", help="the shared data directory (default: ../shared beside the project)")
    parser.add_argument("--requests", metavar="FILE", help="conformance requests JSON (default: ../shared/adblock/matching-test-requests.json)")
    parser.add_argument("--no-pages", action="store_true", help="skip the element-hiding pass over wcxb-dev pages")
    parser.add_argument("--seconds", type=float, default=1.0, metavar="S", help="least time per throughput figure (default 1)")
    parser.add_argument("--json", metavar="OUT", help="also write the figures to OUT as JSON")
    parser.set_defaults(func=run_adblock)


def run_adblock(args) -> int:
    from clearpage.tools.adblock import bench

    shared = Path(args.shared) if args.shared else bench.SHARED
    lists = [Path(p) for p in args.lists] if args.lists else bench.default_lists(shared)
    missing = [str(p) for p in lists if not p.is_file()]
    if missing:
        print(f"bench adblock: list file(s) not found: {', '.join(missing)} (give --lists or --shared)", file=sys.stderr)
        return 2
    requests = Path(args.requests) if args.requests else shared / "adblock" / bench.REQUESTS
    if not requests.is_file():
        print(f"bench adblock: no conformance requests at {requests}; network and conformance figures skipped", file=sys.stderr)
        requests = None
    pages = shared / "datasets" / "wcxb-dev"
    pages = None if args.no_pages or not pages.is_dir() else pages
    machine = bench.machine()
    print(f"machine: {machine['cores']} cores, Python {machine['python']}, adblock {machine['adblock']}, load {machine['load_average_1m']}")
    result = bench.run(lists, requests, pages, min_seconds=args.seconds)
    write_json(result.figures, args.json)
    return 0
