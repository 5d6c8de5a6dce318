"""toplint's JSON Schemas (``schemas/*.schema.json``) and the one function that validates
against them.

``schema_errors`` answers the common case, valid data, with the plain-Python check of
``toplint.infra.schemafast`` (importing jsonschema and building a validator costs about 0.2 s,
more than a whole one-file check); only data that check cannot vouch for goes to jsonschema,
so every error message and position comes from jsonschema.  Callers word the errors their
own way (a manifest lists every problem, a rule file its first).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from toplint.infra.pkgdata import read_json, read_text
from toplint.infra.schemafast import surely_valid

__all__ = ["meant_alternative", "schema", "schema_errors", "schema_text"]


@cache
def schema_text(name: str) -> str:
    """The text of ``schemas/NAME.schema.json`` (``name`` is ``rule``, ``config``, ...)."""

    return read_text("toplint.schemas", f"{name}.schema.json")


@cache
def schema(name: str) -> dict[str, Any]:
    """The parsed schema ``name``, through the data cache (no ``json`` import once cached)."""

    parsed: dict[str, Any] = read_json("toplint.schemas", f"{name}.schema.json")
    return parsed


def schema_errors(instance: Any, name: str, order: Callable[[Any], Any] | None = None) -> list[Any]:
    """Every ``jsonschema.ValidationError`` of ``instance`` against schema ``name`` (none when
    valid), sorted by ``order`` when given."""

    wanted = schema(name)
    if surely_valid(instance, wanted):
        return []
    import jsonschema

    errors = list(jsonschema.Draft202012Validator(wanted).iter_errors(instance))
    return sorted(errors, key=order) if order is not None else errors


def meant_alternative(err: Any) -> Any:
    """Of an ``anyOf``/``oneOf`` error, the problem of the alternative the value was meant for:
    of ``gpu: "H100"`` or ``gpu: {name, memory, ...}``, the one of its own type (a mapping's
    wrong key, not "is not valid under any of the given schemas"); ``best_match`` among them."""
    import jsonschema

    own = [e for e in err.context if e.validator != "type"]
    return jsonschema.exceptions.best_match(own or err.context)
