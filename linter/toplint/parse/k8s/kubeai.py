"""KubeAI ``Model`` (kubeai.org/v1): an engine, its ``args`` and a resource profile.

KubeAI runs one pod per model replica: the engine named by ``spec.engine`` with
``--model=<url ref> --served-model-name=<name>`` and then ``spec.args``
(internal/modelcontroller/engine_vllm.go: ``hf://org/name`` -> ``org/name``, ``pvc://`` ->
``/model``, other schemes passed as written), ``spec.env`` in the container.  The pod's
resources are ``resourceProfile: NAME:COUNT``: COUNT times the profile's requests and limits
(model_controller.go getModelConfig).  The chart's GPU profiles (``nvidia-gpu-*``,
``amd-gpu-*``) each hold one GPU (charts/kubeai/values.yaml, ``resourceProfiles``); a cluster
may redefine them, so the count says where it came from.  Its ``cpu`` profile requests CPU and
memory only, its ``google-tpu-*`` profiles (values-gke.yaml) TPUs: both are named in
``options["accelerator.name"]``, which the hardware stage declines (TL011).  An engine toplint
does not read (OLlama, Infinity, FasterWhisper) yields no deployment.
"""

from __future__ import annotations

from typing import Any

from toplint.accelerators import by_name
from toplint.engines.registry import find_engine
from toplint.infra.numbers import whole_text
from toplint.infra.yamlsafe import Path
from toplint.model import Deployment, unparsable
from toplint.parse.argv import deployment_from_invocation
from toplint.parse.invocation import Invocation
from toplint.parse.k8s.container import anchor_of, list_args, token_arg
from toplint.parse.k8s.context import Ctx, base_deployment
from toplint.parse.k8s.generic import walk
from toplint.parse.options import Arg
from toplint.record import replace

PROFILE_LABEL = "kubeai.org/resource-profile"
_GPU_PROFILES = ("nvidia-gpu-", "amd-gpu-")  # chart profiles of one GPU each


def model(ctx: Ctx) -> list[Deployment]:
    if not str(ctx.get(("apiVersion",), "")).startswith("kubeai.org/"):
        return walk(ctx)

    engine = find_engine(str(ctx.get(("spec", "engine"), "")).lower())
    if engine is None:
        return []
    env = _env(ctx)
    values = {k: a.value for k, a in env.items()}
    head = [a for a in (_model_arg(ctx), _served_name(ctx)) if a is not None]
    args = head + list_args(ctx, ("spec", "args"), values)
    start = Arg(engine.name, engine.name, ctx.scalar_pos(("spec", "engine")))
    invocation = Invocation(engine.cli.name, tuple(args), start, env=env)
    dep, found = deployment_from_invocation(
        invocation, ctx.path, source_kind="kubeai-model", base=_base(ctx)
    )
    ctx.findings.extend(found)
    return [dep]


def _base(ctx: Ctx) -> Deployment:
    base = base_deployment(ctx, "kubeai-model")
    profile = str(ctx.get(("spec", "resourceProfile"), ""))
    name, _, count_text = profile.partition(":")
    at: Path = ("spec", "resourceProfile")
    count = whole_text(count_text, 0, 1 << 20)
    gpus: int | None = None
    notes = list(base.notes)
    if name.startswith(_GPU_PROFILES):
        gpus = count
        notes.append(
            f"resourceProfile {profile}: {count_text} x 1 GPU, as KubeAI's chart defines "
            f"{name} (charts/kubeai/values.yaml); a cluster's own profiles may differ"
        )
    elif name:
        notes.append(f"resourceProfile {profile} requests no GPU toplint can count")
    options = dict(base.options)
    replicas = ctx.get(("spec", "replicas"))
    sources = {
        **base.sources,
        "gpus_per_node": ctx.pos(at),
        "gpus": ctx.pos(at),
        "nodes": ctx.pos(at),
    }
    if not name.startswith(_GPU_PROFILES) and by_name(name) is not None:
        # the chart's `cpu` and `google-tpu-*` profiles: declined, never priced as GPUs (TL011)
        options["accelerator.name"] = name
        sources["accelerator"] = ctx.scalar_pos(at)
    if profile and count is None:
        # KubeAI refuses the Model: "should match <name>:<multiple>" (model_controller.go)
        where = ctx.scalar_pos(at)
        reason = f"KubeAI resourceProfile {profile!r} is not NAME:COUNT (e.g. nvidia-gpu-l4:2)"
        ctx.findings.append(unparsable(ctx.path, reason, where.line, where.column))
    return replace(
        base,
        gpus_per_node=gpus,
        gpus=gpus,
        nodes=1,
        pods_are_nodes=True,
        replicas=replicas if isinstance(replicas, int) and replicas > 0 else 1,
        labels={**base.labels, PROFILE_LABEL: name} if name else base.labels,
        notes=tuple(notes),
        options=options,
        sources=sources,
    )


def _model_arg(ctx: Ctx) -> Arg | None:
    url = ctx.get(("spec", "url"))
    if not isinstance(url, str):
        return None
    scheme, sep, ref = url.partition("://")
    value = {"hf": ref, "pvc": "/model"}.get(scheme, url) if sep else url
    at: Path = ("spec", "url")
    return token_arg(f"--model={value}", url, ctx.scalar_pos(at), (), anchor_of(at))


def _served_name(ctx: Ctx) -> Arg | None:
    name = ctx.get(("metadata", "name"))
    if not isinstance(name, str):
        return None
    at: Path = ("metadata", "name")
    return Arg(f"--served-model-name={name}", name, ctx.scalar_pos(at), (), anchor_of(at))


def _env(ctx: Ctx) -> dict[str, Arg]:
    found: Any = ctx.get(("spec", "env"))
    if not isinstance(found, dict):
        return {}
    out: dict[str, Arg] = {}
    for key, value in found.items():
        at: Path = ("spec", "env", key)
        text = "" if value is None else str(value)
        out[str(key)] = Arg(text, text, ctx.scalar_pos(at), (), anchor_of(at))
    return out


KINDS = {"Model": model}
