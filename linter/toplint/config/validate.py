"""Validate a configuration mapping against schemas/config.schema.json, naming key and place.

Every problem is reported at once, in file order, as ``file:line:col: key.path: message``;
unknown keys get a "did you mean" from the keys the schema allows there.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from toplint.errors import ConfigError
from toplint.infra.schemas import schema, schema_errors

KeyPath = tuple[str | int, ...]
# (key path, want the value rather than the key) -> (line, column), or None when unknown.
Locate = Callable[[KeyPath, bool], tuple[int, int] | None]


KNOWN_KEYS: tuple[str, ...] = tuple(schema("config")["properties"])


def canonical_key(key: str) -> str:
    """Top-level keys may be written ``extend_select`` or ``extend-select``."""
    dashed = key.replace("_", "-")
    return dashed if dashed in KNOWN_KEYS else key


def _dotted(path: KeyPath) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def _suggest(key: str, allowed: list[str]) -> str:
    import difflib

    close = difflib.get_close_matches(key, allowed, n=1, cutoff=0.6)
    if close:
        return f"; did you mean `{close[0]}`?"
    return f"; known keys: {', '.join(allowed)}" if allowed else ""


def _describe(err: Any) -> str:
    value = err.instance
    kind = err.validator
    if kind == "enum":
        return f"{value!r} is not one of {', '.join(map(str, err.validator_value))}"
    if kind == "type":
        return f"expected {err.validator_value}, got {value!r}"
    if kind in ("minimum", "exclusiveMinimum"):
        return f"must be {'>' if kind == 'exclusiveMinimum' else '>='} {err.validator_value}"
    if kind in ("maxItems", "maxProperties"):
        return (
            f"{len(value):,} globs; at most {err.validator_value:,} are read (each is matched "
            "against every file): name folders rather than files"
        )
    if kind == "maxLength":
        return _too_long(value)
    if kind == "pattern":
        return f"{value!r} is not a rule code (TL101), code prefix (TL1), name or ALL"
    return str(err.message)


# A glob's longest text (schemas/config.schema.json, $defs.glob).
_GLOB_CHARS = 1024


def _too_long(text: str) -> str:
    return f"a glob of {len(text):,} characters; at most {_GLOB_CHARS:,}"


def _problems(err: Any, original: Mapping[str, str]) -> list[tuple[KeyPath, bool, str]]:
    """(key path, is-a-value, message) for one schema error."""
    path: KeyPath = tuple(err.absolute_path)
    if path and isinstance(path[0], str):
        path = (original.get(path[0], path[0]), *path[1:])
    if err.validator == "additionalProperties" and isinstance(err.instance, dict):
        allowed = list(err.schema.get("properties", {}))
        extra = [k for k in err.instance if k not in allowed]
        return [((*path, k), False, f"unknown key `{k}`{_suggest(k, allowed)}") for k in extra]
    if err.validator == "propertyNames":
        name = err.instance
        if isinstance(name, str) and len(name) > _GLOB_CHARS:
            return [((*path, name), False, _too_long(name))]
        return [((*path, name), False, f"`{name}` is not a rule code (TL101) or rule name")]
    if err.validator == "anyOf" and err.context:
        from jsonschema.exceptions import best_match

        best = best_match(err.context)
        if best is not None and best.validator not in ("type", "anyOf"):
            return _problems(best, original)
        return [(path, True, f"expected {_expected(err.schema)}, got {err.instance!r}")]
    return [(path, True, _describe(err))]


def _expected(schema: Mapping[str, Any]) -> str:
    refs = [str(s.get("$ref", "")) for s in schema.get("anyOf", [])]
    if any(r.endswith("/selector") for r in refs) or any("items" in s for s in schema["anyOf"]):
        return "a list of rule codes or names (or a comma-separated string)"
    return "a severity (error, warning, info) or a mapping with `severity` and rule options"


def _non_finite(value: Any, keys: KeyPath) -> list[tuple[KeyPath, float]]:
    """Key paths of the NaN and infinite numbers in ``value`` (YAML ``.nan``, ``.inf``)."""
    if isinstance(value, float):
        return [] if value - value == 0 else [(keys, value)]
    if isinstance(value, Mapping):
        return [hit for k, v in value.items() for hit in _non_finite(v, (*keys, str(k)))]
    if isinstance(value, list):
        return [hit for i, v in enumerate(value) for hit in _non_finite(v, (*keys, i))]
    return []


def validate_config(data: Mapping[str, Any], locate: Locate, path: str) -> None:
    """Raise ``ConfigError`` listing every problem with its position."""
    original = {canonical_key(k): k for k in data}
    canonical = {canonical_key(k): v for k, v in data.items()}
    odd = [
        f"{path}:{where[0]}:{where[1]}: {_dotted(keys)}: {value} is not a finite number"
        for keys, value in _non_finite(canonical, ())
        for where in [locate(keys, True) or (1, 1)]
    ]
    if odd:  # JSON Schema's comparisons let NaN through (every comparison with it is false)
        raise ConfigError("\n".join(odd))
    found: list[tuple[tuple[int, int], str]] = []
    for err in schema_errors(canonical, "config"):
        for keys, is_value, message in _problems(err, original):
            where = locate(keys, is_value) or (1, 1)
            label = f"{_dotted(keys)}: " if keys else ""
            found.append((where, f"{path}:{where[0]}:{where[1]}: {label}{message}"))
    if found:
        raise ConfigError("\n".join(msg for _, msg in sorted(set(found))))
