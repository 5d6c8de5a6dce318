"""The pod-spec walk every orchestrator shares: the containers of a pod template that run an
engine become deployments.

A container's ``command`` + ``args`` become argv tokens (``$(VAR)`` substituted from the
container env as the kubelet does, ``sh -c`` scripts lexed by ``toplint.parse.text.shellrun.lex``),
and the engine invocations found in them become deployments via ``toplint.parse.argv``.
"""

from __future__ import annotations

from collections.abc import Mapping

from toplint.engines.registry import get_engine, get_spec
from toplint.infra.yamlsafe import Path
from toplint.model import Deployment, Position
from toplint.parse.argv import deployment_from_invocation
from toplint.parse.builtengine import builds_engines, built_from
from toplint.parse.invocation import shell_script
from toplint.parse.k8s.configmap import configmap_loader, resolve_config_flag
from toplint.parse.k8s.container import (
    container_env,
    element_path,
    env_args,
    invocations,
    list_args,
    script_commands,
    with_env_options,
    with_image_and_accelerator,
)
from toplint.parse.k8s.context import (
    Ctx,
    anti_affinity,
    gpu_request,
    labelled,
    meta_annotations,
    with_gpu,
)
from toplint.parse.k8s.shm import dev_shm
from toplint.parse.options import Arg
from toplint.parse.text.granted import by_default, on_ray, ray_leader_size
from toplint.record import replace


def container_deployments(
    ctx: Ctx,
    cpath: Path,
    base: Deployment,
    injected: Mapping[str, str | None] | None = None,
    *,
    rebuilds: bool = False,
) -> list[Deployment]:
    """One deployment per engine invocation in the container at ``cpath`` (``rebuilds``:
    ``toplint.parse.k8s.container.invocations``)."""
    env = container_env(ctx, cpath, injected or {})
    out: list[Deployment] = []
    gpu = gpu_request(ctx, (*cpath, "resources"))
    here = with_gpu(base, gpu) if gpu else base
    here = with_env_options(ctx, cpath, here, env)
    here = with_image_and_accelerator(ctx, cpath, here)
    image = ctx.get((*cpath, "image"))
    for each in invocations(ctx, cpath, env, rebuilds=rebuilds):
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
        if inv.via:  # an image that names no engine, run with one engine's options
            from toplint.parse.text.wrapped import as_wrapped

            dep, found = as_wrapped(dep, found, inv)
        ctx.findings.extend(found)
        out.append(resolve_config_flag(ctx, cpath, dep))
    if not out and isinstance(image, str) and image.startswith("nvcr.io/nim/"):
        from toplint.parse.k8s.nim import nim_container

        out = nim_container(ctx, cpath, here)
    if builds_engines(out):  # an engine it serves may be built by the script it runs first
        script = _script(ctx, cpath, env, _words(ctx, cpath, env)) or []
        out = [built_from(dep, script) for dep in out]  # toplint.parse.builtengine
    leader = _ray_leader(ctx, cpath, env) if out else None
    return [_heads(dep, *leader) if leader and on_ray(dep) else dep for dep in out]


def _words(ctx: Ctx, cpath: Path, env: Mapping[str, str | None]) -> list[Arg]:
    """The container's ``command`` + ``args``."""
    return list_args(ctx, (*cpath, "command"), env) + list_args(ctx, (*cpath, "args"), env)


def _script(
    ctx: Ctx, cpath: Path, env: Mapping[str, str | None], words: list[Arg]
) -> list[list[Arg]] | None:
    """The commands of the ``sh -c`` script the container's ``words`` run (None: they run no
    script)."""
    script_at = shell_script(words)
    if script_at is None:
        return None
    return script_commands(ctx, element_path(ctx, cpath, script_at), env)


# An engine the container starts after heading a Ray cluster of this many nodes (``_heads``):
# the workloads take its pod as one node of the instance, as for ``--nnodes``.
RAY_CLUSTER = "ray-cluster-size"


def _ray_leader(
    ctx: Ctx, cpath: Path, env: Mapping[str, str | None]
) -> tuple[int, Position] | None:
    """The nodes of the Ray cluster the container heads with vLLM's multi-node helper
    (``multi-node-serving.sh leader --ray_cluster_size=N``: ``granted.ray_leader_size``), and
    where that is written; its worker pods are started elsewhere (romaingrx/kimi-k2-thinking-k8s
    @1adc2c80 src/k8s/tp16/01-ray-head.yaml: a Pod of 8 GPUs runs the leader with
    ``--ray_cluster_size=2``, then ``vllm serve`` with TP 16 on Ray)."""
    raw = (ctx.get((*cpath, "command")), ctx.get((*cpath, "args")))
    if "multi-node-serving.sh" not in str(raw):  # before any argument is placed (most pods)
        return None
    args = _words(ctx, cpath, env)
    if not any(a.value and "multi-node-serving.sh" in a.value for a in args):
        return None
    script = _script(ctx, cpath, env, args)
    commands = [args] if script is None else script
    for command in commands:
        size = ray_leader_size([a.value for a in command])
        if size is not None and size > 1 and command:
            return size, command[0].position
    return None


def _heads(dep: Deployment, size: int, where: Position) -> Deployment:
    """``dep``, an engine on the Ray cluster its container heads: an instance of ``size`` nodes,
    this pod one of them (the serving process's visible GPUs no longer bound it: the Ray
    workers' GPUs do, ``granted.on_ray``)."""
    note = (
        f"heads a Ray cluster of {size} nodes (vLLM's multi-node-serving.sh leader "
        f"--ray_cluster_size={size}): its TP × PP exceeds this pod's GPUs, so "
        f"{get_engine(dep.engine).title}'s default executor is Ray and its workers run on "
        "every node of the cluster"
    )
    options = by_default(dep, {k: v for k, v in dep.options.items() if k != "gpus_from"})
    options[RAY_CLUSTER] = str(size)
    return replace(
        dep,
        nodes=size,
        options=options,
        sources={**dep.sources, "nodes": where},
        notes=(*dep.notes, note),
    )


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
    options = {**base.options, **meta_annotations(ctx, meta)}
    if anti_affinity(ctx, spec):
        options["pod-anti-affinity"] = "true"
    seeded = replace(labelled(ctx, base, spec), options=options)
    out: list[Deployment] = []
    for container in [*_paths(ctx, spec, "containers"), *_sidecars(ctx, spec)]:
        shm = dev_shm(ctx, spec, container)
        for dep in container_deployments(ctx, container, seeded, injected):
            out.append(replace(dep, options={**dep.options, **shm}))
    return out


def _paths(ctx: Ctx, spec: Path, key: str) -> list[Path]:
    return [(*spec, key, i) for i, _ in enumerate(ctx.sequence((*spec, key)))]


def _sidecars(ctx: Ctx, spec: Path) -> list[Path]:
    """The pod's native sidecars: init containers with ``restartPolicy: Always``, which start
    before the containers and run for the pod's whole life beside them (Kubernetes 1.29+,
    kubernetes.io/docs/concepts/workloads/pods/sidecar-containers/), so an engine server can
    run in one: silogen/ai-workloads@c32f131 workloads/llm-evaluation-judge/helm/templates/
    evaluation_judge_template.yaml serves its two models from two, beside the Job's evaluation
    container.  An ordinary init container runs to completion before any container starts: a
    download or a warm-up step, not a server."""
    if not isinstance(ctx.get((*spec, "initContainers")), list):
        return []  # (absent, or not a list: not this reader's to report)
    return [
        path
        for path in _paths(ctx, spec, "initContainers")
        if isinstance(ctx.get(path), dict) and ctx.get((*path, "restartPolicy")) == "Always"
    ]
