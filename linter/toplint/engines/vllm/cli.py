"""vLLM's command-line vocabulary: ``vllm serve``'s options (``CLI``) and those of the wrappers
that forward them (Dynamo's vLLM worker, KServe's huggingfaceserver).

Vocabulary: ``EngineArgs.add_cli_args`` (model, load, parallel, cache, multimodal, LoRA,
scheduler, speculative, observability, VllmConfig groups) and the OpenAI server's
``make_arg_parser`` of vllm 0.33.0; older names that earlier releases accept and real configs use
are kept (../shared/reference/engine-vocabulary.md §0, §1).  The engine record that carries
them (``ENGINE``, found through ``toplint.engines.registry``) is ``toplint.engines.vllm``.
"""

from __future__ import annotations

from toplint.engines import dynamo, swift, xinference
from toplint.engines.types import EngineSpec, options
from toplint.record import replace

# The options of vllm 0.33.0 (the PyPI wheel vllm-0.33.0-cp38-abi3-manylinux_2_28_x86_64.whl):
# vllm/engine/arg_utils.py ``EngineArgs.add_cli_args`` and ``AsyncEngineArgs.add_cli_args`` (their
# add_argument calls; a ``**get_kwargs(Config)["field"]`` option is a switch when the config
# field's type is ``bool``, vllm's ``_compute_kwargs`` giving it BooleanOptionalAction, and takes
# a value when it is ``bool | str | None``), and vllm/entrypoints/common/cli_args.py
# ``make_arg_parser`` with the ``FrontendArgs`` dataclass fields, read with Python's ast.  Kept
# besides, because earlier releases accept them and real configs use them:
# calculate-kv-scales cuda-graph-sizes data-parallel-master-port device
# disable-async-output-proc disable-frontend-multiprocessing disable-log-requests
# disable-logprobs-during-spec-decoding disable-mm-preprocessor-cache enable-lora-bias
# enable-multimodal-encoder-data-parallel enable-reasoning enable-prompt-adapter engine-use-ray
# eplb-log-balancedness eplb-step-interval eplb-window-size guided-decoding-backend
# guided-decoding-disable-additional-properties guided-decoding-disable-any-whitespace
# guided-decoding-disable-fallback intial-incremental-detokenization-offset
# logits-processor-pattern long-lora-scaling-factors lora-extra-vocab-size
# max-long-partial-prefills max-num-partial-prefills max-prompt-adapter-token
# max-prompt-adapters max-seq-len-to-capture multi-step-stream-outputs ngram-prompt-lookup-max
# ngram-prompt-lookup-min num-lookahead-slots num-redundant-experts num-scheduler-steps
# num-speculative-tokens override-attention-dtype override-neuron-config override-pooler-config
# preemption-mode prompt-adapters qlora-adapter-name-or-path rope-scaling rope-theta
# scheduler-delay-factor spec-decoding-acceptance-method speculative-disable-by-batch-size
# speculative-disable-mqa-scorer speculative-draft-tensor-parallel-size
# speculative-max-model-len speculative-model speculative-model-quantization swap-space task
# tokenizer-pool-extra-config tokenizer-pool-size tokenizer-pool-type
# typical-acceptance-sampler-posterior-alpha typical-acceptance-sampler-posterior-threshold
# use-v2-block-manager worker-use-ray
_V = """
additional-config all2all-backend allowed-headers allowed-local-media-path allowed-media-domains
allowed-methods allowed-origins anthropic-disabled-thinking-effort api-key api-server-count
attention-backend attention-config aux-output-config block-size chat-template
chat-template-content-format code-revision cohere-format collect-detailed-traces
compilation-config config config-format convert cp-kv-cache-interleave-size
cpu-distributed-timeout-seconds cpu-offload-gb cpu-offload-params cuda-graph-sizes
cudagraph-capture-sizes custom-histogram-buckets data-parallel-address data-parallel-backend
data-parallel-master-port data-parallel-rank data-parallel-rpc-port data-parallel-size
data-parallel-size-local data-parallel-start-rank data-parallel-supervisor-port
dbo-decode-token-threshold dbo-prefill-token-threshold dcp-comm-backend
dcp-kv-cache-interleave-size decode-context-parallel-size default-chat-template-kwargs
default-mm-loras device device-ids diffusion-config disable-access-log-for-endpoints
distributed-executor-backend distributed-timeout-seconds download-dir
dp-supervisor-probe-failure-threshold dp-supervisor-probe-interval-s
dp-supervisor-probe-timeout-s dp-sync-interval dtype ec-manager-config ec-transfer-config
elastic-ep-max-dp-size engram-config eplb-config eplb-step-interval eplb-window-size
expert-placement-strategy fault-tolerance-config fingerprint-mode fingerprint-value
gdn-prefill-backend generation-config gpu-memory-utilization grpc-port guided-decoding-backend
h11-max-header-count h11-max-incomplete-event-size hf-config-path hf-overrides hf-token host
ignore-patterns intial-incremental-detokenization-offset io-processor-plugin ir-op-priority
jit-monitor-mode kda-decode-backend kda-prefill-backend kernel-config kv-cache-dtype
kv-cache-dtype-skip-layers kv-cache-memory-bytes kv-cache-metrics-sample kv-events-config
kv-offloading-backend kv-offloading-size kv-transfer-config limit-mm-per-prompt linear-backend
load-format log-config-file log-level logging-config logits-processor-pattern logits-processors
logprobs-mode long-lora-scaling-factors long-prefill-token-threshold lora-dtype
lora-extra-vocab-size lora-modules lora-target-modules mamba-backend mamba-block-size
mamba-cache-dtype mamba-cache-mode mamba-cache-philox-rounds mamba-ssm-cache-dtype
mamba-ssu-algorithm master-addr master-port max-cpu-loras max-cudagraph-capture-size max-log-len
max-logprobs max-long-partial-prefills max-lora-cls-labels max-lora-rank max-loras max-model-len
max-num-active-seqs max-num-batched-tokens max-num-partial-prefills max-num-queued-reqs
max-num-queued-tokens max-num-scheduled-tokens max-num-seqs max-parallel-loading-workers
max-prompt-adapter-token max-prompt-adapters max-seq-len-to-capture media-io-kwargs middleware
mm-encoder-attn-backend mm-encoder-attn-dtype mm-encoder-fp8-scale-path
mm-encoder-fp8-scale-save-margin mm-encoder-fp8-scale-save-path mm-encoder-tp-mode
mm-hasher-algorithm mm-ipc-gpu-memory-gb mm-processor-cache-gb mm-processor-cache-type
mm-processor-device mm-processor-kwargs mm-shm-cache-max-object-size-mb mm-tensor-ipc model
model-class-overrides model-impl model-loader-extra-config moe-backend ngram-prompt-lookup-max
ngram-prompt-lookup-min nnodes node-rank num-gpu-blocks-override num-lookahead-slots
num-redundant-experts num-scheduler-steps num-speculative-tokens numa-bind-cpus numa-bind-nodes
offload-backend offload-group-size offload-num-in-group offload-params offload-prefetch-step
optimization-level otlp-traces-endpoint override-attention-dtype override-generation-config
override-neuron-config override-pooler-config per-request-spec-decode-metrics performance-mode
pipeline-parallel-size pooler-config port preemption-mode prefill-context-parallel-size
prefill-schedule-interval prefix-cache-retention-interval prefix-caching-hash-algo
prefix-match-unit profiler-config prompt-adapters pt-load-map-location
qlora-adapter-name-or-path quantization quantization-config reasoning-config
reasoning-effort-map reasoning-parser reasoning-parser-plugin renderer-num-workers
replayssm-buffer-len response-role revision root-path rope-scaling rope-theta runner
safetensors-load-strategy safetensors-prefetch-block-size safetensors-prefetch-num-threads
scheduler-cls scheduler-delay-factor scheduling-policy seed served-model-name
show-hidden-metrics-for-version shutdown-timeout sleep-mode-backend
sleep-preserve-parameter-names sparse-indexer-topk-backend spec-decoding-acceptance-method
spec-method spec-model spec-tokens speculative-config speculative-disable-by-batch-size
speculative-draft-tensor-parallel-size speculative-max-model-len speculative-model
speculative-model-quantization sse-keep-alive-interval ssl-ca-certs ssl-cert-reqs ssl-certfile
ssl-ciphers ssl-keyfile stream-interval structured-outputs-config swap-space task
tensor-parallel-size tokenizer tokenizer-mode tokenizer-pool-extra-config tokenizer-pool-size
tokenizer-pool-type tokenizer-revision tool-call-parser tool-parser-plugin tool-server
tool-strict-level typical-acceptance-sampler-posterior-alpha
typical-acceptance-sampler-posterior-threshold ubatch-size uds uvicorn-log-level
video-pruning-method video-pruning-rate watchdog-config watermark watermark-config
weight-transfer-config worker-cls worker-extension-cls
"""

_F = """
aggregate-engine-logging allow-credentials allow-deprecated-quantization async-scheduling
calculate-kv-scales cohere-is-reasoning-model cudagraph-metrics data-parallel-external-lb
data-parallel-hybrid-lb data-parallel-multi-port-external-lb dcp-q-replicate
disable-async-output-proc disable-cascade-attn disable-chunked-mm-input
disable-custom-all-reduce disable-fastapi-docs disable-frontend-multiprocessing
disable-hybrid-kv-cache-manager disable-log-requests disable-log-stats
disable-logprobs-during-spec-decoding disable-mm-preprocessor-cache
disable-nccl-for-dp-synchronization disable-sliding-window disable-uvicorn-access-log
enable-auto-tool-choice enable-batch-sharded-sampling enable-chunked-prefill
enable-cumem-allocator enable-dbo enable-elastic-ep enable-ep-weight-filter enable-eplb
enable-expert-parallel enable-fault-tolerance enable-flash-late-interaction
enable-flashinfer-autotune enable-force-include-usage enable-hc-sp enable-layerwise-nvtx-tracing
enable-log-deltas enable-log-outputs enable-log-requests enable-logging-iteration-details
enable-lora enable-lora-bias enable-mamba-cache-stochastic-rounding
enable-mamba-shared-prefix-checkpoint enable-mfu-metrics enable-mixed-moe-lora-format
enable-mm-embeds enable-moe-shared-loras enable-multimodal-encoder-data-parallel
enable-nccl-comm-suspend enable-offline-docs enable-per-request-metrics enable-prefix-caching
enable-prompt-adapter enable-prompt-embeds enable-prompt-tokens-details enable-reasoning
enable-request-id-headers enable-return-routed-experts enable-scale-out
enable-server-load-tracking enable-shm-tensor-arena enable-sleep-mode enable-ssl-refresh
enable-tokenizer-info-endpoint enable-tower-connector-lora enable-trace-replay enforce-eager
engine-use-ray eplb-log-balancedness exclude-tools-when-tool-choice-none
fail-on-environ-validation fully-sharded-loras grpc
guided-decoding-disable-additional-properties guided-decoding-disable-any-whitespace
guided-decoding-disable-fallback headless interleave-mm-strings jit-monitor-verbose
kv-cache-metrics kv-sharing-fast-prefill language-model-only log-error-stack
long-prefill-token-threshold-adaptive mm-device-do-normalize mm-encoder-only monokernel
multi-step-stream-outputs numa-bind ray-workers-use-nsight return-sampling-mask
return-tokens-as-token-ids scheduler-reserve-full-isl skip-mm-profiling skip-tokenizer-init
sleep-mode-offload-cudagraph specialize-active-lora speculative-disable-mqa-scorer
swa-bounded-replay tokens-only trust-remote-code trust-request-chat-template
trust-request-mm-kwargs use-fp64-gumbel use-replayssm use-tqdm-on-load use-v2-block-manager
worker-use-ray
"""

# Every switch of ``_F`` is a BooleanOptionalAction (``--no-<name>``) in 0.33.0's parser except
# these plain store_true ones.
_STORE_TRUE = frozenset(
    {"aggregate-engine-logging", "data-parallel-multi-port-external-lb", "disable-log-stats"}
    | {"grpc", "headless"}
    # store_true in vllm/engine/arg_utils.py until its deprecation in 0.9.0
    # (vllm-project/vllm#17452); vllm-project/vllm#14452 serves QwQ-32B with it on 0.8.5
    | {"enable-reasoning"}
)
NEGATABLE = frozenset(_F.split()) - _STORE_TRUE

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

# An image newer than this makes an unknown option TL005 info (toplint.engines.release).
RELEASE = "0.33.0"

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
        "-dpm": "data-parallel-multi-port-external-lb",
        "--device-memory-utilization": "gpu-memory-utilization",
        "-sc": "speculative-config",
        "-dc": "diffusion-config",
        "-cc": "compilation-config",
        "-ac": "attention-config",
        "-asc": "api-server-count",
    },
    fields=_FIELDS,
    negatable=NEGATABLE,
    config_options=("config",),
    release=RELEASE,
    # StoreBoolean (``nargs="?"``, ``const="True"``) in vllm/engine/arg_utils.py of the V0
    # releases, so `--enable-chunked-prefill=False` parsed; by 0.9.2 the option is a
    # BooleanOptionalAction of SchedulerConfig (vllm-project/vllm#20914 runs 0.9.2 with
    # `--no-enable-chunked-prefill`), which takes no value.  The other two kept StoreBoolean
    # until they were removed with V0 ("": no release known to refuse a value).
    valued_until={
        "enable-chunked-prefill": "0.9.2",
        "multi-step-stream-outputs": "",
        "disable-logprobs-during-spec-decoding": "",
    },
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
    # kserve python/huggingfaceserver/huggingfaceserver/__main__.py (kserve@aaac4e29):
    # `--backend` is one of auto, vllm, huggingface; vLLM loads only for vllm, or auto with a
    # model vLLM supports (is_vllm_backend_enabled); huggingface serves with transformers.
    other_backends={"backend": ("huggingface",)},
    program="KServe's huggingfaceserver",
)

# FastChat's `python -m fastchat.serve.vllm_worker`: its worker options on a plain argparse
# parser, then vLLM's `AsyncEngineArgs.add_cli_args` (lm-sys/FastChat@0283a0bb
# fastchat/serve/vllm_worker.py): `--model-path` becomes the engine's model and `--num-gpus N`
# (N > 1) its tensor-parallel size.  Plain argparse takes no underscore spelling but the two
# the worker defines itself (`--gpu_memory_utilization`, `--trust_remote_code`).
FASTCHAT_VLLM_WORKER = replace(
    CLI,
    name="fastchat-vllm-worker",
    options={
        **CLI.options,
        **options(
            """host port worker-address controller-address model-path model-names
            limit-worker-concurrency num-gpus conv-template""",
            "no-register",
        ),
    },
    aliases={
        **CLI.aliases,
        "--gpu_memory_utilization": "gpu-memory-utilization",
        "--trust_remote_code": "trust-remote-code",
    },
    fields={**_FIELDS, "model-path": "model", "num-gpus": "tp"},
    underscores_are_dashes=False,
    engine="vllm",
    config_options=(),
    release="",
    program="FastChat's vllm_worker",
)

# ms-swift's `swift deploy --infer_backend vllm` (toplint.engines.swift): its settings for vLLM,
# prefixed from v3.7.0 and unprefixed before (``VllmArguments.get_vllm_engine_kwargs``,
# modelscope/ms-swift@ff512877 swift/rlhf_trainers/args_mixin.py; @39bfc8a4 (v3.6.0)
# swift/llm/argument/infer_args.py), and the 0.9 share it passes whatever vLLM's default.
SWIFT_VLLM = swift.deploy(
    "vllm",
    {
        "vllm-tensor-parallel-size": "tp",
        "tensor-parallel-size": "tp",
        "vllm-pipeline-parallel-size": "pp",
        "pipeline-parallel-size": "pp",
        "vllm-data-parallel-size": "dp",
        "data-parallel-size": "dp",
        "vllm-enable-expert-parallel": "ep_enabled",
        "vllm-gpu-memory-utilization": "gpu_memory_utilization",
        "vllm-max-model-len": "max_model_len",
        "vllm-max-num-seqs": "max_num_seqs",
        "vllm-enforce-eager": "enforce_eager",
        "vllm-quantization": "quantization",
        "vllm-disable-custom-all-reduce": "disable_custom_all_reduce",
        "vllm-enable-prefix-caching": "enable_prefix_caching",
        "torch-dtype": "dtype",
    },
    {"gpu_memory_utilization": "0.9"},
)

# ms-swift's `swift rollout` (toplint.engines.swift.rollout): always vLLM, the same settings
SWIFT_ROLLOUT_VLLM = swift.rollout(SWIFT_VLLM)

# Xinference's `xinference launch --model-engine vllm` (toplint.engines.xinference): its own
# options, then vLLM's engine arguments in their Python names, every one with a value, which
# its vLLM model passes to ``AsyncEngineArgs(**model_config)`` (xinference/model/llm/vllm/core.py).
XINFERENCE_VLLM = xinference.spec(
    "vllm",
    dict(CLI.options),
    {k: v for k, v in _FIELDS.items() if k != "model"},
    "vLLM's `AsyncEngineArgs`",
)
