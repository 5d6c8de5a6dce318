"""Score the start-up working memory's band on real vLLM start-ups:
`python benchmarks/profile_band.py --half development [--records]`.

Each record of benchmarks/data/vllm_profile_logs.yaml is one public vLLM start-up whose log
states the profile run's "PyTorch activation peak memory" (and, most of them, its
"non_torch_memory"); their sum is what vLLM charged beside the weights.  For every record
whose model toplint knows and whose GPU memory the log states, this builds the deployment
the record describes (engine vLLM, the release as an image tag, TP, and the
--max-model-len, --max-num-batched-tokens, --max-num-seqs and --enforce-eager it states)
and asks ``toplint.outcome.memory.working_band`` for the band, then prints how many logged
figures lie inside it, below its low end (toplint would call a start that works "may not
start" or "does not fit") and above its high end (it would miss a failure).  The halves are
benchmarks/data/vllm_profile_logs_SPLIT.md's, drawn by lot before any record was scored: the
development half is read; the held-out half is scored once per change, totals only.  Run
with an interpreter whose toplint has no ``working_band`` (before it existed) it scores the
fixed band that toplint charged then.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
from splits import halves as split_halves

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "benchmarks" / "data"
GIB = float(1 << 30)


def records(half: str) -> list[dict[str, Any]]:
    """The records of one half of the split, in file order."""
    text = (DATA / "vllm_profile_logs_SPLIT.md").read_text(encoding="utf-8")
    ids = set(split_halves(text, "## Development", "## Held out")[half])
    every = yaml.safe_load((DATA / "vllm_profile_logs.yaml").read_text(encoding="utf-8"))
    return [r for r in every if r["id"] in ids]


def band(record: dict[str, Any]) -> tuple[float, float] | str:
    """toplint's band (low, high GiB) for the record's start-up, or why none is computed."""
    from toplint.hardware.models import lookup_model
    from toplint.model import Deployment

    gib = record.get("total_gpu_memory_gib")
    if not gib:
        return "the log states no GPU memory"
    model = lookup_model(record.get("model"), hf_cache=False) if record.get("model") else None
    if model is None:
        return f"model {record.get('model')!r} not known to toplint"
    options: dict[str, str] = {}
    if record.get("vllm"):
        options["image"] = f"vllm/vllm-openai:v{record['vllm']}"
    for key in ("max_model_len", "max_num_batched_tokens", "max_num_seqs"):
        if record.get(key):
            options[key] = str(record[key])
    if record.get("enforce_eager"):
        options["enforce_eager"] = "true"
    dep = Deployment(
        path="record",
        line=1,
        column=1,
        engine="vllm",
        model=record["model"],
        tp=int(record.get("tp") or 1),
        pp=int(record.get("pp") or 1),
        options=options,
    )
    import toplint.outcome.memory as memory

    charged = memory.memory(dep, model, float(gib))  # with a vision model's dummy images
    if hasattr(charged, "working_low"):
        low, high = charged.working_low, charged.working
    else:  # the fixed band of the releases before it
        images = charged.profile_images * charged.profile_image_bytes
        low = memory.working_bytes(dep, memory.WORKING_LOW_GIB) + images
        high = charged.working
    return low / GIB, high / GIB


def logged(record: dict[str, Any]) -> float | None:
    """What the start-up charged beside the weights (GiB): activation peak + non-torch."""
    peak = record.get("activation_peak_gib")
    if peak is None:
        return None
    return float(peak) + float(record.get("non_torch_gib") or 0.0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--half", choices=("development", "held-out"), default="development")
    parser.add_argument("--records", action="store_true", help="itemise (development only)")
    args = parser.parse_args(argv)
    inside = below = above = 0
    skipped: list[str] = []
    lines: list[str] = []
    for record in records(args.half):
        value = logged(record)
        if value is None:
            skipped.append(f"{record['id']}: the log states no activation peak")
            continue
        got = band(record)
        if isinstance(got, str):
            skipped.append(f"{record['id']}: {got}")
            continue
        low, high = got
        where = "inside" if low <= value <= high else "below" if value < low else "above"
        inside += where == "inside"
        below += where == "below"
        above += where == "above"
        lines.append(
            f"  {where:6s} {record['id']}: logged {value:.2f} GiB, band {low:.2f}-{high:.2f} GiB"
        )
    scored = inside + below + above
    print(
        f"{args.half}: logged working memory inside the band {inside}/{scored}; below its low "
        f"end {below}; above its high end {above}; not scored {len(skipped)}"
    )
    if args.records and args.half == "development":
        print("\n".join(lines))
        print("\n".join(f"  skip   {s}" for s in skipped))
    return 0


if __name__ == "__main__":
    sys.exit(main())
