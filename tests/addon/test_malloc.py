"""addon.malloc's pacing of heap trims for everyday pages."""
import pytest

from clearpage.addon.malloc import TRIM_EVERY_BYTES, TrimPacer


def test_a_trim_comes_due_each_time_the_bytes_add_up_and_the_count_starts_again():
    pacer = TrimPacer(every_bytes=250)
    assert [pacer.add(100) for _ in range(6)] == [False, False, True, False, False, True]
    assert pacer.due == 2
    assert pacer.add(249) is False and pacer.add(1) is True  # exactly every_bytes is due


def test_one_body_over_the_pace_is_due_at_once():
    pacer = TrimPacer(every_bytes=250)
    assert pacer.add(10_000) is True and pacer.add(100) is False


def test_everyday_pages_are_not_due_at_each_page():
    pacer = TrimPacer()
    article = 100 * 1024  # a typical page, its reply about as big
    due = [pacer.add(2 * article) for _ in range(1000)]
    assert 1 <= sum(due) <= 1000 * 2 * article // TRIM_EVERY_BYTES
    assert not any(due[:100])


def test_a_pace_below_one_byte_is_refused():
    with pytest.raises(ValueError, match="every_bytes must be 1 or more, not 0"):
        TrimPacer(every_bytes=0)
