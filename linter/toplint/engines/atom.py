"""ROCm ATOM (ROCm/ATOM): ``python -m atom.entrypoints.openai_server --model M -tp N``.

Every fact below was read at ROCm/ATOM@ffdf3bb5d (``git describe``: v0.1.6-rc0-323).

Vocabulary: ``EngineArgs.add_cli_args`` (atom/model_engine/arg_utils.py) plus the server's own
options (``main`` in atom/entrypoints/openai/api_server.py, which atom/entrypoints/
openai_server.py runs).  The parser is ATOM's ``FlexibleArgumentParser`` (atom/utils/
arg_parser.py): an argparse subclass that registers both the ``--kebab-case`` and the
``--snake_case`` spelling of every long option (``--kv_cache_dtype`` and ``--kv-cache-dtype``);
argparse's unique prefixes apply.  ``-tp``, ``-pp``, ``-dp``, ``-pcp`` and ``-dcp`` are the
single-dash spellings of the parallel sizes.  ``--load_dummy``, ``--enable-tbo`` and
``--all2all-backend`` take an optional value (``nargs="?"``): read as taking one.

Layout, as the engine sets it up:

* TP: ``--tensor-parallel-size``; ``Config.__post_init__`` asserts ``1 <= tp <= 8``
  (atom/config.py).
* DP without ``--enable-dp-attention``: ``CoreManager`` starts ``dp_size * pp_size``
  EngineCores, each a TP group of its own (atom/model_engine/engine_core_mgr.py), and the MoE
  layers stay inside each DP rank's TP group ("Otherwise, use pure DP for MoE",
  ``FusedMoEParallelConfig.make`` in atom/model_ops/moe.py).
* ``--enable-dp-attention``: ``CoreManager`` starts ``tp * dp`` EngineCores of TP 1
  ("logical = tensor_parallel_size * data_parallel_size"; ``config.tensor_parallel_size = 1``)
  and the MoE layers are sharded over all of them (``flatten_tp_across_dp``: ``tp_size =
  dp_logical * tp_size_``).  Read here as SGLang's DP attention is: one group of tp x dp GPUs
  whose attention runs data-parallel on every GPU (attention TP 1).
* EP: ``--enable-expert-parallel`` is a switch; EP is the MoE group just described
  (``ep_size = tp_size`` of ``FusedMoEParallelConfig.make``): TP without DP attention, tp x dp
  with it.
* PP: ``--pipeline-parallel-size``, one EngineCore per stage; PP with DP and PP with DP
  attention are refused ("Pipeline parallel combined with data parallel is not supported yet",
  engine_core_mgr.py; llm_engine.py ``LLMEngine.__init__``).
* One host: the server starts every EngineCore and TP worker itself with
  ``torch.multiprocessing`` (engine_core_mgr.py), and no option names a node count or rank.
* Prefill/decode context parallelism (``-pcp``, ``-dcp``) is not modelled: DCP reuses the TP
  GPUs (``ParallelConfig.decode_context_parallel_size``); ``-pcp`` multiplies them ("world = tp
  x pcp", its help), and those GPUs are not counted.
"""

from __future__ import annotations

from toplint.engines.gpuneeds import MemoryAccounting
from toplint.engines.layout import planned
from toplint.engines.types import (
    Engine,
    EngineSpec,
    Image,
    Layout,
    options,
)
from toplint.infra.numbers import whole_text
from toplint.model import Deployment
from toplint.record import replace

# Options that take a value (arg_utils.py ``EngineArgs.add_cli_args``, then api_server.py
# ``main``), in their dash spelling.
_V = """
model served-model-name tensor-parallel-size pipeline-parallel-size
prefill-context-parallel-size data-parallel-size decode-context-parallel-size port
kv-cache-dtype index-cache-dtype block-size max-model-len cudagraph-capture-sizes level
cudagraph-mode load-dummy torch-profiler-dir dp-load-balance enable-tbo all2all-backend
moe-backend method num-speculative-tokens draft-model spec-decode-acceptance-length
spec-decode-acceptance-rate max-num-batched-tokens long-prefill-token-threshold
attn-prefill-chunk-size state-checkpoint-interval-tokens max-num-seqs gpu-memory-utilization
kv-transfer-config scheduler-delay-factor disagg-prefill-max-num-seqs online-quant-config
hf-overrides dspark-config dcp-config eplb-config
host server-port timeout-keep-alive chat-template default-chat-template-kwargs request-log
"""

_F = """
trust-remote-code enforce-eager enable-prefix-caching enable-expert-parallel fake-eplb
enable-dp-attention enable-chunked-prefill mark-trace enable-rapidserve disagg-constrained
eplb-enable disable-uvicorn-access-log
"""

CLI = EngineSpec(
    name="atom",
    options=options(_V, _F),
    aliases={
        "-tp": "tensor-parallel-size",
        "-pp": "pipeline-parallel-size",
        "-pcp": "prefill-context-parallel-size",
        "-dp": "data-parallel-size",
        "-dcp": "decode-context-parallel-size",
        "--enable-eplb": "eplb-enable",
    },
    fields={
        "model": "model",
        "tensor-parallel-size": "tp",
        "pipeline-parallel-size": "pp",
        "data-parallel-size": "dp",
        "enable-expert-parallel": "ep_enabled",
    },
    # argparse.BooleanOptionalAction: --no-enable_prefix_caching, --no-enable_chunked_prefill
    negatable=frozenset({"enable-prefix-caching", "enable-chunked-prefill"}),
    # ffdf3bb is 323 commits past v0.1.6-rc0, and the rocm/atom image tags start with the ROCm
    # release ("rocm7.2.2_..._atom0.1.2.post"): no release is compared.
    release="",
)


def _int(value: object) -> int | None:
    return whole_text(str(value).strip().strip("'\""), -(1 << 63))


def derive(dep: Deployment) -> Deployment:
    """Sizes as ATOM's CoreManager and FusedMoE read them (module docstring); idempotent."""
    opts = dict(dep.options)
    sources = dict(dep.sources)
    unresolved = dep.unresolved
    tp, dp = dep.tp, dep.dp
    if opts.get("enable_dp_attention") == "true":
        flag = dep.flag("data-parallel-size")
        # once derived, the sizes are those of the whole group (DP folded into TP)
        if "attention_dp" not in opts:
            dp_size = 1 if flag is None else (None if flag.value is None else _int(flag.value))
            if tp is not None and dp_size is not None:
                tp = tp * dp_size
                opts["attention_dp"] = str(tp)
            else:
                opts["attention_dp"] = "unresolved"
                tp = None
                unresolved += tuple(
                    replace(u, field="tp") for u in dep.unresolved if u.field == "dp"
                )
            dp = 1
    ep_enabled = bool(dep.ep_enabled)
    ep = (tp if ep_enabled else 1) if (tp is not None or not ep_enabled) else None
    if ep_enabled and ep is not None and "tp" in sources:
        sources["ep"] = sources["tp"]
    return replace(
        dep,
        tp=tp,
        dp=dp,
        ep=ep,
        ep_enabled=ep_enabled and (ep is None or ep > 1),
        options=opts,
        sources=sources,
        unresolved=unresolved,
    )


def attention_dp(dep: Deployment) -> int:
    """Attention data-parallel degree inside the group ``derive`` folds DP attention into."""
    value = _int(dep.options.get("attention_dp", "1"))
    return value if value is not None and value > 0 else 1


LAYOUT = Layout(
    tp="--tensor-parallel-size",
    pp="--pipeline-parallel-size",
    dp="--data-parallel-size",
    ep_switch="--enable-expert-parallel",
    # --enable-dp-attention is read (``derive``) but never written: toplint's attention-DP
    # layouts are SGLang's (--tp GROUP --dp DEGREE inside it), which ATOM would read as
    # tp x dp GPUs
)


def command(model: str, tp: int, pp: int, dp: int, ep: int, nodes: int) -> str:
    """``toplint plan``: one host; EP is the TP group (``--enable-expert-parallel``)."""
    parts = (
        "python3 -m atom.entrypoints.openai_server --model",
        model,
        planned(LAYOUT, tp, pp, dp, ep, nodes),
    )
    return " ".join(p for p in parts if p)


ENGINE = Engine(
    name="atom",
    title="ATOM",
    cli=CLI,
    # The TP all-reduce is aiter's (atom/model_ops/communication_op.py
    # ``tensor_model_parallel_all_reduce`` -> aiter.dist.communication_op), whose group
    # coordinator runs aiter's custom all-reduce where it applies and RCCL otherwise
    # (aiter/dist/device_communicators/custom_all_reduce.py: worlds 2/4/6/8 on one node,
    # inputs up to max_size 64 MiB).  Priced by toplint.cost.kernels "aiter-custom".
    allreduce="aiter-custom",
    layout=LAYOUT,
    # No console script (pyproject.toml declares none): the server is started as a module;
    # atom/entrypoints/openai_server.py is the documented one (README.md "Serving") and runs
    # atom.entrypoints.openai.api_server's ``main``.
    modules={
        "atom.entrypoints.openai_server": "atom",
        "atom.entrypoints.openai.api_server": "atom",
    },
    # rocm/atom (releases) and rocm/atom-dev (README.md "Pre-built image"; .github/workflows/
    # docker-release.yaml pushes atom_release:ci to it): docker/atom_release.dockerfile and
    # docker/Dockerfile end with CMD ["/bin/bash"], no engine ENTRYPOINT.
    images=(Image("rocm/atom"), Image("rocm/atom-dev")),
    env_prefixes=("ATOM_",),
    derive=derive,
    attention_dp=attention_dp,
    single_node=True,
    # "atom" is in "atomic": tiammomo/local-inference-stack@0cbeee43's ``atomic_write_private_text``
    # of its own helpers had been read as naming ATOM
    common_word=True,
    # EP is the MoE group, strided inside the (possibly DP-folded) TP group: ep == tp
    ep_layout="inside_tp",
    # QKVParallelLinear gives each rank total_kv_heads / tp heads, or one head replicated
    # tp / total_kv_heads times when TP exceeds them (atom/model_ops/linear.py)
    replicates_kv_heads=True,
    # The MoE all-to-all is not priced: MoRI dispatch/combine runs only with EP and more than
    # one DP rank (``use_all2all_kernels``: dp_size > 1 and use_ep and mori importable,
    # atom/model_ops/moe.py); --all2all-backend picks MoRI's mode.  TP-only EP combines the
    # experts with the TP all-reduce instead.  One default per engine cannot say both.
    all_to_all=None,
    # Its layout and memory options are vLLM's names (--tensor-parallel-size,
    # --gpu-memory-utilization, --max-model-len, --enable-expert-parallel): options alone are
    # not read as ATOM's, only where a module, image or name says ATOM runs.
    guessed_from_options=False,
    plan_command=command,
    memory=MemoryAccounting(
        keys=("gpu_memory_utilization",),
        default=0.9,
        of_total=True,
        context_keys=("max_model_len",),
        # its KV cache is sized from the total, not from what is free: beside another
        # process holding memory its allocation fails (same source)
        beside="requests",
        beside_source="ROCm/ATOM@ffdf3bb5d atom/model_engine/model_runner.py budget = "
        "int(total * config.gpu_memory_utilization)",
        # ModelRunner sizes the KV cache as total x --gpu-memory-utilization less the PyTorch
        # peak (weights and activations), memory held outside the allocator, the CUDA-graph
        # estimate and a 2% margin (atom/model_engine/model_runner.py, ``budget = int(total *
        # config.gpu_memory_utilization)``); default 0.9 (arg_utils.py).  A --max-model-len
        # above the checkpoint's max_position_embeddings is lowered to it, not refused
        # (atom/config.py ``Config.__post_init__``).
        source="ROCm/ATOM@ffdf3bb5d atom/model_engine/model_runner.py (KV budget: total x "
        "--gpu-memory-utilization less peak PyTorch memory, non-PyTorch memory, CUDA graphs "
        "and a 2% margin)",
    ),
)
