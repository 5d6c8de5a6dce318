"""One reader of numbers written in untrusted text (docs/threat-model.md, "Budgets").

``str.isdigit`` accepts "²" and "١٢" (which ``int`` refuses or reads as 12), ``int`` refuses
more than 4,300 digits with a ValueError, ``float`` reads "1e400" as infinity and "nan" as a
number that compares false with everything, and ``int(float("inf"))`` raises OverflowError:
each of them once ended a run with exit 3.  Every number read from a linted file, a manifest
or a configuration goes through these functions, which accept ASCII decimal text of bounded
length only and return None (the caller's finding or message says what to write) for
anything else.
"""

from __future__ import annotations

import math

from toplint.infra.patterns import lazy

__all__ = ["MAGNITUDE", "MAX_DIGITS", "digits", "finite", "whole", "whole_text"]

# Longest number text read: 2^63 has 19 digits; a longer one is not a count or a size any
# config means.
MAX_DIGITS = 24
# Largest magnitude believed of any number (bytes, bits per second, counts): 2^63.
MAGNITUDE = float(1 << 63)

_WHOLE = lazy(r"[+-]?[0-9]{1,24}")
_DECIMAL = lazy(r"[+-]?(?:[0-9]{1,24}(?:\.[0-9]{0,24})?|\.[0-9]{1,24})(?:[eE][+-]?[0-9]{1,3})?")


def digits(text: str, high: int = 1 << 63) -> int | None:
    """``text`` as an integer in [0, high] when it is only ASCII digits (no sign, no blanks:
    what ``text.isdigit()`` was meant to test, without "²", "１２" or 5,000 digits), else None."""
    if not (0 < len(text) <= MAX_DIGITS and text.isascii() and text.isdigit()):
        return None
    value = int(text)
    return value if value <= high else None


def whole_text(text: str, low: int = 0, high: int = 1 << 63) -> int | None:
    """``text`` as an integer in [low, high] when it is ASCII decimal digits (an optional
    sign, surrounding blanks), else None."""
    digits = text.strip()
    if not _WHOLE.fullmatch(digits):
        return None
    value = int(digits)
    return value if low <= value <= high else None


def whole(value: object, low: int = 0, high: int = 1 << 63) -> int | None:
    """An integer in [low, high] from a parsed value (an int, a float holding a whole number,
    or text ``whole_text`` accepts); None for anything else (a bool, nan, 1e400, 2.5)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if low <= value <= high else None
    if isinstance(value, float):
        if not math.isfinite(value) or not value.is_integer():
            return None
        number = int(value)
        return number if low <= number <= high else None
    if isinstance(value, str):
        return whole_text(value, low, high)
    return None


def finite(value: object, high: float = MAGNITUDE) -> float | None:
    """A finite number of magnitude at most ``high`` from a parsed value or ASCII decimal
    text ("2", "-0.5", "1e3"); None for nan, infinities, "1e400", Unicode digits, a bool."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        number = float(value) if abs(value) <= high else math.inf
    elif isinstance(value, float):
        number = value
    elif isinstance(value, str):
        text = value.strip()
        if not _DECIMAL.fullmatch(text):
            return None
        number = float(text)
    else:
        return None
    return number if math.isfinite(number) and abs(number) <= high else None


def written_count(value: object, high: int = 1 << 20) -> int | None:
    """A count written in the tree (an option's value, a field of a JSON option), quotes
    stripped, read by ``toplint.infra.numbers``: None for "１２", "²", 1e400, a bool, a word.
    Rules and the outcome read counts from the tree through this, never ``int()``."""
    if isinstance(value, str):
        value = value.strip().strip("'\"")
    return whole(value, 0, high)
