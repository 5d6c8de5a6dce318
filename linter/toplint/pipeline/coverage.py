"""Why a deployment was not checked against the hardware, and the line that would fix it.

The pipeline (``toplint.pipeline.deployment.analyze_deployment``) attaches an ``Unchecked`` to
every deployment it could not place and cost; TL007 reports it, and the run's summary counts it,
so a run that checked nothing never ends in "All checks passed".
"""

from __future__ import annotations

import functools
import os
from typing import TYPE_CHECKING

from toplint.accelerators import of_cluster, of_deployment
from toplint.catalog_types import ModelSpec
from toplint.discover.files import NAMES, SUFFIXES
from toplint.hardware.asks import GpuAsk
from toplint.hardware.catalog import lookup_gpu
from toplint.hardware.types import Cluster, Hardware
from toplint.model import NO_DEPLOYMENT_FOUND, Deployment, Finding
from toplint.parse.options import FORWARDED
from toplint.unchecked import Unchecked

if TYPE_CHECKING:
    from toplint.pipeline.settings import Settings


def no_manifest(settings: Settings) -> Unchecked:
    config = settings.config
    name = os.path.basename(config.path) if config.path else "toplint.yaml"
    if settings.no_hardware:
        return Unchecked(
            "no-manifest",
            f"no hardware manifest (`hardware: none` in {name})",
            deliberate=True,
        )
    return Unchecked(
        "no-manifest",
        "no hardware manifest, so no link, bandwidth or memory check ran",
        fix=(
            f"hardware: hardware.yaml   # in {name} (or --hardware FILE; draft one with "
            "`toplint hardware detect`); `hardware: none` says there is none on purpose"
        ),
    )


def no_cluster(dep: Deployment, hardware: Hardware, settings: Settings) -> Unchecked:
    names = [c.name for c in hardware.clusters]
    shown = ", ".join(names)
    where = os.path.basename(hardware.path) if hardware.path else "the manifest"
    glob = _folder_glob(dep.path, settings.config.base_dir)
    assign = f'assign: {{"{glob}": {names[0]}}}' if names else ""
    if dep.labels:
        labels = ", ".join(f"{k}={v}" for k, v in sorted(dep.labels.items()))
        return Unchecked(
            "selector-mismatch",
            f"its node labels ({labels}) match the `selector` of no cluster in {where} "
            f"(clusters: {shown})",
            fix=f"add `selector: {{{_first_label(dep)}}}` to the cluster it runs on in {where}, "
            f"or {assign} in toplint.yaml",
        )
    return Unchecked(
        "no-cluster",
        f"{where} has {len(names)} clusters ({shown}) and neither --cluster, `cluster:` nor "
        "`assign:` says which one this file deploys to",
        fix=f"{assign}   # in toplint.yaml, or --cluster {names[0] if names else 'NAME'}",
    )


def gpu_mismatch(ask: GpuAsk, hardware: Hardware, cluster: Cluster | None) -> Unchecked:
    """The deployment asks for a GPU its cluster (or every cluster of the manifest) is not."""
    where = os.path.basename(hardware.path) if hardware.path else "the manifest"
    if cluster is not None:
        have = f"cluster {cluster.name}, which it is assigned to, has {cluster.gpu.name}"
    else:
        have = "the clusters have " + ", ".join(
            f"{g} ({', '.join(c.name for c in hardware.clusters if c.gpu.name == g)})"
            for g in dict.fromkeys(c.gpu.name for c in hardware.clusters)
        )
    return Unchecked(
        "gpu-mismatch",
        f"it asks for {ask.shown} ({ask.evidence}) but {have} in {where}; it was not judged "
        "on a GPU it does not ask for",
        fix=(
            f"add the cluster of {ask.shown} it runs on to {where}, or change {ask.evidence} "
            "to a GPU the manifest has"
            if not ask.vendor
            else f"add the cluster of {ask.vendor.upper()} GPUs it runs on to {where} "
            f"(`gpu:` its model), or ask for the GPUs the manifest has instead of `{ask.key}`"
        ),
        at=ask.at,
    )


def unresolved(dep: Deployment) -> Unchecked:
    missing = ", ".join(sorted({u.field for u in dep.unresolved})) or "the parallel layout"
    return Unchecked("unresolved-layout", f"{missing} could not be resolved (see TL003)")


def too_few_gpus(dep: Deployment, cluster: Cluster) -> Unchecked:
    return Unchecked(
        "too-few-gpus",
        f"its layout needs {dep.world_size} GPUs, more than it is given or than cluster "
        f"{cluster.name} has ({cluster.total_gpus}; see TL201)",
    )


def too_many_ranks(dep: Deployment, limit: int) -> Unchecked:
    return Unchecked(
        "placement-ranks",
        f"its layout has {dep.world_size:,} ranks, more than the {limit:,} toplint places "
        "(placement-ranks budget); its links and collectives were not checked",
    )


def unmodelled_accelerator(dep: Deployment) -> Unchecked | None:
    """The deployment runs on an accelerator the cost model does not describe (TL011)."""

    found = of_deployment(dep)
    if found is None:
        return None
    acc, evidence, _ = found
    return Unchecked(
        "accelerator",
        f"it runs on {acc.title} ({evidence}), which toplint's placement and cost model do not "
        "describe; its links and collectives were not checked",
    )


def unmodelled_cluster(cluster: Cluster) -> Unchecked | None:
    """The manifest gives the cluster an accelerator the cost model does not price (TL011)."""
    reason = of_cluster(cluster.gpu, cataloged=lookup_gpu(cluster.gpu.name) is not None)
    if reason is None:
        return None
    return Unchecked(
        "accelerator",
        f"cluster {cluster.name} runs on {reason}, which toplint's placement and cost model do "
        "not describe; its links, collectives and memory were not checked",
    )


def unknown_model(dep: Deployment) -> Unchecked:
    """Why a deployment without a catalogued model was not costed: it names none (TL007), its
    model is a value toplint cannot resolve (TL003 reports it), or the catalog lacks it (TL004)."""
    unresolved = next((u for u in dep.unresolved if u.field == "model"), None)
    if dep.model is None and unresolved is not None:
        return Unchecked(
            "unresolved-model",
            f"its model is `{unresolved.variable}`, which cannot be resolved here, so no cost "
            "was computed",
        )
    forwarded = next((u for u in dep.unresolved if u.field == FORWARDED), None)
    if dep.model is None and forwarded is not None:
        # ``command: ${MODEL_SPECIFIER} ${EXTRA_ARGS}``, ``vllm serve --tp 4 "$@"``: arguments
        # unknown here may name it, so the model is unresolved, not absent (TL003 says so).
        return Unchecked(
            "unresolved-model",
            f"it names no model, and the arguments `{forwarded.variable}` adds may (they "
            "cannot be resolved here), so no cost was computed",
        )
    if dep.model is None:  # an image whose model is given when it runs, a command without one
        return Unchecked(
            "no-model",
            "it names no model (its size, heads and layers decide every cost), so no cost "
            "was computed",
            fix="name the model where the engine reads it, e.g. --model org/name (a base "
            "image: check the file that runs it)",
        )
    return Unchecked(
        "unknown-model", f"model `{dep.model}` is not in the catalog, so no cost was computed"
    )


def unread_width(model: ModelSpec) -> Unchecked:
    """The model's bytes per weight are not read from its checkpoint's quantization_config
    (``ModelSpec.width_unknown``): placed and priced, but whether it fits is not judged.  The
    way to give the width is a ``models:`` entry naming a config.json (``lookup_model``) whose
    quantization_config says its ``bits`` (``toplint.hardware.hfweights._BITS``)."""
    return Unchecked(
        "unresolved-weights",
        f"whether it fits was not judged: {model.id}'s {model.width_unknown}, and weighing it "
        "at 16 bits would be a guess",
        fix=(
            f'models: {{"{model.id}": path/to/config.json}}   # in toplint.yaml: a copy of its '
            "config.json whose quantization_config adds `bits: N`, the bits each weight is "
            "stored in"
        ),
    )


def empty_folder(folder: str) -> Finding:
    """TL008 for a folder on the command line under which toplint found no file to read."""

    kinds = ", ".join(f"*{s}" for s in SUFFIXES) + ", " + ", ".join(n.title() for n in NAMES)
    return NO_DEPLOYMENT_FOUND.finding(
        folder,
        1,
        1,
        f"nothing was checked: no file toplint reads ({kinds}) under this folder",
        anchor="folder",
    )


def _folder_glob(path: str, base_dir: str) -> str:
    """``deploy/seed/*`` for ``deploy/seed/serve.sh`` (relative to the config's folder)."""
    if path in ("-", "<stdin>"):
        return "*"
    folder = _relative_folder(os.path.dirname(path), base_dir)
    if not folder or folder.startswith(".."):
        return os.path.basename(path) if not folder else "*"
    return f"{folder}/*"


@functools.lru_cache(maxsize=1024)
def _relative_folder(folder: str, base_dir: str) -> str:
    """``folder`` relative to ``base_dir``, with forward slashes ("" for ``base_dir`` itself);
    cached, as every file of a folder asks the same question."""
    rel = os.path.relpath(os.path.abspath(folder or "."), os.path.abspath(base_dir))
    return "" if rel == "." else rel.replace(os.sep, "/")


def _first_label(dep: Deployment) -> str:
    key, value = sorted(dep.labels.items())[0]
    return f"{key}: {value}"
