"""Does the engine start: its own validation of a layout against the model.

- attention heads divide by the attention-TP size (vLLM ``ModelConfig.verify_with_parallel_config``
  "Total number of attention heads must be divisible by tensor parallel size"; SGLang asserts
  the same), KV heads divide by TP or TP by KV heads (they are replicated then);
- routed experts divide by the EP size (vLLM ``FusedMoE``; SGLang ``ep_size``);
- no more pipeline stages than layers (vLLM ``get_pp_indices``; cost-model.md §6 rule 4);
- the engine has the dimension (TGI has no pipeline parallelism: engine-vocabulary.md §4).

Each problem is said in the user's words; rules TL202/TL204/TL207/TL210 report them with their
own anchors, and a fix is judged by whether its outcome starts.
"""

from __future__ import annotations

from toplint.catalog_types import ModelSpec
from toplint.engines.registry import get_engine
from toplint.model import Deployment


def problems(dep: Deployment, model: ModelSpec | None) -> tuple[str, ...]:
    out: list[str] = []
    engine = get_engine(dep.engine)
    tp, pp = max(dep.tp or 1, 1), max(dep.pp or 1, 1)
    if pp > 1 and "pp" not in engine.dimensions:
        out.append(f"{engine.title} has no pipeline parallelism")
    if model is None:
        return tuple(out)
    attention_tp = max(tp // max(engine.attention_dp(dep), 1), 1)
    if model.num_attention_heads % attention_tp:
        out.append(
            f"{model.num_attention_heads} attention heads do not divide by tensor-parallel "
            f"size {attention_tp}"
        )
    kv = model.num_kv_heads
    if not model.mla and kv and kv % attention_tp and attention_tp % kv:
        out.append(f"{kv} KV heads and tensor-parallel size {attention_tp} do not divide")
    ep = dep.ep or 1
    if model.is_moe and ep > 1 and model.num_experts % ep:
        out.append(f"{model.num_experts} experts do not divide by expert-parallel size {ep}")
    if pp > model.num_layers:
        out.append(f"{pp} pipeline stages for {model.num_layers} layers")
    return tuple(out)
