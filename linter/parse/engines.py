"""Engine option vocabularies: which options exist, which take a value, which set what.

Source: ../shared/reference/engine-vocabulary.md (vLLM ``vllm/engine/arg_utils.py`` and
``vllm/utils/argparse_utils.py``; SGLang ``server_args.py``; TensorRT-LLM ``commands/serve.py``;
TGI ``launcher/src/main.rs``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class EngineSpec:
    name: str
    # canonical long option (without leading dashes) -> takes a value?
    options: Mapping[str, bool]
    # alias (with dashes, exactly as typed) -> canonical
    aliases: Mapping[str, str] = field(default_factory=dict)
    # canonical option -> Deployment field it sets ("tp", "pp", "dp", "dp_local", "ep", "model",
    # "ep_enabled", "nodes", "gpus_per_node") or an options key (anything else)
    fields: Mapping[str, str] = field(default_factory=dict)
    underscores_are_dashes: bool = True  # vLLM/SGLang argparse rewrite; click (TRT-LLM) does not
    allow_abbrev: bool = True  # argparse's unique-prefix matching
    negatable: frozenset[str] = frozenset()  # BooleanOptionalAction flags: --no-<name>


def _opts(with_value: str, flags: str) -> dict[str, bool]:
    out = {name: True for name in with_value.split()}
    out.update({name: False for name in flags.split()})
    return out


VLLM_BOOLEAN = frozenset(
    [
        "enable-expert-parallel",
        "enable-eplb",
        "enable-elastic-ep",
        "enable-dbo",
        "enable-chunked-prefill",
        "enable-prefix-caching",
        "enforce-eager",
        "trust-remote-code",
        "disable-custom-all-reduce",
        "headless",
        "data-parallel-hybrid-lb",
        "data-parallel-external-lb",
        "disable-log-requests",
        "disable-log-stats",
        "enable-lora",
        "enable-auto-tool-choice",
        "disable-sliding-window",
        "enable-sleep-mode",
        "async-scheduling",
        "enable-log-requests",
        "disable-frontend-multiprocessing",
        "ray-workers-use-nsight",
        "disable-nccl-for-dp-synchronization",
        "skip-tokenizer-init",
        "enable-prompt-tokens-details",
        "enable-server-load-tracking",
        "enable-force-include-usage",
        "disable-fastapi-docs",
        "enable-request-id-headers",
        "disable-uvicorn-access-log",
        "enable-tokenizer-info-endpoint",
        "enable-log-outputs",
        "numa-bind",
    ]
)

VLLM = EngineSpec(
    name="vllm",
    options=_opts(
        """model tensor-parallel-size pipeline-parallel-size data-parallel-size
        data-parallel-size-local data-parallel-start-rank data-parallel-rank data-parallel-address
        data-parallel-rpc-port data-parallel-backend all2all-backend expert-placement-strategy
        eplb-config decode-context-parallel-size prefill-context-parallel-size
        distributed-executor-backend nnodes node-rank master-addr master-port api-server-count
        distributed-timeout-seconds max-parallel-loading-workers worker-cls worker-extension-cls
        gpu-memory-utilization max-model-len dtype kv-cache-dtype quantization max-num-seqs
        max-num-batched-tokens kv-transfer-config kv-events-config block-size cpu-offload-gb
        swap-space host port uvicorn-log-level api-key served-model-name tokenizer revision
        tokenizer-revision tokenizer-mode download-dir load-format seed max-logprobs
        chat-template tool-call-parser reasoning-parser max-loras max-lora-rank lora-modules
        compilation-config speculative-config kv-cache-memory-bytes optimization-level
        limit-mm-per-prompt mm-processor-kwargs hf-overrides override-generation-config
        generation-config guided-decoding-backend structured-outputs-config scheduling-policy
        long-prefill-token-threshold max-num-partial-prefills num-gpu-blocks-override
        ubatch-size dbo-decode-token-threshold dbo-prefill-token-threshold
        dcp-kv-cache-interleave-size cp-kv-cache-interleave-size dcp-comm-backend
        num-redundant-experts eplb-window-size eplb-step-interval runner convert task
        config otlp-traces-endpoint collect-detailed-traces root-path middleware
        allowed-origins allowed-methods allowed-headers ssl-keyfile ssl-certfile
        response-role rope-scaling rope-theta max-seq-len-to-capture
        max-cudagraph-capture-size cuda-graph-sizes logits-processor-pattern
        pooler-config mm-encoder-tp-mode media-io-kwargs numa-bind-nodes numa-bind-cpus
        model-impl attention-backend data-parallel-master-port""",
        " ".join(VLLM_BOOLEAN),
    ),
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
    fields={
        "model": "model",
        "tensor-parallel-size": "tp",
        "pipeline-parallel-size": "pp",
        "data-parallel-size": "dp",
        "data-parallel-size-local": "dp_local",
        "enable-expert-parallel": "ep_enabled",
        "nnodes": "nodes",
    },
    negatable=VLLM_BOOLEAN,
)

ENGINES: dict[str, EngineSpec] = {"vllm": VLLM}
