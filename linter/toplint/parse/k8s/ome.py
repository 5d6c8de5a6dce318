"""OME (sgl-project/ome, ``ome.io/v1beta1``): ClusterServingRuntime, ServingRuntime and
InferenceService, read from OME's own types and controller (sgl-project/ome @17b77ed).

A runtime's ``spec.engineConfig`` (and ``spec.decoderConfig``, the decode role of a
prefill/decode pair) is one component: a single pod (``runner``), or a multi-node group whose
leader pod runs ``leader.runner`` and whose ``worker.size`` worker pods run ``worker.runner``
(pkg/apis/ome/v1beta1/inference_service.go EngineSpec/LeaderSpec/WorkerSpec).  The controller
creates a LeaderWorkerSet of ``worker.size + 1`` pods (reconcilers/lws/lws_reconciler.go
``workerSize = workerSize + 1``), which injects ``LWS_GROUP_SIZE`` and the rest, and sets
``PARALLELISM_SIZE`` = GPUs per pod × (1 + worker.size) in the containers
(components/engine.go ``setParallelismEnvVarForEngine``; decoder.go likewise) unless an
accelerator class is selected, which happens only when the runtime lists
``acceleratorRequirements.acceleratorClasses`` and the InferenceService picks one
(acceleratorclassselector/selector.go): then the value is unknown here.  ``MODEL_PATH`` is where
the InferenceService's BaseModel is mounted: a runtime serves every model it matches, so the
model is unresolved in it.  An InferenceService usually names only its model and lets OME pick
the runtime; its own ``engine``/``decoder`` runner, when written, is read the same way.
"""

from __future__ import annotations

from toplint.infra.yamlsafe import Path
from toplint.model import Deployment
from toplint.parse.k8s.context import Ctx, base_deployment, gpu_request, labelled
from toplint.parse.k8s.pods import container_deployments
from toplint.parse.k8s.workloads import spans_nodes
from toplint.record import replace

_TEMPLATE = "runtime template: the model comes from each InferenceService (`MODEL_PATH`)"


def serving_runtime(ctx: Ctx) -> list[Deployment]:
    base = replace(base_deployment(ctx, "ome-runtime"), notes=(_TEMPLATE,))
    classes = ctx.get(("spec", "acceleratorRequirements", "acceleratorClasses"))
    return _components(ctx, ("engineConfig", "decoderConfig"), base, chosen_class=bool(classes))


def inference_service(ctx: Ctx) -> list[Deployment]:
    base = base_deployment(ctx, "ome-isvc")
    model = ctx.get(("spec", "model", "name"))
    if isinstance(model, str) and model:
        base = replace(base, notes=(f"model: OME BaseModel `{model}`",))
    # Whether the runtime OME picks lists accelerator classes is not known from here.
    return _components(ctx, ("engine", "decoder"), base, chosen_class=None)


def _components(
    ctx: Ctx, keys: tuple[str, str], base: Deployment, *, chosen_class: bool | None
) -> list[Deployment]:
    engine, decoder = (("spec", key) for key in keys)
    disaggregated = isinstance(ctx.get(decoder), dict)
    out = _component(ctx, engine, base, "prefill" if disaggregated else "", chosen_class)
    if disaggregated:
        out += _component(ctx, decoder, base, "decode", chosen_class)
    return out


def _component(
    ctx: Ctx, at: Path, base: Deployment, role: str, chosen_class: bool | None
) -> list[Deployment]:
    if not isinstance(ctx.get(at), dict):
        return []
    leader: Path = (*at, "leader")
    multi = isinstance(ctx.get((*at, "worker")), dict) or isinstance(ctx.get(leader), dict)
    runner: Path = (
        (*leader, "runner")
        if isinstance(ctx.get((*leader, "runner")), dict)
        else (
            *at,
            "runner",
        )
    )
    size = ctx.count((*at, "worker", "size"), 0) if multi else 0
    gpu = gpu_request(ctx, (*runner, "resources"))
    injected = _injected(gpu.count if gpu else None, size, multi, chosen_class)
    seeded = labelled(ctx, replace(base, name=role or base.name), at, leader)
    deps = container_deployments(ctx, runner, seeded, injected)
    if not deps and multi:  # the engine runs in the workers only
        deps = container_deployments(ctx, (*at, "worker", "runner"), seeded, injected)
    if not multi:
        return [_one_pod(dep) for dep in deps]
    return [_group(ctx, dep, at, size) for dep in deps]


def _one_pod(dep: Deployment) -> Deployment:
    """A component with no leader or workers: OME's controller runs its ``runner`` as the one
    container of each pod it creates (a raw Deployment, or a Knative Service, of single-pod
    replicas: pkg/controller/v1beta1/inferenceservice/components/engine.go
    ``reconcileDeployment``), so an instance is one pod on
    one node with the runner's GPUs -- unless the engine's own arguments span nodes, which one pod
    cannot, and then the count is left as read."""
    if spans_nodes(dep):
        return dep
    where = dep.sources.get("gpus", dep.position_of("nodes"))
    return replace(
        dep,
        nodes=1,
        gpus=dep.gpus_per_node,
        pods_are_nodes=True,
        sources={**dep.sources, "nodes": where},
    )


def _injected(
    gpus: int | None, size: int | None, multi: bool, chosen_class: bool | None
) -> dict[str, str | None]:
    """What OME and the LeaderWorkerSet it creates put into the containers' environment."""
    parallelism: str | None = None
    # chosen_class None: an InferenceService, whose runtime may select an accelerator class
    if gpus and size is not None and chosen_class is False:
        parallelism = str(gpus * (1 + size))
    env: dict[str, str | None] = {"PARALLELISM_SIZE": parallelism, "MODEL_PATH": None}
    if multi:
        env.update(
            LWS_GROUP_SIZE=None if size is None else str(size + 1),
            LWS_WORKER_INDEX="0",
            LWS_LEADER_ADDRESS=None,
        )
    return env


def _group(ctx: Ctx, dep: Deployment, at: Path, size: int | None) -> Deployment:
    """The leader pod and its ``worker.size`` workers: one instance over ``size + 1`` pods."""
    if size is None:
        return replace(dep, nodes=None)
    pods = size + 1
    worker = gpu_request(ctx, (*at, "worker", "runner", "resources"))
    worker_gpus = worker.count if worker else dep.gpus_per_node
    gpus = None
    if dep.gpus_per_node is not None and worker_gpus is not None:
        gpus = dep.gpus_per_node + size * worker_gpus
    notes = list(dep.notes)
    if pods > 1:
        notes.append(
            f"pods are not nodes: OME's LeaderWorkerSet of {pods} pods sets no exclusive "
            "topology, so they may share a host"
        )
    where = ctx.key((*at, "worker", "size")) if size else dep.position_of("gpus_per_node")
    return replace(
        dep,
        nodes=pods,
        gpus=gpus,
        notes=tuple(notes),
        pods_are_nodes=True if pods == 1 else None,
        sources={**dep.sources, "nodes": where},
    )


KINDS = {
    "ome.io/ClusterServingRuntime": serving_runtime,
    "ome.io/ServingRuntime": serving_runtime,
    "ome.io/InferenceService": inference_service,
}
