"""A class-name guess ("ads" in ``img.block-image-ads``) never removes the article's photo inside
the selection; a real list rule matching the same photo still does (the chain's ad_server)."""
import pytest

from clearpage.filters import load_config, load_config_text
from clearpage.filters.pipeline import Pipeline

PROSE = "<p>" + "The harbour was quiet on Sunday morning when the boats came back with their catch. " * 5 + "</p>"
PHOTO = "https://example.com/img/boats.jpg"
HTML = (f"<html><head><title>Harbour news</title></head><body><nav><a href='/'>Home</a></nav><article>"
        f"<h1>Boats return to the harbour</h1><figure class='block-image'><img class='block-image-ads hero-image' "
        f"src='{PHOTO}' alt='Boats'><figcaption>The boats at dawn, seen from the pier.</figcaption></figure>"
        f"{PROSE}{PROSE}<div class='ads'><a href='https://shop.example.org/'>Buy a boat now</a></div></article></body></html>")


def reader(pipeline):
    out = pipeline.run(HTML.encode(), "https://example.com/harbour", mode="reader").output
    return out if isinstance(out, str) else out.decode()


def test_a_lead_photo_named_like_an_ad_stays_with_its_caption():
    # (captions kept: by default a short story's lead caption goes, rules/lead_captions.py)
    out = reader(Pipeline(load_config_text("mode: auto\ncontent:\n  captions: keep\n")))
    assert PHOTO in out and "The boats at dawn" in out
    assert "Buy a boat now" not in out.split("</article>")[0]  # the guess still removes a block that is not a picture


@pytest.mark.parametrize("rule", ["||example.com/img/boats.jpg", "example.com##img.hero-image"])
def test_a_real_list_rule_still_removes_it(tmp_path, rule):
    (tmp_path / "list.txt").write_text(f"[Adblock Plus 2.0]\n{rule}\n")
    (tmp_path / "config.yaml").write_text(
        f"filters:\n  ad_server:\n    adblock_lists: [list.txt]\n    cache_dir: {tmp_path / 'cache'}\n")
    out = reader(Pipeline(load_config(tmp_path / "config.yaml")))
    assert PHOTO not in out
