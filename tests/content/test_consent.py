"""Consent managers' dialogs go before auto scores the page."""
from __future__ import annotations


from clearpage.filters import dom
from clearpage.filters.content.rules import consent
from tests.helpers import page

POST = "Post {i}: the new firmware fixed the fan noise for me, though the first boot took a long while to finish."
CATEGORY = (
    "<div class='ot-cat-item'><h4>{name} Cookies</h4><p>These technologies help us understand how our site is used, "
    "how users engage with and navigate through the site, which sites users visit before and after, and more. "
    "They may be set by us or by third parties whose services we have added to our pages.</p></div>"
)


def test_a_preference_centre_longer_than_the_thread_does_not_win(pipeline):
    dialog = "<div id='onetrust-consent-sdk'><div id='onetrust-pc-sdk'>" + "".join(
        CATEGORY.format(name=n) for n in ("Necessary", "Analytics", "Functional", "Targeting", "Social Media", "Preference", "Statistics")
    ) + "</div></div>"
    posts = "".join(f"<div class='msg'><p>{POST.format(i=i)}</p></div>" for i in range(3))
    body = f"<div id='content'><h1>Fan noise</h1>{posts}</div>{dialog}"
    text = pipeline.run(page(body), "https://example.com/boards/42", mode="reader").text
    assert all(f"Post {i}:" in text for i in range(3))
    assert "Targeting Cookies" not in text


def test_only_vendor_names_mark_a_dialog():
    doc = dom.parse(page(
        "<div class='cookie-consent-ready'><p>The page's own text.</p>"
        "<div id='didomi-host'><div class='didomi-popup'>Accept all</div></div></div>"
    ))
    found = consent.consent_dialogs(dom.body_of(doc))
    assert [el.get("id") for el in found] == ["didomi-host"]
