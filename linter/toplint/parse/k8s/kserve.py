"""KServe: LLMInferenceService, InferenceService (v1beta1 multinode), ServingRuntimes.

LLMInferenceService ``spec.parallelism`` {tensor, pipeline, data, dataLocal, expert} is rendered
by the controller into vLLM flags (config/llmisvcconfig/config-llm-worker-data-parallel.yaml
L188-209): ``--enable-expert-parallel``, ``--tensor-parallel-size``, ``--data-parallel-size``,
``--data-parallel-size-local``; ``VLLM_ADDITIONAL_ARGS`` from the container env is appended.
Pods per group (LWS size) = data / dataLocal, else pipeline (GetSize in
pkg/apis/serving/v1alpha2/llm_inference_service_types_func.go L98-113); ``spec.replicas`` groups.
A role without ``worker`` is single-node: the controller picks the single-node template
(config_merge.go: ``Worker == nil``), whose ``vllm serve`` renders only
``--tensor-parallel-size`` (config/llmisvcconfig/config-llm-template.yaml L172, likewise the
decode and prefill templates; kserve@aaac4e294): its other parallelism keys are recorded as
``options["ignored.parallelism.<key>"]`` and size nothing (kserve/kserve#6044).
``spec.prefill`` is a second deployment (the prefill role of a P/D pair).

InferenceService ``predictor.workerSpec`` {tensorParallelSize, pipelineParallelSize}: the
controller's Ray mode (the default) needs ceil(TP*PP / GPUs per pod) pods
(pkg/controller/v1beta1/inferenceservice/components/predictor.go computeRayNodeAndGPUs).
ServingRuntimes are templates: ``${TENSOR_PARALLEL_SIZE}`` is injected per InferenceService, so
it stays unresolved here.  A runtime an InferenceService of the same file names is read through
that InferenceService (its container, the predictor merged into it), not on its own
(``toplint.parse.k8s.servingruntime``).
"""

from __future__ import annotations

from typing import Any

from toplint.engines.registry import engine_running_in, get_engine, module_spec
from toplint.errors import SourceError
from toplint.infra.yamlsafe import Path
from toplint.model import Deployment, Finding, Flag
from toplint.parse.flagfields import apply_flags
from toplint.parse.k8s import text as k8s_text
from toplint.parse.k8s.container import container_env, list_args, with_env_options
from toplint.parse.k8s.context import (
    Ctx,
    base_deployment,
    gpu_request,
    labelled,
    to_int,
    with_gpu,
)
from toplint.parse.k8s.servingruntime import runtime_in_file, serving_runtime
from toplint.parse.options import Arg, other_backend, parse_args
from toplint.parse.text.shellrun import lex
from toplint.parse.text.wrapped import named_engine
from toplint.record import replace

# parallelism key -> vLLM option, in the order the controller renders them.
# The keys the single-node templates render (no ``worker``).
_SINGLE_NODE = ("tensor",)
_PARALLELISM = (
    ("expert", "--enable-expert-parallel"),
    ("tensor", "--tensor-parallel-size"),
    ("pipeline", "--pipeline-parallel-size"),
    ("data", "--data-parallel-size"),
    ("dataLocal", "--data-parallel-size-local"),
)


def llm_inference_service(ctx: Ctx) -> list[Deployment]:
    base = base_deployment(ctx, "kserve-llmisvc")
    model = ctx.get(("spec", "model", "name")) or str(ctx.get(("spec", "model", "uri"), ""))
    engine = engine_running_in("kserve-llmisvc").name
    base = replace(base, model=_strip_uri(str(model)) or None, engine=engine)
    base = replace(base, sources={**base.sources, "model": ctx.pos(("spec", "model"))})
    has_prefill = isinstance(ctx.get(("spec", "prefill")), dict)
    out = [_role(ctx, ("spec",), base, "decode" if has_prefill else "")]
    if has_prefill:
        prefill = replace(base, options=dict(base.options))
        out.append(_role(ctx, ("spec", "prefill"), prefill, "prefill"))
    return out


def _strip_uri(uri: str) -> str:
    """The model reference as written: a URI (``hf://``, ``oci://``, ``pvc://``...) is kept and
    read by ``toplint.parse.modelref`` after parsing, which says where the model id came from."""
    return uri.strip()


def _role(ctx: Ctx, at: Path, base: Deployment, role: str) -> Deployment:
    par = ctx.get((*at, "parallelism")) or {}
    start = ctx.key((*at, "parallelism")) if par else ctx.key((*at, "template"))
    dep = replace(base, line=start.line, column=start.column, name=_name(base.name, role))
    multi_node = isinstance(ctx.get((*at, "worker")), dict)
    args: list[Arg] = []
    ignored: dict[str, object] = {}
    for key, option in _PARALLELISM:
        value = par.get(key) if isinstance(par, dict) else None
        if value is None or value is False:
            continue
        if not multi_node and key not in _SINGLE_NODE:
            ignored[key] = value
            continue
        pos = ctx.key((*at, "parallelism", key))
        args.append(Arg(option, option, pos, (), f"parallelism.{key}"))
        if value is not True:
            args.append(
                Arg(
                    str(value),
                    str(value),
                    ctx.pos((*at, "parallelism", key)),
                    (),
                    f"parallelism.{key}",
                )
            )
    cpath = _main_container(ctx, (*at, "template"))
    env = container_env(ctx, cpath, {}) if cpath else {}
    if cpath:
        args.extend(_additional_args(ctx, cpath, env))
        gpu = gpu_request(ctx, (*cpath, "resources"))
        dep = with_gpu(dep, gpu) if gpu else dep
    engine = engine_running_in("kserve-llmisvc")
    parsed = parse_args(engine.name, args, ctx.path)
    ctx.findings.extend(parsed.findings)
    dep = apply_flags(dep, parsed.flags, engine.cli)
    dep = labelled(ctx, dep, (*at, "template"))
    if cpath:
        dep = with_env_options(ctx, cpath, dep, env)
    dep = _size(ctx, at, dep, par if multi_node and isinstance(par, dict) else {})
    return _ignored(ctx, at, dep, ignored)


def _ignored(ctx: Ctx, at: Path, dep: Deployment, ignored: dict[str, object]) -> Deployment:
    """Record the parallelism keys a single-node role's template does not render."""
    if not ignored:
        return dep
    options, sources, notes = dict(dep.options), dict(dep.sources), list(dep.notes)
    for key, value in ignored.items():
        name = f"parallelism.{key}"
        options[f"ignored.{name}"] = str(value).lower() if isinstance(value, bool) else str(value)
        sources[f"ignored.{name}"] = ctx.key((*at, "parallelism", key))
        notes.append(
            f"{name} is not rendered without `worker`: a single-node LLMInferenceService "
            "runs the controller's single-node template, whose `vllm serve` takes only "
            "--tensor-parallel-size"
        )
    return replace(dep, options=options, sources=sources, notes=tuple(notes))


def _name(name: str, role: str) -> str:
    return f"{name}/{role}" if role else name


def _main_container(ctx: Ctx, spec: Path) -> Path | None:
    containers = ctx.sequence((*spec, "containers"))
    for i, c in enumerate(containers):
        if isinstance(c, dict) and c.get("name") == "main":
            return (*spec, "containers", i)
    return (*spec, "containers", 0) if containers else None


def _additional_args(ctx: Ctx, cpath: Path, env: dict[str, str | None]) -> list[Arg]:
    """The engine's ``args_env`` variable is spliced unquoted into the command: word-split it."""
    names = engine_running_in("kserve-llmisvc").args_env
    for i, item in enumerate(ctx.sequence((*cpath, "env"))):
        if isinstance(item, dict) and item.get("name") in names:
            name = str(item["name"])
            text = env.get(name)
            if text is None:
                return []

            at: Path = (*cpath, "env", i, "value")
            locate = k8s_text.Locator(
                ctx.text_at(ctx.pos(at)), ctx.pos(at), text, text, list(range(len(text) + 1))
            )
            try:
                commands = lex(text)
            except SourceError as exc:  # a budget or syntax error: at its place in the value
                where = locate.position(exc.line, exc.column)
                raise SourceError(f"{exc} (in env {name})", where.line, where.column) from None
            return [
                Arg(
                    w.value,
                    w.raw,
                    locate.position(w.line, w.column),
                    w.unresolved,
                    f"env.{name}",
                )
                for command in commands
                for w in command.words
            ]
    return []


def _size(ctx: Ctx, at: Path, dep: Deployment, par: dict[str, Any]) -> Deployment:
    data, local, pipeline = (to_int(par.get(k)) for k in ("data", "dataLocal", "pipeline"))
    if data and local:
        nodes, where = data // local, ctx.key((*at, "parallelism", "dataLocal"))
    elif pipeline:
        nodes, where = pipeline, ctx.key((*at, "parallelism", "pipeline"))
    else:
        nodes, where = 1, dep.position_of("gpus")
    replicas = ctx.count((*at, "replicas"), ctx.get(("spec", "replicas"), 1))
    notes = dep.notes
    if nodes > 1:
        notes = (
            *notes,
            f"pods are not nodes: the {nodes} pods of a group may share a host unless "
            "anti-affinity keeps them apart",
        )
    return replace(
        dep,
        nodes=nodes,
        gpus=nodes * dep.gpus_per_node if dep.gpus_per_node is not None else None,
        replicas=replicas or 1,
        notes=notes,
        pods_are_nodes=True if nodes == 1 else None,
        sources={**dep.sources, "nodes": where},
    )


def _other_runtime(ctx: Ctx, model: Path, fmt: str) -> Finding:
    from toplint.parse.mentions import no_deployment

    runtime = ctx.get((*model, "runtime"))
    where = ctx.scalar_pos((*model, "modelFormat", "name"))
    served = f"the runtime `{runtime}`" if runtime else "a serving runtime chosen by KServe"
    return no_deployment(
        ctx.path,
        where.line,
        where.column,
        f"requests GPUs for model format `{fmt}`, served by {served}, which this file does "
        "not define: toplint reads the engine and layout of `huggingface` (vLLM) predictors "
        "only, so neither was read (`# toplint: ignore[TL008]` on this line accepts that)",
        anchor=f"kserve-format:{fmt}",
    )


def _other_backend(ctx: Ctx, flag: Flag) -> Finding:
    from toplint.parse.mentions import no_deployment

    at = flag.position
    written = flag.raw if "=" in flag.raw else f"{flag.raw} {flag.value}"
    return no_deployment(
        ctx.path,
        at.line,
        at.column,
        f"`{written}` serves the model with the Hugging Face server's `{flag.value}` backend "
        "(transformers), not vLLM: no engine toplint models runs here, so nothing was read "
        "(`# toplint: ignore[TL008]` on this line accepts that)",
        anchor=f"kserve-backend:{flag.value}",
    )


# KServe's runtime for the `huggingface` model format runs `python -m huggingfaceserver`
# (kserve python/huggingface_server.Dockerfile); its options are read with that module's spec.
_HF_SERVER_MODULE = "huggingfaceserver"


def inference_service(ctx: Ctx) -> list[Deployment]:
    pred: Path = ("spec", "predictor")
    model: Path = (*pred, "model")
    if not isinstance(ctx.get(model), dict):
        return []
    engine = engine_running_in("kserve-isvc")
    base = base_deployment(ctx, "kserve-isvc")
    runtime = runtime_in_file(ctx, model, base)
    written = ctx.get((*model, "modelFormat", "name"))
    fmt = str(written).lower() if written else ""
    if runtime is None and not fmt:
        # ``modelFormat`` is required (kserve/kserve pkg/apis/serving/v1beta1/predictor_model.go
        # ModelSpec: "+required"), and the runtime KServe picks for a predictor is the one that
        # supports its format: without either, only a runtime named for the engine says what
        # runs (a Kustomize patch of an InferenceService says nothing: openshift-psap/topsail
        # @cfc3e8a projects/kserve/toolbox/kserve_deploy_model/files/standalone-tgis/models/).
        named = ctx.get((*model, "runtime"))
        found = named_engine(named) if isinstance(named, str) else None
        if found is None or found.name != engine.name:
            return []
        fmt = engine.name
    if runtime is None and fmt not in ("huggingface", engine.name):
        # Another runtime serves this format (NIM, Triton, ...): its engine is not in this file.
        # With GPUs requested it is a GPU model server toplint did not read: say so (TL008).
        if gpu_request(ctx, (*model, "resources")):
            ctx.findings.append(_other_runtime(ctx, model, fmt))
        return []
    margs = list_args(ctx, (*model, "args"), {})
    server = module_spec(_HF_SERVER_MODULE) if fmt == "huggingface" else None
    other = other_backend(server, margs, ctx.path) if server else None
    if other is not None:
        if gpu_request(ctx, (*model, "resources")):
            ctx.findings.append(_other_backend(ctx, other))
        return []
    start = ctx.key(model)
    # ``storageUri``, or the ``storage`` spec's ``path`` in the bucket its ``key`` names (KServe
    # v1beta1 StorageSpec: "The path to the model object in the storage. It cannot co-exist
    # with the storageURI"; red-hat-data-services/ilab-on-ocp@a8094bd manifests/model_serve/)
    where: Path = (*model, "storageUri")
    if not ctx.get(where) and isinstance(ctx.get((*model, "storage", "path")), str):
        where = (*model, "storage", "path")
    uri = _strip_uri(str(ctx.get(where, ""))) or None
    dep = replace(base, engine=engine.name, model=uri, line=start.line, column=start.column)
    if uri:
        dep = replace(dep, sources={**dep.sources, "model": ctx.pos(where)})
    if runtime is not None:  # the runtime's container is the one that runs: its engine and flags
        engine = get_engine(runtime.engine)
        # the predictor's storage names the checkpoint; without one, the runtime's own
        # ``--model`` (the storage mount it reads, /mnt/models) stands
        keep = {"model": dep.model or runtime.model, "line": dep.line, "column": dep.column}
        dep = replace(runtime, **keep, sources={**runtime.sources, **dep.sources})
    gpu = gpu_request(ctx, (*model, "resources"))
    dep = with_gpu(dep, gpu) if gpu else dep
    parsed = parse_args(engine.name, margs, ctx.path, unknown_rule=False)
    flags = list(parsed.flags)
    worker: Path = (*pred, "workerSpec")
    for key, name in (
        ("tensorParallelSize", "tensor-parallel-size"),
        ("pipelineParallelSize", "pipeline-parallel-size"),
    ):
        value = ctx.get((*worker, key))
        if value is not None:
            pos = ctx.key((*worker, key))
            flags.append(
                Flag(name, str(value), key, pos, ctx.pos((*worker, key)), (), f"workerSpec.{key}")
            )
    dep = apply_flags(dep, flags, engine.cli)
    nodes = 1
    if isinstance(ctx.get(worker), dict) and dep.world_size and dep.gpus_per_node:
        nodes = -(-dep.world_size // dep.gpus_per_node)
    elif isinstance(ctx.get(worker), dict):
        nodes = dep.pp or 1
    return [
        replace(
            dep,
            nodes=nodes,
            gpus=nodes * dep.gpus_per_node if dep.gpus_per_node else None,
            pods_are_nodes=True if nodes == 1 else None,
            sources={
                **dep.sources,
                "nodes": ctx.key(worker) if ctx.get(worker) else dep.position_of("gpus"),
            },
        )
    ]


KINDS = {
    "LLMInferenceService": llm_inference_service,
    "InferenceService": inference_service,
    "ServingRuntime": serving_runtime,
    "ClusterServingRuntime": serving_runtime,
}
