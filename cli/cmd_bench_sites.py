"""``clearpage bench sites`` (a long ``sites:`` list: ``tools.bench.sites``) and ``clearpage bench stalls``
(big HTML pages stalling at once: ``tools.bench.stalls``): the limits of issue 28."""
from __future__ import annotations

from clearpage.cli.cmd_bench import write_json


def add_sites(benches, name: str) -> None:
    from clearpage.tools.bench.sites import DEFAULT_SITES, DEFAULT_WORKERS

    parser = benches.add_parser(name, help="N generated sites in the export shape: config load, check-config, proxy start (time, RSS)")
    parser.add_argument("--sites", type=int, default=DEFAULT_SITES, metavar="N", help=f"how many sites (default {DEFAULT_SITES})")
    parser.add_argument("--workers", type=int, default=DEFAULT_WORKERS, metavar="N", help=f"the proxy's workers (default {DEFAULT_WORKERS})")
    parser.add_argument("--no-proxy", action="store_true", help="skip starting the proxy")
    parser.add_argument("--json", metavar="OUT", help="also write the figures to OUT as JSON")
    parser.set_defaults(func=run_sites)


def run_sites(args) -> int:
    from clearpage.tools.bench import sites

    figures = sites.run(args.sites, args.workers, proxy=not args.no_proxy)
    write_json(figures, args.json)
    return 0


def add_stalls(benches, name: str) -> None:
    from clearpage.tools.bench.stalls import DEFAULT_PAGES, DEFAULT_SIZE

    parser = benches.add_parser(name, help="N big HTML pages stalling at once through clearpage proxy: its RSS, what it streamed unfiltered")
    parser.add_argument("--pages", type=int, default=DEFAULT_PAGES, metavar="N", help=f"concurrent pages (default {DEFAULT_PAGES})")
    parser.add_argument("--size", type=int, default=DEFAULT_SIZE, metavar="BYTES", help=f"each page's size (default {DEFAULT_SIZE})")
    parser.add_argument("--hold", type=float, default=12.0, metavar="S", help="how long the pages stall (default 12 s)")
    parser.add_argument("--deadline-ms", type=int, metavar="MS", help="proxy.buffer_deadline_ms (default: the config's default)")
    parser.add_argument("--cap-bytes", type=int, metavar="BYTES", help="proxy.max_buffered_bytes (default: the config's default)")
    parser.add_argument("--json", metavar="OUT", help="also write the figures to OUT as JSON")
    parser.set_defaults(func=run_stalls)


def run_stalls(args) -> int:
    from clearpage.tools.bench import stalls

    config = "proxy:\n  workers: 1\n"
    if args.deadline_ms is not None:
        config += f"  buffer_deadline_ms: {args.deadline_ms}\n"
    if args.cap_bytes is not None:
        config += f"  max_buffered_bytes: {args.cap_bytes}\n"
    figures = stalls.run(args.pages, args.size, args.hold, config)
    write_json(figures, args.json)
    return 0
