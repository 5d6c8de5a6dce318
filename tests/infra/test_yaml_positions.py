"""Positions are read from the composed nodes when asked: keys, values, sequence items,
aliases, merges and keys that are not text."""

from __future__ import annotations

import pytest

from toplint.errors import SourceError
from toplint.infra.yamlsafe import load_documents

TEXT = """\
base: &b
  port: 8000
  args: [--tp, "4"]
svc:
  <<: *b
  image: vllm
  1: one
  true: yes
copy: *b
"""


def _doc():  # type: ignore[no-untyped-def]
    (doc,) = load_documents(TEXT, "f.yaml")
    return doc


def _at(pos) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    return pos.line, pos.column


def test_key_and_value_positions() -> None:
    doc = _doc()
    assert _at(doc.key_position(("svc", "image"))) == (6, 3)
    assert _at(doc.value_position(("svc", "image"))) == (6, 10)
    assert _at(doc.value_position(("base", "args", 1))) == (3, 16)
    assert _at(doc.key_position(("base", "args", 1))) == (3, 16)  # an item: its own place


def test_an_alias_points_at_the_anchor() -> None:
    assert _at(_doc().value_position(("copy", "port"))) == (2, 9)


def test_a_merged_key_has_no_position_of_its_own() -> None:
    doc = _doc()
    assert doc.data["svc"]["port"] == 8000
    assert _at(doc.value_position(("svc", "port"))) == (1, 1)  # the document's start
    assert not doc.has_key(("svc", "port")) and doc.has_key(("svc", "image"))


def test_keys_that_are_not_text_are_found_as_the_data_spells_them() -> None:
    doc = _doc()
    assert set(doc.data["svc"]) == {"port", "args", "image", "1", "true"}
    assert _at(doc.key_position(("svc", "1"))) == (7, 3)
    assert _at(doc.key_position(("svc", "true"))) == (8, 3)


def test_every_written_key_is_listed_once() -> None:
    keys = _doc().key_positions()
    assert keys[("svc", "image")] == (6, 3)
    assert keys[("base", "port")] == (2, 3)
    assert keys[("copy", "port")] == (2, 3)  # an alias's keys, at the anchor's place
    assert ("svc", "port") not in keys  # merged, not written


def test_a_missing_path_is_the_document_start() -> None:
    doc = _doc()
    assert _at(doc.value_position(("nope", 3))) == (1, 1)
    assert _at(doc.value_position(("base", "args", 9))) == (1, 1)


def test_a_duplicate_key_names_the_first_line() -> None:
    with pytest.raises(SourceError, match="first at line 1"):
        load_documents("a: 1\nb: 2\na: 3\n", "d.yaml")
