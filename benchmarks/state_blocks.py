"""Score toplint's recurrent-state blocks on real vLLM start-ups of hybrid models:
`python benchmarks/state_blocks.py --half development [--records]`.

Each record of benchmarks/data/vllm_state_blocks.yaml is one public vLLM start-up whose text
states the blocks B vLLM gave a hybrid model's recurrent state ("max_num_seqs (N) exceeds
available Mamba cache blocks (B)"). For every record whose model toplint knows and whose GPU
memory is known (what toplint's pipeline judges a GPU it knows with, ``GpuSpec.capacity_gib``,
else the memory the text states), this builds the deployment the record describes (engine vLLM,
the release as an image tag, TP, PP, and the options the text states) and asks
``toplint.outcome.memory.memory`` - toplint's own accounting, no second copy of it - for the
blocks (``Memory.state_blocks``, at the high end of the start-up working memory's band;
``state_blocks_low`` at its low end) and whether the sequences fit them
(``Memory.states_fit``). It prints, per half: records scored, the median |log(predicted /
stated)|, how many predictions are within 10% and 25%, how many stated counts lie inside
toplint's band, and the refusals toplint gets right (it says the start-up does not fit),
misses, and raises falsely (on the start-up the same text says worked with fewer sequences).
The halves are benchmarks/data/vllm_state_blocks_SPLIT.md's, drawn by lot before any record was
scored: the development half is read; the held-out half is scored once per change, totals only.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from pathlib import Path
from typing import Any

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
from splits import halves as split_halves

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "benchmarks" / "data"
# the record's options, as the vLLM flags toplint reads (deployment option keys)
_OPTIONS = (
    "gpu_memory_utilization",
    "max_model_len",
    "kv_cache_dtype",
    "max_num_batched_tokens",
    "quantization",
    "dtype",
)


def records(half: str) -> list[dict[str, Any]]:
    """The records of one half of the split, in file order."""
    text = (DATA / "vllm_state_blocks_SPLIT.md").read_text(encoding="utf-8")
    ids = set(split_halves(text, "## Development", "## Held out")[half])
    every = yaml.safe_load((DATA / "vllm_state_blocks.yaml").read_text(encoding="utf-8"))
    return [r for r in every if r["id"] in ids]


def deployment(record: dict[str, Any], seqs: int | None) -> Any:
    """The deployment the record describes, with ``seqs`` written as --max-num-seqs (None:
    the engine's default)."""
    from toplint.model import Deployment

    options: dict[str, str] = {}
    if record.get("vllm"):
        options["image"] = f"vllm/vllm-openai:v{record['vllm']}"
    for key in _OPTIONS:
        if record.get(key) is not None:
            options[key] = str(record[key])
    if record.get("prefix_caching"):
        options["enable_prefix_caching"] = "true"
    if record.get("cudagraph_mode"):
        options["compilation_config"] = f'{{"cudagraph_mode": "{record["cudagraph_mode"]}"}}'
    if seqs is not None:
        options["max_num_seqs"] = str(seqs)
    name = record.get("lookup") or record.get("model")
    return Deployment(
        path="record",
        line=1,
        column=1,
        engine="vllm",
        model=name,
        tp=int(record.get("tp") or 1),
        pp=int(record.get("pp") or 1),
        options=options,
    )


def judged(record: dict[str, Any], seqs: int | None) -> Any:
    """toplint's memory for the record's start-up (``Memory``), or why none is computed."""
    from toplint.hardware.catalog import lookup_gpu
    from toplint.hardware.models import as_served, lookup_model

    name = record.get("lookup") or record.get("model")
    model = lookup_model(name, hf_cache=False) if name else None
    if model is None:
        return f"model {name!r} not known to toplint"
    dep = deployment(record, seqs)
    model = as_served(model, dep)  # the engine's --quantization, as the pipeline applies it
    spec = lookup_gpu(record["gpu"]) if record.get("gpu") else None
    # what toplint's pipeline judges with (toplint.outcome.build: GpuSpec.capacity_gib)
    gib = spec.capacity_gib if spec is not None else record.get("total_gpu_memory_gib")
    if not gib:
        return "no GPU memory (the GPU is not in toplint's catalog and the text states none)"
    import toplint.outcome.memory as memory

    charged = memory.memory(dep, model, float(gib), spec.name if spec else "")
    if charged.state_blocks < 0:
        return "toplint does not judge this start-up's state blocks"
    return charged


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--half", choices=("development", "held-out"), default="development")
    parser.add_argument("--records", action="store_true", help="itemise (development only)")
    args = parser.parse_args(argv)
    errors: list[float] = []
    centres: list[float] = []  # the band's geometric centre against the stated blocks
    inside = right = missed = false = started = 0
    skipped: list[str] = []
    lines: list[str] = []
    for record in records(args.half):
        written = record["max_num_seqs"] if record.get("max_num_seqs_written") else None
        m = judged(record, written)
        if isinstance(m, str):
            skipped.append(f"{record['id']}: {m}")
            continue
        stated, high, low = record["blocks"], m.state_blocks, m.state_blocks_low
        error = math.log(max(high, 1) / stated)
        errors.append(abs(error))
        centres.append(abs(math.log(math.sqrt(max(high, 1) * max(low, 1)) / stated)))
        inside += min(high, low) <= stated <= max(high, low)
        flagged = not m.states_fit
        right += record["refused"] and flagged
        missed += record["refused"] and not flagged
        verdict = "refused" if flagged else "starts"
        if record.get("started_max_num_seqs"):
            ok = judged(record, int(record["started_max_num_seqs"]))
            started += 1
            false += not isinstance(ok, str) and not ok.states_fit
        lines.append(
            f"  {record['id']}: stated {stated}, toplint {high} (low end {low}), "
            f"{error:+.3f} log; sequences {m.sequences}: toplint says {verdict}"
        )
    n = len(errors)
    median = statistics.median(errors) if errors else float("nan")
    within10 = sum(e <= math.log(1.10) for e in errors)
    within25 = sum(e <= math.log(1.25) for e in errors)
    print(
        f"{args.half}: scored {n}, not scored {len(skipped)}; median |log ratio| {median:.3f}; "
        f"within 10% {within10}/{n}, within 25% {within25}/{n}; stated inside toplint's band "
        f"{inside}/{n}; refusals right {right}, missed {missed}; false refusals {false} of "
        f"{started} start-ups that worked; median |log ratio| of the band's centre "
        f"{statistics.median(centres) if centres else float('nan'):.3f}"
    )
    if args.records and args.half == "development":
        print("\n".join(lines))
        print("\n".join(f"  skip   {s}" for s in skipped))
    return 0


if __name__ == "__main__":
    sys.exit(main())
