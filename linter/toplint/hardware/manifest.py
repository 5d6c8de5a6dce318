"""Read a hardware manifest (YAML or JSON) into ``Hardware``, filling catalog defaults.

Order of precedence, lowest first: the GPU catalog, then the ``instance:`` type, then what the
user wrote.  Every error names the file, line, column and key path and raises ``ManifestError``
(exit 2); values that are probably a misreading (bidirectional NVLink, Gb/s written as GB/s,
memory bandwidth written as a link) become ``Hardware.warnings``.  The document being resolved
is ``toplint.hardware.manifestdoc``'s; a cluster's links are resolved by
``toplint.hardware.manifestlinks``.
"""

from __future__ import annotations

from typing import Any

from toplint.errors import ManifestError, SourceError
from toplint.hardware import archs, catalog, linkkinds
from toplint.hardware.manifest_schema import Path, validate
from toplint.hardware.manifestdoc import ManifestDoc
from toplint.hardware.manifestlinks import fabric_domain, inter_node, intra_node
from toplint.hardware.mixed import weakest
from toplint.hardware.types import (
    Cluster,
    GpuSpec,
    Hardware,
    Measurement,
)
from toplint.hardware.units import UnitError, binary_size, parse_size
from toplint.infra.readpolicy import read_text
from toplint.infra.yamlsafe import one_document
from toplint.record import replace


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
    ctx = ManifestDoc(path, doc)
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


def _cluster(ctx: ManifestDoc, i: int, raw: dict[str, Any]) -> Cluster:
    at: Path = ("clusters", i)
    instance = _instance(ctx, at, raw)
    listed = raw.get("gpu") if isinstance(raw.get("gpu"), list) else None
    gpus = raw.get("gpus_per_node") or (instance.gpus_per_node if instance else None)
    gpus = gpus or (len(listed) if listed else None)
    if gpus is None:
        raise ctx.error(at, 'missing "gpus_per_node" (or an "instance" type that implies it)')
    intra_raw = raw.get("intra_node") or {}
    # Each part is resolved even when another fails, so one run names every error.
    errors = len(ctx.errors)
    per_index: tuple[GpuSpec, ...] = ()
    if listed is not None:
        per_index = ctx.attempt(_gpu_list, ctx, at, listed, intra_raw, gpus) or ()
        gpu = weakest(per_index) if per_index else None
        per_index = per_index if gpu is not None and gpu.name != per_index[0].name else ()
    else:
        gpu = ctx.attempt(_gpu, ctx, (*at, "gpu"), raw.get("gpu"), instance, intra_raw, gpus)
    intra = None
    if gpu is not None:
        intra = ctx.attempt(intra_node, ctx, (*at, "intra_node"), intra_raw, gpu, gpus, instance)
    inter = ctx.attempt(inter_node, ctx, at, raw, instance)
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
        gpus_at=per_index,
    )


def _label(value: Any) -> str:
    # YAML reads `true` and `8` as typed values; k8s labels are always strings.
    return str(value).lower() if isinstance(value, bool) else str(value)


def _instance(ctx: ManifestDoc, at: Path, raw: dict[str, Any]) -> catalog.InstanceSpec | None:
    name = raw.get("instance")
    if name is None:
        return None
    spec = catalog.lookup_instance(name)
    if spec is None:
        known = ", ".join(catalog.instance_names())
        raise ctx.error((*at, "instance"), f'unknown instance type "{name}"; known: {known}')
    return spec


def _gpu_list(
    ctx: ManifestDoc, at: Path, listed: list[Any], intra: dict[str, Any], gpus: int
) -> tuple[GpuSpec, ...]:
    """The GPU at each local index of a node of mixed GPUs: ``gpu: [RTX-3090, RTX-3080-Ti]``,
    one entry per local index in nvidia-smi's order (``toplint.hardware.mixed``)."""
    if len(listed) != gpus:
        raise ctx.error(
            (*at, "gpu"),
            f"gpu lists {len(listed)} GPUs but a node has {gpus} (gpus_per_node): write one "
            "entry per GPU of a node, in nvidia-smi's order, or one name for a node of one model",
        )
    found = [
        ctx.attempt(_gpu, ctx, (*at, "gpu", j), entry, None, intra, gpus)
        for j, entry in enumerate(listed)
    ]
    specs = tuple(s for s in found if s is not None)
    if len(specs) != len(found):
        return ()  # each entry's error is kept
    vendors = {archs.of_gpu(s.arch, s.name).vendor for s in specs}
    if len(vendors) > 1:
        raise ctx.error(
            (*at, "gpu"),
            f"one node's GPUs are of {len(vendors)} vendors ({', '.join(sorted(vendors))}); no "
            "engine runs one model across them: describe each vendor's GPUs as a cluster",
        )
    return specs


def _gpu(
    ctx: ManifestDoc,
    at: Path,
    given: Any,
    instance: catalog.InstanceSpec | None,
    intra: dict[str, Any],
    gpus: int,
) -> GpuSpec:
    if given is None:
        if instance is None:
            raise ctx.error(at[:-1], 'missing "gpu" (or an "instance" type that implies it)')
        return instance.gpu
    described = given if isinstance(given, dict) else {}
    name = str(described.get("name", given))
    spec = catalog.lookup_gpu(name)
    known = spec is not None
    if spec is None:
        # one GPU per node, or GPUs joined by nothing, move nothing between GPUs of a node:
        # no link to describe (``intra_node: {fabric: none}`` of a one-GPU box had been exit 2)
        linkless = gpus <= 1 or intra.get("fabric") == "none"
        # over PCIe the link is the card's x16 slot: pcie_gen's rate when none is written
        pcie = "fabric" in intra and linkkinds.of_fabric(str(intra["fabric"])).cls == linkkinds.PCIE
        if not linkless and not pcie and ("fabric" not in intra or "bandwidth" not in intra):
            raise ctx.error(
                at,
                f'unknown GPU "{name}"; use a catalog name ({", ".join(catalog.gpu_names())}) '
                "or describe it: gpu: {name, memory, memory_bandwidth, bf16_tflops "
                "(fp16_tflops and arch for a GPU without BF16)} with "
                "intra_node.fabric (and intra_node.bandwidth, unless the fabric is pcie)",
            )
        fabric = intra.get("fabric", "none")
        bandwidth = (
            ctx.bandwidth((*at, "intra_node", "bandwidth"), intra["bandwidth"], "link")
            if "bandwidth" in intra
            else catalog.pcie_bandwidth(int(intra.get("pcie_gen", 4)))
            if pcie
            else 0.0
        )
        spec = GpuSpec(
            name=name,
            memory_gb=0.0,
            memory_bandwidth_gb_per_s=0.0,
            scaleup_fabric=fabric,
            scaleup_bandwidth_gb_per_s=bandwidth,
            nvlink_domain=fabric_domain(fabric, gpus),
            pcie_gen=int(intra.get("pcie_gen", 4)),
            p2p_default=bool(intra.get("p2p", True)),
        )
    spec = _described(ctx, at, described, spec)
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
            at,
            f'"{name}" is not in the GPU catalog and its {", ".join(unknown)} '
            f"{'is' if len(unknown) == 1 else 'are'} not given: the checks that need "
            "them are skipped (describe it: gpu: {name, memory, memory_bandwidth, bf16_tflops})",
        )
    return spec


def _described(ctx: ManifestDoc, at: Path, described: dict[str, Any], spec: GpuSpec) -> GpuSpec:
    """``spec`` with the figures the manifest gives for the GPU (``gpu: {name, memory, ...}``)."""
    changes: dict[str, Any] = {}
    if "memory" in described:
        try:
            given = parse_size(described["memory"])
            given_gb = given / 1e9
            changes["memory_gb"] = given_gb
            # The manifest's figure is the one to use, unless it restates a catalog GPU's
            # nominal size ("48 GB" of an L40S): the driver still reports the catalog's total.
            if abs(given_gb - spec.memory_gb) > 0.005 * given_gb:
                changes["memory_reported_gib"] = 0.0
                changes["free_at_start_gib"] = ()  # measured on the catalog's memory, not this
            # A figure in binary units ("8188 MiB" from nvidia-smi, "44.53 GiB" from an OOM
            # message) is what the driver reports; a decimal one is the card's nominal size,
            # which toplint counts as that many GiB ("a 24 GB card is 24 GiB").
            if binary_size(described["memory"]):
                changes["memory_reported_gib"] = given / 2**30
                changes["free_at_start_gib"] = ()
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


def _measurement(ctx: ManifestDoc, at: Path, raw: dict[str, Any]) -> Measurement:
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
