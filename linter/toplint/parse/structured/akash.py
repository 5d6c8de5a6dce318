"""Akash SDL (``deploy.yaml``): each service a Kubernetes container, its GPUs from its profile.

An Akash provider runs each SDL service as a Kubernetes container whose ``command`` is the
service's ``command`` (the image's entrypoint replaced) and whose ``args`` are its ``args``
(akash-network/provider@912b76a7 cluster/kube/builder/workload.go lines 50-51), with ``env``
entries ``NAME=value`` split at the first ``=`` (lines 99-105).  So a service is read as a
Kubernetes container is (``toplint.parse.k8s.pods.container_deployments``), never as a compose
service, whose ``command`` follows the image's entrypoint: ``command: [bash, -c]`` with a
``vllm serve ...`` script in ``args`` runs that script.

The SDL (akash.network/docs/getting-started/stack-definition-language/, "profiles",
"deployment", "GPU support") places a service with ``deployment.<service>.<placement>``:
its ``profile`` names ``profiles.compute.<profile>``, whose ``resources.gpu.units`` GPUs each of
the ``count`` pods (replicas) gets, of a model listed in
``resources.gpu.attributes.vendor.<vendor>[].model`` (several: a provider with any of them
bids; ``ram`` narrows the memory).  A ``/dev/shm`` mount (``params.storage.<volume>.mount``) of
a profile volume of ``class: ram`` is a memory-backed ``emptyDir`` (provider@afc4dd7
cluster/kube/builder/workload.go ``volumes``, lines 192-221).

A Ray cluster started across services (one service runs ``ray start --head`` and the engine,
others run ``ray start --address ...``: awesome-akash Llama-3.1-405B-BF16) is one deployment
spanning the Ray nodes, as the engine in a KubeRay head container is (``toplint.parse.k8s.ray``).

Recognised by structure: a top-level ``version`` "2.0" or "2.1" with ``services``,
``profiles`` and ``deployment`` mappings.
"""

from __future__ import annotations

from typing import Any

from toplint.errors import SourceError
from toplint.infra.yamlsafe import Path, load_documents
from toplint.model import Deployment, ParseResult, Position
from toplint.parse.base import Source
from toplint.parse.invocation import shell_script
from toplint.parse.k8s.container import element_path, list_args, script_commands
from toplint.parse.k8s.context import Ctx, GpuRequest, with_gpu
from toplint.parse.k8s.pods import container_deployments
from toplint.parse.k8s.raycluster import RayNodes, on_cluster
from toplint.parse.k8s.workloads import single_pod
from toplint.parse.text.granted import ray_start_role
from toplint.record import record, replace

# The GPU models a profile asks for (``toplint.hardware.asks.AKASH_GPU``).
GPU_MODEL_LABEL = "akash.network/gpu.model"
_VERSIONS = ("2.0", "2.1")
_SECTIONS = ("services", "profiles", "deployment")
# The device plugin resource each SDL GPU vendor's units are (the provider's inventory).
_RESOURCES = {"nvidia": "nvidia.com/gpu", "amd": "amd.com/gpu"}


def is_sdl(data: Any) -> bool:
    return (
        isinstance(data, dict)
        and str(data.get("version", "")).strip() in _VERSIONS
        and all(isinstance(data.get(k), dict) for k in _SECTIONS)
    )


class AkashSdlParser:
    name = "akash-sdl"

    def accepts(self, source: Source) -> bool:
        text = source.text
        if not source.yaml_named or not all(f"{k}:" in text for k in _SECTIONS):
            return False
        try:
            docs = load_documents(text, source.path)
        except SourceError:
            return False
        return any(is_sdl(doc.data) for doc in docs)

    def parse(self, source: Source) -> ParseResult:
        docs = load_documents(source.text, source.path)
        out: list[Deployment] = []
        findings = []
        for doc in docs:
            if is_sdl(doc.data):
                ctx = Ctx(source, doc, {}, documents=docs)
                out.extend(_deployments(ctx))
                findings.extend(ctx.findings)
        return ParseResult(source.path, tuple(out), tuple(findings))


@record
class _Service:
    name: str
    profile: Path  # profiles.compute.<profile>.resources (() when the service is not placed)
    count: int | None  # pods (replicas)
    gpus: int | None  # per pod
    role: str | None  # what its ``ray start`` starts: "head", "worker", None


def _deployments(ctx: Ctx) -> list[Deployment]:
    services = [_placed(ctx, str(name)) for name in ctx.mapping(("services",))]
    out: list[Deployment] = []
    for service in services:
        for dep in _service(ctx, service):
            ray = _ray_cluster(ctx, service, services)
            out.append(single_pod(dep, service.count) if ray is None else on_cluster(dep, ray))
    return out


def _placed(ctx: Ctx, name: str) -> _Service:
    """Where ``deployment.<name>.<placement>`` puts the service (its first placement)."""
    profile: Path = ()
    count: int | None = 1
    for placement, spec in ctx.mapping(("deployment", name)).items():
        if isinstance(spec, dict):
            at = ("deployment", name, placement)
            profile = ("profiles", "compute", str(spec.get("profile")), "resources")
            count = ctx.count((*at, "count"), 1)
            break
    gpus = ctx.count((*profile, "gpu", "units"), 0) if profile else 0
    return _Service(name, profile, count, gpus, _ray_role(ctx, name))


def _service(ctx: Ctx, service: _Service) -> list[Deployment]:
    cpath: Path = ("services", service.name)
    key = ctx.key(cpath)
    base = Deployment(
        ctx.path, key.line, key.column, "", None, name=service.name, source_kind="akash"
    )
    base = _with_gpus(ctx, base, service)
    shm = _dev_shm(ctx, service)
    return [
        replace(dep, options={**dep.options, **shm})
        for dep in container_deployments(ctx, cpath, base)
    ]


def _with_gpus(ctx: Ctx, dep: Deployment, service: _Service) -> Deployment:
    """``dep`` with the profile's ``gpu.units`` and the models it lists (any of them)."""
    gpu: Path = (*service.profile, "gpu")
    if not service.profile or not service.gpus:
        return dep
    vendors = ctx.mapping((*gpu, "attributes", "vendor"))
    resource = next((_RESOURCES[v] for v in vendors if v in _RESOURCES), "nvidia.com/gpu")
    dep = with_gpu(dep, GpuRequest(service.gpus, resource, ctx.scalar_pos((*gpu, "units"))))
    names: list[str] = []
    first: Position | None = None
    for vendor in vendors:
        for i, item in enumerate(ctx.sequence((*gpu, "attributes", "vendor", vendor))):
            model = item.get("model") if isinstance(item, dict) else None
            if model is None or not str(model).strip():
                continue
            at = (*gpu, "attributes", "vendor", vendor, i, "model")
            first = first or ctx.scalar_pos(at)
            ram = "".join(c for c in str(item.get("ram", "")) if c.isdigit())
            names.append(f"{model}-{ram}gb" if ram else str(model))
    if first is None:  # any GPU of the vendor: no model asked for
        return dep
    labels = {**dep.labels, GPU_MODEL_LABEL: ",".join(names)}
    return replace(dep, labels=labels, sources={**dep.sources, f"label:{GPU_MODEL_LABEL}": first})


def _dev_shm(ctx: Ctx, service: _Service) -> dict[str, str]:
    """The service's /dev/shm: a RAM-class profile volume mounted there is memory (its size the
    volume's), another volume is not judged, none is the runtime's 64 MiB (``k8s.shm``)."""
    storage = ctx.mapping(("services", service.name, "params", "storage"))
    for volume, params in storage.items():
        if not isinstance(params, dict) or str(params.get("mount", "")).rstrip("/") != "/dev/shm":
            continue
        volumes = ctx.get((*service.profile, "storage")) if service.profile else None
        for entry in volumes if isinstance(volumes, list) else []:
            attributes = entry.get("attributes") if isinstance(entry, dict) else None
            ram = isinstance(attributes, dict) and attributes.get("class") == "ram"
            if ram and entry.get("name") == volume:
                size = entry.get("size")
                return {"dev_shm": "memory", **({"dev_shm_size": str(size)} if size else {})}
        return {"dev_shm": "volume"}
    return {"dev_shm": "default"}


def _ray_role(ctx: Ctx, name: str) -> str | None:
    """What the service's command starts of a Ray cluster (``ray start --head`` or a worker)."""
    cpath: Path = ("services", name)
    text = f"{ctx.get((*cpath, 'command'))} {ctx.get((*cpath, 'args'))}"
    if "ray" not in text or "start" not in text:
        return None
    args = list_args(ctx, (*cpath, "command"), {}) + list_args(ctx, (*cpath, "args"), {})
    at = shell_script(args)
    if at is None:
        return ray_start_role([a.value for a in args])
    findings = len(ctx.findings)
    commands = script_commands(ctx, element_path(ctx, cpath, at), {})
    del ctx.findings[findings:]  # the service's own reading reports what the script says
    roles = (ray_start_role([a.value for a in command]) for command in commands)
    return next((role for role in roles if role), None)


def _ray_cluster(ctx: Ctx, service: _Service, services: list[_Service]) -> RayNodes | None:
    """The Ray cluster an engine started beside ``ray start --head`` runs on: the head's pods
    and every worker service's, each with its profile's GPUs; None when there is none."""
    workers = [s for s in services if s.role == "worker"]
    if service.role != "head" or not workers:
        return None
    members = [s for s in (service, *workers) if s.gpus]  # Ray nodes holding GPUs
    counts = [s.count for s in members]
    nodes = None if None in counts else sum(c or 0 for c in counts)
    gpus = None if nodes is None else sum((s.count or 0) * (s.gpus or 0) for s in members)
    per_node = {s.gpus for s in members if s.gpus}
    at = ctx.key(("deployment",))
    return RayNodes(nodes, per_node.pop() if len(per_node) == 1 else None, gpus or None, at)
