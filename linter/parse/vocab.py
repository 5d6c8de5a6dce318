"""Option names of each engine, as plain data (``toplint.parse.engines`` builds the specs).

``*_V``: options that take a value; ``*_F``: flags (booleans).  Sources per engine are cited in
``toplint.parse.engines``; ../shared/reference/engine-vocabulary.md §1-§4.
"""

from __future__ import annotations

VLLM_V = """
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

VLLM_F = """
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

SGLANG_V = """
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

SGLANG_F = """
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

TRTLLM_V = """
tokenizer host port backend custom_module_dirs log_level max_beam_width max_batch_size
max_num_tokens max_seq_len tensor_parallel_size pipeline_parallel_size context_parallel_size
moe_expert_parallel_size moe_cluster_parallel_size gpus_per_node free_gpu_memory_fraction
num_postprocess_workers revision extra_llm_api_options config reasoning_parser tool_parser
metadata_server_config_file server_role otlp_traces_endpoint disagg_cluster_uri
media_io_kwargs chat_template served_model_name
"""

TRTLLM_F = "trust_remote_code enable_chunked_prefill fail_fast_on_attention_window_too_large grpc"

TGI_V = """
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

TGI_F = """
trust-remote-code disable-custom-kernels json-output ngrok env disable-grammar-support
enable-prefill-logprobs
"""
