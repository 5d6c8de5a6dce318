"""The shape of a tree the generic readers walk (a YAML/JSON document, or a Python file read by
``toplint.parse.generic.pytree``): how a call, a reference and a plain value look in it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

CALL = "\0call"  # key under which a Python call's name is kept in its mapping
Path = tuple[str | int, ...]


def scalar_keys(node: Mapping[Any, Any]) -> list[str]:
    return [k for k, v in node.items() if isinstance(k, str) and k != CALL and value_like(v)]


def value_like(value: Any) -> bool:
    return isinstance(value, (str, int, float, bool)) or is_ref(value) or isinstance(value, dict)


def token(value: Any) -> bool:
    return (isinstance(value, (str, int, float)) and not isinstance(value, bool)) or is_ref(value)


def is_ref(value: Any) -> bool:
    return type(value).__name__ in ("Ref", "_Unknown")


def get(data: Any, at: Path) -> Any:
    for step in at:
        data = data[step]
    return data


def one_placeholder(text: str) -> bool:
    """``text`` is one ``${…}`` group and nothing more (``${VLLM_ARGS}``,
    ``${jsonencode(args)}``; not ``${a}-${b}``): a value a template fills before the file is
    used."""
    if not (text.startswith("${") and text.endswith("}")):
        return False
    depth = 0
    for k, c in enumerate(text[1:], 1):
        depth += {"{": 1, "}": -1}.get(c, 0)
        if depth == 0:
            return k == len(text) - 1
    return False
