"""What an allocation grants the deployment it runs: nodes and GPUs put on the deployment,
and an engine started on the head of a Ray cluster spanning the job's nodes.

``toplint.parse.text.launchers`` reads what a scheduler or launcher grants (an ``Allocation``);
the readers that find engine commands under one (``toplint.parse.text.shellsrc``, a Python
launcher's ``toplint.parse.generic.pychain``) apply it here (``apply_allocation``), after
widening a one-node step to the job's nodes when the script starts a Ray cluster over them
(``starts_ray_cluster``, ``across_ray_cluster``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from toplint.engines.registry import get_engine
from toplint.infra.numbers import whole_text
from toplint.model import Deployment, Position
from toplint.optionkeys import RAY_BY_DEFAULT
from toplint.parse.options import Arg
from toplint.parse.text.launchers import Allocation
from toplint.record import record, replace


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
    if dep.options.get("gpus_from") and per_node is not None and (granted_nodes or 1) > 0:
        # a visibility variable bounds the GPUs the process sees on each node
        # (``CUDA_VISIBLE_DEVICES=2,3 vllm serve …`` beside another server on 0,1 in one
        # job): it uses those, whatever the job was granted for all of its processes
        gpus, where = (granted_nodes or 1) * per_node, dep.sources.get("gpus_per_node")
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


def layout_gpus(dep: Deployment) -> int | None:
    """GPUs one instance's TP × PP spans (None when either is unresolved)."""
    return dep.tp * dep.pp if dep.tp is not None and dep.pp is not None else None


def on_ray(dep: Deployment, seen: int | None = None) -> bool:
    """The engine runs its workers on a Ray cluster: its default executor is Ray beyond the
    GPUs its process sees (``Engine.ray_executor``), the executor is Ray or not written, and
    TP × PP exceeds those GPUs (fewer GPUs than it needs, or none counted): its own
    ``gpus_per_node``, else ``seen`` (those of the Ray head it starts on)."""
    executor = get_engine(dep.engine).ray_executor
    per_node = dep.gpus_per_node if dep.gpus_per_node is not None else seen
    if executor is None or per_node is None:
        return False
    flag = dep.flag(executor[0])
    if flag is not None and flag.value != executor[1]:
        return False
    layout = layout_gpus(dep)
    return layout is not None and layout > per_node


def by_default(dep: Deployment, options: dict[str, str]) -> dict[str, str]:
    """``options`` of an engine put on a Ray cluster (``on_ray``), marked when the executor is
    not written: Ray is then only the engine's default, which later releases drop
    (``Engine.ray_fallback_until``; TL201 reports it)."""
    executor = get_engine(dep.engine).ray_executor
    if executor is not None and dep.flag(executor[0]) is None:
        return {**options, RAY_BY_DEFAULT: "true"}
    return options


def ray_leader_size(words: Sequence[str | None]) -> int | None:
    """The nodes of the Ray cluster a command of vLLM's multi-node helper heads:
    ``multi-node-serving.sh leader --ray_cluster_size=N`` starts the Ray head and waits until
    N nodes are alive, the workers joining with ``multi-node-serving.sh worker`` from their
    own hosts or pods (vllm-project/vllm@2584e94b examples/online_serving/multi-node-serving.sh:
    the ``leader`` subcommand reads only ``--ray_cluster_size=*``, runs ``ray start --head``
    and polls ``ray.nodes()`` until that many are alive).  None for any other command."""
    for i, word in enumerate(words[:-1]):
        if word and word.rsplit("/", 1)[-1] == "multi-node-serving.sh" and words[i + 1] == "leader":
            for rest in words[i + 2 :]:
                if rest and rest.startswith("--ray_cluster_size="):
                    return whole_text(rest.partition("=")[2], 1, 1 << 20)
            return None
    return None


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
    if not spans_ray_job(step, job, layout):
        return step.over(job)
    source = f"{job.source} (the Ray cluster the job starts)" if job.source else "Ray cluster"
    return replace(job, source=source)


def spans_ray_job(step: Allocation, job: Allocation, layout: int | None) -> bool:
    """The layout outgrows the one-node step it starts in, so its workers run on the job's Ray
    cluster (``across_ray_cluster``)."""
    narrowed = step.over(job)
    if step.nodes is None or job.nodes is None or step.nodes[0] >= job.nodes[0]:
        return False
    per_node = narrowed.gpus_per_node[0] if narrowed.gpus_per_node else None
    return layout is not None and per_node is not None and layout > step.nodes[0] * per_node


def ray_cluster(commands: Iterable[tuple[Sequence[Arg], Mapping[str, Arg]]]) -> RayCluster | None:
    """The Ray cluster a script starts outside a scheduler's allocation: one node per ``ray
    start`` (the head and each worker joining it; a script of notes run part by part on each
    machine), each with the GPUs its ``--num-gpus`` gives, else those its
    ``CUDA_VISIBLE_DEVICES`` leaves it (Ray counts the GPUs the variable lists: docs.ray.io,
    "Accelerator Support": "Ray ... automatically detects the number of GPUs ... respects
    CUDA_VISIBLE_DEVICES"); a node's GPUs not written leave the total unknown.  None when the
    script starts no head and no worker."""
    from toplint.parse.enginecfg import count_devices

    nodes: list[tuple[int | None, Position]] = []
    roles: set[str] = set()
    head: int | None = None
    for args, env in commands:
        words = [a.value for a in args]
        role = ray_start_role(words)
        if role is None:
            continue
        roles.add(role)
        if role == "head":
            head = len(nodes)
        gpus: int | None = None
        given = next((i for i, w in enumerate(words) if w and w.startswith("--num-gpus")), None)
        if given is not None:
            word = words[given] or ""
            text = (
                word.partition("=")[2]
                if "=" in word
                else (words[given + 1] if given + 1 < len(words) else None)
            )
            gpus = whole_text(text, 0, 1 << 20) if text else None
        elif "CUDA_VISIBLE_DEVICES" in env and env["CUDA_VISIBLE_DEVICES"].value is not None:
            gpus = count_devices(env["CUDA_VISIBLE_DEVICES"].value or "")
        nodes.append((gpus, args[0].position))
    if len(nodes) < 2 or not {"head", "worker"} <= roles:
        return None
    counts = [n for n, _ in nodes]
    total = None if None in counts else sum(c for c in counts if c is not None)
    head_gpus = counts[head] if head is not None else None
    return RayCluster(len(nodes), total, tuple(counts), tuple(p for _, p in nodes), head_gpus)


@record
class RayCluster:
    """The Ray cluster of a script's ``ray start`` commands (``ray_cluster``)."""

    nodes: int
    gpus: int | None  # the total, None when a node's GPUs are not written
    per_node: tuple[int | None, ...]
    starts: tuple[Position, ...]  # the ``ray start`` commands, head first as written
    head: int | None = None  # the GPUs of the head, where ``vllm serve`` runs (None: not written)

    def holds(self, dep: Deployment) -> Deployment:
        """``dep``, an engine whose default executor is Ray once TP × PP exceeds the GPUs its
        process sees (vLLM: ``ParallelConfig.__post_init__`` picks ``ray`` when
        ``cuda_device_count_stateless() < self.world_size``, vllm 0.11.0 wheel
        vllm/config/parallel.py L453-464; later releases refuse unless the executor is written,
        which ``by_default`` marks), on this cluster: the Ray workers' GPUs, not the serving
        process's ``CUDA_VISIBLE_DEVICES``, bound it."""
        lines = ", ".join(str(p.line) for p in self.starts)
        equal = len(set(self.per_node)) == 1 and self.per_node[0] is not None
        options = by_default(dep, {k: v for k, v in dep.options.items() if k != "gpus_from"})
        sources = {k: v for k, v in dep.sources.items() if k not in ("gpus", "gpus_per_node")}
        sources["nodes"] = self.starts[0]
        if self.gpus is not None:
            sources["gpus"] = self.starts[0]
        note = (
            f"runs on the Ray cluster of the ray start commands on lines {lines} "
            f"({self.nodes} nodes, "
            + (f"{self.gpus} GPUs" if self.gpus is not None else "GPUs not all written")
            + f"): its TP × PP exceeds the GPUs the serving process sees, so "
            f"{get_engine(dep.engine).title}'s default executor is Ray"
        )
        return replace(
            dep,
            nodes=self.nodes,
            gpus=self.gpus,
            gpus_per_node=self.per_node[0] if equal else None,
            options=options,
            sources=sources,
            notes=(*dep.notes, note),
            pods_are_nodes=True,
        )
