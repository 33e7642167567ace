"""``clearpage bench batch``: the batch command's pages/s per core beside trafilatura's (``clearpage.tools.bench.batch``)."""
from __future__ import annotations

import shlex
import sys
from pathlib import Path

from .cmd_bench import write_json


def add_batch(benches, name: str) -> None:
    parser = benches.add_parser(name, help="clearpage batch on WARC files, 1 and 2 workers, beside trafilatura: pages/s per core")
    parser.add_argument("dataset", nargs="?", metavar="DATASET", help="a wcxb-style dataset (default: ../shared/datasets/wcxb-dev; "
                        "the fixture pages without it)")
    parser.add_argument("--limit", type=int, default=300, metavar="N", help="pages to write into the WARC files (default 300)")
    parser.add_argument("--no-trafilatura", action="store_true", help="do not run trafilatura even when installed")
    parser.add_argument("--json", metavar="OUT", help="also write the figures to OUT as JSON")
    parser.set_defaults(func=run_batch)


def run_batch(args) -> int:
    try:
        from clearpage.tools.bench import batch
    except ImportError as exc:
        print(f"bench batch: needs the batch extra (pip install 'clearpage[batch]'): {exc}", file=sys.stderr)
        return 2
    if args.limit < 1:
        print("bench batch: --limit must be at least 1", file=sys.stderr)
        return 2
    figures = batch.run(Path(args.dataset) if args.dataset else None, limit=args.limit, with_trafilatura=not args.no_trafilatura)
    figures["command"] = "clearpage bench batch " + shlex.join(sys.argv[3:] if len(sys.argv) > 3 else [])
    write_json(figures, args.json)
    return 0
