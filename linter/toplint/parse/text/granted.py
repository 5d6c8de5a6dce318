"""What an allocation grants the deployment it runs: nodes and GPUs put on the deployment,
and an engine started on the head of a Ray cluster spanning the job's nodes.

``toplint.parse.text.launchers`` reads what a scheduler or launcher grants (an ``Allocation``);
the readers that find engine commands under one (``toplint.parse.text.shellsrc``, a Python
launcher's ``toplint.parse.generic.pychain``) apply it here (``apply_allocation``), after
widening a one-node step to the job's nodes when the script starts a Ray cluster over them
(``starts_ray_cluster``, ``across_ray_cluster``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from toplint.model import Deployment, Position
from toplint.parse.text.launchers import Allocation
from toplint.record import replace


def _one_slurm_node(alloc: Allocation) -> bool:
    """A Slurm (or LSF, Flux) allocation with GPUs per node, no node count and at most one
    task: one task runs on one host."""
    slurm = any(s in alloc.source for s in ("#SBATCH", "srun", "sbatch", "#BSUB", "bsub", "flux"))
    tasks = alloc.tasks_total[0] if alloc.tasks_total else 1
    per_node = alloc.tasks_per_node[0] if alloc.tasks_per_node else 1
    return slurm and alloc.gpus_per_node is not None and tasks == 1 and per_node == 1


def apply_allocation(dep: Deployment, alloc: Allocation, rank_per_gpu: bool) -> Deployment:
    """Nodes and GPUs the allocation grants, on a deployment: the GPUs requested are the
    allocation's; nodes and GPUs per node the engine's own settings (``--nnodes``,
    ``CUDA_VISIBLE_DEVICES``) keep when it has them.  ``rank_per_gpu``: the engine runs one
    process per GPU, so the tasks the launcher starts are GPUs."""
    if rank_per_gpu:
        alloc = Allocation(
            alloc.nodes,
            alloc.gpus_per_node or alloc.tasks_per_node,
            alloc.gpus_total or alloc.tasks_total,
            alloc.source,
        )
    if alloc.empty:
        return dep
    sources = dict(dep.sources)
    nodes, per_node = dep.nodes, dep.gpus_per_node
    if alloc.nodes is not None and nodes is None and "nodes" not in dep.sources:
        nodes = alloc.nodes[0]
        sources["nodes"] = alloc.nodes[1]
    if alloc.gpus_per_node is not None and per_node is None:
        per_node = alloc.gpus_per_node[0]
        sources["gpus_per_node"] = alloc.gpus_per_node[1]
    gpus, where = dep.gpus, dep.sources.get("gpus")
    granted_nodes = alloc.nodes[0] if alloc.nodes else nodes
    if granted_nodes is not None and nodes is not None and nodes > granted_nodes:
        # the engine's own node count (SGLang's --nnodes 2 in an ``srun -N 1`` step per node):
        # the step is one node of the deployment, each node granted the same GPUs
        granted_nodes = nodes
    if granted_nodes is None and _one_slurm_node(alloc):
        # sbatch(1)/srun(1): without -N, Slurm allocates the nodes the other requests need; one
        # task (the default) with per-node GPUs runs on one node.
        granted_nodes = nodes = 1
        sources["nodes"] = (
            alloc.gpus_per_node[1]
            if alloc.gpus_per_node
            else Position(dep.path, dep.line, dep.column)
        )
    if alloc.gpus_total is None and alloc.gpus_per_node is None:
        return replace(dep, nodes=nodes, sources=sources, pods_are_nodes=True)
    if alloc.gpus_total is not None:
        gpus, where = alloc.gpus_total
        if nodes and per_node is None and gpus % nodes == 0:
            per_node = gpus // nodes
    elif granted_nodes is not None and alloc.gpus_per_node is not None:
        gpus = granted_nodes * alloc.gpus_per_node[0]
        where = alloc.gpus_per_node[1]
    if where is not None:
        sources["gpus"] = where
    note = f"nodes and GPUs from the {alloc.source} allocation"
    return replace(
        dep,
        nodes=nodes,
        gpus_per_node=per_node,
        gpus=gpus,
        sources=sources,
        pods_are_nodes=True if nodes is not None else dep.pods_are_nodes,
        notes=(*dep.notes, note),
    )


def starts_ray_cluster(commands: Iterable[Sequence[str | None]]) -> bool:
    """The script starts a Ray cluster over the job's nodes: a ``ray start --head`` and a
    ``ray start`` joining it (docs.ray.io, "Deploying on Slurm": one ``srun … ray start`` per
    node, the driver then run on the head)."""
    roles = {ray_start_role(words) for words in commands}
    return "head" in roles and "worker" in roles


def ray_start_role(words: Sequence[str | None]) -> str | None:
    """What a command's ``ray start`` starts: "head" (``--head``), "worker" (a node joining
    one), or None when it starts no Ray node."""
    for i in range(len(words) - 1):
        if words[i] == "ray" and words[i + 1] == "start":
            return "head" if "--head" in words[i + 2 :] else "worker"
    return None


def across_ray_cluster(step: Allocation, job: Allocation, layout: int | None) -> Allocation:
    """What an engine started in a one-node step (``srun -N 1 -w $HEAD vllm serve …``) of a
    job that starts a Ray cluster is granted: the job's nodes when its layout (TP × PP) needs
    more GPUs than the step holds, since the engine's Ray workers run on every node of the
    cluster (vLLM docs, "Distributed inference and serving": start Ray on every node, then
    ``vllm serve`` on the head with TP × PP over all of them); else the step's."""
    narrowed = step.over(job)
    if step.nodes is None or job.nodes is None or step.nodes[0] >= job.nodes[0]:
        return narrowed
    per_node = narrowed.gpus_per_node[0] if narrowed.gpus_per_node else None
    if layout is None or per_node is None or layout <= step.nodes[0] * per_node:
        return narrowed
    source = f"{job.source} (the Ray cluster the job starts)" if job.source else "Ray cluster"
    return replace(job, source=source)
