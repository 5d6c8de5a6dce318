"""The KV pool an engine leaves a hybrid model once its per-request recurrent state has taken
its share of the memory (``MemoryAccounting.state_split``).

SGLang sizes one pool of state slots beside the KV pool of a model with Mamba-2 or Gated
DeltaNet layers, out of the same memory (sgl-project/sglang@001ccef0
python/sglang/srt/model_executor/model_runner_kv_cache_mixin.py ``profile_max_num_token``:
``rest_memory = self.handle_max_mamba_cache(rest_memory)`` before ``rest_memory // cell_size``
KV tokens). ``handle_max_mamba_cache`` takes ``--max-mamba-cache-size`` slots when written
(divided over the DP-attention ranks); else, with ``--disable-radix-cache``, one per
``--max-running-requests`` when written; else it solves ``state + kv == rest`` and ``state / kv
== --mamba-full-memory-ratio`` (0.9 by default: ``ServerArgs.mamba_full_memory_ratio``) for the
state's memory and fills it with whole slots. A slot is one request's state in every linear
layer of the stack (python/sglang/srt/configs/mamba_utils.py
``BaseLinearStateParams.mamba_cache_per_req``: the convolution's and the SSM's bytes times
``len(self.layers)``, @02e208de; all the linear layers whatever the pipeline stage:
python/sglang/srt/configs/qwen3_next.py @041bacd3 ``layers=self.linear_layer_ids``), each layer
holding its attention-TP rank's heads (``Mamba2StateShape.create``, with the groups added when
TP does not divide them, as ``toplint.outcome.states.rank_state`` counts). With the default
ratio the KV cache gets 1 / 1.9 of what it would hold without the state: toplint counted about
twice the KV tokens SGLang allocates before this was modelled.

What is not modelled: a speculative draft's intermediate state (``spec_algorithm``: SGLang takes
``mamba_cache_per_req x max_running_requests x speculative_num_draft_tokens`` first); SGLang's
drafts other than n-gram are not judged (``Drafts.elsewhere``) anyway.
"""

from __future__ import annotations

from toplint.catalog_types import ModelSpec
from toplint.cost.enginecomm import flag, option
from toplint.engines.gpuneeds import StateSplit
from toplint.engines.registry import get_engine
from toplint.infra.numbers import finite
from toplint.model import Deployment
from toplint.outcome.profile import count
from toplint.outcome.states import rank_state


def request_bytes(dep: Deployment, model: ModelSpec) -> float:
    """One request's recurrent state on one GPU of ``dep`` (a slot), every state layer of the
    stack; 0 for a model that keeps none."""
    if model.state_layers <= 0 or model.state_bytes <= 0:
        return 0.0
    attention_tp = max(get_engine(dep.engine).attention_tp(dep), 1)
    return model.state_layers * rank_state(model, attention_tp)


def slots(dep: Deployment, split: StateSplit, pool: float, per_request: float) -> int:
    """The state slots the engine allocates from ``pool`` bytes (``handle_max_mamba_cache``)."""
    dp = max((dep.tp or 1) // max(get_engine(dep.engine).attention_tp(dep), 1), 1)
    written = count(option(dep.options, split.size_key))
    if written:
        return written // dp
    running = count(option(dep.options, split.running_key))
    if running and flag(dep.options, split.radix_off_key):
        return running // dp
    given = finite(str(option(dep.options, split.ratio_key) or "").strip("'\" "))
    ratio = given if given is not None and given > 0 else split.ratio_default
    return int(pool * ratio / (1 + ratio) // per_request)


def kv_left(dep: Deployment, model: ModelSpec, pool: float) -> float:
    """The bytes of ``pool`` (what the engine sizes its KV cache from on one GPU) the KV cache
    keeps once the recurrent state's slots are taken; ``pool`` itself where the engine takes
    no state from it or the model keeps none."""
    split = get_engine(dep.engine).memory.state_split
    per_request = request_bytes(dep, model)
    if split is None or per_request <= 0 or pool <= 0:
        return pool
    return pool - slots(dep, split, pool, per_request) * per_request
