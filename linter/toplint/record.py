"""Frozen value records: the dataclass features toplint uses, at a fraction of the start-up cost.

On CPython 3.11 ``@dataclass(frozen=True)`` compiles six methods from source for every class,
about 1.3 ms a class on a 2-core machine; with ~70 value types that was a third of a one-file
pre-commit run (``benchmarks/RESULTS.md``).  ``@record`` shares methods written once here:
equality, hashing and ordering compare a tuple built by ``operator.attrgetter`` (C code), and
``__init__`` is compiled once per shape of record and renamed for each class (``_make_init``).
``__init__`` writes the instance ``__dict__`` directly instead of calling
``object.__setattr__`` per field, so building an instance is also faster.

Semantics follow :mod:`dataclasses` for what toplint uses: annotated fields in order, defaults,
``field(default=..., default_factory=..., compare=...)``, ``frozen`` (default on), ``eq``,
``order``, ``__hash__`` over the compared fields of frozen records (unhashable when not frozen),
``replace``, ``fields``, ``asdict``.  Not supported (and not used): inheritance between records,
``__post_init__``, ``InitVar``, ``kw_only``, ``slots``.  Static checkers see a dataclass through
``dataclass_transform`` (PEP 681).
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from types import CodeType, FunctionType
from typing import TYPE_CHECKING, Any, TypeVar, overload

from toplint import recordinit

if TYPE_CHECKING:
    from typing_extensions import dataclass_transform
else:

    def dataclass_transform(**_kwargs: Any) -> Callable[[Any], Any]:
        return lambda decorated: decorated


__all__ = ["Field", "FrozenInstanceError", "asdict", "field", "fields", "record", "replace"]

T = TypeVar("T")


class FrozenInstanceError(AttributeError):
    """Assigning to a field of a frozen record (as :class:`dataclasses.FrozenInstanceError`)."""


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()
_FIELDS = "__record_fields__"
_NAMES = "__record_names__"  # the field names as a frozenset (``replace`` checks against it)
_COUNT = "__record_count__"  # how many fields (``replace`` compares lengths with it)


class Field:
    """One field of a record: its name, default or default factory, and whether it compares."""

    __slots__ = ("compare", "default", "default_factory", "name")

    def __init__(
        self, default: Any = MISSING, default_factory: Any = MISSING, compare: bool = True
    ) -> None:
        if default is not MISSING and default_factory is not MISSING:
            raise ValueError("cannot specify both default and default_factory")
        self.name = ""
        self.default = default
        self.default_factory = default_factory
        self.compare = compare

    def __repr__(self) -> str:
        return f"Field(name={self.name!r}, default={self.default!r}, compare={self.compare})"


def field(
    *, default: Any = MISSING, default_factory: Callable[[], Any] = MISSING, compare: bool = True
) -> Any:
    """A field with a default factory, or left out of equality, hashing and ordering."""
    return Field(default, default_factory, compare)


@overload
def record(cls: type[T], /) -> type[T]: ...
@overload
def record(
    *, frozen: bool = True, eq: bool = True, order: bool = False
) -> Callable[[type[T]], type[T]]: ...


@dataclass_transform(frozen_default=True, eq_default=True, field_specifiers=(field, Field))
def record(
    cls: type[T] | None = None, /, *, frozen: bool = True, eq: bool = True, order: bool = False
) -> type[T] | Callable[[type[T]], type[T]]:
    """Make ``cls`` a value record: ``__init__``, ``__repr__`` and (by default) frozen equality."""

    def wrap(target: type[T]) -> type[T]:
        return _build(target, frozen=frozen, eq=eq, order=order)

    return wrap if cls is None else wrap(cls)


def _is_classvar(annotation: object) -> bool:
    text = annotation if isinstance(annotation, str) else repr(annotation)
    return text.startswith(("ClassVar", "typing.ClassVar", "t.ClassVar"))


def _build(cls: type[T], *, frozen: bool, eq: bool, order: bool) -> type[T]:
    # One pass over the annotations collects what the methods need (a start-up builds ~140
    # records: each Python-level step here is paid ~140 times before the first file is read).
    # ``object`` has no record fields: the common base is not probed (a failed ``hasattr``
    # formats an ``AttributeError``).
    if cls.__bases__ != _PLAIN_BASES and any(hasattr(base, _FIELDS) for base in cls.__mro__[1:]):
        raise TypeError(f"{cls.__name__}: inheriting from a record is not supported")
    attrs = cls.__dict__
    found: list[Field] = []
    names: list[str] = []
    compared: list[str] = []
    defaults: list[Any] = []
    factories: list[tuple[int, Any]] = []
    misordered = ""  # the first field without a default after one with (raised after the pass)
    own = attrs.get("__annotations__", {})  # not inspect.get_annotations: ~10 ms to import
    for name, annotation in own.items():
        if isinstance(annotation, str):  # ``from __future__ import annotations``: all of them
            if annotation.startswith(_CLASSVAR):
                continue
        elif _is_classvar(annotation):
            continue
        value = attrs.get(name, MISSING)
        if isinstance(value, Field):
            spec = value
            if isinstance(spec.default, (list, dict, set)):
                raise _mutable_default(spec.default, name)
            if spec.default is MISSING:
                if name in attrs:
                    delattr(cls, name)
            else:
                setattr(cls, name, spec.default)
        else:  # a plain default (already the class attribute) or none
            if isinstance(value, (list, dict, set)):
                raise _mutable_default(value, name)
            spec = _new_field(Field)
            spec.default = value
            spec.default_factory = MISSING
            spec.compare = True
        spec.name = name
        if spec.default_factory is not MISSING:
            factories.append((len(names), spec.default_factory))
            defaults.append(MISSING)
        elif spec.default is not MISSING:
            defaults.append(spec.default)
        elif defaults and not misordered:
            misordered = name
        found.append(spec)
        names.append(name)
        if spec.compare:
            compared.append(name)
    if misordered:
        raise TypeError(
            f"{cls.__name__}: non-default argument {misordered!r} follows default argument"
        )
    specs = tuple(found)
    fixed = tuple(names)
    key = _key_function(tuple(compared))
    cls.__record_fields__ = specs  # type: ignore[attr-defined]  # _FIELDS
    cls.__record_names__ = frozenset(fixed)  # type: ignore[attr-defined]  # _NAMES
    cls.__record_count__ = len(fixed)  # type: ignore[attr-defined]  # _COUNT
    cls.__init__ = _make_init(cls, fixed, defaults, factories)  # type: ignore[method-assign]
    cls.__match_args__ = fixed  # type: ignore[attr-defined, misc]
    if "__repr__" not in attrs:
        cls.__repr__ = _repr  # type: ignore[method-assign]
    if eq and "__eq__" not in attrs:
        cls.__eq__ = _make_eq(key)  # type: ignore[method-assign]
    if eq and attrs.get("__hash__", MISSING) in (MISSING, None):  # none of its own
        cls.__hash__ = _make_hash(key) if frozen else None  # type: ignore[assignment]
    if order:
        for method, op in _ORDER.items():
            setattr(cls, method, _make_order(key, op))
    if frozen:
        cls.__setattr__ = _frozen_setattr  # type: ignore[method-assign]
        cls.__delattr__ = _frozen_delattr  # type: ignore[method-assign]
    return cls


_PLAIN_BASES = (object,)
_CLASSVAR = ("ClassVar", "typing.ClassVar", "t.ClassVar")
_new_field = object.__new__


def _mutable_default(value: object, name: str) -> ValueError:
    return ValueError(
        f"mutable default {type(value)} for field {name} is not allowed: use default_factory"
    )


def _make_init(
    cls: type, names: tuple[str, ...], defaults: list[Any], factories: list[tuple[int, Any]]
) -> Callable[..., None]:
    """``__init__(self, a, b=<default>, ...)`` that fills ``self.__dict__``.

    Compiling one ``__init__`` per class is most of a record's creation cost, so the code is
    compiled once per field count with placeholder names, then renamed with
    ``CodeType.replace``: parameters get the field names (so keywords and error messages are
    the class's own), and the dict keys and factories are the function's globals.  Records
    with the same field names (and factories) share the renamed code.
    """
    count = len(names)
    namespace: dict[str, Any] = dict(zip(_keys(count), names, strict=False))
    namespace["MISSING"] = MISSING
    for i, factory in factories:
        namespace[f"_f{i}"] = factory
    if not namespace.keys().isdisjoint(names) or not _RESERVED.isdisjoint(names):
        raise TypeError(f"{cls.__name__}: a field name is reserved by toplint.record")
    shape = (names, bool(factories))
    code = _CODES.get(shape)
    if code is None:
        code = _template(count, bool(factories)).replace(co_varnames=("self", *names, "_rd"))
        _CODES[shape] = code
    init: Callable[..., None] = FunctionType(code, namespace, "__init__", tuple(defaults) or None)
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    return init


_RESERVED = frozenset(("self", "_rd"))
_CODES: dict[tuple[tuple[str, ...], bool], CodeType] = {}  # renamed code by (names, no factory)
_KEYS: list[str] = []  # "_n0", "_n1", ...: the globals holding the field names


def _keys(count: int) -> list[str]:
    while len(_KEYS) < count:
        _KEYS.append(f"_n{len(_KEYS)}")
    return _KEYS


_TEMPLATES: dict[tuple[int, bool], CodeType] = {}


def template_source(count: int, name: str = "__init__", factories: bool = True) -> str:
    """The source of ``name(self, a0, a1, ...)`` storing ``aI`` under key ``_nI``.

    With ``factories``, only a field with a default factory has ``MISSING`` as its default
    (and a global ``_fI``), so the factory branch never runs for the others.  Without, each
    argument is stored as it is: a record with no default factory (most of them) builds
    without a ``MISSING`` test per field, half the bytecode of its ``__init__``.
    """
    lines = ["_rd = self.__dict__"]
    for i in range(count):
        stored = f"_f{i}() if a{i} is MISSING else a{i}" if factories else f"a{i}"
        lines.append(f"_rd[_n{i}] = {stored}")
    params = "".join(f", a{i}" for i in range(count))
    return f"def {name}(self{params}):\n    " + "\n    ".join(lines) + "\n"


def _template(count: int, factories: bool = True) -> CodeType:
    """The code of ``__init__`` for ``count`` fields, with or without default factories: from
    ``toplint.recordinit`` (compiled once and cached as bytecode by Python, like any module),
    else compiled here."""
    key = (count, factories)
    if key not in _TEMPLATES:
        made = getattr(recordinit, f"_{'t' if factories else 'p'}{count}", None)
        if made is not None:
            names = {"co_name": "__init__"}
            if hasattr(made.__code__, "co_qualname"):  # CPython 3.11+
                names["co_qualname"] = "__init__"
            code = made.__code__.replace(**names)
        else:
            namespace: dict[str, Any] = {}
            exec(template_source(count, factories=factories), namespace)
            code = namespace["__init__"].__code__
        _TEMPLATES[key] = code
    return _TEMPLATES[key]


def _key_function(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    if not names:
        return lambda _obj: ()
    if len(names) == 1:
        getter = operator.attrgetter(names[0])
        return lambda obj: (getter(obj),)
    many: Callable[[Any], tuple[Any, ...]] = operator.attrgetter(*names)
    return many


def _repr(self: Any) -> str:
    parts = ", ".join(f"{s.name}={getattr(self, s.name)!r}" for s in getattr(self, _FIELDS))
    return f"{type(self).__qualname__}({parts})"


def _make_eq(key: Callable[[Any], tuple[Any, ...]]) -> Callable[[Any, Any], Any]:
    def __eq__(self: Any, other: Any) -> Any:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self is other or key(self) == key(other)

    return __eq__


def _make_hash(key: Callable[[Any], tuple[Any, ...]]) -> Callable[[Any], int]:
    def __hash__(self: Any) -> int:
        return hash(key(self))

    return __hash__


_ORDER: dict[str, Callable[[Any, Any], bool]] = {
    "__lt__": operator.lt,
    "__le__": operator.le,
    "__gt__": operator.gt,
    "__ge__": operator.ge,
}


def _make_order(
    key: Callable[[Any], tuple[Any, ...]], op: Callable[[Any, Any], bool]
) -> Callable[[Any, Any], Any]:
    def compare(self: Any, other: Any) -> Any:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return op(key(self), key(other))

    return compare


def _frozen_setattr(self: Any, name: str, value: Any) -> None:
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _frozen_delattr(self: Any, name: str) -> None:
    raise FrozenInstanceError(f"cannot delete field {name!r}")


def fields(obj: Any) -> tuple[Field, ...]:
    """The fields of a record class or instance, in order."""
    try:
        specs: tuple[Field, ...] = getattr(obj, _FIELDS)
    except AttributeError:
        raise TypeError("must be called with a record type or instance") from None
    return specs


def replace(obj: T, /, **changes: Any) -> T:
    """A copy of record ``obj`` with ``changes`` (as :func:`dataclasses.replace`).

    ``__init__`` only stores its arguments, so the copy is made without calling it: the
    fields are copied from ``obj.__dict__`` and the changes written over them (a tenth of the
    time of a keyword call with every field, and the check calls this ~20 times a file)."""
    cls = obj.__class__
    try:
        count: int = cls.__record_count__  # type: ignore[attr-defined]  # _COUNT
    except AttributeError:
        raise TypeError("must be called with a record type or instance") from None
    current = obj.__dict__
    new = object.__new__(cls)
    values = new.__dict__
    if len(current) == count:  # the fields alone (always, for a frozen record)
        values.update(current)
    else:
        for spec in getattr(cls, _FIELDS):
            values[spec.name] = current[spec.name]
    values.update(changes)
    if len(values) != count:  # a change named no field (checked after: the rare case)
        unknown = sorted(set(changes) - getattr(cls, _NAMES))
        raise TypeError(f"{cls.__name__} has no field {unknown[0]!r}")
    return new


def is_record(obj: Any) -> bool:
    """Whether ``obj`` is a record class or instance."""
    return hasattr(obj, _FIELDS)


def asdict(obj: Any) -> dict[str, Any]:
    """A record as a dict, recursing into records, lists, tuples and dicts (as dataclasses)."""
    if not is_record(obj) or isinstance(obj, type):
        raise TypeError("asdict() should be called on record instances")
    out: dict[str, Any] = _plain(obj)
    return out


def _plain(value: Any) -> Any:
    if is_record(value) and not isinstance(value, type):
        return {s.name: _plain(getattr(value, s.name)) for s in fields(value)}
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return type(value)(*(_plain(v) for v in value))
    if isinstance(value, (list, tuple)):
        return type(value)(_plain(v) for v in value)
    if isinstance(value, dict):
        return type(value)((_plain(k), _plain(v)) for k, v in value.items())
    return value
