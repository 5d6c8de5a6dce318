"""A module's constants that an engine call of the same module takes, read once (issue 24).

A service module often names its settings at the top (``MODEL_ID = os.getenv("MODEL_ID", …)``,
``TENSOR_PARALLEL_SIZE = int(os.getenv(…, 1))``) and passes them to the engine in a method
(``AsyncEngineArgs(model=MODEL_ID, tensor_parallel_size=TENSOR_PARALLEL_SIZE)``; a BentoML
service's ``__init__``, DCC-BS/bentoml-vllm-llm@ba9fc970 service.py).  The names spell the
engine's options, so the module's namespace reads as an options mapping too; but a Python name
holds one value wherever it is used, and the engine is started where the call is: the
constants are that call's settings, not a second deployment.  A reading whose model and layout
options are all module-level names (read at their assignments, or at the environment file's line
that sets them: ``pydotenv``) and whose every value is one another reading takes by name (the
tree places a name's value where it is assigned: ``pytree``) is left out.  Constants no engine
call takes stay a reading of their own.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from toplint.model import Deployment, Position
from toplint.parse.generic.pytree import PyTree

__all__ = ["without_constants_of_calls"]

# What places a deployment: the constants that decide it are the ones compared.
_SIZING = frozenset({"model", "tp", "pp", "dp", "dp_local", "ep", "ep_enabled", "nodes"})
Spot = tuple[str, int, int]


def without_constants_of_calls(tree: PyTree, found: Sequence[Deployment]) -> list[Deployment]:
    """``found`` without the readings of constants an engine call among them takes."""
    if len(found) < 2:
        return list(found)
    value_at = {_spot(key): _spot(value) for key, value in tree.positions.values()}
    top = {
        spot
        for path, (key, value) in tree.positions.items()
        if len(path) == 1
        for spot in (_spot(key), _spot(value))
    }
    scopes = {_spot(key) for path, (key, _) in tree.positions.items() if _mapping(tree, path)}
    read = [_sized(d) for d in found]
    values = [{value_at.get(s, s) for s in spots} for spots in read]
    scoped = [(d.path, d.line, d.column) in scopes for d in found]
    names = [not scoped[i] and bool(s) and all(x in top for x in s) for i, s in enumerate(read)]
    return [
        dep
        for i, dep in enumerate(found)
        if not names[i]
        or not any(j != i and scoped[j] and values[i] <= values[j] for j in range(len(found)))
    ]


def _mapping(tree: PyTree, path: tuple[object, ...]) -> bool:
    """The tree holds a call or a mapping at ``path`` (where a reading of its own sits)."""
    node: Any = tree.data
    for part in path:
        node = node.get(part) if isinstance(node, dict) else None
    return isinstance(node, dict)


def _sized(dep: Deployment) -> list[Spot]:
    """Where the deployment's model and layout options were read: an option's key, or the value
    of the name it takes (a module constant, an environment file's line)."""
    return [_spot(p) for field, p in dep.sources.items() if field in _SIZING]


def _spot(p: Position) -> Spot:
    return (p.path, p.line, p.column)
