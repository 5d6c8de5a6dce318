"""SGLang (sgl-project/sglang): ``python -m sglang.launch_server``, ``sglang serve``.

Vocabulary: ``toplint.engines.sglang_options``, the options of sglang 0.5.5.post3 and 0.5.15.post1
(plain argparse: no underscore rewriting, allow_abbrev on, so ``--tp`` is a unique prefix of
``--tp-size``); semantics from ``ServerArgs.__post_init__`` and ``_handle_a2a_moe``
(../shared/reference/engine-vocabulary.md §2).
"""

from __future__ import annotations

from toplint.engines import dynamo, sglang_dp, swift
from toplint.engines.gpuneeds import (
    Drafts,
    FallbackReleases,
    MemoryAccounting,
    OutsideReserve,
    StateSplit,
)
from toplint.engines.layout import planned
from toplint.engines.sglang_options import ALIASES, OPTIONS, RETIRED
from toplint.engines.sglang_windows import WINDOW_POOL
from toplint.engines.types import AllToAll, Engine, EngineSpec, Image, Launch, Layout, Refusal
from toplint.engines.versions import image_repository, image_tag
from toplint.infra.numbers import whole_text
from toplint.model import Deployment
from toplint.record import replace

# SGLang's own image: its tag is the release (``latest``: the newest, ``_latest``).
IMAGES = (Image("lmsysorg/sglang"),)

CLI = EngineSpec(
    name="sglang",
    options=OPTIONS,
    aliases={
        "--model": "model-path",
        "--tensor-parallel-size": "tp-size",
        "--pipeline-parallel-size": "pp-size",
        "--data-parallel-size": "dp-size",
        "--expert-parallel-size": "ep-size",
        "--ep": "ep-size",  # a size in SGLang (vLLM's -ep is a boolean)
        "--nccl-init-addr": "dist-init-addr",
        "--speculative-draft-model": "speculative-draft-model-path",
        **ALIASES,
    },
    fields={
        "model-path": "model",
        "tp-size": "tp",
        "pp-size": "pp",
        "dp-size": "dp",
        "ep-size": "ep",
        "nnodes": "nodes",
    },
    underscores_are_dashes=False,
    config_options=("config",),
    release="0.5.5.post3",  # a newer image: an unknown option is TL005 info (engines.release)
    retired=RETIRED,  # options of earlier releases: toplint.parse.retired
)

DYNAMO = dynamo.worker(CLI, "", "use-sglang-tokenizer")

# MoE all-to-all backends that force ep_size = tp_size (engine-vocabulary.md §2,
# server_args.py `_handle_a2a_moe`), and the deprecated flags that do the same.
EP_EQUALS_TP = frozenset({"deepep", "mooncake", "ascend_fuseep", "megamoe", "deepep_v2"})
_EP_EQUALS_TP_FLAGS = ("enable-ep-moe", "enable-deepep-moe")


def _to_int(text: str) -> int | None:
    return whole_text(text.strip().strip("'\""), -(1 << 63))


def derive(dep: Deployment) -> Deployment:
    """A2A backends and the deprecated MoE flags force EP = TP; with --enable-dp-attention the
    DP ranks live inside the TP group (GPUs = TP, not TP x DP): ``attention_dp`` keeps them."""
    opts = dict(dep.options)
    sources = dict(dep.sources)
    ep = dep.ep
    forcing = next(
        (
            f
            for f in reversed(dep.flags)
            if (f.name == "moe-a2a-backend" and f.value in EP_EQUALS_TP)
            or (f.name in _EP_EQUALS_TP_FLAGS and f.value == "true")
        ),
        None,
    )
    unresolved = dep.unresolved
    if forcing is not None:
        ep = dep.tp
        if ep is not None:
            sources["ep"] = forcing.position
        else:  # EP is TP, and TP is not known: EP is unresolved through it (not invalid)
            unresolved += tuple(replace(u, field="ep") for u in dep.unresolved if u.field == "tp")
    dp = dep.dp
    dp_flag = dep.flag("dp-size")
    attn = sglang_dp.attention_groups(dep)
    if attn is not None:  # 0.5.22's --attn-dp-size: DP attention spelt anew
        dp, more = sglang_dp.spelt_anew(dep, attn, opts)
        unresolved += more
    elif opts.get("enable_dp_attention") == "true":
        dp = 1  # the DP ranks live inside the TP group; their degree is ``by_release``'s
    elif dp_flag is not None and dp_flag.value is not None:
        dp = _to_int(dp_flag.value)
    enabled = ep is not None and ep > 1
    return replace(
        dep,
        ep=ep,
        dp=dp,
        ep_enabled=enabled,
        options=opts,
        sources=sources,
        unresolved=unresolved,
    )


def by_release(dep: Deployment, release: tuple[int, int, int] | None) -> Deployment:
    """The DP-attention degree SGLang runs with --enable-dp-attention, by release
    (``sglang_dp.degree``: the TP size up to 0.4.4, --dp-size after; 1, DP attention off, from
    0.5.2 without one, and so for a release not known); and ``nccl_cumem_off``: SGLang sets
    NCCL_CUMEM_ENABLE to ``str(int(server_args.enable_symm_mem))`` (sgl-project/sglang@001067ff
    python/sglang/srt/entrypoints/engine.py ``_set_envs_and_config``; TL215)."""
    off = "false" if dep.flag("enable-symm-mem") is not None else "true"
    options = {**dep.options, "nccl_cumem_off": off}
    if dep.options.get("enable_dp_attention") == "true":
        options["attention_dp"] = sglang_dp.degree(dep, release, latest=_latest(dep))
    return replace(dep, options=options)


def refuses(dep: Deployment, release: tuple[int, int, int] | None) -> Refusal | None:
    """The DP-attention sizes the release refuses to start with (``sglang_dp.refusal``)."""
    return sglang_dp.refusal(dep, release, LAYOUT, latest=_latest(dep))


def _latest(dep: Deployment) -> bool:
    """Whether the deployment runs SGLang's own image at ``latest`` (written, or no tag, which
    Docker reads as ``latest``): the newest release, whatever its number."""
    image = str(dep.options.get("image", ""))
    if not image or "@" in image or image_tag(image).lower() not in ("", "latest"):
        return False
    return image_repository(image) in {i.repository for i in IMAGES}


def attention_dp(dep: Deployment) -> int:
    """DP attention degree: --dp-size with --enable-dp-attention (attention TP = tp / dp);
    ``derive`` keeps it in ``options["attention_dp"]`` and sets DP to 1."""
    if "attention_dp" in dep.options:
        return _to_int(str(dep.options["attention_dp"])) or 1
    switch = dep.options.get("enable_dp_attention", dep.options.get("enable-dp-attention"))
    if str(switch).strip("'\"").lower() in ("true", "1", "yes", "on"):
        return max(dep.dp or 1, 1)
    return 1


# ms-swift's `swift deploy --infer_backend sglang` (toplint.engines.swift): its settings for
# SGLang (``SglangArguments.get_sglang_engine_kwargs``, modelscope/ms-swift@ff512877
# swift/arguments/infer_args.py).
SWIFT_SGLANG = swift.deploy(
    "sglang",
    {
        "sglang-tp-size": "tp",
        "sglang-pp-size": "pp",
        "sglang-dp-size": "dp",
        "sglang-ep-size": "ep",
        "sglang-mem-fraction-static": "mem_fraction_static",
        "sglang-context-length": "context_length",
        "sglang-quantization": "quantization",
        "sglang-kv-cache-dtype": "kv_cache_dtype",
        "sglang-enable-dp-attention": "enable_dp_attention",
        "sglang-disable-custom-all-reduce": "disable_custom_all_reduce",
        "torch-dtype": "dtype",
    },
)


LAYOUT = Layout(
    tp="--tp-size",
    pp="--pp-size",
    dp="--dp-size",
    ep="--ep-size",
    nodes="--nnodes",
    node_rank="--node-rank",
    attention_dp="--enable-dp-attention",
)


def command(model: str, tp: int, pp: int, dp: int, ep: int, nodes: int) -> str:
    """``toplint plan``: --tp-size is the total across --nnodes (vocabulary §2)."""
    parts = ("python -m sglang.launch_server", f"--model-path {model}")
    return " ".join(p for p in (*parts, planned(LAYOUT, tp, pp, dp, ep, nodes)) if p)


# --quantization values -> bytes per weight as served (sglang/srt/server_args.py
# QUANTIZATION_CHOICES; the same methods as vLLM's plus SGLang's W8A8 and W4AFP8 kernels).
QUANTIZATION_BYTES = {
    "fp8": 1.0,
    "w8a8_fp8": 1.0,
    "w8a8_int8": 1.0,
    "modelopt": 1.0,
    "awq": 0.5,
    "awq_marlin": 0.5,
    "gptq": 0.5,
    "gptq_marlin": 0.5,
    "marlin": 0.5,
    "bitsandbytes": 0.5,
    "modelopt_fp4": 0.5,
    "w4afp8": 0.5,
    "mxfp4": 0.5,
}

ENGINE = Engine(
    name="sglang",
    title="SGLang",
    cli=CLI,
    quantization_option="quantization",
    quantization_bytes=QUANTIZATION_BYTES,
    # FP8 on Ampere (SM80-SM88) runs as weight-only W8A16 Marlin kernels: sgl-project/sglang#8990
    # ("Auto enable Marlin for supported archs", fp8_utils.py ``can_auto_enable_marlin_fp8``:
    # 80 <= sm < 89; its review tested it on 2025-08-27, after 0.5.1, so from 0.5.2).  Its MoE
    # experts went on stopping in the Triton fused-MoE kernel with "type fp8e4nv not supported
    # in this architecture" (sgl-project/sglang#12887, 2025-11; #18875, 2026-02, on 0.5.9) until
    # the fused-MoE Marlin path (#30681, 2026-07; sgl-project/sglang@00563d36 fp8.py
    # ``Fp8MoEMethod``: ``use_marlin = force_marlin or can_auto_enable_marlin_fp8()``), whose
    # first release is not known here.
    low_precision_fallback={"fp8": frozenset({"ampere"})},
    low_precision_releases=FallbackReleases(
        since={"fp8": "0.5.2"},
        moe_until={"fp8": "0.5.9"},
        moe_note={
            "fp8": "MoE experts need its fused-MoE Marlin kernel, which releases through 0.5.9 "
            "lack (sgl-project/sglang#12887, #18875: 'type fp8e4nv not supported in this "
            "architecture')"
        },
    ),
    # SGLang's TP all-reduce uses its custom all-reduce kernel (adapted from vLLM's;
    # python/sglang/srt/distributed/device_communicators/custom_all_reduce.py, enabled by
    # model_runner ``set_custom_all_reduce(not disable_custom_all_reduce)``), with torch
    # symmetric memory and MSCCL++ as opt-in alternatives (--enable-torch-symm-mem,
    # --enable-mscclpp) and NCCL as the fallback.
    allreduce="sglang-custom",
    allreduce_options={"disable_custom_all_reduce": "nccl"},
    # NVIDIA NIM runs SGLang when NIM_USE_SGLANG=1 (k8s-nim-operator multi-node samples)
    runs_in=("nim-sglang",),
    layout=LAYOUT,
    # Pipeline parallelism (--pp-size) came with sgl-project/sglang#5724 ("[PP] Add pipeline
    # parallelism"): the PyPI wheels' sglang/srt/server_args.py has ``pp_size: int = 1`` and
    # "--pp-size" from 0.4.6.post2, none in 0.4.6.post1 or 0.4.3.post2, where argparse refuses
    # the flag.  A release read as three numbers takes 0.4.6 for all six 0.4.6 releases, four of
    # which have it (as sglang_dp's phases do for 0.4.4).
    dimensions_since={"pp": "0.4.6"},
    launches=(Launch(("sglang", "serve"), "sglang"),),
    platform_launches=(swift.launch("sglang"),),
    modules={
        "sglang.launch_server": "sglang",
        dynamo.module("sglang"): DYNAMO.name,
        dynamo.module("sglang") + ".worker": DYNAMO.name,
    },
    # lmsysorg/sglang images have no engine ENTRYPOINT (the command names the server).
    images=IMAGES,
    packages=("sglang",),
    wrappers=(DYNAMO, SWIFT_SGLANG),
    env_prefixes=("SGLANG_",),
    # python/sglang/srt/entrypoints/openai/ (``OpenAIServingChat``, protocol.py's models); lang/,
    # clients of a server or an API, its backends re-exported by __init__.py ("SGL Backends")
    frontend_modules=("sglang.srt.entrypoints.openai", "sglang.lang", "sglang:RuntimeEndpoint"),
    derive=derive,
    by_release=by_release,
    refuses=refuses,
    # MiMoV2's loader: ``expected_fused_tp_size % tp_size`` over the attention TP, raising
    # "MiMoV2 fused qkv_proj checkpoint is TP=N-interleaved" (sgl-project/sglang@0397405f
    # python/sglang/srt/models/mimo_v2.py load_mimo_v2_qkv_proj_weight)
    presharded_qkv_divides=True,
    attention_dp=attention_dp,
    ep_layout="inside_tp",
    all_to_all=AllToAll(
        key="moe_a2a_backend",
        default="none",
        flag="--moe-a2a-backend",
        sparse="deepep",
        backends={
            "none": "allreduce",
            "deepep": "deepep-mode",
            "deepep_v2": "unmodelled",
            "pplx": "pplx",
            "mooncake": "sends",
            "nixl": "sends",
            "mori": "sends",
            "flashinfer": "sends",
            "megamoe": "unmodelled",
            "ascend_fuseep": "unmodelled",
            "ascend_tp": "unmodelled",
        },
        backends_source="sgl-project/sglang python/sglang/srt/server_args.py moe_a2a_backend "
        "choices (2026 snapshot)",
    ),
    redundant_experts="--ep-num-redundant-experts {n}",  # server_args.py (vocabulary §2)
    plan_command=command,
    memory=MemoryAccounting(
        keys=("mem_fraction_static",),
        graphs_off=("disable_cuda_graph", "disable_decode_cuda_graph"),  # server_args.py
        weights_inside=True,
        context_keys=("context_length",),
        # the KV pool is what is free after the weights less (1 - fraction) of the total, so
        # memory another process holds comes out of it; none left is "Not enough memory"
        beside="leaves",
        beside_source="sgl-project/sglang@v0.5.8 python/sglang/srt/model_executor/"
        "model_runner_kv_cache_mixin.py profile_max_num_token (rest_memory = "
        "available_gpu_memory - total_gpu_memory * (1 - mem_fraction_static))",
        source="sgl-project/sglang@v0.5.8 python/sglang/srt/model_executor/"
        "model_runner_kv_cache_mixin.py profile_max_num_token L111-144",
        window_pool=WINDOW_POOL,  # SWAKVPool (toplint.engines.sglang_windows)
        offload_key="cpu_offload_gb",  # --cpu-offload-gb (model_runner.py @01cc04e2)
        # a Mamba-2 / Gated DeltaNet model's state slots come out of the KV pool's memory first
        state_split=StateSplit(
            ratio_key="mamba_full_memory_ratio",
            ratio_default=0.9,
            size_key="max_mamba_cache_size",
            radix_off_key="disable_radix_cache",
            running_key="max_running_requests",
            source="sgl-project/sglang@001ccef0 python/sglang/srt/model_executor/"
            "model_runner_kv_cache_mixin.py profile_max_num_token, handle_max_mamba_cache; "
            "python/sglang/srt/server_args.py ServerArgs.mamba_full_memory_ratio (0.9; a later "
            "release's resolvable field falls back to 0.9); "
            "python/sglang/srt/configs/mamba_utils.py mamba_cache_per_req; before 0.5.4: "
            "sglang 0.5.2 and 0.5.3 sglang/srt/model_executor/model_runner.py "
            "ModelRunner.__init__ (is_hybrid_gdn: max_mamba_cache_size), "
            "profile_max_num_token, init_memory_pool",
            # 0.5.2 and 0.5.3 (the PyPI wheels' sglang/srt/model_executor/model_runner.py:
            # ``is_hybrid_gdn``, Qwen3NextForCausalLM and its MTP, turns the radix cache off
            # and sets max_mamba_cache_size to --max-running-requests or 512, which
            # profile_max_num_token takes out of rest_memory before the KV tokens; none left
            # is "Not enough memory. Please try to increase --mem-fraction-static.").  The
            # ratio came with the Mamba radix cache (sgl-project/sglang#11214, October 2025),
            # read in 0.5.5.post3; 0.5.4 is not read and is taken to have it (the rule that
            # refuses less).
            ratio_since="0.5.4",
            fixed_types=("qwen3_next",),
            fixed_slots=512,
            fixed_refusal="Not enough memory. Please try to increase --mem-fraction-static.",
        ),
        # A draft (--speculative-algorithm EAGLE, EAGLE3, NEXTN, STANDALONE ...) runs in its own
        # worker after the target's: its KV pool is sized to the target's tokens plus headroom
        # (``draft_runner_cache_size``), with its own layers, from what is then free, not from
        # the target's budget; NGRAM loads no model (NGRAMWorker).
        drafts=Drafts(
            flat=("speculative_algorithm", "speculative_draft_model_path", ""),
            methods=(("ngram", "none"),),
            elsewhere="SGLang's draft worker takes its weights and its own KV pool (sized to "
            "the target's tokens) after the target's pool, outside --mem-fraction-static's "
            "budget, which toplint does not model",
            source="sgl-project/sglang@001ccef0 python/sglang/srt/model_executor/"
            "model_runner_kv_cache_mixin.py profile_max_num_token, init_memory; "
            "python/sglang/srt/speculative/spec_info.py SpeculativeAlgorithm",
        ),
        # The headroom SGLang picks its default --mem-fraction-static with: reserved_mem = 512 + 1.5
        # x max(chunked prefill, 2048) (a decode server: its running requests x draft tokens) + tp x
        # pp / 8 x 1024 + 2 x the decode graphs' largest batch (+ 3 and, above 300, 1.5 more x batch
        # x DP size with DP attention), at least 10 GiB on a GPU above 60 GiB, + 2 GiB for DeepEP's
        # buffers; chunked prefill and the graphs' batch default by GPU memory and TP;
        # --enable-symm-mem preallocates SGLANG_SYMM_MEM_PREALLOC_GB_SIZE (4 GiB unset) after the
        # graphs, outside the fraction too (model_runner prealloc_symmetric_memory_pool).
        outside=OutsideReserve(
            prefill_defaults=(
                (20, 2048, 8, 8),
                (35, 2048, 24, 80),
                (60, 4096, 32, 160),
                (90, 8192, 256, 512),
                (160, 8192, 256, 512),
                (float("inf"), 16384, 512, 512),
            ),
            graph_tp_split=4,
            base_mib=512,
            per_token_mib=1.5,
            min_tokens=2048,
            per_graph_batch_mib=2,
            per_rank_mib=1024 / 8,
            dp_attention_mib=3,
            dp_attention_large_batch=300,
            dp_attention_large_mib=1.5,
            floor_above_gib=60,
            floor_mib=10 * 1024,
            deepep_mib=2 * 1024,
            symm_key="enable_symm_mem",
            symm_env="SGLANG_SYMM_MEM_PREALLOC_GB_SIZE",
            symm_default_gib=4,
            source="sgl-project/sglang@031ed82d python/sglang/srt/arg_groups/memory_hook.py "
            "_handle_gpu_memory_settings, reserve_for_graph_mb, reserve_for_deepep_a2a_mb; "
            "python/sglang/srt/environ.py SGLANG_SYMM_MEM_PREALLOC_GB_SIZE",
        ),
    ),
    # VocabParallelEmbedding (adapted from vLLM's) pads to DEFAULT_VOCAB_PADDING_SIZE = 64 and
    # splits with divide(padded, tp_size) on GPUs (only the CPU path pads further); under DP
    # attention the embedding is replicated and the LM head may use the attention-TP group
    # (sgl-project/sglang@04d5e392 python/sglang/srt/layers/vocab_parallel_embedding.py).
    vocab_padding=64,
    served="toplint.engines.sglang_served",
)
