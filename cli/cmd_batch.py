"""``clearpage batch INPUT... -o OUTDIR``: the pipeline over WARC files, on this machine or a Dask cluster."""
from __future__ import annotations

import sys


def add_parser(sub, name: str) -> None:
    parser = sub.add_parser(name, help="filter every HTML page of WARC files (one output file per input)")
    parser.add_argument("inputs", nargs="+", metavar="INPUT", help=".warc / .warc.gz files, folders of them, or @paths.txt (one path a line)")
    parser.add_argument("-o", "--out", required=True, metavar="OUTDIR", help="where the output files go (one per input)")
    parser.add_argument("--engine", choices=("local", "dask"), default="local",
                        help="local (default): a Dask LocalCluster on this machine; dask: an existing cluster (--scheduler)")
    parser.add_argument("--scheduler", metavar="ADDR", help="the Dask scheduler's address, e.g. tcp://HOST:8786 (--engine dask)")
    parser.add_argument("--workers", type=int, metavar="N", help="worker processes of the local engine (default: one per core)")
    parser.add_argument("--mode", choices=("text", "reader", "filter", "auto"), help="override the config's mode")
    parser.add_argument("--format", choices=("jsonl", "parquet", "warc"), default="jsonl",
                        help="jsonl (default), parquet (needs the parquet extra) or warc (conversion records)")
    parser.add_argument("--config", metavar="FILE", help="YAML config merged over the embedded default")
    parser.set_defaults(func=run)


def run(args) -> int:
    from clearpage.filters import ConfigError

    try:
        from clearpage import batch
    except ImportError as exc:
        print(f"clearpage batch: needs the batch extra (pip install 'clearpage[batch]'): {exc}", file=sys.stderr)
        return 2
    if args.workers is not None and args.workers < 1:
        print("clearpage batch: --workers must be 1 or more", file=sys.stderr)
        return 2
    try:
        summary = batch.run(args.inputs, args.out, engine=args.engine, scheduler=args.scheduler, workers=args.workers,
                            mode=args.mode, format=args.format, config=args.config, progress=sys.stderr)
    except (batch.BatchError, ConfigError) as exc:
        print(f"clearpage batch: {exc}", file=sys.stderr)
        return 2
    for line in summary.lines():
        print(line, file=sys.stderr)
    return 1 if summary.files_failed else 0
