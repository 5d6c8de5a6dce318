"""KAITO (kaito.sh): ``Workspace``, ``InferenceSet`` and ``MultiRoleInference``.

A Workspace names a preset and an ``instanceType`` (an Azure/AWS VM size) and KAITO writes the
vLLM command itself (kaito-project/kaito pkg/model/interface.go ``configureParallelism``):

- ``--tensor-parallel-size`` = the GPUs of one instance (``SKUNumGPUs``), or 1 with
  ``--data-parallel-size`` = the GPUs when one node suffices and the preset's weights fit in
  half of one GPU (``modelFitsOnSingleGPU``);
- across nodes, ``--pipeline-parallel-size`` = the node count and the Ray backend.  The node
  count is what KAITO's estimator computes from the preset's size, the instance type's GPU
  memory and ``max-model-len`` (pkg/workspace/estimator/nodesestimator/estimator.go, modelled
  in ``toplint.parse.k8s.kaito_sizing``); ``resource.count`` is only its starting value.  Where
  the estimate needs what a file cannot say (a preset outside KAITO's catalog, nodes chosen by
  label, a GPU partition) the node count is unresolved, with the reason in a note.

``inference.config`` names a ConfigMap whose ``inference_config.yaml`` ``vllm:`` keys are
appended after KAITO's own arguments, so they win (presets/workspace/inference/vllm/
inference_api.py ``parse_args``).  The runtime is vLLM unless the ``kaito.sh/runtime``
annotation says ``transformers`` (not an engine toplint reads).  GPUs per instance come from
toplint's instance catalog, the one place that knows VM sizes.
"""

from __future__ import annotations

from typing import Any

from toplint.catalog_index import instance_gpus_per_node
from toplint.engines.registry import engine_running_in
from toplint.errors import SourceError
from toplint.infra.yamlsafe import Path, load_documents
from toplint.model import Deployment, Position, Unresolved, unparsable
from toplint.parse.argv import deployment_from_invocation
from toplint.parse.invocation import Invocation
from toplint.parse.k8s.configmap import mapping_args
from toplint.parse.k8s.container import anchor_of
from toplint.parse.k8s.context import Ctx, base_deployment, to_int
from toplint.parse.k8s.generic import walk
from toplint.parse.options import Arg
from toplint.record import replace

INSTANCE_LABEL = "kaito.sh/instance-type"
_RUNTIME = "kaito.sh/runtime"
# Preset -> Hugging Face repository (presets/workspace/models/supported_models.yaml @056b828,
# the ``version`` URL of each text-generation preset).  A preset named ``org/name`` is the
# repository itself (KAITO's best-effort models).
PRESETS = {
    "llama-3.1-8b-instruct": "meta-llama/Llama-3.1-8B-Instruct",
    "llama-3.3-70b-instruct": "meta-llama/Llama-3.3-70B-Instruct",
    "deepseek-r1-0528": "deepseek-ai/DeepSeek-R1-0528",
    "deepseek-v3-0324": "deepseek-ai/DeepSeek-V3-0324",
    "falcon-7b": "tiiuae/falcon-7b",
    "falcon-7b-instruct": "tiiuae/falcon-7b-instruct",
    "falcon-40b": "tiiuae/falcon-40b",
    "falcon-40b-instruct": "tiiuae/falcon-40b-instruct",
    "mistral-7b": "mistralai/Mistral-7B-v0.3",
    "mistral-7b-instruct": "mistralai/Mistral-7B-Instruct-v0.3",
    "ministral-3-3b-instruct": "mistralai/Ministral-3-3B-Instruct-2512",
    "ministral-3-8b-instruct": "mistralai/Ministral-3-8B-Instruct-2512",
    "ministral-3-14b-instruct": "mistralai/Ministral-3-14B-Instruct-2512",
    "mistral-large-3-675b-instruct": "mistralai/Mistral-Large-3-675B-Instruct-2512",
    "phi-2": "microsoft/phi-2",
    "phi-3-mini-4k-instruct": "microsoft/Phi-3-mini-4k-instruct",
    "phi-3-mini-128k-instruct": "microsoft/Phi-3-mini-128k-instruct",
    "phi-3-medium-4k-instruct": "microsoft/Phi-3-medium-4k-instruct",
    "phi-3-medium-128k-instruct": "microsoft/Phi-3-medium-128k-instruct",
    "phi-3.5-mini-instruct": "microsoft/Phi-3.5-mini-instruct",
    "phi-4-mini-instruct": "microsoft/Phi-4-mini-instruct",
    "phi-4": "microsoft/phi-4",
    "qwen2.5-coder-7b-instruct": "Qwen/Qwen2.5-Coder-7B-Instruct",
    "qwen2.5-coder-32b-instruct": "Qwen/Qwen2.5-Coder-32B-Instruct",
    "deepseek-r1-distill-qwen-14b": "deepseek-ai/DeepSeek-R1-Distill-Qwen-14B",
    "deepseek-r1-distill-llama-8b": "deepseek-ai/DeepSeek-R1-Distill-Llama-8B",
    "gemma-3-4b-instruct": "google/gemma-3-4b-it",
    "gemma-3-27b-instruct": "google/gemma-3-27b-it",
    "gpt-oss-20b": "openai/gpt-oss-20b",
    "gpt-oss-120b": "openai/gpt-oss-120b",
}


def _kaito(ctx: Ctx) -> bool:
    return str(ctx.get(("apiVersion",), "")).startswith("kaito.sh/")


def _other(ctx: Ctx) -> list[Deployment]:
    """A kind of the same name from another API group: found by shape."""

    return walk(ctx)


def workspace(ctx: Ctx) -> list[Deployment]:
    """A Workspace: ``resource`` and ``inference`` at the top (v1alpha1 and v1beta1)."""
    if not _kaito(ctx):
        return _other(ctx)
    dep = _instance(ctx, ("resource",), ("inference",), ctx.get(("metadata", "name"), ""))
    return [dep] if dep is not None else []


def inference_set(ctx: Ctx) -> list[Deployment]:
    """``spec.replicas`` Workspaces made from ``spec.template``."""
    if not _kaito(ctx):
        return _other(ctx)
    template: Path = ("spec", "template")
    name = ctx.get(("metadata", "name"), "")
    dep = _instance(ctx, (*template, "resource"), (*template, "inference"), name)
    if dep is None:
        return []
    replicas = ctx.count(("spec", "replicas"), 1)
    return [replace(dep, replicas=replicas if replicas else 1)]


def multi_role(ctx: Ctx) -> list[Deployment]:
    """Prefill/decode roles of one model, each ``replicas`` times on its own instance type."""
    if not _kaito(ctx):
        return _other(ctx)
    model = ctx.get(("spec", "model", "name"))
    out = []
    for i, role in enumerate(ctx.sequence(("spec", "roles"))):
        if not isinstance(role, dict):
            continue
        at: Path = ("spec", "roles", i)
        dep = _instance(ctx, at, ("spec", "model"), str(role.get("type", "")), model=model)
        if dep is not None:
            replicas = to_int(role.get("replicas", 1))
            out.append(replace(dep, replicas=replicas if replicas else 1))
    return out


def _instance(
    ctx: Ctx, resource: Path, inference: Path, name: Any, model: Any = None
) -> Deployment | None:
    if str(ctx.get(("metadata", "annotations", _RUNTIME), "")).lower() == "transformers":
        return None

    engine = engine_running_in("kaito")
    base = replace(base_deployment(ctx, "kaito-" + str(ctx.get(("kind",))).lower()), name=str(name))
    sku = ctx.get((*resource, "instanceType"))
    gpus = _gpus_of(sku)
    where = ctx.pos((*resource, "instanceType")) if sku else base.position_of("nodes")
    preset = model if model is not None else ctx.get((*inference, "preset", "name"))
    model_arg = _model(ctx, preset, inference if model is None else (*inference, "name"))
    config = _config_args(ctx, ctx.get((*inference, "config")), engine.name)
    notes = list(base.notes)
    sizing = _sizing(ctx, resource, sku, model_arg, config, notes)
    nodes = sizing if isinstance(sizing, int) else None
    # The ConfigMap's keys come after KAITO's own and win: one value, the user's.
    written = {(a.value or "").split("=", 1)[0] for a in config}
    own = _kaito_args(gpus, sizing, where, _data_parallel(model_arg, sku, nodes))
    args = [a for a in own if a.raw.split("=", 1)[0] not in written] + config
    start = Arg(engine.name, engine.name, base.position_of(""))
    inv = Invocation(engine.cli.name, tuple(args), start, model=model_arg)
    if gpus is None:
        notes.append(f"instanceType {sku!r} is not in toplint's instance catalog: GPUs unknown")
    seed = replace(
        base,
        gpus_per_node=gpus,
        gpus=None if gpus is None or nodes is None else gpus * nodes,
        nodes=nodes,
        pods_are_nodes=True,
        labels={**base.labels, INSTANCE_LABEL: str(sku)} if sku else base.labels,
        notes=tuple(notes),
        sources={**base.sources, "gpus_per_node": where, "gpus": where, "nodes": where},
        unresolved=() if nodes is not None else (Unresolved("nodes", _ESTIMATOR, where),),
    )
    dep, found = deployment_from_invocation(inv, ctx.path, source_kind=seed.source_kind, base=seed)
    ctx.findings.extend(found)
    return dep


def _gpus_of(sku: Any) -> int | None:
    if not isinstance(sku, str):
        return None
    return instance_gpus_per_node(sku)


_ESTIMATOR = "KAITO node count (estimator)"


def _sizing(
    ctx: Ctx, resource: Path, sku: Any, model: Arg | None, config: list[Arg], notes: list[str]
) -> int | str:
    """Nodes per replica: what KAITO's estimator computes for the vLLM runtime
    (``toplint.parse.k8s.kaito_sizing``), or why that is not known here.  ``count`` is only the
    estimator's starting value."""
    from toplint.parse.k8s.kaito_sizing import DEFAULT_MAX_MODEL_LEN, estimate_nodes

    count = ctx.count((*resource, "count"))  # a bad count is TL010 (Ctx.count)
    if ctx.get((*resource, "partition")) is not None:
        why: int | str = "a GPU partition (MIG or accelerator count) is sized from the nodes"
    elif not isinstance(sku, str) or not sku:
        why = "without an instanceType KAITO reads the GPUs from existing nodes' labels"
    elif model is None or model.value is None:
        why = "the preset is not known"
    else:
        length = _max_model_len(config) or DEFAULT_MAX_MODEL_LEN
        why = estimate_nodes(model.value, sku, length)
    if isinstance(why, int):
        if count is not None and count != why:
            notes.append(
                f"KAITO's node estimator sets {why} node(s) for this preset on {sku} "
                f"(estimator.go, with node auto-provisioning); `count: {count}` is only its "
                "starting value"
            )
        return why
    notes.append(f"nodes unresolved: KAITO's node estimator decides them, and {why}")
    return why


def _max_model_len(config: list[Arg]) -> int | None:
    """The ConfigMap's ``max-model-len`` (KAITO's ParseExplicitMaxModelLen reads only that)."""
    for i, arg in enumerate(config):
        name, eq, value = (arg.value or "").partition("=")
        if name == "--max-model-len":
            text = value if eq else (config[i + 1].value if i + 1 < len(config) else None)
            number = to_int(text) if text else None
            return number if number and number > 0 else None
    return None


def _data_parallel(model: Arg | None, sku: Any, nodes: int | None) -> bool:
    """KAITO runs data parallel on one node when the weights fit in half of one GPU."""
    if nodes != 1 or model is None or model.value is None or not isinstance(sku, str):
        return False
    from toplint.parse.k8s.kaito_sizing import fits_half_a_gpu

    return bool(fits_half_a_gpu(model.value, sku))


def _kaito_args(gpus: int | None, nodes: int | str, where: Position, dp: bool) -> list[Arg]:
    """What KAITO itself writes (configureParallelism), positioned at the instance type."""
    words: list[str] = []
    if gpus is not None and dp:
        words += [f"--data-parallel-size={gpus}", "--tensor-parallel-size=1"]
    elif gpus is not None:
        words.append(f"--tensor-parallel-size={gpus}")
    if isinstance(nodes, int) and nodes > 1:
        words += [f"--pipeline-parallel-size={nodes}", "--distributed-executor-backend=ray"]
    out = [Arg(w, w, where, (), "resource") for w in words]
    if isinstance(nodes, str):  # PP = the node count the estimator picks: unresolved here
        raw = "--pipeline-parallel-size=<nodes>"
        out.append(Arg(None, raw, where, (_ESTIMATOR,), "resource"))
    return out


def _model(ctx: Ctx, preset: Any, at: Path) -> Arg | None:
    if not isinstance(preset, str) or not preset:
        return None
    repo = preset if "/" in preset else PRESETS.get(preset)
    path: Path = (*at, "preset", "name") if ctx.get((*at, "preset")) is not None else at
    pos = ctx.scalar_pos(path)
    if repo is None:
        return Arg(None, preset, pos, (f"KAITO preset {preset}",), anchor_of(path))
    return Arg(repo, preset, pos, (), anchor_of(path))


def _config_args(ctx: Ctx, name: Any, runtime: str) -> list[Arg]:
    """The runtime's section (``vllm:``) of the named ConfigMap's ``inference_config.yaml``,
    as options."""

    found = ctx.configmaps.get(str(name)) if isinstance(name, str) else None
    data = found[0].data.get("data") if found and isinstance(found[0].data, dict) else None
    if found is None or not isinstance(data, dict):
        return []
    key = "inference_config.yaml"
    text = data.get(key)
    if not isinstance(text, str):
        return []
    where = found[0].value_position((*found[1], key))
    try:
        docs = load_documents(text, ctx.path)
    except SourceError as exc:
        line = where.line + exc.line
        ctx.findings.append(unparsable(ctx.path, f"{exc} (in ConfigMap {name})", line, exc.column))
        return []
    if len(docs) != 1:
        return []
    return mapping_args(docs[0], (runtime,), where, f"configmap/{name}/{key}") or []


KINDS = {
    "Workspace": workspace,
    "InferenceSet": inference_set,
    "MultiRoleInference": multi_role,
}
