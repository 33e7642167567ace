"""Labels every entry of a listing repeats, trimmed from auto's selection (filters/content/rules/listing_trim.py)."""
from __future__ import annotations

from tests.content.algo_util import joined_selection

URL = "https://example.com/jobs"
PLACES = ["Berlin", "Lisbon", "Toronto", "Nairobi", "Osaka", "Quito"]


def job(n: int, place: str, badge: str) -> str:
    return (f"<div class='job'><h3><a href='/jobs/{n}'>Backend engineer number {n} for the payments team</a></h3>"
            f"<p>Build and run the services that move money for our customers in {place}, with a small team.</p>"
            f"<div class='meta'>{place}</div>{badge}</div>")


def listing(badge) -> str:
    entries = "".join(job(n, place, badge(n)) for n, place in enumerate(PLACES))
    return (f"<html><body><nav><a href='/'>Home</a> <a href='/about'>About</a></nav>"
            f"<main><h1>Engineering jobs</h1><div class='jobs'>{entries}</div></main></body></html>")


def test_a_button_every_entry_repeats_goes(algo):
    text = joined_selection(algo, listing(lambda n: f"<div class='cta'><a href='/jobs/{n}/apply'>Apply now</a></div>"), URL)
    assert "Backend engineer number 3 for the payments team" in text
    assert "with a small team" in text
    assert "Apply now" not in text


def test_a_badge_in_every_entry_goes_but_each_entrys_own_values_stay(algo):
    text = joined_selection(algo, listing(lambda n: "<div class='badge'>Actively hiring</div>"), URL)
    assert "Actively hiring" not in text
    for place in PLACES:
        assert place in text


def test_a_label_in_a_few_entries_only_stays(algo):
    text = joined_selection(algo, listing(lambda n: "<div class='badge'>Actively hiring</div>" if n < 3 else ""), URL)
    assert "Actively hiring" in text


def test_a_shared_category_link_stays(algo):
    text = joined_selection(algo, listing(lambda n: "<div class='team'><a href='/jobs/engineering'>Engineering</a></div>"), URL)
    assert text.count("Engineering") >= len(PLACES)


def test_a_fields_name_before_its_value_stays(algo):
    text = joined_selection(algo, listing(lambda n: f"<div class='salary'><span>Salary:</span> {50 + n}k a year</div>"), URL)
    assert text.count("Salary:") == len(PLACES)


def test_a_repeated_sentence_stays(algo):
    text = joined_selection(algo, listing(lambda n: "<div class='note'>Visa sponsorship available.</div>"), URL)
    assert text.count("Visa sponsorship available.") == len(PLACES)


def story(n: int, author: str, title_copy: str) -> str:
    title = f"How we rebuilt search for release number {n}"
    return (f"<div class='story'>{title_copy.format(title=title, n=n)}"
            f"<div class='people'><div class='name-small'><a href='/u/{author}'>{author}</a></div>"
            f"<div class='profile'><span>{author}</span></div></div>"
            f"<h2><a href='/posts/{n}'>{title}</a></h2>"
            f"<p>What changed in the search cluster {n} and what it cost us, told by the team.</p></div>")


def stories(title_copy: str) -> str:
    authors = ["Maria Lopez", "Kenji Sato", "Amara Obi", "Lena Vogel", "Tom Baker"]
    entries = "".join(story(n, a, title_copy) for n, a in enumerate(authors))
    return f"<html><body><main><h1>Latest posts</h1><div class='feed'>{entries}</div></main></body></html>"


def test_an_entrys_title_and_authors_name_shown_twice_are_read_once(algo):
    text = joined_selection(algo, stories("<a class='sr-link' href='/posts/{n}'>{title}</a>"), URL)
    assert text.count("How we rebuilt search for release number 2") == 1
    assert text.count("Kenji Sato") == 1
    assert "What changed in the search cluster 2" in text


def test_nested_cards_sharing_one_value_keep_it(algo):
    card = "<li class='card'><p class='type'>{award}</p><a href='/p/{k}'><h4>Project {k}</h4></a></li>"
    section = "<div class='category'><h3><a href='/c/{c}'>Category {c}</a></h3><ul>{cards}</ul></div>"
    def cards(c):
        return "".join(card.format(k=f"{c}-{k}", award="Honoree" if k else "Winner") for k in range(4))
    body = "".join(section.format(c=c, cards=cards(c)) for c in range(5))
    text = joined_selection(algo, f"<html><body><main><h1>Awards</h1><div class='awards'>{body}</div></main></body></html>", URL)
    assert text.count("Winner") == 5
    assert text.count("Honoree") == 15


def test_a_component_rendered_twice_under_other_wrappers_is_read_once(algo):
    # (the author component twice in each card, in one tag and class: under the headline for wide
    # screens, in a wrapper of its own for narrow ones; a class named "byline" would be a named
    # meta line, removed by remove_entry_meta)
    # (each copy in a row of one class: the copies' parents are alike, their wrappers above are not)
    card = ("<div class='card'><div class='wide'><h3><a href='/s/{n}'>Storm season starts early in the north, part {n}</a></h3>"
            "<div class='row'><div class='author'>{author}</div></div></div>"
            "<div class='narrow'><div class='stack'><div class='row'><div class='author'>{author}</div></div><span>{n} min read</span></div></div>"
            "<p>Forecasters expect more rain than usual this year, report {n} says, and farmers are planting later.</p></div>")
    authors = ["Maria Lopez", "Kenji Sato", "Amara Obi", "Lena Vogel", "Tom Baker"]
    body = "".join(card.format(n=n, author=a) for n, a in enumerate(authors))
    text = joined_selection(algo, f"<html><body><main><h1>Weather</h1><div class='cards'>{body}</div></main></body></html>", URL)
    assert text.count("Kenji Sato") == 1
    assert "farmers are planting later" in text


def test_a_jump_to_a_place_on_the_page_in_every_entry_goes(algo):
    # (shown twice in each entry and leading to one place: a shared page's link would stay, a jump goes)
    back = "<p class='back'><a href='#winners'>Back to winners</a></p>"
    html = listing(lambda n: back + back)
    text = joined_selection(algo, html, URL)
    assert "Back to winners" not in text
    assert "Backend engineer number 3" in text


def test_a_shared_pages_link_in_every_entry_stays(algo):
    html = listing(lambda n: "<p class='back'><a href='/winners'>All winners</a></p>")
    assert joined_selection(algo, html, URL).count("All winners") == len(PLACES)


def test_labels_in_cards_without_linked_titles_stay(algo):
    # Plans and feature cards are no listing's entries: what every card says is what each plan includes.
    card = ("<div class='plan'><h3>Plan number {0} for growing teams</h3><p>Everything a team of {0}0 people needs to ship, "
            "billed monthly.</p><div class='perk'>Unlimited projects</div></div>")
    html = f"<html><body><main><h1>Pricing</h1><div class='plans'>{''.join(card.format(n) for n in range(1, 6))}</div></main></body></html>"
    assert joined_selection(algo, html, URL).count("Unlimited projects") == 5


def test_a_row_of_buttons_every_entry_repeats_goes(algo):
    # Two buttons in one class: the class holds two texts, yet no entry picks one of them as its value.
    buttons = ("<div class='tools'><div class='tool'>Download brief</div><div class='tool'>Meet the team</div>"
               "<div class='count'>{0}0 applicants</div></div>")
    text = joined_selection(algo, listing(buttons.format), URL)
    assert "Download brief" not in text
    assert "Meet the team" not in text
    assert "30 applicants" in text
    for place in PLACES:
        assert place in text


def test_a_label_in_an_element_without_a_class_goes(algo):
    # A bare <span> holds the badge and, in another part of the card, each entry's own place: two fields.
    html = listing(lambda n: "<div class='badge'><span>Actively hiring</span></div>").replace(
        "<div class='meta'>", "<div class='meta'><span>").replace("</div><div class='badge'>", "</span></div><div class='badge'>")
    assert "<div class='meta'><span>Quito</span></div>" in html
    text = joined_selection(algo, html, URL)
    assert "Actively hiring" not in text
    for place in PLACES:
        assert place in text


def test_a_fields_values_stay_when_entries_show_two(algo):
    # Each entry shows one shift of two: a field whose values differ from entry to entry, kept
    # (a date would be an entry's meta line, removed by remove_entry_meta).
    shifts = "<div class='when'><span class='shift'>{0}</span></div>"
    text = joined_selection(algo, listing(lambda n: shifts.format("Night shift" if n % 2 else "Day shift")), URL)
    assert text.count("Night shift") == 3
    assert text.count("Day shift") == 3


def test_labels_over_their_own_lists_stay(algo):
    # "Pros" and "Cons" in every entry, each over a list of its own points: headings of the entry's content.
    pros = "<p><b>Pros</b></p><ul><li>Fast reviews {0}</li></ul><p><b>Cons</b></p><ul><li>Long forms {0}</li></ul>"
    text = joined_selection(algo, listing(pros.format), URL)
    assert text.count("Pros") == len(PLACES)
    assert text.count("Cons") == len(PLACES)


def rated_job(n: int, place: str, badge: str) -> str:
    stars = "".join(f"<a class='star' href='#'>{k} of 5 stars</a>" for k in range(1, 6))
    return job(n, place, badge + f"<div class='stars'>{stars}</div>")


def test_a_row_of_rating_stars_every_entry_repeats_goes(algo):
    entries = "".join(rated_job(n, place, "") for n, place in enumerate(PLACES))
    page = f"<html><body><main><h1>Engineering jobs</h1><div class='jobs'>{entries}</div></main></body></html>"
    text = joined_selection(algo, page, URL)
    assert "of 5 stars" not in text
    assert "Backend engineer number 3 for the payments team" in text


def book_row(n: int, shelf: str) -> str:
    return (f"<tr><td class='rank'>{n + 1}</td><td><a class='bookTitle' href='/book/{n}'><span role='heading' aria-level='4'>"
            f"The collected letters of writer number {n}</span></a><div>by Author {n}, {n + 3}.{n} average rating from "
            f"{n * 1000 + 17} readers who finished it this year</div></td><td class='format'>Paperback</td>"
            f"<td><div class='shelf'>{shelf}</div><div class='caption'>Rate this book</div></td></tr>")


def book_table() -> str:
    rows = "".join(book_row(n, "Want to read" if n % 2 else "Read") for n in range(8))
    return (f"<html><body><nav><a href='/'>Home</a> <a href='/about'>About</a></nav>"
            f"<main><h1>Best books of the year</h1><table class='list'>{rows}</table></main></body></html>")


def test_a_caption_inside_a_rows_cell_goes_but_whole_cells_stay(algo):
    text = joined_selection(algo, book_table(), "https://example.com/list")
    assert "The collected letters of writer number 5" in text
    assert "Rate this book" not in text
    assert text.count("Paperback") == 8


def test_a_value_after_its_fields_name_stays_when_every_entry_shares_it(algo):
    def specs(n: int) -> str:
        return (f"<div class='spec'>Office: <div class='value'>{PLACES[n]} office</div></div>"
                "<div class='spec'>Perks: <div class='value check'>Remote friendly</div></div>")
    text = joined_selection(algo, listing(specs), URL)
    assert text.count("Remote friendly") == len(PLACES)


def feed(meta) -> str:
    """A feed of five stories, each with a linked title, a teaser and ``meta(n)`` under it."""
    entries = "".join(
        f"<div class='story'><h2><a href='/posts/{n}'>How we rebuilt search for release number {n}</a></h2>"
        f"<p>What changed in the search cluster {n} and what it cost us, told by the team.</p>{meta(n)}</div>"
        for n in range(5))
    return f"<html><body><main><h1>Latest posts</h1><div class='feed'>{entries}</div></main></body></html>"


def test_an_entrys_date_and_counters_go(algo):
    text = joined_selection(algo, feed(lambda n: f"<div class='date'>Feb {n + 3}, 2026</div>"
                                              f"<div class='stats'><a href='/posts/{n}#c'>{n + 7} comments</a> · <span>{n + 2} min read</span></div>"
                                              f"<span class='ago'>{n + 1} hrs ago</span>"), URL)
    assert "How we rebuilt search for release number 2" in text
    assert "What changed in the search cluster 2" in text
    for gone in ("Feb 5, 2026", "9 comments", "4 min read", "3 hrs ago"):
        assert gone not in text


def test_a_byline_with_its_date_goes(algo):
    text = joined_selection(algo, feed(lambda n: f"<div class='byline'>Maria Lopez · Mar 0{n + 1}, 2026</div>"), URL)
    assert "Maria Lopez" not in text
    assert "What changed in the search cluster 2" in text


def test_a_line_saying_more_than_a_date_stays(algo):
    text = joined_selection(algo, feed(lambda n: f"<div class='writer'>Maria Lopez, staff writer {n}</div><div class='when'>Opens Apr {n + 8}</div>"), URL)
    assert "Maria Lopez, staff writer 2" in text
    assert "Opens Apr 10" in text


def test_meta_text_is_a_date_a_time_ago_or_counters_only():
    from clearpage.filters.content.rules.listing_trim import is_meta_text

    assert is_meta_text("Updated March 2, 2026") and is_meta_text("9d") and is_meta_text("84 reactions Comments 9 comments")
    assert is_meta_text("Jess Lee for The DEV Team ・ Feb 17") and is_meta_text("Alan Woinski and Kim Woinski | 3 days ago")
    assert not is_meta_text("8 weeks") and not is_meta_text("comments") and not is_meta_text("available now | Mar 5")
    assert not is_meta_text("Opens Apr 8")
    assert is_meta_text("May 28-29 '26") and is_meta_text("Mar 16 – 20, 2026")  # (an event's days)
    assert is_meta_text("9 hrs ago | Latin America") and not is_meta_text("2 days ago see more details here")


def tile(n: int) -> str:
    """A shop's tile: a linked name and price, no heading, and the same badge in every tile."""
    return (f"<div class='tile'><a href='/p/{n}'><span class='name'>Oak writing desk model {n} with two drawers</span></a>"
            f"<div class='price'>${100 + n * 15}.00, with the legs and the drawers in solid oak</div><div class='ship'>Free shipping</div></div>")


def test_a_badge_in_every_linked_tile_without_headings_goes(algo):
    tiles = "".join(tile(n) for n in range(6))
    html = f"<html><body><main><h1>Desks</h1><div class='grid'>{tiles}</div></main></body></html>"
    text = joined_selection(algo, html, "https://example.com/desks")
    assert "Oak writing desk model 4 with two drawers" in text
    assert "Free shipping" not in text


def test_a_linked_tiles_date_goes(algo):
    tiles = "".join(tile(n).replace("</div></div>", f"</div><div class='added'>Mar {n + 2}, 2026</div></div>") for n in range(6))
    html = f"<html><body><main><h1>Desks</h1><div class='grid'>{tiles}</div></main></body></html>"
    text = joined_selection(algo, html, "https://example.com/desks")
    assert "Oak writing desk model 4 with two drawers" in text
    assert "Mar 5, 2026" not in text


def test_an_entrys_kicker_and_byline_go_but_an_unnamed_label_stays(algo):
    kickers = ["World", "Science", "Business", "Culture", "Sport"]
    text = joined_selection(algo, feed(lambda n: f"<div class='tease__eyebrow'>{kickers[n]} desk</div><div class='place'>{kickers[n]} bureau</div>"
                                              f"<div class='BylinesWrapper'><span>Reporter {kickers[n]}</span></div>"), URL)
    assert "Science desk" not in text
    assert "Reporter Science" not in text
    assert "Science bureau" in text


def test_three_entries_lose_their_dates_but_keep_their_labels(algo):
    entries = "".join(
        f"<div class='story'><h2><a href='/posts/{n}'>How we rebuilt search for release number {n}</a></h2>"
        f"<p>What changed in the search cluster {n} and what it cost us, told by the team.</p>"
        f"<div class='date'>Feb {n + 3}, 2026</div><div class='cta'><a href='/posts/{n}'>Read the story</a></div></div>"
        for n in range(3))
    html = f"<html><body><main><h1>Latest posts</h1><div class='feed'>{entries}</div></main></body></html>"
    text = joined_selection(algo, html, URL)
    assert "Feb 4, 2026" not in text
    assert text.count("Read the story") == 3  # (three entries are too few to tell a label from a shared value)
