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

Before the Mamba radix cache (``StateSplit.ratio_since``; SGLang 0.5.2 and 0.5.3 for Qwen3-Next)
the slots were a fixed count, ``--max-mamba-cache-size``, else ``--max-running-requests``, else
512, taken out of the pool whatever it held: more than it holds leaves no KV cache ("Not enough
memory. Please try to increase --mem-fraction-static.").  A deployment that pins no release is
judged as those releases, and ``later_fits`` says when the later rule leaves room.

What is not modelled: a speculative draft's intermediate state (``spec_algorithm``: SGLang takes
``mamba_cache_per_req x max_running_requests x speculative_num_draft_tokens`` first); SGLang's
drafts other than n-gram are not judged (``Drafts.elsewhere``) anyway.
"""

from __future__ import annotations

from toplint.catalog_types import ModelSpec
from toplint.cost.enginecomm import flag, option
from toplint.engines.gpuneeds import StateSplit
from toplint.engines.registry import get_engine
from toplint.engines.release import Holds, Releases, holds
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


def fixed(dep: Deployment, model: ModelSpec, split: StateSplit) -> bool:
    """Whether the release ``dep`` runs takes a fixed count of slots for ``model`` (one that
    pins no release: judged as the earliest releases, which do: ``release.holds``)."""
    return fixed_holds(dep, model, split) is not None


def fixed_holds(dep: Deployment, model: ModelSpec, split: StateSplit) -> Holds | None:
    """The fixed count of slots as the one release rule judges it for ``dep`` (None where the
    model takes a share in every release, or the release pinned takes a share)."""
    if not split.ratio_since or model.model_type not in split.fixed_types:
        return None
    found = holds(dep, Releases(until=split.ratio_since))
    return found if found.judged else None


def slots(
    dep: Deployment, split: StateSplit, pool: float, per_request: float, fixed: bool = False
) -> int:
    """The state slots the engine allocates from ``pool`` bytes (``handle_max_mamba_cache``;
    ``fixed``: a release before the ratio, ``StateSplit.fixed_slots`` unless written)."""
    dp = max((dep.tp or 1) // max(get_engine(dep.engine).attention_tp(dep), 1), 1)
    written = count(option(dep.options, split.size_key))
    if written:
        return written // dp
    running = count(option(dep.options, split.running_key))
    if running and (fixed or flag(dep.options, split.radix_off_key)):
        return running // dp
    if fixed:
        return split.fixed_slots // dp
    given = finite(str(option(dep.options, split.ratio_key) or "").strip("'\" "))
    ratio = given if given is not None and given > 0 else split.ratio_default
    return int(pool * ratio / (1 + ratio) // per_request)


def taken(dep: Deployment, model: ModelSpec, pool: float, later: bool = False) -> tuple[int, float]:
    """The state slots the engine takes out of ``pool`` on one GPU and the bytes of each
    ((0, 0.0) where it takes none); ``later``: by the ratio of the releases after the fixed
    count, whatever ``dep`` pins."""
    split = get_engine(dep.engine).memory.state_split
    per_request = request_bytes(dep, model)
    if split is None or per_request <= 0 or pool <= 0:
        return 0, 0.0
    rigid = not later and fixed(dep, model, split)
    return slots(dep, split, pool, per_request, rigid), per_request


def kv_left(dep: Deployment, model: ModelSpec, pool: float, later: bool = False) -> float:
    """The bytes of ``pool`` (what the engine sizes its KV cache from on one GPU) the KV cache
    keeps once the recurrent state's slots are taken (below 0 where a fixed count of slots
    takes more than it holds); ``pool`` itself where the engine takes no state from it or the
    model keeps none."""
    count_, each = taken(dep, model, pool, later)
    return pool - count_ * each


def fixed_said(dep: Deployment, model: ModelSpec, pool: float) -> str:
    """The fixed count of slots the release takes, said for the user ("512 recurrent-state
    slots of 36.8 MiB (18.4 GiB) SGLang before 0.5.4 takes"); "" where the count is a share."""
    split = get_engine(dep.engine).memory.state_split
    if split is None or not fixed(dep, model, split):
        return ""
    n, each = taken(dep, model, pool)
    if n <= 0:
        return ""
    title = get_engine(dep.engine).title
    return (
        f"{n} recurrent-state slots of {each / 2**20:.1f} MiB ({n * each / 2**30:.1f} GiB) "
        f"{title} before {split.ratio_since} takes"
    )


def later_fits(
    dep: Deployment, model: ModelSpec, pool: float, per_token: float, context: int | None
) -> str:
    """For a deployment that pins no release and is judged by the fixed count: the releases
    whose ratio leaves a KV cache that holds ``context`` (any, when None), said for
    ``Memory.fits_from``; "" otherwise."""
    split = get_engine(dep.engine).memory.state_split
    found = fixed_holds(dep, model, split) if split is not None else None
    if found is None or not found.unknown:
        return ""
    kv = kv_left(dep, model, pool, later=True)
    tokens = int(kv // per_token) if kv > 0 and per_token > 0 else 0
    if tokens <= 0 or (context is not None and tokens < context):
        return ""
    return f"{found.others()} (its state slots a share of the pool)"


def refusal(dep: Deployment, model: ModelSpec, kv: float) -> str:
    """What the release says when its fixed count of slots leaves ``kv`` bytes, no KV cache
    ("" where it leaves some, or the count is a share)."""
    split = get_engine(dep.engine).memory.state_split
    if kv > 0 or split is None or not fixed(dep, model, split):
        return ""
    return split.fixed_refusal
