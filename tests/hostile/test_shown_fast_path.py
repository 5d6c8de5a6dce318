"""``shown``'s one-test fast path gives exactly what escaping every text gives."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest

from toplint.model import Finding, Fix, Severity
from toplint.record import replace
from toplint.report.base import encodable, printable, shown

TEXTS = [
    "deploy/serve.sh",
    "tensor-parallel group of 8 GPUs spans 2 nodes",
    "",
    "tab\there",
    "line\nbreak",
    "esc \x1b[31m red",
    "caf\u00e9",  # non-ASCII, printable
    "bidi \u202e override",
    "undecodable \udcff byte",
    "nbsp\u00a0space",
]


def _slow(f: Finding, escape: Callable[[str], str]) -> Finding:
    fix = f.fix
    if fix is not None:
        fix = replace(fix, message=escape(fix.message))
    return replace(
        f, path=escape(f.path), message=escape(f.message), anchor=escape(f.anchor), fix=fix
    )


@pytest.mark.parametrize("escape", [printable, encodable])
def test_fast_path_equals_escaping_each_text(escape: Callable[[str], str]) -> None:
    for path, message, anchor in itertools.product(TEXTS, repeat=3):
        for fix in (None, Fix(message=message[::-1])):
            f = Finding("TL101", "x", Severity.ERROR, path, 1, 1, message, fix, anchor=anchor)
            got, want = shown(f, escape), _slow(f, escape)
            assert (got.path, got.message, got.anchor) == (want.path, want.message, want.anchor)
            assert (got.fix and got.fix.message) == (want.fix and want.fix.message)


def test_another_escape_is_always_applied() -> None:
    f = Finding("TL101", "x", Severity.ERROR, "a.sh", 1, 1, "plain")
    assert shown(f, str.upper).message == "PLAIN"


def test_printable_text_is_never_escaped() -> None:
    # The fast path's premise: every character the escapes rewrite is unprintable.
    from toplint.report.base import _SURROGATES, _UNSAFE

    for code in range(0x110000):
        ch = chr(code)
        if _UNSAFE.search(ch) or _SURROGATES.search(ch):
            assert not ch.isprintable(), hex(code)
