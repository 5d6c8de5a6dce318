"""TensorRT-LLM (NVIDIA/TensorRT-LLM): ``trtllm-serve [serve] MODEL``, its LLM-API YAML.

Vocabulary: tensorrt_llm/commands/serve.py @00209af (click: options exactly as declared, no
prefixes, underscores kept); ``--extra_llm_api_options``/``--config`` name an LLM-API YAML that
is applied over the command line (``update_llm_args_with_extra_options``: the file wins)
(../shared/reference/engine-vocabulary.md §3).
"""

from __future__ import annotations

from toplint.engines import dynamo
from toplint.engines.built import BuildPipeline
from toplint.engines.gpuneeds import MemoryAccounting
from toplint.engines.types import (
    Engine,
    EngineSpec,
    Image,
    Launch,
    Layout,
    options,
)
from toplint.model import Deployment, Position, Unresolved
from toplint.optionkeys import BUILT_FROM
from toplint.record import replace

_V = """
tokenizer custom_tokenizer host port backend custom_module_dirs log_level max_beam_width
max_batch_size
max_num_tokens max_seq_len tensor_parallel_size pipeline_parallel_size context_parallel_size
moe_expert_parallel_size moe_cluster_parallel_size gpus_per_node free_gpu_memory_fraction
num_postprocess_workers revision extra_llm_api_options config reasoning_parser tool_parser
metadata_server_config_file server_role otlp_traces_endpoint disagg_cluster_uri
media_io_kwargs chat_template served_model_name
"""

_F = "trust_remote_code enable_chunked_prefill fail_fast_on_attention_window_too_large grpc"

# LLM-API keys of the YAML that set Deployment fields (tensorrt_llm/llmapi/llm_args.py).
LLMAPI_FIELDS = {
    "model": "model",
    "tensor_parallel_size": "tp",
    "pipeline_parallel_size": "pp",
    "moe_expert_parallel_size": "ep",
    "gpus_per_node": "gpus_per_node",
}

CLI = EngineSpec(
    name="trtllm",
    options=options(_V, _F),
    aliases={
        "--tp_size": "tensor_parallel_size",
        "--pp_size": "pipeline_parallel_size",
        "--cp_size": "context_parallel_size",
        "--ep_size": "moe_expert_parallel_size",
        "--cluster_size": "moe_cluster_parallel_size",
        "--kv_cache_free_gpu_memory_fraction": "free_gpu_memory_fraction",
    },
    fields={
        "model": "model",
        "tensor_parallel_size": "tp",
        "pipeline_parallel_size": "pp",
        "moe_expert_parallel_size": "ep",
        "gpus_per_node": "gpus_per_node",
    },
    underscores_are_dashes=False,
    allow_abbrev=False,
    config_options=("extra_llm_api_options", "config"),
    config_overrides_cli=True,
    strict_config_keys=False,
    config_fields=LLMAPI_FIELDS,
    # serve.py @00209af is not tied to a release in the vocabulary's sources: none claimed.
    release="",
)

# `python -m dynamo.trtllm`: Dynamo's own dash-spelled options (components/backends/trtllm
# args.py), the engine settings in the --extra-engine-args LLM-API YAML.
DYNAMO = EngineSpec(
    name="dynamo-trtllm",
    options=options(
        dynamo.COMMON
        + """ model-path served-model-name tensor-parallel-size pipeline-parallel-size
        expert-parallel-size kv-block-size gpus-per-node max-batch-size max-num-tokens
        max-seq-len max-beam-width free-gpu-memory-fraction extra-engine-args
        override-engine-args disaggregation-mode disaggregation-strategy modality
        encode-endpoint allowed-local-media-path max-file-size-mb reasoning-parser
        tool-call-parser next-endpoint""",
        "enable-attention-dp publish-events-and-metrics",
    ),
    fields={
        "model-path": "model",
        "tensor-parallel-size": "tp",
        "pipeline-parallel-size": "pp",
        "expert-parallel-size": "ep",
        "gpus-per-node": "gpus_per_node",
    },
    underscores_are_dashes=False,
    engine="trtllm",
    config_options=("extra-engine-args",),
    config_overrides_cli=True,
    strict_config_keys=False,
    config_fields=LLMAPI_FIELDS,
)

# The offline pipeline: ``convert_checkpoint.py --tp_size T --pp_size P`` (argparse defaults
# 1 and 1) writes a checkpoint whose config.json ``mapping`` is ``Mapping(world_size=tp_size *
# pp_size, tp_size, pp_size)`` (examples/llama/convert_checkpoint.py @04a2cacb; every model's
# example alike, and examples/quantization/quantize.py with the same flags), ``trtllm-build
# --checkpoint_dir CKPT --output_dir ENGINE`` one engine per rank from it; the LLM API serving
# the engine (trtllm-serve) takes its sizes and refuses a written size other than 1 or the
# engine's (tensorrt_llm/llmapi/llm_args.py ``_load_config_from_engine`` @fcd3f316).
BUILD = BuildPipeline(
    converters=("convert_checkpoint.py", "quantize.py"),
    builder="trtllm-build",
    sizes=(("tp", "tp_size"), ("pp", "pp_size")),
    model_flag="model_dir",
    refusal="{flag} {written} is not consistent with the engine's {flag} {built}",
    source="NVIDIA/TensorRT-LLM@04a2cacb examples/llama/convert_checkpoint.py; "
    "@fcd3f316 tensorrt_llm/llmapi/llm_args.py _load_config_from_engine",
)

_ATTENTION_DP_KEYS = ("enable_attention_dp", "enable-attention-dp")  # LLM-API key, Dynamo flag


def derive(dep: Deployment) -> Deployment:
    return replace(dep, ep_enabled=dep.ep is not None and dep.ep > 1)


# trtllm-serve's TensorRT backend serves a folder of engines at the sizes trtllm-build gave it:
# the LLM API takes them from the engine's config and refuses a written size other than 1 or
# the engine's (tensorrt_llm/llmapi/llm_args.py ``_load_config_from_engine`` @fcd3f316).  It is
# the backend `--backend tensorrt` (or `trt`) names, and the default before 1.0: 0.17-0.21 ran
# PyTorch only through ``tensorrt_llm._torch.LLM`` (docs 0.21.0 torch.html), 1.0 made PyTorch
# the default and moved the engine flow to ``tensorrt_llm._tensorrt_engine.LLM`` (docs
# 1.0.0rc2 and 1.1.0rc3 torch.html).  A local folder served there, with no size written and no
# build of it in the file (``toplint.parse.builtengine``), runs sizes the file does not say: an
# engine built elsewhere at TP 4 is not TP 1.
TRT_BACKENDS = frozenset({"tensorrt", "trt"})
PYTORCH_DEFAULT_FROM = (1, 0, 0)


def by_release(dep: Deployment, release: tuple[int, int, int] | None) -> Deployment:
    """TP and PP unresolved where the TensorRT backend serves a local folder that may be an
    engine built outside the file (above); the deployment as read otherwise."""
    backend = str(dep.options.get("backend", "")).strip("'\"").lower()
    trt = backend in TRT_BACKENDS or (
        not backend and release is not None and release < PYTORCH_DEFAULT_FROM
    )
    model = (dep.model or "").strip().rstrip("/")
    if (
        not trt
        or model[:1] not in ("/", ".", "~")
        or {"tp", "pp"} & dep.sources.keys()
        or BUILT_FROM in dep.options
        or any(u.variable == model for u in dep.unresolved)
    ):
        return dep
    at = dep.sources.get("model") or Position(dep.path, dep.line, dep.column)
    why = (
        "served by the TensorRT backend, which runs an engine folder at the sizes trtllm-build "
        "gave it, and no build of it is in this file; write --tp_size and --pp_size as built"
    )
    gone = tuple(Unresolved(f, model, at, why=why) for f in ("tp", "pp"))
    return replace(dep, tp=None, pp=None, unresolved=dep.unresolved + gone)


def attention_dp(dep: Deployment) -> int:
    """``enable_attention_dp``: every TP rank runs attention on its own requests (attention TP
    1, weights replicated; docs/source/features/parallel-strategy.md "Attention Data
    Parallelism"), so the attention-DP degree is the TP size."""
    for key in _ATTENTION_DP_KEYS:
        value = str(dep.options.get(key, "")).strip("'\"").lower()
        if value in ("true", "1", "yes", "on"):
            return dep.tp or 1
    return 1


# LLM-API quant_config.quant_algo -> bytes per weight (tensorrt_llm/quantization/mode.py
# QuantAlgo: W4* are 4-bit weights, W8*/FP8* 8-bit, NVFP4 4-bit).
QUANTIZATION_BYTES = {
    "fp8": 1.0,
    "fp8_block_scales": 1.0,
    "fp8_per_channel_per_token": 1.0,
    "w8a16": 1.0,
    "w8a8_sq_per_channel": 1.0,
    "w8a16_gptq": 1.0,
    "w4a16": 0.5,
    "w4a16_awq": 0.5,
    "w4a16_gptq": 0.5,
    "w4a8_awq": 0.5,
    "nvfp4": 0.5,
}

ENGINE = Engine(
    name="trtllm",
    title="TensorRT-LLM",
    cli=CLI,
    quantization_option="quant_config.quant_algo",
    quantization_bytes=QUANTIZATION_BYTES,
    # FP8 is an Ada/Hopper precision (support matrix 0.18.2: Ampere "FP32, FP16, BF16, INT8,
    # INT4"); FP4 is Blackwell's ("The default PyTorch backend supports FP4 and FP8 quantization
    # on the latest Blackwell and Hopper GPUs", features/quantization.md).
    low_precision_fallback={"fp8": frozenset(), "fp4": frozenset()},
    # MXFP4 experts (gpt-oss): the CUTLASS MoE backend's weight-only method runs on SM90 only
    # ("WFP4A16 MoE is unsupported on SM{sm_version}", NVIDIA/TensorRT-LLM@a98a9061
    # tensorrt_llm/_torch/modules/fused_moe/quantization.py ``WFP4A16FusedMoEMethod``; refused
    # on an L4, NVIDIA/TensorRT-LLM#6717); Blackwell serves them through the TRTLLM-Gen
    # kernels (``MXFP4WeightTRTLLMGenFusedMoEMethod``), so only GPUs below 9.0 are judged.
    quant_min_capability={"mxfp4": 9.0},
    quant_floor_errors={"mxfp4": "WFP4A16 MoE is unsupported on SM{sm}"},
    # TensorRT-LLM's AllReduce op defaults to AllReduceStrategy.AUTO, which chooses between its
    # own kernels (cpp/tensorrt_llm/kernels/customAllReduceKernels, dispatched in
    # cpp/tensorrt_llm/thop/allreduceOp.cpp) and NCCL per message; "trtllm-custom" names that
    # family, which the cost model prices.
    allreduce="trtllm-custom",
    layout=Layout(
        tp="--tp_size",
        pp="--pp_size",
        ep="--ep_size",
        config_note="enable_attention_dp: true in the --extra_llm_api_options YAML",
    ),
    launches=(
        Launch(("trtllm-serve", "serve"), "trtllm"),
        # `trtllm-serve grpc MODEL`: the same engine behind a gRPC front end (its options are a
        # subset of serve's, with the short size spellings)
        Launch(("trtllm-serve", "grpc"), "trtllm"),
        Launch(
            ("trtllm-serve",),
            "trtllm",
            not_serving=frozenset(
                {"disaggregated", "disaggregated_mpi_worker", "mm_embedding_serve"}
            ),
        ),
    ),
    modules={dynamo.module("trtllm"): DYNAMO.name},
    # NGC release images have no engine ENTRYPOINT (nvcr.io/nvidia/tensorrt-llm/release).
    # Triton's TensorRT-LLM container, ``tritonserver:<yy.mm>-trtllm-python-py3``, is the one
    # that ships the engine's backend (triton-inference-server/tensorrtllm_backend@0b9d7d5a
    # README.md "Launch the container"); its other tags (``-py3``, ``-vllm-python-py3``) do not.
    images=(
        Image("nvidia/tensorrt-llm/release"),
        Image("nvidia/tritonserver", release_tag=False, tag_flavour="trtllm"),
    ),
    packages=("tensorrt-llm", "tensorrt_llm"),
    wrappers=(DYNAMO,),
    derive=derive,
    by_release=by_release,
    attention_dp=attention_dp,
    dimensions=frozenset({"tp", "pp", "ep"}),
    ep_layout="inside_tp",
    # trtllm-serve on several nodes runs under srun/mpirun with one MPI rank per GPU
    # (examples/disaggregated/slurm/simple_example/launch.slurm: "tp_size=8 using two 4-GPU
    # nodes" is `srun -N 2 --ntasks-per-node=4 … trtllm-llmapi-launch trtllm-serve`).
    rank_per_gpu=True,
    # the disaggregated config of `trtllm-serve disaggregated[_mpi_worker] -c FILE`
    # (tensorrt_llm/llmapi/disagg_utils.py; read by toplint.parse.structured.disagg)
    runs_in=("llmapi-disaggregated",),
    memory=MemoryAccounting(
        keys=("free_gpu_memory_fraction", "kv_cache_free_gpu_memory_fraction"),
        of_total=False,
        context_keys=("max_seq_len",),
        beside="free_share",
        beside_source="engine-vocabulary.md §3: KV cache fraction of the memory free after "
        "the weights (NVIDIA/TensorRT-LLM tensorrt_llm/commands/serve.py @00209af1)",
        source="engine-vocabulary.md §3: KV cache fraction after weights "
        "(NVIDIA/TensorRT-LLM tensorrt_llm/commands/serve.py @00209af1)",
    ),
)
