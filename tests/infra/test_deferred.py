"""``Deferred``: the object is built on first use, checked against its name, and lends its
attributes; built-in parsers and formats are such objects."""

from __future__ import annotations

import pytest

from toplint.infra.deferred import Deferred
from toplint.parse.builtin import DeferredParser
from toplint.report.builtin import DeferredFormatter


def test_built_on_first_use_and_once() -> None:
    junit = DeferredFormatter("junit", "toplint.report.junit", "JunitFormatter")
    assert junit._real is None and not junit.uses_edits
    assert junit.real() is junit.real()
    assert type(junit.real()).__name__ == "JunitFormatter"


def test_a_name_that_differs_is_an_error() -> None:
    wrong = DeferredParser("compose", "toplint.parse.text.dockerfile", "DockerfileParser")
    with pytest.raises(RuntimeError, match="is named 'dockerfile', not 'compose'"):
        wrong.real()


def test_other_attributes_are_the_objects() -> None:
    made: Deferred[object] = Deferred("x", "collections", "OrderedDict")
    assert made.keys is not None  # looked up on the real OrderedDict
    with pytest.raises(AttributeError):
        made._private  # noqa: B018
