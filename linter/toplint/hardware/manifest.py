"""Read a hardware manifest (YAML or JSON) into ``Hardware``, filling catalog defaults.

Order of precedence, lowest first: the GPU catalog, then the ``instance:`` type, then what the
user wrote.  Every error names the file, line, column and key path and raises ``ManifestError``
(exit 2); values that are probably a misreading (bidirectional NVLink, Gb/s written as GB/s,
memory bandwidth written as a link) become ``Hardware.warnings``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from toplint.errors import ManifestError, SourceError
from toplint.hardware import archs, catalog, linkkinds, sanity, topology
from toplint.hardware.manifest_schema import Path, dotted, validate
from toplint.hardware.types import (
    Cluster,
    GpuSpec,
    Hardware,
    InterNode,
    IntraNode,
    Measurement,
)
from toplint.hardware.units import UnitError, parse_bandwidth, parse_latency, parse_size
from toplint.infra.readpolicy import read_text
from toplint.infra.yamlsafe import one_document
from toplint.model import Position
from toplint.record import replace

T = TypeVar("T")

_NO_NETWORK = InterNode(
    network="none", bandwidth_gb_per_s=0.0, nics_per_node=0, rdma=False, latency_us=0.0
)


class _Doc:
    """A manifest document plus the warnings gathered while resolving it."""

    def __init__(self, path: str, doc: Any) -> None:
        self.path = path
        self.doc = doc
        self.warnings: list[str] = []
        self.errors: list[str] = []  # every error of the file, reported together at the end

    def attempt(self, resolve: Callable[..., T], *args: Any) -> T | None:
        """``resolve(*args)``, or None with its error kept: one run lists every error."""
        try:
            return resolve(*args)
        except ManifestError as exc:
            self.errors.append(str(exc))
            return None

    def where(self, at: Path, key: bool = False) -> Position:
        if self.doc is None:
            return Position(self.path, 1, 1)
        pos: Position = self.doc.key_position(at) if key else self.doc.value_position(at)
        return pos

    def error(self, at: Path, message: str, key: bool = False) -> ManifestError:
        name = dotted(at)
        return ManifestError(f"{self.where(at, key)}: {name + ': ' if name else ''}{message}")

    def warn(self, at: Path, message: str) -> None:
        self.warnings.append(f"{self.where(at)}: {dotted(at)}: {message}")

    def bandwidth(self, at: Path, value: Any, kind: str) -> float:
        try:
            return parse_bandwidth(value, kind="network" if kind == "network" else "link")
        except UnitError as exc:
            raise self.error(at, str(exc)) from None

    def latency(self, at: Path, value: Any) -> float:
        try:
            return parse_latency(value)
        except UnitError as exc:
            raise self.error(at, str(exc)) from None


def load_hardware(path: str) -> Hardware:
    """Read and resolve a manifest file; ``ManifestError`` for anything invalid."""

    try:
        text = read_text(path)
    except OSError as exc:
        raise ManifestError(f"{path}: cannot read hardware manifest: {exc}") from None
    return hardware_from_text(text, path)


def hardware_from_text(text: str, path: str) -> Hardware:

    try:
        doc = one_document(text, path, "expected one YAML/JSON document")
    except SourceError as exc:
        raise ManifestError(f"{path}:{exc.line}:{exc.column}: {exc}") from None
    ctx = _Doc(path, doc)
    data = doc.data
    validate(data, ctx.where)
    resolved = [ctx.attempt(_cluster, ctx, i, raw) for i, raw in enumerate(data["clusters"])]
    seen: set[str] = set()
    for i, raw in enumerate(data["clusters"]):
        if raw["name"] in seen:
            duplicate = ctx.error(
                ("clusters", i, "name"), f'duplicate cluster name "{raw["name"]}"'
            )
            ctx.errors.append(str(duplicate))
        seen.add(raw["name"])
    if ctx.errors:
        raise ManifestError("\n".join(ctx.errors))
    clusters = tuple(c for c in resolved if c is not None)
    return Hardware(clusters=clusters, path=path, warnings=tuple(ctx.warnings))


# --- clusters -------------------------------------------------------------------------------


def _cluster(ctx: _Doc, i: int, raw: dict[str, Any]) -> Cluster:
    at: Path = ("clusters", i)
    instance = _instance(ctx, at, raw)
    gpus = raw.get("gpus_per_node") or (instance.gpus_per_node if instance else None)
    if gpus is None:
        raise ctx.error(at, 'missing "gpus_per_node" (or an "instance" type that implies it)')
    intra_raw = raw.get("intra_node") or {}
    # Each part is resolved even when another fails, so one run names every error.
    errors = len(ctx.errors)
    gpu = ctx.attempt(_gpu, ctx, at, raw, instance, intra_raw, gpus)
    intra = None
    if gpu is not None:
        intra = ctx.attempt(_intra, ctx, (*at, "intra_node"), intra_raw, gpu, gpus, instance)
    inter = ctx.attempt(_inter, ctx, at, raw, instance)
    selector = {str(k): _label(v) for k, v in (raw.get("selector") or {}).items()}
    measured = [
        ctx.attempt(_measurement, ctx, (*at, "measurements", j), m)
        for j, m in enumerate(raw.get("measurements") or ())
    ]
    measurements = tuple(m for m in measured if m is not None)
    if len(ctx.errors) > errors:  # the caller's attempt keeps them (once)
        found = "\n".join(ctx.errors[errors:])
        del ctx.errors[errors:]
        raise ManifestError(found)
    assert gpu is not None and intra is not None and inter is not None  # else an error was kept
    return Cluster(
        name=raw["name"],
        nodes=raw["nodes"],
        gpu=gpu,
        gpus_per_node=gpus,
        intra=intra,
        inter=inter,
        selector=selector,
        instance=instance.name if instance else None,
        measurements=measurements,
        position=ctx.where(at),
    )


def _label(value: Any) -> str:
    # YAML reads `true` and `8` as typed values; k8s labels are always strings.
    return str(value).lower() if isinstance(value, bool) else str(value)


def _instance(ctx: _Doc, at: Path, raw: dict[str, Any]) -> catalog.InstanceSpec | None:
    name = raw.get("instance")
    if name is None:
        return None
    spec = catalog.lookup_instance(name)
    if spec is None:
        known = ", ".join(catalog.instance_names())
        raise ctx.error((*at, "instance"), f'unknown instance type "{name}"; known: {known}')
    return spec


def _gpu(
    ctx: _Doc,
    at: Path,
    raw: dict[str, Any],
    instance: catalog.InstanceSpec | None,
    intra: dict[str, Any],
    gpus: int,
) -> GpuSpec:
    given = raw.get("gpu")
    if given is None:
        if instance is None:
            raise ctx.error(at, 'missing "gpu" (or an "instance" type that implies it)')
        return instance.gpu
    described = given if isinstance(given, dict) else {}
    name = str(described.get("name", given))
    spec = catalog.lookup_gpu(name)
    known = spec is not None
    if spec is None:
        if "fabric" not in intra or "bandwidth" not in intra:
            raise ctx.error(
                (*at, "gpu"),
                f'unknown GPU "{name}"; use a catalog name ({", ".join(catalog.gpu_names())}) '
                "or describe it: gpu: {name, memory, memory_bandwidth, bf16_tflops} with "
                "intra_node.fabric and intra_node.bandwidth",
            )
        fabric = intra["fabric"]
        bandwidth = ctx.bandwidth((*at, "intra_node", "bandwidth"), intra["bandwidth"], "link")
        spec = GpuSpec(
            name=name,
            memory_gb=0.0,
            memory_bandwidth_gb_per_s=0.0,
            scaleup_fabric=fabric,
            scaleup_bandwidth_gb_per_s=bandwidth,
            nvlink_domain=_fabric_domain(fabric, gpus),
            pcie_gen=int(intra.get("pcie_gen", 4)),
            p2p_default=bool(intra.get("p2p", True)),
        )
    spec = _described(ctx, (*at, "gpu"), described, spec)
    unknown = [
        what
        for what, value in (
            ("memory", spec.memory_gb),
            ("memory_bandwidth", spec.memory_bandwidth_gb_per_s),
            ("bf16_tflops", spec.half_tflops),
        )
        if not value
    ]
    if unknown and not known:
        ctx.warn(
            (*at, "gpu"),
            f'"{name}" is not in the GPU catalog and its {", ".join(unknown)} '
            f"{'is' if len(unknown) == 1 else 'are'} not given: the checks that need "
            "them are skipped (describe it: gpu: {name, memory, memory_bandwidth, bf16_tflops})",
        )
    return spec


def _described(ctx: _Doc, at: Path, described: dict[str, Any], spec: GpuSpec) -> GpuSpec:
    """``spec`` with the figures the manifest gives for the GPU (``gpu: {name, memory, ...}``)."""
    changes: dict[str, Any] = {}
    if "memory" in described:
        try:
            given_gb = parse_size(described["memory"]) / 1e9
            changes["memory_gb"] = given_gb
            # The manifest's figure is the one to use, unless it restates a catalog GPU's
            # nominal size ("48 GB" of an L40S): the driver still reports the catalog's total.
            if abs(given_gb - spec.memory_gb) > 0.005 * given_gb:
                changes["memory_reported_gib"] = 0.0
        except UnitError as exc:
            raise ctx.error((*at, "memory"), str(exc)) from None
    if "memory_bandwidth" in described:
        changes["memory_bandwidth_gb_per_s"] = ctx.bandwidth(
            (*at, "memory_bandwidth"), described["memory_bandwidth"], "link"
        )
    for rate in ("bf16_tflops", "fp16_tflops"):  # fp16: a GPU with no BF16 (Volta, Turing)
        if rate in described:
            changes[rate] = float(described[rate])
    if "arch" in described:
        name = str(described["arch"])
        if name not in archs.ARCHS:
            raise ctx.error(
                (*at, "arch"),
                f'"{name}" is not a GPU architecture toplint knows; write one of: '
                + ", ".join(archs.ARCHS),
            )
        changes["arch"] = name
    return replace(spec, **changes) if changes else spec


def _fabric_domain(fabric: str, gpus: int) -> int:
    """GPUs that reach each other at fabric speed when only the fabric is known
    (``LinkKind.domain``: 0 = the whole node)."""
    domain = linkkinds.of_fabric(fabric).domain
    return gpus if domain == 0 else min(domain, gpus)


def _base_intra(gpu: GpuSpec, gpus: int, instance: catalog.InstanceSpec | None) -> IntraNode:
    base = catalog.default_intra(gpu, gpus)
    if instance is None:
        return base
    if instance.gpu.name != gpu.name:
        return replace(base, numa_nodes=instance.intra.numa_nodes)
    domain = instance.intra.nvlink_domain
    if domain <= instance.gpus_per_node:  # not rack-scale: the domain ends at the node
        domain = min(domain, gpus)
    return replace(instance.intra, nvlink_domain=domain)


def _intra(
    ctx: _Doc,
    at: Path,
    raw: dict[str, Any],
    gpu: GpuSpec,
    gpus: int,
    instance: catalog.InstanceSpec | None,
) -> IntraNode:
    base = _base_intra(gpu, gpus, instance)
    fabric = raw.get("fabric", base.fabric)
    changed = fabric != base.fabric
    pcie_gen = int(raw.get("pcie_gen", base.pcie_gen))
    if "bandwidth" in raw:
        bandwidth = ctx.bandwidth((*at, "bandwidth"), raw["bandwidth"], "link")
        _warn_all(ctx, (*at, "bandwidth"), bandwidth, gpu)
        low = sanity.low_link_warning(bandwidth, fabric, gpu)
        if low:
            ctx.warn((*at, "bandwidth"), low)
    elif changed:
        bandwidth = _fabric_bandwidth(ctx, at, fabric, gpu, pcie_gen)
    else:
        bandwidth = base.bandwidth_gb_per_s
    default_domain = _fabric_domain(fabric, gpus) if changed else base.nvlink_domain
    domain = raw.get("nvlink_domain", default_domain)
    if linkkinds.scaleup_of(fabric) is None and int(domain) > 1:
        ctx.warn(
            (*at, "nvlink_domain"),
            f"{domain} with fabric {fabric}: GPUs without NVLink "
            "reach each other over PCIe; did you mean fabric nvlink?",
        )
    latency = ctx.latency((*at, "latency"), raw["latency"]) if "latency" in raw else None
    groups: topology.Groups = ()
    if "nvlink_groups" in raw:
        try:
            groups = topology.parse_groups(raw["nvlink_groups"], gpus, fabric)
        except ValueError as exc:
            raise ctx.error((*at, "nvlink_groups"), str(exc)) from None
        domain = topology.largest(groups)
    return IntraNode(
        fabric=fabric,
        bandwidth_gb_per_s=bandwidth,
        p2p=bool(raw.get("p2p", base.p2p)),
        nvlink_domain=int(domain),
        nvlink_groups=groups,
        numa_nodes=int(raw.get("numa_nodes", base.numa_nodes)),
        pcie_gen=pcie_gen,
        pcie_bandwidth_gb_per_s=catalog.pcie_bandwidth(pcie_gen),
        latency_us=latency,
    )


def _fabric_bandwidth(ctx: _Doc, at: Path, fabric: str, gpu: GpuSpec, pcie_gen: int) -> float:
    """Per-direction bandwidth for a fabric the user chose instead of the GPU's default."""
    row = linkkinds.of_fabric(fabric)
    if row.cls == linkkinds.NONE:
        return 0.0
    if row.cls == linkkinds.PCIE:
        return catalog.pcie_bandwidth(pcie_gen)
    if row.domain == 2 and catalog.bridge_bandwidth(gpu) is not None:  # a bridged pair
        return catalog.bridge_bandwidth(gpu) or 0.0
    if row.domain == 0 and linkkinds.of_fabric(gpu.scaleup_fabric) is row:
        return gpu.scaleup_bandwidth_gb_per_s
    raise ctx.error(
        (*at, "fabric"),
        f"the catalog has no {fabric} bandwidth for {gpu.name} (its fabric is "
        f'{gpu.scaleup_fabric}); add intra_node.bandwidth, e.g. "300 GB/s" per direction',
    )


def _warn_all(ctx: _Doc, at: Path, value: float, gpu: GpuSpec) -> None:
    for message in sanity.link_warnings(value, gpu):
        ctx.warn(at, message)


def _warn_nic(ctx: _Doc, at: Path, value: float, written: Any) -> None:
    message = sanity.nic_warning(value, written)
    if message:
        ctx.warn(at, message)


def _inter(
    ctx: _Doc, at: Path, raw: dict[str, Any], instance: catalog.InstanceSpec | None
) -> InterNode:
    nodes = raw["nodes"]
    given = raw.get("inter_node") or None  # an empty mapping says nothing
    base = instance.inter if instance else None
    here: Path = (*at, "inter_node")
    if given is None and base is None:
        if nodes > 1:
            raise ctx.error(
                (*at, "nodes"),
                f"{nodes} nodes need inter_node (network and "
                'bandwidth, e.g. {network: infiniband, bandwidth: "400 Gb/s"})',
            )
        return _NO_NETWORK
    given = given or {}
    network = given.get("network", base.network if base else None)
    if network is None:
        raise ctx.error(
            here,
            'missing "network" (infiniband, roce, ethernet, efa, tcpx, tcpxo or none)',
            key=True,
        )
    if linkkinds.of_network(network).cls == linkkinds.NONE:
        if nodes > 1:
            raise ctx.error((*here, "network"), f'"none" but the cluster has {nodes} nodes')
        return _NO_NETWORK
    same = base is not None and base.network == network
    if "bandwidth" in given:
        bandwidth = ctx.bandwidth((*here, "bandwidth"), given["bandwidth"], "network")
        _warn_nic(ctx, (*here, "bandwidth"), bandwidth, given["bandwidth"])
        low = sanity.low_nic_warning(bandwidth, network, given["bandwidth"])
        if low:
            ctx.warn((*here, "bandwidth"), low)
    elif base is not None and same:
        bandwidth = base.bandwidth_gb_per_s
    else:
        raise ctx.error(here, 'missing "bandwidth": line rate per NIC, e.g. "400 Gb/s"', key=True)
    row = linkkinds.of_network(network)
    rdma = bool(given.get("rdma", base.rdma if base and same else row.rdma))
    if rdma and row.tcp:
        ctx.warn(
            (*here, "rdma"),
            f"rdma: true on {network}: if the NICs do RDMA over Ethernet, write network: roce",
        )
    net = catalog.lookup_network(network, bandwidth)
    latency = (
        ctx.latency((*here, "latency"), given["latency"])
        if "latency" in given
        else net.latency_us
        if net
        else 0.0
    )
    nics = int(given.get("nics_per_node", base.nics_per_node if base else 1))
    return InterNode(
        network=network,
        bandwidth_gb_per_s=bandwidth,
        nics_per_node=nics,
        rdma=rdma,
        latency_us=latency,
    )


def _measurement(ctx: _Doc, at: Path, raw: dict[str, Any]) -> Measurement:
    busbw = ctx.bandwidth((*at, "busbw"), raw["busbw"], "link")
    size = None
    if "message" in raw:
        try:
            size = parse_size(raw["message"])
        except UnitError as exc:
            raise ctx.error((*at, "message"), str(exc)) from None
    return Measurement(
        op=raw["op"],
        ranks=raw["ranks"],
        scope=raw["scope"],
        busbw_gb_per_s=busbw,
        message_bytes=size,
    )
