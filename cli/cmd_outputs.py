"""``clearpage outputs hash|compare``: fingerprints of every output on the dev sets (tools/outputs.py)."""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from clearpage.tools import outputs

DEFAULT_SETS = ("wcxb-dev", "readability-pages", "trafeval")
# How many differing outputs a comparison lists before it only counts them.
SHOWN = 40


def add_parser(sub, name: str) -> None:
    parser = sub.add_parser(name, help="fingerprint every output on the dev sets, or compare two fingerprints",
                            description="Checks that a change leaves every output byte-identical: hash before, hash after, compare.")
    verbs = parser.add_subparsers(dest="verb", required=True, metavar="VERB")
    hash_ = verbs.add_parser("hash", help="hash every page's output in modes " + ", ".join(outputs.MODES))
    hash_.add_argument("out", help="JSON file to write")
    hash_.add_argument("--datasets", nargs="+", metavar="DIR",
                       help="dataset folders (default: " + ", ".join(f"../shared/datasets/{s}" for s in DEFAULT_SETS) + ")")
    hash_.add_argument("--jobs", type=int, default=os.cpu_count() or 1, metavar="N", help="worker processes")
    compare = verbs.add_parser("compare", help="compare two fingerprints; exit 1 when any output differs")
    compare.add_argument("old")
    compare.add_argument("new")
    parser.set_defaults(func=run)


def run(args) -> int:
    if args.verb == "hash":
        folders = [Path(d) for d in args.datasets] if args.datasets else [Path("..", "shared", "datasets", s) for s in DEFAULT_SETS]
        absent = [str(f) for f in folders if not f.is_dir()]
        if absent:
            print(f"clearpage outputs: no dataset folder at {absent[0]}", file=sys.stderr)
            return 2
        prints = outputs.fingerprint(folders, jobs=max(1, args.jobs))
        Path(args.out).write_text(json.dumps(prints, indent=0, sort_keys=True), encoding="utf-8")
        print(f"{len(prints)} pages x {len(outputs.MODES)} modes hashed into {args.out}")
        return 0
    try:
        old, new = (json.loads(Path(p).read_text(encoding="utf-8")) for p in (args.old, args.new))
    except (OSError, ValueError) as exc:
        print(f"clearpage outputs: {exc}", file=sys.stderr)
        return 2
    result = outputs.compare(old, new)
    print(f"{result.pages} pages x {len(outputs.MODES)} modes: {len(result.differing)} differ; "
          f"{len(result.missing)} missing; {len(result.added)} added")
    for key, mode in result.differing[:SHOWN]:
        print(f"  {key} {mode}")
    return 0 if result.identical else 1
