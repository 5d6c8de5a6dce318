"""How each engine moves MoE tokens, read from the engines' own sources.

One place for the communication semantics the cost model needs per engine, until the engine
records (``toplint.engines``) carry them: which all-to-all library a backend option selects,
when expert parallelism needs no all-to-all at all (tokens are already replicated on every rank
and the experts' outputs are combined with one all-reduce), and dual-batch overlap.
"""

from __future__ import annotations

from collections.abc import Mapping

from toplint.record import record

# The MoE token exchange of one phase.
ALLREDUCE = "allreduce"  # tokens replicated; experts sharded; one all-reduce combines
DENSE = "dense"  # all-gather every rank's tokens, reduce-scatter back
# Sparse all-to-all, by library (toplint.cost.network.A2A_IMPLS).
SPARSE = ("nccl", "pplx", "deepep-normal", "deepep-ll")


@record
class MoeComm:
    style: str  # ALLREDUCE | DENSE | one of SPARSE
    why: str  # the engine behaviour and its source
    overlapped: bool = False  # dual-batch overlap hides it behind the other micro-batch


def _norm(key: str) -> str:
    return key.lower().replace("-", "_").lstrip("_")


def option(options: Mapping[str, str], *names: str) -> str | None:
    wanted = {_norm(n) for n in names}
    for key, value in options.items():
        if _norm(key) in wanted:
            return value
    return None


def flag(options: Mapping[str, str], *names: str) -> bool:
    value = option(options, *names)
    return value is not None and value.lower() not in ("false", "0", "no", "off")


def moe_comm(engine: str, options: Mapping[str, str], dp: int, phase: str) -> MoeComm:
    """The MoE exchange ``engine`` runs in ``phase`` ("prefill" | "decode") with EP on."""
    if engine == "sglang":
        return _sglang(options, phase)
    if engine == "vllm":
        return _vllm(options, dp)
    backend = option(options, "all2all_backend", "moe_a2a_backend")
    if backend:
        return MoeComm(_library(backend, phase), f"backend {backend}")
    return MoeComm("nccl", f"{engine}: sparse all-to-all assumed (its EP exchange was not read)")


def _vllm(options: Mapping[str, str], dp: int) -> MoeComm:
    overlap = flag(options, "enable_dbo")
    if dp <= 1:
        # FusedMoEParallelConfig.use_all2all_kernels = dp_size > 1 and use_ep
        # (vllm/model_executor/layers/fused_moe/config.py): with DP 1 every TP rank holds all
        # tokens, runs its own experts and the outputs are all-reduced over the TP group.
        return MoeComm(
            ALLREDUCE,
            "vLLM EP with DP 1: no all-to-all; experts' outputs all-reduced over the TP group "
            "(fused_moe/config.py use_all2all_kernels = dp_size > 1 and use_ep)",
        )
    backend = option(options, "all2all_backend", "vllm_all2all_backend")
    if backend is None or backend.lower() in ("allgather_reducescatter", "naive"):
        name = backend or "allgather_reducescatter (vLLM default, vllm/config/parallel.py)"
        return MoeComm(DENSE, f"vLLM all2all backend {name}", overlap)
    why = f"vLLM all2all backend {backend}"
    if overlap:
        why += "; --enable-dbo overlaps it with the other micro-batch's compute"
    return MoeComm(_library(backend, "decode"), why, overlap)


def _sglang(options: Mapping[str, str], phase: str) -> MoeComm:
    backend = option(options, "moe_a2a_backend")
    if backend is None or backend.lower() == "none":
        # SGLang's default EP MoE (--moe-a2a-backend none): tokens are replicated after the
        # attention all-reduce, each rank runs its experts, one all-reduce combines.
        return MoeComm(ALLREDUCE, "SGLang EP without --moe-a2a-backend: one all-reduce combines")
    if backend.lower().startswith("deepep"):
        mode = (option(options, "deepep_mode") or "auto").lower()
        if mode == "auto":  # SGLang: normal kernels for prefill, low-latency for decode
            mode = "normal" if phase == "prefill" else "low_latency"
        impl = "deepep-ll" if mode.startswith("low") else "deepep-normal"
        return MoeComm(impl, f"SGLang --moe-a2a-backend {backend}, --deepep-mode {mode}")
    return MoeComm(_library(backend, phase), f"SGLang --moe-a2a-backend {backend}")


def _library(backend: str, phase: str) -> str:
    b = backend.lower()
    if b.startswith("deepep_low") or b == "deepep_ll":
        return "deepep-ll"
    if b.startswith("deepep"):
        return "deepep-normal"
    if b.startswith("pplx"):
        return "pplx"
    if b in ("allgather_reducescatter", "naive"):
        return DENSE
    return "nccl"  # mori, nixl_ep, flashinfer, mooncake: concurrent point-to-point sends
