"""TL211 gpus-exceed-node."""

from __future__ import annotations

import math
from collections.abc import Iterator

from toplint.engines.registry import get_engine
from toplint.hardware.types import Cluster
from toplint.model import Deployment, Finding, Fix, Severity
from toplint.optionkeys import GRAPH_HOST_GPUS, GRAPH_HOST_PARTS, GRAPH_HOST_REPORT
from toplint.rulebook.helpers import expected_gpus, finding, layout_fix, layout_flags
from toplint.rulebook.types import Rule, RuleContext
from toplint.sourcekinds import source_kind

DOC = """\
## What it does
Checks that no single pod, container or host asks for more GPUs than one node of the assigned
cluster has: a pod's `nvidia.com/gpu` request, a container's `docker run --gpus N` or compose
device count, a launcher's GPUs per node for a job a script starts on hosts (verl's
`trainer.n_gpus_per_node`), and the shards of an engine that runs on one host only (TGI
`--num-shard`), or of a `docker run --gpus all` container, against the host's GPUs.  A
Dynamo SDK graph config is checked as a whole: `dynamo serve` starts all its services on one
host and gives each worker of each service the host's next `ServiceArgs.resources.gpu` GPUs,
so the graph asks that host for the sum of `workers` × `gpu` (reported once, on its first
server, where the cluster is one node or has fewer GPUs than the sum; a graph whose services
pick their devices by hand is not summed).

Outcome reported (toplint's severity policy): the scheduler cannot place it — the pod needs more
GPUs than a node has (error).

## Why is this bad?
The configuration cannot run at all.  A pod is placed on one node: Kubernetes leaves a pod that
requests 8 GPUs Pending forever on 4-GPU nodes ("0/2 nodes are available: 2 Insufficient
nvidia.com/gpu").  A container sees only its host's GPUs: TGI shards on one host only (its
launcher has no multi-node option; shards beyond the host's GPUs have no device to run on);
vLLM without `--nnodes` or Ray stops at start-up ("World size (8) is larger than the number of
available GPUs (4) in this node", from vLLM's parallel config).

## Example
```yaml
# cluster: 2 nodes x 4 A100
args: ["--tensor-parallel-size", "8"]
resources:
  limits:
    nvidia.com/gpu: 8
```

## Use instead
Request at most one node per pod and spread the layout over more pods (a LeaderWorkerSet of
size 2, pipeline parallel across nodes), or use a layout that fits one node:
```yaml
args: ["--tensor-parallel-size", "4"]
resources:
  limits:
    nvidia.com/gpu: 4
```

## Options
None.

## Fix safety
Unsafe: the layout changes.  A request is advice when no single edit makes it run (spreading a
pod over nodes needs a multi-node workload such as a LeaderWorkerSet).

## References
- Kubernetes, a pod is scheduled onto one node: https://kubernetes.io/docs/concepts/scheduling-eviction/kube-scheduler/
- Kubernetes device plugins (extended resources are per node): https://kubernetes.io/docs/concepts/extend-kubernetes/compute-storage-net/device-plugins/
- TGI launcher, shards on one host (`--num-shard`, `find_num_shards`): https://github.com/huggingface/text-generation-inference/blob/main/launcher/src/main.rs
- vLLM executor choice and the world-size check: https://github.com/vllm-project/vllm/blob/main/vllm/config/parallel.py
- LeaderWorkerSet, one group of pods across nodes: https://lws.sigs.k8s.io/docs/overview/
- Dynamo's local GPU allocator (`ResourceAllocator.assign_gpus`: "Not enough GPUs to be
  assigned", then device numbers past the host's last GPU), read in a fork's copy:
  https://github.com/vickiegpt/dynamo/blob/42666c2c0a347630feb7f93d0f54c4f0ce1e5383/deploy/dynamo/sdk/src/dynamo/sdk/cli/allocator.py
- A graph that needs 3 GPUs on a 2-GPU host starts and hangs: https://github.com/ai-dynamo/dynamo/issues/1373
"""


# Sources that run one container on one host; every other source schedules pods.
def check(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    cluster, dep = ctx.cluster, ctx.deployment
    if cluster is None:
        return
    node = cluster.gpus_per_node
    world = expected_gpus(dep)
    data = {"cluster": cluster.name, "node_gpus": node, "world_size": world}
    graph = _graph_on_one_host(rule, ctx)
    if graph is not None:
        yield graph
    requested = dep.gpus_per_node
    if requested is not None and requested > node and "gpus_per_node" in dep.sources:
        unit = _unit(dep)
        yield finding(
            rule,
            ctx,
            "gpus_per_node",
            _asks(unit, requested, cluster.name, node),
            fix=_spread(dep, unit, cluster),
            data={**data, "requested": requested},
        )
        return
    if world is None or world <= node or not _one_host(ctx):
        return
    from toplint.engines.registry import get_engine

    title = get_engine(dep.engine).title
    yield finding(
        rule,
        ctx,
        "tp",
        f"{title} runs its {world} GPUs ({_layout(dep)}) in one process group on one host; "
        f"nodes of cluster {cluster.name} have {node}",
        fix=_spread(dep, "host", cluster),
        data=data,
    )


def _graph_on_one_host(rule: Rule, ctx: RuleContext) -> Finding | None:
    """A Dynamo graph whose workers ``dynamo serve`` gives GPUs of its one host in turn
    (``toplint.parse.generic.dynamograph``) asking for more than a node has - reported once, on
    the graph's first server, where the cluster is one node or has fewer GPUs than the sum
    (on more nodes ``dynamo deploy`` may spread the services, which the file does not say)."""
    dep, cluster = ctx.deployment, ctx.cluster
    written = str(dep.options.get(GRAPH_HOST_GPUS, ""))  # the reader's own count
    if cluster is None or not written.isdigit() or not dep.options.get(GRAPH_HOST_REPORT):
        return None
    total = int(written[:9])
    node = cluster.gpus_per_node
    if total <= node or (cluster.nodes > 1 and total <= cluster.total_gpus):
        return None
    parts = dep.options.get(GRAPH_HOST_PARTS, "")
    return finding(
        rule,
        ctx,
        "gpus",
        f"`dynamo serve` starts the graph's services on one host and gives each worker GPUs of "
        f"its own ({parts}: workers × GPUs each): {total} GPUs; nodes of cluster "
        f"{cluster.name} have {node}: the workers past the host's last GPU are given devices "
        f"it does not have",
        fix=f"one host has {node} GPUs: give the graph's workers at most {node} in all "
        f"(ServiceArgs.workers × resources.gpu), or serve it on a host with {total}",
        data={"cluster": cluster.name, "node_gpus": node, "requested": total},
    )


def _one_host(ctx: RuleContext) -> bool:
    """The whole layout must fit one host: the engine never spans nodes (TGI), or one
    container sees its host's GPUs (``--gpus all``) with nothing that joins other hosts."""
    dep = ctx.deployment
    if get_engine(dep.engine).single_node:
        return True
    if source_kind(dep.source_kind).runs_in not in ("container", "service") or (dep.nodes or 1) > 1:
        return False
    backend = dep.flag("distributed-executor-backend")
    return dep.options.get("gpus_visible") == "all" and (backend is None or backend.value != "ray")


def _unit(dep: Deployment) -> str:
    runs_in = source_kind(dep.source_kind).runs_in
    if runs_in in ("container", "service"):
        return "container"
    return "host" if runs_in == "host" else "pod"


def _asks(unit: str, requested: int, cluster: str, node: int) -> str:
    """The request and what follows from it where the instance runs: a pod is never scheduled,
    a container does not start, a job started on hosts (a launcher's GPUs per node:
    ``trainer.n_gpus_per_node=16``) finds no host with that many."""
    have = f"nodes of cluster {cluster} have {node}"
    if unit == "pod":
        return f"pod requests {requested} GPUs; {have}: the pod can never be scheduled"
    if unit == "container":
        return f"container requests {requested} GPUs; {have}: the container cannot start"
    return f"it asks for {requested} GPUs on each node; {have}: no node can run its share"


def _layout(dep: Deployment) -> str:
    return f"TP {dep.tp} × PP {dep.pp or 1} × DP {dep.dp or 1}"


def _spread(dep: Deployment, unit: str, cluster: Cluster) -> Fix | str | None:
    """A layout that one node holds, and the multi-node alternative where the engine has one
    and the cluster has the nodes for it."""
    from toplint.engines.registry import get_engine

    node = cluster.gpus_per_node
    tp = dep.tp or 1
    world = expected_gpus(dep) or tp
    fits = next((tp // k for k in range(1, tp + 1) if tp % k == 0 and tp // k <= node), 1)
    nodes = math.ceil(world / node)
    alone = (dep.pp or 1) == 1 and (dep.dp or 1) == 1
    across = ""
    engine = get_engine(dep.engine)
    if nodes > cluster.nodes:
        across = (
            f"the layout needs {world} GPUs but cluster {cluster.name} has "
            f"{cluster.total_gpus}: use a layout of at most {cluster.total_gpus}"
        )
    elif not engine.single_node and engine.layout.pp:
        flags = layout_flags(dep.engine, tp=fits, pp=(dep.pp or 1) * (tp // fits))
        how = "a LeaderWorkerSet of size" if unit == "pod" else "--nnodes"
        across = f"spread it over {nodes} nodes of {node} GPUs ({how} {nodes}, {flags})"
    elif alone:
        fix = layout_fix(dep.engine, tp=fits, note=f"fits one {node}-GPU node")
        if fix is not None:
            return fix
    one_node = layout_flags(dep.engine, tp=fits) if alone else ""
    fit = f"use a layout that fits one node ({one_node})" if one_node else ""
    options = [o for o in (across, fit) if o]
    if not options:
        return None
    where = "one host has" if unit == "host" else f"a {unit} runs on one node of"
    return f"{where} {node} GPUs: " + ", or ".join(options)


RULE = Rule(
    code="TL211",
    name="gpus-exceed-node",
    summary="A pod, container or single-host engine needs more GPUs than one node has.",
    severity=Severity.ERROR,
    check=check,
    doc=DOC,
    fix_safety="unsafe",
    origin=__file__,
    accelerators="gpu",
    # The layout placed over several nodes instead is why TP/EP/PP would cross the network.
    explains=("TL101", "TL102", "TL104", "TL105", "TL106", "TL108", "TL109", "TL203"),
    # The pod cannot start as written: what follows is the layout laid over whole nodes.
    explains_lead="Even laid over several nodes, this layout would fall short",
)
