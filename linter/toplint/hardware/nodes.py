"""Draft a hardware manifest from the cluster's own node list (``kubectl get nodes -o json``).

One cluster per pool of identical GPU nodes; CPU-only nodes are left out.  What the labels
and resources show is written as a value with a comment saying which label said it; what they
cannot show stays a commented question, never guessed (as ``--topo`` drafts do,
``toplint.hardware.detect``).  The names read, and where they are documented:

* NVIDIA GPU Feature Discovery (NVIDIA/k8s-device-plugin@0719b2a4,
  docs/gpu-feature-discovery/README.md, "Generated Labels"): ``nvidia.com/gpu.product`` (model),
  ``nvidia.com/gpu.count``, ``nvidia.com/gpu.memory`` (MiB per GPU), ``nvidia.com/gpu.machine``
  (the system, e.g. DGX), ``nvidia.com/gpu.clique`` ("GPUFabric ClusterUUID + CliqueID": the
  nodes of one multi-node NVLink domain, GB200/GB300 NVL72);
* the device plugin's extended resource ``nvidia.com/gpu`` in ``status.capacity`` (GPUs per node);
* GKE: ``cloud.google.com/gke-accelerator`` (cloud.google.com/kubernetes-engine/docs/how-to/gpus;
  the values ``toplint.hardware.hints.GKE_ACCELERATORS`` maps);
* the well-known ``node.kubernetes.io/instance-type`` (kubernetes.io/docs/reference/labels-
  annotations-taints), set by EKS, GKE and AKS, read against the instance catalog;
* RDMA devices as extended resources: ``vpc.amazonaws.com/efa`` (AWS EFA device plugin,
  docs.aws.amazon.com/eks/latest/userguide/device-management-efa.html: "an integer count of
  vpc.amazonaws.com/efa extended resources"), ``rdma/<name>`` (Mellanox/k8s-rdma-shared-dev-plugin,
  InfiniBand or RoCE HCAs), and the NVIDIA Network Operator's SR-IOV resources under
  ``nvidia.com/`` (docs.nvidia.com/networking, Network Operator device plugins).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from toplint.record import record

GPU_RESOURCE = "nvidia.com/gpu"
SHARED_RESOURCE = "nvidia.com/gpu.shared"  # the device plugin's renameByDefault for shared GPUs
REPLICAS = "nvidia.com/gpu.replicas"
MIG_STRATEGY = "nvidia.com/mig.strategy"
PRODUCT = "nvidia.com/gpu.product"
COUNT = "nvidia.com/gpu.count"
MEMORY = "nvidia.com/gpu.memory"
MACHINE = "nvidia.com/gpu.machine"
CLIQUE = "nvidia.com/gpu.clique"
GKE_ACCELERATOR = "cloud.google.com/gke-accelerator"
INSTANCE_LABELS = ("node.kubernetes.io/instance-type", "beta.kubernetes.io/instance-type")
EFA = "vpc.amazonaws.com/efa"
# nvidia.com/ resources that are GPUs (whole, MIG slices, shared), not network devices.
_GPU_PREFIXES = ("nvidia.com/gpu", "nvidia.com/mig-")
# Nodes one list may hold (a bound on a hostile file; the largest clusters have tens of thousands).
MAX_NODES = 100_000


@record
class Node:
    name: str
    labels: Mapping[str, str]
    capacity: Mapping[str, str]


@record
class Pool:
    """Identical GPU nodes: the same GPU, count, instance type, system and RDMA devices."""

    key: tuple[tuple[str, str], ...]
    nodes: tuple[Node, ...]


def parse_nodes(text: str) -> list[Node]:
    """The nodes of ``kubectl get nodes -o json`` (a ``List``, or one ``Node``)."""
    try:
        doc = json.loads(text)
    except (json.JSONDecodeError, RecursionError, ValueError) as exc:
        raise ValueError(f"not JSON ({exc}); write `kubectl get nodes -o json`") from None
    items = doc.get("items") if isinstance(doc, dict) and "items" in doc else [doc]
    if not isinstance(items, list) or len(items) > MAX_NODES:
        raise ValueError("expected a node list (`kubectl get nodes -o json`)")
    nodes = []
    for item in items:
        if not isinstance(item, dict) or item.get("kind", "Node") != "Node":
            continue
        meta, status = item.get("metadata"), item.get("status")
        meta = meta if isinstance(meta, dict) else {}
        status = status if isinstance(status, dict) else {}
        labels = meta.get("labels") or {}
        capacity = status.get("capacity") or status.get("allocatable") or {}
        if isinstance(labels, dict) and isinstance(capacity, dict):
            nodes.append(Node(str(meta.get("name", "?")), _strings(labels), _strings(capacity)))
    if not nodes:
        raise ValueError("no Node in the list (`kubectl get nodes -o json`)")
    return nodes


def _strings(table: Mapping[Any, Any]) -> dict[str, str]:
    return {str(k): str(v) for k, v in table.items()}


def _int(value: str | None) -> int:
    try:
        return int(value or 0)
    except ValueError:
        return 0


def whole_gpus(node: Node) -> tuple[int | None, str]:
    """(whole GPUs in the node, from what); None when the labels cannot say (MIG), 0 for a
    node without GPUs.  The device plugin advertises ``nvidia.com/gpu`` multiplied by
    ``nvidia.com/gpu.replicas`` when GPUs are shared (time-slicing, MPS; the device plugin's
    README: "the GPU count will be multiplied by replicas"), and MIG devices instead of GPUs
    under the 'single' MIG strategy (GFD README, "MIG 'single' strategy")."""
    labels, capacity = node.labels, node.capacity
    advertised = _int(capacity.get(GPU_RESOURCE)) or _int(capacity.get(SHARED_RESOURCE))
    replicas = max(_int(labels.get(REPLICAS)), 1)
    mig = labels.get(MIG_STRATEGY, "none")
    mig_devices = sum(_int(v) for k, v in capacity.items() if k.startswith("nvidia.com/mig-"))
    if mig == "single" and "-MIG-" in labels.get(PRODUCT, ""):
        return None, f"MIG 'single': {GPU_RESOURCE}={advertised} counts MIG devices, not GPUs"
    if mig_devices:
        return None, f"MIG 'mixed': {mig_devices} MIG devices beside {advertised} whole GPUs"
    if replicas > 1:
        count = _int(labels.get(COUNT)) or advertised // replicas
        return count, f"{GPU_RESOURCE}={advertised} shared {replicas} ways ({REPLICAS})"
    if advertised:
        return advertised, f"status.capacity {GPU_RESOURCE}"
    return _int(labels.get(COUNT)), COUNT


def is_gpu_node(node: Node) -> bool:
    count, _ = whole_gpus(node)
    return count is None or count > 0


def product_name(node: Node) -> str:
    """The GPU model GFD names, without what sharing or MIG adds (``-SHARED``, ``-MIG-1g.5gb``)."""
    product = node.labels.get(PRODUCT, "")
    return product.split("-MIG-")[0].removesuffix("-SHARED")


def _network_devices(node: Node) -> dict[str, str]:
    """RDMA device resources the node advertises (name -> count)."""
    out = {}
    for name, count in node.capacity.items():
        rdma = name == EFA or name.startswith("rdma/")
        sriov = name.startswith("nvidia.com/") and not name.startswith(_GPU_PREFIXES)
        if (rdma or sriov) and _int(count) > 0:
            out[name] = count
    return out


def _instance(node: Node) -> str:
    return next((node.labels[k] for k in INSTANCE_LABELS if node.labels.get(k)), "")


def pools(nodes: Sequence[Node]) -> tuple[list[Pool], list[Node]]:
    """(GPU pools, CPU-only nodes)."""
    grouped: dict[tuple[tuple[str, str], ...], list[Node]] = {}
    cpu_only = []
    for node in nodes:
        if not is_gpu_node(node):
            cpu_only.append(node)
            continue
        key = {
            "gpus": str(whole_gpus(node)),
            "product": product_name(node),
            "accelerator": node.labels.get(GKE_ACCELERATOR, ""),
            "memory": node.labels.get(MEMORY, ""),
            "machine": node.labels.get(MACHINE, ""),
            "instance": _instance(node),
            "network": json.dumps(_network_devices(node), sort_keys=True),
        }
        grouped.setdefault(tuple(sorted(key.items())), []).append(node)
    return [Pool(k, tuple(v)) for k, v in grouped.items()], cpu_only
