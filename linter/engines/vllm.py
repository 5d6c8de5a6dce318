"""vLLM (vllm-project/vllm): ``vllm serve MODEL``, ``python -m vllm.entrypoints.openai.api_server``.

Vocabulary: ``EngineArgs.add_cli_args`` (model, load, parallel, cache, multimodal, LoRA,
scheduler, speculative, observability, VllmConfig groups) and the OpenAI server's
``make_arg_parser``; older names that recent releases still accept or that real configs use are
kept (../shared/reference/engine-vocabulary.md §0, §1).
"""

from __future__ import annotations

from toplint.engines import dynamo
from toplint.engines.types import AllToAll, Engine, EngineSpec, Image, Launch, Layout, options
from toplint.model import Deployment
from toplint.record import replace

_V = """
model runner convert task tokenizer tokenizer-mode dtype seed hf-config-path
allowed-local-media-path allowed-media-domains revision code-revision rope-scaling rope-theta
tokenizer-revision max-model-len quantization max-seq-len-to-capture max-logprobs logprobs-mode
served-model-name config-format hf-token hf-overrides override-neuron-config
override-pooler-config pooler-config logits-processor-pattern generation-config
override-generation-config model-impl override-attention-dtype logits-processors
io-processor-plugin mm-processor-cache-gb mm-processor-cache-type mm-shm-cache-max-object-size-mb
mm-encoder-tp-mode mm-encoder-attn-backend video-pruning-rate limit-mm-per-prompt
media-io-kwargs mm-processor-kwargs load-format download-dir safetensors-load-strategy
model-loader-extra-config ignore-patterns pt-load-map-location qlora-adapter-name-or-path
guided-decoding-backend reasoning-parser reasoning-parser-plugin structured-outputs-config
distributed-executor-backend pipeline-parallel-size tensor-parallel-size
decode-context-parallel-size prefill-context-parallel-size dcp-kv-cache-interleave-size
cp-kv-cache-interleave-size dcp-comm-backend data-parallel-size data-parallel-rank
data-parallel-start-rank data-parallel-size-local data-parallel-address data-parallel-rpc-port
data-parallel-backend data-parallel-master-port all2all-backend ubatch-size
dbo-decode-token-threshold dbo-prefill-token-threshold eplb-config expert-placement-strategy
num-redundant-experts eplb-window-size eplb-step-interval max-parallel-loading-workers
worker-cls worker-extension-cls nnodes node-rank master-addr master-port
distributed-timeout-seconds numa-bind-nodes numa-bind-cpus block-size gpu-memory-utilization
kv-cache-memory-bytes swap-space kv-cache-dtype num-gpu-blocks-override prefix-caching-hash-algo
cpu-offload-gb mamba-cache-dtype mamba-ssm-cache-dtype kv-offloading-size kv-offloading-backend
max-loras max-lora-rank lora-extra-vocab-size lora-dtype max-cpu-loras default-mm-loras
long-lora-scaling-factors max-prompt-adapters max-prompt-adapter-token device
speculative-config speculative-model speculative-model-quantization
speculative-draft-tensor-parallel-size num-speculative-tokens speculative-max-model-len
speculative-disable-by-batch-size ngram-prompt-lookup-max ngram-prompt-lookup-min
spec-decoding-acceptance-method typical-acceptance-sampler-posterior-threshold
typical-acceptance-sampler-posterior-alpha show-hidden-metrics-for-version otlp-traces-endpoint
collect-detailed-traces max-num-batched-tokens max-num-seqs max-num-partial-prefills
max-long-partial-prefills long-prefill-token-threshold cuda-graph-sizes
max-cudagraph-capture-size num-lookahead-slots scheduler-delay-factor preemption-mode
num-scheduler-steps scheduling-policy scheduler-cls stream-interval compilation-config
kv-transfer-config kv-events-config ec-transfer-config additional-config optimization-level
attention-backend attention-config tokenizer-pool-size tokenizer-pool-type
tokenizer-pool-extra-config intial-incremental-detokenization-offset max-log-len
kv-cache-metrics-sample
host port uds uvicorn-log-level disable-access-log-for-endpoints allowed-origins
allowed-methods allowed-headers api-key lora-modules prompt-adapters chat-template
chat-template-content-format response-role ssl-keyfile ssl-certfile ssl-ca-certs
ssl-cert-reqs root-path middleware tool-call-parser tool-parser-plugin tool-server
log-config-file h11-max-incomplete-event-size h11-max-header-count api-server-count config
shutdown-timeout
"""

_F = """
trust-remote-code enforce-eager disable-sliding-window disable-cascade-attn skip-tokenizer-init
enable-prompt-embeds disable-async-output-proc enable-sleep-mode calculate-kv-scales
interleave-mm-strings skip-mm-profiling disable-mm-preprocessor-cache use-tqdm-on-load
guided-decoding-disable-fallback guided-decoding-disable-any-whitespace
guided-decoding-disable-additional-properties enable-expert-parallel enable-dbo
disable-nccl-for-dp-synchronization enable-eplb eplb-log-balancedness enable-elastic-ep
data-parallel-hybrid-lb data-parallel-external-lb ray-workers-use-nsight
disable-custom-all-reduce enable-multimodal-encoder-data-parallel numa-bind
enable-prefix-caching kv-sharing-fast-prefill enable-lora enable-lora-bias fully-sharded-loras
enable-prompt-adapter speculative-disable-mqa-scorer disable-logprobs-during-spec-decoding
multi-step-stream-outputs enable-chunked-prefill disable-chunked-mm-input
disable-hybrid-kv-cache-manager async-scheduling disable-log-stats disable-log-requests
enable-log-requests use-v2-block-manager worker-use-ray engine-use-ray kv-cache-metrics
cudagraph-metrics enable-layerwise-nvtx-tracing enable-mfu-metrics
disable-uvicorn-access-log allow-credentials trust-request-chat-template enable-ssl-refresh
return-tokens-as-token-ids disable-frontend-multiprocessing enable-request-id-headers
enable-auto-tool-choice exclude-tools-when-tool-choice-none disable-fastapi-docs
enable-prompt-tokens-details enable-server-load-tracking enable-force-include-usage
enable-tokenizer-info-endpoint enable-log-outputs log-error-stack headless grpc
enable-offline-docs tokens-only
"""

BOOLEAN = frozenset(_F.split())

_FIELDS = {
    "model": "model",
    "tensor-parallel-size": "tp",
    "pipeline-parallel-size": "pp",
    "data-parallel-size": "dp",
    "data-parallel-size-local": "dp_local",
    "enable-expert-parallel": "ep_enabled",
    "nnodes": "nodes",
    "kv-transfer-config": "kv_transfer",
}

# The list includes --enable-mfu-metrics (vllm PR #30738, merged 2025-12-16), so it was read
# from a tree of 0.13 or later; the later candidate, 0.14.0, is recorded, so that only images
# newer than it make an unknown option info rather than a warning (the conservative reading).
RELEASE = "0.14.0"

CLI = EngineSpec(
    name="vllm",
    options=options(_V, _F),
    aliases={
        "-tp": "tensor-parallel-size",
        "-pp": "pipeline-parallel-size",
        "-dp": "data-parallel-size",
        "-dpl": "data-parallel-size-local",
        "-dpr": "data-parallel-start-rank",
        "-dpn": "data-parallel-rank",
        "-dpa": "data-parallel-address",
        "-dpp": "data-parallel-rpc-port",
        "-dpb": "data-parallel-backend",
        "-dph": "data-parallel-hybrid-lb",
        "-dpe": "data-parallel-external-lb",
        "-ep": "enable-expert-parallel",  # a boolean in vLLM, not a size
        "-dcp": "decode-context-parallel-size",
        "-pcp": "prefill-context-parallel-size",
        "-n": "nnodes",
        "-r": "node-rank",
        "-q": "quantization",
        "-O": "optimization-level",
    },
    fields=_FIELDS,
    negatable=BOOLEAN,
    config_options=("config",),
    release=RELEASE,
)

DYNAMO = dynamo.worker(
    CLI,
    "disaggregation-mode connector",
    "is-prefill-worker is-decode-worker use-vllm-tokenizer enable-multimodal",
)

# KServe `python -m huggingfaceserver`: KServe's model-server options + vLLM's engine args
# (one FlexibleArgumentParser, so `--model_id` and `--model-id` are the same option).
HUGGINGFACESERVER = replace(
    CLI,
    name="huggingfaceserver",
    options={
        **CLI.options,
        **options(
            """model-name model-dir model-id model-revision backend max-length
            tensor-input-names predictor-host http-port grpc-port workers max-threads
            max-asyncio-workers log-config-file access-log-format request-timeout""",
            """disable-lower-case disable-special-tokens return-token-type-ids
            return-probabilities enable-grpc enable-docs-url enable-latency-logging
            configure-logging""",
        ),
    },
    fields={**_FIELDS, "model-id": "model", "model-dir": "model"},
    engine="vllm",
    config_options=(),
    release="",
)


def derive(dep: Deployment) -> Deployment:
    """EP is not a size in vLLM: with --enable-expert-parallel EP = TP x DP (vocabulary §1)."""
    if not dep.ep_enabled:
        return replace(dep, ep=1)
    if dep.tp is None or dep.dp is None:
        return replace(dep, ep=None)
    return replace(dep, ep=dep.tp * dep.dp)


def command(model: str, tp: int, pp: int, dp: int, ep: int, nodes: int) -> str:
    """``toplint plan``: multi-node with the mp backend (vocabulary §1 --nnodes): the head node
    runs this with --node-rank 0, the others with their rank and --headless."""
    parts = ["vllm serve", model]
    if tp > 1:
        parts.append(f"--tensor-parallel-size {tp}")
    if pp > 1:
        parts.append(f"--pipeline-parallel-size {pp}")
    if dp > 1:
        parts.append(f"--data-parallel-size {dp}")
        if nodes > 1:
            parts.append(f"--data-parallel-size-local {max(dp // nodes, 1)}")
    if ep > 1:
        parts.append("--enable-expert-parallel")
    if nodes > 1 and dp == 1:
        parts.append(f"--nnodes {nodes} --node-rank 0")
    return " ".join(parts)


# --quantization values -> bytes per weight as served (vllm/model_executor/layers/quantization/
# __init__.py QUANTIZATION_METHODS; 4-bit AWQ/GPTQ/Marlin checkpoints, bitsandbytes quantizes
# a 16-bit checkpoint to 4 bits in flight, FP8 methods 1 byte; scales ignored: < 7%).
QUANTIZATION_BYTES = {
    "fp8": 1.0,
    "fbgemm_fp8": 1.0,
    "ptpc_fp8": 1.0,
    "modelopt": 1.0,
    "awq": 0.5,
    "awq_marlin": 0.5,
    "gptq": 0.5,
    "gptq_marlin": 0.5,
    "marlin": 0.5,
    "bitsandbytes": 0.5,
    "modelopt_fp4": 0.5,
    "mxfp4": 0.5,
}

ENGINE = Engine(
    name="vllm",
    title="vLLM",
    cli=CLI,
    quantization_option="quantization",
    quantization_bytes=QUANTIZATION_BYTES,
    # The TP group's all-reduce tries vLLM's custom all-reduce kernel first and falls back to
    # pynccl (vllm/distributed/device_communicators/cuda_communicator.py @00b5a01
    # ``CudaCommunicator.all_reduce``; kernel: custom_all_reduce.py, off with
    # --disable-custom-all-reduce).
    allreduce="vllm-custom",
    allreduce_options={"disable_custom_all_reduce": "nccl"},
    layout=Layout(
        tp="--tensor-parallel-size",
        pp="--pipeline-parallel-size",
        dp="--data-parallel-size",
        ep_switch="--enable-expert-parallel",
        nodes="--nnodes",
    ),
    launches=(Launch(("vllm", "serve"), "vllm"),),
    modules={
        "vllm.entrypoints.openai.api_server": "vllm",
        "vllm.entrypoints.api_server": "vllm",
        dynamo.module("vllm"): DYNAMO.name,
        "huggingfaceserver": HUGGINGFACESERVER.name,
    },
    # vllm/vllm-openai: ENTRYPOINT ["vllm", "serve"] (vllm docker/Dockerfile, target
    # vllm-openai; older tags: python3 -m vllm.entrypoints.openai.api_server, same engine args).
    # kserve/huggingfaceserver: ENTRYPOINT python -m huggingfaceserver (kserve python/
    # huggingface_server.Dockerfile).
    images=(
        Image("vllm/vllm-openai", ("vllm", "serve")),
        Image("kserve/huggingfaceserver", ("python", "-m", "huggingfaceserver")),
    ),
    wrappers=(DYNAMO, HUGGINGFACESERVER),
    # Formats that always run vLLM: the production-stack chart and its operator CR, llm-d's
    # chart, KServe's LLMInferenceService and huggingfaceserver InferenceService, Ray Serve LLM.
    runs_in=(
        "helm-production-stack",
        "vllm-runtime",
        "helm-llm-d",
        "kserve-llmisvc",
        "kserve-isvc",
        "ray-serve-llm",
        # KAITO writes a vLLM command unless its runtime annotation says transformers
        # (kaito-project/kaito pkg/model/interface.go GetInferenceCommand)
        "kaito",
        # llmaz's default backend runtime (chart/templates/backends/vllm.yaml)
        "llmaz",
    ),
    env_prefixes=("VLLM_",),
    # KServe's LLMInferenceService splices it into the vLLM command (engine-vocabulary.md §0)
    args_env=("VLLM_ADDITIONAL_ARGS",),
    derive=derive,
    ep_layout="dp_x_tp",
    all_to_all=AllToAll(
        key="all2all_backend",
        default="allgather_reducescatter",
        flag="--all2all-backend",
        sparse="deepep_low_latency",
        env="VLLM_ALL2ALL_BACKEND",
        backends={
            "allgather_reducescatter": "dense",
            "naive": "dense",  # "naive all2all implementation using broadcasts" (envs.py)
            "pplx": "pplx",
            "deepep_high_throughput": "deepep-normal",
            "deepep_low_latency": "deepep-ll",
            "deepep_v2": "unmodelled",
            "mori_high_throughput": "sends",
            "mori_low_latency": "sends",
            "mori": "sends",  # earlier releases' single MoRI value
            "nixl_ep": "sends",
            "flashinfer_all2allv": "sends",  # alias of flashinfer_nvlink_two_sided
            "flashinfer_nvlink_two_sided": "sends",
            "flashinfer_nvlink_one_sided": "sends",
        },
        backends_source="vllm-project/vllm@00193b82 vllm/config/parallel.py All2AllBackend "
        "(and vllm/envs.py VLLM_ALL2ALL_BACKEND env_with_choices)",
    ),
    # vLLM EPLB (docs/serving/expert_parallel_deployment.md; engine-vocabulary.md §1)
    redundant_experts="--enable-eplb --eplb-config '{\"num_redundant_experts\": {n}}'",
    plan_command=command,
)
