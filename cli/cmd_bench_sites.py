"""``clearpage bench sites``: load time and memory of a long ``sites:`` list (``tools.bench.sites``)."""
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
