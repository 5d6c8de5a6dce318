"""Fuzzing of the expansion and suppression code with inputs of thousands of characters
(issue 18 item 6): they fail only in the documented way, stay within their budgets, and the
linear suppression scan covers exactly what the straightforward definition covers."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toplint.errors import SourceError
from toplint.infra.budgets import EXPANSION_CHARS, BudgetExceeded, new_file
from toplint.parse.k8s.text import substitute
from toplint.parse.text.expand import expand_text
from toplint.parse.text.shellrun import lex
from toplint.suppression.inline import scan

# Pieces that make expansions nest, repeat and refer to each other.
SHELL_PIECES = st.sampled_from(
    [
        "A=$A$A\n", "B=${A:-$B}\n", "${a:-", "}", "${A}", "$A", "$((A*2))", "$(", ")", '"', "'",
        "\\\n", " ", "\n", "--tp ", "8", "vllm serve m ", "export A=x ", "${#A}", "$$", "A=xxxx\n",
    ]
)  # fmt: skip
SHELL = st.lists(SHELL_PIECES | st.text(max_size=8), min_size=50, max_size=1500).map("".join)


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(SHELL)
def test_shell_expansion_fails_only_with_source_error(text: str) -> None:
    new_file()
    try:
        commands = lex(text)
    except SourceError as exc:
        assert exc.line >= 1 and exc.column >= 1
        return
    for command in commands:
        for word in command.words:
            assert word.value is None or len(word.value) <= EXPANSION_CHARS


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(SHELL)
def test_compose_interpolation_fails_only_with_source_error(text: str) -> None:
    new_file()
    try:
        value, _ = expand_text(text, {"A": "x" * 1000, "a": ""})
    except SourceError:
        return
    assert value is None or len(value) <= EXPANSION_CHARS


@settings(max_examples=100, deadline=None)
@given(st.integers(min_value=1, max_value=40), st.text(min_size=1, max_size=300))
def test_kubernetes_reference_chains_stay_bounded(depth: int, seed: str) -> None:
    new_file()
    env: dict[str, str | None] = {"A0": seed}
    try:
        for i in range(1, depth + 1):
            env[f"A{i}"] = substitute(f"$(A{i - 1})$(A{i - 1})", env)[0]
    except BudgetExceeded as exc:
        assert exc.budget in ("expansion-length", "expansion-total")
        return
    assert all(len(v or "") <= EXPANSION_CHARS for v in env.values())


LINES = st.sampled_from(
    [
        "# toplint: ignore[TL101] reason", "# toplint: ignore", "# toplint: ignore-file[TL2] x",
        "vllm serve m \\", "  --tp 8 \\", "  --pp 2", "", "   ", "a:", "  b: 1", "    c: 2",
        "key: v  # toplint: ignore[TL005] why", "- x", "\t", "#", "end",
    ]
)  # fmt: skip


def _reference_block(lines: Sequence[str], start: int) -> set[int]:
    """The straightforward (quadratic) definition the linear scan must agree with."""
    covered = {start + 1}
    base = len(lines[start]) - len(lines[start].lstrip())
    last = start
    for i in range(start + 1, len(lines)):
        line = lines[i]
        continued = lines[last].rstrip().endswith("\\") and last == i - 1
        if not line.strip():
            continue
        if not continued and len(line) - len(line.lstrip()) <= base:
            break
        covered.update(range(last + 2, i + 2))
        last = i
    return covered


def _reference_target(lines: Sequence[str], i: int, own_line: bool) -> int | None:
    if not own_line:
        return i
    code = (j for j in range(i + 1, len(lines)) if lines[j].strip()[:1] not in ("", "#"))
    return next(code, None)


@settings(max_examples=200, deadline=None)
@given(st.lists(LINES, min_size=20, max_size=400))
def test_suppression_scan_matches_the_definition(lines: list[str]) -> None:
    text = "\n".join(lines)
    for s in scan("f.sh", text):
        if s.file_level:
            continue
        line = lines[s.line - 1]
        own_line = not line[: s.column - 1].strip()
        target = _reference_target(lines, s.line - 1, own_line)
        expected = _reference_block(lines, target) if target is not None else set()
        assert set(s.lines) == expected, (s.line, target)
