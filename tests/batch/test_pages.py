"""One WARC file through ``convert_file``: every record's status, the decoders, the broken parts.

These run the task a Dask worker runs, in this process, with its real page worker pool.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("fastwarc")

from clearpage.addon.worker import ConfigSpec  # noqa: E402
from clearpage.batch.task import Options, convert_file  # noqa: E402
from clearpage.filters import load_config_text  # noqa: E402

from tests.batch import warcs  # noqa: E402
from tests.batch.poison_worker import MODULE as POISON_WORKER  # noqa: E402

ROOMY = "proxy:\n  time_budget_ms: 30000\n"  # no page of these runs into the budget, however loaded the machine


def options(text: str = ROOMY, **kw) -> Options:
    config = load_config_text(text, "<test>")
    return Options(config=ConfigSpec(config.digest, None, text), budget_ms=config.proxy.time_budget_ms,
                   max_body_bytes=config.proxy.max_body_bytes, **kw)


def rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def convert(tmp_path: Path, name: str, records: list[bytes], gzipped: bool, broken=frozenset(), opts: Options | None = None):
    source = warcs.write(tmp_path / (name + (".warc.gz" if gzipped else ".warc")), records, gzipped, set(broken))
    out = tmp_path / (name + ".jsonl")
    result = convert_file(str(source), str(out), opts or options())
    return result, rows(out)


def test_each_record_gets_its_status_and_coded_bodies_decode_like_plain_ones(tmp_path):
    (u1, p1), (u2, p2), (u3, p3), (u4, p4) = warcs.pages()[:4]
    records = [
        warcs.record("warcinfo", None, b"software: test\r\n", 0, "application/warc-fields"),
        warcs.record("request", u1, b"GET / HTTP/1.1\r\nHost: a\r\n\r\n", 1, "application/http; msgtype=request"),
        warcs.response(u1, p1, 2),
        warcs.response("http://x.example/a.png", b"\x89PNG\r\n", 3, content_type="image/png"),
        warcs.record("revisit", u1, b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n", 4),
        warcs.response(u1, p1, 5, coding="gzip", chunked=True),
        warcs.response(u2, p2, 6, coding="br"),
        warcs.response(u3, p3, 7, coding="zstd", chunked=True),
        warcs.response(u4, p4, 8, coding="gzip"),
    ]
    truncated = warcs.response(u4, p4, 9)
    result, out = convert(tmp_path, "mixed", records + [truncated[: len(truncated) // 2]], gzipped=False)
    assert [r["status"] for r in out[:7]] == ["ok", "not_html", "revisit", "ok", "ok", "ok", "ok"]
    assert out[7]["url"] == u4 and out[7]["status"].startswith("error: truncated record")
    assert [r["record_id"] for r in out][:3] == [f"<urn:uuid:00000000-0000-0000-0000-{n:012d}>" for n in (2, 3, 4)]
    plain, chunked_gzip = out[0], out[3]
    assert plain["text"] and plain["title"] and plain["lang"]
    assert {k: v for k, v in chunked_gzip.items() if k != "record_id" and k != "date"} == {k: v for k, v in plain.items() if k != "record_id" and k != "date"}
    assert all(r["text"] for r in out[3:7])
    assert result.other_records == 2 and result.pages == len(out) == 8
    assert result.statuses == {"ok": 5, "not_html": 1, "revisit": 1, "error": 1}


def test_a_broken_gzip_member_costs_its_record_only(tmp_path):
    pages = warcs.pages()[:5]
    records = [warcs.response(url, html, n) for n, (url, html) in enumerate(pages)]
    _, whole = convert(tmp_path, "whole", records, gzipped=True)
    _, out = convert(tmp_path, "broken", records, gzipped=True, broken={2})
    assert [r["status"] for r in whole] == ["ok"] * 5
    assert out[2]["url"] is None and out[2]["status"].startswith("error: bytes ") and "unreadable" in out[2]["status"]
    assert out[:2] + out[3:] == whole[:2] + whole[3:]


def test_a_runaway_page_is_a_timeout_and_a_crashing_one_an_error_and_nothing_else_is_lost(tmp_path, monkeypatch):
    monkeypatch.setenv("PYTHONPATH", str(warcs.PROJECT))  # the page workers run tests.batch.poison_worker
    pages = warcs.pages()[:3]
    runaway = pages[1][1].replace(b"<body", warcs.POISON + b"<body", 1)
    crash = pages[2][1].replace(b"<body", warcs.CRASH + b"<body", 1)
    records = [warcs.response(pages[0][0], pages[0][1], 1), warcs.response("http://x.example/runaway", runaway, 2),
               warcs.response(pages[1][0], pages[1][1], 3), warcs.response("http://x.example/crash", crash, 4),
               warcs.response(pages[2][0], pages[2][1], 5)]
    tight = "proxy:\n  time_budget_ms: 4000\n"  # the runaway page's budget (small pages take a few ms)
    _, out = convert(tmp_path, "poison", records, gzipped=True, opts=options(tight, worker_module=POISON_WORKER))
    _, plain = convert(tmp_path, "plain", [records[0], records[2], records[4]], gzipped=True, opts=options(tight))
    assert out[1]["status"] == "timeout" and out[1]["text"] is None
    assert out[3]["status"].startswith("error: worker died")
    assert [out[0], out[2], out[4]] == plain and all(r["status"] == "ok" for r in plain)


def test_the_site_memory_is_never_used_even_when_the_config_asks_for_it(tmp_path):
    memory = tmp_path / "memory.sqlite"
    pages = warcs.pages()[:2]
    records = [warcs.response(url, html, n) for n, (url, html) in enumerate(pages)]
    _, plain = convert(tmp_path, "plain", records, gzipped=True)
    _, asked = convert(tmp_path, "asked", records, gzipped=True, opts=options(ROOMY + f"memory:\n  use: always\n  path: {memory}\n"))
    assert asked == plain and not memory.exists()


def test_a_missing_input_is_one_line_naming_the_list_and_line(tmp_path, capsys):
    from clearpage.cli import main

    listing = tmp_path / "paths.txt"
    listing.write_text("# crawl of May\nmissing.warc.gz\n", encoding="utf-8")
    assert main(["batch", f"@{listing}", "-o", str(tmp_path / "out")]) == 2
    assert capsys.readouterr().err == f"clearpage batch: {listing}:2: no such file: missing.warc.gz\n"
    assert main(["batch", str(tmp_path / "nothing"), "-o", str(tmp_path / "out")]) == 2
    assert capsys.readouterr().err == f"clearpage batch: {tmp_path / 'nothing'}: no such file or folder\n"


def test_parquet_output_holds_the_same_rows_as_jsonl(tmp_path):
    import pyarrow.parquet as parquet  # the parquet extra (./dev test installs it)
    pages = warcs.pages()[:3]
    records = [warcs.response(url, html, n) for n, (url, html) in enumerate(pages)]
    records.append(warcs.response("http://x.example/a.png", b"\x89PNG\r\n", 9, content_type="image/png"))
    source = warcs.write(tmp_path / "p.warc.gz", records, gzipped=True)
    _, jsonl = convert(tmp_path, "p", records, gzipped=True)
    convert_file(str(source), str(tmp_path / "p.parquet"), options(format="parquet"))
    assert parquet.read_table(tmp_path / "p.parquet").to_pylist() == jsonl
