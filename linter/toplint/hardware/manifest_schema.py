"""Validate a manifest against schemas/hardware.schema.json, naming key path and position."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from toplint.errors import ManifestError
from toplint.infra.schemas import meant_alternative, schema_errors
from toplint.model import Position

Path = tuple[str | int, ...]
Where = Callable[[Path, bool], Position]


def dotted(path: Path) -> str:
    """("clusters", 0, "inter_node", "bandwidth") -> "clusters[0].inter_node.bandwidth"."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else part)
    return out


def validate(data: Any, where: Where) -> None:
    """Raise ``ManifestError`` listing every schema problem with its place, in file order."""

    problems = [_problem(where, e) for e in schema_errors(data, "hardware")]
    if problems:
        problems.sort(key=lambda p: p[0])
        raise ManifestError("\n".join(f"{pos}: {msg}" for pos, msg in problems))


def _problem(where: Where, err: Any) -> tuple[Position, str]:
    import json  # only for wording an error

    if err.validator in ("anyOf", "oneOf") and err.context:
        return _problem(where, meant_alternative(err))
    at: Path = tuple(err.absolute_path)
    kind, value, inst = err.validator, err.validator_value, err.instance
    key = False
    if kind == "required":
        missing = [k for k in value if isinstance(inst, Mapping) and k not in inst]
        message, key = f'missing required key "{missing[0] if missing else value[0]}"', True
    elif kind == "additionalProperties" and isinstance(inst, Mapping):
        allowed = err.schema.get("properties", {})
        extra = [k for k in inst if k not in allowed]
        at, key = (*at, extra[0]), True
        message = f'unknown key "{extra[0]}"; expected one of: {", ".join(allowed)}'
    elif kind == "enum":
        message = f"{json.dumps(inst)} is not one of: {', '.join(map(str, value))}"
    elif kind == "const":
        message = f"must be {json.dumps(value)}, not {json.dumps(inst)}"
    elif kind == "type":
        wanted = " or ".join(value) if isinstance(value, list) else value
        message = f"{json.dumps(inst)} is not of type {wanted}"
    elif kind in ("minimum", "maximum"):
        bound = "below the minimum" if kind == "minimum" else "above the maximum"
        shown = f"{value:,}" if isinstance(value, int) else str(value)
        message = f"{json.dumps(inst)} is {bound} {shown}{_write_instead(err.schema)}"
    elif kind in ("exclusiveMinimum", "exclusiveMaximum"):
        side = "above" if kind == "exclusiveMinimum" else "below"
        hint = _NO_RATE.get(str(at[-1]) if at else "", "")
        message = f"{json.dumps(inst)} must be {side} {value}{hint}"
    elif kind in ("minItems", "minLength"):
        message = "must not be empty"
    else:
        message = err.message
    name = dotted(at)
    return where(at, key), f"{name}: {message}" if name else message


# A rate the GPU does not have is left out, not written as 0.
_NO_RATE = {
    "bf16_tflops": "; a GPU without BF16 (Volta, Turing) leaves it out and gives fp16_tflops "
    "and arch (arch: turing)",
    "fp16_tflops": "; leave it out where the GPU's BF16 rate (bf16_tflops) is given",
}


def _write_instead(schema: Mapping[str, Any]) -> str:
    """What to write instead of a number out of its bounds (both bounds, when the schema has
    them): a count is never silently taken as unknown."""
    low, high = schema.get("minimum"), schema.get("maximum")
    if low is None or high is None:
        return ""
    whole = "a whole number" if schema.get("type") == "integer" else "a number"
    return f"; write {whole} from {low:,} to {high:,}"
