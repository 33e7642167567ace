"""Image relevance (the DOM + NLP paper): keep an article's images, drop the ones that are not its own.

For each image inside the selected content:
  1. its caption is the text of its first block-level ancestor (figure, p, div, li, ...: the
     smallest block holding both the picture and its words). ``alt_is_caption`` adds the
     image's alt text. A block with more text than ``max_caption_chars`` is the article body
     itself, not a caption: the image then has none;
  2. an image without a caption is not article content (the paper's assumption), unless
     ``uncaptioned: keep``;
  3. the caption's entity-like terms (``entities``) are compared with the article's: when the
     caption has at least ``small_block_entities`` distinct terms, by the cosine of the two
     normalised frequency vectors; when it has fewer (a short caption), by the share of its
     terms found among the article's ``top_entities`` most frequent terms (a term matches when
     one of its words is a word of a top term: "Obama" matches "Barack Obama");
  4. the image is kept when that score reaches ``threshold``. A caption in which no term is
     found cannot be judged and is kept (it has words, so it is not bare decoration).
The article vector leaves out the caption's own words, so a caption never matches itself.
A dropped image takes its caption block with it when that block holds nothing else (a figure,
or a div/span/link of caption-sized text); inside a p, li or td only the image goes.
"""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from typing import Literal

from . import dom
from .entities import PatternExtractor, extractor, is_caseless_term, spacy_problem
from .typed import field

# Block-level elements: the first of these above an image holds its caption.
BLOCKS = frozenset(
    "address article aside blockquote body dd details div dl dt fieldset figcaption figure footer header li main "
    "nav ol p pre section table td th tr ul center".split()
)
# Caseless scripts have no proper-noun signal: their most frequent terms in the article (this
# share of its distinct terms, at least MIN_STOP_TERMS) are treated as function words.
STOP_SHARE = 0.05
MIN_STOP_TERMS = 10


@dataclass(frozen=True)
class ImageRelevanceSettings:
    enabled: bool = field(doc="drop images whose caption does not match the article")
    uncaptioned: Literal["keep", "drop"] = field(doc="images without a caption: the paper drops them")
    alt_is_caption: bool = field(doc="count the image's alt text as part of its caption")
    threshold: float = field(doc="keep an image whose caption scores at least this (0..1)", min=0.0, max=1.0)
    small_block_entities: int = field(doc="captions with fewer distinct terms are matched against the article's top terms", min=1)
    top_entities: int = field(doc="how many of the article's most frequent terms a short caption is matched against", min=1)
    max_caption_chars: int = field(doc="a first block holding more text than this is body text, not a caption", min=1)
    backend: Literal["patterns", "spacy"] = field(doc="patterns (language independent) or spacy (a model you installed)")
    spacy_model: str = field(doc="the spaCy pipeline for backend: spacy, e.g. en_core_web_sm")

    def __post_init__(self) -> None:
        if self.enabled and self.backend == "spacy":
            problem = spacy_problem(self.spacy_model)
            if problem:
                raise ValueError(f"image_relevance.backend spacy: {problem}")


@dataclass(frozen=True)
class Decision:
    img: object
    keep: bool
    score: float | None
    caption: str
    reason: str


def caption_block(img):
    for anc in img.iterancestors():
        if dom.tag_of(anc) in BLOCKS:
            return anc
    return None


def caption_text(img, settings: ImageRelevanceSettings) -> str:
    block = caption_block(img)
    text = dom.text_of(block) if block is not None else ""
    if len(text) > settings.max_caption_chars:
        text = ""
    if settings.alt_is_caption:
        alt = dom.collapse(img.get("alt") or "")
        if alt and alt not in text:
            text = f"{alt} {text}".strip()
    return text


def cosine(a: Counter, b: Counter) -> float:
    """Cosine of the two frequency distributions (each normalised to sum 1, as in the paper)."""
    total_a, total_b = sum(a.values()), sum(b.values())
    if not total_a or not total_b:
        return 0.0
    dot = sum((a[k] / total_a) * (b[k] / total_b) for k in a.keys() & b.keys())
    norm_a = math.sqrt(sum((v / total_a) ** 2 for v in a.values()))
    norm_b = math.sqrt(sum((v / total_b) ** 2 for v in b.values()))
    return dot / (norm_a * norm_b)


def top_match(caption: Counter, top: list[str]) -> float:
    """Share of the caption's distinct terms that share a word with one of the ``top`` terms."""
    top_words = {w for term in top for w in term.split()}
    terms = list(caption)
    hits = sum(1 for term in terms if term in top or any(w in top_words for w in term.split()))
    return hits / len(terms) if terms else 0.0


def judge(images, article, settings: ImageRelevanceSettings) -> list[Decision]:
    """Decide for each of ``images`` (elements inside ``article``) whether it belongs to it."""
    if not images:
        return []
    ner = extractor(settings.backend, settings.spacy_model)
    article_terms = _ArticleTerms(ner, article)  # scanned when the first captioned image needs it
    decisions = []
    for img in images:
        caption = caption_text(img, settings)
        if not caption:
            keep = settings.uncaptioned == "keep"
            decisions.append(Decision(img, keep, None, "", f"no caption: {'kept' if keep else 'dropped'} (uncaptioned: {settings.uncaptioned})"))
            continue
        article_counts, known, stop = article_terms.terms()
        caption_counts = Counter({k: v for k, v in ner.count(caption, known).items() if k not in stop})
        if not caption_counts:
            decisions.append(Decision(img, True, None, caption, "caption has no entity-like terms: kept"))
            continue
        rest = _without(article_counts, caption_counts)
        for term in stop:
            rest.pop(term, None)
        if len(caption_counts) < settings.small_block_entities:
            top = [term for term, _ in rest.most_common(settings.top_entities)]
            score, how = top_match(caption_counts, top), f"top-{settings.top_entities} match"
        else:
            score, how = cosine(caption_counts, rest), "cosine"
        keep = score >= settings.threshold
        decisions.append(Decision(img, keep, score, caption, f"{how} {score:.2f} {'>=' if keep else '<'} {settings.threshold:g}"))
    return decisions


class _ArticleTerms:
    """The article's entity-like terms, the words it capitalises inside sentences and its stop terms,
    worked out on first use: a page whose images have no caption never pays for the scan."""

    def __init__(self, ner, article):
        self.ner, self.article = ner, article
        self._terms: tuple[Counter, frozenset[str], set[str]] | None = None

    def terms(self) -> tuple[Counter, frozenset[str], set[str]]:
        if self._terms is None:
            body = dom.text_of(self.article)
            if isinstance(self.ner, PatternExtractor):
                counts, known = self.ner.count_with_known(body)
            else:
                known = frozenset(PatternExtractor.inner_capitalised(body))
                counts = self.ner.count(body, known)
            self._terms = (counts, known, _stop_terms(counts))
        return self._terms


def _without(article: Counter, caption: Counter) -> Counter:
    """``article - caption``: the article's terms with the caption's occurrences taken away (at
    zero a term goes), in the article's order. Copies the article in C and changes only the
    caption's terms, where ``-`` walks every article term in Python once per image."""
    rest = article.copy()
    for term, n in caption.items():
        left = rest.get(term, 0) - n
        if left > 0:
            rest[term] = left
        else:
            rest.pop(term, None)
    return rest


def _stop_terms(counts: Counter) -> set[str]:
    caseless = [(t, n) for t, n in counts.items() if is_caseless_term(t)]
    if not caseless:
        return set()
    caseless.sort(key=lambda item: -item[1])
    keep = max(MIN_STOP_TERMS, int(len(caseless) * STOP_SHARE))
    return {t for t, _ in caseless[:keep]}


# Blocks that exist to hold a picture and its caption; dropped with a rejected image when it
# is their only picture. A p, li or td may hold article text beside the image: only the image goes.
CAPTION_CONTAINERS = frozenset({"figure", "div", "span", "a", "picture"})


def drop(img, settings: ImageRelevanceSettings | None = None) -> object:
    """Remove a rejected image with the caption block around it when that block is only image and caption."""
    target = img
    limit = settings.max_caption_chars if settings is not None else 0
    for anc in img.iterancestors():
        tag = dom.tag_of(anc)
        if tag not in CAPTION_CONTAINERS or anc.getparent() is None or len(list(anc.iter("img"))) != 1:
            break
        if tag != "figure" and tag != "picture" and len(dom.text_of(anc)) > limit:
            break
        target = anc
        if tag == "figure":
            break
    dom.remove(target)
    return target
