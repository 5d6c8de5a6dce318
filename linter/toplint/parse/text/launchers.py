"""What a job scheduler or process launcher grants the engine it starts: nodes and GPUs per node.

Read from where it is written:

* batch-script directives: Slurm ``#SBATCH`` (``-N``/``--nodes``, ``--gpus-per-node``,
  ``--gres=gpu[:type]:N``, ``-G``/``--gpus`` in total; sbatch(1)), PBS ``#PBS -l
  select=N:ngpus=G`` (PBS Professional reference guide, "select"; also Torque's ``-l
  nodes=N:ppn=P:gpus=G`` and the job-wide ``-l ngpus=G``, one chunk), IBM Spectrum LSF ``#BSUB
  -gpu "num=G"`` (GPUs per host; bsub -gpu) and ``#BSUB -nnodes N`` (LSF with CSM);
* Flux's ``# flux:`` directives (``-N`` nodes, ``-n`` tasks, ``-g`` GPUs per task; flux RFC
  36) and ``--gpus-per-task`` times the tasks on a node (sbatch(1), flux-run(1));
* launcher options on the engine's own command line: ``srun`` (the same options as
  ``#SBATCH``, which they override for that step; srun(1)) and ``torchrun`` (``--nnodes``,
  ``--nproc-per-node``/``--nproc_per_node``: processes, one GPU each, per node;
  torch.distributed.run).

Slurm and PBS give whole distinct hosts per node, so the nodes are real nodes (unlike pods).
What an allocation read here grants a deployment is applied by ``toplint.parse.text.granted``.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence

from toplint.infra.numbers import whole_text
from toplint.infra.patterns import lazy
from toplint.model import Position
from toplint.record import record, replace


@record
class Allocation:
    """Nodes and GPUs per node, each with where it is written (None: not written)."""

    nodes: tuple[int, Position] | None = None
    gpus_per_node: tuple[int, Position] | None = None
    gpus_total: tuple[int, Position] | None = None
    source: str = ""  # "#SBATCH", "srun", "torchrun", "#PBS", "#BSUB", "# flux:", "flux"
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
        "OUTPUT ENVIRONMENT VARIABLES": ``SLURM_GPUS_ON_NODE`` is the GPUs allocated to the batch
        step on its node, however they were asked for, ``--gres=gpu:N`` included)."""
        env: dict[str, str] = {}
        if self.nodes is not None:
            env["SLURM_JOB_NUM_NODES"] = env["SLURM_NNODES"] = str(self.nodes[0])
        if self.gpus_per_node is not None:
            env["SLURM_GPUS_PER_NODE"] = str(self.gpus_per_node[0])
            env["SLURM_GPUS_ON_NODE"] = str(self.gpus_per_node[0])
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
    "--gpus-per-task": "gpus_per_task",
}
# Flux (flux-run(1), flux-batch(1); the same options in ``# flux:`` directives, flux RFC 36):
# -N nodes, -n tasks, -g GPUs per task.
_FLUX = {
    "-N": "nodes",
    "--nodes": "nodes",
    "-n": "tasks_total",
    "--ntasks": "tasks_total",
    "--tasks-per-node": "tasks_per_node",
    "-g": "gpus_per_task",
    "--gpus-per-task": "gpus_per_task",
    "--gpus-per-node": "gpus_per_node",
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
_LAUNCHERS = {
    "srun": _SLURM,
    "torchrun": _TORCHRUN,
    "mpirun": _MPIRUN,
    "mpiexec": _MPIRUN,
    "flux": _FLUX,
    "sbatch": _SLURM,
}
# Counts are ASCII digits (``\\d`` also matches "１２" and "٣", which ``int`` reads) of a
# bounded size, read by ``toplint.infra.numbers``.
_GRES_GPU = lazy(r"(?:^|,)gpu(?::[A-Za-z0-9_.-]+)?:([0-9]+)(?:,|$)")
# ``#SBATCH``/``#PBS``/``#BSUB`` (no space after ``#``: ``# SBATCH`` is a comment) and Flux's
# ``# flux:`` sentinel (flux RFC 36, "Batch Script Directives": ``#flux:`` or ``# flux:``).
_DIRECTIVE = lazy(r"^#(?:(SBATCH|PBS|BSUB)[ \t]+|[ \t]?(flux):[ \t]*)(.*)$", re.M)
_DIRECTIVE_WORDS = ("#SBATCH", "#PBS", "#BSUB", "flux:")  # one is in every _DIRECTIVE match
_LSF_TASKS = lazy(r"(?:^|\s)-n\s+([0-9]+)(?![\w.])")
_LSF_GPU = lazy(r"-gpu\s+[\"']?num=([0-9]+)(?![\w.])")
_LSF_NODES = lazy(r"-nnodes\s+([0-9]+)(?![\w.])")
_PBS_SELECT = lazy(r"select=([0-9]+)", re.I)
_PBS_NGPUS = lazy(r":ngpus=([0-9]+)(?![\w.])", re.I)
# Torque's ``-l nodes=N:ppn=P:gpus=G`` (G per node; Torque Resource Manager, "Requesting
# resources") and PBS Professional's job-wide ``-l ngpus=G``, which PBS converts to one chunk,
# ``select=1:ngpus=G`` (PBS Professional user's guide, "Converting old-style requests").
_TORQUE = lazy(r"(?:^|[\s,])nodes=([0-9]+)(?::[^\s,]*?)?:gpus=([0-9]+)(?![\w.])", re.I)
_JOB_NGPUS = lazy(r"(?:^|[\s,])ngpus=([0-9]+)(?![\w.])", re.I)
_WORD = lazy(r"\S+")
_MAX_COUNT = 1 << 20  # nodes, GPUs or tasks a directive or launcher option asks for


def _count(option: str, value: str) -> int | None:
    """The number an option's value gives (``2``, ``2-4`` -> the minimum; ``--gres`` its GPUs;
    ``--gpus h100:8`` -> 8)."""
    text = value.strip().strip("'\"")
    if option == "gres":
        return _number(_GRES_GPU.search(text))
    text = text.rsplit(":", 1)[-1].split("-", 1)[0]
    return whole_text(text, 0, _MAX_COUNT)


_Found = dict[str, tuple[int, Position]]


def _step(
    tokens: Sequence[tuple[str | None, Position]], i: int, table: dict[str, str]
) -> tuple[str | None, int | None, Position, int]:
    """What reading an option at ``tokens[i]`` finds: its field, its number (None when the
    token is not one of the table's options or its value is not a count), where the value is
    written, and the index reading goes on at (past the value when the option takes the next
    word)."""
    text, pos = tokens[i]
    if text is None or not text.startswith("-"):
        return None, None, pos, i + 1
    name, eq, inline = text.partition("=")
    key = table.get(name)
    if key is None and not eq and len(name) > 2 and name[:2] in table:
        key, inline, eq = table[name[:2]], name[2:], "="  # -N2
    if key is None:
        return None, None, pos, i + 1
    value: str | None = inline if eq else None
    after = i + 1
    if not eq and after < len(tokens):
        value, pos = tokens[after]
        after += 1
    n = _count(key, value) if value is not None else None
    return ("gpus_per_node" if key == "gres" else key), n, pos, after


def _suffix_options(
    tokens: Sequence[tuple[str | None, Position]], table: dict[str, str]
) -> list[_Found]:
    """``out[p]``: the options ``tokens[p:]`` give, read left to right with the later of two
    values of one field kept.  Where reading goes on after index ``p`` depends on ``p`` only,
    so every suffix is read in one backward pass (reading each launcher's suffix anew was
    quadratic: 4,000 ``srun`` words took 0.8 s, 250,000 would take an hour)."""
    out: list[_Found] = [{}] * (len(tokens) + 1)
    for p in range(len(tokens) - 1, -1, -1):
        field, n, pos, after = _step(tokens, p, table)
        rest = out[after]
        if field is not None and n is not None and field not in rest:
            rest = {**rest, field: (n, pos)}  # at most six fields: constant work
        out[p] = rest
    return out


def _allocation(found: _Found, source: str) -> Allocation:
    return Allocation(
        found.get("nodes"),
        found.get("gpus_per_node") or _per_task(found),
        found.get("gpus_total"),
        source,
        found.get("tasks_per_node"),
        found.get("tasks_total"),
    )


def _per_task(found: _Found) -> tuple[int, Position] | None:
    """GPUs per node from GPUs per task (``--gpus-per-task``, Flux ``-g``) times the tasks on
    a node: ``--ntasks-per-node``, else tasks over nodes when they divide, else one (sbatch(1):
    one task per node by default)."""
    per_task = found.get("gpus_per_task")
    if per_task is None:
        return None
    tasks = found.get("tasks_per_node")
    count: int | None = tasks[0] if tasks else None
    total, nodes = found.get("tasks_total"), found.get("nodes")
    if count is None and total is not None:
        count = total[0] // nodes[0] if nodes and nodes[0] and total[0] % nodes[0] == 0 else None
        count = 1 if count is None and total[0] == 1 and nodes is None else count
    elif count is None:
        count = 1
    return (per_task[0] * count, per_task[1]) if count is not None else None


def _read_options(
    tokens: Sequence[tuple[str | None, Position]], table: dict[str, str], source: str
) -> Allocation:
    return _allocation(_suffix_options(tokens, table)[0], source)


def launcher_allocation(tokens: Sequence[tuple[str | None, Position]]) -> Allocation:
    """The allocation the launchers before an engine command grant (``srun -N 2 vllm …``):
    each launcher reads the words after it with its own options (one pass per option table,
    not one per launcher word)."""
    out = Allocation()
    suffixes: dict[int, list[_Found]] = {}
    for k, (text, _) in enumerate(tokens):
        name = (text or "").rsplit("/", 1)[-1]
        if name in ("qsub", "bsub"):  # a job submitted with its resources on the command line
            found = _submitted(name, tokens[k + 1 :])
            out = found.over(out) if not found.empty else out
            continue
        table = _LAUNCHERS.get(name)
        if table is not None:
            if id(table) not in suffixes:
                suffixes[id(table)] = _suffix_options(tokens, table)
            found = _allocation(suffixes[id(table)][k + 1], name)
            out = found.over(out) if not found.empty else out
    return out


def _submitted(name: str, tokens: Sequence[tuple[str | None, Position]]) -> Allocation:
    """What ``qsub -l …`` (PBS: each ``-l`` value read as a ``#PBS -l`` line) or ``bsub -gpu …
    -n …`` (LSF: the options read as a ``#BSUB`` line) request for the job it submits."""
    out = Allocation()
    if name == "bsub":
        joined = " ".join(t or "" for t, _ in tokens)
        first = tokens[0][1] if tokens else None
        if first is None:
            return out
        return replace(_lsf(joined, first.path, first.line, first.column), source="bsub")
    for k, (word, _) in enumerate(tokens[:-1]):
        if word == "-l" and tokens[k + 1][0]:
            value, pos = tokens[k + 1]
            found = _pbs(value or "", pos.path, pos.line, pos.column)
            out = replace(found, source="qsub").over(out) if not found.empty else out
    return out


def directive_allocation(text: str, path: str) -> Allocation:
    """The allocation a batch script's ``#SBATCH`` / ``#PBS`` lines request.  One pass: the
    line number is counted on from the previous directive (counting from the file's start
    at each one took 5 s for 40,000 directives)."""
    out = Allocation()
    if not any(word in text for word in _DIRECTIVE_WORDS):
        return out  # no directive: the pattern is not compiled (most scripts are no batch jobs)
    line, counted = 1, 0
    for m in _DIRECTIVE.finditer(text):
        line += text.count("\n", counted, m.start())
        counted = m.start()
        column = m.start(3) - m.start() + 1
        body = m.group(3)
        kind = m.group(1) or m.group(2)
        if kind in ("SBATCH", "flux"):
            words = _WORD.finditer(body, 0, _comment_start(body))
            tokens = [(w.group(), Position(path, line, column + w.start())) for w in words]
            table, source = (_SLURM, "#SBATCH") if kind == "SBATCH" else (_FLUX, "# flux:")
            found = _read_options(tokens, table, source)
        elif kind == "BSUB":
            found = _lsf(body, path, line, column)
        else:
            found = _pbs(body, path, line, column)
        if not found.empty:
            out = found.over(out)
    return out


def _comment_start(body: str) -> int:
    at = body.find("#")
    return len(body) if at < 0 else at


def _number(m: re.Match[str] | None, group: int = 1) -> int | None:
    """A directive's count: ASCII digits of a bounded size (``toplint.infra.numbers``)."""
    return whole_text(m.group(group), 0, _MAX_COUNT) if m is not None else None


def _lsf(text: str, path: str, line: int, column: int) -> Allocation:
    gpu, nodes, tasks = _LSF_GPU.search(text), _LSF_NODES.search(text), _LSF_TASKS.search(text)
    n_gpu, n_nodes, n_tasks = _number(gpu), _number(nodes), _number(tasks)
    return Allocation(
        (n_nodes, Position(path, line, column + nodes.start()))
        if nodes and n_nodes is not None
        else None,
        (n_gpu, Position(path, line, column + gpu.start())) if gpu and n_gpu is not None else None,
        None,
        "#BSUB",
        None,
        # bsub -n: the tasks (slots) of the job; one task runs on one host
        (n_tasks, Position(path, line, column + tasks.start(1)))
        if tasks and n_tasks is not None
        else None,
    )


def _pbs(text: str, path: str, line: int, column: int) -> Allocation:
    """``select=N[:…]:ngpus=G`` in one word of a ``#PBS`` line: the first ``select=N`` with an
    ``:ngpus=G`` after it in the same word, and the first such ``:ngpus=G``.  Read by hand
    (``select=(\\d+)(?::\\S*?)?:ngpus=`` searched the rest of the word again from every
    ``select=``: 4,000 of them on one line took 1.4 s)."""
    for word in _WORD.finditer(text):
        token = word.group()
        ngpus = list(_PBS_NGPUS.finditer(token))
        if not ngpus:
            continue
        starts = [g.start() for g in ngpus]
        for sel in _PBS_SELECT.finditer(token):
            end = sel.end()
            if starts[-1] < end or token[end] != ":":
                continue
            # the regex's optional part is tried first: a later ``:ngpus=`` wins over one
            # right after the number
            later = bisect.bisect_left(starts, end + 1)
            first = ngpus[later] if later < len(ngpus) else ngpus[-1]
            nodes, per_node = _number(sel), _number(first)
            if nodes is None or per_node is None:
                return Allocation()
            at = Position(path, line, column + word.start() + sel.start())
            return Allocation((nodes, at), (per_node, at), None, "#PBS")
    torque = _TORQUE.search(text)
    job = _JOB_NGPUS.search(text) if torque is None else None
    found = torque or job
    if found is None or "select=" in text.lower():
        return Allocation()
    nodes, per_node = (_number(torque), _number(torque, 2)) if torque else (1, _number(job))
    if nodes is None or per_node is None:
        return Allocation()
    at = Position(path, line, column + found.start(1) - len("nodes="))  # at ``nodes=``/``ngpus=``
    return Allocation((nodes, at), (per_node, at), None, "#PBS")
