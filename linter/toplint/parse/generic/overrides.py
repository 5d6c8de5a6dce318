"""A program run with Hydra-style ``key.sub=value`` arguments, read by a declarative reader
(issue 24, points 5 and 6).

``python3 -m verl.trainer.main_generation trainer.nnodes=2 rollout.tensor_model_parallel_size=16``
configures its engine through command-line overrides of its own configuration (Hydra's override
grammar, hydra.cc/docs/advanced/override_grammar/basic: ``key=value``, ``+key=value`` adds,
``++key=value`` forces, ``~key`` deletes).  A reader whose ``match.program`` is the program run
(``python -m MODULE``, or a command's own name) reads those arguments as a document: each dotted
key a path in it, each value where it is written, so the reader's ``engine_at``, ``set``,
``model``, ``gpus_per_node`` and ``nodes`` say what they mean for that program.  Which keys mean
what is the platform's knowledge, kept in its record (``parse/generic/records/*.yaml``), never
here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from toplint.model import Deployment, Finding, Position
from toplint.parse.base import Source
from toplint.parse.generic.pyexpr import Path, Ref
from toplint.parse.generic.pytree import PyTree
from toplint.parse.options import Arg
from toplint.record import replace

_PYTHON = ("python", "python3")


def program(args: Sequence[Arg]) -> tuple[str, int] | None:
    """(the program a command runs, index of its first argument): the module of ``python -m
    MODULE`` (the interpreter anywhere in the command, after launchers), else the command's
    first word that is not ``NAME=value``."""
    for i, arg in enumerate(args):
        base = (arg.value or "").rsplit("/", 1)[-1]
        if base in _PYTHON or (base.startswith("python3.") and base[8:].isdigit()):
            j = i + 1
            while j < len(args) and (args[j].value or "").startswith("-") and args[j].value != "-m":
                j += 1
            if j + 1 < len(args) and args[j].value == "-m" and args[j + 1].value:
                return str(args[j + 1].value), j + 2
            return None
    head = next((k for k, a in enumerate(args) if not _assignment(a)), None)
    if head is None or not args[head].value:
        return None
    return str(args[head].value).rsplit("/", 1)[-1], head + 1


def _assignment(arg: Arg) -> bool:
    name, eq, _ = (arg.value or arg.raw).partition("=")
    return bool(eq) and name.isidentifier()


def override_tree(args: Sequence[Arg], path: str) -> PyTree | None:
    """The ``key.sub=value`` arguments as a document (None when there are none)."""
    data: dict[str, Any] = {}
    positions: dict[Path, tuple[Position, Position]] = {}
    for arg in args:
        text = arg.value if arg.value is not None else arg.raw
        if "=" not in text or text.startswith(("-", "~")):
            continue
        key, _, value = text.lstrip("+").partition("=")
        steps = tuple(key.split("."))
        if not all(s.isidentifier() for s in steps):
            continue
        # ``actor_rollout_ref.model.path="${MODEL_PATH}"`` with MODEL_PATH unknown here: the
        # value is unresolved (TL003), never absent (it was a TL007 "names no model").
        found: Any = _value(value) if arg.value is not None else Ref(value, arg.unresolved)
        node = data
        for step in steps[:-1]:
            child = node.setdefault(step, {})
            if not isinstance(child, dict):
                break
            node = child
        else:
            node[steps[-1]] = found
            at = arg.position
            offset = arg.raw.find("=") + 1 if arg.raw.lstrip("+").startswith(key) else 0
            positions[steps] = (at, Position(at.path, at.line, at.column + offset))
    return PyTree(path, data, positions) if data else None


def _value(text: str) -> Any:
    """A value as Hydra's grammar reads it: an int, a float, a bool, null, else a string."""
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    if low == "null":
        return None
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def program_deployments(
    args: Sequence[Arg], path: str
) -> tuple[list[Deployment], list[Finding]] | None:
    """The deployments a reader of the program a command runs reads from its overrides, placed
    on the command; None when no reader knows the program."""
    from toplint.parse.generic import declarative
    from toplint.parse.generic.reader import deployments

    found = program(args)
    if found is None:
        return None
    name, first = found
    readers = [r for r in declarative.programs(name) if r.wants(path)]
    if not readers:
        return None
    tree = override_tree(args[first:], path)
    if tree is None:
        return None
    start = args[0].position
    source = Source.from_text(path, "")
    for reader in readers:
        deps, findings = deployments(reader, tree, (), source)
        if deps:
            return [replace(d, line=start.line, column=start.column) for d in deps], findings
    return None
