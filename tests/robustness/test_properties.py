"""Property-based fuzzing of the readers of untrusted text: they fail only in the documented way."""

from __future__ import annotations

import importlib
from typing import Any

import pytest
import yaml
from hypothesis import example, given, settings
from hypothesis import strategies as st

from toplint.errors import SourceError
from toplint.infra.yamlsafe import load_documents
from toplint.parse.text.shellrun import lex

SHELLISH = st.text(
    alphabet=st.sampled_from(list("ab=-_ $'\"`\\\n\t;|&<>(){}[]#*?!0123456789:")) | st.characters(),
    max_size=200,
)
YAMLISH = st.text(
    alphabet=st.sampled_from(list("ab: -\n\t[]{},&*!|>'\"#%@`?<=~.0123456789")) | st.characters(),
    max_size=200,
)
SCALARS = st.none() | st.booleans() | st.integers() | st.text(max_size=20)
PLAIN = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text(min_size=1, max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@example("<")
@example('"\\')
@given(SHELLISH)
def test_lex_fails_only_with_source_error(text: str) -> None:
    try:
        commands = lex(text)
    except SourceError as exc:
        assert exc.line >= 1 and exc.column >= 1
        return
    lines = text.count("\n") + 1
    assert all(1 <= w.line <= lines and w.column >= 1 for c in commands for w in c.words)


@settings(max_examples=300, deadline=None)
@given(YAMLISH)
def test_yaml_loader_fails_only_with_source_error(text: str) -> None:
    try:
        docs = load_documents(text, "fuzz.yaml")
    except SourceError as exc:
        assert exc.line >= 1 and exc.column >= 1
        return
    assert all(d.start_line >= 1 for d in docs)


@settings(max_examples=200, deadline=None)
@given(PLAIN)
def test_yaml_loader_reads_back_what_safe_dump_wrote(data: Any) -> None:
    text = yaml.safe_dump(data)
    assert load_documents(text, "x.yaml")[0].data == data


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40) | st.integers() | st.floats(allow_nan=False))
def test_unit_parser_fails_only_with_unit_error(value: str | int | float) -> None:
    units = _units()
    try:
        result = units.parse_bandwidth(value)
    except units.UnitError:
        return
    assert result >= 0


@given(st.integers(min_value=0, max_value=10**6))
def test_unit_parser_reads_bits_and_bytes(n: int) -> None:
    units = _units()
    assert units.parse_bandwidth(f"{n} GB/s") == pytest.approx(n)
    assert units.parse_bandwidth(f"{n} Gb/s") == pytest.approx(n / 8)


def _units() -> Any:
    try:
        module = importlib.import_module("toplint.hardware.units")
    except ImportError:
        pytest.skip("toplint.hardware.units is not there yet")
    if not hasattr(module, "parse_bandwidth"):
        pytest.skip("toplint.hardware.units.parse_bandwidth is not there yet")
    return module
