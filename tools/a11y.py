"""Accessibility measurement in a real browser: a local origin server, headless Chromium, axe-core.

Used by the browser tests (tests/a11y/) and by ``clearpage a11y-report``. Nothing here knows
about the DOM filters: pages go in as bytes, violations and accessibility trees come out.

- ``OriginServer``: a threaded HTTP server on 127.0.0.1 serving registered paths (bytes, or a
  callable producing them per request), so the browser loads pages from a real origin.
- ``Browser``: Debian's Chromium driven by Playwright (never a downloaded browser). Every
  request to a host other than the origin (or the proxy's own) is refused in the browser, so a
  saved page's third-party scripts, fonts and trackers cannot stall a run on a machine without
  internet. axe-core is injected as an init script, which a page's CSP cannot block.
- ``Audit``: the axe violations (rule, impact, node count) and the Playwright aria snapshot.
"""
from __future__ import annotations

import os
import shutil
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Callable
from urllib.parse import urlsplit

AXE_ENV = "CLEARPAGE_AXE"
CHROMIUM_ENV = "CLEARPAGE_CHROMIUM"
DEFAULT_CHROMIUM = "/usr/bin/chromium"
# Flags: no sandbox (containers run as root), no background traffic (no internet here).
CHROMIUM_ARGS = ("--no-sandbox", "--disable-background-networking", "--disable-dev-shm-usage")
# Loopback is proxied only when the bypass list says so ("<-loopback>" removes the implicit rule).
PROXY_LOOPBACK_ARGS = ("--proxy-bypass-list=<-loopback>",)
# Impacts that fail a served page outright.
BLOCKING_IMPACTS = frozenset({"serious", "critical"})
# A page that never reaches "load" (a hanging subresource) is audited after this many ms.
LOAD_TIMEOUT_MS = 20_000
# axe's target-size and link-in-text-block compare every link with its neighbours: on a page
# with thousands of links (archive-of-our-own: 3,861) they run for minutes. Above this many
# links and controls they are skipped, on both pages of a before/after pair, and reported.
SLOW_RULES = ("target-size", "link-in-text-block")
MAX_WIDGETS_FOR_SLOW_RULES = 1500
AXE_TIMEOUT_MS = 60_000


def chromium_path() -> str | None:
    path = os.environ.get(CHROMIUM_ENV) or DEFAULT_CHROMIUM
    return path if Path(path).is_file() and os.access(path, os.X_OK) else shutil.which("chromium")


def axe_path() -> str | None:
    """axe.min.js from $CLEARPAGE_AXE, else from the project's .tools (what ./dev test installs)."""
    candidates = [os.environ.get(AXE_ENV, "")]
    candidates.append(str(Path(__file__).resolve().parent.parent / ".tools" / "node_modules" / "axe-core" / "axe.min.js"))
    for candidate in candidates:
        if candidate and Path(candidate).is_file():
            return candidate
    return None


def playwright_available() -> bool:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return False
    return True


# --------------------------------------------------------------------------- origin server

Body = bytes | Callable[[], bytes]


@dataclass
class Route:
    body: Body
    content_type: str = "text/html"
    headers: dict[str, str] = field(default_factory=dict)


class OriginServer:
    """``with OriginServer() as origin: origin.add("/a/", b"<html>..."); origin.url("/a/")``."""

    def __init__(self) -> None:
        self.routes: dict[str, Route] = {}
        self.requests: list[str] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
                server.requests.append(self.path)
                route = server.routes.get(urlsplit(self.path).path)
                if route is None:
                    self.send_error(404)
                    return
                body = route.body() if callable(route.body) else route.body
                self.send_response(200)
                self.send_header("Content-Type", route.content_type)
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Cache-Control", "no-store")
                for name, value in route.headers.items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args) -> None:
                pass

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self.port = self._httpd.server_address[1]
        self._thread = threading.Thread(target=self._httpd.serve_forever, name="origin", daemon=True)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def url(self, path: str) -> str:
        return self.base + path

    def add(self, path: str, body: Body, content_type: str = "text/html", headers: dict[str, str] | None = None) -> str:
        self.routes[path] = Route(body, content_type, dict(headers or {}))
        return self.url(path)

    def __enter__(self) -> "OriginServer":
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=5)


# --------------------------------------------------------------------------- browser + axe


@dataclass(frozen=True)
class Violation:
    rule: str
    impact: str
    nodes: int
    help: str = ""


@dataclass
class Audit:
    url: str
    violations: list[Violation]
    snapshot: str  # Playwright's aria snapshot of <body> (YAML)
    title: str = ""
    html: str = ""  # the document as the browser had it when audited
    skipped_rules: tuple[str, ...] = ()

    @property
    def rules(self) -> set[str]:
        return {v.rule for v in self.violations}

    def blocking(self) -> list[Violation]:
        return [v for v in self.violations if v.impact in BLOCKING_IMPACTS]


_AXE_RUN = """async (skip) => {
  const rules = {};
  for (const id of skip) rules[id] = {enabled: false};
  const result = await axe.run(document, {resultTypes: ['violations'], rules});
  return result.violations.map(v => [v.id, v.impact || '', v.nodes.length, v.help]);
}"""
_WIDGETS = "document.querySelectorAll('a[href], button, input, select, textarea, [role=link], [role=button]').length"


class Browser:
    """Headless Chromium with axe-core injected into every page.

    ``allowed_hosts``: the only hosts the pages may load from (host:port strings); every other
    request is aborted in the browser. ``proxy``: "http://127.0.0.1:PORT" to send everything
    through a proxy (loopback included).
    """

    def __init__(self, allowed_hosts: set[str], *, proxy: str | None = None, axe: str | None = None,
                 chromium: str | None = None, viewport: tuple[int, int] = (1280, 900)) -> None:
        from playwright.sync_api import sync_playwright

        self.allowed_hosts = set(allowed_hosts)
        self.axe = axe or axe_path()
        if not self.axe:
            raise RuntimeError(f"axe-core not found: set {AXE_ENV} to axe.min.js (./dev test installs it)")
        executable = chromium or chromium_path()
        if not executable:
            raise RuntimeError(f"no Chromium at {DEFAULT_CHROMIUM} (set {CHROMIUM_ENV})")
        self._pw = sync_playwright().start()
        args = list(CHROMIUM_ARGS) + (list(PROXY_LOOPBACK_ARGS) if proxy else [])
        try:
            self._browser = self._pw.chromium.launch(
                executable_path=executable, args=args, proxy={"server": proxy} if proxy else None
            )
        except Exception:
            self._pw.stop()
            raise
        self.viewport = viewport

    def new_context(self, viewport: tuple[int, int] | None = None):
        width, height = viewport or self.viewport
        context = self._browser.new_context(viewport={"width": width, "height": height}, ignore_https_errors=True)
        context.add_init_script(path=self.axe)
        context.route("**/*", self._gate)
        return context

    def _gate(self, route) -> None:
        netloc = urlsplit(route.request.url).netloc
        if route.request.url.startswith(("data:", "blob:")) or netloc in self.allowed_hosts:
            route.continue_()
        else:
            route.abort("blockedbyclient")

    def audit(self, url: str, *, context=None, skip_rules: tuple[str, ...] = ()) -> Audit:
        """Load ``url``, run axe over the whole document, and take the aria snapshot of <body>.

        ``skip_rules`` are not run; neither are ``SLOW_RULES`` on a page with more than
        ``MAX_WIDGETS_FOR_SLOW_RULES`` links and controls (``Audit.skipped_rules`` says which).
        """
        own = context is None
        context = context or self.new_context()
        try:
            page = context.new_page()
            try:
                page.goto(url, wait_until="load", timeout=LOAD_TIMEOUT_MS)
            except Exception as exc:  # a subresource that never finishes: audit what is there
                if "Timeout" not in type(exc).__name__:
                    raise
            page.wait_for_function("() => typeof axe !== 'undefined'", timeout=AXE_TIMEOUT_MS)
            skipped = set(skip_rules)
            if page.evaluate(_WIDGETS) > MAX_WIDGETS_FOR_SLOW_RULES:
                skipped.update(SLOW_RULES)
            rows = page.evaluate(_AXE_RUN, sorted(skipped))
            snapshot = page.locator("body").aria_snapshot(timeout=AXE_TIMEOUT_MS)
            title = page.title()
            html = page.content()
            page.close()
        finally:
            if own:
                context.close()
        return Audit(url, [Violation(r[0], r[1], int(r[2]), r[3]) for r in rows], snapshot, title=title, skipped_rules=tuple(sorted(skipped)), html=html)

    def close(self) -> None:
        try:
            self._browser.close()
        finally:
            self._pw.stop()

    def __enter__(self) -> "Browser":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def new_violations(original: Audit, served: Audit) -> list[Violation]:
    """Violations of the served page whose rule the original page did not violate."""
    return [v for v in served.violations if v.rule not in original.rules]
