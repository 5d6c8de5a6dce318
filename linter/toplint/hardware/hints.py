"""Hardware a config names itself, for deployments no manifest cluster applies to.

A node selector or a wrapper's own field often names the machine: a cloud instance type, a GKE
accelerator, a GPU-feature-discovery product, a Karpenter family, a KAITO instance type, a
KubeAI profile, SkyPilot accelerators, a Ray ``accelerator_type``.  Each hint kind below maps
its value onto the catalogs (``instances.yaml``, ``gpus.yaml``) and says what it inferred and
from what; the first kind that gives an answer wins.  Only unambiguous answers count:

- an instance type gives the whole node (GPUs, NVLink, network);
- a family (GKE accelerator, Karpenter ``instance-family``) gives the smallest machine of the
  family that holds the pod's GPUs, as GKE's and Karpenter's provisioners pick;
- a GPU name alone (GFD product, KubeAI profile, SkyPilot, Ray) gives one node of that GPU with
  the catalog's intra-node defaults and no network: it serves a deployment on one node only.
"""

from __future__ import annotations

from collections.abc import Callable

from toplint.hardware import catalog
from toplint.hardware.asks import (
    AKASH_GPU,
    GKE_ACCELERATOR,
    GPU_LABELS,
    INSTANCE_LABELS,
    KUBEAI_PROFILE,
    SKYPILOT,
    gpu_asks,
)
from toplint.hardware.types import Cluster, InterNode
from toplint.infra.numbers import whole_text
from toplint.model import Deployment
from toplint.record import record


@record
class Inferred:
    cluster: Cluster
    reason: str  # "cloud.google.com/gke-accelerator=nvidia-l4 with 4 GPUs per pod"


# GKE accelerator label value -> machine family (sizes in instances.yaml); the GPU of each is in
# the family's entries.  Source: cloud.google.com/compute/docs/gpus (accelerator-optimized
# machine families) and cloud.google.com/kubernetes-engine/docs/how-to/gpus (label values).
GKE_ACCELERATORS = {
    "nvidia-l4": "g2-standard-",
    "nvidia-tesla-a100": "a2-highgpu-",
    "nvidia-a100-80gb": "a2-ultragpu-",
    "nvidia-h100-80gb": "a3-highgpu-",
    "nvidia-h100-mega-80gb": "a3-megagpu-",
    "nvidia-h200-141gb": "a3-ultragpu-",
    "nvidia-b200": "a4-highgpu-",
}


def infer(dep: Deployment) -> Inferred | None:
    """The catalog system the deployment's own hints select, or None."""
    for hint in HINTS:
        found = hint(dep)
        if found is not None:
            return found
    return None


def _instance(dep: Deployment) -> Inferred | None:
    for label in INSTANCE_LABELS:
        value = dep.labels.get(label)
        if value and "," not in value:
            spec = catalog.lookup_instance(value)
            if spec is not None:
                return _node(spec, dep, f"{label}={value}")
    return None


def _family(dep: Deployment) -> Inferred | None:
    gke = dep.labels.get(GKE_ACCELERATOR)
    machine = dep.labels.get("cloud.google.com/machine-family", "")
    if gke in GKE_ACCELERATORS and GKE_ACCELERATORS[gke].startswith(machine):
        spec = _smallest(GKE_ACCELERATORS[gke], dep)
        if spec is not None:
            return _node(spec, dep, f"cloud.google.com/gke-accelerator={gke}{_with(dep)}")
    if machine and gke is None and "," not in machine:
        spec = _smallest(machine + "-", dep)
        if spec is not None:
            return _node(spec, dep, f"cloud.google.com/machine-family={machine}{_with(dep)}")
    family = dep.labels.get("karpenter.k8s.aws/instance-family")
    if family and "," not in family:
        spec = _smallest(family + ".", dep)
        if spec is not None:
            return _node(spec, dep, f"karpenter.k8s.aws/instance-family={family}{_with(dep)}")
    return None


# The hints that name a GPU and nothing of its machine, in the order they are tried; the last
# is a ``gpu: "<type>:<count>"`` a reader took the GPU's name from (dstack's ``resources.gpu:
# MI300X:8``, dstackai/dstack@511c318c examples/models/gpt-oss/amd/120b.dstack.yml).  GKE's
# accelerator label is one when no machine family above has the GPU and none is named: a T4 or
# V100 is attached to an N1 VM, up to 4 and 8 of them (cloud.google.com/compute/docs/gpus).
_GPU_ONLY = (
    *GPU_LABELS,
    KUBEAI_PROFILE,
    SKYPILOT,
    AKASH_GPU,
    "accelerator_type",
    "accelerator.name",
    GKE_ACCELERATOR,
)
# GPUs one machine holds at most, for a count written without nodes: an HGX or OAM board's 8
# (NVIDIA HGX H100/B200, AMD Instinct MI300X platform).  A PCIe server of 10 GPUs (Supermicro
# SYS-421GE-TNRT) is above it: such a deployment is reported as not checked, with the manifest
# line that checks it, rather than priced on a guessed machine.
_NODE_MOST = 8


def _gpu_only(dep: Deployment) -> Inferred | None:
    for ask in gpu_asks(dep):
        gpu = catalog.lookup_gpu(ask.names[0]) if len(ask.names) == 1 else None
        if ask.key not in _GPU_ONLY or gpu is None:
            continue
        if ask.key == GKE_ACCELERATOR and (
            ask.names[0] in GKE_ACCELERATORS or "cloud.google.com/machine-family" in dep.labels
        ):
            continue  # a machine family's GPU, or a family named: ``_family`` answers
        if (dep.nodes or 1) != 1:
            continue
        # A deployment that states no nodes runs on one: its GPUs are that node's.
        per_node = dep.gpus_per_node or (dep.gpus if dep.nodes is None else None)
        if not per_node or per_node > _NODE_MOST:
            continue
        # GPU feature discovery also says how many GPUs the node has (the pod may use fewer)
        count = dep.labels.get("nvidia.com/gpu.count", "")
        n = max(per_node, (whole_text(count, 0, 1 << 20) or 0))
        cluster = Cluster(
            name=f"{n}x {gpu.name} (inferred)",
            nodes=1,
            gpu=gpu,
            gpus_per_node=n,
            intra=catalog.default_intra(gpu, n),
            inter=InterNode(
                network="none", bandwidth_gb_per_s=0.0, nics_per_node=0, rdma=False, latency_us=0.0
            ),
        )
        reason = f"{ask.key}={ask.names[0]} -> {n} x {gpu.name} on one node (GPU catalog defaults)"
        return Inferred(cluster, reason)
    return None


HINTS: tuple[Callable[[Deployment], Inferred | None], ...] = (_instance, _family, _gpu_only)


def _smallest(prefix: str, dep: Deployment) -> catalog.InstanceSpec | None:
    """The machine of a family with the fewest GPUs that still holds the pod's.  Sizes with
    as many GPUs that differ only in network are one answer for a deployment on one node (the
    network is not used) and none for a multi-node one."""
    gpus = dep.gpus_per_node
    if not gpus:
        return None
    sizes = [
        spec
        for name in catalog.instance_names()
        if name.startswith(prefix)
        for spec in [catalog.lookup_instance(name)]
        if spec is not None and spec.gpus_per_node >= gpus
    ]
    if not sizes:
        return None
    least = min(s.gpus_per_node for s in sizes)
    fits = [s for s in sizes if s.gpus_per_node == least]
    if len(fits) > 1 and (dep.nodes or 1) > 1:
        return None
    return min(fits, key=lambda s: s.inter.bandwidth_gb_per_s * s.inter.nics_per_node)


def _with(dep: Deployment) -> str:
    return f" with {dep.gpus_per_node} GPUs per pod"


def _node(spec: catalog.InstanceSpec, dep: Deployment, hint: str) -> Inferred:
    nodes = dep.nodes if dep.nodes and dep.nodes > 0 else 1
    cluster = Cluster(
        name=f"{spec.name} (inferred)",
        nodes=nodes,
        gpu=spec.gpu,
        gpus_per_node=spec.gpus_per_node,
        intra=spec.intra,
        inter=spec.inter,
        instance=spec.name,
    )
    return Inferred(cluster, f"{hint} -> {spec.name}")
