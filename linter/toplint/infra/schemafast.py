"""A quick "certainly valid" check for toplint's own JSON Schemas, before jsonschema.

Importing jsonschema and building a validator costs about 0.2 s, more than a whole one-file check
should.  Valid input is the common case, so ``surely_valid`` answers it in plain Python for the
subset of Draft 2020-12 our schemas (``schemas/*.schema.json``) use.  It is one-sided: True means
jsonschema would report no error; False means "invalid, or a keyword or value this subset does
not judge", and the caller then runs jsonschema as before, so every error message and position
comes from the same place it always did.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import Any

__all__ = ["surely_valid"]

# Keywords that never make an instance invalid (annotations and identifiers).
_ANNOTATIONS = frozenset(
    ("$schema", "$id", "$defs", "$comment", "title", "description", "default", "examples")
)


class _Unsure(Exception):
    """A keyword or value outside the subset: let jsonschema decide."""


def surely_valid(instance: object, schema: Mapping[str, Any]) -> bool:
    """True only when ``instance`` conforms to ``schema`` (jsonschema would find no error)."""
    try:
        return _valid(instance, schema, schema)
    except (_Unsure, RecursionError):
        return False


def _valid(inst: object, schema: object, root: Mapping[str, Any]) -> bool:
    if isinstance(schema, bool):
        return schema
    if not isinstance(schema, Mapping):
        raise _Unsure
    for key, value in schema.items():
        if key in _ANNOTATIONS:
            continue
        check = _KEYWORDS.get(key)
        if check is None:
            raise _Unsure
        if not check(inst, value, schema, root):
            return False
    return True


def _is_number(inst: object) -> bool:
    return isinstance(inst, (int, float)) and not isinstance(inst, bool)


def _type_ok(inst: object, name: str) -> bool:
    if name == "integer":  # Draft 2020-12: 2.0 is an integer
        return _is_number(inst) and (isinstance(inst, int) or float(inst).is_integer())  # type: ignore[arg-type]
    if name == "number":
        return _is_number(inst)
    kinds: dict[str, type | tuple[type, ...]] = {
        "string": str,
        "boolean": bool,
        "object": dict,
        "array": list,
        "null": type(None),
    }
    if name not in kinds:
        raise _Unsure
    return isinstance(inst, kinds[name])


def _type(inst: object, value: Any, _s: Mapping[str, Any], _r: Mapping[str, Any]) -> bool:
    names = value if isinstance(value, list) else [value]
    return any(_type_ok(inst, str(n)) for n in names)


def _same(inst: object, want: object) -> bool:
    # Only scalars of exactly the same type are judged; jsonschema's looser equality (1 == 1.0,
    # containers) is left to jsonschema.
    if type(inst) is not type(want) or isinstance(inst, (list, dict)):
        return False
    return inst == want


def _enum(inst: object, value: Any, _s: Mapping[str, Any], _r: Mapping[str, Any]) -> bool:
    return any(_same(inst, v) for v in value)


def _const(inst: object, value: Any, _s: Mapping[str, Any], _r: Mapping[str, Any]) -> bool:
    return _same(inst, value)


def _bound(op: str) -> Any:
    def check(inst: object, value: Any, _s: Mapping[str, Any], _r: Mapping[str, Any]) -> bool:
        if not _is_number(inst):
            return True  # numeric keywords ignore other types
        n: float = inst  # type: ignore[assignment]
        if op == "min":
            return bool(n >= value)
        if op == "max":
            return bool(n <= value)
        return bool(n > value)

    return check


def _size(kind: type, least: bool) -> Any:
    def check(inst: object, value: Any, _s: Mapping[str, Any], _r: Mapping[str, Any]) -> bool:
        if not isinstance(inst, kind):
            return True
        size = len(inst)  # type: ignore[arg-type]
        return bool(size >= value) if least else bool(size <= value)

    return check


@cache
def _regex(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


def _pattern(inst: object, value: Any, _s: Mapping[str, Any], _r: Mapping[str, Any]) -> bool:
    return not isinstance(inst, str) or _regex(value).search(inst) is not None


def _object(inst: object) -> dict[str, Any] | None:
    if not isinstance(inst, dict):
        return None
    if not all(isinstance(k, str) for k in inst):
        raise _Unsure  # non-string keys: jsonschema's handling is its own business
    return inst


def _properties(inst: object, value: Any, _s: Mapping[str, Any], root: Mapping[str, Any]) -> bool:
    obj = _object(inst)
    if obj is None:
        return True
    return all(_valid(obj[k], sub, root) for k, sub in value.items() if k in obj)


def _additional(
    inst: object, value: Any, schema: Mapping[str, Any], root: Mapping[str, Any]
) -> bool:
    obj = _object(inst)
    if obj is None:
        return True
    if "patternProperties" in schema:
        raise _Unsure
    known = schema.get("properties", {})
    return all(_valid(v, value, root) for k, v in obj.items() if k not in known)


def _required(inst: object, value: Any, _s: Mapping[str, Any], _r: Mapping[str, Any]) -> bool:
    obj = _object(inst)
    return obj is None or all(k in obj for k in value)


def _names(inst: object, value: Any, _s: Mapping[str, Any], root: Mapping[str, Any]) -> bool:
    obj = _object(inst)
    return obj is None or all(_valid(k, value, root) for k in obj)


def _items(inst: object, value: Any, schema: Mapping[str, Any], root: Mapping[str, Any]) -> bool:
    if not isinstance(inst, list):
        return True
    skip = len(schema.get("prefixItems", ()))
    return all(_valid(item, value, root) for item in inst[skip:])


def _prefix(inst: object, value: Any, _s: Mapping[str, Any], root: Mapping[str, Any]) -> bool:
    if not isinstance(inst, list):
        return True
    return all(_valid(item, sub, root) for item, sub in zip(inst, value, strict=False))


def _any_of(inst: object, value: Any, _s: Mapping[str, Any], root: Mapping[str, Any]) -> bool:
    return any(_valid(inst, sub, root) for sub in value)


def _ref(inst: object, value: Any, _s: Mapping[str, Any], root: Mapping[str, Any]) -> bool:
    if not isinstance(value, str) or not value.startswith("#/"):
        raise _Unsure  # remote or anchor references: jsonschema resolves those
    target: Any = root
    for part in value[2:].split("/"):
        part = part.replace("~1", "/").replace("~0", "~")
        if not isinstance(target, Mapping) or part not in target:
            raise _Unsure
        target = target[part]
    return _valid(inst, target, root)


_KEYWORDS: dict[str, Any] = {
    "type": _type,
    "enum": _enum,
    "const": _const,
    "minimum": _bound("min"),
    "maximum": _bound("max"),
    "exclusiveMinimum": _bound("xmin"),
    "minLength": _size(str, True),
    "maxLength": _size(str, False),
    "minItems": _size(list, True),
    "maxItems": _size(list, False),
    "minProperties": _size(dict, True),
    "maxProperties": _size(dict, False),
    "pattern": _pattern,
    "properties": _properties,
    "additionalProperties": _additional,
    "required": _required,
    "propertyNames": _names,
    "items": _items,
    "prefixItems": _prefix,
    "anyOf": _any_of,
    "$ref": _ref,
}
