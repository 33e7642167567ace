"""A recipe's ingredients beside the container ``auto`` picked, for ``auto``.

- ``with_ingredients``: on a page that says it holds a recipe (``is_recipe``: its JSON-LD, read
  into ``ctx.page_kind`` by pagekind.py, or an itemprop naming its ingredients), the container
  with the most prose is the recipe's method; its ingredients are short lines of quantities and
  names in a block of their own beside it (a table in the next box, a list in another accordion
  pane), which scores low. The blocks the markup names as the ingredients (class, id or
  itemprop "ingredient": themes name them in English whatever the page's language) join the
  selection, each with the wrapper around it that holds little else (its "Zutaten" heading,
  its servings line). The blocks so named, and the wrappers between them and the block
  joining, are spared by cleaning: a theme's names for them say "table-header" or "accordion"
  too.
"""
from __future__ import annotations

from ... import pagekind
from ...context import PageContext
from .. import features as feat
from .. import hints

# Markup names of a recipe's ingredients ("ingredients", "recipe-ingredients__item",
# itemprop="recipeIngredient", "Ingredients"): a substring test, cheaper than a regex over
# every element's names.
_INGREDIENT = "ngredient"
# The wrapper an ingredients block climbs to holds at most this much text besides it: a heading,
# a servings line, a "convert portions" button; a bigger one is the page's column.
WRAPPER_EXTRA_CHARS = 300
# An ingredients block is a list: a bigger block so named is the page's content column or a
# whole recipe card, which the container choice weighed already.
INGREDIENTS_MAX_CHARS = 4000


def is_recipe(f: feat.Features, ctx: PageContext) -> bool:
    """Whether the page says it holds a recipe: in its JSON-LD (``ctx.page_kind``) or in an
    ``itemprop`` naming ingredients ("recipeIngredient", "ingredients")."""
    return ctx.page_kind == pagekind.RECIPE or any(prop and _INGREDIENT in prop for prop in f.itemprops)


def with_ingredients(f: feat.Features, kinds: list[int], nodes: list[int], spared: set[int]) -> list[int]:
    """``nodes`` (the selection's blocks, in document order) with the outermost blocks named as
    ingredients outside them (see the module's docstring), each grown to the wrapper that holds
    little else and no selected block; in document order. The blocks so named (inside the
    selection too) and the wrappers above them up to the joining block are added to ``spared``."""
    added: list[int] = []
    named = [i for i in range(len(f.classes)) if _named(f, i)]
    past = 0  # (the end of the last outermost block so named: the rest of it is its own)
    for i in named:
        if i < past or not f.chars[i]:
            continue
        past = i + f.count[i]
        parent = f.parent[i]
        if f.chars[i] <= INGREDIENTS_MAX_CHARS and not (parent >= 0 and f.under_kind(kinds, parent, hints.MARKED)):
            top = i
            if not f.inside_any(i, nodes):
                while parent >= 0 and f.chars[parent] <= f.chars[i] + WRAPPER_EXTRA_CHARS and not f.overlaps_any(parent, nodes):
                    top, parent = parent, f.parent[parent]
                added.append(top)
            _spare_named(f, i, top, spared)
    if not added:
        return nodes
    outermost = [j for j in added if not any(k != j and f.holds(k, j) for k in added)]
    return sorted(set(nodes + outermost))


def _spare_named(f: feat.Features, named: int, top: int, spared: set[int]) -> None:
    """Add to ``spared`` the blocks named as ingredients in ``named`` and the wrappers from each
    up to ``top``."""
    for k in range(named, named + f.count[named]):
        if k == named or _named(f, k):
            while k != top and k not in spared:
                spared.add(k)
                k = f.parent[k]
    spared.add(top)


def _named(f: feat.Features, i: int) -> bool:
    """Whether element ``i``'s class, id or itemprop names an ingredient."""
    cls, ident, prop = f.classes[i], f.ids[i], f.itemprops[i]
    return bool((cls and _INGREDIENT in cls) or (ident and _INGREDIENT in ident) or (prop and _INGREDIENT in prop))
