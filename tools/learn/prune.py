"""Training the pruning model (``clearpage train --prune``): the blocks inside auto's selections, labelled.

Every page of the given development sets goes through reader mode with auto, the pruning step
recording instead of removing (``classifier.recording``): the blocks it would judge, still in
the document, and their feature rows (``features.prune_rows``). A block's label comes from the
set's own reference:

- wcxb and readability pages: content when most of its words (``\\w+``, lower-cased, as a
  multiset) are in the reference text (wcxb's ``main_content``, Readability's expected page);
- trafeval pages: content when it holds one of the page's ``with`` snippets, boilerplate when
  it holds a ``without`` snippet and no ``with`` one (whitespace-normalised, case-sensitive,
  as trafeval's metric matches), left out otherwise (nothing says what it is).

Folds group pages by registered domain across the sets (``train.domains_of``), so no site is
both in a fold's training blocks and among the pages its model judges; the per-fold models and
``folds.json`` go to ``--folds-out DIR`` for ``clearpage eval --dev-sets --classifier-folds DIR``.
"""
from __future__ import annotations

import multiprocessing
import sys
import time
from collections import Counter
from pathlib import Path

from clearpage.filters.learn import classifier, features

from ..evaluation import datasets, runner
from ..evaluation.metric import normalise_space
from . import train

RECORD_BELOW = 0.5  # any positive threshold makes auto run the pruning step; while recording it removes nothing
MAX_TRAFEVAL_SNIPPET_BLOCKS = 3  # a snippet labels the few innermost blocks holding it, not the whole page up to <body>


def page_rows(page: datasets.EvalPage) -> tuple[list[list[float]], list[int], list[int]]:
    """(feature rows, labels 0/1, block characters) of the blocks inside auto's selection of ``page``."""
    recorded: list[tuple[list, list[list[float]]]] = []
    with classifier.recording(lambda els, rows: recorded.append((els, rows))):
        _PIPELINE.run(page.html(), page.url, mode=runner.READER_MODE)
    if not recorded:
        return [], [], []
    elements, rows = recorded[-1]
    reference = page.reference()
    if page.kind == datasets.TRAFEVAL:
        return _snippet_labels(elements, rows, reference)
    truth = Counter(train.WORD.findall(reference.text.lower()))
    texts = [el.text_content() for el in elements]
    return rows, [train.label(t, truth) for t in texts], [len(t) for t in texts]


def _snippet_labels(elements, rows, reference) -> tuple[list[list[float]], list[int], list[int]]:
    wanted = [normalise_space(s) for s in reference.with_snippets if s.strip()]
    unwanted = [normalise_space(s) for s in reference.without_snippets if s.strip()]
    out_rows, labels, sizes = [], [], []
    for el, row in zip(elements, rows):
        tight, spaced = normalise_space(el.text_content()), normalise_space(" ".join(el.itertext()))

        def holds(snippet: str) -> bool:
            return snippet in tight or snippet in spaced

        if any(map(holds, wanted)):
            labels.append(1)
        elif any(map(holds, unwanted)):
            labels.append(0)
        else:
            continue
        out_rows.append(row)
        sizes.append(len(tight))
    return out_rows, labels, sizes


_PIPELINE = None


def _init(config_path: str | None) -> None:
    global _PIPELINE
    from clearpage.filters.pipeline import Pipeline

    extra = f"content:\n  auto:\n    classifier_prune: {RECORD_BELOW}\n"
    _PIPELINE = Pipeline(runner.algorithm_config("auto", config_path, keep_fallback=True, extra=extra))


def _safe_rows(item):
    root, page = item
    try:
        return root, page.page_id, page_rows(page)
    except Exception as exc:  # noqa: BLE001 - a page that cannot be read is left out and counted
        return root, page.page_id, exc


def collect(roots: list[str], jobs: int = 1, config_path: str | None = None, progress: bool = True) -> dict:
    """Every recorded block of every page of the sets under ``roots``: rows, labels, chars, domain group, set."""
    items, domains, all_pages = [], {}, []
    for root in roots:
        pages = datasets.load(root)
        all_pages += pages
        domains[root] = train.domains_of(Path(root), pages)
        items += [(root, p) for p in pages]
    X, y, chars, groups, types, failed = [], [], [], [], [], []
    digest = train.data_hash(all_pages)  # (before the long part: a page it cannot read fails now)
    if jobs > 1:
        with multiprocessing.get_context("spawn").Pool(jobs, initializer=_init, initargs=(config_path,)) as pool:
            done = list(_progress(pool.imap(_safe_rows, items, chunksize=8), len(items), progress))
    else:
        _init(config_path)
        done = list(_progress(map(_safe_rows, items), len(items), progress))
    for root, page_id, result in done:
        if isinstance(result, Exception):
            failed.append(f"{root}/{page_id}: {type(result).__name__}: {result}")
            continue
        rows, labels, sizes = result
        X += rows
        y += labels
        chars += sizes
        groups += [domains[root][page_id]] * len(rows)
        types += [Path(root).name] * len(rows)
    return {"X": X, "y": y, "chars": chars, "groups": groups, "types": types, "pages": len(items), "failed": failed,
            "data_hash": digest}


def _progress(results, total: int, show: bool):
    started = time.monotonic()
    for k, item in enumerate(results, 1):
        if show and k % 200 == 0:
            print(f"  {k}/{total} pages, {time.monotonic() - started:.0f} s", file=sys.stderr)
        yield item


def feature_names() -> list[str]:
    return list(features.FEATURES) + list(features.PRUNE_FEATURES)
