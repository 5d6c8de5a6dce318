"""Helm values of the vLLM production-stack chart and the llm-d charts; the VLLMRuntime CR.

production-stack (vllm-project/production-stack helm/templates/deployment-vllm-multi.yaml and
ray-cluster.yaml): each ``servingEngineSpec.modelSpec[]`` is one deployment unless
``enabled: false``; ``vllmConfig`` keys become flags in the template's order and ``extraArgs``
are appended last (a duplicate is kept: vLLM's argparse lets the last one win;
``toplint.parse.structured.helmargs``).
``pipelineParallelSize`` is rendered only by the Ray template (``raySpec.enabled``), where the
Ray cluster is ``replicaCount`` workers + 1 head (engine-vocabulary.md §5); otherwise it is
ignored and recorded as ``options["ignored.pipelineParallelSize"]``.  ``requestGPU`` is read as
the chart renders it (``chart_gpu_count``): a fraction is not a GPU request, and is recorded as
``options["ignored.requestGPU"]``.

llm-d-deployer chart: ``sampleApplication.{prefill,decode}.extraArgs`` (two deployments, GPUs
from ``sampleApplication.resources``); its successor, the llm-d-modelservice chart, is
``toplint.parse.structured.modelservice``'s.  Helm *templates* (``{{ }}``) are not YAML until
rendered: ``KubernetesParser`` skips a template that does not load, and reads what is plain in
one that does (template expressions are unresolved values).
"""

from __future__ import annotations

import re
from typing import Any

from toplint.engines.registry import engine_running_in
from toplint.infra.patterns import lazy
from toplint.infra.yamlsafe import Path, load_documents
from toplint.model import Deployment, ParseResult
from toplint.parse.base import Source
from toplint.parse.flagfields import apply_flags
from toplint.parse.k8s.context import Ctx, GpuRequest, gpu_request, to_int, with_gpu
from toplint.parse.k8s.manifest import looks_like_k8s
from toplint.parse.options import Arg, parse_args
from toplint.parse.structured.chartshm import chart_dev_shm, runtime_dev_shm
from toplint.parse.structured.helmargs import CONFIG_KEYS, SPEC_KEYS, extra_args, render, value_text
from toplint.record import replace

_VALUES = lazy(r"^(servingEngineSpec|sampleApplication):", re.M)


def _marked(text: str) -> bool:
    """A top-level key of the production-stack or llm-d-deployer chart's values (``_VALUES``),
    or llm-d-modelservice's (``modelservice.marked``); the substring scans first, so that a
    file naming neither key is not searched for a line start."""
    if "servingEngineSpec:" not in text and "sampleApplication:" not in text:
        return _modelservice_marked(text)
    return _VALUES.search(text) is not None or _modelservice_marked(text)


def _modelservice_marked(text: str) -> bool:
    """``modelservice.marked``, its module imported only for a file naming its key."""
    if "modelArtifacts:" not in text:
        return False
    import toplint.parse.structured.modelservice as ms

    return ms.marked(text)


class HelmValuesParser:
    name = "helm-values"

    def accepts(self, source: Source) -> bool:
        return (
            (source.name.endswith((".yaml", ".yml")) or source.name in ("-", "<stdin>"))
            and _marked(source.text)
            and not looks_like_k8s(source.text)
        )

    def parse(self, source: Source) -> ParseResult:
        deployments: list[Deployment] = []
        findings = []
        for doc in load_documents(source.text, source.path):
            if not isinstance(doc.data, dict):
                continue
            ctx = Ctx(source, doc, {})
            deployments.extend(production_stack(ctx))
            deployments.extend(llm_d(ctx))
            if _modelservice_marked(source.text):
                import toplint.parse.structured.modelservice as ms

                deployments.extend(ms.modelservice(ctx))
            findings.extend(ctx.findings)
        return ParseResult(source.path, tuple(deployments), tuple(findings))


def production_stack(ctx: Ctx) -> list[Deployment]:
    engine: Path = ("servingEngineSpec",)
    if ctx.get((*engine, "enableEngine")) is False:
        return []
    out = []
    for i, spec in enumerate(ctx.sequence((*engine, "modelSpec"))):
        if isinstance(spec, dict) and spec.get("enabled") is not False:
            out.append(_model_spec(ctx, (*engine, "modelSpec", i), spec))
    return out


# The charts these readers read, by their Chart.yaml ``name``, for a release that installs one
# with its values inline (``toplint.parse.generic.helmrelease``): vllm-project/production-stack
# helm/Chart.yaml ``name: vllm-stack``.
CHARTS = {"vllm-stack": production_stack}


def _model_spec(ctx: Ctx, at: Path, spec: dict[str, Any]) -> Deployment:
    ray = bool(ctx.mapping((*at, "raySpec")).get("enabled"))
    start = ctx.pos(at)
    engine = engine_running_in("helm-production-stack")
    dep = Deployment(
        path=ctx.path,
        line=start.line,
        column=start.column,
        engine=engine.name,
        model=str(spec["modelURL"]) if spec.get("modelURL") else None,
        name=str(spec.get("name", "")),
        source_kind="helm-production-stack",
        sources={"model": ctx.pos((*at, "modelURL"))} if "modelURL" in spec else {},
    )
    args = _ray_prefix(ctx, at) if ray else []
    args += render(ctx, at, SPEC_KEYS, ray)
    args += render(ctx, (*at, "vllmConfig"), CONFIG_KEYS, ray)
    args += extra_args(ctx, (*at, "vllmConfig", "extraArgs"))
    args += _lmcache(ctx, at, spec)
    parsed = parse_args(engine.name, args, ctx.path)
    ctx.findings.extend(parsed.findings)
    dep = apply_flags(dep, parsed.flags, engine.cli)
    dep = _gpus(ctx, at, spec, dep)
    dep = replace(dep, labels=_selector_labels(ctx, at, spec))
    return _ray(ctx, at, spec, dep) if ray else _plain(ctx, at, spec, dep)


def _ray_prefix(ctx: Ctx, at: Path) -> list[Arg]:
    pos = ctx.key((*at, "raySpec", "enabled"))
    return [Arg(t, t, pos, (), "raySpec") for t in ("--distributed-executor-backend", "ray")]


def _lmcache(ctx: Ctx, at: Path, spec: dict[str, Any]) -> list[Arg]:
    lmcache = spec.get("lmcacheConfig")
    if not isinstance(lmcache, dict) or not lmcache.get("enabled"):
        return []
    role = str(lmcache.get("kvRole", "kv_both"))
    import json

    value = json.dumps({"kv_connector": "LMCacheConnectorV1", "kv_role": role})
    pos = ctx.key((*at, "lmcacheConfig"))
    return [
        Arg("--kv-transfer-config", "--kv-transfer-config", pos, (), "lmcacheConfig"),
        Arg(value, value, pos, (), "lmcacheConfig"),
    ]


def _gpus(ctx: Ctx, at: Path, spec: dict[str, Any], dep: Deployment) -> Deployment:
    raw = gpu_request(ctx, (*at, "resources"))
    if raw:
        return with_gpu(dep, raw)
    if "requestGPU" not in spec:
        # The chart renders an nvidia.com/gpu limit only from requestGPU (or a raw `resources`
        # block): without either the serving pod gets no GPU at all.
        note = "requestGPU is not set: the pod requests no GPU (and `resources` sets none)"
        return with_gpu(
            replace(dep, notes=(*dep.notes, note)), GpuRequest(0, "nvidia.com/gpu", ctx.key(at))
        )
    resource = str(spec.get("requestGPUType") or "nvidia.com/gpu")
    key = ctx.key((*at, "requestGPU"))
    written = spec["requestGPU"]
    count, why = chart_gpu_count(written)
    dep = with_gpu(dep, GpuRequest(count, resource, key))
    if why is None:
        return dep
    return replace(
        dep,
        options={**dep.options, "ignored.requestGPU": value_text(written)},
        notes=(*dep.notes, why),
        sources={**dep.sources, "ignored.requestGPU": key},
    )


def chart_gpu_count(value: Any) -> tuple[int | None, str | None]:
    """The GPUs the chart requests for ``requestGPU: value``, and why that differs from the
    value when it does.  ``chart.resources`` (helm/templates/_helpers.tpl, production-stack
    a6c01db0) writes ``nvidia.com/gpu`` only when ``(int requestGPU) > 0``; Sprig's ``int`` is
    ``cast.ToInt``, which truncates a number (Helm reads every YAML number as a float64) and
    makes 0 of a string that is not a whole number: such a value requests no GPU.  A fraction
    of 1 or more is written as given, which is not a count this reader believes (None)."""
    if isinstance(value, float) and not value.is_integer() and 0 < value < 1:
        return 0, (
            f"requestGPU {value:g} renders no GPU request: the chart writes one only when "
            "int(requestGPU) > 0, and int truncates it to 0"
        )
    if isinstance(value, float) and value.is_integer():
        return to_int(int(value)), None
    if isinstance(value, str) and _FRACTION.fullmatch(value.strip()):
        return 0, (
            f'requestGPU "{value.strip()}" renders no GPU request: the chart writes one only '
            "when int(requestGPU) > 0, and int makes 0 of a string that is not a whole number"
        )
    return to_int(value), None


_FRACTION = lazy(r"\d*\.\d*[1-9]\d*")


def _selector_labels(ctx: Ctx, at: Path, spec: dict[str, Any]) -> dict[str, str]:
    labels: dict[str, str] = {}
    for term in ctx.sequence((*at, "nodeSelectorTerms")):
        exprs = term.get("matchExpressions") if isinstance(term, dict) else None
        for expr in exprs if isinstance(exprs, list) else []:
            if isinstance(expr, dict) and expr.get("operator") == "In":
                values = expr.get("values")
                values = values if isinstance(values, list) else [] if values is None else [values]
                labels[str(expr.get("key"))] = ",".join(map(str, values))
    if spec.get("nodeName"):
        labels["kubernetes.io/hostname"] = str(spec["nodeName"])
    return labels


def _plain(ctx: Ctx, at: Path, spec: dict[str, Any], dep: Deployment) -> Deployment:
    options = dict(dep.options)
    notes = dep.notes
    pp = ctx.mapping((*at, "vllmConfig")).get("pipelineParallelSize")
    if pp is not None:
        options["ignored.pipelineParallelSize"] = str(pp)
        notes = (*notes, f"vllmConfig.pipelineParallelSize {pp} is ignored without raySpec.enabled")
    replicas = to_int(spec.get("replicaCount", 1))
    sources = dict(dep.sources)
    if pp is not None:
        sources["ignored.pipelineParallelSize"] = ctx.key(
            (*at, "vllmConfig", "pipelineParallelSize")
        )
    if "replicaCount" in spec:
        sources["replicas"] = ctx.key((*at, "replicaCount"))
    options.update(chart_dev_shm(spec))
    return replace(
        dep,
        nodes=1,
        gpus=dep.gpus_per_node,
        replicas=replicas or 1,
        options=options,
        notes=notes,
        pods_are_nodes=True,
        sources=sources,
    )


def _ray(ctx: Ctx, at: Path, spec: dict[str, Any], dep: Deployment) -> Deployment:
    """Ray: ``replicaCount`` worker pods + 1 head pod serve one instance."""
    workers = to_int(spec.get("replicaCount", 1))
    head = to_int(ctx.mapping((*at, "raySpec", "headNode")).get("requestGPU"))
    nodes = workers + 1 if workers is not None else None
    gpus = None
    if workers is not None and head is not None and dep.gpus_per_node is not None:
        gpus = head + workers * dep.gpus_per_node
    notes = dep.notes
    if head is not None and head != dep.gpus_per_node:
        notes = (*notes, f"Ray head requests {head} GPUs, workers {dep.gpus_per_node}")
    notes = (
        *notes,
        f"pods are not nodes: the {nodes} Ray pods may share a host unless "
        "anti-affinity keeps them apart",
    )
    where = ctx.key((*at, "replicaCount")) if "replicaCount" in spec else ctx.key((*at, "raySpec"))
    return replace(
        dep,
        nodes=nodes,
        gpus=gpus,
        replicas=1,
        options={**dep.options, **chart_dev_shm(spec, ray=True)},
        notes=notes,
        pods_are_nodes=None,
        sources={**dep.sources, "nodes": where},
    )


def runtime_cr(ctx: Ctx) -> list[Deployment]:
    """production-stack operator CR (production-stack.vllm.ai/v1alpha1 VLLMRuntime)."""
    start = ctx.key(("kind",))
    model = ctx.get(("spec", "model", "modelURL"))
    engine = engine_running_in("vllm-runtime")
    dep = Deployment(
        ctx.path,
        start.line,
        start.column,
        engine.name,
        str(model) if model else None,
        name=str(ctx.get(("metadata", "name"), "")),
        source_kind="production-stack-runtime",
    )
    model_keys = (
        *SPEC_KEYS,
        ("maxModelLen", "--max-model-len", "value"),
        ("dtype", "--dtype", "value"),
        ("maxNumSeqs", "--max-num-seqs", "value"),
    )
    config_keys = tuple(
        k for k in CONFIG_KEYS if k[0] not in ("maxModelLen", "dtype", "maxNumSeqs")
    )
    args = render(ctx, ("spec", "model"), model_keys, False)
    args += render(ctx, ("spec", "vllmConfig"), config_keys, False)
    args += extra_args(ctx, ("spec", "vllmConfig", "extraArgs"))
    parsed = parse_args(engine.name, args, ctx.path)
    ctx.findings.extend(parsed.findings)
    dep = apply_flags(dep, parsed.flags, engine.cli)
    res: Path = ("spec", "deploymentConfig", "resources")
    if ctx.get((*res, "gpu")) is not None:
        kind = str(ctx.get((*res, "gpuType")) or "nvidia.com/gpu")
        dep = with_gpu(dep, GpuRequest(ctx.count((*res, "gpu")), kind, ctx.key((*res, "gpu"))))
    replicas = ctx.count(("spec", "deploymentConfig", "replicas"), 1) or 1
    shm = runtime_dev_shm(ctx.mapping(("spec",)))
    return [
        replace(
            dep,
            nodes=1,
            gpus=dep.gpus_per_node,
            replicas=replicas,
            pods_are_nodes=True,
            options={**dep.options, **shm},
        )
    ]


def llm_d(ctx: Ctx) -> list[Deployment]:
    app: Path = ("sampleApplication",)
    if not isinstance(ctx.get(app), dict) or ctx.get((*app, "enabled")) is False:
        return []
    uri = str(ctx.get((*app, "model", "modelArtifactURI"), ""))
    model = _model_from_uri(uri) or ctx.get((*app, "model", "modelName"))
    out = []
    engine = engine_running_in("helm-llm-d")
    for role in ("prefill", "decode"):
        at: Path = (*app, role)
        if not isinstance(ctx.get(at), dict) or ctx.count((*at, "replicas"), 1) == 0:
            continue
        start = ctx.key(at)
        dep = Deployment(
            ctx.path,
            start.line,
            start.column,
            engine.name,
            str(model) if model else None,
            name=role,
            source_kind="helm-llm-d",
            sources={"model": ctx.pos((*app, "model"))},
        )
        parsed = parse_args(engine.name, extra_args(ctx, (*at, "extraArgs")), ctx.path)
        ctx.findings.extend(parsed.findings)
        dep = apply_flags(dep, parsed.flags, engine.cli)
        gpu = gpu_request(ctx, (*app, "resources"))
        dep = with_gpu(dep, gpu) if gpu else dep
        replicas = ctx.count((*at, "replicas"), 1) or 1
        out.append(
            replace(dep, nodes=1, gpus=dep.gpus_per_node, replicas=replicas, pods_are_nodes=True)
        )
    return out


def _model_from_uri(uri: str) -> str | None:
    """``hf://org/name`` -> ``org/name``; ``pvc://claim/org/name`` -> ``org/name``."""
    if uri.startswith("hf://"):
        return uri[5:] or None
    if uri.startswith("pvc://"):
        parts = uri[6:].split("/", 1)
        return parts[1] if len(parts) == 2 and parts[1] else None
    return None


KINDS = {"VLLMRuntime": runtime_cr}
