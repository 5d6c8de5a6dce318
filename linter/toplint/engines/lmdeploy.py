"""LMDeploy (InternLM/lmdeploy): ``lmdeploy serve api_server MODEL --tp N`` (and ``lmdeploy chat``).

Vocabulary: ``SubCliServe.add_parser_api_server`` and ``ArgumentHelper`` in lmdeploy/cli/serve.py
and lmdeploy/cli/utils.py @1263d5c (version.py: 0.16.0).  The parser is LMDeploy's
``FlexibleArgumentParser`` (an argparse subclass that rewrites ``_`` to ``-`` in option names;
argparse's unique prefixes apply).  ``--tp``, ``--dp``, ``--ep``, ``--nnodes`` are sizes.

Two backends read the same sizes differently (``--backend``, default ``turbomind``; when the
model is not supported by TurboMind ``autoget_backend`` switches to PyTorch):

* PyTorch (lmdeploy/pytorch/config.py ``DistConfig.__post_init__``): world size = ep if ep > 1
  else tp; ``--dp`` must divide it and runs attention data-parallel inside those GPUs
  (attention TP = world / dp), like SGLang's DP attention.
* TurboMind (lmdeploy/turbomind/parallel_config.py ``derive_parallel_config``): devices =
  dp x tp (with cp = ep = 1), each DP rank a TP group of its own.
"""

from __future__ import annotations

from toplint.engines import swift
from toplint.engines.gpuneeds import MemoryAccounting
from toplint.engines.layout import planned
from toplint.engines.types import (
    Engine,
    EngineSpec,
    Image,
    Launch,
    Layout,
    options,
)
from toplint.infra.numbers import whole_text
from toplint.model import Deployment
from toplint.record import replace

_V = """
model-name server-name server-port allow-origins allow-methods allow-headers proxy-url
max-concurrent-requests allowed-media-domains backend log-level api-keys chat-template
tool-call-parser reasoning-parser revision download-dir generation-config adapters device
logprobs-mode dllm-block-length dllm-unmasking-strategy dllm-denoising-steps
dllm-confidence-threshold distributed-executor-backend kernel-block-size
prefix-cache-state-budget prefix-cache-decode-state-interval dtype tp session-len
max-batch-size cache-max-entry-count cache-block-seq-len max-prefill-token-num quant-policy
model-format hf-overrides dp ep role migration-backend cudagraph-capture-batch-sizes node-rank
nnodes cp rope-scaling-factor num-tokens-per-iter max-prefill-iters async communicator
dist-init-addr vision-max-batch-size speculative-algorithm speculative-draft-model
speculative-num-draft-tokens max-log-len
"""

_F = """
allow-credentials ssl disable-fastapi-docs allow-terminate-by-client enable-abort-handling
trust-remote-code eager-mode enable-return-routed-experts language-model-only
enable-prefix-caching disable-metrics enable-microbatch enable-eplb
"""

RELEASE = "0.16.0"

CLI = EngineSpec(
    name="lmdeploy",
    options=options(_V, _F),
    fields={"model": "model", "tp": "tp", "dp": "dp", "ep": "ep", "nnodes": "nodes"},
    release=RELEASE,
)


# ``lmdeploy chat MODEL``: the terminal chat builds the same engine on the same GPUs as
# ``serve api_server`` (lmdeploy/cli/chat.py ``build_pipe``: ``pipeline(model_path,
# backend_config=...)`` from the same --tp/--session-len/--cache-max-entry-count), with the
# vocabulary of ``CLI.add_parser_chat`` in lmdeploy/cli/cli.py @1263d5c (0.16.0).
_CHAT_V = """
backend chat-template revision download-dir adapters device dllm-block-length
prefix-cache-state-budget prefix-cache-decode-state-interval dtype tp session-len
cache-max-entry-count quant-policy model-format rope-scaling-factor communicator cp async
speculative-algorithm speculative-draft-model speculative-num-draft-tokens
"""
_CHAT_F = "trust-remote-code eager-mode enable-prefix-caching language-model-only"

CHAT = EngineSpec(
    name="lmdeploy-chat",
    options=options(_CHAT_V, _CHAT_F),
    fields={"model": "model", "tp": "tp"},
    engine="lmdeploy",
    release=RELEASE,
    program="lmdeploy chat",
)

# Before v0.5.1 the chat named its engine as a sub-command, ``lmdeploy chat turbomind MODEL`` and
# ``lmdeploy chat torch MODEL`` (InternLM/lmdeploy@d99bc9c99, #922, first released in v0.2.0;
# removed by @315c2ad18, #1899, first released in v0.5.1): ``SubCliChat.add_parser_turbomind``
# and ``add_parser_torch`` in lmdeploy/cli/chat.py @v0.5.0 (with @v0.2.0's --meta-instruction).
# A TurboMind workspace converted offline keeps the sizes it was converted with in its
# config.ini (the sub-command's own help: "all arguments for engine config would be ignored").
_CHAT_TURBOMIND_V = """
tp model-format quant-policy model-name cache-max-entry-count cache-block-seq-len
rope-scaling-factor session-len cap meta-instruction revision download-dir
"""
_CHAT_TORCH_V = """
model-name tp session-len adapters cache-max-entry-count cache-block-seq-len revision
download-dir
"""

CHAT_TURBOMIND = EngineSpec(
    name="lmdeploy-chat-turbomind",
    options=options(_CHAT_TURBOMIND_V, ""),
    fields={"model": "model", "tp": "tp"},
    engine="lmdeploy",
    release="0.5.0",
    program="lmdeploy chat turbomind",
)

CHAT_TORCH = EngineSpec(
    name="lmdeploy-chat-torch",
    options=options(_CHAT_TORCH_V, "trust-remote-code"),
    fields={"model": "model", "tp": "tp"},
    engine="lmdeploy",
    release="0.5.0",
    program="lmdeploy chat torch",
    implied={"backend": "pytorch"},  # the sub-command runs the PyTorch engine
)


def _int(value: object, default: int = 1) -> int:
    number = whole_text(str(value).strip().strip("'\""), -(1 << 63))
    return default if number is None else number


def derive(dep: Deployment) -> Deployment:
    """Sizes as the backend reads them (module docstring); idempotent."""
    opts = dict(dep.options)
    notes = list(dep.notes)
    ep_enabled = dep.ep is not None and dep.ep > 1
    backend = str(opts.get("backend", "")).strip("'\"")
    flag = dep.flag("dp")
    dp = dep.dp if flag is None or flag.value is None else _int(flag.value)
    if backend != "pytorch":
        if not backend and ((dp or 1) > 1 or ep_enabled):
            note = (
                "LMDeploy without --backend: read as TurboMind (its default); when TurboMind "
                "does not support the model LMDeploy runs PyTorch, where --dp is attention "
                "data parallelism inside the --tp GPUs"
            )
            notes.append(note)
        return replace(dep, dp=dp, ep_enabled=ep_enabled, notes=tuple(dict.fromkeys(notes)))
    dp, attention = _pytorch_dp(dep.tp, dep.ep, dp)
    if attention > 1:
        opts["attention_dp"] = str(attention)
    else:
        opts.pop("attention_dp", None)
    return replace(
        dep, dp=dp, ep_enabled=ep_enabled, options=opts, notes=tuple(dict.fromkeys(notes))
    )


def _pytorch_dp(tp: int | None, ep: int | None, dp: int | None) -> tuple[int | None, int]:
    """(DP ranks that add GPUs, attention-DP degree inside each TP group) on PyTorch.

    World size W = ep if ep > 1 else tp; attention TP = W / dp (``DistConfig``).  The DP ranks
    beyond the TP group's GPUs are W / tp; the rest of --dp shares those GPUs.
    """
    if tp is None or dp is None or (ep is not None and ep > 1 and ep % tp):
        return dp, 1
    world = ep if ep is not None and ep > 1 else tp
    outer = max(world // tp, 1)
    return outer, max(dp // outer, 1)


def attention_dp(dep: Deployment) -> int:
    return _int(dep.options.get("attention_dp", "1"))


# DP attention is the PyTorch backend's reading of --dp (module docstring); no pipeline
# parallelism (no --pp)
LAYOUT = Layout(
    tp="--tp",
    dp="--dp",
    ep="--ep",
    nodes="--nnodes",
    node_rank="--node-rank",
    attention_dp="--backend pytorch",
)


def command(model: str, tp: int, pp: int, dp: int, ep: int, nodes: int) -> str:
    """``toplint plan`` (TurboMind reading: DP replicas of TP groups; no pipeline parallelism)."""
    parts = ("lmdeploy serve api_server", model, planned(LAYOUT, tp, pp, dp, ep, nodes))
    return " ".join(p for p in parts if p)


# ms-swift's `swift deploy --infer_backend lmdeploy` (toplint.engines.swift): its settings for
# LMDeploy, prefixed from v3.7.0 and unprefixed before (``LmdeployArguments``,
# modelscope/ms-swift@ff512877 swift/arguments/infer_args.py; @39bfc8a4 (v3.6.0)
# swift/llm/argument/infer_args.py).
SWIFT_LMDEPLOY = swift.deploy(
    "lmdeploy",
    {
        "lmdeploy-tp": "tp",
        "tp": "tp",
        "lmdeploy-session-len": "session_len",
        "session-len": "session_len",
        "lmdeploy-cache-max-entry-count": "cache_max_entry_count",
        "cache-max-entry-count": "cache_max_entry_count",
        "lmdeploy-quant-policy": "quant_policy",
        "quant-policy": "quant_policy",
        "torch-dtype": "dtype",
    },
)


ENGINE = Engine(
    name="lmdeploy",
    title="LMDeploy",
    cli=CLI,
    # TurboMind's --communicator defaults to "nccl" (lmdeploy/cli/utils.py
    # ``ArgumentHelper.communicator``; LMDeploy's own kernel, "cuda-ipc" in
    # src/turbomind/comm/cuda_ipc/allreduce.cu, is opt-in), and the PyTorch backend all-reduces
    # through torch.distributed (lmdeploy/pytorch/distributed.py ``all_reduce``).
    allreduce="nccl",
    # --communicator cuda-ipc (and its deprecated alias native) selects LMDeploy's kernel
    allreduce_options={
        "communicator=cuda-ipc": "lmdeploy-custom",
        "communicator=native": "lmdeploy-custom",
    },
    layout=LAYOUT,
    launches=(
        Launch(("lmdeploy", "serve", "api_server"), "lmdeploy"),
        Launch(("lmdeploy", "chat", "turbomind"), "lmdeploy-chat-turbomind"),
        Launch(("lmdeploy", "chat", "torch"), "lmdeploy-chat-torch"),
        Launch(("lmdeploy", "chat"), "lmdeploy-chat"),
    ),
    platform_launches=(swift.launch("lmdeploy"),),
    wrappers=(SWIFT_LMDEPLOY, CHAT, CHAT_TURBOMIND, CHAT_TORCH),
    # openmmlab/lmdeploy images have no engine ENTRYPOINT (docker/Dockerfile; docs/en/llm/
    # api_server.md runs `docker run ... openmmlab/lmdeploy:latest lmdeploy serve api_server`).
    images=(Image("openmmlab/lmdeploy"),),
    packages=("lmdeploy",),
    env_prefixes=("LMDEPLOY_",),
    derive=derive,
    served="toplint.engines.lmdeploy_served",
    attention_dp=attention_dp,
    dimensions=frozenset({"tp", "dp", "ep"}),
    # EP spans the whole world (PyTorch: world = ep; TurboMind: dp x tp x ... devices), i.e.
    # the DP x TP ranks
    ep_layout="dp_x_tp",
    plan_command=command,
    # TurboMind replicates KV heads a TP size exceeds since InternLM/lmdeploy@e20999f78 (#2874,
    # first released in v0.6.5: lmdeploy/turbomind/deploy/target_model/base.py ``repeat_kv``);
    # before, every rank took ``kv_head_num / tensor_para.world_size_`` of them (v0.5.1
    # src/turbomind/models/llama/LlamaV2.cc, unified_attention_layer.h): GLM-4-9B's 2 KV heads
    # at --tp 4 are 0 per rank and the server stops with a floating point exception
    # (InternLM/lmdeploy#2089).
    kv_heads_replicated_since="0.6.5",
    kv_heads_replicated_when="backend!=pytorch",
    # TurboMind converts AWQ and GPTQ checkpoints of group size 128 only: "Unsupported
    # group_size=... Supported group_size values: 128" (InternLM/lmdeploy@1263d5cd8, v0.16.0,
    # lmdeploy/turbomind/converter.py ``_SUPPORTED_GROUP_SIZES``/``_validate_quant_group_size``);
    # v0.5 stopped at an assertion for the same reason ("目前只支持 128 的 group size",
    # InternLM/lmdeploy#2219).  The PyTorch backend is not claimed.
    quant_group_sizes={"awq": frozenset({128}), "gptq": frozenset({128})},
    quant_format_option="model_format",
    quant_group_sizes_unless="backend=pytorch",
    memory=MemoryAccounting(
        keys=("cache_max_entry_count",),
        default=0.8,
        of_total=False,
        context_keys=("session_len",),
        beside="free_share",
        beside_source="InternLM/lmdeploy@9098ae8c1a src/turbomind/models/llama/"
        "BlockManager.cc GetBlockCount (free memory after the weights x ratio)",
        # TurboMind sizes the KV cache as the ratio of the memory free once the weights are
        # loaded (the minimum over the TP group): BlockManager::GetBlockCount `free * ratio`,
        # called from the LlamaBatch constructor before its working buffers are allocated
        # (InternLM/lmdeploy@9098ae8c1a, v0.9.2, src/turbomind/models/llama/BlockManager.cc,
        # LlamaBatch.cc); at 1263d5cd88 TurboMind::Impl::CreateEngine takes `free_bytes *
        # cache_ratio` before creating the model (src/turbomind/turbomind.cc).  A session_len
        # the blocks cannot hold is truncated with a warning ("No enough blocks for
        # `session_len`"), never refused - hence no refuses_long_context.
        source="InternLM/lmdeploy@9098ae8c1a src/turbomind/models/llama/BlockManager.cc "
        "GetBlockCount (free memory after the weights x --cache-max-entry-count)",
    ),
)
