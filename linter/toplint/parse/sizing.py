"""Setting names that size a parallel dimension, whoever reads them.

A wrapper's key or an engine plugin's option that is not the engine's own (verl's rollout
``tensor_model_parallel_size``, Snowflake ArcticInference's ``--ulysses-sequence-parallel-size``,
OpenRLHF's ``vllm_tensor_parallel_size``) still decides how many GPUs one instance uses and how
its weights are split.  Read as absent, the layout is guessed (TP 1) and the checks judge a
deployment that does not exist; the readers use this to leave the layout unresolved instead
(``toplint.model.Unresolved.why``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from toplint.infra.patterns import lazy
from toplint.model import Deployment, Unresolved
from toplint.record import replace

__all__ = ["FIELDS", "OPTIONS", "dimension", "left_unresolved", "trivial"]

_WORDS = lazy(r"[^a-z0-9]+")
_DIMENSIONS = {
    "tensor": "tensor",
    "tp": "tensor",
    "pipeline": "pipeline",
    "pp": "pipeline",
    "data": "data",
    "dp": "data",
    "expert": "expert",
    "ep": "expert",
    "sequence": "sequence",
    "context": "sequence",
    "ulysses": "sequence",
    "sp": "sequence",
    "cp": "sequence",
}
# The Deployment field a dimension's size decides; a dimension toplint does not model (sequence,
# context, Ulysses) splits the work of one instance over more GPUs in a way no field says, so
# "tp", whose degree sets the GPUs and how the weights are split, is the field left unresolved.
FIELDS = {"tensor": "tp", "pipeline": "pp", "data": "dp", "expert": "ep", "sequence": "tp"}
# The engines' own option for a dimension (vLLM's and SGLang's spelling): what a reader's
# ``set:`` maps a wrapper's key to.  None for a dimension toplint does not model.
OPTIONS = {
    "tensor": "tensor-parallel-size",
    "pipeline": "pipeline-parallel-size",
    "data": "data-parallel-size",
}
_SHORT = frozenset({"tp", "pp", "dp", "ep", "sp", "cp"})
_SIZE_WORDS = frozenset({"size", "degree", "world"})


def _words(name: str) -> list[str]:
    snake = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name.lstrip("-"))
    return [w for w in _WORDS.split(snake.lower()) if w]


def dimension(name: str) -> str | None:
    """The parallel dimension a setting of this name sizes (``"tensor"``, ``"pipeline"``,
    ``"data"``, ``"expert"``, ``"sequence"``), or None when it sizes none:
    ``tensor_model_parallel_size`` and ``vllm_tp_size`` -> tensor,
    ``--ulysses-sequence-parallel-size`` and ``sp_degree`` -> sequence; ``parallel_tool_calls``,
    ``max_parallel_loading_workers``, ``sequence_parallel`` (a switch), ``world_size`` -> None."""
    words = _words(name)
    if len(words) > 8 or not words:
        return None
    if words[-1] in _SIZE_WORDS and len(words) >= 2:
        head = words[:-1]
    elif words[-1] in _SHORT:
        head = words
    else:
        return None
    if head[-1] in ("parallel", "parallelism") and len(head) >= 2:
        dims = head[:-1]
    elif head[-1] in _SHORT:
        dims = head[-1:]
    else:
        return None
    return next((_DIMENSIONS[w] for w in reversed(dims) if w in _DIMENSIONS), None)


def trivial(value: object) -> bool:
    """A size of one (or nothing, or a switch): the dimension is not split."""
    if value is None or isinstance(value, bool):
        return True
    return str(value).strip() in ("1", "")


def left_unresolved(dep: Deployment, found: Sequence[Unresolved]) -> Deployment:
    """``dep`` with each dimension ``found`` sizes left unknown (its field None, the reason in
    ``unresolved``), as the data reader and the command-line reader both record it."""
    if not found:
        return dep
    cleared = {u.field: None for u in found}
    return replace(dep, **cleared, unresolved=(*dep.unresolved, *found))
