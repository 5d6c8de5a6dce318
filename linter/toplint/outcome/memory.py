"""Memory per GPU as each engine accounts it (in the binary GiB the driver reports).

Weights and KV bytes per token are ``toplint.outcome.weights``'s, with a speculative-decoding
draft's added where the engine loads it beside the target and pools its KV layers with the
target's (``toplint.outcome.drafts``).  Start-up working memory is
aiconfigurator's (cost-model.md §6 rule 7): 3.5 GiB for the profile run's activations, CUDA
graphs and the sampler, plus NCCL's buffers (0.342 GiB at 2 ranks, 0.392 GiB from 4).  What
each engine's memory setting means, from its own source (each engine module's
``Engine.memory``, ``toplint.engines.gpuneeds.MemoryAccounting``):

- vLLM ``--gpu-memory-utilization`` (0.9; 0.92 from 0.20.0; 1.0 from 0.34.0, where the KV
  cache is sized from the memory free after start-up: ``MemoryAccounting.defaults_since``): a
  fraction of *total* memory for weights, working memory and KV cache (vllm-project/vllm
  vllm/config/cache.py; engine-vocabulary.md §1); at
  start-up the KV cache must hold one ``--max-model-len`` sequence (default: the model's
  context) or the engine refuses ("To serve at least one request with the models's max seq
  len ... larger than the available KV cache memory": vllm/v1/core/kv_cache_utils.py
  ``check_enough_kv_cache_memory`` @bbf906a8).
- SGLang ``--mem-fraction-static``: weights and the KV pool share that fraction of total, the
  rest is left for activations and CUDA graphs: ``rest_memory = available_gpu_memory -
  total_gpu_memory * (1 - mem_fraction_static)`` (sgl-project/sglang
  python/sglang/srt/model_executor/model_runner_kv_cache_mixin.py @v0.5.8 L111-144); no KV
  left is "Not enough memory".  Its default is chosen per GPU (≈0.9, engine-vocabulary.md §2);
  a long context is capped to the pool, not refused.
- TGI ``--cuda-memory-fraction`` (1.0): ``free = free_now - (1 - fraction) * total``
  (huggingface/text-generation-inference server/text_generation_server/utils/import_utils.py
  ``get_cuda_free_memory`` @c09f5bc9); the KV cache takes the free memory after warm-up.
- TensorRT-LLM ``free_gpu_memory_fraction`` (0.9) and LMDeploy ``--cache-max-entry-count``
  (0.8): the KV cache's share of the memory *free after the weights* (engine-vocabulary.md
  §3; InternLM/lmdeploy docs), so the weights may use all of it.

A vision-language checkpoint whose vision encoder toplint knows (``toplint.hardware.vision``)
adds the encoder's 16-bit weights, and - in an engine whose profile run has been read
(``MemoryAccounting.profile_images_key``) - the dummy images that run pushes through the
encoder at once: vLLM's encoder-decoder profile, one per ``--max-num-seqs`` sequence.
"""

from __future__ import annotations

from toplint.catalog_types import ModelSpec
from toplint.cost.enginecomm import option
from toplint.engines.gpuneeds import MemoryAccounting
from toplint.engines.registry import get_engine
from toplint.engines.release import pinned, version
from toplint.hardware.vision import VisionEncoder, encoder_of
from toplint.infra.numbers import finite
from toplint.model import Deployment
from toplint.outcome import states, statesplit, virtual, windows
from toplint.outcome.drafts import Draft, draft
from toplint.outcome.lengths import AUTO_CONTEXT, context_length
from toplint.outcome.profile import CONTEXT_GIB
from toplint.outcome.profile import high_end as profile_high_end
from toplint.outcome.statesplit import fixed_said, kv_left, later_fits
from toplint.outcome.towers import vision_weights
from toplint.outcome.types import GIB, Memory
from toplint.outcome.warmup import WarmUpNeeds
from toplint.outcome.warmup import context as warm_up_context
from toplint.outcome.warmup import needs as warm_up
from toplint.outcome.warmup import refusal as warm_up_refusal
from toplint.outcome.warmup import working as warm_up_working
from toplint.outcome.weights import kv_per_token as kv_per_token
from toplint.outcome.weights import offloaded
from toplint.outcome.weights import stage_layers as stage_layers
from toplint.outcome.weights import weight_bytes as weight_bytes
from toplint.outcome.weights import weights_per_gpu as weights_per_gpu

WORKING_GIB = 3.5  # activations of the profile run, CUDA graphs, sampler (§6 rule 7)
# The low end of the start-up working memory's band: the smallest profile vLLM itself has
# logged in a public thread - 1.09 GiB of activations at 2,048-token chunks + 0.35 GiB
# non-torch (Llama-3.1-8B on an RTX 3090, vllm-project/vllm#10517), where a 72B model's
# profile took 2.51 + 0.34 GiB (vllm-project/vllm#16570).  A layout that fits only at this end
# may or may not start: TL205 says so as a warning, not an error.
WORKING_LOW_GIB = 1.4


def accounting(engine: str) -> MemoryAccounting:
    """The engine's own memory accounting (``Engine.memory``)."""
    return get_engine(engine).memory


def _number(value: str | None) -> float | None:
    if value is None:
        return None
    text = str(value).strip().strip("'\"").lower()
    scale = 1024.0 if text.endswith("k") else 1.0
    number = finite(text.rstrip("k"))  # never nan, inf, 1e400 or "１２"
    return None if number is None else number * scale


def working_band(
    dep: Deployment, model: ModelSpec, gpu_memory_gib: float, warm: WarmUpNeeds | None = None
) -> tuple[float, float]:
    """The start-up working memory's band on one GPU of ``dep`` (low, high bytes), NCCL's
    buffers included.  For an engine that warms up (TGI) the low end is its warm-up's
    (``toplint.outcome.warmup``) and the high end that where it is more.  Where the engine's
    profile run has been read, the high end on one GPU is the most this model's run can
    allocate (``toplint.outcome.profile``) when that is below the fixed band's high end,
    never below its low end.  Across GPUs the high end stays the fixed one: what the profile
    charges outside PyTorch beside NCCL (custom all-reduce buffers, each rank's own) was logged
    from 0.2 to 2.1 GiB at TP 4-8 (benchmarks/data/vllm_profile_logs.yaml, development half),
    which nothing here models.  ``warm``: the warm-up's needs when the caller has found them
    (``memory`` finds them once), else found here."""
    if warm is None:
        warm = warm_up(dep, model)
    low, high = WORKING_LOW_GIB * GIB, WORKING_GIB * GIB
    if _ranks(dep) == 1 and accounting(dep.engine).profile is not None:
        bound = profile_high_end(dep, model, gpu_memory_gib, _started_context(dep, model))
        high = high if bound is None else max(low, min(high, bound))
    if warm is not None and warm.needs:
        # the engine's own warm-up, read from its source, is the low end (the fixed one is
        # the least vLLM's profile has logged), and the high end where it is more
        low = warm.low if warm.complete else low
        high = max(high, warm.high)
    return low + _nccl(dep), high + _nccl(dep)


def working_low(dep: Deployment) -> float:
    """The low end of the start-up working memory's band on one GPU of ``dep`` (bytes), NCCL's
    buffers included."""
    return WORKING_LOW_GIB * GIB + _nccl(dep)


def _ranks(dep: Deployment) -> int:
    return (dep.tp or 1) * (dep.pp or 1)


def _nccl(dep: Deployment) -> float:
    """NCCL's buffers on one GPU: 0.342 GiB at 2 ranks, 0.392 GiB from 4 (§6 rule 7)."""
    ranks = _ranks(dep)
    return (0.0 if ranks < 2 else 0.342 if ranks == 2 else 0.392) * GIB


def _started_context(dep: Deployment, model: ModelSpec) -> int:
    """The context the engine is started with: the one written, else the model's (0: not
    known, or fitted to the KV cache)."""
    written = _written_context(dep, accounting(dep.engine))
    if written == AUTO_CONTEXT:
        return 0
    return written or model.max_context


def _written_context(dep: Deployment, acc: MemoryAccounting) -> int | None:
    """The context length written for the engine (``AUTO_CONTEXT`` for "auto"); None when
    none, or none that reads as one, is written."""
    given = option(dep.options, *acc.context_keys) if acc.context_keys else None
    written = None if given is None else context_length(given)
    return written if written == AUTO_CONTEXT or (written is not None and written > 0) else None


def _kv_bytes(
    acc: MemoryAccounting, capacity: float, fraction: float, weights: float, working: float
) -> float:
    """The KV cache the engine allocates, by its own accounting."""
    if not acc.of_total:  # the KV cache takes a fraction of what the weights leave free
        return (capacity - weights - working) * fraction
    if acc.weights_inside:  # SGLang: weights + KV pool inside the fraction
        return min(capacity * fraction - weights, capacity - weights - working)
    return capacity * fraction - weights - working


def profile_images(dep: Deployment, model: ModelSpec) -> tuple[int, float]:
    """Dummy images the engine's start-up profile pushes through the vision encoder at once,
    and the peak bytes each takes on one GPU; (0, 0) when not modelled."""
    acc, encoder = accounting(dep.engine), encoder_of(model)
    if encoder is None or not acc.profile_images_key or encoder.profile_images != "max_num_seqs":
        return 0, 0.0
    written = _number(option(dep.options, acc.profile_images_key))
    images = int(written) if written is not None and written >= 1 else acc.profile_images_default
    return images, _image_bytes(encoder, dep)


def _image_bytes(encoder: VisionEncoder, dep: Deployment) -> float:
    return encoder.image_bytes(2.0, dep.tp or 1)  # the encoder runs in 16 bits


def memory_setting(dep: Deployment, release: str = "") -> tuple[float, str]:
    """The fraction ``dep``'s engine sizes its memory by, and the setting as the user reads
    it (``--gpu-memory-utilization 0.9 (default)``).  Unwritten, it is the default of the
    release the image pins (``MemoryAccounting.defaults_since``); of a release not known, the
    earliest releases' default, said as such; ``release``: judge as that release instead
    (one of the releases a deployment that pins none may run)."""
    acc = accounting(dep.engine)
    written = next((k for k in acc.keys if option(dep.options, k) is not None), None)
    fraction = _number(option(dep.options, *acc.keys)) if written else None
    name = f"--{(written or acc.keys[0]).replace('_', '-')}"
    if fraction is not None and 0 < fraction <= 1:
        return fraction, f"{name} {fraction:g}"
    default, since = _default(dep, acc, release)
    if since:
        return default, f"{name} {default:g} (the default from {_title(dep)} {since})"
    if acc.defaults_since and pinned(dep) is None and not release:
        first = acc.defaults_since[0][0]
        return default, f"{name} {default:g} (the default before {_title(dep)} {first})"
    return default, f"{name} {default:g} (default)"


def _title(dep: Deployment) -> str:
    return get_engine(dep.engine).title


def _default(dep: Deployment, acc: MemoryAccounting, release: str = "") -> tuple[float, str]:
    """The engine's default setting for the release the image pins (or ``release``), and the
    release that introduced it ("" for the earliest default, and for a release not known)."""
    at = version(release) if release else pinned(dep)
    chosen = (acc.default, "")
    if at is None:
        return chosen
    for since, value, _what in acc.defaults_since:
        if at >= (version(since) or (0, 0, 0)):
            chosen = (value, since)
    return chosen


def _later_default_fits(
    dep: Deployment,
    acc: MemoryAccounting,
    capacity: float,
    weights: float,
    working: float,
    per_token: float,
    context: int | None,
    window: float,
) -> str:
    """For an unwritten setting of a release not known that does not fit by the earliest
    default: the first later release whose default fits (with the working memory at the high
    end of its band, so that only a release, not also a profile run, is in doubt, and one
    sequence's ``window`` bytes of window layers out of the KV cache, as at the earliest
    default), said for the user; "" when none does or the release is known."""
    written = any(option(dep.options, k) is not None for k in acc.keys)
    if written or not acc.defaults_since or pinned(dep) is not None:
        return ""
    for since, value, what in acc.defaults_since:
        kv = _kv_bytes(acc, capacity, value, weights, working) - window
        tokens = int(kv // per_token) if kv > 0 and per_token > 0 else 0
        if tokens > 0 and (context is None or tokens >= context):
            meaning = f": {what}" if what else ""
            name = acc.keys[0].replace("_", "-")
            return f"the default of {_title(dep)} {since} and later (--{name} {value:g}{meaning})"
    return ""


def memory(dep: Deployment, model: ModelSpec, gpu_memory_gib: float, gpu: str = "") -> Memory:
    """Per-GPU memory of ``dep`` on GPUs of ``gpu_memory_gib`` (named ``gpu``: an engine's
    defaults may depend on it) as its engine accounts it."""
    acc = accounting(dep.engine)
    fraction, setting = memory_setting(dep)
    capacity = gpu_memory_gib * GIB
    images, per_image = profile_images(dep, model)
    own = kv_per_token(model, dep)
    spec = draft(dep, model, own) or Draft("", 0.0, 0.0)
    body = weights_per_gpu(model, dep)  # less what --cpu-offload-gb keeps in CPU memory
    weights = body - offloaded(model, dep, body) + vision_weights(model, dep) + spec.weights
    warm = warm_up(dep, model)  # once: the band, the context and the notes read it
    low, high = working_band(dep, model, gpu_memory_gib, warm)
    working, working_low = high + images * per_image, low + images * per_image
    budget = capacity * fraction if acc.of_total else capacity
    # a hybrid model's recurrent state takes its share first where the engine sizes it so
    pool = _kv_bytes(acc, capacity, fraction, weights, working)
    context, source = _context(dep, model, acc, warm)
    left, per_token = kv_left(dep, model, pool), own + spec.kv_per_token
    full, window, doubt = windows.doubt(dep, model, context, left, per_token)
    per_token += full  # window layers at full length, or one sequence's window beside
    kv = left - window
    kv_low = kv_left(dep, model, _kv_bytes(acc, capacity, fraction, weights, working_low))
    kv_low -= window
    tokens = int(kv // per_token) if kv > 0 and per_token > 0 else 0
    tokens_low = int(kv_low // per_token) if kv_low > 0 and per_token > 0 else 0
    working_from = warm_up_working(dep, warm, WORKING_GIB * GIB)
    fits_from = doubt  # fits only if the engine keeps its window cache on
    if not fits_from and (tokens <= 0 or (context is not None and tokens < context)):
        fits_from = _later_default_fits(
            dep, acc, capacity, weights, working, per_token, context, window
        )
    if not fits_from and (tokens <= 0 or (context is not None and tokens < context)):
        fits_from = later_fits(dep, model, pool, per_token, context)  # SGLang's state slots
    caches, one_from = virtual.caches(dep)  # V0's pipeline stages each keep a KV cache
    if not fits_from and one_from and context is not None and tokens // caches < context <= tokens:
        fits_from = f"{one_from} (one KV cache per GPU, not one per pipeline stage)"
    state = _States(dep, model, gpu_memory_gib, gpu, own)
    state_working = (  # only a hybrid model's paging asks for the profile run's bound
        working
        if state.paged is None
        else state.working_high(
            _started_context(dep, model), working, _nccl(dep) + images * per_image
        )
    )
    return Memory(
        engine=dep.engine,
        setting=setting,
        capacity=capacity,
        budget=budget,
        weights=weights,
        working=working,
        kv_per_token=per_token,
        kv_tokens=tokens,
        context=context,
        context_from=source,
        working_in_budget=not acc.weights_inside,
        kv_tokens_low=tokens_low,
        working_low=working_low,
        profile_images=images,
        profile_image_bytes=per_image,
        fits_from=fits_from,
        context_what=f"{_title(dep)}'s start-up warm-up batch of"
        if context is not None and warm is not None
        else "one sequence of",
        working_from=working_from,
        refusal=warm_up_refusal(dep, warm) or statesplit.refusal(dep, model, kv),
        state_blocks=state.blocks(_kv_bytes(acc, capacity, fraction, weights, state_working)),
        state_blocks_low=state.blocks(kv_low),
        state_working=state_working,
        sequences=state.seqs,
        sequences_from=state.seqs_from,
        draft=spec.what,
        draft_unjudged=spec.unjudged,
        load_peak=weights + spec.transient + CONTEXT_GIB * GIB + _nccl(dep)
        if spec.transient
        else 0.0,
        caches=caches,
        caches_what=virtual.said(dep, tokens, caches),
        caches_known=not one_from,
        state_fixed=fixed_said(dep, model, pool),
        windows_what=windows.said(dep, model, bool(doubt)),
        **_outside(dep, acc, capacity, fraction, weights, per_token, (low, high)),
    )


def _outside(
    dep: Deployment,
    acc: MemoryAccounting,
    capacity: float,
    fraction: float,
    weights: float,
    per_token: float,
    band: tuple[float, float],
) -> dict[str, float]:
    """What the engine allocates outside a fraction that holds only weights and KV pool, and
    the room it has there (``toplint.outcome.outside``); nothing when not read, or when the
    fraction is not written: SGLang then picks it as (total - this headroom) / total."""
    if acc.outside is None or not acc.weights_inside or option(dep.options, *acc.keys) is None:
        return {}  # not read, or not written: the engine then picks the fraction that keeps it
    import toplint.outcome.outside  # loaded by the engines that read it (SGLang's headroom)

    outside_of = toplint.outcome.outside
    symm = outside_of.symmetric_pool(dep, acc.outside)
    high = band[1]
    if outside_of.preallocates(dep, acc.outside):  # the engine's own estimate, with them
        high = max(high, outside_of.headroom(dep, acc.outside, capacity))
    return {
        "outside": outside_of.room(dep, capacity, fraction, weights, per_token),
        "outside_need": high + symm,
        "outside_need_low": band[0] + symm,
        "outside_symm": symm,
    }


class _States:
    """A hybrid model's recurrent-state paging in one deployment (``toplint.outcome.states``):
    the blocks a KV cache holds, the working memory the fewest assume, the sequences run."""

    def __init__(self, dep: Deployment, model: ModelSpec, gpu_gib: float, gpu: str, own: float):
        self.dep, self.model, self.gpu_gib = dep, model, gpu_gib
        self.paged = states.paged(dep, model)
        self.per_block = states.block_bytes(dep, model, own) if self.paged else 0.0
        picked = states.sequences(dep, self.paged, gpu_gib, gpu) if self.paged else (0, "")
        self.seqs, self.seqs_from = picked

    def blocks(self, kv: float) -> int:
        """Blocks a KV cache of ``kv`` bytes holds; -1 when the paging is not judged."""
        return states.blocks(kv, self.per_block) if self.paged is not None else -1

    def working_high(self, context: int, working: float, beside: float) -> float:
        assert self.paged is not None
        return states.working_high(
            self.dep, self.model, self.paged, self.gpu_gib, context, working, beside, self.seqs
        )


def _context(
    dep: Deployment, model: ModelSpec, acc: MemoryAccounting, warm: WarmUpNeeds | None
) -> tuple[int | None, str]:
    """Tokens one sequence must fit at start-up, for an engine that refuses otherwise; for an
    engine that warms up (TGI), the tokens its warm-up batch's KV blocks hold."""
    if acc.warmup is not None:
        return warm_up_context(dep, warm)
    if not acc.refuses_long_context:
        return None, ""
    written = _written_context(dep, acc)
    if written == AUTO_CONTEXT:
        return None, ""  # the engine fits the context to the KV cache
    if written is not None:
        return written, "--" + acc.context_keys[0].replace("_", "-")
    if model.max_context > 0:
        with_given = " with the --hf-overrides given" if model.context_overridden else ""
        return model.max_context, f"the model's default context{with_given}"
    return None, ""
