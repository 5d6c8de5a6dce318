"""A speculative-decoding draft's memory on one GPU, as the engine takes it (issue 25).

The engine's reading of its options (``toplint.engines.gpuneeds.Drafts``: vLLM's
``toplint.engines.vllm.drafts``, SGLang's) says which method is configured and what it loads:

- nothing (n-gram, suffix): the draft changes nothing;
- the target's own multi-token-prediction layers (vLLM ``"method": "mtp"``): the checkpoint's
  ``ModelSpec.mtp_layers`` decoder layers, each split over the GPUs like the target's layers
  (vLLM builds the MTP draft with the target's parallel config; ``toplint.hardware.hfmtp``
  counts one), at the checkpoint's bytes per weight (16 bits where its quantization leaves
  them out); each keeps a KV cache like one of the target's attention layers.  While it
  loads, the draft also holds vocabulary tables of its own (split over TP like the target's,
  in 16 bits as ``toplint.outcome.weights`` counts the target's) until they are swapped for
  the target's: ``transient``, which must fit the GPU beside everything already loaded;
- a whole draft checkpoint (vLLM ``draft_model``): its weights and its KV per token at the
  target's tensor-parallel size, one pipeline stage, no expert parallelism (vLLM's
  ``create_draft_parallel_config`` sets only TP).  A ``draft_tensor_parallel_size`` other than
  the target's is not judged: releases differ (vllm-project/vllm@01dd981d
  vllm/v1/spec_decode/draft_model.py loads the draft with the target's parallel config; later
  ``DraftModelProposer`` refuses a different size, "'draft_tensor_parallel_size' and
  'tensor_parallel_size' must be the same").

In an engine whose draft is ``pooled`` (vLLM) its weights join the target's before the KV cache
is sized and its KV bytes per token join the pool's per-token cost.  What cannot be resolved
- a method whose loading is not read, a draft checkpoint toplint does not know, a checkpoint
whose MTP layers its config.json does not count, an engine that takes a draft's memory another
way - leaves the draft ``unjudged``, with the reason; it is never guessed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from toplint.catalog_types import ModelSpec
from toplint.cost.enginecomm import option
from toplint.engines.gpuneeds import Drafts
from toplint.engines.registry import get_engine
from toplint.hardware.models import lookup_model
from toplint.model import Deployment
from toplint.outcome.profile import count
from toplint.outcome.weights import kv_per_token, layer_bytes, weights_per_gpu
from toplint.record import record, replace

TABLE_BYTES = 2.0  # a vocabulary table's bytes per weight (VocabParallelEmbedding: 16-bit)


@record
class Draft:
    """The draft of one deployment, on its fullest GPU."""

    what: str  # for the user: "1 MTP layer of the checkpoint (16-bit)"
    weights: float  # bytes
    kv_per_token: float  # KV bytes one token takes in the draft's layers
    unjudged: str = ""  # why its memory is not known ("" when it is)
    transient: float = 0.0  # bytes held while it loads and given back (its own vocab tables)


def draft(dep: Deployment, model: ModelSpec, kv_per_token: float) -> Draft | None:
    """The speculative-decoding draft ``dep`` configures (None: none); ``kv_per_token`` is the
    target's KV bytes per token on one GPU (``toplint.outcome.weights.kv_per_token``)."""
    reading = get_engine(dep.engine).memory.drafts
    if reading is None:
        return None
    fields = _fields(dep, reading)
    if fields is None:
        return None
    if isinstance(fields, str):
        return _unjudged("", fields)
    method, name, tp = fields
    kind = reading.kind(method)
    if kind == "none":
        return Draft(f"the {method} proposer (no draft weights)", 0.0, 0.0)
    if not reading.pooled:
        return _unjudged(method, reading.elsewhere)
    if kind is None:
        return _unjudged(method, f"what the {method} method loads is not read")
    if kind == "own_layers":
        return _own_layers(dep, model, kv_per_token, method, name, tp)
    return _model(dep, model, method, name, tp)


def configured(dep: Deployment) -> bool:
    """Whether ``dep`` writes any of its engine's draft settings, in any spelling the engine
    reads: the JSON option, one of its fields (``--speculative-config.num_speculative_tokens``)
    or a flag of its own; a proposer that loads nothing, or a configuration toplint cannot
    read, included."""
    reading = get_engine(dep.engine).memory.drafts
    if reading is None:
        return False
    if any(
        option(dep.options, key) is not None for key in (reading.config_key, *reading.flat) if key
    ):
        return True
    dotted = f"{reading.config_key}." if reading.config_key else ""
    return bool(dotted) and any(n.replace("-", "_").startswith(dotted) for n in dep.options)


def _unjudged(method: str, why: str) -> Draft:
    return Draft(f"a draft ({method})" if method else "a draft", 0.0, 0.0, why)


def _fields(dep: Deployment, reading: Drafts) -> tuple[str, str, str] | str | None:
    """The method, the draft checkpoint and its TP as written (the method as the engine names
    it when only a checkpoint is written); None when no draft is configured; a reason when the
    configuration cannot be read."""
    written = _config(dep, reading)
    if isinstance(written, str):
        return written
    values = [
        str(written.get(key) or (option(dep.options, flat) if flat else None) or "").strip()
        for key, flat in zip(reading.keys, reading.flat, strict=True)
    ]
    method, name, tp = values
    if not method and not name:
        return None
    if not method:
        lowered = name.lower()
        named = (m for piece, m in reading.named if piece in lowered)
        method = next(named, reading.model_only)
    return method.lower(), name, tp


def _config(dep: Deployment, reading: Drafts) -> Mapping[str, Any] | str:
    """The engine's draft object: the JSON option, with its fields written one by one laid
    over it (``--speculative-config.method mtp``); a reason when the JSON cannot be read."""
    if not reading.config_key:
        return {}
    text = option(dep.options, reading.config_key)
    found: dict[str, Any] = {}
    if text is not None:
        import json  # only a deployment that writes the draft's JSON option reads JSON

        try:
            value = json.loads(str(text).strip().strip("'"))
        except ValueError:
            return f"--{_flag(reading.config_key)} is not JSON toplint can read"
        if not isinstance(value, Mapping):
            return f"--{_flag(reading.config_key)} is not a JSON object"
        found.update(value)
    for key in reading.keys:
        dotted = dep.options.get(f"{reading.config_key}.{key}") if key else None
        if dotted is not None:
            found[key] = dotted
    return found


def _flag(key: str) -> str:
    return key.replace("_", "-")


def _draft_tp(dep: Deployment, written: str) -> int | None:
    """The draft's TP: the one written (vLLM takes 1 or the target's), else the target's."""
    target = max(dep.tp or 1, 1)
    if not written:
        return target
    tp = count(written)
    return tp if tp in (1, target) else None


def _own_layers(
    dep: Deployment, model: ModelSpec, kv_per_token: float, method: str, name: str, tp: str
) -> Draft:
    """The target checkpoint's MTP layers as vLLM loads them (module docstring)."""
    if name and name != dep.model:
        return _unjudged(method, f"its draft checkpoint {name} is not the target's")
    if model.mtp_layers <= 0 or model.mtp_params <= 0:
        return _unjudged(method, f"{model.id}'s config.json gives no MTP layers toplint reads")
    if (dep.pp or 1) > 1:
        return _unjudged(method, "under pipeline parallelism the draft loads its own embedding")
    if _draft_tp(dep, tp) != max(dep.tp or 1, 1):
        return _unjudged(method, f"a draft tensor-parallel size of {tp} is not modelled")
    engine = get_engine(dep.engine)
    per = 2.0 if model.mtp_16bit else layer_bytes(model)
    layer = model.mtp_params / engine.attention_tp(dep)
    layer += model.mtp_expert_params / engine.experts_over(dep)
    attention_layers = model.attention_layers or max(model.num_layers - model.state_layers, 1)
    n = model.mtp_layers
    width = "16-bit" if model.mtp_16bit else f"{per:.2g} byte{'' if per == 1 else 's'} a weight"
    return Draft(
        f"{n} MTP layer{'s' if n != 1 else ''} of the checkpoint ({width})",
        n * layer * per,
        n * kv_per_token / attention_layers,
        transient=model.mtp_table_params * TABLE_BYTES / engine.attention_tp(dep),
    )


def _model(dep: Deployment, model: ModelSpec, method: str, name: str, tp: str) -> Draft:
    """A whole draft checkpoint from the catalog at its own TP, one pipeline stage."""
    spec = lookup_model(name, hf_cache=False) if name else None
    if spec is None:
        return _unjudged(method, f"its draft checkpoint {name or '(none named)'} is not known")
    size = max(dep.tp or 1, 1)
    if _draft_tp(dep, tp) != size:
        return _unjudged(method, f"a draft tensor-parallel size of {tp} is not modelled")
    alone = replace(dep, tp=size, pp=1, dp=1, ep=1, ep_enabled=False, model=name)
    return Draft(
        f"the draft model {spec.id} at TP {size}",
        weights_per_gpu(spec, alone),
        kv_per_token(spec, alone),
    )
