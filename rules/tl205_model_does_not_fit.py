"""TL205 model-does-not-fit."""

from __future__ import annotations

import math
from collections.abc import Iterator

from toplint.engines.registry import get_engine
from toplint.model import Finding, Fix, Severity
from toplint.outcome.types import GIB, Memory
from toplint.rulebook import outsidefit, stateblocks
from toplint.rulebook.helpers import finding, flag_fix, layout_fix
from toplint.rulebook.types import Rule, RuleContext

DOC = """\
## What it does
Reports the outcome's memory (`toplint.outcome.memory`; the severity policy: toplint's
docs, "Severity"): the deployment does not fit when, per GPU, the weights and the start-up
working memory leave no KV cache inside the budget the engine's own memory setting gives, or
— for vLLM, which refuses to start then — when the KV cache cannot hold one sequence of
`--max-model-len` (by default the model's whole context; under pipeline parallelism vLLM's V0
engine, before 0.9.1, keeps one KV cache per stage and one sequence must fit one).  Outcome
reported: **does not fit / refuses to start** (error); when it fits with the start-up working
memory at the low end of its band (1.4 GiB + NCCL's buffers, the smallest profile an engine
has logged in a public thread) the outcome is uncertain: **may not start** (warning).

Memory is counted in the binary GiB the driver reports (a "24 GB" card is 24 GiB), per engine:

- vLLM: `--gpu-memory-utilization` × total holds weights, working memory and KV cache; its
  default is the release's: 0.9 up to 0.19, 0.92 from 0.20, and from 0.34 1.0, the KV cache
  then sized from the memory free after start-up.  An image that pins a release is judged by
  its default; a release not known by 0.9, and when a later release's default would fit, the
  outcome depends on the release installed: **may not start** (warning);
- SGLang: `--mem-fraction-static` × total holds weights and the KV pool, the rest is left for
  activations and CUDA graphs.  The pool takes all of the fraction the weights leave (a
  `--max-total-tokens` may cap it), so a written fraction must leave what the server allocates
  after it: the fixed band, and where the server preallocates a buffer there (the 4 GiB
  symmetric-memory pool `--enable-symm-mem` takes, `SGLANG_SYMM_MEM_PREALLOC_GB_SIZE`, or
  DeepEP's) its high end is the headroom SGLang picks its own default with (activations of the
  chunked prefill or a decode server's running requests, the decode graphs' batches, DP
  attention's padding, DeepEP's buffers, at least 10 GiB on a GPU above 60 GiB), each end with
  the symmetric pool (`toplint.outcome.outside`).  That headroom alone is more than servers
  need: a written 0.8 of an H100 serves Llama 4 Maverick at TP 16 with 15.9 GiB left against
  its 17.8 GiB.  The fix is the fraction that leaves the high end;
- TGI: `--cuda-memory-fraction` (1.0) × total; its start-up warm-up (one prefill of
  `--max-batch-prefill-tokens`, before 3.0 with every prompt token's logits over the whole
  vocabulary) is its working memory's low end, and its high end where more; the warm-up
  batch's KV blocks must fit ("Not enough memory to handle N prefill tokens"; the fix is a
  smaller batch: `toplint.outcome.warmup`);
- TensorRT-LLM `free_gpu_memory_fraction` / LMDeploy `--cache-max-entry-count`: the KV cache's
  share of what the weights leave free.

Weights are the checkpoint's real bytes (a quantized checkpoint keeps embeddings and LM head in 16
bits, save an LM head a ModelOpt checkpoint quantizes, served at its group's width; 4-bit weights
carry group scales; a vision encoder toplint knows adds its 16-bit weights); working memory is the
profile run's activations, CUDA graphs and the sampler (3.5 GiB, the band's high end; 1.4 GiB its
low end) plus NCCL's buffers - on one GPU under vLLM the high end is at most what the model's own
profile run can allocate (its dummy batch and the sampler's rows of logits,
`toplint.outcome.profile`); KV per token per GPU = KV bytes per token / PP / min(TP, KV heads)
(MLA: / PP only), halved by an FP8 KV cache, 9/32 of it in vLLM's NVFP4 one.  vLLM profiles an
encoder-decoder vision model (Llama 3.2 Vision) with one maximum-size dummy image per
`--max-num-seqs` sequence in one pass: each image's attention mask, kept states and layer
activations join the working memory (`toplint.hardware.vision`), and the fix is fewer sequences.
Under pipeline parallelism vLLM's first stage also holds the input embedding and its last the LM
head (each split over TP): the fullest stage must fit.  A hybrid model's Gated DeltaNet layers
keep one block of recurrent state per running sequence out of vLLM's KV cache (the attention block
grown until its page holds a layer's state, `toplint.outcome.states`); from vLLM 0.19.0, with CUDA
graphs on, more `--max-num-seqs` (default 1024 on a GPU from 70 GiB that is not an A100, else 256)
than blocks refuses to start, and the fix is fewer sequences; where no release is pinned that is a
warning, since earlier releases start.  The blocks are known as a band: the most at the working
memory's low end, the fewest at the most a refusing release's profile run can allocate (its
sampler over one row of logits per sequence, which the fixed high end caps); sequences inside the
band are a warning that names it.  A speculative-decoding draft vLLM loads beside the target
counts too (`toplint.outcome.drafts`): an MTP draft (`--speculative-config '{"method": "mtp"}'`)
adds the checkpoint's own MTP layers (its `num_nextn_predict_layers`, Qwen3.5/3.6's
`mtp_num_hidden_layers`), split like the target's layers, to the weights, and their KV to each
token's; a `draft_model` adds the draft checkpoint at its own tensor-parallel size; an n-gram or
suffix proposer adds nothing.  A draft toplint cannot size (an EAGLE head, a checkpoint it does
not know, SGLang's draft worker) leaves a deployment that fits without it not judged.  An MTP
draft is built with an embedding and LM head of its own, given back only once the target's are
shared: while it loads, the GPU must hold them beside every weight already loaded (**does not
load**, an error; vllm-project/vllm#53887).

## Why is this bad?
vLLM refuses to start when no KV blocks fit ("No available memory for the cache blocks") or
when one `max-model-len` sequence does not ("The model's max seq len … is larger than the
maximum number of tokens that can be stored in KV cache"); SGLang stops with "Not enough
memory". DeepSeek-V3 FP8 (~690 GB) fits 8×H200 but not 8×H100, which needs 2×8 (SGLang docs).

## Example
```bash
# 1 node x 8 H100 80 GB
vllm serve deepseek-ai/DeepSeek-V3 --tensor-parallel-size 8
```

## Use instead
```bash
# 2 nodes x 8 H100
vllm serve deepseek-ai/DeepSeek-V3 --tensor-parallel-size 8 --pipeline-parallel-size 2
```

## Options
None: the engines' own settings (and their defaults) size the budget.

## Fix safety
Unsafe when it shortens the maximum context (an edit of that option, offered when the weights
fit) or lowers `--max-num-seqs` (offered when the profile's dummy images are what does not
fit).  A one-GPU layout that sees more GPUs than it uses (a container given the whole node,
the devices `CUDA_VISIBLE_DEVICES` lists, the GPUs a pod requests: InternLM/lmdeploy#3154 ran a
70B model on one of two listed H100s with no `--tp`) gets the widest tensor-parallel size over
them that starts and fits.  Otherwise, when the weights do not fit, the finding says what would:
how many such GPUs (tensor parallel within the node when the node has them and that layout
starts and fits, else pipeline stages across nodes), or what an FP8 checkpoint would take per
GPU - only on GPUs the engine runs FP8 on (natively, or as its weight-only kernels: not a V100
or T4).  More GPUs need requests and nodes a flag cannot add, so that advice is display only.

## References
- vLLM `gpu_memory_utilization`: https://github.com/vllm-project/vllm/blob/main/vllm/config/cache.py
  (default 0.92 from 0.20.0, vllm-project/vllm@b8160878f; 1.0 with the extensible KV cache from
  0.34.0, vllm-project/vllm@62d4bc3c7 `CacheConfig.resolved_gpu_memory_utilization`)
- vLLM `check_enough_kv_cache_memory` (@bbf906a8): https://github.com/vllm-project/vllm/blob/bbf906a88ba1a39104884c88c9811a4f968e4659/vllm/v1/core/kv_cache_utils.py
- SGLang `profile_max_num_token` (v0.5.8): https://github.com/sgl-project/sglang/blob/v0.5.8/python/sglang/srt/model_executor/model_runner_kv_cache_mixin.py
- SGLang's headroom outside `--mem-fraction-static` (@031ed82d): https://github.com/sgl-project/sglang/blob/031ed82d8b5ec8db9cf88cffb057c2e91c964262/python/sglang/srt/arg_groups/memory_hook.py
- Incident (SGLang decode at 0.95 with the symmetric-memory pool on GB200): https://github.com/NVIDIA/srt-slurm/issues/172
- TGI `get_cuda_free_memory` (@c09f5bc9): https://github.com/huggingface/text-generation-inference/blob/c09f5bc93071e2701e201bb374d488e4673fac3d/server/text_generation_server/utils/import_utils.py
- TGI `warmup` (v2.2.0): https://github.com/huggingface/text-generation-inference/blob/v2.2.0/server/text_generation_server/models/flash_causal_lm.py
- NCCL buffer and runtime overheads used by NVIDIA's AIConfigurator: https://github.com/ai-dynamo/aiconfigurator
- vLLM encoder-decoder `profile_run` (@01b9fe69): https://github.com/vllm-project/vllm/blob/01b9fe6977d2f0a83c1776d3bed03e8497c56fe4/vllm/worker/enc_dec_model_runner.py
- vLLM `mllama.py` vision encoder and its attention mask (@6f0b37b8): https://github.com/vllm-project/vllm/blob/6f0b37b889781873e3e766bdf24c95e2052ce081/vllm/model_executor/models/mllama.py
- Incident (Llama 3.2 Vision, default max_num_seqs): https://github.com/vllm-project/vllm/issues/9445
- vLLM's refusal for too few Mamba cache blocks (vllm-project/vllm#38270): https://github.com/vllm-project/vllm/blob/main/vllm/config/compilation.py
- Incident (Qwen3.5 in vLLM's CI, default max_num_seqs): https://github.com/vllm-project/vllm/pull/38632
- Incident (Qwen3.8-27B on an H100, default max_num_seqs): https://github.com/vllm-project/vllm/issues/49064
- vLLM `SpeculativeConfig` (@002e77c1): https://github.com/vllm-project/vllm/blob/002e77c1f0ef9b19cff8b9e21cfbd6feb3d6b443/vllm/config/speculative.py
- Incident (an MTP draft's vocabulary tables at load, vLLM 0.27.1): https://github.com/vllm-project/vllm/issues/53887
- vLLM's draft loading, shared embedding and LM head, draft KV layers (@00c4f22d): https://github.com/vllm-project/vllm/blob/00c4f22dae4795e34658bead82fa071e6bb7ae39/vllm/v1/spec_decode/llm_base_proposer.py
"""


def _budget(m: Memory, gpu: str) -> str:
    """Where the budget comes from: a fraction of the GPU (vLLM, SGLang, TGI), or the whole GPU
    when the engine's setting is the KV cache's share of what the weights leave (LMDeploy,
    TensorRT-LLM: ``MemoryAccounting.of_total``)."""
    import toplint.outcome.memory as memory  # loaded by a run that places (not at start-up)

    if memory.accounting(m.engine).of_total:
        return f"{m.setting} × {m.capacity / GIB:g} GiB {gpu}"
    share = f"{m.setting} is the KV cache's share of what the weights leave"
    return f"all {m.capacity / GIB:g} GiB of a {gpu}; {share}"


def _gib(value: float) -> str:
    return f"{value / GIB:.1f} GiB"


def check(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    outcome, placement = ctx.outcome, ctx.placement
    if outcome is None or outcome.memory is None or placement is None:
        return
    m = outcome.memory
    if m.fits and m.one_sequence_fits:  # else the earliest releases may refuse (V0's split)
        return
    gpu = placement.cluster.gpu
    need = m.weights + m.working
    # fits with the working memory at the low end of its band, or with the default setting
    # of later releases of the engine when the deployment does not say which it runs
    uncertain = m.fits_at_low_end or bool(m.fits_from)
    title = get_engine(m.engine).title
    refuses = f"{title} may refuse to start" if uncertain else f"{title} refuses to start"
    since = stateblocks.since(ctx.deployment, m)  # the first release that refuses, unpinned
    if since:
        uncertain = True
        refuses = (
            f"{title} from {since} refuses to start, earlier releases start (pin the image "
            "or package to know which runs)"
        )
    if not m.loads:  # a draft's own vocabulary tables, held while it loads, do not fit
        message = (
            f"loading needs {_gib(m.load_peak)} per GPU, more than the {_gib(m.capacity)} of "
            f"a {gpu.name}: weights {_gib(m.weights)} with the speculative-decoding draft's "
            f"({m.draft}) and, until they are swapped for the target's, the draft's own "
            f"vocabulary tables ({_gib(m.load_peak - m.weights)} with the CUDA context): "
            f'{title} runs out of memory while it loads ("CUDA out of memory")'
        )
    elif m.weights_fit and m.one_sequence_fits and m.states_fit:  # outside the fraction
        message = outsidefit.too_little(m, refuses, gpu.name)
    elif m.weights_fit and m.one_sequence_fits:  # the recurrent state's blocks are too few
        message = stateblocks.too_few(m, refuses, _budget(m, gpu.name))
    elif m.weights_fit:  # the weights fit; one sequence of the context does not
        assert m.context is not None
        message = (
            f"the KV cache holds {m.kv_tokens:,} tokens per GPU{m.caches_what} after weights "
            f"{_gib(m.weights)} + working memory {_gib(m.working)}, but {m.context_what} "
            f"{m.context:,} tokens ({m.context_from}) needs {_gib(m.context * m.kv_per_token)}"
            f"{m.windows_what}: {refuses} ({_budget(m, gpu.name)})"
        )
    else:
        if not m.working_in_budget:  # SGLang: the fraction holds weights and the KV pool
            need = m.weights
        state = f" + the {m.state_fixed}" if m.state_fixed else ""  # SGLang's fixed slots
        used = (
            f"weights {_gib(m.weights)} + working memory {_gib(m.working)} = {_gib(need)}"
            if m.working_in_budget
            else f"weights {_gib(m.weights)}{state} (working memory {_gib(m.working)} outside it)"
        )
        message = (
            f"per GPU: {used} > {_gib(m.budget)} ({_budget(m, gpu.name)}): no room for a KV "
            f"cache{_weights_of(ctx)}"
        )
    if m.working_from:
        message += f"; the working memory is {m.working_from}"
    if m.draft and m.loads:
        message += f"; the weights and KV cache hold the speculative-decoding draft's: {m.draft}"
    if m.sequences and not m.states_fit and not uncertain:
        said = stateblocks.refusal_quote(m)
        message += f' ("{said}")' if said else ""
    elif m.refusal and not uncertain and (m.working_from or m.weights_fit or m.state_fixed):
        message += f' ("{m.refusal}")'  # the engine's own words, as its log says them
    if m.profile_images:
        message += (
            f"; the working memory holds the start-up profile's {m.profile_images} dummy "
            f"images ({_gib(m.profile_images * m.profile_image_bytes)}, "
            f"{m.profile_image_bytes / 2**20:.0f} MiB each through the vision encoder: one per "
            f"sequence of {_max_num_seqs(ctx)})"
        )
    if m.fits_from:
        message += (
            f"; with {m.fits_from} it fits, so whether it starts depends on the release "
            "installed: pin the image or package, or write the setting"
        )
    elif uncertain and not since:
        message += (
            f"; with the start-up working memory at the low end of its band "
            f"({_gib(m.working_low if m.outside_fits else m.outside_need_low)}) "
            f"it fits, so whether it starts depends on the profile run"
        )
    yield finding(
        rule,
        ctx,
        _anchor(ctx, m),
        message,
        fix=_fix(ctx, m),
        severity=Severity.WARNING if uncertain else None,
        data={
            "weights_gib": m.weights / GIB,
            "working_gib": m.working / GIB,
            "budget_gib": m.budget / GIB,
            "setting": m.setting,
            "context": m.context,
            "kv_tokens_that_fit": m.kv_tokens,
        },
    )


_LEN_KEYS = ("max_model_len", "context_length", "max_seq_len", "max_total_tokens")
_UTIL_KEYS = ("gpu_memory_utilization", "mem_fraction_static", "cuda_memory_fraction")


def _anchor(ctx: RuleContext, m: Memory) -> str:
    if not m.loads:  # the draft's tables at load: the setting that asks for the draft
        found = [k for k in ctx.deployment.sources if k.startswith("speculative")]
        return found[0] if found else "tp"
    keys = (*_LEN_KEYS, *_UTIL_KEYS) if m.weights_fit else _UTIL_KEYS
    warm = get_engine(m.engine).memory.warmup
    if warm is not None and (m.working_from or m.weights_fit):  # the warm-up does not fit
        keys = (*warm.keys, *keys)
    return next((k for k in keys if k in ctx.deployment.sources), "tp")


def _weights_of(ctx: RuleContext) -> str:
    """The model and bytes per weight the figure is for, and where each was read when not from
    the engine's plain model option (a URI, a download command; a quantization setting)."""
    model, dep = ctx.model, ctx.deployment
    if model is None:
        return ""
    how = dep.options.get("model.from")
    where = f" read from {how}" if how else ""
    return f"; {dep.model}{where} at {model.weight_bytes:g} bytes per weight"


def _max_num_seqs(ctx: RuleContext) -> str:
    value = ctx.deployment.options.get("max_num_seqs")
    return f"--max-num-seqs {value}" if value is not None else "--max-num-seqs (default 256)"


def _fewer_images(ctx: RuleContext, m: Memory) -> Fix | None:
    """Fewer sequences when the profile's dummy images are what does not fit: the most (a power
    of two) whose images leave the weights, the rest of the working memory and one sequence's
    KV cache inside the budget."""
    if not m.profile_images or m.profile_image_bytes <= 0 or not m.working_in_budget:
        return None
    rest = m.working - m.profile_images * m.profile_image_bytes
    kv = (m.context or 0) * m.kv_per_token
    room = m.budget - m.weights - rest - kv
    most = int(room // m.profile_image_bytes)
    if most < 1:
        return None
    images = 2 ** int(math.log2(most))
    return flag_fix(f"--max-num-seqs {images}", {"max-num-seqs": str(images)})


def _warm_up_fix(ctx: RuleContext, m: Memory) -> Fix | None:
    """For an engine whose start-up warm-up does not fit (TGI): the smaller warm-up batch that
    does (``toplint.outcome.fitting``)."""
    from toplint.outcome.fitting import warm_up_batch  # loaded by a run that places

    gpu = ctx.placement.cluster.gpu.name if ctx.placement is not None else ""
    changes = warm_up_batch(ctx.deployment, ctx.model, m.capacity / GIB, gpu)
    if not changes:
        return None
    flags = {k.replace("_", "-"): str(v) for k, v in changes.items()}
    return flag_fix(" ".join(f"--{k} {v}" for k, v in flags.items()), flags)


def _fix(ctx: RuleContext, m: Memory) -> Fix | str:
    """A shorter context when the weights fit (vLLM); otherwise what would fit, with numbers."""
    dep = ctx.deployment
    if not m.loads:  # no setting of the engine's shrinks what loading holds
        return "more GPUs for tensor parallelism (each holds a share of the tables), or no draft"
    lower = outsidefit.fraction(m) if m.weights_fit and not m.outside_fits else ""
    if lower and m.one_sequence_fits and m.states_fit:  # the weights fit the smaller fraction
        return flag_fix(f"--mem-fraction-static {lower}", {"mem-fraction-static": lower})
    fewer = _fewer_images(ctx, m)
    if fewer is not None:
        return fewer
    warm = _warm_up_fix(ctx, m)
    if warm is not None:
        return warm
    seqs = _fewer_sequences(ctx, m)
    if m.weights_fit and m.one_sequence_fits and seqs:
        return flag_fix(f"--max-num-seqs {seqs['max-num-seqs']}", seqs)
    if m.weights_fit and m.one_sequence_tokens >= 1024:
        tokens = str(m.one_sequence_tokens // 1024 * 1024)
        also = f" --max-num-seqs {seqs['max-num-seqs']}" if seqs else ""
        flag = next((f for f in reversed(dep.flags) if f.name.replace("-", "_") in _LEN_KEYS), None)
        if flag is not None:
            return flag_fix(f"--{flag.name} {tokens}{also}", {flag.name: tokens, **seqs})
        key = next((k for k in _LEN_KEYS if k in dep.options), None)
        if key is not None:  # set in an engine config file: say what to write there
            return f"{key}: {tokens}"
        return flag_fix(f"--max-model-len {tokens}{also}", {"max-model-len": tokens, **seqs})
    from toplint.rulebook.fitadvice import what_would_fit  # a deployment that does not fit

    return _all_visible(ctx) or what_would_fit(ctx, m)


def _fewer_sequences(ctx: RuleContext, m: Memory) -> dict[str, str]:
    """Fewer running sequences than a hybrid model's recurrent-state blocks, when there are more
    (``toplint.outcome.fitting.fewer_sequences``); none otherwise.  A shorter context leaves the
    blocks as they are: the KV cache's size does not depend on it."""
    if m.states_fit or ctx.placement is None:
        return {}
    from toplint.outcome.fitting import fewer_sequences  # loaded by a run that places

    gpu = ctx.placement.cluster.gpu.name
    seqs = fewer_sequences(ctx.deployment, ctx.model, m.capacity / GIB, gpu)
    return {"max-num-seqs": str(seqs)} if seqs else {}


def _all_visible(ctx: RuleContext) -> Fix | None:
    """A one-GPU layout that could use more GPUs than it does: a container that sees the whole
    node (TGI under ``--gpus all`` runs one shard: ``toplint.engines.tgi.derive``), or the GPUs
    a variable lists or the deployment requests (``CUDA_VISIBLE_DEVICES=3,4`` with no ``--tp``:
    InternLM/lmdeploy#3154).  Shard over them (judged like every fix: offered only when it
    starts and fits)."""
    dep, cluster = ctx.deployment, ctx.cluster
    if cluster is None or (dep.world_size or 1) > 1:
        return None
    usable = dep.options.get("gpus_visible") == "all" or dep.options.get("gpus_usable") == "node"
    if usable:
        gpus, note = cluster.gpus_per_node, f"it sees all {cluster.gpus_per_node} GPUs of the node"
    elif (dep.gpus or 0) > 1:
        listed = dep.options.get("gpus_from")
        gpus = dep.gpus or 0
        note = f"the {gpus} GPUs {listed} lists" if listed else f"the {gpus} GPUs it requests"
    else:
        return None
    model = ctx.model
    if model is None:
        return None
    import toplint.outcome.judge as judging  # loaded by a run that places

    for tp in (t for t in range(gpus, 1, -1) if gpus % t == 0):  # the widest that runs
        if judging.judge(dep, ctx.outcome, cluster, model, ctx.workload, tp=tp).outcome.runs:
            return layout_fix(dep.engine, tp=tp, note=note)
    return None


RULE = Rule(
    code="TL205",
    name="model-does-not-fit",
    summary="The weights, working memory and one sequence's KV cache exceed the engine's memory.",
    severity=Severity.ERROR,
    check=check,
    doc=DOC,
    fix_safety="unsafe",
    origin=__file__,
    accelerators="gpu",
)
