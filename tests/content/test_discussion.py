"""Discussion pages: what auto keeps of a thread's posts and what it drops around them."""
from __future__ import annotations

import pytest

from clearpage.filters import dom
from clearpage.filters.content.rules import discussion
from clearpage.filters.context import PageContext
from tests.helpers import page

FORUM_URL = "https://forum.example.com/threads/driver-problem.123/"
NAV = "<nav><ul>" + "".join(f"<li><a href='/f{i}'>Board {i}</a></li>" for i in range(10)) + "</ul></nav>"


def post(i: int, furniture: str) -> str:
    return (
        f"<article class='message'><div class='message-user'><a href='/u/{i}'>user{i}</a>{furniture}</div>"
        f"<div class='message-body'><p>Post {i}: I tried the new driver and the problem went away after a reboot, "
        "thanks for the tip, it saved my evening.</p></div>"
        f"<div class='signature'>Signature of user{i}: my rig is a 1998 beige tower with two fans.</div></article>"
    )


def thread(furniture: str = "") -> str:
    posts = "".join(post(i, furniture) for i in range(6))
    return NAV + f"<div class='thread'><h1>Driver problem</h1>{posts}</div>"


def test_a_forum_thread_loses_its_signatures(pipeline):
    text = pipeline.run(page(thread()), FORUM_URL, mode="reader").text
    assert all(f"Post {i}:" in text for i in range(6))
    assert "beige tower" not in text


def test_a_forum_thread_loses_poster_titles_and_stats(pipeline):
    furniture = "<h5 class='userTitle'>Well-known member</h5><div class='message-userExtras'>Messages 4,032 Reaction score 911</div>"
    text = pipeline.run(page(thread(furniture)), FORUM_URL, mode="reader").text
    assert "Post 5:" in text
    assert "Well-known member" not in text and "Reaction score" not in text


def test_signatures_stay_on_a_page_that_is_not_a_discussion(pipeline):
    text = pipeline.run(page(thread()), "https://example.com/news/driver-problem", mode="reader").text
    assert "Post 5:" in text
    assert "beige tower" in text


def test_furniture_holding_most_of_the_text_stays():
    body = "<div id='c'><p>Intro.</p><div class='signature-gallery'>" + "A long text about handwritten signatures. " * 20 + "</div></div>"
    doc = dom.parse(page(body))
    root = doc.xpath("//div[@id='c']")[0]
    assert discussion.remove_post_furniture([root], PageContext(url=FORUM_URL, base_url=FORUM_URL)) == 0
    assert "handwritten signatures" in root.text_content()


def test_only_the_outermost_furniture_is_listed():
    doc = dom.parse(page("<div id='c'><div class='post-signature'><span class='signature-line'>x</span></div><p class='user-title'>y</p></div>"))
    found = discussion.furniture_in(doc.xpath("//div[@id='c']"))
    assert [el.get("class") for el in found] == ["post-signature", "user-title"]


def phpbb_post(i: int) -> str:
    return (
        f"<div class='post'><dl class='poster'><dt><a href='/u/{i}'>user{i}</a></dt>"
        f"<dd><strong>Posts:</strong> {100 + i}</dd><dd><strong>Joined:</strong> Mon Jul 24, 2017 9:28 am</dd></dl>"
        f"<ul class='buttons'><li><a href='/q/{i}'>Quote</a></li></ul>"
        f"<div class='content'>Post {i}: the backup finished overnight, and restoring one folder took about a minute, which is fine.</div>"
        f"<a class='up' href='#top'>Top</a></div>"
    )


def test_a_forum_thread_loses_poster_stats_and_post_buttons(pipeline):
    body = NAV + "<div class='thread'><h1>Backups</h1>" + "".join(phpbb_post(i) for i in range(6)) + "</div>"
    text = pipeline.run(page(body), "https://forum.example.com/viewtopic.php?t=42", mode="reader").text
    assert all(f"Post {i}:" in text for i in range(6))
    assert "user3" in text
    for furniture in ("Posts:", "Joined:", "Quote", "Top"):
        assert furniture not in text


# Lines of forum software (not post text) is_stat_or_button must recognise, by kind.
FORUM_LABELS = [
    # poster stats and post buttons
    "Posts: 4032", "Joined: 4. Jul 2012, 16:09", "Reputation 52", "Reply with quote", " Top ", "Improve this answer",
    "Offline", "4931 posts", "1,204 messages", "Author",
    # thread labels
    "Click to expand...", "3 likes", "1 Like", "Last edited: Jul 3, 2024", "asked 2 years, 3 months ago",
    "Viewed 12k times", "Ask Question", "Explore related questions", "See similar questions with these tags.",
    "Not open for further replies.", "You must log in or register to reply here.",
    # avatar initials, post numbers, edit and quote headers, vote counts
    "J", "#12", "2 years ago#9", "3 Posters 15.8k Views 3 Watching", "Edited April 19, 2024 by donaldsc",
    "Originally posted by hostlar", "518 helpful votes", "Join date: Aug 2011", "Best answers: 3", "wrote on",
    "Original Poster", "Report inappropriate content", "Code: Select all",
    # comment buttons and reply subjects
    "permalink", "embed", "save", "parent", "Reply 9", "Report Reply", "Status", "Re: Backups after the 6.1 upgrade",
    # timestamps, comment headings, sign-up prompts
    "2019-01-21T21:40:59.62Z+00:00", "2024-03-05T10:15:00+01:00", "6 Comments", "Comments", "1 reply",
    "View attachment 12345", "See less See more", "You need to be a member in order to leave a comment",
    "Sign up for a new account in our community. It's easy!", "17 hours ago", "posted 3 years ago", "about a month ago",
    "(2 children)",
    # badges, ranks, unfilled templates
    "Quote:", "Upvote Downvote", "Thread Starter", "Topic Author", "Member", "Former Member", "Level 3", "Logged",
    "Reactions: felixen, jb and 3 others", "Post by changingtimes » Sat Feb 17, 2024 3:14 pm",
    "(1.2 KiB) Downloaded 3 times", "$\\begingroup$", "{{ upvoteCount | shortNum }}", "Watch this Topic", "Start thread",
    "OP posts:", "Scroll to see replies", "From: Brisbane, AU",
]

# Post text that starts, ends or looks like one of those labels: it must stay.
POST_TEXTS = [
    "Posts about backups are welcome here", "Top tip: restart first", "4931 posts later it still fails",
    "Author of the guide", "Quote of the day: carpe diem", "Share your logs, please", "#hashtag", "x" * 80,
    "I like it a lot", "Likes are overrated", "Click to expand the menu on the left", "Ask questions first, then buy",
    "JB", "Edited the config and it worked", "Posters of the band on my wall",
    "Save the file first", "My parent folder is empty", "Status of the fix?", "Regarding backups", "Reply 9 times a day",
    "2019-01-21 was the day it broke", "Comments welcome on the draft", "See more of the logs below", "Reply to me by mail",
    "I fixed it 3 days ago", "The children are asleep",
    "Members only, sorry", "Level the table first", "Post by post, it got better",
    "Use {{ name }} in the template like this", "From what I read it is fixed", "Start the thread with your logs",
]


@pytest.mark.parametrize("text", FORUM_LABELS)
def test_forum_labels_are_recognised(text):
    assert discussion.is_stat_or_button(text)


@pytest.mark.parametrize("text", POST_TEXTS)
def test_post_text_is_not_a_forum_label(text):
    assert not discussion.is_stat_or_button(text)


def test_a_stat_label_inside_a_longer_line_stays():
    doc = dom.parse(page("<div id='c'><p><b>Posts:</b> I read all your posts and the manual twice, and the fix still escapes me.</p></div>"))
    assert discussion.stats_and_buttons_in(doc.xpath("//div[@id='c']")) == []


def test_the_largest_element_holding_only_the_stat_is_taken():
    doc = dom.parse(page("<div id='c'><dd class='count'><strong>Posts:</strong> 138</dd><p>Body text of the post, long enough to stay where it is.</p></div>"))
    assert [el.get("class") for el in discussion.stats_and_buttons_in(doc.xpath("//div[@id='c']"))] == ["count"]


def xenforo_post(i: int) -> str:
    return (
        f"<article class='message'><div class='message-body'>"
        f"<blockquote class='bbCodeBlock--quote'><div class='bbCodeBlock-expandContent'>user{i + 1} said: the fan is loud</div>"
        f"<div class='bbCodeBlock-expandLink'><a role='button'>Click to expand...</a></div></blockquote>"
        f"<p>Post {i}: mine was loud too until I cleaned the dust filter and set a gentler fan curve in the firmware.</p>"
        f"<div class='message-lastEdit'>Last edited: Jul {i + 1}, 2024</div></div>"
        f"<div class='reactionsBar'><span>{i + 2} likes</span></div></article>"
    )


def test_a_forum_thread_loses_the_software_labels_around_posts(pipeline):
    notice = "<div class='blockStatus'><span>Not open for further replies.</span></div>"
    login = "<div class='block-outer'><p>You must log in or register to reply here.</p></div>"
    body = NAV + f"<div class='thread'><h1>Loud fan</h1>{notice}" + "".join(xenforo_post(i) for i in range(6)) + login + "</div>"
    text = pipeline.run(page(body), FORUM_URL, mode="reader").text
    assert all(f"Post {i}:" in text for i in range(6))
    assert "the fan is loud" in text
    for label in ("Click to expand", "Last edited", "likes", "further replies", "must log in"):
        assert label not in text


def voted_post(i: int) -> str:
    return (
        f"<div class='post'><div class='votes'><button>up</button><span>{i + 3}</span></div>"
        f"<div class='avatar'><span>{'JKLMNO'[i]}</span></div><a href='/u/{i}'>user{i}</a>"
        f"<div class='body'><p>Post {i}: set the timeout to <b>30</b> seconds and rerun it, that fixed the hang for me.</p>"
        "<pre><code><span class='n'>timeout</span> <span class='o'>=</span> <span class='mi'>30</span></code></pre></div></div>"
    )


def test_vote_counts_and_avatar_letters_go_but_numbers_in_posts_stay(pipeline):
    body = NAV + "<div class='thread'><h1>Hang on start</h1>" + "".join(voted_post(i) for i in range(6)) + "</div>"
    text = pipeline.run(page(body), FORUM_URL, mode="reader").text
    assert all(f"Post {i}:" in text for i in range(6))
    lines = {line.strip() for line in text.splitlines()}
    assert not lines & {"3", "4", "5", "6", "7", "8", "J", "K", "L", "M", "N", "O"}
    assert "to 30 seconds" in text or "to **30** seconds" in text
    assert text.count("timeout = 30") == 6


STORY_URL = "https://news.example.com/s/x7k2q/rust_goals_for_2024"


def comment(i: int, replies: str = "") -> str:
    return (
        f"<li class='comment'><div class='byline'><a href='/u/{i}'>user{i}</a></div>"
        f"<div class='comment-text'><p>Comment {i}: the goals look sensible to me, although the async work has been "
        f"promised for a long time and I would like to see it land before anything else.</p></div>"
        f"<ul class='replies'>{replies}</ul></li>"
    )


def comment_tree(threads: int = 3, depth: int = 3) -> str:
    """``threads`` top-level comments, each with a chain of ``depth`` replies."""
    items = []
    for t in range(threads):
        inner = ""
        for d in range(depth, 0, -1):
            inner = comment(t * 10 + d, inner)
        items.append(comment(t * 10, inner))
    return f"<div class='comments'><ol class='comment-list'>{''.join(items)}</ol></div>"


def flat_comments(n: int = 12) -> str:
    return f"<div class='comments'><ol class='comment-list'>{''.join(comment(i) for i in range(n))}</ol></div>"


def story(prose_paragraphs: int) -> str:
    prose = "".join(
        f"<p>Paragraph {i} of the story: the project published its goals for the year, with a long list of work "
        "items, owners and the reasons each one matters to the people who use the language every day.</p>"
        for i in range(prose_paragraphs)
    )
    return f"<div class='story'><h1><a href='https://blog.example.org/goals'>Rust project goals for 2024</a></h1>{prose}</div>"


def test_a_comment_tree_is_recognised_by_its_nested_replies():
    doc = dom.parse(page(comment_tree()))
    elements = list(doc.iter("li"))
    kinds = [-2] * len(elements)
    assert discussion.has_comment_tree(elements, kinds, -2)


def test_a_flat_comment_list_is_not_a_tree():
    doc = dom.parse(page(flat_comments()))
    elements = list(doc.iter("li"))
    kinds = [-2] * len(elements)
    assert not discussion.has_comment_tree(elements, kinds, -2)


def test_unmarked_nested_lists_are_not_a_comment_tree():
    doc = dom.parse(page(comment_tree()))
    elements = list(doc.iter("li"))
    kinds = [0] * len(elements)
    assert not discussion.has_comment_tree(elements, kinds, -2)


def test_a_short_story_with_a_comment_tree_keeps_its_comments(pipeline):
    text = pipeline.run(page(NAV + story(1) + comment_tree()), STORY_URL, mode="reader").text
    assert "Paragraph 0 of the story" in text
    assert all(f"Comment {i}:" in text for i in (0, 1, 3, 20, 23))


def test_a_long_article_with_a_comment_tree_loses_its_comments(pipeline):
    # (the comments outweigh the article: only its length tells that they are not its content)
    text = pipeline.run(page(NAV + story(12) + comment_tree(threads=10)), "https://example.com/news/rust-goals", mode="reader").text
    assert "Paragraph 11 of the story" in text
    assert "Comment 0:" not in text


def test_a_short_story_with_flat_comments_is_not_a_discussion(pipeline):
    text = pipeline.run(page(NAV + story(1) + flat_comments(4)), "https://example.com/news/rust-goals", mode="reader").text
    assert "Paragraph 0 of the story" in text
    assert "Comment 0:" not in text


def test_a_label_indented_over_two_lines_is_read_as_one_line():
    markup = "<div id='c'><div class='when'>\n    <span>Asked</span>\n    <time>13 years, 8 months ago</time>\n  </div><p>Body text of the question, long enough to stay where it is.</p></div>"
    doc = dom.parse(page(markup))
    assert [el.get("class") for el in discussion.stats_and_buttons_in(doc.xpath("//div[@id='c']"))] == ["when"]


def test_a_button_label_after_its_icon_is_the_buttons_text():
    markup = "<div id='c'><a class='reply' href='/r/1'><img src='q.gif' alt=''>  Reply With Quote</a><p>Body text of the post, long enough to stay.</p></div>"
    doc = dom.parse(page(markup))
    assert [el.get("class") for el in discussion.stats_and_buttons_in(doc.xpath("//div[@id='c']"))] == ["reply"]


def test_a_text_after_an_inline_element_inside_a_sentence_is_not_a_button():
    markup = "<div id='c'><p>Press <b>Ctrl</b> then reply</p><p>Body text of the post, long enough to stay.</p></div>"
    doc = dom.parse(page(markup))
    assert discussion.stats_and_buttons_in(doc.xpath("//div[@id='c']")) == []


def vbulletin_post(i: int) -> str:
    return (
        f"<li class='postbit'><div class='userinfo'><a href='/u/{i}'>user{i}</a><div class='userinfo_extra'><dl class='userstats'>"
        f"<dt>Join Date</dt> <dd>Nov 20{10 + i}</dd>\n<dt>Location</dt> <dd>Glasgow</dd>\n<dt>Posts</dt> <dd>{90 + i}</dd></dl></div></div>"
        f"<div class='postbody'><p>Post {i}: the host moved my sites in an hour and the mail kept working through the switch.</p>"
        f"<a class='newreply' href='/reply?p={i}'><img src='quote.gif' alt='Reply With Quote'>  Reply With Quote</a></div></li>"
    )


def phpbb_reply(i: int) -> str:
    return (
        f"<div class='post'><h3><a href='#p{i}'>Re: Backups after the upgrade</a></h3>"
        f"<div class='content'>Post {i}: the backup finished overnight, and restoring one folder took about a minute.</div>"
        f"<ul class='flat-list buttons'><li><a href='/c/{i}'>permalink</a></li><li><a href='/e/{i}'>embed</a></li>"
        f"<li><a href='#'>save</a></li><li><a href='#p{i - 1}'>parent</a></li></ul></div>"
    )


def test_a_thread_loses_reply_subjects_and_comment_buttons(pipeline):
    body = NAV + "<div class='thread'><h1>Backups after the upgrade</h1>" + "".join(phpbb_reply(i) for i in range(1, 7)) + "</div>"
    text = pipeline.run(page(body), "https://forum.example.com/viewtopic.php?t=42", mode="reader").text
    assert all(f"Post {i}:" in text for i in range(1, 7))
    for furniture in ("Re: Backups", "permalink", "embed", "parent"):
        assert furniture not in text


def other_threads(heading: str) -> str:
    links = "".join(f"<li><a href='/t/{i}'>Another thread about consoles number {i}</a> Community</li>" for i in range(8))
    return f"<div class='pod'><div class='head'><h2>{heading}</h2></div><ol>{links}</ol></div>"


@pytest.mark.parametrize("heading", ["More Topics from this Board", "Similar threads", "Related questions", "Hot Network Questions"])
def test_the_other_threads_listed_under_a_thread_go(pipeline, heading):
    posts = "".join(f"<div class='msg'><p>Post {i}: the showcase starts in an hour and the stream goes up on the channel right after it ends.</p></div>" for i in range(6))
    body = NAV + f"<div id='content'><h1>Showcase today</h1>{posts}{other_threads(heading)}</div>"
    text = pipeline.run(page(body), "https://forum.example.com/boards/12-consoles/345", mode="reader").text
    assert all(f"Post {i}:" in text for i in range(6))
    assert "Another thread" not in text and heading not in text


def test_a_related_threads_heading_stays_on_a_page_that_is_not_a_discussion(pipeline):
    prose = "".join(f"<p>Paragraph {i} of the guide explains how a console stream is set up and what it costs to run for a season.</p>" for i in range(6))
    body = NAV + f"<article><h1>Streaming guide</h1>{prose}<h2>Related questions</h2><p>What a capture card does, and whether the guide's setup needs one at all.</p></article>"
    text = pipeline.run(page(body), "https://example.com/guides/streaming", mode="reader").text
    assert "whether the guide's setup needs one" in text


def travel_post(i: int) -> str:
    return (
        f"<div class='reply'><div class='profile'><a href='/p/{i}'>traveller{i}</a><div>{1000 + i},553 posts</div><div>{50 + i} helpful votes</div></div>"
        f"<div class='text'><p>Post {i}: book the train seats a day ahead, the unreserved cars were full every morning we tried.</p></div>"
        f"<a href='/r/{i}'>Reply</a><a href='/x/{i}'>Report inappropriate content</a></div>"
    )


@pytest.mark.parametrize("thread, post, url, furniture", [
    # vBulletin: user stats in a <dl>, buttons whose label follows their icon
    ("<div class='thread'><h1>Hosting move</h1><ol>{}</ol></div>", vbulletin_post,
     "https://forum.example.com/showthread.php?t=7", ("Join Date", "Glasgow", "Reply With Quote")),
    # a travel forum whose URL does not say thread: its posters' stats do
    ("<div class='topic'><h1>Tips for a first trip</h1>{}</div>", travel_post,
     "https://travel.example.com/ShowTopic-g1-k2-Tips.html", ("posts", "helpful votes", "Report inappropriate content")),
])
def test_a_thread_keeps_its_posts_and_loses_their_furniture(pipeline, thread, post, url, furniture):
    body = NAV + thread.format("".join(post(i) for i in range(6)))
    text = pipeline.run(page(body), url, mode="reader").text
    assert all(f"Post {i}:" in text for i in range(6))
    for label in furniture:
        assert label not in text


def test_one_author_box_does_not_make_a_thread():
    doc = dom.parse(page("<div id='c'><p>An article long enough to be one.</p><div class='author'><span>1,204 posts</span><span>Joined: May 2019</span></div></div>"))
    assert not discussion.has_poster_stats(doc.xpath("//div[@id='c']"))
