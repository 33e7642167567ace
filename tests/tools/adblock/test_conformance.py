"""The matcher against the shared conformance requests, and the measurement itself on a small set."""
import pytest

from clearpage.tools.adblock import conformance

# Measured: 9354/9354 rule checks right (`clearpage bench adblock`, July 2026 lists). The floor
# sits a little under it so a regression fails without pinning an exact figure.
FLOOR = 0.995


@pytest.mark.shared
def test_share_right_on_the_shared_requests(shared):
    requests = conformance.load_requests(shared / "adblock" / "matching-test-requests.json")
    result = conformance.measure(requests)
    assert result.entries > 8000 and result.skipped > 0
    assert result.share >= FLOOR, result.summary()
    assert set(result.by_type) >= {"script", "image", "subdocument", "xhr"}


def test_measure_classifies_failures():
    requests = [
        {"url": "https://ads.example/a.png", "sourceUrl": "https://site.example/", "type": "image", "filters": ["||ads.example^"]},
        {"url": "https://ok.example/a.js", "sourceUrl": "https://site.example/", "type": "script", "filters": ["@@||ok.example^"]},
        # Rules that do not match their request: the measure must say so.
        {"url": "https://x.example/a.png", "sourceUrl": "https://site.example/", "type": "image", "filters": ["||y.example^"]},
        {"url": "https://x.example/a.png", "sourceUrl": "https://site.example/", "type": "image", "filters": ["@@||y.example^"]},
        {"url": "https://pop.example/", "sourceUrl": "https://site.example/", "type": "image", "filters": ["||pop.example^$popup"]},
        {"url": "https://", "sourceUrl": "https://site.example/", "type": "other", "filters": ["||a^"]},
    ]
    result = conformance.measure(requests)
    assert (result.entries, result.skipped, result.rules, result.right, result.entries_right) == (5, 1, 5, 2, 2)
    assert result.failures == {
        conformance.NOT_BLOCKED: 1,
        conformance.NOT_EXCEPTED: 1,
        f"{conformance.UNSUPPORTED}: $popup": 1,
    }
    assert "40.00%" in result.summary()
