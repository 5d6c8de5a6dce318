"""Score toplint's decode ITL against public measured figures: what benchmarks/moe_decode.py and
benchmarks/dense_decode.py share.

A set of figures is a folder under benchmarks/data holding ``figures.yaml`` (one entry per
published figure: its launch command, GPU, node count, concurrency, prompt length and measured
per-user decode time) and ``SPLIT.md`` (the split by lot into a ``## Fit`` and a ``## Held out``
list of ids).  Each figure's launch command and a manifest of its GPU (one node of 8, or the
figure's node count joined by 8 x 400 Gb/s InfiniBand) go to a temporary directory;
``toplint cost --format json`` prices it at the figure's concurrency and prompt length, and the
outcome's ITL is compared with the measured per-user decode time as predicted/measured.

Totals: how many figures were priced, the median ratio, and the 80th percentile of the error
factor max(r, 1/r).  The held-out half prints totals only.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
GPUS = ROOT / "linter" / "toplint" / "hardware" / "data" / "gpus.yaml"


def half(data: Path, name: str) -> list[dict[str, Any]]:
    """The figures of ``data`` that its SPLIT.md lists under the heading of ``name``, in file
    order."""
    heading = {"fit": "## Fit", "held-out": "## Held out"}[name]
    lines = (data / "SPLIT.md").read_text().splitlines()
    start = lines.index(heading) + 1
    ids: list[str] = []
    for line in lines[start:]:
        if line.startswith("## "):
            break
        if line.startswith("- `"):
            ids.append(line[3 : line.index("`", 3)])
    figures = yaml.safe_load((data / "figures.yaml").read_text())["figures"]
    return [f for f in figures if f["id"] in ids]


def manifest(fig: dict[str, Any]) -> str:
    gpus = {g["name"]: g for g in yaml.safe_load(GPUS.read_text())["gpus"]}
    gpu = gpus[fig["gpu"]]
    return yaml.safe_dump(
        {
            "version": 1,
            "clusters": [
                {
                    "name": "c",
                    "nodes": max(int(fig["nodes"]), 1),
                    "gpu": fig["gpu"],
                    "gpus_per_node": 8,
                    "intra_node": {
                        "fabric": gpu["scaleup_fabric"],
                        "bandwidth": f"{gpu['scaleup_bandwidth_gb_per_s']} GB/s",
                    },
                    "inter_node": {
                        "network": "infiniband",
                        "bandwidth": "400 Gb/s",
                        "nics_per_node": 8,
                        "rdma": True,
                    },
                }
            ],
        }
    )


def predict(fig: dict[str, Any]) -> tuple[float | None, str]:
    """toplint's ITL (ms) of ``fig`` and the parts it names, or None and why not."""
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "hardware.yaml").write_text(manifest(fig))
        (Path(tmp) / "run.sh").write_text(fig["command"] + "\n")
        run = subprocess.run(
            [
                sys.executable,
                "-m",
                "toplint",
                "cost",
                "--hardware",
                "hardware.yaml",
                "--cluster",
                "c",
                "--decode-batch",
                str(fig["batch"]),
                "--prompt-tokens",
                str(fig["prompt_tokens"]),
                "--format",
                "json",
                "run.sh",
            ],
            capture_output=True,
            text=True,
            check=False,
            cwd=tmp,
        )
    try:
        deps = json.loads(run.stdout or "{}").get("deployments", [])
    except json.JSONDecodeError:
        return None, f"no JSON: {run.stderr.strip()[-200:]}"
    if not deps:
        return None, "no deployment read"
    dep = deps[0]
    latency = (dep.get("outcome") or {}).get("latency")
    if not latency:
        return None, dep.get("skipped") or "no latency"
    return float(latency["itl_ms"]), "; ".join(latency.get("parts", [])[:1])


def totals(ratios: list[float], n: int) -> str:
    if not ratios:
        return f"0/{n} priced"
    errors = sorted(max(r, 1 / r) for r in ratios)
    p80 = errors[min(len(errors) - 1, math.ceil(0.8 * len(errors)) - 1)]
    within = sum(e <= 1.5 for e in errors)
    return (
        f"{len(ratios)}/{n} priced, median predicted/measured {statistics.median(ratios):.2f}, "
        f"80th-percentile error factor {p80:.2f}, within 1.5x {within}/{len(ratios)}"
    )


def main(label: str, data: Path, description: str) -> int:
    """The command line of a set of figures: ``--half fit`` figure by figure, ``--half
    held-out`` totals only."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--half", choices=("fit", "held-out"), default="fit")
    args = parser.parse_args()
    figures = half(data, args.half)
    ratios: list[float] = []
    for fig in figures:
        itl, why = predict(fig)
        ratio = itl / fig["itl_ms"] if itl else None
        if ratio is not None:
            ratios.append(ratio)
        if args.half == "fit":
            shown = f"{itl:.2f} ms, ratio {ratio:.2f}" if itl and ratio else "not priced"
            print(f"{fig['id']}: measured {fig['itl_ms']} ms, toplint {shown} ({why})")
    print(f"{label} {args.half}: {totals(ratios, len(figures))}")
    return 0
