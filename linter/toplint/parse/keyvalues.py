"""An engine's settings written as one word of ``key=value`` pairs (``Launch.key_values``).

lighteval's ``lighteval vllm "model_name=org/m,tensor_parallel_size=2,…" TASKS``: its
``ModelConfig._parse_args`` drops ``generation_parameters={…}`` (sampling settings), splits the
rest at commas, and reads ``key=value`` as that setting and a bare ``key`` as true
(huggingface/lighteval@3fd15266 src/lighteval/models/abstract_model.py).  The word becomes the
options the engine's vocabulary reads (``--key=value``, ``--key``), at the word's place; the
words after it are the harness's own (tasks, ``--output-dir``), not the engine's.  A word not
known here (an unset ``"$MODEL_ARGS"``) or naming a YAML file of ``model_parameters`` (read
instead, src/lighteval/main_vllm.py) leaves the model and the layout unresolved, not the
defaults.
"""

from __future__ import annotations

from collections.abc import Sequence

from toplint.engines.types import EngineSpec
from toplint.parse.options import Arg

_SAMPLING = "generation_parameters={"
# what a word not read here leaves unknown: the model and the layout's sizes
_UNREAD = frozenset({"model", "tp", "pp", "dp"})


def _without_sampling(text: str) -> str:
    """``text`` without its ``generation_parameters={…}`` item (up to the first ``}``, as
    lighteval's non-greedy pattern reads it) and the comma after it."""
    start = text.find(_SAMPLING)
    if start < 0:
        return text
    end = text.find("}", start)
    if end < 0:
        return text[:start]
    rest = text[end + 1 :]
    return text[:start] + (rest[1:] if rest.startswith(",") else rest)


def _unread(word: Arg, why: str, spec: EngineSpec) -> tuple[Arg, ...]:
    """Each of the spec's options that sets the model or a layout size, with a value not known
    here (``why``): the word may hold any of them."""
    unknown = Arg(None, word.raw, word.position, (why,), word.anchor)
    names = dict.fromkeys(n for n, field in spec.fields.items() if field in _UNREAD)
    return tuple(
        a for name in names for a in (Arg(f"--{name}", f"--{name}", word.position), unknown)
    )


def key_value_args(args: Sequence[Arg], spec: EngineSpec) -> tuple[Arg, ...]:
    """The options of ``spec`` that the first of ``args``, a ``key=value,…`` word, writes."""
    if not args:
        return ()
    word = args[0]
    if word.value is None:
        return _unread(word, word.unresolved[0] if word.unresolved else word.raw, spec)
    if word.value.endswith((".yaml", ".yml")):
        return _unread(word, f"model_parameters in {word.value}", spec)
    items = (i.strip() for i in _without_sampling(word.value).split(","))
    return tuple(Arg(f"--{i}", f"--{i}", word.position) for i in items if i)
