"""A recipe's ingredients beside its method (filters/content/rules/recipe_parts.py): on a page
whose JSON-LD or microdata says it holds a recipe, the block named as its ingredients joins the
selection of the method's container, marked names ("table-header") and all; on other pages, and
inside a block cleaning rules out (a sidebar), it stays out."""
from __future__ import annotations

from clearpage.filters import dom, pagekind
from clearpage.filters.context import PageContext

URL = "https://example.com/recipes/mill-cake"
METHOD = "".join(f"<p>Step {i}: stir the flour into the butter, then bake the mill cake for a while at 180 degrees "
                 f"until it is golden, and let it cool on a rack before you cut it.</p>" for i in range(8))
ROWS = "".join(f"<tr><td>{q} g</td><td><a href='/i/{name}'>{name}</a></td></tr>"
               for q, name in ((125, "flour"), (65, "sugar"), (65, "butter or margarine"), (2, "eggs")))
INGREDIENTS = ("<article class='box recipe-ingredients'><h2>Ingredients</h2><table class='ingredients table-header'>"
               f"<thead><tr><th><h3>For the dough:</h3></th></tr></thead><tbody>{ROWS}</tbody></table></article>")


def page(ingredients: str = INGREDIENTS, itemprop: str = "") -> str:
    if itemprop:
        ingredients = ingredients.replace("<td>", f"<td itemprop='{itemprop}'>")
    return (f"<html><body><nav><a href='/'>Home</a> <a href='/recipes'>Recipes</a></nav><main>"
            f"<article class='box recipe-head'><h1>Mill cake</h1></article>{ingredients}"
            f"<article class='box recipe-method'><h2>Method</h2>{METHOD}</article></main></body></html>")


def selected(algo, html: str, kind: str | None = None) -> str:
    selection = algo.select(dom.parse(html), PageContext(url=URL, base_url=URL, page_kind=kind))
    assert selection is not None, "auto selected nothing"
    return " ".join(el.text_content() for el in selection.nodes)


def test_a_recipes_ingredients_join_its_method(algo):
    text = selected(algo, page(), pagekind.RECIPE)
    assert "Step 7" in text
    for line in ("For the dough:", "butter or margarine", "125 g"):
        assert line in text, line


def test_microdata_naming_the_ingredients_says_it_is_a_recipe(algo):
    text = selected(algo, page(itemprop="recipeIngredient"))
    assert "Step 7" in text and "butter or margarine" in text


def test_without_the_pages_word_or_in_an_aside_the_ingredients_stay_out(algo):
    assert "butter or margarine" not in selected(algo, page())
    sidebar = f"<aside class='sidebar'>{INGREDIENTS}</aside>"  # (another recipe's card, say)
    assert "butter or margarine" not in selected(algo, page(sidebar), pagekind.RECIPE)


def test_json_ld_names_a_recipe():
    head = '<script type="application/ld+json">{"@context": "https://schema.org", "@graph": [{"@type": "WebPage"}, {"@type": "Recipe", "name": "Mill cake"}]}</script>'
    assert pagekind.page_kind(dom.parse(f"<html><head>{head}</head><body><p>Cake</p></body></html>")) == pagekind.RECIPE
    both = head + '<script type="application/ld+json">{"@type": "Product", "name": "Cake tin"}</script>'
    assert pagekind.page_kind(dom.parse(f"<html><head>{both}</head><body><p>Cake</p></body></html>")) == pagekind.PRODUCT
