"""Nebari's LLM serving pack (nebari-dev/llm-serving-pack): the ``LLMModel`` resource
(llm.nebari.dev/v1alpha1), from which its operator builds one vLLM Deployment.

What the operator writes (operator/internal/controller/reconcilers/modelservice.go, read at
nebari-dev/llm-serving-pack@50253626):

- the container runs ``spec.serving.command``, by default ``python3 -m
  vllm.entrypoints.openai.api_server`` (``buildVLLMContainer``), in ``spec.serving.image`` or
  the operator's default serving image (``ghcr.io/llm-d/llm-d-cuda``, internal/config);
- its arguments are ``--model /model-cache --served-model-name <spec.model.name>
  --tensor-parallel-size <spec.serving.tensorParallelism, else spec.resources.gpu.count>
  --data-parallel-size <spec.serving.dataParallelism, else 1>``, then ``spec.serving.vllmArgs``
  and ``spec.advanced.vllm.extraArgs`` (``buildVLLMArgs``): the weights in /model-cache are the
  ones ``spec.model.name`` names, so that is the model read;
- the pod asks for ``spec.resources.gpu.count`` of ``nvidia.com/gpu`` (``buildResourceLimits``),
  runs ``spec.serving.replicas`` times, takes ``spec.advanced.vllm`` nodeSelector, affinity and
  ``extraEnv``, and always mounts a memory-backed emptyDir at /dev/shm, capped at
  ``spec.resources.limits.memory`` when one is set (``buildShmVolume``).

A ``spec.serving.command`` that is not vLLM's (a test image's own server) serves no engine; an
``LLMModel`` without ``spec.model`` or ``spec.resources``, which the CRD requires, is refused by
the API server (TL001).
"""

from __future__ import annotations

from toplint.engines.registry import engine_running_in
from toplint.infra.yamlsafe import Path
from toplint.model import Deployment, unparsable
from toplint.parse.argv import deployment_from_invocation
from toplint.parse.invocation import Invocation
from toplint.parse.k8s.container import (
    anchor_of,
    env_entry,
    find_engine_invocations,
    list_args,
    token_arg,
)
from toplint.parse.k8s.context import Ctx, base_deployment, labelled, to_int
from toplint.parse.k8s.generic import walk
from toplint.parse.options import Arg
from toplint.record import replace

_GROUP = "llm.nebari.dev/"
_SERVING: Path = ("spec", "serving")
_ENGINE_KIND = "nebari-llmmodel"
_GPU: Path = ("spec", "resources", "gpu", "count")


def _advanced() -> Path:
    """``spec.advanced.<engine>``: the pod settings, under the name of the engine it runs."""
    return ("spec", "advanced", engine_running_in(_ENGINE_KIND).name)


def llm_model(ctx: Ctx) -> list[Deployment]:
    if not str(ctx.get(("apiVersion",), "")).startswith(_GROUP):
        return walk(ctx)
    lacking = [k for k in ("model", "resources") if not isinstance(ctx.get(("spec", k)), dict)]
    if lacking:
        # The CRD requires spec.model and spec.resources (with gpu): the API server refuses it.
        where = ctx.key(("kind",))
        named = " and ".join(f"spec.{k}" for k in lacking)
        why = f"LLMModel without {named}, which its CRD requires: the API server refuses it"
        ctx.findings.append(unparsable(ctx.path, why, where.line, where.column))
        return []
    engine = engine_running_in(_ENGINE_KIND)
    env = _env(ctx)
    values = {k: a.value for k, a in env.items()}
    command = list_args(ctx, (*_SERVING, "command"), values)
    args = [*_layout(ctx), *list_args(ctx, (*_SERVING, "vllmArgs"), values)]
    args += list_args(ctx, (*_advanced(), "extraArgs"), values)
    image = str(ctx.get((*_SERVING, "image"), "") or "")
    if command:
        # A command of its own: the engine only when it is one (the mock image's server is not).
        found = find_engine_invocations([*command, *args])
        if not found:
            return []
        invocation = replace(found[0], image=image, env=env, dev_shm=_dev_shm(ctx))
    else:
        start = Arg(engine.name, engine.name, ctx.scalar_pos(("kind",)))
        model = _model(ctx)
        invocation = Invocation(
            engine.cli.name, tuple(args), start, model, env, image=image, dev_shm=_dev_shm(ctx)
        )
    dep, found_findings = deployment_from_invocation(
        invocation, ctx.path, source_kind=_ENGINE_KIND, base=_base(ctx)
    )
    ctx.findings.extend(found_findings)
    return [labelled(ctx, dep, _advanced())]


def _base(ctx: Ctx) -> Deployment:
    base = base_deployment(ctx, _ENGINE_KIND)
    count = to_int(ctx.get(_GPU))
    replicas = to_int(ctx.get((*_SERVING, "replicas")))
    sources = dict(base.sources)
    if count is not None:
        at = ctx.scalar_pos(_GPU)
        sources.update({"gpus_per_node": at, "gpus": at, "nodes": at, "gpu.resource": at})
    return replace(
        base,
        gpus_per_node=count,
        gpus=count,
        nodes=1,
        pods_are_nodes=True,
        replicas=replicas if replicas is not None and replicas > 0 else 1,
        sources=sources,
    )


def _dev_shm(ctx: Ctx) -> dict[str, str]:
    """The memory-backed /dev/shm the operator always mounts, capped at the memory limit."""
    memory = ctx.get(("spec", "resources", "limits", "memory"))
    return {"dev_shm": "memory", **({"dev_shm_size": str(memory)} if memory else {})}


def _model(ctx: Ctx) -> Arg | None:
    at: Path = ("spec", "model", "name")
    value = ctx.get(at)
    if not isinstance(value, str):
        return None
    return token_arg(value, value, ctx.scalar_pos(at), (), anchor_of(at))


def _layout(ctx: Ctx) -> list[Arg]:
    """``--tensor-parallel-size`` and ``--data-parallel-size`` as the operator writes them, each
    at the field it comes from (a fix edits that field, not a flag the file never wrote)."""
    out: list[Arg] = []
    for flag, own, fallback in (
        ("--tensor-parallel-size", (*_SERVING, "tensorParallelism"), _GPU),
        ("--data-parallel-size", (*_SERVING, "dataParallelism"), None),
    ):
        at = own if ctx.get(own) is not None else fallback
        if at is None:
            continue  # the operator's default of 1: vLLM's own
        value = ctx.get(at)
        text = None if value is None else str(value)
        pos = ctx.scalar_pos(at)
        out.append(Arg(flag, flag, pos, (), anchor_of(at)))
        out.append(token_arg(text, str(value), pos, (), anchor_of(at)))
    return out


def _env(ctx: Ctx) -> dict[str, Arg]:
    out: dict[str, Arg] = {}
    advanced = _advanced()
    for i, given in enumerate(ctx.sequence((*advanced, "extraEnv"))):
        item = env_entry(given)
        if item is None or "valueFrom" in item:
            continue
        at: Path = (*advanced, "extraEnv", i, "value")
        text = "" if item.get("value") is None else str(item.get("value"))
        out[str(item["name"])] = Arg(text, text, ctx.scalar_pos(at), (), anchor_of(at))
    return out


KINDS = {"LLMModel": llm_model}
