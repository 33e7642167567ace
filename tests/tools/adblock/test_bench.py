"""`clearpage bench adblock` end to end on a tiny list (the real figures come from the shared lists)."""
import json

from clearpage.cli import main

LIST = "||ads.example^\n##.sponsored\n@@||ads.example/ok/\n"
REQUESTS = [
    {"url": "https://ads.example/a.png", "sourceUrl": "https://site.example/", "type": "image", "filters": ["||ads.example^"]},
    {"url": "https://ads.example/ok/a.png", "sourceUrl": "https://site.example/", "type": "image", "filters": ["@@||ads.example/ok/"]},
    {"url": "https://x.example/a.png", "sourceUrl": "https://site.example/", "type": "image", "filters": ["||y.example^"]},
]


def test_bench_adblock_prints_and_writes_figures(tmp_path, capsys):
    lists = tmp_path / "list.txt"
    lists.write_text(LIST, encoding="utf-8")
    requests = tmp_path / "requests.json"
    requests.write_text(json.dumps(REQUESTS), encoding="utf-8")
    out = tmp_path / "out" / "bench.json"
    argv = ["bench", "adblock", "--lists", str(lists), "--requests", str(requests), "--shared", str(tmp_path), "--seconds", "0.02", "--json", str(out)]
    assert main(argv) == 0
    printed = capsys.readouterr().out
    assert "cached load" in printed and "network checks" in printed and "2/3 rule checks right" in printed
    figures = json.loads(out.read_text(encoding="utf-8"))
    assert figures["machine"]["cores"] >= 1 and figures["machine"]["python"]
    assert figures["load"]["cold_parse_compile_s"] > 0 and figures["load"]["cached_s"] > 0
    assert figures["load"]["fresh_process_load_s"] > 0 and figures["load"]["fresh_process_from_cache"] is True
    assert figures["network"]["checks_per_s"] > 0 and figures["network"]["blocked_share"] == round(1 / 3, 4)
    assert figures["conformance"]["right"] == 2 and figures["conformance"]["rules"] == 3
    assert figures["cosmetic_lookup"]["lookups_per_s"] > 0
    assert "element_hiding_pages" not in figures


def test_bench_adblock_missing_list_is_a_clear_error(tmp_path, capsys):
    assert main(["bench", "adblock", "--lists", str(tmp_path / "nope.txt")]) == 2
    assert "nope.txt" in capsys.readouterr().err
