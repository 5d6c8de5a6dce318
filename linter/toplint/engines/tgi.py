"""Hugging Face TGI (huggingface/text-generation-inference): ``text-generation-launcher``.

Vocabulary: launcher/src/main.rs @db931fc (clap: long options only, every one also read from
the upper-cased environment variable; ``--num-shard`` is the tensor-parallel size and TGI shards
on one host only) (../shared/reference/engine-vocabulary.md §0, §4).
"""

from __future__ import annotations

from toplint.engines.gpuneeds import AttentionFloor, MemoryAccounting, WarmUp, WarmUpRange
from toplint.engines.types import (
    Engine,
    EngineSpec,
    Image,
    Launch,
    Layout,
    options,
)
from toplint.model import Deployment
from toplint.record import replace
from toplint.sourcekinds import source_kind

_V = """
model-id revision validation-workers sharded num-shard quantize speculate dtype kv-cache-dtype
max-concurrent-requests max-best-of max-stop-sequences max-top-n-tokens max-input-tokens
max-input-length max-total-tokens waiting-served-ratio max-batch-prefill-tokens
max-batch-total-tokens max-waiting-tokens max-batch-size cuda-graphs hostname port
prometheus-port shard-uds-path master-addr master-port huggingface-hub-cache
weights-cache-override cuda-memory-fraction rope-scaling rope-factor otlp-endpoint
otlp-service-name cors-allow-origin api-key watermark-gamma watermark-delta ngrok-authtoken
ngrok-edge tokenizer-config-path max-client-batch-size lora-adapters usage-stats payload-limit
graceful-termination-timeout
"""

_F = """
trust-remote-code disable-custom-kernels json-output ngrok env disable-grammar-support
enable-prefill-logprobs
"""

_OPTIONS = options(_V, _F)

CLI = EngineSpec(
    name="tgi",
    options=_OPTIONS,
    aliases={"-p": "port", "-e": "env", "-H": "hostname"},
    fields={"model-id": "model", "num-shard": "tp"},
    underscores_are_dashes=False,
    allow_abbrev=False,
    env={name.upper().replace("-", "_"): name for name in _OPTIONS},
    # Cargo.toml at db931fc says 3.3.6-dev0: the options are those of the 3.3.6 line.
    release="3.3.6",
)

_ALL_VISIBLE = "<all visible GPUs>"


def derive(dep: Deployment) -> Deployment:
    """Without --num-shard TGI shards over the devices its environment lists (launcher
    ``find_num_shards``: ``num_cuda_devices().unwrap_or(1)``, which counts the comma-separated
    entries of ``CUDA_VISIBLE_DEVICES``, else ``NVIDIA_VISIBLE_DEVICES``).  ``--gpus all``
    (compose ``count: all``) gives the container ``NVIDIA_VISIBLE_DEVICES=all`` (moby/moby
    ``setNvidiaGPUs``, the daemon's NVIDIA device driver), one entry: one shard, the other GPUs
    idle (huggingface/text-generation-inference#866: "you forgot `--num-shard 4` to enable
    sharding") - up to 3.3.6: from 3.3.7 it counts every GPU nvidia-smi lists
    (``by_release``), the machine's count, unknown here; a launcher a script starts on a
    host whose environment lists none runs one shard in every release.  A
    count or device list (``--gpus 2``, a pod's device-plugin allocation, a written variable)
    lists each device.  A launcher given no model (no ``--model-id``, no ``MODEL_ID`` written)
    takes it from an environment the file does not show (launcher/src/main.rs: every option is
    also read from its upper-cased variable, clap ``env``; without one the model would be the
    default ``bigscience/bloom-560m``): the container's that runs it (a RunPod or SageMaker
    worker's entrypoint), which sets ``NUM_SHARD`` and lists its devices as it sets
    ``MODEL_ID``, so the shard count is not known here."""
    if dep.flag("num-shard") is not None:
        return dep
    opts = dict(dep.options)
    unresolved = [u for u in dep.unresolved if u.variable != _ALL_VISIBLE]
    if opts.get("sharded", "").lower() == "false":
        return replace(dep, tp=1, options=opts, unresolved=tuple(unresolved))
    listed = dep.gpus_per_node is not None  # a count, a device list or a pod's allocation
    # started on one host by a script or a container runtime, nothing lists the GPUs unless the
    # deployment does (a pod's device plugin sets NVIDIA_VISIBLE_DEVICES to its allocation)
    on_a_host = source_kind(dep.source_kind).on_a_host
    configured_elsewhere = dep.flag("model-id") is None
    if not listed and (
        opts.get("gpus_visible") == "all" or (on_a_host and not configured_elsewhere)
    ):
        # "one-all": NVIDIA_VISIBLE_DEVICES=all; "one-host": no list in the environment
        all_ = opts.get("gpus_visible") == "all"
        opts["implicit_sharding"] = "one-all" if all_ else "one-host"
        opts["gpus_usable"] = "node"  # nothing narrows what it may use: the node's GPUs
        sources = dict(dep.sources)
        return replace(dep, tp=1, options=opts, sources=sources, unresolved=tuple(unresolved))
    opts["implicit_sharding"] = "true"
    tp = dep.gpus_per_node
    sources = dict(dep.sources)
    # With every GPU visible (`--gpus all`, no CUDA_VISIBLE_DEVICES) TP is the machine's GPU
    # count: unknown here, and TL210 says so; it is not a variable for TL003 to report.
    if tp is not None:
        sources["tp"] = dep.position_of("gpus_per_node")
    return replace(dep, tp=tp, options=opts, sources=sources, unresolved=tuple(unresolved))


# The first release whose launcher counts NVIDIA_VISIBLE_DEVICES=all (or "void") as every GPU
# nvidia-smi lists (huggingface/text-generation-inference@dfb3fbe7, #3346, in v3.3.7: "the
# computed num_shards was always 1 in this case, no matter what"); before it the count of
# nvidia-smi's lines was joined into one entry, one shard.
_ALL_COUNTED_FROM = (3, 3, 7)


def by_release(dep: Deployment, release: tuple[int, int, int] | None) -> Deployment:
    """``NVIDIA_VISIBLE_DEVICES=all`` (``derive``'s "one-all") is one shard up to 3.3.6; from
    3.3.7 every GPU nvidia-smi lists, the machine's count, which the file does not say.  An
    unpinned image (``latest``, no tag) is the last release, 3.3.7."""
    if dep.options.get("implicit_sharding") != "one-all":
        return dep
    if release is not None and release < _ALL_COUNTED_FROM:
        return dep
    opts = {**dep.options, "implicit_sharding": "true"}
    return replace(dep, tp=None, options=opts)


# --quantize / QUANTIZE values -> bytes per weight (launcher/src/main.rs `enum Quantization`:
# "bitsandbytes" is 8-bit, "-nf4"/"-fp4" 4-bit, EETQ 8-bit, AWQ/GPTQ/Marlin 4-bit, FP8 e4m3;
# EXL2 is variable-bit and not in the table).
QUANTIZATION_BYTES = {
    "awq": 0.5,
    "eetq": 1.0,
    "gptq": 0.5,
    "marlin": 0.5,
    "bitsandbytes": 1.0,
    "bitsandbytes-nf4": 0.5,
    "bitsandbytes-fp4": 0.5,
    "fp8": 1.0,
}

# Model types TGI serves through its flash models (``get_model`` in server/text_generation_server/
# models/__init__.py): sharded ones need flash attention ("Sharded Llama requires Flash
# Attention enabled models"); bloom, mpt, opt, galactica, t5 and (before 2.1) gpt_neox have
# sharded implementations without it, and unknown types fall back to transformers' AutoModel.
_FLASH_SHARDED = frozenset(
    {"llama", "baichuan", "gpt_bigcode", "falcon", "RefinedWeb", "RefinedWebModel", "mistral"}
    | {"mixtral", "qwen2", "gemma", "phi", "starcoder2", "dbrx", "cohere", "phi3", "idefics"}
)
_FLASH_21 = _FLASH_SHARDED | {"gemma2", "gpt_neox", "gpt2", "idefics2", "paligemma", "llava_next"}
# The warm-up (huggingface/text-generation-inference): the router sends one batch of
# `max_batch_prefill_tokens` prompt tokens in requests of at most `max_input_tokens`, each with
# `prefill_logprobs: true` (router/client/src/client.rs ``warmup`` from v0.9.0, e74bd41e "add
# paged attention to flash models"; backends/client/src/v3/client.rs at db931fcf); the server
# allocates the batch's KV blocks, runs ``generate_token`` and raises "Not enough memory to
# handle N prefill tokens" on CUDA out-of-memory (server/text_generation_server/models/
# flash_causal_lm.py ``warmup`` at v1.3.0, v2.2.0, v3.2.1).  Each request's blocks hold its
# prompt and two new tokens from v0.9.4 to v1.1.0, then `max_total_tokens - truncate` new ones
# (5e28f44a, v1.1.1); before v0.9.4 the warm-up allocated `--max-batch-total-tokens` (16000 by
# default) + 10 blocks ("Not enough memory to handle {max_total_tokens} total tokens", v0.9.0).
# The launcher's defaults: 1024 / 2048 / 4096 up to 1.4 (launcher/src/main.rs
# v1.4.5); from 2.0.0 the total is the model's `max_position_embeddings`, at most 4096, the
# input one less, the prefill the input + 50 (v2.0.0, v2.2.0); from 3.0.0 the prefill is chosen
# from the GPU (``compute_optimal`` / ``vram_maximum``, v3.2.1) and the server drops the
# prefill log-probabilities unless REQUEST_LOGPROBS is set ("This consumes so much memory on
# long requests": flash_causal_lm.py at v3.0.0, 5df80590 "Auto max prefill"), which the
# launcher's --enable-prefill-logprobs sets.  The logits of every prompt token are gathered to
# the whole vocabulary (layers/tensor_parallel.py ``TensorParallelHead.forward``) and
# log-softmaxed, into a new tensor before 2.4.0 and in place from it (5f32dea1, "prefer inplace
# softmax to avoid copy").
WARM_UP = WarmUp(
    prefill_key="max_batch_prefill_tokens",
    input_keys=("max_input_tokens", "max_input_length"),
    total_key="max_total_tokens",
    batch_size_key="max_batch_size",
    batch_total_key="max_batch_total_tokens",
    logprobs_keys=("enable_prefill_logprobs", "env.REQUEST_LOGPROBS"),
    ranges=(
        WarmUpRange(
            "",
            1024,
            2048,
            4096,
            batch_total_default=16000,
            error="Not enough memory to handle {total} total tokens with {prefill} prefill "
            "tokens. You need to decrease `--max-batch-total-tokens` or "
            "`--max-batch-prefill-tokens`",
        ),
        WarmUpRange("0.9.4", 1024, 2048, 4096, two_new_tokens=True),
        WarmUpRange("1.1.1", 1024, 2048, 4096),
        WarmUpRange("2.0.0", 0, 0, 0, total_cap=4096),
        WarmUpRange("2.4.0", 0, 0, 0, total_cap=4096, log_softmax_in_place=True),
        WarmUpRange("3.0.0", -1, -1, -1, all_logits=False, log_softmax_in_place=True),
    ),
    error="Not enough memory to handle {prefill} prefill tokens. You need to decrease "
    "`--max-batch-prefill-tokens`",
    source="huggingface/text-generation-inference v1.3.0, v2.2.0, v3.2.1 server/"
    "text_generation_server/models/flash_causal_lm.py warmup; router/client/src/client.rs warmup",
)

ATTENTION_FLOORS = (
    # 0.9.4 - 2.0.x: flash-attention v2 on compute capability 8.0+, v1 on 7.5; below 7.5 the
    # import fails (FLASH_ATTENTION = False): one GPU runs transformers' attention (CausalLM),
    # a sharded flash model type raises NotImplementedError.
    AttentionFloor(
        since="0.9.4",
        until="2.1.0",
        capability=7.5,
        refuses="sharded",
        models=_FLASH_SHARDED,
        error="NotImplementedError: Sharded ... requires Flash Attention enabled models",
        source="huggingface/text-generation-inference@v1.0.3 server/text_generation_server/"
        "utils/flash_attn.py (is_sm75/is_sm8x) and models/__init__.py get_model",
    ),
    # 2.1.0 - 2.2.x: `import flash_attn_2_cuda` without a capability check, so every flash
    # model runs the v2 kernels and stops at warm-up below 8.0; 2.3.0 checks
    # is_ampere_or_newer and falls back to v1 (not modelled further).
    AttentionFloor(
        since="2.1.0",
        until="2.3.0",
        capability=8.0,
        refuses="always",
        models=_FLASH_21,
        error="RuntimeError: FlashAttention only supports Ampere GPUs or newer.",
        source="huggingface/text-generation-inference@v2.1.1 server/text_generation_server/"
        "layers/attention/cuda.py (V2 = True on import) and models/__init__.py get_model",
    ),
)

ENGINE = Engine(
    name="tgi",
    title="TGI",
    cli=CLI,
    quantization_option="quantize",
    quantization_bytes=QUANTIZATION_BYTES,
    # TGI's TensorParallel layers call torch.distributed.all_reduce on a ProcessGroupNCCL
    # (server/text_generation_server/layers/tensor_parallel.py @db931fc, utils/dist.py): NCCL.
    allreduce="nccl",
    layout=Layout(tp="--num-shard"),
    launches=(Launch(("text-generation-launcher",), "tgi", positional_model=False),),
    # ENTRYPOINT ["/tgi-entrypoint.sh"], which runs `exec text-generation-launcher $@`
    # (Dockerfile L249 @db931fc).
    images=(
        Image(
            "huggingface/text-generation-inference",
            ("text-generation-launcher",),
            splits_args=True,
        ),
        # Hugging Face's rebuild for Google Cloud (Deep Learning Containers) runs the same
        # launcher with the container's args: huggingface/Google-Cloud-Containers
        # containers/tgi/gpu/*/entrypoint.sh ends `text-generation-launcher $@`.
        Image(
            "deeplearning-platform-release/gcr.io/huggingface-text-generation-inference",
            ("text-generation-launcher",),
            versioned_name=True,
            splits_args=True,
            release_tag=False,  # the release is in the name ("...-cu121.2-1..."), not the tag
        ),
        # AWS's SageMaker image (Hugging Face LLM DLC, 763104351884.dkr.ecr.REGION.amazonaws.com/
        # huggingface-pytorch-tgi-inference): the Dockerfile's `sagemaker` stage copies
        # sagemaker-entrypoint.sh @db931fc, which exports MODEL_ID from HF_MODEL_ID, NUM_SHARD
        # from SM_NUM_GPUS, QUANTIZE from HF_MODEL_QUANTIZE, REVISION from HF_MODEL_REVISION and
        # TRUST_REMOTE_CODE from HF_MODEL_TRUST_REMOTE_CODE, then runs
        # `text-generation-launcher --port 8080` (no arguments of the container's).
        # its tags start with PyTorch's release ("2.1.1-tgi2.0.0-gpu-py310-cu121-ubuntu22.04")
        Image(
            "huggingface-pytorch-tgi-inference",
            ("text-generation-launcher", "--port", "8080"),
            release_tag=False,
            env_aliases=(
                ("HF_MODEL_ID", "MODEL_ID"),
                ("SM_NUM_GPUS", "NUM_SHARD"),
                ("HF_MODEL_QUANTIZE", "QUANTIZE"),
                ("HF_MODEL_REVISION", "REVISION"),
                ("HF_MODEL_TRUST_REMOTE_CODE", "TRUST_REMOTE_CODE"),
            ),
        ),
    ),
    env_prefixes=("NUM_SHARD",),
    derive=derive,
    by_release=by_release,
    served="toplint.engines.tgi_served",
    dimensions=frozenset({"tp"}),
    single_node=True,
    # Every flash model gives each shard ``config.num_key_value_heads //
    # weights.process_group.size()`` KV heads and never replicates them; flash_llama_modeling.py
    # raises "`num_key_value_heads` must be divisible by `num_shards`" (huggingface/
    # text-generation-inference@db931fcf server/text_generation_server/models/custom_modeling/),
    # and v1.4.5's flash_gemma_modeling.py `_load_gqa` fails its QKV shape assertion on gemma-2b's
    # one KV head over two shards (huggingface/text-generation-inference#1696; #1987: the
    # ZeroDivisionError of `num_heads // num_key_value_heads` on four).
    replicates_kv_heads=False,
    attention_floors=ATTENTION_FLOORS,
    ep_layout="none",
    memory=MemoryAccounting(
        keys=("cuda_memory_fraction",),
        default=1.0,
        context_keys=("max_total_tokens",),
        # what is free now less (1 - fraction) of the total (get_cuda_free_memory): memory
        # another process holds comes out of what TGI takes
        beside="leaves",
        beside_source="huggingface/text-generation-inference@c09f5bc9 server/"
        "text_generation_server/utils/import_utils.py get_cuda_free_memory",
        source="huggingface/text-generation-inference@c09f5bc9 server/text_generation_server/"
        "utils/import_utils.py get_cuda_free_memory",
        warmup=WARM_UP,
    ),
)
