"""SGLang's option vocabulary: the names ``python -m sglang.launch_server`` accepts, those that
take a value and those that are switches (``toplint.engines.sglang.CLI``).

Two releases' ``server_args.py``, each the PyPI wheel's ``sglang/srt/server_args.py`` read with
Python's ast, and their union kept (a file written for either release uses its names):

- sglang 0.5.5.post3 (tag v0.5.5.post3): ``ServerArgs.add_cli_args``' ``add_argument`` calls;
- sglang 0.5.15.post1 (the wheel ``sglang-0.5.15.post1-cp311-cp311-manylinux_2_34_x86_64.whl``):
  most options are declared as ``ServerArgs`` dataclass fields annotated ``A[T, Arg(...)]`` and
  registered by ``arg_groups/arg_utils.py`` ``add_cli_args_from_dataclass`` - the option is
  ``Arg.cli_name`` or ``--`` and the field name with ``_`` as ``-``, ``Arg.aliases`` its aliases,
  ``no_cli=True`` fields none; a ``bool`` (or ``Optional[bool]``) field without an ``action`` is
  ``store_true``, a switch; ``argparse.BooleanOptionalAction`` fields are switches with a
  ``--no-`` form - and the rest by ``add_cli_args``' own ``add_argument`` calls
  (``arg_groups/argparse_actions.py``: ``DeprecatedAction``, ``DeprecatedStoreTrueAction`` and
  ``DeprecatedStoreConstAction`` take no value, ``DeprecatedAliasStoreAction`` takes one).
  ``VALUE_0_5_15``/``SWITCH_0_5_15`` are the names 0.5.15.post1 added to 0.5.5.post3's; its
  new aliases are ``ALIASES``.

From sglang 0.5.23 (the wheel ``sglang-0.5.23-cp311-cp311-manylinux_2_34_x86_64.whl``, fields
in ``arg_groups/fields/*.py``) only the aliases are read so far, with the options they name
that the two releases above lack (``VALUE_0_5_23``); its other new names are not.
"""

from __future__ import annotations

from toplint.engines.types import options

# The options of sglang 0.5.5.post3 (tag v0.5.5.post3; the PyPI wheel's
# sglang/srt/server_args.py, ``ServerArgs.add_cli_args``: 279 ``add_argument`` calls, read with
# Python's ast: the first long name is the option, the others aliases, store_true/store_false
# and zero-argument actions are switches), the release the real OME runtimes run
# (lmsysorg/sglang:v0.5.5.post3).  Kept besides, because earlier toplint vocabularies read them
# from other releases' server_args.py and files written for those releases use them:
# attn-cp-size cp-strategy dcp-size debug-tensor-dump-prefill-only disable-piecewise-cuda-graph
# enable-deepep-moe enable-ep-moe enable-flashinfer-cutlass-moe enable-flashinfer-moe
# enable-flashinfer-mxfp4-moe enable-flashinfer-trtllm-moe enable-prefill-cp
# enable-triton-kernel-moe moe-dp-size oltp-traces-endpoint pdlb-url pp-async-batch-depth
VALUE_0_5_5 = """
api-key attention-backend attn-cp-size base-gpu-id bucket-e2e-request-latency
bucket-inter-token-latency bucket-time-to-first-token chat-template chunked-prefill-size
completion-template config constrained-json-whitespace-pattern context-length cp-strategy
cpu-offload-gb crash-dump-folder cuda-graph-bs cuda-graph-max-bs custom-weight-loader dcp-size
debug-tensor-dump-inject debug-tensor-dump-input-file debug-tensor-dump-layers
debug-tensor-dump-output-folder decode-attention-backend decode-log-interval
decrypted-config-file decrypted-draft-config-file deepep-config deepep-mode device
disaggregation-bootstrap-port disaggregation-decode-dp disaggregation-decode-polling-interval
disaggregation-decode-tp disaggregation-ib-device disaggregation-mode disaggregation-prefill-pp
disaggregation-transfer-backend dist-init-addr dist-timeout download-dir dp-size
ds-channel-config-path ds-heavy-channel-num ds-heavy-channel-type ds-heavy-token-num
ds-sparse-decode-threshold dtype dynamic-batch-tokenizer-batch-size
dynamic-batch-tokenizer-batch-timeout elastic-ep-backend ep-dispatch-algorithm
ep-num-redundant-experts ep-size eplb-algorithm eplb-min-rebalancing-utilization-threshold
eplb-rebalance-layers-per-chunk eplb-rebalance-num-iterations
expert-distribution-recorder-buffer-size expert-distribution-recorder-mode
export-metrics-to-file-dir file-storage-path flashinfer-mxfp4-moe-precision
gc-warning-threshold-secs generation-tokens-buckets gpu-id-step grammar-backend
hicache-io-backend hicache-mem-layout hicache-ratio hicache-size hicache-storage-backend
hicache-storage-backend-extra-config hicache-storage-prefetch-policy hicache-write-policy host
hybrid-kvcache-ratio init-expert-location json-model-override-args kt-cpuinfer
kt-max-deferred-experts-per-token kt-method kt-num-gpu-experts kt-threadpool-count
kt-weight-path kv-cache-dtype kv-events-config load-balance-method load-format
load-watch-interval log-level log-level-http log-requests-level lora-backend
lora-eviction-policy lora-paths lora-target-modules mamba-full-memory-ratio mamba-ssm-dtype
max-loaded-loras max-lora-chunk-size max-lora-rank max-loras-per-batch max-mamba-cache-size
max-prefill-tokens max-queued-requests max-running-requests max-total-tokens mem-fraction-static
mm-attention-backend mm-max-concurrent-calls mm-per-request-timeout model-impl
model-loader-extra-config model-path modelopt-checkpoint-restore-path
modelopt-checkpoint-save-path modelopt-export-path modelopt-quant moe-a2a-backend
moe-dense-tp-size moe-dp-size moe-runner-backend mooncake-ib-device multi-item-scoring-delimiter
nccl-port nnodes node-rank nsa-decode-backend nsa-prefill-backend num-continuous-decode-steps
num-reserved-decode-tokens numa-node offload-group-size offload-mode offload-num-in-group
offload-prefetch-step oltp-traces-endpoint otlp-traces-endpoint page-size pdlb-url
pdmux-config-path piecewise-cuda-graph-compiler piecewise-cuda-graph-max-tokens
piecewise-cuda-graph-tokens port pp-async-batch-depth pp-max-micro-batch-size pp-size
preferred-sampling-params prefill-attention-backend priority-scheduling-preemption-threshold
prompt-tokens-buckets quantization quantization-param-path radix-eviction-policy random-seed
reasoning-parser remote-instance-weight-loader-seed-instance-ip
remote-instance-weight-loader-seed-instance-service-port
remote-instance-weight-loader-send-weights-group-ports revision rl-on-policy-target
sampling-backend sampling-defaults schedule-conservativeness schedule-policy
scheduler-recv-interval served-model-name sm-group-num speculative-accept-threshold-acc
speculative-accept-threshold-single speculative-algorithm speculative-attention-mode
speculative-draft-load-format speculative-draft-model-path speculative-draft-model-revision
speculative-eagle-topk speculative-moe-runner-backend speculative-ngram-branch-length
speculative-ngram-capacity speculative-ngram-match-type speculative-ngram-max-bfs-breadth
speculative-ngram-max-match-window-size speculative-ngram-min-bfs-breadth
speculative-ngram-min-match-window-size speculative-num-draft-tokens speculative-num-steps
speculative-token-map stream-interval swa-full-tokens-ratio tbo-token-distribution-threshold
tokenizer-metrics-allowed-custom-labels tokenizer-metrics-custom-labels-header tokenizer-mode
tokenizer-path tokenizer-worker-num tool-call-parser tool-server torch-compile-max-bs
torchao-config tp-size triton-attention-num-kv-splits triton-attention-split-tile-size warmups
watchdog-timeout weight-version
"""

SWITCH_0_5_5 = """
abort-on-priority-when-disabled allow-auto-truncate checkpoint-engine-wait-weights-before-ready
collect-tokens-histogram constrained-json-disable-any-whitespace debug-tensor-dump-prefill-only
delete-ckpt-after-loading disable-chunked-prefix-cache disable-cuda-graph
disable-cuda-graph-padding disable-custom-all-reduce disable-fast-image-processor
disable-flashinfer-cutlass-moe-fp4-allgather disable-hybrid-swa-memory
disable-outlines-disk-cache disable-overlap-schedule disable-piecewise-cuda-graph
disable-radix-cache disable-shared-experts-fusion disable-tokenizer-batch-decode
disaggregation-decode-enable-offload-kvcache enable-attn-tp-input-scattered
enable-broadcast-mm-inputs-process enable-cache-report enable-cudagraph-gc
enable-custom-logit-processor enable-deepep-moe enable-deterministic-inference
enable-double-sparsity enable-dp-attention enable-dp-lm-head enable-draft-weights-cpu-backup
enable-dynamic-batch-tokenizer enable-ep-moe enable-eplb enable-expert-distribution-metrics
enable-flashinfer-allreduce-fusion enable-flashinfer-cutlass-moe enable-flashinfer-moe
enable-flashinfer-mxfp4-moe enable-flashinfer-trtllm-moe enable-fp32-lm-head
enable-hierarchical-cache enable-layerwise-nvtx-marker enable-lmcache enable-lora
enable-memory-saver enable-metrics enable-metrics-for-all-schedulers enable-mixed-chunk
enable-mscclpp enable-multimodal enable-nan-detection enable-nccl-nvls enable-p2p-check
enable-pdmux enable-piecewise-cuda-graph enable-prefill-cp enable-priority-scheduling
enable-profile-cuda-graph enable-request-time-stats-logging enable-return-hidden-states
enable-single-batch-overlap enable-symm-mem enable-tokenizer-batch-encode enable-torch-compile
enable-torch-symm-mem enable-trace enable-triton-kernel-moe enable-two-batch-overlap
enable-weights-cpu-backup export-metrics-to-file flashinfer-mla-disable-ragged grpc-mode
is-embedding keep-mm-feature-on-device log-requests prefill-round-robin-balance
quantize-and-serve schedule-low-priority-values-first show-time-cost skip-server-warmup
skip-tokenizer-init sleep-on-idle stream-output triton-attention-reduce-in-fp32
trust-remote-code weight-loader-disable-mmap
"""

# Added by sglang 0.5.15.post1 (server_args.py of its wheel, read as the module docstring says).
VALUE_0_5_15 = """
admin-api-key asr-max-buffer-seconds asr-max-concurrent-sessions batch-notify-size
bf16-gemm-backend cuda-graph-backend-decode cuda-graph-backend-prefill cuda-graph-bs-decode
cuda-graph-bs-prefill cuda-graph-config cuda-graph-max-bs-decode cuda-graph-max-bs-prefill
cuda-graph-tc-compiler decoupled-spec-bind-endpoint decoupled-spec-connect-endpoints
decoupled-spec-rank decoupled-spec-role deepep-dispatcher-output-dtype default-priority-value
detokenizer-worker-num disaggregation-decode-extra-slots dllm-algorithm dllm-algorithm-config
dsa-decode-backend dsa-paged-mqa-logits-backend dsa-prefill-backend dsa-prefill-cp-mode
dsa-topk-backend encoder-bootstrap-port encoder-register-urls encoder-transfer-backend
encoder-urls engine-info-bootstrap-port extra-metric-labels fastapi-root-path
flashinfer-allreduce-fusion-backend forward-hooks forward-pass-metrics-ipc-name
forward-pass-metrics-worker-id fp4-gemm-backend fp8-gemm-backend gc-threshold
grpc-http-sidecar-port hf-chat-template-name hisparse-config int8-mamba-ckpt-size kv-canary
kv-canary-real-data kv-canary-sweep-interval limit-mm-data-per-request linear-attn-backend
linear-attn-decode-backend linear-attn-prefill-backend linear-replayssm-cache-len
lmcache-config-file load-snapshot-publish-interval log-requests-format log-requests-target
lora-drain-wait-threshold mamba-backend mamba-cache-philox-rounds mamba-radix-cache-strategy
mamba-scheduler-strategy mamba-track-interval min-free-slots-delay mm-process-config
model-checksum model-config-parser modelexpress-config msprobe-dump-config nsa-prefill-cp-mode
optimistic-prefill-retries prefill-cp-mode prefill-delayer-forward-passes-buckets
prefill-delayer-max-delay-ms prefill-delayer-max-delay-passes prefill-delayer-queue-min-ratio
prefill-delayer-token-usage-low-watermark prefill-delayer-wait-seconds-buckets
prefill-max-requests radix-cache-backend remote-instance-weight-loader-backend rl-quant-profile
soft-watchdog-timeout spec-trace-dir speculative-adaptive-config speculative-dflash-block-size
speculative-dflash-draft-window-size speculative-draft-attention-backend
speculative-draft-model-quantization speculative-draft-window-size speculative-moe-a2a-backend
speculative-ngram-external-corpus-max-tokens speculative-ngram-external-corpus-path
speculative-ngram-external-sam-budget speculative-ngram-max-trie-depth ssl-ca-certs ssl-certfile
ssl-keyfile ssl-keyfile-password tokenizer-backend trace-modules
uvicorn-access-log-exclude-prefixes weight-loader-prefetch-num-threads
"""

SWITCH_0_5_15 = """
debug-cuda-graph disable-attn-tp-gather disable-decode-cuda-graph disable-flashinfer-autotune
disable-prefill-cuda-graph disable-priority-preemption disaggregation-decode-enable-radix-cache
elastic-ep-rejoin enable-adaptive-dispatch-to-encoder enable-aiter-allreduce-fusion
enable-breakable-cuda-graph enable-deepep-waterfill enable-deepseek-v4-fp4-indexer
enable-dp-attention-local-control-broadcast enable-dsa-prefill-context-parallel
enable-dynamic-chunking enable-elastic-expert-backup enable-forward-pass-metrics
enable-fused-moe-sum-all-reduce enable-fused-qk-norm-rope enable-hisparse enable-http2
enable-int8-mamba-checkpoint enable-linear-replayssm enable-lora-overlap-loading
enable-mamba-cache-stochastic-rounding enable-mfu-metrics enable-mis enable-mm-global-cache
enable-multi-layer-eagle enable-nsa-prefill-context-parallel enable-page-major-kv-layout
enable-precise-embedding-interpolation enable-prefill-context-parallel enable-prefill-delayer
enable-prefix-mm-cache enable-quant-communications enable-return-indexer-topk
enable-return-routed-experts enable-session-radix-cache enable-ssl-refresh
enable-streaming-session enable-strict-thinking enable-tf32-matmul
enable-torch-compile-debug-mode enable-unified-memory encoder-only
enforce-disable-flashinfer-allreduce-fusion enforce-piecewise-cuda-graph
enforce-shared-experts-fusion experts-shared-outer-loras incremental-streaming-output
language-only lora-strict-loading lora-use-virtual-experts mm-enable-dp-encoder
no-experts-shared-outer-loras no-lora-strict-loading pre-warm-nccl prefill-only-disable-kv-cache
remote-instance-weight-loader-start-seed-via-transfer-engine speculative-adaptive
speculative-skip-dp-mlp-sync speculative-use-rejection-sampling
stream-response-default-include-usage strip-thinking-cache use-ray
weight-loader-drop-cache-after-load weight-loader-prefetch-checkpoints
"""

# The options 0.5.23's aliases name that 0.5.5.post3 and 0.5.15.post1 lack
# (arg_groups/fields/parallel.py ``attn_dp_size``, exec_.py ``cuda_graph_prefill_max_context``,
# observability.py ``smg_http_sidecar_port``; each an ``A[int, Arg(..., aliases=[...])]`` field,
# a value).  ``--attn-dp-size N`` is ``--dp-size N --enable-dp-attention`` spelt anew
# (``toplint.engines.sglang_dp``): a CLI option from 0.5.22 (0.5.21's ``attn_dp_size`` is a
# ``Derived`` field, no option).
VALUE_0_5_23 = """
attn-dp-size cuda-graph-prefill-max-context smg-http-sidecar-port
"""

# 0.5.15.post1's new aliases (``Arg.aliases``), then 0.5.23's: option -> the option it names.
# Every alias 0.5.23's parser accepts is here or in ``toplint.engines.sglang.CLI``'s own
# (``--tensor-parallel-size``, ``--data-parallel-size``, ``--ep``, ...); ``--tp`` and ``--dp``
# are argparse's unique prefixes of ``--tp-size`` and ``--dp-size`` (allow_abbrev), no alias.
ALIASES = {
    "--attention-context-parallel-size": "attn-cp-size",
    "--decode-context-parallel-size": "dcp-size",
    "--hierarchical-sparse-attention-extra-config": "hisparse-config",
    "--moe-data-parallel-size": "moe-dp-size",
    "--attention-data-parallel-size": "attn-dp-size",
    "--context-bucket": "cuda-graph-prefill-max-context",
    "--enable-hicache": "enable-hierarchical-cache",
    "--grpc-http-sidecar-port": "smg-http-sidecar-port",  # 0.5.15.post1's name, renamed
}

OPTIONS = options(VALUE_0_5_5 + VALUE_0_5_15 + VALUE_0_5_23, SWITCH_0_5_5 + SWITCH_0_5_15)

# Options earlier releases took and the releases above lack (``toplint.parse.retired`` judges
# them at the release an image pins): option -> (takes a value?, the first release read to take
# it, the first read to refuse or lack it, the last read to take it where the releases between
# it and that one were not read ("" all were), what to write instead ("" nothing said)).  Read
# from the PyPI wheels' sglang/srt/server_args.py (``add_argument`` calls, Python's ast) of
# sglang 0.4.4.post1, 0.4.5, 0.4.5.post3, 0.4.6, 0.4.7, 0.4.7.post1, 0.4.8, 0.4.8.post1, 0.4.9
# and 0.5.1, against 0.5.5.post3 above.  A ``DeprecatedAction`` option (0.4.5.post3 to 0.4.7:
# ``--enable-flashinfer-mla``) raises ValueError with its help when given: refused.  Release
# numbers have three parts (``toplint.engines.versions.version``), so a change inside a .postN
# series (``--disable-mla`` in 0.4.5, gone in 0.4.5.post3; ``--disable-overlap-cg-plan`` new in
# 0.4.7.post1) is dated at the series on the refusing side.  Two names only 0.4.5's series had
# (``--enable-flashmla``, ``--enable-llama4-multimodal``) are not listed: no three-part
# release takes them throughout.
RETIRED = {
    "enable-flashinfer-mla": (
        False,
        "0.4.4",
        "0.4.5",
        "",
        "write `--attention-backend flashinfer` (0.4.5.post3's deprecation message)",
    ),
    "disable-mla": (False, "0.4.4", "0.4.5", "", ""),
    "n-share-experts-fusion": (True, "0.4.5", "0.4.7", "", ""),
    "impl": (True, "0.4.7", "0.5.1", "0.4.9", ""),
    "max-micro-batch-size": (True, "0.4.7", "0.5.5", "0.5.1", ""),
    "disable-overlap-cg-plan": (False, "0.4.8", "0.5.1", "0.4.9", ""),
}
