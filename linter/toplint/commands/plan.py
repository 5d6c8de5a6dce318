"""``toplint plan --model ID --hardware FILE``: the best parallel layouts on a cluster."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from toplint.engines.registry import EXAMPLE_ENGINE, all_engines
from toplint.errors import EXIT_CLEAN, UsageError
from toplint.hardware.manifest import load_hardware
from toplint.hardware.models import close_model, lookup_model
from toplint.infra.budgets import budget_ms, workload_count
from toplint.pipeline.coverage import unmodelled_cluster
from toplint.pipeline.settings import settings_from_args


def register(sub: Any) -> None:
    p = sub.add_parser("plan", help="recommend TP/PP/DP/EP layouts", description=__doc__)
    p.add_argument("--model", required=True, metavar="ID", help="model id (Hugging Face)")
    p.add_argument("--hardware", required=True, metavar="FILE", help="hardware manifest")
    p.add_argument("--cluster", metavar="NAME", help="cluster of the manifest (default: the only)")
    p.add_argument("--gpus", type=int, metavar="N", help="GPUs to use (default: the cluster's)")
    p.add_argument(
        "--engine", metavar="NAME", help="serving engine (default: the registry's EXAMPLE_ENGINE)"
    )
    p.add_argument("--config", metavar="FILE", help="configuration file (models:, workload:)")
    p.add_argument(
        "--prompt-tokens", type=workload_count, metavar="N", help="prompt length (default 4096)"
    )
    p.add_argument(
        "--decode-batch", type=workload_count, metavar="N", help="sequences per decode step"
    )
    p.add_argument("--itl-ms", type=budget_ms, metavar="MS", help="inter-token latency budget")
    p.add_argument("--ttft-ms", type=budget_ms, metavar="MS", help="time-to-first-token budget")
    p.add_argument("--objective", choices=["latency", "throughput"], default="latency")
    p.add_argument("--top", type=int, default=3, metavar="N", help="layouts to show (default 3)")
    p.add_argument("--format", choices=["text", "json"], default="text")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from toplint.plan.recommend import recommend

    engine = _engine(args.engine)
    settings = settings_from_args(args)
    hardware = load_hardware(args.hardware)
    cluster = _cluster(hardware, args.cluster)
    declined = unmodelled_cluster(cluster)  # what check reports as TL011: nothing to rank on
    if declined is not None:
        raise UsageError(
            f"cannot plan on it: {declined.reason} (describe the GPU in the manifest: "
            "gpu: {name, memory, memory_bandwidth, bf16_tflops})"
        )
    model = lookup_model(
        args.model, settings.models, base_dir=settings.config.base_dir, root=settings.config.root
    )
    if model is None:
        close = close_model(args.model)
        hint = f"did you mean `{close}`? Or add" if close else "add"
        raise UsageError(f"unknown model {args.model!r}: {hint} it under `models:` in toplint.yaml")
    gpus = args.gpus or cluster.total_gpus
    if gpus < 1 or gpus > cluster.total_gpus:
        raise UsageError(f"--gpus {gpus}: cluster {cluster.name!r} has {cluster.total_gpus} GPUs")
    recs = recommend(
        model,
        cluster,
        gpus,
        engine,
        settings.workload,
        settings.budgets,
        args.objective,
        max(args.top, 1),
        model_id=args.model,
    )
    if args.format == "json":
        json.dump({"recommendations": recs}, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(_text(recs, args.model, cluster.name, gpus, args.objective))
    return EXIT_CLEAN


def _cluster(hardware: Any, name: str | None) -> Any:
    if name:
        cluster = hardware.cluster(name)
        if cluster is None:
            names = ", ".join(c.name for c in hardware.clusters)
            raise UsageError(f"--cluster {name}: not in the manifest (clusters: {names})")
        return cluster
    if len(hardware.clusters) != 1:
        names = ", ".join(c.name for c in hardware.clusters)
        raise UsageError(f"the manifest has several clusters ({names}); choose one with --cluster")
    return hardware.clusters[0]


def _text(recs: list[dict[str, Any]], model: str, cluster: str, gpus: int, objective: str) -> str:
    lines = [f"{model} on {gpus} GPUs of {cluster} (objective: {objective})", ""]
    header = f"{'#':>2}  {'TP':>3} {'PP':>3} {'DP':>3} {'EP':>3}  {'nodes':>5}  "
    header += f"{'prefill comm':>13}  {'decode comm/token':>17}"
    lines.append(header)
    for i, r in enumerate(recs, 1):
        lines.append(
            f"{i:>2}  {r['tp']:>3} {r['pp']:>3} {r['dp']:>3} {r['ep']:>3}  "
            f"{r['nodes']:>2}x{r['gpus_per_node']:<2}  {r['prefill_comm_ms']:>10.1f} ms  "
            f"{r['decode_comm_ms_per_token']:>14.2f} ms"
        )
    for i, r in enumerate(recs, 1):
        lines += ["", f"{i}. {r['command']}"]
        lines += [f"   - {reason}" for reason in r["reasons"]]
    return "\n".join(lines) + "\n"


def _engine(name: str | None) -> str:
    """A registered engine that can render a planned command (``Engine.plan_command``)."""

    choices = [e.name for e in all_engines() if e.plan_command is not None]
    wanted = name or EXAMPLE_ENGINE
    if wanted not in choices:
        raise UsageError(f"--engine {wanted}: plan renders commands for {', '.join(choices)}")
    return wanted
