import gzip
import zlib

import brotli
import pytest
import zstandard

from clearpage.filters import content_coding as cc

BODY = b"<p>" + b"clearpage keeps the article and drops the rest. " * 400 + b"</p>"
ENCODERS = {
    "gzip": gzip.compress,
    "deflate": zlib.compress,
    "br": brotli.compress,
    "zstd": lambda data: zstandard.ZstdCompressor().compress(data),
}


@pytest.mark.parametrize("coding", sorted(ENCODERS))
def test_decodes_what_the_library_encoded(coding):
    assert cc.decode(ENCODERS[coding](BODY), coding, 10**6) == BODY


@pytest.mark.parametrize("coding", sorted(ENCODERS))
def test_truncated_body_is_an_error_not_a_partial_page(coding):
    packed = ENCODERS[coding](BODY)
    with pytest.raises(cc.DecodeError):
        cc.decode(packed[: len(packed) // 2], coding, 10**6)


@pytest.mark.parametrize("coding", sorted(ENCODERS))
def test_expansion_stops_at_the_limit(coding):
    with pytest.raises(cc.TooLarge):
        cc.decode(ENCODERS[coding](BODY), coding, len(BODY) - 1)


def test_a_compression_bomb_stops_early():
    bomb = zstandard.ZstdCompressor().compress(b"\0" * (256 * 2**20))  # 256 MiB in ~8 KB
    assert len(bomb) < 100_000
    with pytest.raises(cc.TooLarge):
        cc.decode(bomb, "zstd", 5 * 2**20)


@pytest.mark.parametrize("coding", sorted(ENCODERS))
def test_encode_round_trips(coding):
    assert cc.decode(cc.encode(BODY, coding), coding, 10**6) == BODY


def test_raw_deflate_is_accepted_like_browsers_do():
    raw = zlib.compressobj(wbits=-15)
    packed = raw.compress(BODY) + raw.flush()
    assert cc.decode(packed, "deflate", 10**6) == BODY


def test_stacked_codings_are_undone_last_first():
    packed = brotli.compress(gzip.compress(BODY))
    assert cc.decode(packed, "gzip, br", 10**6) == BODY
    assert cc.decode(cc.encode(BODY, "gzip, br"), "gzip, br", 10**6) == BODY


def test_several_members_and_frames_make_one_body():
    assert cc.decode(gzip.compress(b"ab") + gzip.compress(b"cd"), "gzip", 100) == b"abcd"
    z = zstandard.ZstdCompressor().compress
    assert cc.decode(z(b"ab") + z(b"cd"), "zstd", 100) == b"abcd"


def test_identity_and_case():
    assert cc.codings("identity") == []
    assert cc.codings(" GZip ") == ["gzip"]
    assert cc.decode(BODY, None, 10**6) == BODY
    assert cc.decode(BODY, "identity", 10**6) == BODY
    with pytest.raises(cc.TooLarge):
        cc.decode(BODY, None, 10)


def test_supported():
    assert cc.supported(None) and cc.supported("gzip") and cc.supported("br, zstd")
    assert not cc.supported("compress") and not cc.supported("gzip, sdch")
    with pytest.raises(cc.DecodeError):
        cc.decode(BODY, "compress", 10**6)


@pytest.mark.parametrize("coding", ["gzip", "x-gzip", "deflate", "br", "zstd", "gzip, br"])
@pytest.mark.parametrize("size", [0, 1, 5_000, 300_000])
def test_encode_gives_the_bytes_mitmproxy_encoders_gave(coding, size):
    """The proxy served mitmproxy's encodings before this module had its own: the same bytes."""
    from mitmproxy.net import encoding as mitm

    data = (BODY * (size // len(BODY) + 1))[:size]
    expected = data
    for name in cc.codings(coding):
        expected = mitm.encode(expected, {"x-gzip": "gzip"}.get(name, name))
    assert cc.encode(data, coding) == expected


def test_the_codings_errors_are_page_errors():
    from clearpage.filters.errors import ClearpageError, PageError

    assert issubclass(cc.DecodeError, PageError) and issubclass(cc.TooLarge, PageError)
    assert issubclass(PageError, ClearpageError) and issubclass(cc.DecodeError, ValueError)
