"""GPU and node counts wherever a structured document writes them (formats nobody named).

Platforms spell a deployment's resources their own way; the shapes repeat:

* a count under a GPU-like key: ``gpu: 2``, ``num_gpus: 4``, ``gpuCount: 1``, ``nvidia.com/gpu``,
  or in its ``count`` (Nomad's ``device "nvidia/gpu" { count = 2 }``), or the ``max`` of a
  ``{min, max}`` range (``accelerator: {min: 1, max: 2}``: the limit a pod is given);
* ``<type>:<count>`` or ``<count>:<type>`` under such a key (``gpu: "L40s:4"``, ``accelerator:
  H100:4``, ``gpu: 8:H200``; a memory floor before the count, ``80GB:4``), a Slurm gres
  (``gres: gpu:4``, ``gpu:a100:2``), or a bare GPU type (``accelerator: A100``: one of it);
* a cloud instance type under an instance-like key (``instance_type: p4d.24xlarge``,
  ``machineType: a2-highgpu-8g``, ``vm_size: Standard_ND96asr_v4``, and any key that ends in
  ``type`` or names an instance: ``workers: {type: g6e.48xlarge}``, ``nodeType``,
  ``instance``): the GPUs of one of its nodes and their type, from the shipped instance catalog
  (``toplint/hardware/data/instances.yaml``, each row with its source), never from the name's
  spelling -- a value the catalog does not list (``type: ClusterIP``) says nothing;
* nodes under a node-like key (``nodes``, ``num_nodes``, ``nnodes``, ``hosts``) and GPUs per node
  under ``gpus_per_node`` / ``gpus_per_host``.

A count under a GPU key is the GPUs of one node (the unit every platform above sizes: a
container, a replica, a Slurm node), so with a node count the instance asks for their product.
A value that says neither a count nor a type (``gpu: 24GB``, a memory floor) gives nothing.
Every value comes back with the key path it was read from (``Found.at``) for provenance.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from toplint.catalog_index import instance_gpus
from toplint.infra.numbers import digits
from toplint.infra.patterns import lazy
from toplint.record import record, replace

Path = tuple[str | int, ...]

# Normalised key (lower case, without "-", "_", "." and "/") -> what it counts.
_GPU_KEYS = frozenset(
    {"gpu", "gpus", "numgpus", "numgpu", "gpucount", "ngpu", "ngpus", "gpunum", "gpusnum"}
    | {"nvidiacomgpu", "amdcomgpu", "accelerator", "accelerators", "gres", "gpuspec"}
    # Nomad's device block ``device "nvidia/gpu" { count = 2 }`` (hashicorp/nomad
    # website/content/docs/job-specification/device.mdx: a device name, ``count`` its number)
    | {"nvidiagpu"}
)
_PER_NODE_KEYS = frozenset(
    {"gpuspernode", "gpusperhost", "gpuspernodes", "ngpuspernode", "gpupernode", "gpuperhost"}
)
_INSTANCE_KEYS = frozenset(
    {"instancetype", "machinetype", "vmsize", "vmsku", "nodeinstancetype"}
    | {"nodekubernetesioinstancetype", "betakubernetesioinstancetype"}
)
_NODE_KEYS = frozenset({"nodes", "numnodes", "nnodes", "nodecount", "hosts", "numhosts"})
_TYPE_COUNT = lazy(r"^([A-Za-z][\w.\-]*?)[:x*]([0-9]{1,4})$")
_COUNT_TYPE = lazy(r"^([0-9]{1,4})[:x*]([A-Za-z][\w.\-]*)$")
_GRES = lazy(r"^gpu(?::([\w.\-]+))?:([0-9]{1,4})$", re.I)
_TYPE = lazy(r"^[A-Za-z][A-Za-z0-9.\-]*\d[A-Za-z0-9.\-]*$")  # H100, A100-80GB, mi300x
_SIZE = lazy(r"^\d+(\.\d+)?\s*[KMGT]i?B", re.I)
# A memory floor before the count, with or without a type: ``80GB:4``, ``A100:40GB:2``,
# ``80GB..:8`` (dstack's ``resources.gpu``, ``GPUSpec._parse`` in dstackai/dstack
# src/dstack/_internal/core/models/resources.py @0268145a9866b1d86ceddd3feb431b1e8a519ad4:
# ":"-separated name, memory (a size) and count tokens).  A count range is no count.
_SIZED = lazy(r"^(?:([A-Za-z][\w.\-]*):)?\d+(?:\.\d+)?[KMGT]i?B(?:\.\.)?:([0-9]{1,4})$", re.I)
MAX_COUNT = 1 << 16


@record
class Found:
    """One resource value: the count (or None), the accelerator type named, where."""

    what: str  # "gpus" (per node), "gpus_per_node", "nodes"
    count: int | None
    kind: str  # GPU type written beside the count ("" when none)
    at: Path


def norm(key: object) -> str:
    return re.sub(r"[-_./\s]", "", str(key)).lower()


def gpu_value(value: Any) -> tuple[int | None, str] | None:
    """(count, type) a GPU-like key's value says, or None when it says neither."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return (value, "") if 0 < value <= MAX_COUNT else None
    if isinstance(value, dict):  # a device block: ``{count: 2}``, a range ``{min: 1, max: 2}``
        return _block(value)
    if not isinstance(value, str):
        return None
    text = value.strip().strip("'\"")
    if text.isdigit():  # "²" and 5,000 digits too: digits() reads ASCII of a bounded length
        n = digits(text, MAX_COUNT)
        return (n, "") if n else None
    patterns = ((_GRES, 2, 1), (_TYPE_COUNT, 2, 1), (_COUNT_TYPE, 1, 2), (_SIZED, 2, 1))
    for pattern, count_at, kind_at in patterns:
        m = pattern.match(text)
        if m:
            n = int(m.group(count_at))  # [0-9]{1,4}
            return (n if 0 < n <= MAX_COUNT else None, m.group(kind_at) or "")
    if _TYPE.match(text) and not _SIZE.match(text):
        return 1, text  # a bare accelerator type: one of it
    return None


def _block(value: dict[Any, Any]) -> tuple[int | None, str] | None:
    """A device block's count: ``count``, else the upper bound of a ``{min, max}`` range (an
    accelerator profile's request/limit pair: a pod gets the GPUs of its limit, and Kubernetes
    takes GPUs from ``limits`` only, kubernetes.io/docs/tasks/manage-gpus/scheduling-gpus)."""
    for key in ("count", "max", "limit"):
        if key in value:
            n = count(value[key])
            return (n, "") if n is not None else None
    return None


def instance_key(k: str) -> bool:
    """A (normalised) key that may hold an instance type: the usual spellings, or any ``...type``
    / ``...instance...`` key; only a catalog row makes its value an instance (``scan``)."""
    return k in _INSTANCE_KEYS or k.endswith("type") or "instance" in k


def count(value: Any) -> int | None:
    """A positive count written as a number or digits, else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if 0 < value <= MAX_COUNT else None
    if isinstance(value, str):
        n = digits(value.strip(), MAX_COUNT)
        return n or None
    return None


def scan(
    node: Any, at: Path = (), depth: int = 3, skip: frozenset[Path] = frozenset()
) -> Iterator[Found]:
    """Resource values in ``node`` and below it (``depth`` levels), nearest first; a branch at
    a path in ``skip`` (another deployment's own mapping) is not looked into."""
    if not isinstance(node, dict) or depth < 0 or at in skip:
        return
    nested: list[tuple[str, Any]] = []
    counted: list[Found] = []  # GPU values of this mapping, yielded together (``_one``)
    for key, value in node.items():
        k = norm(key)
        if k in _GPU_KEYS:
            got = gpu_value(value)
            if got is not None:
                counted.append(Found("gpus", got[0], got[1], (*at, key)))
                continue
        if instance_key(k) and isinstance(value, str) and len(value) < 80:
            known = instance_gpus(value)
            if known is not None:
                yield Found("gpus", known[0], known[1], (*at, key))
                continue
        if k in _PER_NODE_KEYS and count(value) is not None:
            yield Found("gpus_per_node", count(value), "", (*at, key))
        elif k in _NODE_KEYS and count(value) is not None:
            yield Found("nodes", count(value), "", (*at, key))
        elif isinstance(value, dict):
            nested.append((key, value))
    if counted:
        yield _one(counted)
    for key, value in nested:
        yield from scan(value, (*at, key), depth - 1, skip)


def _one(counted: list[Found]) -> Found:
    """One mapping's GPUs: a type written alone (``gpu: "A100-40"``, one of it) beside a count
    (``gpu_count: 2``) is that many of that type (Beam's ``@endpoint(gpu=..., gpu_count=...)``,
    ``accelerator: "L4"`` beside ``num_gpus: 4``), not one."""
    counts = [f for f in counted if not f.kind and f.count is not None]
    typed = [f for f in counted if f.kind and f.count == 1]
    if counts and typed:
        return replace(counts[0], kind=typed[0].kind)
    return counted[0]


@record
class Resources:
    """The resources one scope states, each with the path it came from."""

    gpus: Found | None = None
    gpus_per_node: Found | None = None
    nodes: Found | None = None

    @property
    def empty(self) -> bool:
        return self.gpus is None and self.gpus_per_node is None and self.nodes is None


def collect(node: Any, at: Path = (), skip: frozenset[Path] = frozenset()) -> Resources:
    """The first value of each kind under ``node`` (nearest first), outside the branches at
    the paths in ``skip``."""
    seen: dict[str, Found] = {}
    for found in scan(node, at, skip=skip):
        seen.setdefault(found.what, found)
    return Resources(seen.get("gpus"), seen.get("gpus_per_node"), seen.get("nodes"))


def anchor(at: Path) -> str:
    """``resources.gpu``, ``replicas[1].resources.gpu``: a path as it reads in the file."""
    return ".".join(f"[{p}]" if isinstance(p, int) else str(p) for p in at).replace(".[", "[")
