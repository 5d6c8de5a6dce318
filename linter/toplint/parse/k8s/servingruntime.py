"""KServe ServingRuntimes: the runtime an InferenceService names, and a runtime read on its own.

KServe merges an InferenceService's predictor into the container of the (Cluster)ServingRuntime
it names (``runtime_in_file``: found among the file's documents or in a YAML file beside it),
so ``toplint.parse.k8s.kserve.inference_service`` reads the engine there.  A runtime no
InferenceService of its file names is a template (``serving_runtime``): ``${TENSOR_PARALLEL_SIZE}``
is injected per InferenceService, so it stays unresolved here, and so does the model.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from toplint.errors import SourceError
from toplint.infra.readpolicy import read_first
from toplint.infra.yamlsafe import Document, Path, load_documents
from toplint.model import Deployment, Unresolved
from toplint.parse.base import Source
from toplint.parse.k8s.context import Ctx, base_deployment
from toplint.parse.k8s.pods import container_deployments, spec_deployments
from toplint.record import replace

# The runtime container an InferenceService's predictor is merged into (KServe's default,
# ``constants.InferenceServiceContainerName``).
_RUNTIME_CONTAINER = "kserve-container"


def _runtime_doc(ctx: Ctx, name: object) -> tuple[Source, Document] | None:
    """The (Cluster)ServingRuntime named ``name`` among the file's documents, else in a YAML
    file beside it (one folder: an InferenceService and its runtime are often two files of one
    kustomization, red-hat-data-services/ilab-on-ocp@a8094bd manifests/prometheus_serve/)."""
    found = _named_runtime(ctx.documents, name)
    if found is not None:
        return ctx.source, found
    if not isinstance(name, str) or not name or ctx.path in ("-", "<stdin>"):
        return None
    for path, text in _beside(ctx.path):
        if name not in text or "ServingRuntime" not in text:
            continue
        try:
            docs = load_documents(text, path)
        except SourceError:
            continue  # reported where that file is linted
        found = _named_runtime(docs, name)
        if found is not None:
            return Source.from_text(path, text), found
    return None


def _named_runtime(documents: Sequence[Document], name: object) -> Document | None:
    for doc in documents:
        data = doc.data
        if not isinstance(data, dict) or data.get("kind") not in _RUNTIME_KINDS:
            continue
        meta = data.get("metadata")
        if isinstance(meta, dict) and name and meta.get("name") == name:
            return doc
    return None


# YAML files read from the folder of an InferenceService, for its runtime: a kustomization's
# handful; more is not a folder of one service's resources.
_MOST_BESIDE = 32


def _beside(path: str) -> list[tuple[str, str]]:
    """(path as shown, text) of the other YAML files in ``path``'s folder, by name, under the
    read policy (``toplint.infra.readpolicy``: nothing outside the repository)."""
    folder = os.path.dirname(path) or "."
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return []
    own = os.path.basename(path)
    wanted = [n for n in names if n.endswith((".yaml", ".yml")) and n != own]
    return [found for found in (read_first(path, [n]) for n in wanted[:_MOST_BESIDE]) if found]


def runtime_in_file(ctx: Ctx, model: Path, base: Deployment) -> Deployment | None:
    """The deployment of the runtime container that this InferenceService's predictor is merged
    into, when the file defines that runtime: KServe merges the predictor's container into the
    runtime's ``kserve-container`` (the predictor's fields override; its args are appended to
    the runtime's: ``MergeRuntimeContainers``, kserve/kserve
    pkg/controller/v1beta1/inferenceservice/utils/utils.go @00bd5d0669).  None when the file
    does not define it (nor a YAML file beside it) or its container runs no engine toplint
    reads."""
    runtime = _runtime_doc(ctx, ctx.get((*model, "runtime")))
    if runtime is None:
        return None
    source, doc = runtime
    rctx = Ctx(source, doc, ctx.configmaps, ctx.findings, (), ctx.documents)
    containers = rctx.sequence(("spec", "containers"))
    names = [c.get("name") if isinstance(c, dict) else None for c in containers]
    at = names.index(_RUNTIME_CONTAINER) if _RUNTIME_CONTAINER in names else 0
    if not containers:
        return None
    found = container_deployments(rctx, ("spec", "containers", at), base, rebuilds=True)
    return found[0] if found else None


def _serves_an_isvc(ctx: Ctx) -> bool:
    """Whether an InferenceService of the file names this runtime: it is read there.  One in
    a file beside it reads the runtime too (``_runtime_doc``), but this file is then still
    the runtime's own: its template stays a deployment here."""
    name = ctx.get(("metadata", "name"))
    return isinstance(name, str) and bool(name) and _names_runtime(ctx.documents, name)


def _names_runtime(documents: Sequence[Document], name: str) -> bool:
    for doc in documents:
        data = doc.data
        if isinstance(data, dict) and data.get("kind") == "InferenceService":
            spec = data.get("spec")
            pred = spec.get("predictor") if isinstance(spec, dict) else None
            model = pred.get("model") if isinstance(pred, dict) else None
            if isinstance(model, dict) and model.get("runtime") == name:
                return True
    return False


def serving_runtime(ctx: Ctx) -> list[Deployment]:
    if _serves_an_isvc(ctx):
        return []  # the InferenceService naming it is the deployment (``runtime_in_file``)
    base = base_deployment(ctx, "kserve-runtime")
    note = "runtime template: parallelism and model come from each InferenceService"
    base = replace(base, notes=(note,))
    name = ctx.get(("metadata", "name"))
    # The checkpoint is each InferenceService's ``storageUri`` (mounted at /mnt/models) or its
    # ``--model_id``: unresolved here, never "no model" (kubeflow/manifests@009c880
    # applications/kserve/kserve/kserve-cluster-resources.yaml: kserve-huggingfaceserver).
    given = Unresolved(
        "model",
        f"the model of each InferenceService that runs {name or 'this runtime'}",
        ctx.pos(("metadata", "name")),
    )
    return [
        replace(dep, unresolved=(*dep.unresolved, given))
        if dep.model is None and not any(u.field == "model" for u in dep.unresolved)
        else dep
        for dep in spec_deployments(ctx, ("spec",), ("metadata",), base)
    ]


_RUNTIME_KINDS = ("ServingRuntime", "ClusterServingRuntime")
