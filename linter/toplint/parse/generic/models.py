"""Which checkpoint a deployment found in a tree serves: a model key in its scope (``model:``,
``model_id:``, ``repo_id:``; a ``model_loading_config: {model_source: ...}`` mapping), a model
mapping (``model: {id: org/m}``), a one-word model key above the scope (``model_id: org/m``
beside ``serving: {engine: vllm, ...}``), or an engine call's first argument (``LLM("org/m")``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from toplint.infra.patterns import lazy
from toplint.parse.generic.tree import CALL, Path, get, is_ref, scalar_keys, token
from toplint.parse.infer import resources as rs

# Normalised keys (resources.norm) that name a model; the first six name only a model.
_OWN_MODEL_KEYS = ("model", "modelid", "modelname", "modelpath", "modelsource", "repoid")
# ``base_model``: the checkpoint a fine-tuning framework trains and serves (axolotl's config,
# whose ``vllm:`` block ``axolotl vllm-serve`` starts vLLM with: axolotl-ai-cloud/axolotl@067b021
# examples/ebft/qwen35-9b-ebft-structured.yaml), or the base an adapter is served on.
# ``model_name_or_path``: transformers' ``ModelArguments`` field, kept by the frameworks built on
# it; ``pretrain``: the checkpoint a reinforcement-learning run trains and its rollout engine
# serves (alibaba/ROLL@8eb27cc roll/configs/base_config.py ``__post_init__``: actor_infer's
# ``model_args.model_name_or_path`` is ``pretrain`` unless set).
MODEL_KEYS = (
    *_OWN_MODEL_KEYS,
    *("modelhfpath", "hfmodelid", "hfmodel", "pretrained", "modelrepo", "basemodel"),
    *("modelnameorpath", "pretrain"),
)
# Above the scope, a mapping of the model's arguments (transformers' ``ModelArguments``):
# ``model_args: {model_name_or_path: org/m}`` beside the engine's ``strategy_args`` (ROLL), or of
# how the model is loaded: Ray Serve LLM's ``model_loading_config`` beside its ``engine_kwargs``
# (ray-project/ray python/ray/llm/_internal/serve/configs/server_models.py ModelLoadingConfig).
_MODEL_ARGUMENTS = ("modelargs", "modelarguments", "modelloadingconfig")
# A key that names the model only as clients ask for it when the key beside it names the weights:
# Ray Serve LLM's ``model_id`` is "the ID that should be used by end users to access this model",
# ``model_source`` "where to obtain the model weights from ... When omitted, defaults to the
# model_id" (ModelLoadingConfig, as above).
_SERVED_NAME = {"modelid": "modelsource"}
# Inside a mapping a model option holds (`model: {id: ...}`), the keys naming the checkpoint.
_MODEL_INNER = ("id", "name", "path", "repo", "source", "uri", "hfid", "huggingfaceid")
MODEL_OPTIONS = frozenset({"model", "model-path", "model-id", "model-name"})
# A path key of the engine's own scope names the checkpoint when it holds a repository id.
_PATH_KEYS = ("path", "checkpoint", "checkpointpath", "weights", "weightspath")
_REPO_ID = lazy(r"^[A-Za-z0-9][\w.-]*/[A-Za-z0-9][\w.-]*$")


def model_in(node: Mapping[Any, Any]) -> tuple[str, Any] | None:
    """(key, value) of the checkpoint a model mapping names: ``{id: org/m}``, ``{name: ...}``."""
    for key in scalar_keys(node):
        if rs.norm(key) in (*MODEL_KEYS, *_MODEL_INNER) and token(node[key]):
            return key, node[key]
    return None


def _checkpoint_like(value: Any) -> bool:
    """A checkpoint is named in one word (``org/m``, a path, a number-free alias), never as a
    display name (``model_name: Gemma 2 27B Instruct``)."""
    if is_ref(value) or isinstance(value, (int, float)):
        return True
    return isinstance(value, str) and bool(value.strip()) and not value.split()[1:]


def ancestors(at: Path) -> list[Path]:
    """The mappings above ``at``, nearest first (list items are not mappings: skipped)."""
    return [at[:n] for n in range(len(at) - 1, -1, -1)]


def _repo_id(value: Any) -> bool:
    """``org/name`` as a Hugging Face repository is written (no leading ``/``, ``.`` or ``~``)."""
    return isinstance(value, str) and _REPO_ID.match(value) is not None


def find_model(owned: Sequence[Path], data: Any, nested: bool = True) -> tuple[Any, Path] | None:
    for at in owned:
        node = get(data, at)
        if not isinstance(node, dict):
            continue
        named = [k for k in scalar_keys(node) if rs.norm(k) in MODEL_KEYS and token(node[k])]
        weights = {rs.norm(k) for k in named}
        for key in named:
            if _SERVED_NAME.get(rs.norm(key)) in weights:
                continue  # `model_id: my-llama` beside `model_source: org/m`: a served name
            if _checkpoint_like(node[key]):
                return node[key], (*at, key)
        for key in scalar_keys(node):  # `path='deepseek-ai/deepseek-llm-67b-chat'` in the scope
            if rs.norm(key) in _PATH_KEYS and _repo_id(node[key]):
                return node[key], (*at, key)
        for key, value in node.items():  # model_loading_config: {model_source: ...}
            if not nested and rs.norm(key) not in (*_OWN_MODEL_KEYS, *_MODEL_ARGUMENTS):
                continue  # above the scope: only a mapping that is the model's own
            if isinstance(value, dict) and "model" in rs.norm(key):
                found = find_model([(*at, key)], data)
                if found is not None:
                    return found
                inner = model_in(value) if rs.norm(key) in _OWN_MODEL_KEYS else None
                if inner is not None and (_repo_id(inner[1]) or (nested and is_ref(inner[1]))):
                    return inner[1], (*at, key, inner[0])  # `model: {name: org/m}`
    return None


def leading_model(node: Mapping[Any, Any], computed: bool = False) -> tuple[Any, Path] | None:
    """A call's first positional argument when it is a checkpoint (``LLM("org/m")``,
    ``pipeline("org/m", ...)``: the engines' Python entry points take the model first): a
    literal with a ``/`` (a Hugging Face id or a path); with ``computed`` (the call is the
    engine's, known otherwise) also a value computed at run time, which leaves the model
    unresolved rather than unnamed (``LLM(model, dtype="float16")`` in a function of ``model``:
    triton-inference-server/server@e1db8a6 qa/L0_openai/generate_engine.py)."""
    if CALL not in node:
        return None
    first = (node.get("*args") or [None])[0]
    if isinstance(first, str) and "/" in first and len(first) < 300 and " " not in first:
        return first, ("*args", 0)
    if computed and is_ref(first):
        return first, ("*args", 0)
    return None
