"""Duplicate keys and merge keys (``<<``), as toplint's YAML builder reads them: a key a merge
gave may be written once more (the explicit value wins, as YAML's merge key type says); a key
written twice is a duplicate, reported at the second with the line of the first (kubectl and
docker compose reject such a file)."""

from __future__ import annotations

from typing import Any

import pytest

from toplint.errors import SourceError
from toplint.infra.yamlsafe import load_documents

CASES: list[tuple[str, Any]] = [
    ("a: 1\na: 2\n", (1, 2, 1)),
    ("base: &b {a: 1, c: 2}\nx:\n  <<: *b\n  a: 3\n", {"a": 3, "c": 2}),
    ("base: &b {a: 1}\nx:\n  <<: *b\n  a: 3\n  a: 4\n", (4, 5, 3)),
    ("base: &b {a: 1}\nx:\n  a: 3\n  <<: *b\n  a: 4\n", (3, 5, 3)),
    ("b1: &b1 {a: 1}\nb2: &b2 {a: 2}\nx:\n  <<: [*b1, *b2]\n  a: 5\n", {"a": 5}),
    ("b1: &b1 {a: 1}\nx:\n  <<: *b1\n  <<: *b1\n  a: 5\n", {"a": 5}),
    ("1: x\n'1': y\n", (1, 2, 1)),
    ("true: x\n'true': y\n", (1, 2, 1)),
    ("k2: {k: 1, k: 2}\n", (1, 1, 12)),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_duplicates_and_merges(text: str, expected: Any) -> None:
    if isinstance(expected, tuple):
        first, line, column = expected
        with pytest.raises(SourceError) as raised:
            load_documents(text, "f.yaml")
        assert f"(first at line {first})" in str(raised.value)
        assert (raised.value.line, raised.value.column) == (line, column)
    else:
        assert load_documents(text, "f.yaml")[0].data["x"] == expected
