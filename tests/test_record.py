"""``toplint.record`` behaves as ``dataclasses`` does for every feature toplint uses."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from collections.abc import Mapping
from typing import Any, ClassVar

import pytest

from toplint.record import FrozenInstanceError, asdict, field, fields, record, replace


@record(order=True)
class Point:
    """A test record."""

    x: int
    y: int = 0
    tags: tuple[str, ...] = ()
    meta: Mapping[str, Any] = field(default_factory=dict, compare=False)
    KIND: ClassVar[str] = "point"


@dataclasses.dataclass(frozen=True, order=True)
class DPoint:
    x: int
    y: int = 0
    tags: tuple[str, ...] = ()
    meta: Mapping[str, Any] = dataclasses.field(default_factory=dict, compare=False)
    KIND: ClassVar[str] = "point"


@record(frozen=False)
class Box:
    items: list[int] = field(default_factory=list)


@record
class Wrapper:
    inner: Point
    many: tuple[Point, ...]
    by_name: Mapping[str, Point]


@pytest.mark.parametrize("cls", [Point, DPoint])
def test_construction_defaults_and_factories(cls: Any) -> None:
    a = cls(1)
    assert (a.x, a.y, a.tags, a.meta) == (1, 0, (), {})
    assert cls(1).meta is not cls(1).meta  # a fresh dict each time
    assert cls(x=2, y=3).y == 3
    with pytest.raises(TypeError, match="'x'"):  # the field's own name, as with dataclasses
        cls()
    with pytest.raises(TypeError, match="nope"):
        cls(1, nope=2)
    with pytest.raises(TypeError, match="multiple values"):
        cls(1, x=2)


def test_same_equality_hash_and_order_as_dataclasses() -> None:
    pairs = [((1, 2), (1, 2)), ((1, 2), (1, 3)), ((2, 0), (1, 9)), ((1, 2, ("a",)), (1, 2))]
    for left, right in pairs:
        ours = Point(*left), Point(*right)
        theirs = DPoint(*left), DPoint(*right)
        assert (ours[0] == ours[1]) == (theirs[0] == theirs[1])
        assert (ours[0] < ours[1]) == (theirs[0] < theirs[1])
        assert (ours[0] <= ours[1]) == (theirs[0] <= theirs[1])
        assert (ours[0] > ours[1]) == (theirs[0] > theirs[1])
        assert (ours[0] >= ours[1]) == (theirs[0] >= theirs[1])
        if ours[0] == ours[1]:
            assert hash(ours[0]) == hash(ours[1])


def test_compare_false_fields_are_left_out_of_eq_and_hash() -> None:
    a, b = Point(1, meta={"k": 1}), Point(1, meta={"k": 2})
    assert a == b and hash(a) == hash(b)  # a dict field does not make the record unhashable
    assert sorted([Point(2), Point(1, 5), Point(1)]) == [Point(1), Point(1, 5), Point(2)]


def test_other_types_do_not_compare_equal() -> None:
    assert Point(1) != DPoint(1)
    assert Point(1) != (1, 0, ())
    with pytest.raises(TypeError):
        _ = Point(1) < DPoint(1)  # type: ignore[operator]


def test_frozen_and_mutable() -> None:
    p = Point(1)
    with pytest.raises(FrozenInstanceError):
        p.x = 2  # type: ignore[misc]
    with pytest.raises(AttributeError):  # as dataclasses: FrozenInstanceError is one
        del p.y  # type: ignore[misc]
    box = Box()
    box.items = [1]
    assert box == Box([1])
    with pytest.raises(TypeError):
        hash(box)  # mutable records are unhashable, as with dataclasses(eq=True)


def test_repr_matches_dataclasses() -> None:
    assert repr(Point(1, 2, ("a",))) == repr(DPoint(1, 2, ("a",))).replace("DPoint", "Point")


def test_replace_fields_asdict() -> None:
    p = Point(1, 2, meta={"a": 1})
    q = replace(p, y=5)
    assert (q.x, q.y, q.meta) == (1, 5, {"a": 1}) and p.y == 2
    with pytest.raises(TypeError):
        replace(p, z=1)
    assert [f.name for f in fields(Point)] == ["x", "y", "tags", "meta"]  # no ClassVar
    assert [f.compare for f in fields(p)] == [True, True, True, False]
    w = Wrapper(p, (p,), {"a": p})
    assert asdict(w) == {
        "inner": {"x": 1, "y": 2, "tags": (), "meta": {"a": 1}},
        "many": ({"x": 1, "y": 2, "tags": (), "meta": {"a": 1}},),
        "by_name": {"a": {"x": 1, "y": 2, "tags": (), "meta": {"a": 1}}},
    }
    with pytest.raises(TypeError):
        fields(object())


def test_pickle_and_copy_round_trip() -> None:
    p = Point(1, 2, ("t",), {"m": 1})
    for clone in (pickle.loads(pickle.dumps(p)), copy.copy(p), copy.deepcopy(p)):
        assert clone == p and clone.meta == {"m": 1}


def test_definition_errors_match_dataclasses() -> None:
    with pytest.raises(TypeError, match="non-default argument"):

        @record
        class Bad:
            a: int = 0
            b: int

    with pytest.raises(ValueError, match="mutable default"):

        @record
        class Mutable:
            a: list[int] = []  # noqa: RUF012

    with pytest.raises(ValueError):
        field(default=1, default_factory=int)


def test_class_attributes_match_dataclasses() -> None:
    assert Point.y == 0 and Point.KIND == "point"
    assert not hasattr(Point, "x") and not hasattr(Point, "meta")
    assert Point.__match_args__ == ("x", "y", "tags", "meta")  # type: ignore[attr-defined]
    assert Point.__init__.__qualname__ == "Point.__init__"


def test_records_of_one_shape_keep_their_own_names_and_defaults() -> None:
    @record
    class A:
        p: int
        q: str = "a"

    @record
    class B:
        r: int
        s: str = "b"

    assert (A(1).q, B(2).s, A(p=3).p, B(r=4, s="t").s) == ("a", "b", 3, "t")
    assert A(1) != B(1)  # type: ignore[comparison-overlap]


def test_reserved_field_names_are_refused() -> None:
    with pytest.raises(TypeError, match="reserved"):

        @record
        class Bad:
            MISSING: int
