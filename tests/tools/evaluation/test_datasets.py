"""Dataset detection and loading, on tiny datasets in both layouts."""
import pytest

from clearpage.tools.evaluation import datasets


def test_detects_both_layouts_and_rejects_others(wcxb_dir, readability_dir, tmp_path):
    assert datasets.detect(wcxb_dir) == datasets.WCXB
    assert datasets.detect(readability_dir) == datasets.READABILITY
    with pytest.raises(datasets.DatasetError, match="neither"):
        datasets.detect(tmp_path / "wcxb" / "html")
    with pytest.raises(datasets.DatasetError, match="not a directory"):
        datasets.detect(tmp_path / "missing")


def test_wcxb_pages_in_file_order_with_type_url_and_reference(wcxb_dir):
    pages = datasets.load(wcxb_dir)
    assert [(p.page_id, p.page_type) for p in pages] == [("0001", "article"), ("0002", "article"), ("0003", "listing")]
    assert pages[0].url == "https://example.com/0001"
    assert pages[0].html().startswith(b"<!DOCTYPE html>")  # gunzipped
    ref = pages[0].reference()
    assert ref.text.startswith("Mill") and ref.with_snippets == ("old mill running",) and ref.without_snippets == ("Section 3",)


def test_type_filter_and_limit(wcxb_dir):
    assert [p.page_id for p in datasets.load(wcxb_dir, page_types=("listing",))] == ["0003"]
    assert [p.page_id for p in datasets.load(wcxb_dir, limit=2)] == ["0001", "0002"]
    with pytest.raises(datasets.DatasetError, match="no pages of type forum"):
        datasets.load(wcxb_dir, page_types=("forum",))


def test_readability_reference_is_expected_text_with_block_breaks(readability_dir):
    pages = datasets.load(readability_dir)
    assert [(p.page_id, p.page_type) for p in pages] == [("one", "readerable"), ("two", "not-readerable")]
    text = pages[0].reference().text
    # Words of adjacent blocks stay apart; inline markup does not split a word.
    assert text.endswith("summer of that year.\n\nLastword\n")
    assert pages[0].reference().with_snippets == ()
