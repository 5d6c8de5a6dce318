"""A module's constants that an engine call of the same module takes, read once (issue 24).

A service module often names its settings at the top (``MODEL_ID = os.getenv("MODEL_ID", …)``,
``TENSOR_PARALLEL_SIZE = int(os.getenv(…, 1))``) and passes them to the engine in a method
(``AsyncEngineArgs(model=MODEL_ID, tensor_parallel_size=TENSOR_PARALLEL_SIZE)``; a BentoML
service's ``__init__``, DCC-BS/bentoml-vllm-llm@ba9fc970 service.py).  The names spell the
engine's options, so the module's namespace reads as an options mapping too; but a Python name
holds one value wherever it is used, and the engine is started where the call is: the
constants are that call's settings, not a second deployment.  A reading whose model and layout
options are written where their values are (its own assignments) and whose every such value is
one another reading's options take by name (the tree places a name's value where it is
assigned, ``pytree``) is left out.  Constants no engine call takes stay a reading of their own.
"""

from __future__ import annotations

from collections.abc import Sequence

from toplint.model import Deployment, Position
from toplint.parse.generic.pytree import PyTree

__all__ = ["without_constants_of_calls"]

# What places a deployment: the constants that decide it are the ones compared.
_SIZING = frozenset({"model", "tp", "pp", "dp", "dp_local", "ep", "ep_enabled", "nodes"})
Spot = tuple[int, int]


def without_constants_of_calls(tree: PyTree, found: Sequence[Deployment]) -> list[Deployment]:
    """``found`` without the readings of constants an engine call among them takes."""
    if len(found) < 2:
        return list(found)
    value_at = {_spot(key): _spot(value) for key, value in tree.positions.values()}
    sized = [_sized(d, value_at) for d in found]
    kept = []
    for dep, (keys, values) in zip(found, sized, strict=True):
        own = bool(values) and all(k[0] == v[0] for k, v in zip(keys, values, strict=True))
        taken = own and any(
            other is not dep and set(values) <= set(v) and set(keys).isdisjoint(k)
            for other, (k, v) in zip(found, sized, strict=True)
        )
        if not taken:
            kept.append(dep)
    return kept


def _sized(dep: Deployment, value_at: dict[Spot, Spot]) -> tuple[list[Spot], list[Spot]]:
    """Where the deployment's model and layout options are written, and where their values
    are (the same place for a literal written there)."""
    keys = [_spot(p) for field, p in dep.sources.items() if field in _SIZING and p.path == dep.path]
    return keys, [value_at.get(k, k) for k in keys]


def _spot(p: Position) -> Spot:
    return (p.line, p.column)
