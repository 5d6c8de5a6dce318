"""Which sparse MoE all-to-all backend a deployment should run, judged by the outcome: TL110's
fix for a deployment on the dense backend, and the backend a fix that turns expert parallelism
on (TL208) sets with it, so that the next check does not report the dense backend (TL110).
"""

from __future__ import annotations

from toplint.catalog_types import ModelSpec
from toplint.cost.types import Workload
from toplint.engines.registry import get_engine
from toplint.engines.types import AllToAll, chosen_backend
from toplint.hardware.types import Cluster
from toplint.model import Deployment
from toplint.outcome.types import Outcome
from toplint.record import replace

__all__ = ["DENSE", "MIN_EP", "RDMA_ONLY", "backend_for_new_ep", "sparse_backend"]

DENSE = ("allgather_reducescatter", "naive", "none")
# DeepEP's internode (normal and low-latency) kernels run on NVSHMEM over RDMA
# (deepseek-ai/DeepEP README: "RDMA" requirement; llm-d/KServe samples set
# NVSHMEM_REMOTE_TRANSPORT=ibgda); vLLM's mori backends are AMD's RDMA equivalent.
RDMA_ONLY = ("deepep", "mori")
# TL110's default ``min-ep``: the expert-parallel size from which the dense backend is reported.
MIN_EP = 16

# What each backend's wire is called in the backends table: the sparse exchanges worth trying.
_SPARSE_WIRES = ("deepep-normal", "deepep-ll", "deepep-mode", "pplx", "sends")


def sparse_backend(
    dep: Deployment,
    before: Outcome | None,
    cluster: Cluster,
    model: ModelSpec,
    workload: Workload,
    a2a: AllToAll,
    *,
    no_rdma: bool,
    within_node: bool,
) -> tuple[str, list[str]]:
    """The first sparse backend ``dep``'s engine accepts that runs here and is no slower to
    first token or per token than ``dep`` as it is (``before``), and why each one tried was
    not ("" and the reasons when none is)."""
    import toplint.outcome.judge as judging  # loaded by a run that places

    tried: list[str] = []
    for name, wire in a2a.backends.items():
        if wire not in _SPARSE_WIRES or (no_rdma and name.startswith(RDMA_ONLY)):
            continue
        if wire == "pplx" and not within_node:
            continue  # single-node kernels: only for a group known to stay in one node
        new = replace(dep, options={**dep.options, a2a.key: name})
        judged = judging.judge_deployment(dep, new, before, cluster, model, workload, layout=False)
        if judged.ok:
            return name, tried
        tried.append(f"`{name}` {judged.why}")
    return "", tried


def backend_for_new_ep(
    new: Deployment, cluster: Cluster | None, model: ModelSpec | None, workload: Workload
) -> tuple[str, str] | None:
    """(option, backend) a fix making ``new`` (expert parallelism turned on) sets with it:
    the backend TL110 would ask for once ``new`` runs on the engine's dense default at
    ``MIN_EP`` ranks or more (on no cluster, the engine's own recommendation, as TL110 says);
    None when TL110 would ask for none."""
    a2a = get_engine(new.engine).all_to_all
    ep = new.ep or 1
    if a2a is None or not new.ep_enabled or ep < MIN_EP or chosen_backend(a2a, new.options):
        return None
    if a2a.default not in DENSE:
        return None
    if cluster is None or model is None:
        return a2a.flag, a2a.sparse
    import toplint.outcome.build  # loaded by a run that places

    crosses = ep > cluster.gpus_per_node
    before = toplint.outcome.build.whatif(new, cluster, model, workload)
    no_rdma = crosses and not cluster.inter.rdma
    choice, _ = sparse_backend(
        new, before, cluster, model, workload, a2a, no_rdma=no_rdma, within_node=not crosses
    )
    return (a2a.flag, choice) if choice else None
