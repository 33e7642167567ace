"""The XSS-vector pages in a real browser through the proxy: nothing fires, nothing is left to click.

Chromium (Debian's, via Playwright) loads each page three ways: as the site sent it (the bypass
link), which must fire alerts and hold script URLs (the vectors are live, so the test can fail);
then as clearpage serves it (the article as a reader page, the portal filtered in place), where
no alert may fire, and the live DOM may hold no on* attribute and no link, form or frame whose
URL runs script. Every element also gets pointer, mouse and focus events dispatched, in case a
handler hid somewhere the static checks did not look.
"""
import pytest

pytestmark = pytest.mark.browser

SETTLE_MS = 1500  # animations (SVG <set>), autofocus and media errors happen shortly after load

LIVE_DOM_PROBLEMS = """() => {
  const bad = [];
  const scriptish = (value) => /^\\s*(javascript|vbscript|data):/i.test((value || '').replace(/[\\u0000-\\u001f]/g, ''));
  for (const el of document.querySelectorAll('*')) {
    for (const attr of el.attributes) {
      const name = attr.name.toLowerCase();
      if (name.startsWith('on')) bad.push(`${el.localName}[${name}]`);
      if (['href', 'xlink:href', 'src', 'action', 'formaction', 'data', 'srcdoc', 'poster'].includes(name)
          && (name === 'srcdoc' || (scriptish(attr.value) && !(el.localName === 'img' && /^data:image\\//i.test(attr.value)))))
        bad.push(`${el.localName}[${name}=${attr.value.slice(0, 40)}]`);
    }
    if (el.href && el.href.animVal !== undefined && scriptish(el.href.animVal)) bad.push(`${el.localName} animated href`);
    if (el.localName === 'script') bad.push('script');
  }
  return bad;
}"""

POKE = """() => {
  for (const el of document.querySelectorAll('*')) {
    for (const type of ['pointerover', 'mouseover', 'mouseenter', 'focus', 'focusin', 'animationstart']) {
      try { el.dispatchEvent(new Event(type, {bubbles: true})); } catch (e) {}
    }
  }
}"""


def visit(chromium, url):
    page = chromium.new_page()
    fired = []
    page.on("dialog", lambda dialog: (fired.append(dialog.message), dialog.dismiss()))
    try:
        response = page.goto(url, wait_until="load")
        page.wait_for_timeout(SETTLE_MS)
        page.evaluate(POKE)
        page.wait_for_timeout(200)
        return response, fired, page.evaluate(LIVE_DOM_PROBLEMS)
    finally:
        page.close()


@pytest.mark.parametrize("path, mode", [("/xss-article.html", "reader"), ("/xss-portal.html", "filter")])
def test_no_vector_fires_in_the_served_page(chromium, security_stack, path, mode):
    url = security_stack.origin.url(path)
    original, original_fired, original_problems = visit(chromium, url + "?clearpage=off")
    assert original.headers.get("x-clearpage") is None
    assert len(original_fired) >= 5, original_fired  # the vectors are live in the original
    assert any("javascript" in p for p in original_problems), original_problems
    served, fired, problems = visit(chromium, url)
    assert served.headers["x-clearpage"].startswith(f"mode={mode};")
    assert fired == []
    assert problems == []
