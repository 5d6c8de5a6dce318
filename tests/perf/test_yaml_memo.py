"""Memoized plain-scalar resolution reads every value as PyYAML's safe loader does."""

from __future__ import annotations

import datetime
import math

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from toplint.infra.yamlsafe import _plain_tag, load_data

SCALARS = [
    *("yes", "no", "on", "off", "true", "False", "~", "null", "Null", "0", "-1", "+7"),
    *("0x1F", "0o17", "1_000", "1.5", "-2e3", ".inf", "-.Inf", ".nan", "2001-12-14"),
    *("abc", "8Gi", "1e", "0.5.1", "00", "-", "450 GB/s", "0b101", "2001-12-14 21:59:43.10 -5"),
    *("12:30:45", "1:20", "0x_1f", "190:20:30.15", "4 GPUs"),
]


def _same(got: object, expected: object) -> bool:
    if isinstance(expected, datetime.date):
        return isinstance(got, str)  # toplint keeps timestamps as their text
    if isinstance(expected, float) and math.isnan(expected):
        return isinstance(got, float) and math.isnan(got)
    return type(got) is type(expected) and got == expected


def test_same_values_as_pyyaml_twice() -> None:
    text = "".join(f"- {s}\n" for s in SCALARS)
    expected = yaml.safe_load(text)
    for _ in range(2):  # the second load answers from the memo
        got = load_data(text, "t.yaml")[0]
        assert all(_same(g, e) for g, e in zip(got, expected, strict=True)), got


def test_quoted_scalars_stay_strings() -> None:
    text = "a: 'yes'\nb: yes\nc: '1'\nd: 1\n"
    assert load_data(text, "t.yaml")[0] == {"a": "yes", "b": True, "c": "1", "d": 1}


def test_mapping_values_read_as_pyyaml_reads_them() -> None:
    """The plain-text fast path for mapping values keeps every other scalar's type, and merges
    of several anchors with a shared key keep the first (no false duplicate)."""
    text = (
        "a: &a {k: 1, x: plain}\n"
        "b: &b {k: 3, y: 'quoted'}\n"
        "c:\n  <<: [*a, *b]\n  z: !!str 5\n  n: ~\n  t: true\n  f: 1.5\n  s: [x, 2]\n"
    )
    (got,) = load_data(text, "m.yaml")
    assert got == yaml.safe_load(text)
    assert type(got["c"]["z"]) is str and got["c"]["k"] == 1


@given(
    st.text(alphabet="yYnNtTfFoOeEsSrRuUlLaA0123456789_.:-+ ~x/٣GbBZ\t\n", min_size=1, max_size=7)
)
def test_scalars_answered_without_pyyaml_patterns_resolve_as_pyyaml_does(value: str) -> None:
    got = _plain_tag(value)
    if got is not None:  # None: PyYAML's own resolver answers
        assert got == yaml.resolver.Resolver().resolve(yaml.ScalarNode, value, (True, False))


def test_path_resolvers_someone_registered_still_apply(monkeypatch: pytest.MonkeyPatch) -> None:
    """The loader skips PyYAML's path-resolver bookkeeping only while none is registered."""
    from toplint.errors import SourceError
    from toplint.infra import yamlsafe

    monkeypatch.setattr(yamlsafe._SafeLoader, "yaml_path_resolvers", {})
    yaml.add_path_resolver("tag:yaml.org,2002:int", ["a"], str, Loader=yamlsafe._SafeLoader)
    with pytest.raises(SourceError, match="invalid YAML scalar"):
        load_data("a: not-a-number\n", "p.yaml")
    yamlsafe._PLAIN_TAGS.clear()


@given(st.text(alphabet="0123456789._٣+-:eE", min_size=1, max_size=24))
def test_numbers_read_without_pyyaml_constructors_as_pyyaml_reads_them(value: str) -> None:
    """Plain decimal ints and floats are built with int() and float() directly
    (``toplint.infra.yamlbuild._Builder._scalar``): the same value and type as PyYAML's
    constructors give, or the same refusal."""
    from toplint.errors import SourceError

    text = f"a: {value}\nb: [{value}]\n"
    try:
        expected = yaml.safe_load(text)
    except (yaml.YAMLError, ValueError):
        with pytest.raises(SourceError):
            load_data(text, "n.yaml")
        return
    got = load_data(text, "n.yaml")[0]
    assert _same(got["a"], expected["a"]) and _same(got["b"][0], expected["b"][0]), (got, expected)
