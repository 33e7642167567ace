"""The addon in mitmproxy's test context with real worker processes and the real engine."""
import asyncio
import contextlib
import gzip
import logging
import os
import signal
import zlib

import brotli
import lxml.html
import pytest
import zstandard
from mitmproxy import exceptions, http
from mitmproxy.test import taddons, tflow, tutils

from clearpage.addon import proxy_addon
from clearpage.addon.proxy_addon import (
    ENCODED_EXPANSION, HEADER, SLOW_LANE_BYTES, STYLESHEET_PATH, Clearpage, is_big_page, private_cache_control, strip_bypass,
)
from tests.support.mitm import AddonHarness
from tests.support.pages import big_page, corrupt_gzip, page, png

ARTICLE = page("article.html")
HTML = {"Content-Type": "text/html; charset=utf-8"}
CONFIG = """\
proxy:
  workers: 1
  max_body_bytes: 65536
sites:
  - match: plain.example
    mode: "off"  # quoted: YAML 1.1 reads a bare off as false
  - match: filter.example
    mode: filter
"""
ENCODERS = {
    "gzip": gzip.compress,
    "deflate": zlib.compress,
    "br": brotli.compress,
    "zstd": lambda data: zstandard.ZstdCompressor().compress(data),
}


@pytest.fixture(scope="module")
def harness(tmp_path_factory):
    h = AddonHarness(tmp_path_factory.mktemp("addon"), CONFIG)
    yield h
    h.close()


def served_doc(exchange, coding=None):
    body = ENCODERS_DECODE[coding](exchange.served) if coding else exchange.served
    return lxml.html.document_fromstring(body.decode("utf-8"))


ENCODERS_DECODE = {
    "gzip": gzip.decompress,
    "deflate": zlib.decompress,
    "br": brotli.decompress,
    "zstd": lambda data: zstandard.ZstdDecompressor().decompress(data),
}


def assert_untouched(exchange, body, headers):
    assert exchange.served == body
    assert HEADER not in exchange.response.headers
    for name, value in headers.items():
        assert exchange.response.headers.get(name) == value


# ---------------------------------------------------------------------- configuration


def test_bad_config_at_start_is_an_options_error_naming_file_line_and_key(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("mode: filter\nproxy:\n  time_budget_ms: fast\n", encoding="utf-8")
    addon = Clearpage()
    with taddons.context(addon) as tctx:
        with pytest.raises(exceptions.OptionsError) as err:
            tctx.configure(addon, clearpage_config=str(bad))
    assert f"{bad}:3: proxy.time_budget_ms" in str(err.value)


def test_missing_config_file_is_an_options_error(tmp_path):
    addon = Clearpage()
    with taddons.context(addon) as tctx:
        with pytest.raises(exceptions.OptionsError, match="cannot read config"):
            tctx.configure(addon, clearpage_config=str(tmp_path / "absent.yaml"))


def test_unknown_mode_option_is_an_options_error():
    addon = Clearpage()
    with taddons.context(addon) as tctx:
        with pytest.raises(exceptions.OptionsError, match="clearpage_mode"):
            tctx.configure(addon, clearpage_mode="fancy")


def test_loads_as_a_mitmproxy_script():
    script = os.path.join(os.path.dirname(__file__), "..", "..", "addon", "proxy_addon.py")
    with taddons.context() as tctx:
        module = tctx.script(script)  # the script module; its ``addons`` list holds the addon
        (addon,) = module.addons
        assert type(addon).__name__ == "Clearpage"
        tctx.configure(addon)
        assert addon.config is not None and addon.config.path is None  # the embedded default


# ---------------------------------------------------------------------- rewriting


@pytest.mark.parametrize("coding", [None, *sorted(ENCODERS)])
def test_rewrites_html_in_every_content_coding(harness, coding):
    body = ENCODERS[coding](ARTICLE) if coding else ARTICLE
    headers = {**HTML, **({"Content-Encoding": coding} if coding else {})}
    ex = harness.exchange(body, headers, path="/story.html")
    assert not ex.streamed
    response = ex.response
    assert response.headers.get("content-encoding") == coding  # served in the coding the client accepted
    assert response.headers["content-length"] == str(len(ex.served))
    assert response.headers["content-type"] == "text/html; charset=utf-8"
    assert response.headers[HEADER].startswith("mode=reader; ms=")
    fields = dict(part.split("=", 1) for part in response.headers[HEADER].split("; "))
    # the worker's wall time and CPU, and the queue wait (bench proxy reads them)
    assert float(fields["worker"]) > 0 and float(fields["cpu"]) > 0 and float(fields["wait"]) >= 0
    doc = served_doc(ex, coding)
    assert "dippers" in doc.text_content()  # the article
    assert not doc.xpath("//iframe") and b"doubleclick" not in ENCODERS_DECODE.get(coding, lambda b: b)(ex.served)
    removed = doc.xpath("//nav[@data-clearpage='removed-links']//a/@href")
    assert "http://example.com/weather/" in removed  # the nav link list, kept reachable
    assert doc.xpath("//a[@href='http://example.com/story.html?clearpage=off']")  # the way back


def test_charset_only_in_the_header(harness):
    latin = page("latin1.html")
    ex = harness.exchange(latin, {"Content-Type": "text/html; charset=iso-8859-1"})
    assert ex.response.headers["content-type"] == "text/html; charset=utf-8"
    text = ex.served.decode("utf-8")
    assert "Naïve façade, crème brûlée" in text
    assert '<meta charset="utf-8">' in text


def test_stale_meta_charset_is_replaced(harness):
    body = "<html><head><meta http-equiv='Content-Type' content='text/html; charset=iso-8859-1'>" \
           "<title>x</title></head><body><p id='t'>Caf\xe9 au lait</p></body></html>"
    ex = harness.exchange(body.encode("latin-1"), {"Content-Type": "text/html"}, host="filter.example")
    doc = served_doc(ex)
    assert doc.get_element_by_id("t").text == "Café au lait"
    assert [m.get("charset") for m in doc.xpath("//meta[@charset]")] == ["utf-8"]
    assert not doc.xpath("//meta[@http-equiv]")


def test_headers_of_a_rewritten_page(harness):
    headers = {
        **HTML, "ETag": '"v1"', "Cache-Control": "public, max-age=60, s-maxage=600", "Content-MD5": "abc=",
        "Accept-Ranges": "bytes", "Last-Modified": "Mon, 01 Jan 2024 00:00:00 GMT",
    }
    response = harness.exchange(ARTICLE, headers).response
    assert response.headers["etag"] == 'W/"v1"'
    assert response.headers["cache-control"] == "private, max-age=60"
    assert "content-md5" not in response.headers and "accept-ranges" not in response.headers
    assert response.headers["last-modified"] == headers["Last-Modified"]


def test_private_cache_control_keeps_no_store():
    assert private_cache_control(["no-store"]) == "private, no-store"
    assert private_cache_control([]) == "private"
    assert private_cache_control(["private, max-age=0", "must-revalidate"]) == "private, max-age=0, must-revalidate"


def test_filter_mode_page_keeps_layout_minus_ads(harness):
    ex = harness.exchange(page("portal.html"), HTML, host="filter.example")
    assert ex.response.headers[HEADER].startswith("mode=filter;")
    doc = served_doc(ex)
    assert doc.xpath("//p[@id='notice']") and not doc.xpath("//iframe") and not doc.xpath("//table")
    assert not doc.xpath("//div[@id='portal-links']")
    assert "http://filter.example/ferry/" not in doc.xpath("//a/@href")  # not a link on the page...
    assert "http://filter.example/f/" in doc.xpath("//nav[@data-clearpage='removed-links']//a/@href")  # ...but kept


def test_mode_option_overrides_the_config(harness):
    harness.configure(clearpage_mode="text")
    try:
        ex = harness.exchange(ARTICLE, HTML, host="plain.example")  # "off" by site rule, text by option
    finally:
        harness.configure(clearpage_mode="")
    assert ex.response.headers["content-type"] == "text/plain; charset=utf-8"
    assert "dippers" in ex.served.decode("utf-8") and "<p>" not in ex.served.decode("utf-8")


# ---------------------------------------------------------------------- what passes untouched


@pytest.mark.parametrize(
    "case, kwargs",
    [
        ("png", dict(body=png(), headers={"Content-Type": "image/png"})),
        ("404", dict(body=page("missing.html"), headers=HTML, status=404)),
        ("HEAD", dict(body=b"", headers=HTML, method="HEAD")),
        ("POST", dict(body=ARTICLE, headers=HTML, method="POST")),
        ("204", dict(body=b"", headers=HTML, status=204)),
        ("206", dict(body=ARTICLE[:100], headers={**HTML, "Content-Range": "bytes 0-99/3000"}, status=206)),
        ("304", dict(body=b"", headers=HTML, status=304)),
        ("attachment", dict(body=ARTICLE, headers={**HTML, "Content-Disposition": "attachment; filename=a.html"})),
        ("event-stream", dict(body=b"data: x\n\n", headers={"Content-Type": "text/event-stream"})),
        ("json", dict(body=b'{"a": "<p>x</p>"}', headers={"Content-Type": "application/json"})),
        ("over the limit", dict(body=ARTICLE * 40, headers=HTML)),
        ("unknown coding", dict(body=b"\x1f\x9d\x90", headers={**HTML, "Content-Encoding": "compress"})),
        ("mode off for the site", dict(body=ARTICLE, headers=HTML, host="plain.example")),
    ],
)
def test_streams_what_it_does_not_rewrite(harness, case, kwargs):
    ex = harness.exchange(**kwargs)
    assert ex.streamed, case
    assert_untouched(ex, kwargs["body"], kwargs["headers"])


def test_bypass_parameter_is_stripped_and_the_page_passes_untouched(harness):
    ex = harness.exchange(ARTICLE, HTML, path="/story.html?a=%20b&clearpage=off&c=d+e")
    assert ex.upstream_path == "/story.html?a=%20b&c=d+e"  # the rest of the query byte for byte
    assert ex.streamed
    assert_untouched(ex, ARTICLE, HTML)


def test_strip_bypass():
    assert strip_bypass("/a") is None
    assert strip_bypass("/a?clearpage=on") is None
    assert strip_bypass("/a?clearpage=off") == "/a"
    assert strip_bypass("/a?x=1&clearpage=off&clearpage=off") == "/a?x=1"


# ---------------------------------------------------------------------- fail-open


def test_broken_gzip_serves_the_original_and_logs_why(harness, caplog):
    broken = corrupt_gzip(ARTICLE)
    headers = {**HTML, "Content-Encoding": "gzip"}
    with caplog.at_level(logging.WARNING, logger="clearpage.proxy"):
        ex = harness.exchange(broken, headers, path="/broken.html")
    assert not ex.streamed  # it was buffered, tried, and given back as it came
    assert_untouched(ex, broken, headers)
    assert any("http://example.com/broken.html" in r.getMessage() and "gzip" in r.getMessage() for r in caplog.records)


def test_truncated_gzip_serves_the_original(harness):
    packed = gzip.compress(ARTICLE)
    ex = harness.exchange(packed[:-20], {**HTML, "Content-Encoding": "gzip"})
    assert_untouched(ex, packed[:-20], {"content-encoding": "gzip"})


def test_chunked_body_over_the_limit_passes_untouched(harness, caplog):
    # No Content-Length: the size is known only once the body is in. (In the real proxy
    # mitmproxy streams it past stream_large_bodies, which the addon sets to the limit.)
    big = ARTICLE * 40
    with caplog.at_level(logging.INFO, logger="clearpage.proxy"):
        ex = harness.exchange(big, HTML, chunked=True)
    assert not ex.streamed
    assert_untouched(ex, big, {"transfer-encoding": "chunked"})
    assert any("over the limit" in r.getMessage() for r in caplog.records)


def test_chunked_html_is_rewritten_and_stays_chunked(harness):
    ex = harness.exchange(ARTICLE, HTML, chunked=True)
    assert ex.response.headers[HEADER].startswith("mode=reader;")
    assert ex.response.headers["transfer-encoding"] == "chunked" and "content-length" not in ex.response.headers


# ---------------------------------------------------------------------- CSP and the stylesheet


def test_csp_without_inline_style_gets_a_same_origin_stylesheet(harness):
    csp = "default-src 'self'; script-src 'none'"
    ex = harness.exchange(ARTICLE, {**HTML, "Content-Security-Policy": csp}, scheme="https", host="secure.example")
    site, ours = ex.response.headers.get_all("content-security-policy")
    assert site == csp and ours.startswith("script-src 'none'")  # never loosened: clearpage's only adds up
    doc = served_doc(ex)
    assert not doc.xpath("//style") and not doc.xpath("//script") and not doc.xpath("//*[@style]")
    (href,) = doc.xpath("//link[@rel='stylesheet']/@href")
    assert href.startswith(STYLESHEET_PATH + "?v=")
    css = harness.exchange(b"", path=href, scheme="https", host="secure.example")
    assert css.response.status_code == 200
    assert css.response.headers["content-type"] == "text/css; charset=utf-8"
    assert b"--cp-fg" in css.served


def test_a_filtered_page_under_such_a_csp_links_the_filtered_page_stylesheet(harness):
    csp = "default-src 'self'"
    ex = harness.exchange(ARTICLE, {**HTML, "Content-Security-Policy": csp}, scheme="https", host="filter.example")
    assert ex.response.headers[HEADER].startswith("mode=filter;")
    doc = served_doc(ex)
    assert not doc.xpath("//style")
    (href,) = doc.xpath("//link[@data-clearpage='style']/@href")
    assert href.startswith(STYLESHEET_PATH + "?v=") and href.endswith("&page=filtered")
    css = harness.exchange(b"", path=href, scheme="https", host="filter.example")
    assert css.response.status_code == 200 and css.response.headers["content-type"] == "text/css; charset=utf-8"
    assert b"data-cp-unstyled" in css.served and b"--cp-fg" in css.served


def test_csp_forbidding_every_stylesheet_gets_none(harness):
    ex = harness.exchange(ARTICLE, {**HTML, "Content-Security-Policy": "style-src 'none'"})
    doc = served_doc(ex)
    assert not doc.xpath("//style") and not doc.xpath("//link[@rel='stylesheet']")
    assert "dippers" in doc.text_content()


def test_no_csp_means_inline_style(harness):
    doc = served_doc(harness.exchange(ARTICLE, HTML))
    assert doc.xpath("//style") and not doc.xpath("//link[@rel='stylesheet']")


# ---------------------------------------------------------------------- reload


def test_reload_applies_a_good_edit_and_keeps_the_last_good_config(tmp_path, caplog):
    # reload_check_s: 3600 keeps the proxy's own watcher asleep: it would race the test's
    # check_reload calls for each edit (see tests/faults/test_config_faults.py).
    h = AddonHarness(tmp_path, "proxy:\n  workers: 1\n  reload_check_s: 3600\n")
    try:
        assert h.exchange(ARTICLE, HTML).response.headers[HEADER].startswith("mode=reader;")
        h.config_file.write_text("proxy:\n  workers: 1\n  reload_check_s: 3600\nmode: text\n", encoding="utf-8")
        os.utime(h.config_file, ns=(1, 1))  # a stamp that surely differs
        assert h.run(h.addon.check_reload()) is True
        ex = h.exchange(ARTICLE, HTML)
        assert ex.response.headers["content-type"] == "text/plain; charset=utf-8"
        h.config_file.write_text("proxy:\n  workers: 1\n  reload_check_s: 3600\nmode: text\nchain: [ignore, nonsense]\n", encoding="utf-8")
        os.utime(h.config_file, ns=(2, 2))
        with caplog.at_level(logging.ERROR, logger="clearpage.proxy"):
            assert h.run(h.addon.check_reload()) is False
        assert any(f"{h.config_file}:5: chain[1]" in r.getMessage() for r in caplog.records)
        assert any("keeping the last good config" in r.getMessage() for r in caplog.records)
        assert h.exchange(ARTICLE, HTML).response.headers["content-type"] == "text/plain; charset=utf-8"
        assert h.run(h.addon.check_reload()) is False  # unchanged since: nothing to do
    finally:
        h.close()


def test_release_memory_frees_a_finished_big_body_held_in_a_cycle():
    """A finished flow's body in a reference cycle is freed at once, not at the next full collection."""
    import asyncio
    import gc
    import weakref

    from clearpage.addon.proxy_addon import release_memory

    class Flow:  # a flow and its layer pointing at each other, as mitmproxy's do
        pass

    class Body(bytearray):  # weakly referable
        pass

    async def main():
        flow = Flow()
        flow.body = Body(8 * 2**20)
        flow.layer = Flow()
        flow.layer.flow = flow
        body = weakref.ref(flow.body)
        del flow
        assert body() is not None  # only the cycle collector can free it
        release_memory()
        await asyncio.sleep(0)
        return body()

    was_enabled = gc.isenabled()
    gc.disable()  # no automatic collection may come first
    try:
        assert asyncio.run(main()) is None
    finally:
        if was_enabled:
            gc.enable()


def test_everyday_pages_give_the_freed_heap_back_once_their_bytes_add_up(harness, monkeypatch):
    """Small pages trim too (addon.malloc.TrimPacer), not at each page: the main process's heap
    otherwise kept the freed pages of every job and reply it had handled (bench proxy's drift)."""
    import time

    from clearpage.addon import malloc

    trims = []
    real_trim = malloc.trim
    monkeypatch.setattr(malloc, "trim", lambda: trims.append(1) or real_trim())  # the real trim, counted
    monkeypatch.setattr(harness.addon, "trims", malloc.TrimPacer(every_bytes=10**12))
    ex = harness.exchange(ARTICLE, HTML)
    assert ex.response.headers[HEADER].startswith("mode=reader;")
    assert harness.addon.trims.due == 0 and not trims  # far from the pace: no trim for this page
    monkeypatch.setattr(harness.addon, "trims", malloc.TrimPacer(every_bytes=2 * len(ARTICLE) + 1))
    for _ in range(3):  # three pages pass at least three times the page's bytes: the pace is reached
        harness.exchange(ARTICLE, HTML)
    assert harness.addon.trims.due >= 1
    deadline = time.monotonic() + 5
    while len(trims) < harness.addon.trims.due and time.monotonic() < deadline:
        harness.run(asyncio.sleep(0.01))  # the trim runs in the loop's executor
    assert len(trims) == harness.addon.trims.due


# ---------------------------------------------------------------------- the slow lane


def test_only_a_page_over_the_size_threshold_is_big():
    assert is_big_page(SLOW_LANE_BYTES, None) and is_big_page(SLOW_LANE_BYTES, "identity")
    assert not is_big_page(SLOW_LANE_BYTES - 1, None)
    # A compressed body is judged by the size it will decode to, about ENCODED_EXPANSION times its own.
    assert is_big_page(SLOW_LANE_BYTES // ENCODED_EXPANSION + 1, "gzip")
    assert not is_big_page(SLOW_LANE_BYTES // ENCODED_EXPANSION - 1, "br")


@pytest.fixture()
def lane_harness(tmp_path):
    config = "proxy:\n  workers: 1\n  max_body_bytes: 8388608\n  time_budget_ms: 60000\n"  # budget: a loaded test machine
    h = AddonHarness(tmp_path, config)
    yield h
    h.close()


@contextlib.contextmanager
def paused(pids):
    """SIGSTOP the processes for the block's duration (a worker busy on a page that never ends)."""
    for pid in pids:
        os.kill(pid, signal.SIGSTOP)
    try:
        yield
    finally:
        for pid in pids:
            os.kill(pid, signal.SIGCONT)


def test_a_big_page_goes_to_the_slow_lane_and_leaves_the_workers_free(lane_harness):
    addon = lane_harness.addon
    assert addon.slow_lane is None  # no lane worker until a big page comes
    (worker,) = addon.pool.pids()
    with paused([worker]):  # the workers are busy: the big page is filtered all the same, by the lane started for it
        big = lane_harness.exchange(big_page(SLOW_LANE_BYTES), HTML, chunked=True)  # chunked: the harness's hooks run off the loop
    assert big.response.headers[HEADER].startswith("mode=")
    (lane,) = addon.slow_lane.pids()
    assert os.getpriority(os.PRIO_PROCESS, lane) > os.getpriority(os.PRIO_PROCESS, worker)  # the OS serves the workers first
    with paused([lane]):  # the lane is busy: an everyday page does not wait for it
        small = lane_harness.exchange(ARTICLE, HTML)
    assert small.response.headers[HEADER].startswith("mode=")


def test_a_big_page_over_its_budget_in_the_lane_is_served_as_it_came(tmp_path):
    h = AddonHarness(tmp_path, "proxy:\n  workers: 1\n  max_body_bytes: 8388608\n  time_budget_ms: 300\n")
    try:
        body = big_page(SLOW_LANE_BYTES)
        h.run(start_lane(h.addon))
        with paused(h.addon.slow_lane.pids()):
            exchange = h.exchange(body, HTML, chunked=True)
        assert_untouched(exchange, body, HTML)
    finally:
        h.close()


async def start_lane(addon):
    """Start the slow lane as a big page would, and wait until its worker answers."""
    addon._lane_for_page()
    addon._lane_busy -= 1  # no page is really in it
    await addon.slow_lane.wait_started()


def test_the_lane_stops_when_no_big_page_came_for_a_while(lane_harness, monkeypatch):
    monkeypatch.setattr(proxy_addon, "SLOW_LANE_IDLE_S", 0.2)
    addon = lane_harness.addon
    lane_harness.exchange(big_page(SLOW_LANE_BYTES), HTML, chunked=True)
    (lane,) = addon.slow_lane.pids()
    lane_harness.run(asyncio.sleep(0.5))
    assert addon.slow_lane is None
    with pytest.raises(ProcessLookupError):  # killed and reaped
        os.kill(lane, 0)
    again = lane_harness.exchange(big_page(SLOW_LANE_BYTES), HTML, chunked=True)  # the next big page starts it again
    assert again.response.headers[HEADER].startswith("mode=") and len(addon.slow_lane.pids()) == 1


def test_a_big_page_announced_by_its_length_starts_the_lane_before_its_body_arrives(lane_harness):
    def response_headers(length: int) -> http.HTTPFlow:
        flow = tflow.tflow()
        headers = [(b"content-type", b"text/html; charset=utf-8"), (b"content-length", str(length).encode())]
        flow.response = tutils.tresp(status_code=200, headers=http.Headers(headers), content=None)
        return flow

    async def headers_arrive(length: int) -> None:  # on the event loop, as mitmproxy calls the hook
        lane_harness.addon.responseheaders(response_headers(length))

    lane_harness.run(headers_arrive(SLOW_LANE_BYTES - 1))
    assert lane_harness.addon.slow_lane is None  # an everyday page: no lane
    lane_harness.run(headers_arrive(SLOW_LANE_BYTES))
    lane = lane_harness.addon.slow_lane
    assert lane is not None
    lane_harness.run(lane.wait_started())
    assert len(lane.pids()) == 1


def test_a_big_page_in_flight_keeps_the_lane_running(lane_harness, monkeypatch):
    monkeypatch.setattr(proxy_addon, "SLOW_LANE_IDLE_S", 0.0)
    addon = lane_harness.addon
    lane_harness.run(start_lane(addon))
    addon._lane_busy += 1  # a big page is in the lane
    addon._stop_idle_lane(addon._lane_pages)
    assert addon.slow_lane is not None
    addon._lane_busy -= 1
    addon._stop_idle_lane(addon._lane_pages - 1)  # a big page came after the timer was set
    assert addon.slow_lane is not None
    addon._stop_idle_lane(addon._lane_pages)
    assert addon.slow_lane is None


def test_the_lane_options_decide_which_pages_are_big_and_how_low_the_lane_runs(tmp_path):
    h = AddonHarness(tmp_path, "proxy:\n  workers: 1\n  time_budget_ms: 60000\n")
    try:
        h.configure(clearpage_slow_lane_bytes=len(ARTICLE), clearpage_slow_lane_niceness=3)
        (worker,) = h.addon.pool.pids()
        with paused([worker]):  # an article is a big page now
            served = h.exchange(ARTICLE, HTML, chunked=True)
        assert served.response.headers[HEADER].startswith("mode=")
        (lane,) = h.addon.slow_lane.pids()
        assert os.getpriority(os.PRIO_PROCESS, lane) == os.getpriority(os.PRIO_PROCESS, worker) + 3
        h.configure(clearpage_slow_lane_expansion=2)
        assert h.addon.lane.expansion == 2 and is_big_page(len(ARTICLE) // 2, "gzip", h.addon.lane)
    finally:
        h.close()


@pytest.mark.parametrize("option, value", [
    ("clearpage_slow_lane_bytes", 0), ("clearpage_slow_lane_expansion", 0),
    ("clearpage_slow_lane_niceness", -1), ("clearpage_slow_lane_niceness", 20),
])
def test_a_lane_option_out_of_range_is_an_options_error(option, value):
    addon = Clearpage()
    with taddons.context(addon) as tctx:
        with pytest.raises(exceptions.OptionsError, match=option):
            tctx.configure(addon, **{option: value})


def test_removed_counts_the_links_a_reader_page_left_out(tmp_path):
    # No filter in the chain removes anything: all the page loses is what the reader page leaves
    # out, and the 14 links of it the removed-links list shows are counted.
    nav = "".join(f'<li><a href="/section/{i}">Section {i}</a></li>' for i in range(14))
    story = "".join(f"<p>Paragraph {i} of the story, long enough to be read as the article's own text, with a sentence or two more.</p>" for i in range(12))
    body = f"<!doctype html><html lang=en><head><title>A story</title></head><body><nav><ul>{nav}</ul></nav><article><h1>A story</h1>{story}</article></body></html>"
    h = AddonHarness(tmp_path, "proxy:\n  workers: 1\nmode: reader\nchain: [removed_links]\n")
    try:
        response = h.exchange(body.encode(), HTML).response
    finally:
        h.close()
    doc = lxml.html.fromstring(response.content)
    listed = doc.xpath("//nav[@data-clearpage='removed-links']//a")
    assert len(listed) == 14
    assert response.headers[HEADER].startswith("mode=reader;")
    assert response.headers[HEADER].endswith("; removed=14")
    assert "reader mode, 14 removed" in " ".join(doc.text_content().split())
