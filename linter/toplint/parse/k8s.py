"""Kubernetes manifests: dispatch on kind, and the pod-spec walk every orchestrator shares.

A multi-document YAML file is read with ``toplint.infra.yamlsafe`` (positions for every key and
value); each document is handed to the module that knows its kind (``k8s_workloads``,
``k8s_lws``, ``k8s_ray``, ``k8s_kserve``, ``k8s_dynamo``, ``helm``).  Those modules call
``container_deployments`` for the containers that run an engine: the container's ``command`` +
``args`` become argv tokens (``$(VAR)`` substituted from the container env as the kubelet does,
``sh -c`` scripts lexed by ``toplint.parse.shell.lex``), and the engine invocations found in them
become deployments via ``toplint.parse.argv``.

Positions: list elements are exact.  Words inside a YAML string (an ``sh -c`` block scalar)
are mapped back into the file by aligning the string's characters with the file text from the
scalar's start; exact for plain and literal (``|``) scalars, approximate (same line or the next
one) for folded (``>``) and escaped double-quoted scalars, and for words produced by a
``$(VAR)`` substitution (mapped to the ``$(``).
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from toplint.engines.registry import get_spec
from toplint.errors import SourceError
from toplint.infra.yamlsafe import Document, Path, load_documents
from toplint.model import (
    INVALID_PARALLEL_SIZE,
    Deployment,
    Finding,
    ParseResult,
    Position,
)
from toplint.parse import k8s_text
from toplint.parse.argv import deployment_from_invocation
from toplint.parse.base import Source
from toplint.parse.k8s_configmap import configmap_loader, resolve_config_flag
from toplint.parse.k8s_container import (
    container_env,
    env_args,
    env_options,
    invocations,
    with_image_and_accelerator,
)
from toplint.parse.multinode import one_per_instance
from toplint.record import field, record, replace

_KIND = re.compile(r"^kind:\s*\S", re.M)
_API = re.compile(r"^apiVersion:\s*\S", re.M)
# The same keys quoted, anywhere on a line: JSON (``kubectl get -o json``, ``{"kind": ...}``)
# and YAML flow style.  JSON is YAML 1.2 flow, so the same loader reads it, with positions.
_QUOTED_KIND = re.compile(r"[\"']kind[\"']\s*:\s*[\"']?\w")
_QUOTED_API = re.compile(r"[\"']apiVersion[\"']\s*:\s*[\"']?\w")
# Extended resources that are GPUs (k8s device plugins: NVIDIA, AMD, Intel, Habana) and
# Dynamo's own ``resources.limits.gpu``.  MIG slices are ``nvidia.com/mig-<profile>``.
_GPU_EXACT = ("nvidia.com/gpu", "amd.com/gpu", "gpu", "habana.ai/gaudi", "gpu.intel.com/i915")
_GPU_PREFIX = "nvidia.com/mig-"


@record(frozen=False)
class Ctx:
    """One document being read, with the file around it."""

    source: Source
    doc: Document
    configmaps: Mapping[str, tuple[Document, Path]]
    findings: list[Finding] = field(default_factory=list)
    # where this resource sits in ``doc`` (a resource embedded in another: an OpenShift
    # Template's ``objects``, a ``List``'s ``items``); every path below is relative to it
    root: Path = ()
    documents: Sequence[Document] = ()  # the file's documents (resources naming each other)

    @property
    def path(self) -> str:
        return self.source.path

    def get(self, at: Path, default: Any = None) -> Any:
        node: Any = self.doc.data
        for step in (*self.root, *at) if self.root else at:
            if node.__class__ is dict or isinstance(node, dict):  # plain dicts first (YAML data)
                if isinstance(step, str) and step in node:
                    node = node[step]
                    continue
            elif isinstance(node, list) and isinstance(step, int) and 0 <= step < len(node):
                node = node[step]
                continue
            return default
        return node

    def pos(self, at: Path) -> Position:
        return self.doc.value_position((*self.root, *at))

    def key(self, at: Path) -> Position:
        return self.doc.key_position((*self.root, *at))

    def embedded(self, at: Path) -> Ctx:
        """The resource at ``at`` (a mapping with its own ``kind``), read on its own."""
        return Ctx(
            self.source, self.doc, self.configmaps, self.findings, (*self.root, *at), self.documents
        )

    def count(self, at: Path, default: Any = None) -> int | None:
        """The count at ``at`` (``to_int``); a number written there that is out of bounds
        (negative, fractional, beyond ``MAX_COUNT``) is also a TL010 finding, once, so an
        absurd replica or GPU count never becomes "unknown" in silence."""
        value = self.get(at, _ABSENT)
        if value is _ABSENT:
            return to_int(default)
        count = to_int(value)
        if count is None and _is_number(value):
            bad = _bad_count(self, at, value)
            if bad not in self.findings:
                self.findings.append(bad)
        return count

    def scalar_pos(self, at: Path) -> Position:
        """Position of a scalar's first character (after an opening quote)."""
        p = self.pos(at)
        off = k8s_text.offset_of(self.source.text, p.line, p.column)
        if off < len(self.source.text) and self.source.text[off] in "'\"":
            return replace(p, column=p.column + 1)
        return p


@record
class GpuRequest:
    count: int | None
    resource: str
    position: Position


# Counts in manifests (replicas, GPUs, group sizes) beyond this are not believed: no later stage
# does arithmetic on them (a 4,000-digit replica count overflows every float).
MAX_COUNT = 1 << 20


def to_int(value: Any) -> int | None:
    """A non-negative count of at most ``MAX_COUNT``, else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, str):
        text = value.strip()
        value = int(text) if text.isascii() and text.isdigit() and len(text) <= 7 else None
    if isinstance(value, int) and 0 <= value <= MAX_COUNT:
        return value
    return None


_ABSENT = object()
_NUMBER = re.compile(r"\s*[+-]?(?:\d[\d_]*\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\s*")


def _is_number(value: Any) -> bool:
    """A number (or a string of one), as opposed to a word, a template or a variable."""
    if isinstance(value, bool):
        return False
    return isinstance(value, (int, float)) or (
        isinstance(value, str) and len(value) <= 10_000 and _NUMBER.fullmatch(value) is not None
    )


def _bad_count(ctx: Ctx, at: Path, value: Any) -> Finding:
    written = str(value).strip()
    shown = written if len(written) <= 24 else f"{written[:12]}…({len(written):,} characters)"
    key = next((str(step) for step in reversed(at) if isinstance(step, str)), "count")
    pos = ctx.scalar_pos(at)
    return INVALID_PARALLEL_SIZE.finding(
        ctx.path,
        pos.line,
        pos.column,
        f"`{key}: {shown}` is not a whole number from 0 to {MAX_COUNT:,}; toplint "
        "cannot count this deployment's GPUs or nodes, so they are not checked",
        anchor=f"count:{'.'.join(map(str, at))}",
    )


def is_gpu_resource(name: str) -> bool:
    return name in _GPU_EXACT or name.startswith(_GPU_PREFIX)


def gpu_request(ctx: Ctx, resources_path: Path) -> GpuRequest | None:
    """GPUs a ``resources`` block asks for (limits first: for extended resources k8s requires
    requests == limits, and either alone implies the other)."""
    for part in ("limits", "requests"):
        block = ctx.get((*resources_path, part))
        if not isinstance(block, dict):
            continue
        for name in block:
            if is_gpu_resource(str(name)):
                at = (*resources_path, part, name)
                return GpuRequest(ctx.count(at), str(name), ctx.key(at))
    return None


def container_deployments(
    ctx: Ctx,
    cpath: Path,
    base: Deployment,
    injected: Mapping[str, str | None] | None = None,
) -> list[Deployment]:
    """One deployment per engine invocation in the container at ``cpath``."""
    env = container_env(ctx, cpath, injected or {})
    out: list[Deployment] = []
    gpu = gpu_request(ctx, (*cpath, "resources"))
    here = with_gpu(base, gpu) if gpu else base
    here = replace(here, options={**here.options, **env_options(env)})
    here = with_image_and_accelerator(ctx, cpath, here)
    image = ctx.get((*cpath, "image"))
    for each in invocations(ctx, cpath, env):
        inv = replace(each, image=each.image or (image if isinstance(image, str) else ""))
        start = inv.start.position
        seed = replace(here, line=start.line, column=start.column, engine=inv.engine)
        # Engines that read options from the environment (TGI's clap ``env``) see the
        # container's; the others keep reading it through ``env_options`` only, except
        # CUDA_VISIBLE_DEVICES, which bounds the GPUs every engine's process sees
        # (``enginecfg.visible_gpus``).  NVIDIA_VISIBLE_DEVICES is the device plugin's to set.
        read_env = None
        if get_spec(inv.engine).env:
            read_env = env_args(ctx, cpath, env)
        elif "CUDA_VISIBLE_DEVICES" in env:
            args = env_args(ctx, cpath, env)
            read_env = {k: v for k, v in args.items() if k == "CUDA_VISIBLE_DEVICES"}

        # Options files that are not flag lists (LLM-API YAML) fold in through a loader that
        # reads ConfigMaps mounted into the pod; flag-list configs fold in below.
        loader = None if get_spec(inv.engine).strict_config_keys else configmap_loader(ctx, cpath)
        dep, found = deployment_from_invocation(
            inv,
            ctx.path,
            source_kind=base.source_kind,
            base=seed,
            env=read_env,
            config_loader=loader,
        )
        ctx.findings.extend(found)
        out.append(resolve_config_flag(ctx, cpath, dep))
    if not out and isinstance(image, str) and image.startswith("nvcr.io/nim/"):
        from toplint.parse.k8s_nim import nim_container

        out = nim_container(ctx, cpath, here)
    return out


def with_gpu(dep: Deployment, gpu: GpuRequest) -> Deployment:
    notes = dep.notes
    options = {**dep.options, "gpu.resource": gpu.resource}
    if gpu.resource.startswith(_GPU_PREFIX):
        options["gpu.mig"] = "true"
        notes = (*notes, f"GPUs are MIG slices ({gpu.resource}): no NVLink/P2P between them")
    return replace(
        dep,
        gpus_per_node=gpu.count,
        options=options,
        notes=notes,
        sources={**dep.sources, "gpus_per_node": gpu.position, "gpus": gpu.position},
    )


def pod_labels(ctx: Ctx, spec: Path) -> dict[str, str]:
    """nodeSelector and required node-affinity ``In`` terms (values joined by ``,``)."""
    labels = {str(k): str(v) for k, v in (ctx.get((*spec, "nodeSelector")) or {}).items()}
    terms = ctx.get(
        (*spec, "affinity", "nodeAffinity", "requiredDuringSchedulingIgnoredDuringExecution"),
        {},
    )
    for term in (terms or {}).get("nodeSelectorTerms", []) or []:
        for expr in (term or {}).get("matchExpressions", []) or []:
            if isinstance(expr, dict) and expr.get("operator") == "In":
                labels[str(expr.get("key"))] = ",".join(map(str, expr.get("values") or []))
    if ctx.get((*spec, "nodeName")):
        labels["kubernetes.io/hostname"] = str(ctx.get((*spec, "nodeName")))
    return labels


def anti_affinity(ctx: Ctx, spec: Path) -> bool:
    """A required pod anti-affinity on the hostname: no two such pods share a node."""
    terms = ctx.get(
        (*spec, "affinity", "podAntiAffinity", "requiredDuringSchedulingIgnoredDuringExecution"),
        [],
    )
    return any(
        isinstance(t, dict) and t.get("topologyKey") == "kubernetes.io/hostname"
        for t in terms or []
    )


def meta_annotations(ctx: Ctx, meta: Path) -> dict[str, str]:
    found = ctx.get((*meta, "annotations")) or {}
    return {f"annotation.{k}": str(v) for k, v in found.items()} if isinstance(found, dict) else {}


def pod_deployments(
    ctx: Ctx,
    template: Path,
    base: Deployment,
    injected: Mapping[str, str | None] | None = None,
) -> list[Deployment]:
    """Deployments of every container of a pod template (``template`` holds metadata + spec)."""
    return spec_deployments(ctx, (*template, "spec"), (*template, "metadata"), base, injected)


def spec_deployments(
    ctx: Ctx,
    spec: Path,
    meta: Path,
    base: Deployment,
    injected: Mapping[str, str | None] | None = None,
) -> list[Deployment]:
    """Deployments of every container of the PodSpec at ``spec`` (metadata at ``meta``)."""
    labels = {**base.labels, **pod_labels(ctx, spec)}
    options = {**base.options, **meta_annotations(ctx, meta)}
    if anti_affinity(ctx, spec):
        options["pod-anti-affinity"] = "true"
    seeded = replace(base, labels=labels, options=options)
    out: list[Deployment] = []
    for i, _ in enumerate(ctx.get((*spec, "containers"), []) or []):
        out.extend(container_deployments(ctx, (*spec, "containers", i), seeded, injected))
    return out


def base_deployment(ctx: Ctx, source_kind: str, name: str = "") -> Deployment:
    meta_name = str(ctx.get(("metadata", "name"), ""))
    start = ctx.key(("kind",))
    return Deployment(
        path=ctx.path,
        line=start.line,
        column=start.column,
        engine="",
        model=None,
        name=name or meta_name,
        source_kind=source_kind,
        options=meta_annotations(ctx, ("metadata",)),
    )


Handler = Callable[[Ctx], list[Deployment]]


# kind -> the module whose ``KINDS`` handles it.  Written out so that a manifest of Deployments
# does not import the LWS, Ray, KServe and Dynamo readers; a test checks it against every KINDS.
HANDLER_MODULES: dict[str, str] = {
    **dict.fromkeys(("Deployment", "StatefulSet", "ReplicaSet", "Pod", "Job"), "k8s_workloads"),
    "LeaderWorkerSet": "k8s_lws",
    "RoleBasedGroup": "k8s_rbg",
    **dict.fromkeys(("RayCluster", "RayService", "RayClusterFleet", "RayJob"), "k8s_ray"),
    **dict.fromkeys(
        ("LLMInferenceService", "InferenceService", "ServingRuntime", "ClusterServingRuntime"),
        "k8s_kserve",
    ),
    **dict.fromkeys(
        ("ome.io/InferenceService", "ome.io/ServingRuntime", "ome.io/ClusterServingRuntime"),
        "k8s_ome",
    ),
    **dict.fromkeys(("DynamoGraphDeployment", "StormService"), "k8s_dynamo"),
    "VLLMRuntime": "helm",
    "ModelServing": "k8s_kthena",
    "Model": "k8s_kubeai",
    **dict.fromkeys(("Workspace", "InferenceSet", "MultiRoleInference"), "k8s_kaito"),
    "NIMService": "k8s_nim",
    **dict.fromkeys(("Service", "Playground", "OpenModel"), "k8s_llmaz"),
}


# Kinds that never hold a container: not walked.
NOT_WORKLOADS = frozenset(
    (
        "ConfigMap",
        "Secret",
        "ServiceAccount",
        "PersistentVolume",
        "PersistentVolumeClaim",
        "Namespace",
        "Role",
        "RoleBinding",
        "ClusterRole",
        "ClusterRoleBinding",
        "Ingress",
        "NetworkPolicy",
        "StorageClass",
        "CustomResourceDefinition",
        "HorizontalPodAutoscaler",
        "PodDisruptionBudget",
        "PodMonitor",
        "ServiceMonitor",
    )
)


def handler_for(kind: str, group: str = "") -> Handler | None:
    """The reader of one resource kind, imported on first use (None: not a serving resource).
    A kind two API groups share (OME's and KServe's InferenceService) is keyed ``group/Kind``."""
    key = f"{group}/{kind}"
    if key not in HANDLER_MODULES:
        key = kind
    module = HANDLER_MODULES.get(key)
    if module is None:
        return None
    # Imported here: the orchestrator modules import the pod walk from this module.
    handlers: dict[str, Handler] = importlib.import_module(f"toplint.parse.{module}").KINDS
    return handlers[key]


def looks_like_k8s(text: str) -> bool:
    plain = _KIND.search(text) or _QUOTED_KIND.search(text)
    return bool(plain and (_API.search(text) or _QUOTED_API.search(text)))


class KubernetesParser:
    name = "kubernetes"

    def accepts(self, source: Source) -> bool:
        named = source.name.endswith((".yaml", ".yml", ".json"))
        return (named or source.name in ("-", "<stdin>")) and looks_like_k8s(source.text)

    def parse(self, source: Source) -> ParseResult:
        if not looks_like_k8s(source.text):
            return ParseResult(source.path)
        docs = _load(source)
        if docs is None:  # a Helm template: not YAML until rendered (see helm.py)
            return ParseResult(source.path)
        configmaps = _configmaps(docs)
        deployments: list[Deployment] = []
        findings: list[Finding] = []
        for doc in docs:
            if not isinstance(doc.data, dict):
                continue
            ctx = Ctx(source, doc, configmaps, documents=docs)
            deployments.extend(resource_deployments(ctx))
            findings.extend(ctx.findings)

        # The head and worker resources of one multi-node instance are one deployment.
        return ParseResult(source.path, one_per_instance(deployments), tuple(findings))


def resource_deployments(ctx: Ctx) -> list[Deployment]:
    """One resource: its kind's reader, else the generic walk (``k8s_generic``) that finds pod
    templates and container lists wherever they sit."""
    kind = str(ctx.get(("kind",), ""))
    handler = handler_for(kind, str(ctx.get(("apiVersion",), "")).partition("/")[0])
    if handler is not None:
        return handler(ctx)
    if kind in NOT_WORKLOADS:
        return []
    from toplint.parse.k8s_generic import walk

    return walk(ctx)


def _load(source: Source) -> list[Document] | None:
    try:
        return load_documents(source.text, source.path)
    except SourceError:
        if "{{" in source.text:
            return None
        raise


def _configmaps(docs: Sequence[Document]) -> dict[str, tuple[Document, Path]]:
    found: dict[str, tuple[Document, Path]] = {}
    for doc in docs:
        data = doc.data
        if isinstance(data, dict) and data.get("kind") == "ConfigMap":
            name = str((data.get("metadata") or {}).get("name", ""))
            found[name] = (doc, ("data",))
    return found
