"""Helm values of llm-d's ``llm-d-modelservice`` chart: a prefill and a decode deployment of
vLLM, the chart writing the parallelism flags and the GPU request from one setting.

What the chart renders (llm-d-incubation/llm-d-modelservice@3051935e
charts/llm-d-modelservice/templates/_helpers.tpl, values.yaml, decode-deployment.yaml,
prefill-deployment.yaml, decode-lws.yaml):

- each role (``decode``, ``prefill``) is a Deployment unless ``create: false``, of
  ``replicas`` pods (the chart's defaults: decode 1, prefill 0; none is no deployment); with
  ``multinode: true`` a LeaderWorkerSet whose groups are ``parallelism.workers`` pods;
- a container whose ``modelCommand`` is ``vllmServe`` (``vllm serve``) or ``imageDefault`` (the
  image's own entrypoint) is given the model (``modelArtifacts.uri``: ``hf://org/name``,
  ``pvc://claim/path``), then ``--tensor-parallel-size`` (``parallelism.tensor``),
  ``--data-parallel-size`` (``parallelism.data``, else ``dataLocal`` × ``workers``) and
  ``--data-parallel-size-local`` (``parallelism.dataLocal``, else ``data`` / ``workers``),
  each only above 1, and the container's own ``args`` after them
  (``vllmServeModelCommand``, ``imageDefaultModelCommand``); ``custom`` (the default when
  ``modelCommand`` is not written) runs the container's ``command`` and ``args`` as written
  (``customModelCommand``), read as any container's are;
- the model: ``hf://`` its id, rendered with the values (the chart's own default ``uri`` is
  ``hf://{{ .Values.modelArtifacts.name }}``); ``pvc://claim/path`` the path under
  ``modelArtifacts.mountPath`` (``/model-cache``); ``pvc+hf://claim/…/org/name`` the id
  ``org/name``, read from the claim's Hugging Face cache (``argsByProtocol``);
- the container asks for ``dataLocal`` × ``tensor`` GPUs (``numGpuPerWorker``) unless its
  ``resources`` write the accelerator itself: "Respect user's explicit accelerator setting;
  only auto-fill if not set" (``llm-d-modelservice.resources``), the chart only annotating
  the mismatch ("Accelerator mismatch: … Using %d", ``acceleratorWarning``).  llm-d/llm-d#764:
  values asking for one GPU with ``decode.parallelism.tensor: 4`` started decode pods that
  crashed with "World size (4) is larger than the number of available GPUs (1)".

The simulator image (``llm-d-inference-sim``, the chart's default container) runs no engine
and asks for no GPU (``acceleratorResource``): it is not a deployment.
"""

from __future__ import annotations

import re

from toplint.engines.registry import engine_running_in
from toplint.infra.patterns import lazy
from toplint.infra.yamlsafe import Path
from toplint.model import Deployment, Position
from toplint.parse.flagfields import apply_flags
from toplint.parse.k8s.context import Ctx, GpuRequest, gpu_request, to_int, with_gpu
from toplint.parse.k8s.pods import container_deployments
from toplint.parse.options import Arg, parse_args
from toplint.parse.structured.helmargs import extra_args, value_text
from toplint.record import replace

__all__ = ["marked", "modelservice"]

_MARK = lazy(r"^modelArtifacts:", re.M)
_ROLE = lazy(r"^(decode|prefill):", re.M)
_COMMANDS = ("vllmServe", "imageDefault")  # the chart writes the engine's arguments
_SIMULATOR = "llm-d-inference-sim"
_REPLICAS = {"decode": 1, "prefill": 0}  # values.yaml's defaults
_KIND = "helm-llm-d"  # llm-d's charts, which run vLLM (``Engine.runs_in``)
_DEFAULT_URI = "hf://{{ .Values.modelArtifacts.name }}"  # values.yaml's defaults
_MOUNT = "/model-cache"
_VALUES_REF = lazy(r"\{\{-?\s*\.Values\.([\w.]+)\s*-?\}\}")


def marked(text: str) -> bool:
    """The chart's top-level ``modelArtifacts`` beside a ``decode`` or ``prefill`` role."""
    if "modelArtifacts:" not in text:
        return False
    return _MARK.search(text) is not None and _ROLE.search(text) is not None


def modelservice(ctx: Ctx) -> list[Deployment]:
    """A deployment for each role's engine container the chart renders a command for."""
    if not isinstance(ctx.get(("modelArtifacts",)), dict):
        return []
    out = []
    for role in ("decode", "prefill"):
        if not isinstance(ctx.get((role,)), dict) or ctx.get((role, "create")) is False:
            continue
        if ctx.count((role, "replicas"), _REPLICAS[role]) == 0:
            continue  # no pod runs (the chart's default for prefill)
        for i, container in enumerate(ctx.sequence((role, "containers"))):
            if not isinstance(container, dict) or _SIMULATOR in str(container.get("image", "")):
                continue
            at: Path = (role, "containers", i)
            if container.get("modelCommand") in _COMMANDS:
                out.append(_deployment(ctx, role, at))
            elif container.get("modelCommand", "custom") == "custom":
                out += [_placed(ctx, role, d) for d in _custom(ctx, role, at) if d.engine]
    return out


def _custom(ctx: Ctx, role: str, at: Path) -> list[Deployment]:
    """The container's own command and args, read as any container's are."""
    start = ctx.key((role,))
    base = Deployment(ctx.path, start.line, start.column, "", None, name=role, source_kind=_KIND)
    return container_deployments(ctx, at, base)


def _deployment(ctx: Ctx, role: str, at: Path) -> Deployment:
    engine = engine_running_in(_KIND)
    uri: Path = ("modelArtifacts", "uri")
    model = _model(ctx)
    start = ctx.key(at)
    dep = Deployment(
        ctx.path,
        start.line,
        start.column,
        engine.name,
        model,
        name=role,
        source_kind=_KIND,
        sources={"model": ctx.pos(uri if ctx.get(uri) is not None else ("modelArtifacts",))},
    )
    args = [*_parallelism_args(ctx, role), *extra_args(ctx, (*at, "args"))]
    parsed = parse_args(engine.name, args, ctx.path)
    ctx.findings.extend(parsed.findings)
    dep = apply_flags(dep, parsed.flags, engine.cli)
    gpu = gpu_request(ctx, (*at, "resources")) or _filled(ctx, role)
    return _placed(ctx, role, with_gpu(dep, gpu) if gpu else dep)


def _placed(ctx: Ctx, role: str, dep: Deployment) -> Deployment:
    """Each pod a node of its own: a Deployment's pod, or one of a LeaderWorkerSet group's."""
    replicas = ctx.count((role, "replicas"), _REPLICAS[role])  # not 0: ``modelservice``
    workers = _sizes(ctx, role)[3] if ctx.get(("multinode",)) is True else 1
    per_pod = dep.gpus_per_node
    return replace(
        dep,
        nodes=workers,
        gpus=per_pod * workers if per_pod else dep.gpus,
        replicas=replicas if replicas is not None else 1,
        pods_are_nodes=True,
    )


def _model(ctx: Ctx) -> str | None:
    """The model the chart passes (``argsByProtocol``), None where it is not known."""
    uri = _rendered(ctx, str(ctx.get(("modelArtifacts", "uri")) or _DEFAULT_URI))
    scheme, _, rest = (uri or "").partition("://")
    if scheme == "hf" and rest:
        return rest
    if scheme == "pvc":  # claim/path: the path where the claim is mounted
        path = rest.partition("/")[2]
        mount = str(ctx.get(("modelArtifacts", "mountPath")) or _MOUNT).rstrip("/")
        return f"{mount}/{path}" if path else None
    if scheme == "pvc+hf":  # the id from the last two parts, the claim a Hugging Face cache
        parts = rest.split("/")
        return "/".join(parts[-2:]) if len(parts) >= 2 else None
    return None


def _rendered(ctx: Ctx, text: str) -> str | None:
    """``text`` with each ``{{ .Values.a.b }}`` the values' scalar at ``a.b``
    (``common.tplvalues.render``); None if any template is left."""

    def value(m: re.Match[str]) -> str:
        found = ctx.get(tuple(m.group(1).split(".")))
        return str(found) if isinstance(found, (str, int, float)) else m.group(0)

    out = _VALUES_REF.sub(value, text)
    return None if "{{" in out else out


def _sizes(ctx: Ctx, role: str) -> tuple[int, int, int, int]:
    """(tensor, data, dataLocal, workers) as the chart's helpers derive them."""
    p = ctx.get((role, "parallelism"))
    p = p if isinstance(p, dict) else {}

    def given(key: str) -> int:
        n = to_int(p.get(key))
        return n if n else 0

    tensor, data, local, workers = (given(k) for k in ("tensor", "data", "dataLocal", "workers"))
    dp = data or (local * workers if local and workers else local) or 1
    dpl = local or ((data // workers if workers else data) if data else 1) or 1
    nw = workers or ((data // local) if data and local else 1) or 1
    return tensor or 1, dp, dpl, nw


def _parallelism_args(ctx: Ctx, role: str) -> list[Arg]:
    """The flags the chart writes from ``parallelism`` (each only above 1), anchored at the
    key that sets it (the role's ``parallelism`` when it is derived)."""
    tensor, data, local, _ = _sizes(ctx, role)
    out: list[Arg] = []
    for flag, value, key in (
        ("--tensor-parallel-size", tensor, "tensor"),
        ("--data-parallel-size", data, "data"),
        ("--data-parallel-size-local", local, "dataLocal"),
    ):
        if value <= 1:
            continue
        at: Path = (role, "parallelism", key)
        if ctx.get(at) is None:
            at = (role, "parallelism")
        anchor = ".".join(str(p) for p in at)
        out.append(Arg(flag, flag, ctx.key(at), (), anchor))
        text = value_text(value)
        out.append(Arg(text, text, _value_pos(ctx, at), (), anchor))
    return out


def _value_pos(ctx: Ctx, at: Path) -> Position:
    value = ctx.get(at)
    return ctx.scalar_pos(at) if not isinstance(value, dict) else ctx.key(at)


def _filled(ctx: Ctx, role: str) -> GpuRequest | None:
    """The GPUs the chart asks for when the container writes none: ``dataLocal`` × ``tensor``
    of ``nvidia.com/gpu`` (the resource of values.yaml's default accelerator, ``nvidia``)."""
    kind = ctx.get(("accelerator", "type"))
    if kind not in (None, "nvidia"):
        return None  # another accelerator's resource name: not read here
    tensor, _, local, _ = _sizes(ctx, role)
    at: Path = (role, "parallelism")
    where = ctx.key(at) if isinstance(ctx.get(at), dict) else ctx.key((role,))
    return GpuRequest(tensor * local, "nvidia.com/gpu", where)
