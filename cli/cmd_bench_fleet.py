"""``clearpage bench fleet``: replicas behind a real HAProxy sharing one site memory (``clearpage.tools.bench.fleet``)."""
from __future__ import annotations

import shlex
import sys
import tempfile
from pathlib import Path

from .cmd_bench import write_json


def add_fleet(benches, name: str) -> None:
    parser = benches.add_parser(name, help="N clearpage proxy replicas behind HAProxy: requests/s, p50/p99, template learnt across replicas")
    parser.add_argument("--replicas", type=int, default=3, metavar="N", help="replicas behind the balancer (default 3)")
    parser.add_argument("--workers", type=int, default=1, metavar="N", help="filtering workers per replica (default 1)")
    parser.add_argument("--clients", type=int, default=6, metavar="N", help="concurrent keep-alive connections of the load (default 6)")
    parser.add_argument("--requests", type=int, default=300, metavar="N", help="measured requests (default 300)")
    parser.add_argument("--memory", metavar="PATH|URL", help="the shared site memory: a postgresql:// URL, or a SQLite file "
                        "(default: a fresh SQLite file every replica opens)")
    parser.add_argument("--json", metavar="OUT", help="also write the figures to OUT as JSON")
    parser.set_defaults(func=run_fleet)


def run_fleet(args) -> int:
    from clearpage.tools.bench import fleet
    from clearpage.tools.soak.fleet import haproxy_binary

    if haproxy_binary() is None:
        print("bench fleet: haproxy is not installed (apt-get install haproxy)", file=sys.stderr)
        return 2
    for option, value in (("--replicas", args.replicas), ("--workers", args.workers), ("--clients", args.clients), ("--requests", args.requests)):
        if value < 1:
            print(f"bench fleet: {option} must be at least 1", file=sys.stderr)
            return 2
    with tempfile.TemporaryDirectory(prefix="clearpage-bench-fleet-") as directory:
        figures = fleet.run(Path(directory), replicas=args.replicas, workers=args.workers, clients=args.clients,
                            requests=args.requests, memory=args.memory)
    figures["command"] = "clearpage bench fleet " + shlex.join(sys.argv[3:] if len(sys.argv) > 3 else [])
    write_json(figures, args.json)
    return 0
