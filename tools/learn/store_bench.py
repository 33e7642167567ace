"""The site memory store's own cost: lookups and writes per page on SQLite or PostgreSQL.

Drives ``SiteMemory`` the way ``site.select`` does (a lookup, then learn with that view) over
synthetic sites: each page has a shared template of fingerprints and its own, and a content
path. Passes: ``new`` (every page new: a write transaction each), ``reload`` (the same pages
again: lookups, and reloads that write nothing until the flush). Each host name carries a run
id and is forgotten at the end, so a shared database is left as it was.
"""
from __future__ import annotations

import dataclasses
import os
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from clearpage.filters.learn.memory import MemorySettings, SiteMemory, batch_settings, page_name

from ..evaluation.metric import percentile

TEMPLATE_FPS = 40  # fingerprints every page of a site shares (its template blocks)
OWN_FPS = 20  # fingerprints only this page has (its story)


@dataclass
class StoreBench:
    store: str  # the file or the URL (without password)
    hosts: int
    pages_per_host: int
    passes: dict[str, dict[str, float]] = field(default_factory=dict)  # pass -> figure -> value

    def figures(self) -> dict:
        return dataclasses.asdict(self)


def _site(run: str, host: int, pages: int) -> list[tuple[str, str, list[str]]]:
    """(host, page name, fingerprints) of one synthetic site's pages."""
    name = f"h{host}-{run}.bench.example"
    template = [f"t{host}-{k:02d}" for k in range(TEMPLATE_FPS)]
    return [(name, page_name(f"https://{name}/story/{p}"), template + [f"p{host}-{p}-{k:02d}" for k in range(OWN_FPS)])
            for p in range(pages)]


def _ms(values: list[float], share: float) -> float:
    return round(percentile(values, share) or 0.0, 3)


def run(settings: MemorySettings, location: str | None, hosts: int, pages_per_host: int) -> StoreBench:
    """Time every page's lookup and learn, per pass; ``location`` None: a temporary SQLite file."""
    run_id = os.urandom(4).hex()
    with tempfile.TemporaryDirectory() as tmp:
        where = location or str(Path(tmp) / "memory.sqlite")
        memory = SiteMemory(batch_settings(settings), path=where, strict=True)
        sites = [_site(run_id, h, pages_per_host) for h in range(hosts)]
        out = StoreBench(str(memory.path), hosts, pages_per_host)
        try:
            for name in ("new", "reload"):
                lookups, learns = [], []
                start = time.perf_counter()
                for page in range(pages_per_host):  # sites interleaved, as a proxy's users browse
                    for site in sites:
                        host, key, fps = site[page]
                        t0 = time.perf_counter()
                        view = memory.lookup(host, key, fps)
                        t1 = time.perf_counter()
                        memory.learn(host, key, fps, ["body > div#page"], [], view=view)
                        learns.append((time.perf_counter() - t1) * 1000)
                        lookups.append((t1 - t0) * 1000)
                memory.flush()
                seconds = time.perf_counter() - start
                out.passes[name] = {
                    "pages": len(lookups), "pages_per_s": round(len(lookups) / seconds, 1),
                    "lookup_p50_ms": _ms(lookups, 0.5), "lookup_p99_ms": _ms(lookups, 0.99),
                    "learn_p50_ms": _ms(learns, 0.5), "learn_p99_ms": _ms(learns, 0.99),
                }
        finally:
            for site in sites:
                memory.forget(site[0][0])
            memory.close()
    return out
