"""The 10-page fixture site (tests/pages/learn-site): one template, ten stories."""
from __future__ import annotations

from pathlib import Path

SITE = Path(__file__).resolve().parent.parent / "pages" / "learn-site"
HOST = "gazette.example"
NAV_TEXT = "Welcome to the Riverside Gazette"  # the template's top block (a plain div of prose and links)
FOOTER_TEXT = "published every morning by the Riverside Cooperative"  # the template's bottom block


def pages() -> list[tuple[str, str]]:
    """(url, html) of the ten pages in order."""
    return [(f"https://{HOST}/story/{i}", (SITE / f"page{i:02d}.html").read_text(encoding="utf-8")) for i in range(1, 11)]


def memory_config(path, **overrides) -> str:
    """A user YAML with the memory at ``path`` (and other memory keys); blocks count as template
    without waiting (``template_min_minutes: 0``) unless an override says otherwise."""
    keys = {"path": str(path), "template_min_minutes": 0, **overrides}
    return "memory:\n" + "".join(f"  {k}: {v}\n" for k, v in keys.items())
