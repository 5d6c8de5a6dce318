"""The shell lexer's run-at-a-time reading keeps positions and is independent of hash seeds."""

from __future__ import annotations

import os
import subprocess
import sys

from toplint.parse.text.shellrun import lex


def test_positions_after_quoted_newlines() -> None:
    words = lex("a 'one\ntwo' \"th\nree\" last")[0].words
    assert [(w.value, w.line, w.column) for w in words] == [
        ("a", 1, 1),
        ("one\ntwo", 1, 3),
        ("th\nree", 2, 6),
        ("last", 3, 6),
    ]


def test_unclosed_quote_points_at_the_quote() -> None:
    try:
        lex("echo ok\nrun 'never closed")
    except Exception as exc:
        assert (getattr(exc, "line", None), getattr(exc, "column", None)) == (2, 5)
    else:
        raise AssertionError("no error for an unclosed quote")


def test_first_unknown_arithmetic_name_in_text_order() -> None:
    word = lex("x $((ZED+ALPHA+M))")[0].words[1]
    assert word.value is None
    assert word.unresolved == ("ZED",)


def test_arithmetic_names_do_not_depend_on_the_hash_seed() -> None:
    code = (
        "from toplint.parse.text.shellrun import lex; "
        "print(lex('$((Q+B+Z+A))')[0].words[0].unresolved)"
    )
    seen = {
        subprocess.run(
            [sys.executable, "-c", code],
            env={**os.environ, "PYTHONHASHSEED": str(seed)},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for seed in (1, 2, 3, 4)
    }
    assert seen == {"('Q',)\n"}
