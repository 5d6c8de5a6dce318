"""A manifest draft, one cluster per GPU pool of a node list (``toplint.hardware.nodes``)."""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

from toplint.hardware.catalog import InstanceSpec, lookup_gpu, lookup_instance
from toplint.hardware.nodes import (
    CLIQUE,
    EFA,
    GKE_ACCELERATOR,
    INSTANCE_LABELS,
    MACHINE,
    MEMORY,
    PRODUCT,
    Node,
    Pool,
    parse_nodes,
    pools,
    product_name,
    whole_gpus,
)
from toplint.hardware.types import GpuSpec
from toplint.infra.numbers import digits, whole
from toplint.infra.patterns import lazy

Entry = tuple[str, Any, str]
# Node names listed in a pool's comment (the rest are counted).
_SHOWN = 3


def draft_from_nodes(text: str, fmt: str = "yaml") -> tuple[str, int]:
    """(the draft, how many values it leaves as questions)."""
    all_nodes = parse_nodes(text)
    gpu_pools, cpu_only = pools(all_nodes)
    if not gpu_pools:
        raise ValueError(
            f"none of the {len(all_nodes)} nodes has GPUs (capacity {'nvidia.com/gpu'} "
            "or nvidia.com/gpu.count): nothing to draft"
        )
    names: Counter[str] = Counter()
    clusters = [_cluster(pool, names) for pool in gpu_pools]
    questions = sum(1 for c in clusters for part in c for _, v, _ in part if v is None)
    head = [
        "# Draft hardware manifest from `kubectl get nodes -o json` (toplint hardware detect "
        "--nodes).",
        f"# {len(gpu_pools)} GPU pool{'s' if len(gpu_pools) != 1 else ''} of identical nodes; "
        f"{len(cpu_only)} CPU-only node{'s' if len(cpu_only) != 1 else ''} left out.",
        "# Check every value; commented keys are what the labels cannot show: fill them in.",
    ]
    if fmt == "json":
        return draft_json(clusters), questions
    return _to_yaml(head, clusters), questions


def _name(pool: Pool, gpu: GpuSpec | None, system: InstanceSpec | None, names: Counter[str]) -> str:
    node = pool.nodes[0]
    base = next((node.labels[k] for k in INSTANCE_LABELS if node.labels.get(k)), "")
    base = base or (system.name if system else "") or (gpu.name if gpu else "gpu")
    slug = re.sub(r"[^a-z0-9]+", "-", base.lower()).strip("-") or "gpu"
    names[slug] += 1
    return slug if names[slug] == 1 else f"{slug}-{names[slug]}"


def _gpu(node: Node) -> tuple[GpuSpec | None, str, str]:
    """(catalog GPU, the label that named it, its value)."""
    for label in (PRODUCT, GKE_ACCELERATOR):
        value = node.labels.get(label)
        if value:
            name = product_name(node) if label == PRODUCT else value
            return lookup_gpu(name), label, value
    return None, "", ""


def _cluster(pool: Pool, names: Counter[str]) -> tuple[list[Entry], list[Entry], list[Entry]]:
    node = pool.nodes[0]
    gpu, label, value = _gpu(node)
    instance = _instance(node)
    system = instance or _system(node)
    if gpu is None and system is not None:
        gpu = system.gpu
    gpus, counted = whole_gpus(node)
    listed = ", ".join(n.name for n in pool.nodes[:_SHOWN])
    more = f" and {len(pool.nodes) - _SHOWN} more" if len(pool.nodes) > _SHOWN else ""
    cluster: list[Entry] = [
        ("name", _name(pool, gpu, system, names), "rename: a unique name for this pool"),
        ("nodes", len(pool.nodes), f"{listed}{more}"),
    ]
    if instance is not None:
        cluster.append(("instance", instance.name, _instance_why(node)))
    elif system is not None:
        said = f"{MACHINE}={node.labels[MACHINE]}: the catalog fills the links"
        cluster.append(("instance", system.name, said))
    if gpu is not None:
        said = f"{label}={value}" if label else f"the {system.name if system else ''} catalog entry"
        cluster.append(("gpu", gpu.name, said + _memory_check(node, gpu)))
    else:
        said = f"{label}={value}: not in toplint's GPU catalog" if label else "no GPU label"
        cluster.append(("gpu", None, f"unknown ({said}): write the catalog name"))
    if gpus is None:
        counted += ": write the whole GPUs per node"
    cluster.append(("gpus_per_node", gpus, counted))
    cluster.append(("selector", _selector(node), "the label deployments select these nodes by"))
    intra = _intra(pool, gpus or 0, gpu)
    inter = _inter(node, system) if len(pool.nodes) > 1 or system is None else []
    return cluster, intra, inter


def _instance(node: Node) -> InstanceSpec | None:
    for label in INSTANCE_LABELS:
        value = node.labels.get(label)
        if value:
            return lookup_instance(value)
    return None


def _instance_why(node: Node) -> str:
    label = next(k for k in INSTANCE_LABELS if node.labels.get(k))
    return f"{label}: the instance catalog fills the links"


def _system(node: Node) -> InstanceSpec | None:
    """A system GPU Feature Discovery names (``nvidia.com/gpu.machine``, e.g. DGX-H100)."""
    machine = node.labels.get(MACHINE)
    return lookup_instance(machine) if machine else None


def _memory_check(node: Node, gpu: GpuSpec) -> str:
    mib = node.labels.get(MEMORY)
    number = digits(mib, 1 << 40) if mib else None
    if number is None or "-MIG-" in node.labels.get(PRODUCT, ""):
        return ""  # under MIG the label is one MIG device's memory
    gb = number * 1024 * 1024 / 1e9
    if abs(gb - gpu.memory_gb) > 0.1 * gpu.memory_gb:
        return f"; {MEMORY}={mib} MiB is not the catalog's {gpu.memory_gb:g} GB: check the model"
    return f"; {MEMORY}={mib} MiB"


def _selector(node: Node) -> dict[str, str]:
    for label in (*INSTANCE_LABELS, MACHINE, PRODUCT, GKE_ACCELERATOR):
        if node.labels.get(label):
            return {label: node.labels[label]}
    return {}


def _intra(pool: Pool, gpus: int, gpu: GpuSpec | None) -> list[Entry]:
    cliques = Counter(n.labels[CLIQUE] for n in pool.nodes if n.labels.get(CLIQUE))
    if not cliques or gpus <= 0:
        return []
    nodes_per_clique, _ = Counter(cliques.values()).most_common(1)[0]
    domain = nodes_per_clique * gpus
    rack = gpu.nvlink_domain if gpu is not None else 0
    why = f"{CLIQUE}: {len(cliques)} clique{'s' if len(cliques) != 1 else ''} of "
    why += f"{nodes_per_clique} nodes × {gpus} GPUs"
    if rack and domain > rack:
        why += f" (more than the GPU's {rack}-GPU NVLink domain: check)"
    if len(set(cliques.values())) > 1:
        why += "; cliques of other sizes too: " + ", ".join(
            str(n) for n in sorted(set(cliques.values()))
        )
    return [("nvlink_domain", domain, why)]


def _inter(node: Node, system: InstanceSpec | None) -> list[Entry]:
    devices = {k: v for k, v in node.capacity.items() if k == EFA or k.startswith("rdma/")}
    sriov = {
        k: v
        for k, v in node.capacity.items()
        if k.startswith("nvidia.com/") and not k.startswith(("nvidia.com/gpu", "nvidia.com/mig-"))
    }
    if system is not None:
        return _inter_checked(node, system)
    if EFA in devices:
        return [
            ("network", "efa", f"{EFA}: {devices[EFA]} per node"),
            ("bandwidth", None, 'unknown: line rate per EFA device, e.g. "100 Gb/s"'),
            ("nics_per_node", whole(devices[EFA], 0, 1 << 20), f"{EFA}"),
            ("rdma", True, "EFA is RDMA"),
        ]
    rdma = {**{k: v for k, v in devices.items() if k != EFA}, **sriov}
    if rdma:
        names = ", ".join(f"{k}={v}" for k, v in sorted(rdma.items()))
        return [
            ("network", None, f"RDMA devices ({names}): infiniband or roce? (ibstat link_layer)"),
            ("bandwidth", None, 'unknown: line rate per NIC, e.g. "400 Gb/s" (ibstat Rate)'),
            (
                "nics_per_node",
                None,
                "unknown: GPU-facing NICs per node (toplint hardware detect --topo on one node)",
            ),
            ("rdma", True, names),
        ]
    return [
        (
            "network",
            None,
            "no RDMA device resource: ethernet without RDMA? (or a CNI the labels do not show)",
        ),
        ("bandwidth", None, 'unknown: line rate per NIC, e.g. "100 Gb/s" (ethtool Speed)'),
    ]


def _inter_checked(node: Node, system: InstanceSpec) -> list[Entry]:
    """The catalog fills the network; a device count that disagrees with it is said."""
    efa = node.capacity.get(EFA)
    nics = system.inter.nics_per_node
    count = digits(efa, 1 << 20) if efa else None
    if count is not None and count != nics and system.inter.network == "efa":
        return [("nics_per_node", count, f"{EFA}={efa} (the catalog says {nics})")]
    return []


def _scalar(value: Any) -> str:
    """A YAML scalar or flow mapping (JSON's quoting, which YAML reads)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return json.dumps(value)
    if isinstance(value, str) and not re.fullmatch(r"[A-Za-z][A-Za-z0-9._-]*", value):
        return json.dumps(value)
    return str(value)


def _comment(text: str) -> str:
    """``text`` on one comment line: node names and labels come from the file read."""
    return _UNSAFE.sub("?", text)


_UNSAFE = lazy(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff]")


def _lines(entries: list[Entry], indent: str) -> list[str]:
    out = []
    for key, value, why in entries:
        text = f"{indent}{key}: {_scalar(value)}" if value is not None else f"{indent}# {key}: ..."
        pad = max(40, len(text) + 2)  # YAML needs a blank before a comment
        out.append(f"{text:<{pad}}# {_comment(why)}" if why else text)
    return out


def _to_yaml(head: list[str], clusters: list[tuple[list[Entry], list[Entry], list[Entry]]]) -> str:
    lines = [*head, "version: 1", "clusters:"]
    for cluster, intra, inter in clusters:
        first, *rest = _lines(cluster, "    ")
        lines += ["  - " + first.lstrip(), *rest]
        if intra:
            lines += ["    intra_node:", *_lines(intra, "      ")]
        if inter:
            known = any(value is not None for _, value, _ in inter)
            lines += ["    inter_node:" if known else "    # inter_node:"]
            lines += _lines(inter, "      ")
    return "\n".join(lines) + "\n"


def draft_json(clusters: list[tuple[list[Entry], list[Entry], list[Entry]]]) -> str:
    """The draft manifest as JSON: one cluster a (cluster, intra_node, inter_node) triple, a
    key with no value a line of ``notes`` (also ``toplint.hardware.detect``'s JSON draft)."""
    out = []
    for cluster, intra, inter in clusters:
        body: dict[str, Any] = {}
        notes: list[str] = []
        for section, entries in (("", cluster), ("intra_node", intra), ("inter_node", inter)):
            target = body.setdefault(section, {}) if section else body
            for key, value, why in entries:
                name = f"{section}.{key}" if section else key
                if value is None:
                    notes.append(f"{name}: {why}")
                else:
                    target[key] = value
        for section in ("intra_node", "inter_node"):
            if not body.get(section):
                body.pop(section, None)
        body["notes"] = notes
        out.append(body)
    return json.dumps({"version": 1, "clusters": out}, indent=2) + "\n"
