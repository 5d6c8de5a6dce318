"""Bandwidths, latencies and sizes written with units, and back to human text.

Bandwidth is returned in GB/s (10^9 B/s) per direction, latency in microseconds, sizes in bytes
(cost-model.md "Units": GB = 10^9 B, GiB = 2^30 B).  A capital ``B`` is bytes and a small ``b``
is bits, as vendors write them: "400 Gb/s" is an NDR NIC (50 GB/s), "400 GB/s" would be NVLink.
A bare number is refused, because both readings occur in real manifests (cost-model.md §3:
llm-analysis ships ``inter_node_bandwidth_in_GB_per_sec: 400``, which is Gb/s).
"""

from __future__ import annotations

import re
from typing import Literal

from toplint.infra.numbers import finite
from toplint.infra.patterns import lazy

BandwidthKind = Literal["link", "network"]

_NUMBER = r"(?P<num>[0-9]+(?:\.[0-9]*)?|\.[0-9]+)"
_PREFIX = {"": 1e-9, "k": 1e-6, "m": 1e-3, "g": 1.0, "t": 1e3}

# "<prefix><B|b>[it|yte][/s|ps|/sec]", "<prefix>bE" (Ethernet speed: bits) or a bare
# "<prefix>G"/"T" after the number ("400G" is how Ethernet and IB speeds are named: bits).
_BANDWIDTH = lazy(
    _NUMBER + r"\s*(?:(?P<prefix>[kKmMgGtT]?)(?P<unit>B|b)(?:it|yte)?s?(?:/s(?:ec)?|ps|PS)"
    r"|(?P<eprefix>[kKmMgGtT])(?:bE|BE|be|bit)|(?P<bare>[gGtT]))\s*",
)
_LATENCY = lazy(_NUMBER + r"\s*(?P<unit>ns|us|µs|μs|usec|ms|msec|s|sec)\s*", re.IGNORECASE)
_SIZE = lazy(_NUMBER + r"\s*(?P<unit>[kKmMgGtT]i?B|B|bytes?)?\s*")
_LATENCY_SCALE = {
    "ns": 1e-3,
    "us": 1.0,
    "µs": 1.0,
    "μs": 1.0,
    "usec": 1.0,
    "ms": 1e3,
    "msec": 1e3,
    "s": 1e6,
    "sec": 1e6,
}
_SIZE_SCALE = {
    "k": 10**3,
    "m": 10**6,
    "g": 10**9,
    "t": 10**12,
    "ki": 2**10,
    "mi": 2**20,
    "gi": 2**30,
    "ti": 2**40,
}


class UnitError(ValueError):
    """A value toplint cannot read as a quantity; the message says what to write instead."""


class MissingUnitError(UnitError):
    """A bare number where a unit is required; ``readings`` holds both plausible values."""

    def __init__(self, message: str, readings: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.readings = readings


def _finite(value: object, raw: object) -> float:
    """A number as a finite float (``toplint.infra.numbers``), else ``UnitError``: "1e400",
    "nan" or a 5,000-digit integer is no quantity (float() made infinity, int() raised)."""
    number = finite(value)
    if number is None:
        if not isinstance(raw, str):  # str() of a 5,000-digit int raises: never shown
            raise UnitError("not a finite number below 2^63")
        shown = raw if len(raw) <= 24 else raw[:12] + "…"
        raise UnitError(f'"{shown}" is not a finite number below 2^63')
    return number


def _num_text(value: float) -> str:
    return f"{value:g}"


def _missing_bandwidth_unit(number: float, kind: BandwidthKind) -> MissingUnitError:
    n = _num_text(number)
    bits = f'"{n} Gb/s" ({_num_text(number / 8)} GB/s)'
    byte = f'"{n} GB/s"'
    # Networks are sold in bits, links in bytes: suggest the likelier reading first.
    first, second = (bits, byte) if kind == "network" else (byte, bits)
    return MissingUnitError(f'"{n}" has no unit; write {first} or {second}', (first, second))


def _plain_number(raw: str) -> bool:
    """Whether ``raw`` is ``_NUMBER`` whole ("300", "1.5", "5.", ".5"): the test without
    compiling the pattern, which a manifest's "450 GB/s" never matches (~1M instructions of a
    one-file check)."""
    whole, dot, fraction = raw.partition(".")
    if not raw.isascii():  # str.isdigit takes other scripts' digits; [0-9] does not
        return False
    if whole:
        return whole.isdigit() and (not fraction or fraction.isdigit())
    return bool(dot) and fraction.isdigit()


def parse_bandwidth(text: str | int | float, *, kind: BandwidthKind = "link") -> float:
    """GB/s per direction from "300 GB/s", "100 Gb/s", "100 Gbps", "100GbE", "400G", "1.8 TB/s"."""
    if isinstance(text, bool):
        raise UnitError(f'{text!r} is not a bandwidth; write e.g. "400 Gb/s" or "450 GB/s"')
    if isinstance(text, (int, float)):
        raise _missing_bandwidth_unit(_finite(text, text), kind)
    raw = text.strip()
    if _plain_number(raw):
        raise _missing_bandwidth_unit(_finite(raw, raw), kind)
    m = _BANDWIDTH.fullmatch(raw)
    if not m:
        raise UnitError(
            f'"{raw}" is not a bandwidth; write e.g. "400 Gb/s" (network, bits) '
            'or "450 GB/s" (link, bytes)'
        )
    number = _finite(m["num"], raw)
    if m["unit"]:
        scale = _PREFIX[m["prefix"].lower()]
        return number * scale if m["unit"] == "B" else number * scale / 8
    prefix = (m["eprefix"] or m["bare"]).lower()
    return number * _PREFIX[prefix] / 8


def parse_latency(text: str | int | float) -> float:
    """Microseconds from "5 us", "5 µs", "5us", "0.5 ms", "500 ns"."""
    if isinstance(text, bool):
        raise UnitError(f'{text!r} is not a latency; write e.g. "5 us"')
    if isinstance(text, (int, float)):
        n = _num_text(_finite(text, text))
        raise MissingUnitError(
            f'"{n}" has no unit; write "{n} us" or "{n} ms"', (f"{n} us", f"{n} ms")
        )
    raw = text.strip()
    if _plain_number(raw):
        return parse_latency(_finite(raw, raw))
    m = _LATENCY.fullmatch(raw)
    if not m:
        raise UnitError(f'"{raw}" is not a latency; write e.g. "5 us", "0.5 ms" or "500 ns"')
    unit = m["unit"]
    scale = _LATENCY_SCALE.get(unit) or _LATENCY_SCALE[unit.lower()]
    return _finite(m["num"], raw) * scale


def parse_size(text: str | int | float) -> int:
    """Bytes from "64 MiB", "80 GB", "512 KiB", "4096" (a bare number is bytes)."""
    if isinstance(text, bool):
        raise UnitError(f'{text!r} is not a size; write e.g. "64 MiB"')
    if isinstance(text, (int, float)):
        return int(_finite(text, text))
    raw = text.strip()
    m = _SIZE.fullmatch(raw)
    if not m:
        raise UnitError(f'"{raw}" is not a size; write e.g. "64 MiB" or "80 GB"')
    unit = (m["unit"] or "B").lower()
    scale = 1 if unit in ("b", "byte", "bytes") else _SIZE_SCALE[unit[:-1]]
    return int(_finite(_finite(m["num"], raw) * scale, raw))


def binary_size(text: object) -> bool:
    """Whether a size is written in binary units ("8188 MiB", "44.53 GiB")."""
    m = _SIZE.fullmatch(text.strip()) if isinstance(text, str) else None
    return bool(m and m["unit"] and m["unit"][1:2].lower() == "i")


def format_bytes(n: float) -> str:
    """Binary units, as nccl-tests and engines print them: 512 B, 64 MiB, 1.5 GiB."""
    value = float(n)
    for unit in ("B", "KiB", "MiB", "GiB"):
        if abs(value) < 1024 or unit == "GiB":
            return f"{value:.0f} {unit}" if unit == "B" else f"{_short(value)} {unit}"
        value /= 1024
    raise AssertionError("unreachable")  # pragma: no cover


def format_time_us(us: float) -> str:
    """µs below a millisecond, ms below a second, then s: 6.6 µs, 62.6 ms, 8.9 s."""
    if abs(us) < 1000:
        return f"{_short(us)} µs"
    if abs(us) < 1_000_000:
        return f"{_short(us / 1000)} ms"
    return f"{_short(us / 1_000_000)} s"


def format_bandwidth(gb_per_s: float) -> str:
    return f"{_short(gb_per_s)} GB/s"


def _short(value: float) -> str:
    """Three significant digits, no trailing zeros: 62.6, 134, 0.125."""
    if value == 0:
        return "0"
    text = f"{value:.3g}" if abs(value) < 1000 else f"{value:.0f}"
    return text if "e" not in text else f"{value:.0f}"


def plural(n: int, word: str) -> str:
    """``1 finding``, ``2 findings``: every count a person reads goes through here."""
    return f"{n} {word}{'' if n == 1 else 's'}"
