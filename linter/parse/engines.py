"""Engine option vocabularies: which options exist, which take a value, which set what.

Source: ../shared/reference/engine-vocabulary.md (vLLM ``vllm/engine/arg_utils.py`` and
``vllm/utils/argparse_utils.py``; SGLang ``server_args.py``; TensorRT-LLM ``commands/serve.py``;
TGI ``launcher/src/main.rs``; Dynamo ``components/backends/*/args.py``).  Option lists are kept
as whitespace-separated words: "V" lists take a value, "F" lists are flags.
"""

from __future__ import annotations

from collections.abc import Mapping

from toplint.parse import vocab
from toplint.record import field, record


@record
class EngineSpec:
    name: str  # key in ENGINES ("vllm", "dynamo-vllm", ...)
    # canonical long option (without leading dashes) -> takes a value?
    options: Mapping[str, bool]
    # alias (with dashes, exactly as typed) -> canonical
    aliases: Mapping[str, str] = field(default_factory=dict)
    # canonical option -> Deployment field it sets ("tp", "pp", "dp", "dp_local", "ep", "model",
    # "ep_enabled", "nodes", "gpus_per_node") or an options key (anything else)
    fields: Mapping[str, str] = field(default_factory=dict)
    underscores_are_dashes: bool = True  # vLLM's FlexibleArgumentParser; click/clap do not
    allow_abbrev: bool = True  # argparse's unique-prefix matching (click and clap: none)
    negatable: frozenset[str] = frozenset()  # BooleanOptionalAction flags: --no-<name>
    engine: str = ""  # Deployment.engine this spec reads for (default: ``name``)
    env: Mapping[str, str] = field(default_factory=dict)  # env var -> canonical (clap `env`)
    config_options: tuple[str, ...] = ()  # options naming an engine config file (YAML)
    config_overrides_cli: bool = False  # TRT-LLM: the YAML wins; vLLM/SGLang: the CLI wins
    strict_config_keys: bool = True  # unknown config-file keys are TL005 (not for LLM-API YAML)

    @property
    def engine_name(self) -> str:
        return self.engine or self.name

    def long_options(self) -> Mapping[str, str]:
        """Every long spelling (without dashes) -> canonical, for prefix matching.

        Built once per spec (the table has hundreds of entries and every option token of every
        command line asks for it); the cache holds the spec, so an id is never reused.
        """
        hit = _LONGS.get(id(self))
        if hit is not None and hit[0] is self:
            return hit[1]
        out = {name: name for name in self.options}
        for alias, canonical in self.aliases.items():
            if alias.startswith("--"):
                out[alias[2:]] = canonical
        _LONGS[id(self)] = (self, out)
        return out


_LONGS: dict[int, tuple[EngineSpec, dict[str, str]]] = {}


def _opts(with_value: str, flags: str) -> dict[str, bool]:
    out = {name: True for name in with_value.split()}
    out.update({name: False for name in flags.split()})
    return out


# vLLM: EngineArgs.add_cli_args (model, load, parallel, cache, multimodal, LoRA, scheduler,
# speculative, observability, VllmConfig groups) + the OpenAI server (`make_arg_parser`).  Older
# names that recent releases still accept or that real configs use are kept.

VLLM_BOOLEAN = frozenset(vocab.VLLM_F.split())

_VLLM_FIELDS = {
    "model": "model",
    "tensor-parallel-size": "tp",
    "pipeline-parallel-size": "pp",
    "data-parallel-size": "dp",
    "data-parallel-size-local": "dp_local",
    "enable-expert-parallel": "ep_enabled",
    "nnodes": "nodes",
    "kv-transfer-config": "kv_transfer",
}

VLLM = EngineSpec(
    name="vllm",
    options=_opts(vocab.VLLM_V, vocab.VLLM_F),
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
    fields=_VLLM_FIELDS,
    negatable=VLLM_BOOLEAN,
    config_options=("config",),
)

# SGLang ServerArgs.add_cli_args: plain argparse (no underscore rewriting), allow_abbrev on.

SGLANG = EngineSpec(
    name="sglang",
    options=_opts(vocab.SGLANG_V, vocab.SGLANG_F),
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
)

# TensorRT-LLM `trtllm-serve serve MODEL` (click: options exactly as declared, no prefixes).

TRTLLM = EngineSpec(
    name="trtllm",
    options=_opts(vocab.TRTLLM_V, vocab.TRTLLM_F),
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
)

# TGI launcher (clap): long options, every one also read from the upper-cased env var.
_TGI_OPTIONS = _opts(vocab.TGI_V, vocab.TGI_F)

TGI = EngineSpec(
    name="tgi",
    options=_TGI_OPTIONS,
    aliases={"-p": "port", "-e": "env", "-H": "hostname"},
    fields={"model-id": "model", "num-shard": "tp"},
    underscores_are_dashes=False,
    allow_abbrev=False,
    env={name.upper().replace("-", "_"): name for name in _TGI_OPTIONS},
)

# Dynamo workers forward the engine's own arguments and add their own.
_DYNAMO_COMMON = """endpoint migration-limit dyn-tool-call-parser dyn-reasoning-parser
custom-jinja-template request-plane event-plane dyn-endpoint-types"""
DYNAMO_VLLM = EngineSpec(
    name="dynamo-vllm",
    options={
        **VLLM.options,
        **_opts(
            _DYNAMO_COMMON + " disaggregation-mode connector",
            "is-prefill-worker is-decode-worker use-vllm-tokenizer enable-multimodal",
        ),
    },
    aliases=VLLM.aliases,
    fields=_VLLM_FIELDS,
    negatable=VLLM_BOOLEAN,
    engine="vllm",
    config_options=("config",),
)
DYNAMO_SGLANG = EngineSpec(
    name="dynamo-sglang",
    options={**SGLANG.options, **_opts(_DYNAMO_COMMON, "use-sglang-tokenizer")},
    aliases=SGLANG.aliases,
    fields=SGLANG.fields,
    underscores_are_dashes=False,
    engine="sglang",
    config_options=("config",),
)
DYNAMO_TRTLLM = EngineSpec(
    name="dynamo-trtllm",
    options=_opts(
        _DYNAMO_COMMON
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
)

# KServe `python -m huggingfaceserver`: KServe's model-server options + vLLM's engine args
# (one FlexibleArgumentParser, so `--model_id` and `--model-id` are the same option).
HUGGINGFACESERVER = EngineSpec(
    name="huggingfaceserver",
    options={
        **VLLM.options,
        **_opts(
            """model-name model-dir model-id model-revision backend max-length
            tensor-input-names predictor-host http-port grpc-port workers max-threads
            max-asyncio-workers log-config-file access-log-format request-timeout""",
            """disable-lower-case disable-special-tokens return-token-type-ids
            return-probabilities enable-grpc enable-docs-url enable-latency-logging
            configure-logging""",
        ),
    },
    aliases=VLLM.aliases,
    fields={**_VLLM_FIELDS, "model-id": "model", "model-dir": "model"},
    negatable=VLLM_BOOLEAN,
    engine="vllm",
)

ENGINES: dict[str, EngineSpec] = {
    spec.name: spec
    for spec in (VLLM, SGLANG, TRTLLM, TGI, DYNAMO_VLLM, DYNAMO_SGLANG, DYNAMO_TRTLLM)
}
ENGINES[HUGGINGFACESERVER.name] = HUGGINGFACESERVER

# SGLang MoE all-to-all backends that force ep_size = tp_size (engine-vocabulary.md §2,
# server_args.py `_handle_a2a_moe`).
SGLANG_EP_EQUALS_TP = frozenset({"deepep", "mooncake", "ascend_fuseep", "megamoe", "deepep_v2"})
