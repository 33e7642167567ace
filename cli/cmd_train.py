"""``clearpage train DATASET --out FILE``: train the block classifier (needs the ``train`` extra)."""
from __future__ import annotations

import json
import sys


def add_parser(sub, name: str) -> None:
    from clearpage.tools.learn.train import KINDS, SHIPPED_KIND

    parser = sub.add_parser(
        name,
        help="train the learned block classifier on a WCXB split and report its cross-validated accuracy",
        description="Labels every block of every page (content when most of its words are in the ground truth), "
        "cross-validates a decision tree and gradient-boosted trees on the same folds grouped by domain, and "
        "writes the chosen model fitted on all pages as JSON. Needs scikit-learn: pip install 'clearpage[train]'.",
    )
    parser.add_argument("dataset", nargs="+", help="a WCXB split, e.g. ../shared/datasets/wcxb-dev (with --prune: one or more "
                        "development sets: wcxb-dev, trafeval, readability-pages)")
    parser.add_argument("--prune", action="store_true",
                        help="train the pruning model instead (filters/learn/prune.json): the blocks inside auto's selections, "
                        "labelled by each set's reference, folds by registered domain across the sets")
    parser.add_argument("--config", metavar="FILE", help="with --prune: run auto with this config over the default")
    parser.add_argument("--out", required=True, metavar="FILE", help="where the model JSON goes (the shipped one: filters/learn/model.json)")
    parser.add_argument("--model", choices=KINDS, default=SHIPPED_KIND,
                        help=f"which model to export: tree (one decision tree) or gb (gradient-boosted trees); default {SHIPPED_KIND}, the shipped kind")
    parser.add_argument("--jobs", type=int, default=1, metavar="N", help="processes extracting features (default 1)")
    parser.add_argument("--limit", type=int, metavar="N", help="only the first N pages")
    parser.add_argument("--report", metavar="FILE", help="also write the cross-validation figures of both models as JSON")
    parser.add_argument("--features", metavar="FILE", help="keep the extracted blocks here: read when present (same data hash), else written")
    parser.add_argument("--folds-out", metavar="DIR",
                        help="also write one model per cross-validation fold, each fitted without that fold's domains "
                        "(DIR/fold-K.json, DIR/folds.json mapping domain to fold), for `clearpage eval --classifier-folds DIR`")
    parser.set_defaults(func=run)


def run(args) -> int:
    try:
        import sklearn  # noqa: F401
    except ImportError:
        print("clearpage train: needs scikit-learn: pip install 'clearpage[train]'", file=sys.stderr)
        return 2
    from clearpage.tools.evaluation.datasets import DatasetError
    from clearpage.tools.learn import train

    if args.prune:
        return run_prune(args)
    if len(args.dataset) != 1:
        print("clearpage train: the block model trains on one WCXB split (several sets: --prune)", file=sys.stderr)
        return 2
    args.dataset = args.dataset[0]
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
    cv = train.compare(data)
    first = cv[train.KINDS[0]]
    print(f"{data['pages']} pages, {first['blocks']} blocks ({first['content_share']:.1%} content), data sha256 {data['data_hash'][:16]}")
    print(f"block accuracy, {first['folds']}-fold cross-validation grouped by domain (majority-class baseline {first['baseline_accuracy']:.3f}):")
    for kind, figures in cv.items():
        print(f"  {kind:5} {figures['accuracy']:.3f} (folds {', '.join(f'{a:.3f}' for a in figures['fold_accuracy'])}) {figures['params']}")
    print(f"{'page type':15} {'blocks':>8} " + " ".join(f"{kind:>8}" for kind in cv) + f" {'baseline':>9}")
    for page_type, row in first["per_type"].items():
        print(f"{page_type:15} {row['blocks']:8d} " + " ".join(f"{cv[kind]['per_type'][page_type]['accuracy']:8.3f}" for kind in cv)
              + f" {row['baseline']:9.3f}")
    command = f"clearpage train {args.dataset} --out {args.out}" + (f" --model {args.model}" if args.model != train.SHIPPED_KIND else "") \
        + (f" --limit {args.limit}" if args.limit else "")
    model = train.fit_and_export(data, command, cv, args.model)
    train.write_model(model, args.out)
    nodes = len((model.get("tree") or model.get("trees"))["feature"])
    print(f"model written to {args.out}: {args.model}, {nodes} tree nodes")
    if args.folds_out:
        index = train.write_folds(data, args.folds_out, command, cv, args.model)
        print(f"{index['folds']} fold models ({args.model}) and {train.FOLDS_INDEX} ({len(index['domains'])} domains) written to {args.folds_out}")
    if args.report:
        with open(args.report, "w", encoding="utf-8") as fh:
            json.dump({"models": cv, "exported": args.model}, fh, indent=1)
    return 0


def run_prune(args) -> int:
    """``clearpage train --prune SET... --out FILE``: the pruning model, cross-validated by domain across the sets."""
    from pathlib import Path

    from clearpage.tools.evaluation.datasets import DatasetError
    from clearpage.tools.learn import prune, train

    try:
        data = None
        if args.features and Path(args.features).is_file():
            data = json.loads(Path(args.features).read_text(encoding="utf-8"))
            if data.get("features") != prune.feature_names() or data.get("sets") != args.dataset:
                data = None
        if data is None:
            data = prune.collect(args.dataset, jobs=max(1, args.jobs), config_path=args.config)
            if args.features:
                Path(args.features).write_text(json.dumps({**data, "features": prune.feature_names(), "sets": args.dataset}),
                                               encoding="utf-8")
    except DatasetError as exc:
        print(f"clearpage train: {exc}", file=sys.stderr)
        return 2
    if data["failed"]:
        print(f"{len(data['failed'])} page(s) left out: " + "; ".join(data["failed"][:5]), file=sys.stderr)
    cv = {args.model: train.cross_validate(data, args.model)}
    figures = cv[args.model]
    print(f"{data['pages']} pages, {figures['blocks']} labelled blocks inside auto's selections "
          f"({figures['content_share']:.1%} content), data sha256 {data['data_hash'][:16]}")
    print(f"block accuracy, {figures['folds']}-fold cross-validation grouped by registered domain: {figures['accuracy']:.3f} "
          f"(majority baseline {figures['baseline_accuracy']:.3f})")
    for name, row in figures["per_type"].items():
        print(f"  {name:20} {row['blocks']:8d} blocks  {row['accuracy']:.3f}  (baseline {row['baseline']:.3f})")
    command = "clearpage train --prune " + " ".join(args.dataset) + f" --out {args.out}" \
        + (f" --model {args.model}" if args.model != train.SHIPPED_KIND else "")
    model = train.fit_and_export(data, command, cv, args.model, role="prune")
    train.write_model(model, args.out)
    print(f"pruning model written to {args.out}")
    if args.folds_out:
        index = train.write_folds(data, args.folds_out, command, cv, args.model, role="prune")
        print(f"{index['folds']} fold models and {train.FOLDS_INDEX} ({len(index['domains'])} domains) written to {args.folds_out}")
    return 0
