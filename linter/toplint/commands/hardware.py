"""``toplint hardware check FILE`` and ``toplint hardware detect``: write and verify manifests."""

from __future__ import annotations

import argparse
import json
import shutil
import sys
from typing import Any

from toplint.errors import EXIT_CLEAN, UsageError
from toplint.hardware.manifest import load_hardware
from toplint.infra.readpolicy import MAX_DATA_BYTES, read_text
from toplint.infra.yamlsafe import dump
from toplint.record import asdict


def register(sub: Any) -> None:
    hw = sub.add_parser("hardware", help="check or draft a hardware manifest", description=__doc__)
    hw.set_defaults(run=run)
    hsub = hw.add_subparsers(dest="hardware_command", metavar="SUBCOMMAND", parser_class=type(hw))
    check = hsub.add_parser(
        "check",
        help="validate a manifest and print it resolved",
        description="Validate a hardware manifest and print it with catalog and instance "
        "defaults filled and bandwidths normalized to GB/s per direction.",
    )
    check.add_argument("file", metavar="FILE", help="hardware manifest (YAML or JSON)")
    check.add_argument("--format", choices=("json", "yaml"), default="json")
    detect = hsub.add_parser(
        "detect",
        help="draft a manifest from `nvidia-smi topo -m` or the cluster's node list",
        description="Draft a manifest from the topology matrix; what it cannot show is left "
        "as a commented placeholder.",
    )
    detect.add_argument(
        "--topo",
        metavar="FILE",
        help="saved `nvidia-smi topo -m` output ('-' reads stdin); default: run nvidia-smi",
    )
    detect.add_argument(
        "--gpu-names",
        metavar="FILE",
        help="`nvidia-smi --query-gpu=name --format=csv,noheader` or `nvidia-smi -L` output",
    )
    detect.add_argument(
        "--nodes",
        metavar="FILE",
        help="`kubectl get nodes -o json` ('-' reads stdin): one cluster per pool of identical "
        "GPU nodes",
    )
    detect.add_argument("--format", choices=("yaml", "json"), default="yaml")


def _no_subcommand(args: argparse.Namespace) -> int:
    raise UsageError("toplint hardware: choose a sub-command: check FILE, detect")


def run(args: argparse.Namespace) -> int:
    """Dispatch on the sub-command (``args.hardware_command``)."""
    if getattr(args, "hardware_command", None) == "check":
        return run_check(args)
    if getattr(args, "hardware_command", None) == "detect":
        return run_detect(args)
    return _no_subcommand(args)


def run_check(args: argparse.Namespace) -> int:

    hardware = load_hardware(args.file)
    data = resolved(hardware)
    if args.format == "yaml":
        sys.stdout.write(dump(data))
    else:
        sys.stdout.write(json.dumps(data, indent=2) + "\n")
    for warning in hardware.warnings:
        print(f"toplint: warning: {warning}", file=sys.stderr)
    return EXIT_CLEAN


def resolved(hardware: Any) -> dict[str, Any]:
    """The manifest as `hardware check` prints it: plain data, GB/s per direction, µs."""
    clusters = []
    for c in hardware.clusters:
        intra = asdict(c.intra)
        clusters.append(
            {
                "name": c.name,
                "nodes": c.nodes,
                "gpu": c.gpu.name,
                "gpus_per_node": c.gpus_per_node,
                "intra_node": {
                    k: intra[k]
                    for k in (
                        "fabric",
                        "bandwidth_gb_per_s",
                        "p2p",
                        "nvlink_domain",
                        "numa_nodes",
                        "pcie_gen",
                        "pcie_bandwidth_gb_per_s",
                        "latency_us",
                    )
                }
                | (
                    {"nvlink_groups": [list(g) for g in intra["nvlink_groups"]]}
                    if intra.get("nvlink_groups")
                    else {}
                ),
                "inter_node": asdict(c.inter),
                "selector": dict(c.selector),
                "instance": c.instance,
                "measurements": [asdict(m) for m in c.measurements],
                "gpu_spec": {
                    "memory_gb": c.gpu.memory_gb,
                    "memory_bandwidth_gb_per_s": c.gpu.memory_bandwidth_gb_per_s,
                    "source": c.gpu.source,
                },
            }
        )
    return {"clusters": clusters, "warnings": list(hardware.warnings)}


# A node list is no hand-written file: 1,000 nodes of `kubectl get nodes -o json` are ~10 MB.
MAX_NODE_LIST_BYTES = 64 * 1024 * 1024


def run_detect(args: argparse.Namespace) -> int:
    from toplint.hardware.detect import draft_manifest
    from toplint.hardware.nvsmi import parse_gpu_names

    if getattr(args, "nodes", None):
        if args.topo or args.gpu_names:
            raise UsageError("--nodes drafts from the node list alone: drop --topo/--gpu-names")
        return _detect_nodes(args)

    if args.topo:
        topo = _read(args.topo)
        names = parse_gpu_names(_read(args.gpu_names)) if args.gpu_names else None
    else:
        topo, names = _run_nvidia_smi()
        if args.gpu_names:
            names = parse_gpu_names(_read(args.gpu_names))
    try:
        sys.stdout.write(draft_manifest(topo, names, fmt=args.format))
    except ValueError as exc:
        raise UsageError(f"{args.topo or 'nvidia-smi topo -m'}: {exc}") from None
    return EXIT_CLEAN


def _detect_nodes(args: argparse.Namespace) -> int:
    from toplint.hardware.nodes_draft import draft_from_nodes

    source = "stdin" if args.nodes == "-" else args.nodes
    try:
        draft, questions = draft_from_nodes(_read(args.nodes, MAX_NODE_LIST_BYTES), args.format)
    except ValueError as exc:
        raise UsageError(f"{source}: {exc}") from None
    sys.stdout.write(draft)
    if questions:
        print(
            f"toplint: the draft leaves {questions} value{'s' if questions != 1 else ''} the "
            "labels cannot show as questions: fill them in, then `toplint hardware check` it",
            file=sys.stderr,
        )
    return EXIT_CLEAN


def _read(path: str, limit: int | None = None) -> str:
    most = limit or MAX_DATA_BYTES
    if path == "-":
        text = sys.stdin.read(most + 1)
        if len(text) > most:
            raise UsageError(f"stdin: more than {most} characters; not read")
        return text

    try:
        return read_text(path, most)
    except OSError as exc:
        raise UsageError(f"{path}: cannot read: {exc}") from None


def _run_nvidia_smi() -> tuple[str, list[str] | None]:
    import subprocess  # only here: start-up of every other command stays cheap

    from toplint.hardware.nvsmi import parse_gpu_names

    exe = shutil.which("nvidia-smi")
    if exe is None:
        raise UsageError(
            "nvidia-smi not found: pass --topo FILE with the output of "
            "`nvidia-smi topo -m` (or --topo - to read stdin)"
        )
    try:
        topo = subprocess.run(
            [exe, "topo", "-m"], capture_output=True, text=True, check=True, timeout=60
        ).stdout
        query = subprocess.run(
            [exe, "--query-gpu=name", "--format=csv,noheader"],
            capture_output=True,
            text=True,
            check=True,
            timeout=60,
        ).stdout
    except (OSError, subprocess.SubprocessError) as exc:
        raise UsageError(f"nvidia-smi failed ({exc}); pass --topo FILE instead") from None
    return topo, parse_gpu_names(query) or None
