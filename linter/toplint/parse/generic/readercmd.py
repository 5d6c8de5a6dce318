"""The command lines a declarative reader's ``command:`` paths hold
(``toplint.parse.generic.declarative``): argv lists with the platform's variables put in, lists
of command lines, and scripts in strings."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from toplint.parse.base import Source
from toplint.parse.generic import scopeargs
from toplint.parse.infer import resources as rs
from toplint.parse.infer.scopevars import substitute
from toplint.parse.options import Arg
from toplint.parse.structured.anywhere import commands_in

Path = tuple[str | int, ...]


def flags_first(args: Sequence[Arg]) -> bool:
    """An argument list that starts with an option: what a platform hands an engine image's
    entrypoint (``["--model", "$(model_name)", "--tensor-parallel-size", "2"]``)."""
    return bool(args) and (args[0].value or "").startswith("-")


def command_args(
    tree: Any, at: Path, value: Any, env: Mapping[str, str], source: Source
) -> list[list[Arg]]:
    if isinstance(value, list):
        lines = bool(value) and isinstance(value[0], str) and " " in value[0].strip()
        if all(isinstance(v, (str, int, float)) for v in value) and not lines:
            # the platform puts its variables in before the engine starts (``$(model_name)``)
            words = [substitute(v, env) if isinstance(v, str) else v for v in value]
            return [
                [
                    scopeargs.value_arg(tree, v, tree.value_position((*at, i)), rs.anchor(at))
                    for i, v in enumerate(words)
                ]
            ]
        # a list of command lines (its first item is a line, ``pip install vllm``), or of lists
        return [
            a for i, v in enumerate(value) for a in command_args(tree, (*at, i), v, env, source)
        ]
    if not isinstance(value, str):
        return []
    return commands_in(value, tree.value_position(at), env, source.text, source.path)
