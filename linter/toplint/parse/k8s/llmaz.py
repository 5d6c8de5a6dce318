"""llmaz (InftyAI/llmaz): ``OpenModel``, ``Playground`` and ``Service``.

A ``Playground`` claims an ``OpenModel`` (``spec.modelClaim.modelName``) and runs it with a
backend runtime (``spec.backendRuntimeConfig.backendName``, vLLM when absent): the model is the
OpenModel's ``source.modelHub.modelID``, the GPUs its first inference flavor's ``limits``
(llmaz tries the flavors in order), and the runtime's default arguments carry no parallelism
(chart/templates/backends/*.yaml ``recommendedConfigs: default``), so only
``backendRuntimeConfig.args`` can add it.  A ``Service`` (inference.llmaz.io) is a
LeaderWorkerSet written inline: ``spec.workloadTemplate`` is its LeaderWorkerTemplate
(``toplint.parse.k8s.lws``).  A core ``v1 Service`` of the same kind name deploys nothing; a
``Service`` of another group (Knative) is walked by shape.
"""

from __future__ import annotations

from typing import Any

from toplint.engines.registry import all_engines, engine_running_in
from toplint.engines.types import Engine
from toplint.infra.yamlsafe import Path
from toplint.model import Deployment
from toplint.parse.argv import deployment_from_invocation
from toplint.parse.invocation import Invocation
from toplint.parse.k8s.container import list_args
from toplint.parse.k8s.context import Ctx, base_deployment, is_gpu_resource, to_int
from toplint.parse.k8s.generic import walk
from toplint.parse.options import Arg
from toplint.record import replace

FLAVOR_LABEL = "llmaz.io/flavor"
_GROUP = "inference.llmaz.io/"


def service(ctx: Ctx) -> list[Deployment]:
    api = str(ctx.get(("apiVersion",), ""))
    if not api.startswith(_GROUP):
        if api == "v1":  # the core Service: a network endpoint
            return []

        return walk(ctx)
    from toplint.parse.k8s.lws import groups

    return groups(ctx, ("spec", "workloadTemplate"), base_deployment(ctx, "llmaz-service"))


def playground(ctx: Ctx) -> list[Deployment]:
    if not str(ctx.get(("apiVersion",), "")).startswith(_GROUP):
        return []
    cfg: Path = ("spec", "backendRuntimeConfig")
    engine = _engine(ctx.get((*cfg, "backendName")))
    if engine is None:
        return []
    base = base_deployment(ctx, "llmaz-playground")
    claimed = ctx.get(("spec", "modelClaim", "modelName"))
    model_doc = _open_model(ctx, claimed)
    start_at: Path = (*cfg, "backendName") if ctx.get((*cfg, "backendName")) else ("kind",)
    start = Arg(engine.name, engine.name, ctx.scalar_pos(start_at))
    model = None
    gpus = None
    labels = dict(base.labels)
    if model_doc is not None:
        model = _model_arg(model_doc)
        gpus, flavor = _flavor(model_doc)
        if flavor:
            labels[FLAVOR_LABEL] = flavor
    args = list_args(ctx, (*cfg, "args"), {})
    inv = Invocation(engine.cli.name, tuple(args), start, model=model)
    replicas = ctx.count(("spec", "replicas"), 1) or 1
    seed = replace(
        base,
        gpus_per_node=gpus,
        gpus=gpus,
        nodes=1,
        replicas=replicas,
        pods_are_nodes=True,
        labels=labels,
    )
    dep, found = deployment_from_invocation(inv, ctx.path, source_kind=seed.source_kind, base=seed)
    ctx.findings.extend(found)
    return [dep]


def _engine(name: Any) -> Engine | None:
    """The backend by llmaz's name for it ("vllm", "sglang", "tgi", "tensorrt-llm")."""

    if not name:
        return engine_running_in("llmaz")
    wanted = str(name).lower()
    for engine in all_engines():
        if wanted in (engine.name, engine.title.lower()):
            return engine
    return None


def _open_model(ctx: Ctx, name: Any) -> Ctx | None:
    """The OpenModel of that name in the same file, read on its own."""
    for doc in ctx.documents:
        data = doc.data
        meta = data.get("metadata") if isinstance(data, dict) else None
        if isinstance(meta, dict) and meta.get("name") == name:
            return Ctx(ctx.source, doc, ctx.configmaps, ctx.findings, documents=ctx.documents)
    return None


def _model_arg(model: Ctx) -> Arg | None:
    at: Path = ("spec", "source", "modelHub", "modelID")
    value = model.get(at)
    if not isinstance(value, str):
        return None
    return Arg(value, value, model.scalar_pos(at), (), "modelHub.modelID")


def _flavor(model: Ctx) -> tuple[int | None, str]:
    flavors = model.get(("spec", "inferenceConfig", "flavors")) or []
    first = flavors[0] if isinstance(flavors, list) and flavors else None
    if not isinstance(first, dict):
        return None, ""
    limits = model.mapping(("spec", "inferenceConfig", "flavors", 0, "limits"))
    gpus = next((to_int(v) for k, v in limits.items() if is_gpu_resource(str(k))), None)
    return gpus, str(first.get("name", ""))


def open_model(ctx: Ctx) -> list[Deployment]:
    return []  # a model catalog entry: what Playgrounds and Services claim


KINDS = {"Service": service, "Playground": playground, "OpenModel": open_model}
