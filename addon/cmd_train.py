"""``clearpage train DATASET --out FILE``: train the block classifier (needs the ``train`` extra)."""
from __future__ import annotations

import json
import sys


def add_parser(sub, name: str) -> None:
    parser = sub.add_parser(
        name,
        help="train the learned block classifier on a WCXB split and report its cross-validated accuracy",
        description="Labels every block of every page (content when most of its words are in the ground truth), "
        "cross-validates a decision tree grouped by domain, and writes the tree fitted on all pages as JSON. "
        "Needs scikit-learn: pip install 'clearpage[train]'.",
    )
    parser.add_argument("dataset", help="a WCXB split, e.g. ../shared/datasets/wcxb-dev")
    parser.add_argument("--out", required=True, metavar="FILE", help="where the model JSON goes (the shipped one: filters/learn/model.json)")
    parser.add_argument("--jobs", type=int, default=1, metavar="N", help="processes extracting features (default 1)")
    parser.add_argument("--limit", type=int, metavar="N", help="only the first N pages")
    parser.add_argument("--report", metavar="FILE", help="also write the cross-validation figures as JSON")
    parser.add_argument("--features", metavar="FILE", help="keep the extracted blocks here: read when present (same data hash), else written")
    parser.set_defaults(func=run)


def run(args) -> int:
    try:
        import sklearn  # noqa: F401
    except ImportError:
        print("clearpage train: needs scikit-learn: pip install 'clearpage[train]'", file=sys.stderr)
        return 2
    from clearpage.filters.evaluation.datasets import DatasetError
    from clearpage.filters.learn import train

    try:
        data = train.cached(args.features, args.dataset, args.limit) if args.features else None
        if data is None:
            data = train.collect(args.dataset, jobs=max(1, args.jobs), limit=args.limit)
            if args.features:
                train.save(data, args.features)
    except DatasetError as exc:
        print(f"clearpage train: {exc}", file=sys.stderr)
        return 2
    if data["failed"]:
        print(f"{len(data['failed'])} page(s) left out: " + "; ".join(data["failed"][:5]), file=sys.stderr)
    cv = train.cross_validate(data)
    print(f"{data['pages']} pages, {cv['blocks']} blocks ({cv['content_share']:.1%} content), data sha256 {data['data_hash'][:16]}")
    print(f"block accuracy, {cv['folds']}-fold cross-validation grouped by domain: {cv['accuracy']:.3f} "
          f"(folds {', '.join(f'{a:.3f}' for a in cv['fold_accuracy'])}; majority-class baseline {cv['baseline_accuracy']:.3f})")
    print(f"{'page type':15} {'blocks':>8} {'accuracy':>9} {'baseline':>9}")
    for page_type, row in cv["per_type"].items():
        print(f"{page_type:15} {row['blocks']:8d} {row['accuracy']:9.3f} {row['baseline']:9.3f}")
    command = f"clearpage train {args.dataset} --out {args.out}" + (f" --limit {args.limit}" if args.limit else "")
    model = train.fit_and_export(data, command, cv)
    train.write_model(model, args.out)
    print(f"model written to {args.out} ({len(model['tree']['feature'])} tree nodes)")
    if args.report:
        with open(args.report, "w", encoding="utf-8") as fh:
            json.dump(cv, fh, indent=1)
    return 0
