"""SGLang (sgl-project/sglang): ``python -m sglang.launch_server``, ``sglang serve``.

Vocabulary: ``ServerArgs.add_cli_args`` (plain argparse: no underscore rewriting, allow_abbrev
on, so ``--tp`` is a unique prefix of ``--tp-size``); semantics from ``ServerArgs.__post_init__``
and ``_handle_a2a_moe`` (../shared/reference/engine-vocabulary.md §2).
"""

from __future__ import annotations

from toplint.engines import dynamo
from toplint.engines.types import AllToAll, Engine, EngineSpec, Image, Launch, Layout, options
from toplint.model import Deployment
from toplint.record import replace

_V = """
model-path tokenizer-path tokenizer-mode tokenizer-worker-num load-format
model-loader-extra-config context-length revision model-impl host port warmups nccl-port dtype
quantization quantization-param-path kv-cache-dtype mem-fraction-static max-running-requests
max-queued-requests max-total-tokens chunked-prefill-size max-prefill-tokens schedule-policy
priority-scheduling-preemption-threshold schedule-conservativeness page-size
hybrid-kvcache-ratio swa-full-tokens-ratio device tp-size pp-size pp-max-micro-batch-size
pp-async-batch-depth stream-interval random-seed constrained-json-whitespace-pattern
watchdog-timeout dist-timeout download-dir base-gpu-id gpu-id-step log-level log-level-http
log-requests-level crash-dump-folder bucket-time-to-first-token bucket-inter-token-latency
bucket-e2e-request-latency collect-tokens-histogram decode-log-interval kv-events-config
gc-warning-threshold-secs api-key served-model-name weight-version chat-template
completion-template file-storage-path reasoning-parser tool-call-parser tool-server dp-size
load-balance-method dist-init-addr nnodes node-rank json-model-override-args
preferred-sampling-params max-lora-rank lora-target-modules lora-paths max-loras-per-batch
max-loaded-loras lora-backend attention-backend prefill-attention-backend
decode-attention-backend sampling-backend grammar-backend mm-attention-backend
speculative-algorithm speculative-draft-model-path speculative-draft-model-revision
speculative-num-steps speculative-eagle-topk speculative-num-draft-tokens
speculative-accept-threshold-single speculative-accept-threshold-acc speculative-token-map
speculative-attention-mode ep-size moe-a2a-backend moe-runner-backend
flashinfer-mxfp4-moe-precision deepep-mode ep-num-redundant-experts ep-dispatch-algorithm
init-expert-location eplb-algorithm eplb-rebalance-num-iterations
eplb-rebalance-layers-per-chunk eplb-min-rebalancing-utilization-threshold
expert-distribution-recorder-mode expert-distribution-recorder-buffer-size deepep-config
moe-dense-tp-size moe-dp-size hicache-ratio hicache-size hicache-write-policy
hicache-io-backend hicache-mem-layout hicache-storage-backend hicache-storage-prefetch-policy
hicache-storage-backend-extra-config cpu-offload-gb offload-group-size offload-num-in-group
offload-prefetch-step offload-mode cuda-graph-max-bs cuda-graph-bs torch-compile-max-bs
torchao-config tbo-token-distribution-threshold triton-attention-num-kv-splits
num-continuous-decode-steps scheduler-recv-interval numa-node debug-tensor-dump-output-folder
debug-tensor-dump-input-file debug-tensor-dump-inject disaggregation-mode
disaggregation-transfer-backend disaggregation-bootstrap-port disaggregation-decode-tp
disaggregation-decode-dp disaggregation-prefill-pp disaggregation-ib-device
num-reserved-decode-tokens pdlb-url custom-weight-loader sm-group-num attn-cp-size dcp-size
cp-strategy max-mamba-cache-size mamba-ssm-dtype piecewise-cuda-graph-max-tokens
piecewise-cuda-graph-tokens mm-max-concurrent-calls mm-per-request-timeout
oltp-traces-endpoint otlp-traces-endpoint tokenizer-metrics-custom-labels-header
tokenizer-metrics-allowed-custom-labels export-metrics-to-file-dir
decrypted-config-file decrypted-draft-config-file
remote-instance-weight-loader-seed-instance-ip
remote-instance-weight-loader-seed-instance-service-port
remote-instance-weight-loader-send-weights-group-ports config
"""

_F = """
skip-tokenizer-init trust-remote-code is-embedding enable-multimodal skip-server-warmup
enable-fp32-lm-head enable-priority-scheduling schedule-low-priority-values-first
disable-hybrid-swa-memory stream-output sleep-on-idle log-requests show-time-cost
enable-metrics enable-metrics-for-all-schedulers enable-request-time-stats-logging
enable-cache-report enable-lora enable-eplb enable-expert-distribution-metrics
enable-flashinfer-allreduce-fusion enable-hierarchical-cache enable-lmcache
enable-double-sparsity disable-radix-cache disable-cuda-graph disable-cuda-graph-padding
enable-profile-cuda-graph enable-cudagraph-gc enable-nccl-nvls enable-symm-mem
enable-torch-symm-mem disable-flashinfer-cutlass-moe-fp4-allgather
enable-tokenizer-batch-encode disable-outlines-disk-cache disable-custom-all-reduce
enable-mscclpp disable-overlap-schedule enable-mixed-chunk enable-dp-attention
enable-dp-lm-head enable-two-batch-overlap enable-single-batch-overlap enable-torch-compile
enable-nan-detection enable-p2p-check triton-attention-reduce-in-fp32
delete-ckpt-after-loading enable-memory-saver allow-auto-truncate
enable-custom-logit-processor flashinfer-mla-disable-ragged disable-shared-experts-fusion
disable-chunked-prefix-cache disable-fast-image-processor enable-return-hidden-states
debug-tensor-dump-prefill-only weight-loader-disable-mmap enable-pdmux enable-ep-moe
enable-deepep-moe enable-flashinfer-moe enable-flashinfer-cutlass-moe
enable-flashinfer-trtllm-moe enable-triton-kernel-moe enable-flashinfer-mxfp4-moe
enable-prefill-cp enable-deterministic-inference keep-mm-feature-on-device
enable-broadcast-mm-inputs-process enable-piecewise-cuda-graph disable-piecewise-cuda-graph
enable-layerwise-nvtx-marker enable-trace export-metrics-to-file
"""

CLI = EngineSpec(
    name="sglang",
    options=options(_V, _F),
    aliases={
        "--model": "model-path",
        "--tensor-parallel-size": "tp-size",
        "--pipeline-parallel-size": "pp-size",
        "--data-parallel-size": "dp-size",
        "--expert-parallel-size": "ep-size",
        "--ep": "ep-size",  # a size in SGLang (vLLM's -ep is a boolean)
        "--nccl-init-addr": "dist-init-addr",
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
    # The copies of server_args.py the vocabulary was read from name no commit or release
    # (engine-vocabulary.md §2), so no release is claimed: unknown options stay warnings.
    release="",
)

DYNAMO = dynamo.worker(CLI, "", "use-sglang-tokenizer")

# MoE all-to-all backends that force ep_size = tp_size (engine-vocabulary.md §2,
# server_args.py `_handle_a2a_moe`), and the deprecated flags that do the same.
EP_EQUALS_TP = frozenset({"deepep", "mooncake", "ascend_fuseep", "megamoe", "deepep_v2"})
_EP_EQUALS_TP_FLAGS = ("enable-ep-moe", "enable-deepep-moe")


def _to_int(text: str) -> int | None:
    try:
        return int(text.strip().strip("'\""))
    except ValueError:
        return None


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
    if opts.get("enable_dp_attention") == "true":
        opts["attention_dp"] = (dp_flag.value or "unresolved") if dp_flag else "1"
        dp = 1
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


def attention_dp(dep: Deployment) -> int:
    """DP attention degree: --dp-size with --enable-dp-attention (attention TP = tp / dp);
    ``derive`` keeps it in ``options["attention_dp"]`` and sets DP to 1."""
    if "attention_dp" in dep.options:
        return _to_int(str(dep.options["attention_dp"])) or 1
    switch = dep.options.get("enable_dp_attention", dep.options.get("enable-dp-attention"))
    if str(switch).strip("'\"").lower() in ("true", "1", "yes", "on"):
        return max(dep.dp or 1, 1)
    return 1


def command(model: str, tp: int, pp: int, dp: int, ep: int, nodes: int) -> str:
    """``toplint plan``: --tp-size is the total across --nnodes (vocabulary §2)."""
    parts = ["python -m sglang.launch_server", f"--model-path {model}"]
    for flag, value in (("--tp-size", tp), ("--pp-size", pp), ("--dp-size", dp)):
        if value > 1:
            parts.append(f"{flag} {value}")
    if ep > 1:
        parts.append(f"--ep-size {ep}")
    if nodes > 1:
        parts.append(f"--nnodes {nodes} --node-rank 0")
    return " ".join(parts)


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
    # SGLang's TP all-reduce uses its custom all-reduce kernel (adapted from vLLM's;
    # python/sglang/srt/distributed/device_communicators/custom_all_reduce.py, enabled by
    # model_runner ``set_custom_all_reduce(not disable_custom_all_reduce)``), with torch
    # symmetric memory and MSCCL++ as opt-in alternatives (--enable-torch-symm-mem,
    # --enable-mscclpp) and NCCL as the fallback.
    allreduce="sglang-custom",
    allreduce_options={"disable_custom_all_reduce": "nccl"},
    # NVIDIA NIM runs SGLang when NIM_USE_SGLANG=1 (k8s-nim-operator multi-node samples)
    runs_in=("nim-sglang",),
    layout=Layout(
        tp="--tp-size",
        pp="--pp-size",
        dp="--dp-size",
        ep="--ep-size",
        nodes="--nnodes",
        attention_dp="--enable-dp-attention",
    ),
    launches=(Launch(("sglang", "serve"), "sglang"),),
    modules={
        "sglang.launch_server": "sglang",
        dynamo.module("sglang"): DYNAMO.name,
        dynamo.module("sglang") + ".worker": DYNAMO.name,
    },
    # lmsysorg/sglang images have no engine ENTRYPOINT (the command names the server).
    images=(Image("lmsysorg/sglang"),),
    wrappers=(DYNAMO,),
    env_prefixes=("SGLANG_",),
    derive=derive,
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
)
