"""How often the ``auto`` mode's decision agrees with Firefox's "readerable" verdict.

Readability's test pages say in ``expected-metadata.json`` whether Firefox considers each page
readerable. ``auto`` serves the reader page exactly when it decides "reader"; this module
counts the pages where that matches, and lists the ones where it does not.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from clearpage.filters import dom, metadata, modes
from clearpage.filters.charset import decode
from clearpage.filters.settings import Config

from .datasets import EvalPage

READERABLE = "readerable"


@dataclass
class Agreement:
    pages: int = 0
    agree: int = 0
    decisions: dict[str, int] = field(default_factory=dict)  # e.g. {"readerable -> reader": 121}
    disagreements: list[str] = field(default_factory=list)  # "page: readerable, auto chose filter (why)"

    @property
    def share(self) -> float:
        return self.agree / self.pages if self.pages else 0.0

    def as_dict(self) -> dict:
        return {"pages": self.pages, "agree": self.agree, "share": self.share,
                "decisions": self.decisions, "disagreements": self.disagreements}

    def format(self) -> str:
        lines = [f"auto mode vs Firefox's readerable: {self.agree}/{self.pages} pages agree ({self.share:.1%})"]
        lines += [f"  {key}: {count}" for key, count in sorted(self.decisions.items())]
        lines += [f"  disagrees: {item}" for item in self.disagreements]
        return "\n".join(lines)


def agreement(pages: list[EvalPage], config: Config) -> Agreement:
    """Decide each page's mode as ``auto`` would (its site profile's rule) and compare."""
    result = Agreement()
    for page in pages:
        readerable = page.page_type == READERABLE
        doc = dom.parse(decode(page.html()).text)
        description = metadata.extract(doc).excerpt  # as the pipeline passes it (empty pages)
        decision = modes.decide(doc, config.profile_for(_host(page.url)).settings.auto, description)
        key = f"{page.page_type} -> {decision.mode}"
        result.decisions[key] = result.decisions.get(key, 0) + 1
        result.pages += 1
        if (decision.mode == "reader") == readerable:
            result.agree += 1
        else:
            result.disagreements.append(f"{page.page_id}: {page.page_type}, auto chose {decision.mode} ({decision.reason})")
    return result


def _host(url: str | None) -> str | None:
    from clearpage.filters.links import host_of

    return host_of(url)
