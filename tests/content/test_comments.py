"""content.comments: auto | keep | drop, on an article with comments and on a forum thread, in every mode."""
from __future__ import annotations

import pytest

from clearpage.filters import dom
from clearpage.filters.pipeline import Pipeline, extract_text
from clearpage.filters.settings import load_config

ARTICLE_URL = "https://news.example.com/2026/11/the-river-story"
FORUM_URL = "https://forum.example.com/threads/driver-problem.123/"
NAV = "<nav><ul>" + "".join(f"<li><a href='/s{i}'>Section {i}</a></li>" for i in range(8)) + "</ul></nav>"
STORY = ("The river rose two metres overnight and the town council met at dawn to decide which streets to close. "
         "Volunteers filled sandbags in the square while the fire brigade pumped water out of the old mill, "
         "and by noon the bridge was shut to all traffic until the engineers had checked its pillars. ")


def comment(i: int) -> str:
    return (f"<li class='comment' id='comment-{i}'><div class='comment-author'>Reader {i}</div>"
            f"<div class='comment-content'><p>Comment {i}: my street flooded too, and the council's pumps came far "
            "too late for the shops by the bridge; thanks for reporting it.</p></div>"
            "<a class='comment-reply-link' href='#respond'>Reply</a></li>")


def article(lang: str = "en") -> str:
    comments = "".join(comment(i) for i in range(4))
    return (f"<html lang='{lang}'><head><title>The river story</title></head><body><header>{NAV}</header>"
            "<main><article class='post'><h1>The river story</h1>"
            + "".join(f"<p>{STORY}</p>" for _ in range(4))
            + "</article>"
            f"<div id='comments' class='comments-area'><h3 class='comments-title'>4 comments</h3><ol class='comment-list'>{comments}</ol>"
            "<div id='respond' class='comment-respond'><form class='comment-form' action='/post'><textarea name='c'></textarea>"
            "<button type='submit'>Post comment</button></form></div></div></main>"
            "<footer><p>Copyright the News, all rights reserved.</p></footer></body></html>")


def post(i: int) -> str:
    return (f"<article class='message'><div class='message-user'><a href='/u/{i}'>user{i}</a></div>"
            f"<div class='message-body'><p>Post {i}: I tried the new driver and the problem went away after a reboot, "
            "thanks for the tip, it saved my evening and my weekend plans.</p></div></article>")


def forum() -> str:
    posts = "".join(post(i) for i in range(6))
    return f"<html lang='en'><body>{NAV}<div class='thread'><h1>Driver problem</h1>{posts}</div></body></html>"


def config(tmp_path, comments: str | None, site: str | None = None):
    text = f"content:\n  comments: {comments}\n" if comments else ""
    if site:
        text += f"sites:\n  - match: news.example.com\n    content:\n      comments: {site}\n"
    path = tmp_path / "clearpage.yaml"
    path.write_text(text or "{}\n", encoding="utf-8")
    return load_config(str(path))


def comments_in(text: str) -> list[int]:
    return [i for i in range(6) if f"Comment {i}:" in text]


def posts_in(text: str) -> list[int]:
    return [i for i in range(6) if f"Post {i}:" in text]


# -- an article with comments ------------------------------------------------------------------

def test_auto_leaves_an_articles_comments_out(tmp_path):
    cfg = config(tmp_path, None)
    assert cfg.settings.content.comments == "auto"
    pipeline = Pipeline(cfg)
    for mode in ("reader", "text"):
        text = pipeline.run(article(), ARTICLE_URL, mode=mode).text
        assert "council met at dawn" in text and comments_in(text) == []
    assert comments_in(extract_text(article(), ARTICLE_URL, cfg)) == []


def test_keep_puts_an_articles_comments_after_it_in_a_labelled_section(tmp_path):
    pipeline = Pipeline(config(tmp_path, "keep"))
    result = pipeline.run(article(), ARTICLE_URL, mode="reader")
    page = dom.parse(result.output)
    sections = page.xpath("//section[@aria-label='Comments']")
    assert len(sections) == 1
    section = sections[0]
    assert section[0].tag == "h2" and section[0].text_content() == "Comments"
    assert comments_in(section.text_content()) == [0, 1, 2, 3]
    assert not section.xpath(".//form|.//textarea|.//button")  # a reader page cannot post
    story = page.xpath("//p[contains(., 'council met at dawn')]")
    assert story and story[-1].getroottree().getpath(story[-1]) < section.getroottree().getpath(section) or \
        list(page.iter()).index(story[-1]) < list(page.iter()).index(section)  # the comments follow the article
    text = pipeline.run(article(), ARTICLE_URL, mode="text").text
    assert comments_in(text) == [0, 1, 2, 3] and text.index("Comments") > text.index("council met at dawn")


def test_keep_labels_the_section_in_the_pages_language(tmp_path):
    pipeline = Pipeline(config(tmp_path, "keep"))
    page = dom.parse(pipeline.run(article(lang="de-AT"), ARTICLE_URL, mode="reader").output)
    section = page.xpath("//section[@aria-label='Kommentare']")
    assert section and section[0][0].text_content() == "Kommentare"


def test_drop_removes_an_articles_comments_in_every_mode(tmp_path):
    pipeline = Pipeline(config(tmp_path, "drop"))
    for mode in ("reader", "text", "filter"):
        text = pipeline.run(article(), ARTICLE_URL, mode=mode).text
        assert "council met at dawn" in text and comments_in(text) == [], mode


def test_filter_mode_keeps_the_comments_unless_drop(tmp_path):
    for setting in ("auto", "keep"):
        text = Pipeline(config(tmp_path, setting)).run(article(), ARTICLE_URL, mode="filter").text
        assert comments_in(text) == [0, 1, 2, 3], setting


def test_a_sites_setting_overrides_the_top_level(tmp_path):
    pipeline = Pipeline(config(tmp_path, "auto", site="keep"))
    page = dom.parse(pipeline.run(article(), ARTICLE_URL, mode="reader").output)
    assert page.xpath("//section[@aria-label='Comments']")
    other = dom.parse(pipeline.run(article(), "https://other.example.org/story", mode="reader").output)
    assert not other.xpath("//section[@aria-label='Comments']")


def test_a_bad_value_is_a_clear_error(tmp_path):
    from clearpage.filters.errors import ConfigError

    path = tmp_path / "clearpage.yaml"
    path.write_text("content:\n  comments: sometimes\n", encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        load_config(str(path))
    message = str(caught.value)
    assert "clearpage.yaml:2" in message and "comments" in message


# -- a forum thread -----------------------------------------------------------------------------

@pytest.mark.parametrize("setting", ["auto", "keep"])
def test_a_threads_posts_are_its_content(tmp_path, setting):
    pipeline = Pipeline(config(tmp_path, setting))
    for mode in ("reader", "text"):
        text = pipeline.run(forum(), FORUM_URL, mode=mode).text
        assert posts_in(text) == [0, 1, 2, 3, 4, 5], (setting, mode)
    page = dom.parse(pipeline.run(forum(), FORUM_URL, mode="reader").output)
    assert not page.xpath("//section[@aria-label='Comments']")  # the posts are no article's comments


def test_drop_keeps_a_threads_opening_post_only(tmp_path):
    pipeline = Pipeline(config(tmp_path, "drop"))
    for mode in ("reader", "text", "filter"):
        text = pipeline.run(forum(), FORUM_URL, mode=mode).text
        assert posts_in(text) == [0], mode


def test_filter_mode_keeps_a_threads_posts_unless_drop(tmp_path):
    text = Pipeline(config(tmp_path, "auto")).run(forum(), FORUM_URL, mode="filter").text
    assert posts_in(text) == [0, 1, 2, 3, 4, 5]


def test_keep_leaves_a_selected_block_named_comments_in_place(tmp_path):
    # The article itself sits in a block whose class names comments ("comments-enabled"): it is the content.
    html = article().replace("<article class='post'>", "<article class='post comments-enabled'>")
    page = dom.parse(Pipeline(config(tmp_path, "keep")).run(html, ARTICLE_URL, mode="reader").output)
    sections = page.xpath("//section[@aria-label='Comments']")
    assert len(sections) == 1 and "council met at dawn" not in sections[0].text_content()
    assert comments_in(sections[0].text_content()) == [0, 1, 2, 3]
