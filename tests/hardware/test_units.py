from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from toplint.hardware.units import (
    MissingUnitError,
    UnitError,
    format_bytes,
    format_time_us,
    parse_bandwidth,
    parse_latency,
    parse_size,
)


@pytest.mark.parametrize(
    ("text", "gb_per_s"),
    [
        ("300 GB/s", 300.0),
        ("300GB/s", 300.0),
        ("12.5 GB/s", 12.5),
        ("100 Gb/s", 12.5),
        ("100 Gbps", 12.5),
        ("100GbE", 12.5),
        ("400G", 50.0),
        ("1.8 TB/s", 1800.0),
        ("2 Tb/s", 250.0),
        ("200 Gbit/s", 25.0),
        ("800 MB/s", 0.8),
        ("450 GBps", 450.0),
    ],
)
def test_parse_bandwidth_spellings(text: str, gb_per_s: float) -> None:
    assert parse_bandwidth(text, kind="network") == pytest.approx(gb_per_s)


@pytest.mark.parametrize("value", ["400", 400, 400.0])
def test_bandwidth_without_unit_shows_both_readings(value: object) -> None:
    with pytest.raises(MissingUnitError) as info:
        parse_bandwidth(value, kind="network")  # type: ignore[arg-type]
    assert str(info.value) == '"400" has no unit; write "400 Gb/s" (50 GB/s) or "400 GB/s"'
    assert isinstance(info.value, ValueError)


def test_link_bandwidth_without_unit_suggests_bytes_first() -> None:
    with pytest.raises(MissingUnitError, match=r'write "300 GB/s" or "300 Gb/s" \(37.5 GB/s\)'):
        parse_bandwidth("300", kind="link")


@pytest.mark.parametrize("text", ["fast", "400 GHz", "GB/s", ""])
def test_bandwidth_garbage_is_a_unit_error(text: str) -> None:
    with pytest.raises(UnitError):
        parse_bandwidth(text)


@pytest.mark.parametrize(
    ("text", "us"),
    [
        ("5 us", 5.0),
        ("5 µs", 5.0),
        ("5us", 5.0),
        ("0.5 ms", 500.0),
        ("500 ns", 0.5),
        ("5 μs", 5.0),
        ("1 s", 1e6),
    ],
)
def test_parse_latency(text: str, us: float) -> None:
    assert parse_latency(text) == pytest.approx(us)


def test_latency_without_unit_is_refused() -> None:
    with pytest.raises(MissingUnitError, match='write "5 us" or "5 ms"'):
        parse_latency(5)


@pytest.mark.parametrize(
    ("text", "size"),
    [("64 MiB", 64 * 2**20), ("80 GB", 80 * 10**9), ("2 KiB", 2048), ("512 B", 512), (4096, 4096)],
)
def test_parse_size(text: str | int, size: int) -> None:
    assert parse_size(text) == size


def test_format_bytes_uses_binary_units() -> None:
    assert [format_bytes(n) for n in (512, 2048, 64 * 2**20, 3 * 2**30)] == [
        "512 B",
        "2 KiB",
        "64 MiB",
        "3 GiB",
    ]


def test_format_time_picks_the_unit() -> None:
    assert [format_time_us(t) for t in (6.6, 62_600, 8_900_000)] == ["6.6 µs", "62.6 ms", "8.9 s"]


@given(st.text(alphabet="0123456789. a٣²-e", max_size=8))
def test_a_plain_number_is_told_as_the_number_pattern_tells_it(text: str) -> None:
    """``_plain_number`` answers ``re.fullmatch(_NUMBER, text)`` without compiling it."""
    import re

    from toplint.hardware.units import _NUMBER, _plain_number

    assert _plain_number(text) == bool(re.fullmatch(_NUMBER, text))
