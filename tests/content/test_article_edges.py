"""An article's edges (filters/content/rules/article_edges.py): the lead above the body joins the
selection; the site's own notes after the article go, the story's paragraphs naming the site stay."""
from __future__ import annotations

import pytest

from clearpage.filters import dom, load_config_text
from clearpage.filters.content import features as feat
from clearpage.filters.content.rules import article_edges
from clearpage.filters.context import PageContext
from clearpage.filters.pipeline import Pipeline
from tests.content.algo_util import joined_selection
from tests.content.article_pages import URL

LEAD = "The river town kept its old mill turning all summer, and the miller says the wheel will run again in spring."
BODY = "".join(
    f"<p>Paragraph {i} tells how the river town kept its old mill running through a long dry summer, "
    f"with the miller, his two sons and half the town carrying water to the wheel in buckets.</p>" for i in range(16)
)


def headed_page(lead: str) -> str:
    """An article whose header block (kicker, title, byline, lead) sits in another branch than its
    body, which shares its row with a column of links."""
    column = "".join(f"<li><a href='/o{i}'>Other story {i}</a></li>" for i in range(6))
    crumbs = " › ".join(f"<a href='/c{i}'>Section {i}</a>" for i in range(4))
    share = "".join(f"<a href='/share/{i}'>Share on network {i}</a>" for i in range(6))
    return (
        "<html><body><nav><a href='/'>Home</a><a href='/news'>News</a></nav><div class='page'>"
        f"<div class='top'><div class='article-header'><div class='crumbs'>{crumbs}</div><div class='kicker'>Local</div>"
        f"<h1>The mill</h1><div class='meta'>By A. Writer, 3 May</div>{lead}<div class='share'>{share}</div></div></div>"
        "<div class='middle'><div class='wrap'><div class='row'>"
        f"<div class='col-8'><div class='entry-content'>{BODY}</div></div>"
        f"<div class='col-4'><ul>{column}</ul></div></div></div></div>"
        "</div><footer><a href='/about'>About us</a></footer></body></html>"
    )


# ------------------------------------------------------------------ the lead

def test_the_lead_beside_the_body_joins(algo):
    text = joined_selection(algo, headed_page(f"<p class='standfirst'>{LEAD}</p>"), URL)
    assert "Paragraph 7" in text and LEAD in text
    assert text.index(LEAD) < text.index("Paragraph 0")
    assert "By A. Writer" not in text and "Local" not in text


def test_a_caption_or_a_link_list_between_title_and_body_does_not_join(algo):
    caption = f"<figure><img src='/m.jpg' alt=''><figcaption>{LEAD}</figcaption></figure>"
    links = "".join(f"<p><a href='/o{i}'>{LEAD[:70]} {i}</a></p>" for i in range(2))
    for between in (caption, links):
        text = joined_selection(algo, headed_page(between), URL)
        assert "Paragraph 7" in text and LEAD[:60] not in text


def test_a_long_stretch_between_title_and_body_is_no_header():
    def leads(between: str) -> list[str]:
        root = dom.body_of(dom.parse(headed_page(between)))
        f = feat.compute(root)
        body = next(i for i, el in enumerate(f.elements) if el.get("class") == "entry-content")
        return [f.elements[i].get("class") or f.elements[i].tag for i in article_edges.with_lead(f, [body])]
    assert leads(f"<p class='standfirst'>{LEAD}</p>") == ["standfirst", "entry-content"]
    column = "".join(f"<div class='teaser'><p>{LEAD} Story {i}.</p></div>" for i in range(16))
    assert leads(column) == ["entry-content"]


# ------------------------------------------------------------------ the site's notes

def on_site(body: str, names: tuple[str, ...]) -> tuple[int, str]:
    root = dom.body_of(dom.parse(f"<html><body>{body}</body></html>"))
    ctx = PageContext(url=URL, base_url=URL, site_names=names)
    removed = article_edges.remove_site_notes([root], ctx)
    return removed, dom.collapse(root.text_content())


def test_site_names_come_from_the_address_og_url_and_the_declared_name():
    metas = dom.parse("<html><head><meta property='og:url' content='https://www.breakingmill.co.uk/a'>"
                      "<meta name='application-name' content='Mill Daily'></head><body></body></html>").iter("meta")
    names = article_edges.site_names("https://news.example.com/x", list(metas), "Mill Times - News from the river | Since 1901")
    assert names == ("example.com", "breakingmill.co.uk", "Mill Daily")  # (no part of the long name is a domain's)
    names = article_edges.site_names("https://www.milltimes.com/a", [], "Mill Times - News from the river | Since 1901")
    assert names == ("milltimes.com", "Mill Times")
    assert article_edges.site_names(None, [], "") == ()
    assert article_edges.site_names("hard::page.html", [], "") == ()


def test_the_sites_notes_after_the_article_go():
    notes = ("<p class='note'><em>© 2022, MillTimes.com. This article is the copyrighted property of Mill Times. "
             "Written permission must be obtained before reprint.</em></p>",
             "<div class='disclaimer'>Mill Times is not responsible for the opinions of its readers.</div>",
             "<p><b>Get the latest news straight to your phone with the Mill Times app.</b></p>",
             "<p class='tip'>Read more at www.milltimes.com/river</p>")
    removed, text = on_site(BODY + "".join(notes), ("milltimes.com", "Mill Times"))
    assert removed == len(notes)
    assert "copyrighted" not in text and "not responsible" not in text and "app" not in text and "Read more" not in text
    assert "Paragraph 7" in text


def test_the_storys_paragraphs_naming_the_site_stay():
    own = ("<p>Paragraph 8: the Mill Times asked the miller whether the wheel would turn again, and he said it "
           "would, once the rain came back to the hills above the river.</p>")
    short_word = "<p class='aside'>Reuters saw the mill first, the miller says, and photographed its wheel by the river.</p>"
    before = "<p class='note'><em>This story first appeared in the Mill Times print edition.</em></p>"
    # The story's last paragraph looks like the others; a note naming the site before the end stays.
    removed, text = on_site(BODY + own, ("milltimes.com", "Mill Times"))
    assert removed == 0 and "Paragraph 8" in text
    removed, text = on_site(before + BODY, ("milltimes.com", "Mill Times"))
    assert removed == 0 and "print edition" in text
    # One word naming the site ("Reuters") in a line longer than a note's, or no site names at all.
    removed, text = on_site(BODY + short_word.replace("photographed", "photographed, drew and measured " * 5), ("Reuters",))
    assert removed == 0
    removed, text = on_site(BODY + before, ())
    assert removed == 0


def test_a_page_naming_its_site_in_its_text_keeps_its_notes():
    """A company's page (or its team's) names the site all along: its last lines are its text too."""
    about = ("<p>Mill Times has covered the river towns since 1901, from the floods of 1927 to the dry summer "
             "that nearly stopped the old mill.</p>")
    note = "<p class='note'><em>Mill Times is not responsible for the opinions of its readers.</em></p>"
    removed, text = on_site(about + BODY + note, ("milltimes.com", "Mill Times"))
    assert removed == 0 and "not responsible" in text
    removed, text = on_site(BODY + note, ("milltimes.com", "Mill Times"))
    assert removed == 1 and "not responsible" not in text


def test_a_persons_address_at_the_site_names_it_only_in_a_contact_line():
    """An e-mail address at the site's domain names the site in a note of a few lines: a long
    paragraph about a person ending in their address is the story's."""
    bio = ("<div>You may know Ann Miller as one of the physics faculty. Besides that, she has been turning the "
           "old wheel for eighteen years, trained in two schools of milling and now teaches the craft to the "
           "town's children every summer. She began a longer training in 2016, which covers the stones, the "
           "water and the grain, and she keeps the mill's records of every harvest since the flood. If you have questions, contact her at <a href='mailto:am@milltimes.edu'>"
           "am@milltimes.edu</a>.</div>")
    removed, text = on_site(BODY + bio, ("milltimes.edu",))
    assert removed == 0 and "physics faculty" in text
    assert len(dom.collapse(bio)) > article_edges.MAIL_NOTE_MAX_CHARS
    removed, text = on_site(BODY + "<div>Press contact: Ann Miller, am@milltimes.edu</div>", ("milltimes.edu",))
    assert removed == 1 and "Press contact" not in text
    ads = ("<p class='promo'>Advertise with the most visited news site of the river towns. We offer flexible digital marketing "
           "packages: your content is delivered to thousands of readers at home and abroad. Contact us at "
           "ads@milltimes.edu or call us.</p>")
    removed, text = on_site(BODY + ads, ("milltimes.edu",))
    assert removed == 1 and "Advertise" not in text
    # The site's address itself still names it in a long note.
    removed, text = on_site(BODY + bio.replace("contact her at", "read more at milltimes.edu or contact her at"), ("milltimes.edu",))
    assert removed == 1

def test_a_note_set_like_the_articles_text_in_a_second_column_stays():
    """The article's paragraphs continued in a second wrapper of the same kind (a two-column
    layout) are its text, naming the site or not; the same note in a wrapper of its own goes."""
    note = ("<p>You can save the trip by bringing your grain to the Mill Times mill, where the millers grind it "
            "the same day.</p>")
    removed, text = on_site(f"<div class='col'>{BODY}</div><div class='col'>{note}</div>", ("milltimes.com", "Mill Times"))
    assert removed == 0 and "save the trip" in text
    removed, text = on_site(f"<div class='col'>{BODY}</div><div class='promo'>{note}</div>", ("milltimes.com", "Mill Times"))
    assert removed == 1 and "save the trip" not in text

def test_the_pipeline_drops_a_note_naming_the_declared_site(default_config):
    page = ("<html><head><title>The mill</title><meta property='og:site_name' content='Mill Times'></head><body>"
            "<nav><a href='/'>Home</a></nav><article><h1>The mill</h1>" + BODY +
            "<p class='legal'><em>Mill Times is not responsible for the opinions of its readers.</em></p></article></body></html>")
    text = Pipeline(default_config).run(page, "hard::mill.html", mode="reader").text
    assert "Paragraph 7" in text and "not responsible" not in text


# ------------------------------------------------------------------ the opening lines

def on_opening(body: str) -> tuple[int, str]:
    root = dom.body_of(dom.parse(f"<html><body>{body}</body></html>"))
    removed = article_edges.remove_opening_lines([root], PageContext(url=URL, base_url=URL))
    return removed, dom.collapse(root.text_content())


def test_kicker_byline_and_date_above_the_first_paragraph_go():
    lines = "<div class='kicker'>Olympische Winterspiele</div><p class='by'>Iwona Kurz</p><div><span>7. oktober 2020</span></div>"
    removed, text = on_opening(lines + BODY + "<p>Staff Writer</p>")
    assert removed == 3
    assert "Olympische" not in text and "Iwona" not in text and "oktober" not in text
    assert "Paragraph 0" in text and "Staff Writer" in text  # (below the first paragraph: not an opening line)


def test_headings_sentences_lists_and_words_inside_a_paragraph_stay():
    kept = ("<h2>Die Zutaten</h2><p>Für eine 26er Springform:</p><p>When I woke up, there was nothing.</p>"
            "<ul><li>400 gramów dyni</li></ul><p>钟南山院士说武汉本来就是一个英雄的城市</p>"
            "<p>The <b>Lyft</b> drivers met <a href='/w'>Waymo</a> engineers in Phoenix for the first time this spring.</p>")
    removed, text = on_opening(kept + BODY)
    assert removed == 0 and "Zutaten" in text and "Springform" in text and "nothing" in text and "400" in text
    ingredients = "".join(f"<div class='row'><div>{name}</div><div>{amount}</div></div>"
                          for name, amount in (("dynia", "400 gramów"), ("cebula", "1 sztuka"), ("mąka", "500 gramów")))
    removed, text = on_opening(ingredients + BODY)
    assert removed == 0 and "dynia" in text and "500 gramów" in text


def test_auto_drops_the_byline_above_an_article(algo):
    page = ("<html><body><nav><a href='/'>Home</a></nav><article><h1>The mill</h1>"
            f"<div class='story'><div class='who'>Annette Henkel</div>{BODY}</div></article></body></html>")
    text = joined_selection(algo, page, URL)
    assert "Paragraph 15" in text and "Annette Henkel" not in text


# ------------------------------------------------------------------ the closing lines

def on_closing(body: str) -> tuple[int, str]:
    root = dom.body_of(dom.parse(f"<html><body>{body}</body></html>"))
    removed = article_edges.remove_closing_lines([root], PageContext(url=URL, base_url=URL))
    return removed, dom.collapse(root.text_content())


def test_short_lines_after_the_last_paragraph_go():
    lines = "<p>Autoren:</p><div class='who'>Kathrin Klinkusch</div><div>Reklama</div><h3>Mehr Themen</h3>"
    removed, text = on_closing("<p>Olympische Winterspiele</p>" + BODY + lines)
    assert removed == 4
    for line in ("Autoren", "Klinkusch", "Reklama", "Mehr Themen"):
        assert line not in text, line
    assert "Paragraph 15" in text and "Olympische" in text  # (above the text: not a closing line)


def test_sentences_lists_and_their_announcements_stay():
    kept = ("<p>So sah es aus.</p><h3>Die Ergebnisse</h3><ul><li>1. Wolf, Maike 4,56 m</li><li>2. Weiser 4,04 m</li></ul>"
            "<p>Das Konzeptpapier finden Sie hier:</p><table><tr><td>Konzept</td><td>PDF, 2 MB</td></tr></table>")
    removed, text = on_closing(BODY + kept)
    assert removed == 0 and "So sah es aus" in text and "Die Ergebnisse" in text and "Konzeptpapier" in text
    many = "".join(f"<div class='result'>{i}. Läuferin {i}</div>" for i in range(8))
    removed, text = on_closing(BODY + many)
    assert removed == 0 and "Läuferin 7" in text


def test_a_heading_over_text_set_with_line_breaks_stays():
    # (the section's paragraphs are bare text between <br>, no <p> of their own: the heading is
    # inside the article, not after it)
    section = ("<h2>Aufbau und Inhalt</h2><br>Das Internetrecht ist eine Querschnittmaterie, die neben "
               "urheberrechtlichen Fragen auch das Kaufvertragsrecht umfasst.<br><br>Ein Blick in das "
               "Inhaltsverzeichnis zeigt aber: Hier bleiben kaum Fragen offen, alle Rechtsgebiete sind dabei.<br>")
    removed, text = on_closing(BODY + section)
    assert removed == 0 and "Aufbau und Inhalt" in text
    removed, text = on_closing(BODY + section + "<div>Reklama</div>")
    assert removed == 1 and "Reklama" not in text and "Aufbau und Inhalt" in text


@pytest.mark.parametrize("line", ["XX, Die Redaktion", "x Franzi", "Liebe Grüße, Anna", "Cheers, Tom"])
def test_the_authors_sign_off_after_the_last_paragraph_stays(line):
    removed, text = on_closing(BODY + f"<p>{line}</p><div>Reklama</div>")
    assert removed == 1 and line in text and "Reklama" not in text


def test_a_sentence_announcing_what_follows_stays_where_a_label_goes():
    removed, text = on_closing(BODY + "<p><strong>Lesen Sie dazu auch die Pressemitteilungen:</strong></p>")
    assert removed == 0 and "Lesen Sie dazu" in text
    removed, text = on_closing(BODY + "<p>Das Konzeptpapier finden Sie hier:</p>")
    assert removed == 0 and "Konzeptpapier" in text
    removed, text = on_closing(BODY + "<p>Mehr Themen:</p><p>Kontakt:</p>")
    assert removed == 2 and "Mehr Themen" not in text and "Kontakt" not in text


def test_a_sentence_pointing_to_other_stories_goes():
    removed, text = on_closing(BODY + "<p><strong>Lesen Sie auch die folgenden Beiträge:</strong></p>")
    assert removed == 1 and "Lesen Sie auch" not in text


def test_auto_drops_the_lines_under_an_article(algo):
    page = ("<html><body><nav><a href='/'>Home</a></nav><article><h1>The mill</h1>"
            f"<div class='story'>{BODY}<div class='agency'>aja/PAP</div></div></article></body></html>")
    text = joined_selection(algo, page, URL)
    assert "Paragraph 15" in text and "aja/PAP" not in text


# ------------------------------------------------------------------ the pictures' captions

def on_captions(body: str) -> tuple[int, str]:
    root = dom.body_of(dom.parse(f"<html><body>{body}</body></html>"))
    removed = article_edges.remove_captions([root], PageContext(url=URL, base_url=URL))
    return removed, dom.collapse(root.text_content())


def test_the_captions_of_pictures_go():
    pictures = ("<figure><img src='/a.jpg'><figcaption>The wheel in May. Photo: A. Writer / Getty</figcaption></figure>"
                "<figure class='wp-caption'><a href='/b.jpg'><picture><img src='/b.jpg'></picture></a>"
                "<figcaption><em>Der Müller vor seiner Mühle</em> (Foto: privat)</figcaption></figure>")
    removed, text = on_captions(BODY[:600] + pictures + BODY[600:])
    assert removed == 2 and "Getty" not in text and "Müller" not in text and "Paragraph 15" in text


def test_an_image_without_alt_keeps_its_caption_as_alt():
    pictures = ("<figure><img src='/a.jpg'><figcaption>The wheel in May</figcaption></figure>"
                "<figure><img src='/b.jpg' alt='IMG_2041.jpg'><figcaption>The miller's sons</figcaption></figure>"
                "<figure><img src='/c.jpg' alt=''><img src='/d.jpg' alt='The old mill'><figcaption>Then and now</figcaption></figure>")
    root = dom.body_of(dom.parse(f"<html><body>{BODY}{pictures}</body></html>"))
    assert article_edges.remove_captions([root], PageContext(url=URL, base_url=URL)) == 3
    assert [img.get("alt") for img in root.iter("img")] == ["The wheel in May", "The miller's sons", "", "The old mill"]


def test_captions_of_quotes_and_long_captions_stay():
    quote = "<figure><blockquote>The wheel turns for all of us.</blockquote><figcaption>The miller, 1920</figcaption></figure>"
    story = "<figure><img src='/c.jpg'><figcaption>" + BODY[:450] + "</figcaption></figure>"
    removed, text = on_captions(quote + story + BODY)
    assert removed == 0 and "The miller, 1920" in text and text.count("Paragraph 0") == 2


def test_auto_drops_the_caption_in_an_article(algo):
    figure = "<figure><img src='/mill.jpg' alt='The mill'><figcaption>Die Mühle im Mai. Foto: Archiv</figcaption></figure>"
    page = ("<html><body><nav><a href='/'>Home</a></nav><article><h1>The mill</h1>"
            f"<div class='story'>{BODY[:600]}{figure}{BODY[600:]}</div></article></body></html>")
    text = joined_selection(algo, page, URL)
    assert "Paragraph 15" in text and "Foto: Archiv" not in text


def on_beside(body: str) -> tuple[int, str]:
    root = dom.body_of(dom.parse(f"<html><body>{body}</body></html>"))
    removed = article_edges.remove_beside_captions([root], PageContext(url=URL, base_url=URL))
    return removed, dom.collapse(root.text_content())


def test_captions_beside_a_picture_go():
    pictures = ("<div class='wp-caption'><a href='/a.jpg'><img src='/a.jpg'></a><p class='wp-caption-text'>"
                "Das Wasser aus Bächen kocht man lieber ab.</p></div>"
                "<div class='media'><div class='img'><picture><img src='/b.jpg' alt='Stockholm'></picture></div>"
                "<div class='caption'><span>Die Altstadt Stockholms</span> <small>(iStock.com)</small></div></div>")
    root = dom.body_of(dom.parse(f"<html><body>{BODY[:600]}{pictures}{BODY[600:]}</body></html>"))
    assert article_edges.remove_beside_captions([root], PageContext(url=URL, base_url=URL)) == 2
    text = dom.collapse(root.text_content())
    assert "Bächen" not in text and "Stockholms" not in text and "Paragraph 15" in text
    assert [img.get("alt") for img in root.iter("img")] == ["Das Wasser aus Bächen kocht man lieber ab.", "Stockholm"]


def test_text_around_a_picture_that_is_no_caption_stays():
    kept = ("<p><img src='/a.jpg'>The miller opened the door at dawn.</p>"  # (the paragraph's own picture)
            "<div class='box'><img src='/b.jpg'><h3>The wheel</h3></div>"  # (a heading beside it)
            "<div class='card'><img src='/c.jpg'><p><a href='/other'>Another story about mills</a></p></div>"
            "<div class='pair'><img src='/d.jpg'><img src='/e.jpg'><p>Before and after</p></div>"
            f"<div class='long'><img src='/f.jpg'><p>{BODY[:450]}</p></div>")
    removed, text = on_beside(BODY + kept)
    assert removed == 0
    for words in ("opened the door", "The wheel", "Another story", "Before and after"):
        assert words in text, words


# ------------------------------------------------------------------ linked lines between paragraphs

def on_linked(body: str) -> tuple[int, str]:
    root = dom.body_of(dom.parse(f"<html><body>{body}</body></html>"))
    removed = article_edges.remove_linked_lines([root], PageContext(url=URL, base_url=URL))
    return removed, dom.collapse(root.text_content())


def test_linked_headlines_between_the_paragraphs_go():
    lines = ("<p><a href='/news/weir'>Ein Roadtrip entlang der Route 66 im Vulkanland</a></p>"
             "<h3><a href='https://www.example.com/forum/42'>Alkohol beim Angeln – Diskussion im Forum</a></h3>")
    removed, text = on_linked(BODY[:600] + lines + BODY[600:])
    assert removed == 2 and "Route 66" not in text and "Forum" not in text
    line = "<div><strong><a href='/news/dam'>&gt;&gt; Wegen Corona: Das Lokal muss schließen &lt;&lt;</a></strong></div>"
    removed, text = on_linked(BODY[:600] + line + BODY[600:])
    assert removed == 1 and "Lokal" not in text
    assert "Paragraph 0" in text and "Paragraph 15" in text


def test_linked_lines_that_are_the_storys_stay():
    kept = ("<p><a href='https://other.org/report'>The full report of the river authority</a></p>"  # (another site: a source)
            "<p><a href='mailto:mill@example.com'>mill@example.com</a></p><p><a href='/a'>www.example.com/mill</a></p>"
            "<p>Read <a href='/news/weir'>the story of the weir</a> first.</p>"  # (a sentence linking a story)
            "<p><a href='/news/mill'>The mill, this very page, linked to itself</a></p>")
    removed, text = on_linked(BODY[:600] + kept + BODY[600:])
    assert removed == 0 and "full report" in text and "mill@example.com" in text and "the story of the weir" in text
    removed, text = on_linked(BODY + "<p><a href='/news/weir'>The weir, a story of the same town</a></p>")
    assert removed == 0  # (after the last paragraph: the trailing_teasers rule's)
    chapters = "".join(f"<p><a href='/guide/{i}'>Chapter {i}: the wheel and the weir</a></p>" for i in range(3))
    removed, text = on_linked(BODY[:600] + chapters + BODY[600:])
    assert removed == 0 and "Chapter 2" in text  # (the page's own list of links, not teasers)


# ------------------------------------------------------------------ captions ending in a credit

def on_credited(body: str) -> tuple[int, str]:
    root = dom.body_of(dom.parse(f"<html><body>{body}</body></html>"))
    removed = article_edges.remove_credited_captions([root], PageContext(url=URL, base_url=URL))
    return removed, dom.collapse(root.text_content())


def test_lines_ending_in_a_credit_go():
    lines = ("<p>Golf im TV: Die Übertragungszeiten im Überblick. (Foto: Getty)</p>"
             "<div class='img-text'>Marco Odermatt, Ski-Star aus der Schweiz. © AFP / MARCO BERTORELLO</div>"
             "<p>Son tres los periodos de vacaciones durante el año escolar. Foto: Andina</p>"
             "<span>Roman Prymula, photo: Archives du Gouvernement tchèque</span>")
    removed, text = on_credited(BODY[:600] + lines + BODY[600:])
    assert removed == 4 and "Getty" not in text and "Odermatt" not in text and "Andina" not in text and "Prymula" not in text
    assert "Paragraph 15" in text


def test_paragraphs_naming_a_photo_stay():
    kept = ("<p>Der Fotograf zeigte uns sein liebstes Bild: die Mühle im Nebel, am Morgen nach dem Sturm.</p>"
            "<p>Photo: the wheel, taken by the miller's son in 1920</p>"  # (a credit line: the credit_lines rule's)
            "<p>" + "The miller kept the picture on his wall for years, and he told everyone who came "
            "to buy flour how his son had taken it. (Foto: privat) " * 2 + "</p>")
    removed, text = on_credited(BODY + kept)
    assert removed == 0 and "liebstes Bild" in text and "Photo: the wheel" in text and "on his wall" in text


def test_auto_drops_the_captions_and_linked_lines_in_an_article(algo):
    middle = ("<div class='wp-caption'><img src='/w.jpg'><p class='wp-caption-text'>Das Wehr im Mai</p></div>"
              "<p><a href='/news/dam'>Ein Roadtrip entlang der Route 66 im Vulkanland</a></p>"
              "<p>Golf im TV: Die Übertragungszeiten im Überblick. (Foto: Getty)</p>")
    page = ("<html><body><nav><a href='/'>Home</a></nav><article><h1>The mill</h1>"
            f"<div class='story'>{BODY[:600]}{middle}{BODY[600:]}</div></article></body></html>")
    text = joined_selection(algo, page, URL)
    assert "Paragraph 15" in text and "Paragraph 0" in text
    for words in ("Das Wehr", "Route 66", "Getty"):
        assert words not in text, words


# ------------------------------------------------------------------ the article's date lines

def on_dates(body: str) -> tuple[int, str]:
    root = dom.body_of(dom.parse(f"<html><body>{body}</body></html>"))
    removed = article_edges.remove_time_lines([root], PageContext(url=URL, base_url=URL))
    return removed, dom.collapse(root.text_content())


def test_lines_that_are_the_pages_time_stamp_go():
    lines = ("<div class='meta'><span>Aktualisiert: <time datetime='2020-04-11T10:27'>11.04.2020, 10:27</time></span></div>"
             "<p><time datetime='2019-01-11'>11 Jan 2019</time></p>"
             "<div>Publié le <time>4 mai 2015 à 13h36</time></div>")
    removed, text = on_dates(lines + BODY[:600] + BODY[600:])
    assert removed == 3 and "Aktualisiert" not in text and "Jan 2019" not in text and "Publié" not in text
    assert "Paragraph 0" in text and "Paragraph 15" in text


def test_dates_of_the_storys_own_stay():
    kept = ("<p>The mill reopened on <time datetime='2020-05-02'>2 May 2020</time>, after a winter of repairs "
            "paid for by the whole town.</p>"  # (a sentence with a date)
            "<ul><li><time>12 June</time> Open day</li><li><time>3 July</time> Harvest fair</li></ul>"
            "<table><tr><td><time>1 Aug 2020</time></td><td>Flour sale</td></tr></table>"
            "<p>Baking time: <time datetime='PT45M'>45 min</time></p>"
            "<h2><time>1920</time>: the wheel</h2>")
    removed, text = on_dates(BODY + kept)
    assert removed == 0
    for words in ("2 May 2020", "12 June", "1 Aug 2020", "45 min", "1920"):
        assert words in text, words


def test_auto_drops_the_date_line_in_an_article(algo):
    stamp = "<div class='stamp'>Publiziert: <time datetime='2020-04-03T12:35'>03.04.2020, 12:35</time></div>"
    page = ("<html><body><nav><a href='/'>Home</a></nav><article><h1>The mill</h1>"
            f"<div class='story'>{BODY[:600]}{stamp}{BODY[600:]}</div></article></body></html>")
    text = joined_selection(algo, page, URL)
    assert "Paragraph 15" in text and "Publiziert" not in text


def test_captions_keep_leaves_every_caption_under_its_picture():
    middle = ("<figure><img src='/mill.jpg'><figcaption>Die Mühle im Mai. Foto: Archiv</figcaption></figure>"
              "<div class='wp-caption'><img src='/w.jpg'><p class='wp-caption-text'>Das Wehr im Mai</p></div>"
              "<p>Golf im TV: Die Übertragungszeiten im Überblick. (Foto: Getty)</p>")
    page = ("<html><body><nav><a href='/'>Home</a></nav><article><h1>The mill</h1>"
            f"<div class='story'>{BODY[:600]}{middle}{BODY[600:]}</div></article></body></html>")
    config = "content:\n  captions: {}\n"
    dropped = Pipeline(load_config_text(config.format("drop"))).run(page.encode(), URL, mode="reader").text
    kept = Pipeline(load_config_text(config.format("keep"))).run(page.encode(), URL, mode="reader").text
    for words in ("Foto: Archiv", "Das Wehr", "Getty"):
        assert words in kept and words not in dropped, words
    assert "Paragraph 15" in kept and "Paragraph 15" in dropped
