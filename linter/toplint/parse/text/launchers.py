"""What a job scheduler or process launcher grants the engine it starts: nodes and GPUs per node.

Read from where it is written:

* batch-script directives: Slurm ``#SBATCH`` (``-N``/``--nodes``, ``--gpus-per-node``,
  ``--gres=gpu[:type]:N``, ``-G``/``--gpus`` in total; sbatch(1)), PBS ``#PBS -l
  select=N:ngpus=G`` (PBS Professional reference guide, "select"), IBM Spectrum LSF ``#BSUB
  -gpu "num=G"`` (GPUs per host; bsub -gpu) and ``#BSUB -nnodes N`` (LSF with CSM);
* launcher options on the engine's own command line: ``srun`` (the same options as
  ``#SBATCH``, which they override for that step; srun(1)) and ``torchrun`` (``--nnodes``,
  ``--nproc-per-node``/``--nproc_per_node``: processes, one GPU each, per node;
  torch.distributed.run).

Slurm and PBS give whole distinct hosts per node, so the nodes are real nodes (unlike pods).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from toplint.model import Deployment, Position
from toplint.record import record, replace


@record
class Allocation:
    """Nodes and GPUs per node, each with where it is written (None: not written)."""

    nodes: tuple[int, Position] | None = None
    gpus_per_node: tuple[int, Position] | None = None
    gpus_total: tuple[int, Position] | None = None
    source: str = ""  # "#SBATCH", "srun", "torchrun", "#PBS"
    # processes started per node and in total (srun --ntasks-per-node, mpirun -np): GPUs for an
    # engine that runs one rank per GPU (``Engine.rank_per_gpu``)
    tasks_per_node: tuple[int, Position] | None = None
    tasks_total: tuple[int, Position] | None = None

    def over(self, base: Allocation) -> Allocation:
        """This allocation's values, the base's where this one is silent."""
        return Allocation(
            self.nodes or base.nodes,
            self.gpus_per_node or base.gpus_per_node,
            self.gpus_total or base.gpus_total,
            " + ".join(dict.fromkeys(s for s in (base.source, self.source) if s)),
            self.tasks_per_node or base.tasks_per_node,
            self.tasks_total or base.tasks_total,
        )

    @property
    def empty(self) -> bool:
        return (
            not (self.nodes or self.gpus_per_node or self.gpus_total or self.tasks_per_node)
            and not self.tasks_total
        )

    def environment(self) -> dict[str, str]:
        """The variables Slurm sets in the batch script from this allocation (sbatch(1),
        "OUTPUT ENVIRONMENT VARIABLES")."""
        env: dict[str, str] = {}
        if self.nodes is not None:
            env["SLURM_JOB_NUM_NODES"] = env["SLURM_NNODES"] = str(self.nodes[0])
        if self.gpus_per_node is not None:
            env["SLURM_GPUS_PER_NODE"] = str(self.gpus_per_node[0])
        if self.tasks_per_node is not None:
            env["SLURM_NTASKS_PER_NODE"] = str(self.tasks_per_node[0])
        return env


# option (as typed) -> allocation field; Slurm spellings (sbatch(1), srun(1)).
_SLURM = {
    "-N": "nodes",
    "--nodes": "nodes",
    "--gpus-per-node": "gpus_per_node",
    "--gres": "gres",
    "-G": "gpus_total",
    "--gpus": "gpus_total",
    "--ntasks-per-node": "tasks_per_node",
    "-n": "tasks_total",
    "--ntasks": "tasks_total",
}
# Open MPI mpirun(1): -np/-n processes in total, -N/--npernode per node.
_MPIRUN = {
    "-np": "tasks_total",
    "--np": "tasks_total",
    "-n": "tasks_total",
    "-N": "tasks_per_node",
    "--npernode": "tasks_per_node",
}
_TORCHRUN = {
    "--nnodes": "nodes",
    "--nproc-per-node": "gpus_per_node",
    "--nproc_per_node": "gpus_per_node",
}
_LAUNCHERS = {"srun": _SLURM, "torchrun": _TORCHRUN, "mpirun": _MPIRUN, "mpiexec": _MPIRUN}
_GRES_GPU = re.compile(r"(?:^|,)gpu(?::[A-Za-z0-9_.-]+)?:(\d+)(?:,|$)")
_DIRECTIVE = re.compile(r"^#(SBATCH|PBS|BSUB)[ \t]+(.*)$", re.M)
_LSF_GPU = re.compile(r"-gpu\s+[\"']?num=(\d+)")
_LSF_NODES = re.compile(r"-nnodes\s+(\d+)")
_PBS_SELECT = re.compile(r"select=(\d+)(?::[^\s]*?)?(?::ngpus=(\d+))", re.I)


def _count(option: str, value: str) -> int | None:
    """The number an option's value gives (``2``, ``2-4`` -> the minimum; ``--gres`` its GPUs;
    ``--gpus h100:8`` -> 8)."""
    text = value.strip().strip("'\"")
    if option == "gres":
        m = _GRES_GPU.search(text)
        return int(m.group(1)) if m else None
    text = text.rsplit(":", 1)[-1].split("-", 1)[0]
    return int(text) if text.isdigit() else None


def _read_options(
    tokens: Sequence[tuple[str | None, Position]], table: dict[str, str], source: str
) -> Allocation:
    found: dict[str, tuple[int, Position]] = {}
    i = 0
    while i < len(tokens):
        text, pos = tokens[i]
        i += 1
        if text is None or not text.startswith("-"):
            continue
        name, eq, inline = text.partition("=")
        key = table.get(name)
        if key is None and not eq and len(name) > 2 and name[:2] in table:
            key, inline, eq = table[name[:2]], name[2:], "="  # -N2
        if key is None:
            continue
        value: str | None = inline if eq else None
        if not eq and i < len(tokens):
            value, pos = tokens[i][0], tokens[i][1]
            i += 1
        n = _count(key, value) if value is not None else None
        if n is not None:
            found["gpus_per_node" if key == "gres" else key] = (n, pos)
    return Allocation(
        found.get("nodes"),
        found.get("gpus_per_node"),
        found.get("gpus_total"),
        source,
        found.get("tasks_per_node"),
        found.get("tasks_total"),
    )


def launcher_allocation(tokens: Sequence[tuple[str | None, Position]]) -> Allocation:
    """The allocation the launchers before an engine command grant (``srun -N 2 vllm …``):
    each launcher's options up to the next word that is not one of its options."""
    out = Allocation()
    for k, (text, _) in enumerate(tokens):
        table = _LAUNCHERS.get((text or "").rsplit("/", 1)[-1])
        if table is not None:
            found = _read_options(tokens[k + 1 :], table, (text or "").rsplit("/", 1)[-1])
            out = found.over(out) if not found.empty else out
    return out


def directive_allocation(text: str, path: str) -> Allocation:
    """The allocation a batch script's ``#SBATCH`` / ``#PBS`` lines request."""
    out = Allocation()
    for m in _DIRECTIVE.finditer(text):
        line = text.count("\n", 0, m.start()) + 1
        column = m.start(2) - m.start() + 1
        words = m.group(2).split("#", 1)[0].split()
        if m.group(1) == "SBATCH":
            tokens: list[tuple[str | None, Position]] = []
            offset = column
            rest = m.group(2)
            for w in words:
                at = rest.find(w)
                tokens.append((w, Position(path, line, offset + at)))
                offset += at + len(w)
                rest = rest[at + len(w) :]
            found = _read_options(tokens, _SLURM, "#SBATCH")
        elif m.group(1) == "BSUB":
            found = _lsf(m.group(2), path, line, column)
        else:
            sel = _PBS_SELECT.search(m.group(2))
            if sel is None:
                continue
            at = Position(path, line, column + sel.start())
            found = Allocation((int(sel.group(1)), at), (int(sel.group(2)), at), None, "#PBS")
        if not found.empty:
            out = found.over(out)
    return out


def _lsf(text: str, path: str, line: int, column: int) -> Allocation:
    gpu, nodes = _LSF_GPU.search(text), _LSF_NODES.search(text)
    return Allocation(
        (int(nodes.group(1)), Position(path, line, column + nodes.start())) if nodes else None,
        (int(gpu.group(1)), Position(path, line, column + gpu.start())) if gpu else None,
        None,
        "#BSUB",
    )


def _one_slurm_node(alloc: Allocation) -> bool:
    """A Slurm allocation with GPUs per node, no node count and at most one task."""
    slurm = any(s in alloc.source for s in ("#SBATCH", "srun"))
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
