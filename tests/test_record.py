"""``toplint.record`` behaves as ``dataclasses`` does for every feature toplint uses.

Each behaviour test runs twice, through the ``lib`` fixture: once with ``toplint.record`` and
once with the standard library's ``dataclasses`` (frozen by default, as records are).  A test
that passes for ``dataclasses`` describes dataclass semantics, so passing it with ``record``
shows the two agree; the tests at the end are about ``record`` alone (what it refuses, how it
shares compiled code) and say so.
"""

from __future__ import annotations

import copy
import dataclasses
import pickle
from collections.abc import Mapping
from types import SimpleNamespace
from typing import Any, ClassVar

import pytest

from toplint import record as records
from toplint.record import field, record


def _dataclass(
    cls: type | None = None, /, *, frozen: bool = True, eq: bool = True, order: bool = False
) -> Any:
    """``dataclasses.dataclass`` with the defaults of ``@record`` (frozen)."""

    def wrap(target: type) -> Any:
        return dataclasses.dataclass(frozen=frozen, eq=eq, order=order)(target)

    return wrap if cls is None else wrap(cls)


IMPLEMENTATIONS = {
    "record": SimpleNamespace(
        record=records.record,
        field=records.field,
        fields=records.fields,
        replace=records.replace,
        asdict=records.asdict,
        FrozenInstanceError=records.FrozenInstanceError,
    ),
    "dataclasses": SimpleNamespace(
        record=_dataclass,
        field=dataclasses.field,
        fields=dataclasses.fields,
        replace=dataclasses.replace,
        asdict=dataclasses.asdict,
        FrozenInstanceError=dataclasses.FrozenInstanceError,
    ),
}


@pytest.fixture(params=sorted(IMPLEMENTATIONS))
def lib(request: pytest.FixtureRequest) -> Any:
    return IMPLEMENTATIONS[request.param]


def _point(lib: Any) -> Any:
    @lib.record(order=True)
    class Point:
        """A test record."""

        x: int
        y: int = 0
        tags: tuple[str, ...] = ()
        meta: Mapping[str, Any] = lib.field(default_factory=dict, compare=False)
        KIND: ClassVar[str] = "point"

    return Point


# Module-level classes: pickle finds a class by its qualified name.
@record
class PicklePoint:
    x: int
    tags: tuple[str, ...] = ()
    meta: Mapping[str, Any] = records.field(default_factory=dict, compare=False)


@dataclasses.dataclass(frozen=True)
class DPicklePoint:
    x: int
    tags: tuple[str, ...] = ()
    meta: Mapping[str, Any] = dataclasses.field(default_factory=dict, compare=False)


def test_construction_defaults_and_factories(lib: Any) -> None:
    point = _point(lib)
    a = point(1)
    assert (a.x, a.y, a.tags, a.meta) == (1, 0, (), {})
    assert point(1).meta is not point(1).meta  # a fresh dict each time
    assert point(x=2, y=3).y == 3
    with pytest.raises(TypeError, match="'x'"):  # the field's own name
        point()
    with pytest.raises(TypeError, match="nope"):
        point(1, nope=2)
    with pytest.raises(TypeError, match="multiple values"):
        point(1, x=2)


PAIRS = [((1, 2), (1, 2)), ((1, 2), (1, 3)), ((2, 0), (1, 9)), ((1, 2, ("a",)), (1, 2))]


@pytest.mark.parametrize(("left", "right"), PAIRS)
def test_equality_hash_and_order_compare_the_field_tuple(
    lib: Any, left: tuple[Any, ...], right: tuple[Any, ...]
) -> None:
    point = _point(lib)
    a, b = point(*left), point(*right)
    x, y = _compared(left), _compared(right)  # (x, y, tags) with the defaults filled in
    assert (a == b, a != b) == (x == y, x != y)
    assert (a < b, a <= b, a > b, a >= b) == (x < y, x <= y, x > y, x >= y)
    if a == b:
        assert hash(a) == hash(b)


def _compared(values: tuple[Any, ...]) -> tuple[Any, ...]:
    return (*values, *(0, ())[len(values) - 1 :])


def test_compare_false_fields_are_left_out_of_eq_and_hash(lib: Any) -> None:
    point = _point(lib)
    a, b = point(1, meta={"k": 1}), point(1, meta={"k": 2})
    assert a == b and hash(a) == hash(b)  # a dict field does not make the record unhashable
    assert sorted([point(2), point(1, 5), point(1)]) == [point(1), point(1, 5), point(2)]


def test_other_types_do_not_compare_equal(lib: Any) -> None:
    point, other = _point(lib), _point(lib)
    assert point(1) != other(1)
    assert point(1) != (1, 0, ())
    with pytest.raises(TypeError):
        _ = point(1) < other(1)


def test_frozen_and_mutable(lib: Any) -> None:
    point = _point(lib)

    @lib.record(frozen=False)
    class Box:
        items: list[int] = lib.field(default_factory=list)

    p = point(1)
    with pytest.raises(lib.FrozenInstanceError):
        p.x = 2
    with pytest.raises(AttributeError):  # FrozenInstanceError is an AttributeError
        del p.y
    box = Box()
    box.items = [1]
    assert box == Box([1])
    with pytest.raises(TypeError):
        hash(box)  # mutable records are unhashable (eq=True, frozen=False)


def test_repr_names_the_class_and_every_field(lib: Any) -> None:
    text = repr(_point(lib)(1, 2, ("a",)))
    assert text.endswith("Point(x=1, y=2, tags=('a',), meta={})")


def test_replace_fields_asdict(lib: Any) -> None:
    point = _point(lib)

    @lib.record
    class Wrapper:
        inner: Any
        many: tuple[Any, ...]
        by_name: Mapping[str, Any]

    p = point(1, 2, meta={"a": 1})
    q = lib.replace(p, y=5)
    assert (q.x, q.y, q.meta) == (1, 5, {"a": 1}) and p.y == 2
    with pytest.raises(TypeError):
        lib.replace(p, z=1)
    assert [f.name for f in lib.fields(point)] == ["x", "y", "tags", "meta"]  # no ClassVar
    assert [f.compare for f in lib.fields(p)] == [True, True, True, False]
    w = Wrapper(p, (p,), {"a": p})
    assert lib.asdict(w) == {
        "inner": {"x": 1, "y": 2, "tags": (), "meta": {"a": 1}},
        "many": ({"x": 1, "y": 2, "tags": (), "meta": {"a": 1}},),
        "by_name": {"a": {"x": 1, "y": 2, "tags": (), "meta": {"a": 1}}},
    }
    with pytest.raises(TypeError):
        lib.fields(object())
    with pytest.raises(TypeError):
        lib.asdict(point)  # a class, not an instance


@pytest.mark.parametrize("cls", [PicklePoint, DPicklePoint], ids=["record", "dataclasses"])
def test_pickle_and_copy_round_trip(cls: Any) -> None:
    p = cls(1, ("t",), {"m": 1})
    for clone in (pickle.loads(pickle.dumps(p)), copy.copy(p), copy.deepcopy(p)):
        assert clone == p and clone.meta == {"m": 1}


def test_definition_errors(lib: Any) -> None:
    with pytest.raises(TypeError, match="non-default argument"):

        @lib.record
        class Bad:
            a: int = 0
            b: int

    with pytest.raises(ValueError, match="mutable default"):

        @lib.record
        class Mutable:
            a: list[int] = []  # noqa: RUF012

    with pytest.raises(ValueError):
        lib.field(default=1, default_factory=int)


def test_class_attributes(lib: Any) -> None:
    point = _point(lib)
    assert point.y == 0 and point.KIND == "point"
    assert not hasattr(point, "x") and not hasattr(point, "meta")
    assert point.__match_args__ == ("x", "y", "tags", "meta")
    assert point.__init__.__qualname__.endswith("Point.__init__")


def test_records_of_one_shape_keep_their_own_names_and_defaults(lib: Any) -> None:
    @lib.record
    class A:
        p: int
        q: str = "a"

    @lib.record
    class B:
        r: int
        s: str = "b"

    assert (A(1).q, B(2).s, A(p=3).p, B(r=4, s="t").s) == ("a", "b", 3, "t")
    assert A(1) != B(1)


def test_match_statement_binds_fields_by_position(lib: Any) -> None:
    match _point(lib)(3, 4):
        case object(x=3, y=y):
            assert y == 4
        case _:
            pytest.fail("no match")


# --- record alone: what it refuses (dataclasses would accept these) -------------------------


def test_record_refuses_reserved_field_names() -> None:
    with pytest.raises(TypeError, match="reserved"):

        @record
        class Bad:
            MISSING: int


def test_record_refuses_inheriting_from_a_record() -> None:
    @record
    class Base:
        a: int

    with pytest.raises(TypeError, match="inheriting"):

        @record
        class Child(Base):
            b: int


def test_shipped_init_templates_are_the_generated_ones() -> None:
    """``toplint.recordinit`` is ``recordinit_source()`` verbatim (regenerate it with
    ``python -m toplint.recordgen > linter/toplint/recordinit.py``), and every record's
    ``__init__`` comes from it when its field count is covered."""
    import inspect

    from toplint import record as rec
    from toplint import recordinit
    from toplint.recordgen import recordinit_source

    shipped = recordinit_source(recordinit.COUNTS, recordinit.FACTORY_COUNTS)
    assert inspect.getsource(recordinit) == shipped
    for count, factories in ((1, False), (5, False), (max(recordinit.FACTORY_COUNTS), True)):
        code = rec._template(count, factories)
        assert code.co_name == "__init__"
        assert code.co_filename == recordinit.__file__
        source = rec.template_source(count, factories=factories)
        assert code.co_code == compile(source, "<t>", "exec").co_consts[0].co_code


def test_records_beyond_the_shipped_templates_still_build() -> None:
    from toplint import record as rec
    from toplint import recordinit

    for count in (max(recordinit.COUNTS) + 3, max(recordinit.FACTORY_COUNTS) + 3):
        for factories in (False, True):
            code = rec._template(count, factories)
            assert code.co_argcount == count + 1  # self and every field


def test_a_record_without_factories_stores_its_arguments_as_given() -> None:
    @record
    class Plain:
        a: int
        b: object = None

    @record
    class Made:
        a: int
        b: list[int] = field(default_factory=list)

    marker = object()
    assert Plain(1, marker).b is marker and Plain(1).b is None
    assert Made(1).b == [] and Made(1).b is not Made(1).b
    assert Made(1, [2]).b == [2]


def test_every_record_of_the_package_has_a_shipped_template() -> None:
    """A record whose field count ``toplint.recordinit`` does not ship compiles its ``__init__``
    from source at start-up (``Memory`` at 34 fields against 32 templates cost 4.4M
    instructions of every one-file run): regenerate it.  Templates above ``DENSE`` that no
    record uses are not shipped either (all 64 took 2.3M instructions to load)."""
    from toplint import recordinit
    from toplint.recordgen import DENSE, package_counts

    plain, factories = package_counts()
    regenerate = "python -m toplint.recordgen > linter/toplint/recordinit.py"
    assert set(recordinit.COUNTS) == {*range(1, DENSE + 1), *plain}, regenerate
    assert set(recordinit.FACTORY_COUNTS) == factories, regenerate
