"""Score toplint on the working-recipe suites (tests/recipes/): `python benchmarks/recipes.py`.

Every recipe is a configuration an engine's or operator's own documentation (or, in recipes3, one
of its users) publishes as working on the hardware it names (tests/recipes/README.md), so none may
get an error.  `--set` names the suite: `recipes` (tests/recipes/, the default), `recipes2`
(tests/recipes2/, a second collection in the same layout), `recipes3` (tests/recipes3/,
configurations users publish as working), `recipes4` (tests/recipes4/, configurations users
report working in the engines' trackers), `recipes5` (tests/recipes5/, users' platform
configurations: Kubernetes, Helm, Slurm, SkyPilot, Triton), `recipes6` (tests/recipes6/,
what users run in 2026: DGX Spark, Blackwell GPUs, speculative decoding, 2025-2026 models),
`recipes7` (tests/recipes7/, users' datacenter-GPU and multi-GPU layouts), `recipes8`
(tests/recipes8/, users' workstation, datacenter and Kubernetes serving in 2026), `recipes9`
(tests/recipes9/, users' Kubernetes and multi-node deployments), `recipes10` (tests/recipes10/,
measured datacenter-GPU, large-MoE and disaggregated runs that projects publish), `recipes11`
(tests/recipes11/, what model publishers publish for their own models), `recipes12`
(tests/recipes12/, cloud providers' and GPU vendors' reference deployments), `recipes13`
(tests/recipes13/, the engines' own per-model recipes for 2026's models, with their hardware),
`recipes14` (tests/recipes14/, NVIDIA Dynamo's recipes, llm-d's wide-EP guide and TensorRT-LLM's
deployment guides: disaggregated, wide-EP, FP4/FP8 and hybrid models with their hardware),
`recipes15` (tests/recipes15/, Chinese model publishers' README_zh and deployment guides and
Chinese engineers' verified write-ups: H20, H100, A100 at TP 4-16, FP8/INT8 checkpoints) or
`recipes16` (tests/recipes16/, cloud providers' published deployments: GKE's sample manifests on
L4, A100, H100 and H200, two-node LeaderWorkerSet, and an MI325X guide) or `recipes17`
(tests/recipes17/, model publishers' deployment guides and vLLM's per-model recipes for Kimi-K2,
Kimi-K2.5, GLM-4.5, DeepSeek-V3.2 and Gemma 4 on H200, H20, H100, A100 and MI300X) or
`recipes18` (tests/recipes18/, KAITO's per-model Workspace presets on Azure A100 and H100 NVL
instances and AMD's ROCm blogs: DeepSeek-R1 with SGLang on 8 MI300X and 8 H200, Gemma 3 on
MI300X) or `recipes19` (tests/recipes19/, MLPerf Inference v5.1 submissions: AMD's vLLM
harness configurations for Llama 2 70B and Mixtral 8x7B at TP 1 on 8 MI300X or MI325X, as AMD,
Dell, GigaComputing, MiTAC, Quanta, Vultr and ASUSTeK publish them with their systems).  For
each half of the set's SPLIT.md it prints:

- read right: recipes whose config files yield deployments, every one with the recipe's engine and
  its TP, PP, DP sizes, expert-parallel switch and, where the recipe gives one, attention-DP
  degree (`toplint inspect`; tests/recipes/README.md says what each means);
- with an error: recipes with at least one error finding (`toplint check`; must be 0);
- with a warning: recipes with at least one warning (and no error).

`--recipes` itemises the development half and scores nothing else; the held-out half is never
itemised (it is scored, not read: `--half held-out`, or the default `both` without `--recipes`).
Each file runs in this process with the recipe's `toplint.yaml`, one job, no cache.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
from splits import halves as split_halves
from splits import halves_to_score

ROOT = Path(__file__).resolve().parents[1]
SETS = (
    "recipes",
    "recipes2",
    "recipes3",
    "recipes4",
    "recipes5",
    "recipes6",
    "recipes7",
    "recipes8",
    "recipes9",
    "recipes10",
    "recipes11",
    "recipes12",
    "recipes13",
    "recipes14",
    "recipes15",
    "recipes16",
    "recipes17",
    "recipes18",
    "recipes19",
)


def suite(name: str = "recipes") -> Path:
    """The folder of a recipe set (one of SETS)."""
    if name not in SETS:
        raise ValueError(f"unknown recipe set {name!r}; known: {', '.join(SETS)}")
    return ROOT / "tests" / name


def halves(set_name: str = "recipes") -> dict[str, list[str]]:
    """The recipe ids of each half, as the set's SPLIT.md lists them."""
    text = (suite(set_name) / "SPLIT.md").read_text(encoding="utf-8")
    return split_halves(text, "## Development", "## Held out")


def _run(argv: list[str]) -> tuple[int, str, str]:
    import toplint.cli

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = toplint.cli.main(argv)
    return code, out.getvalue(), err.getvalue()


def _args(folder: Path, rel: str) -> list[str]:
    return [str(folder / rel), "--config", str(folder / "toplint.yaml"), "--format", "json"]


def findings(recipe: str, rel: str, set_name: str = "recipes") -> list[dict[str, Any]]:
    """toplint's findings on one config file of a recipe (a refusal is an error)."""
    folder = suite(set_name) / recipe
    argv = ["check", *_args(folder, rel), "--exit-zero", "--jobs", "1", "--no-cache"]
    code, out, err = _run(argv)
    if not out.strip():
        return [{"rule": f"exit-{code}", "severity": "error", "message": err}]
    found: list[dict[str, Any]] = json.loads(out)["findings"]
    return found


def deployments(recipe: str, rel: str, set_name: str = "recipes") -> list[dict[str, Any]]:
    """What `toplint inspect` reads from one config file of a recipe."""
    _, out, _ = _run(["inspect", *_args(suite(set_name) / recipe, rel)])
    if not out.strip():
        return []
    found: list[dict[str, Any]] = json.loads(out)["deployments"]
    return found


Layout = tuple[str, int, int, int, bool, int]


def _layout(d: dict[str, Any]) -> Layout:
    attn_dp = int(d.get("options", {}).get("attention_dp", 1))
    return (d["engine"], d["tp"], d["pp"], d["dp"], bool(d.get("ep_enabled")), attn_dp)


@dataclass
class Outcome:
    recipe: str
    expected: Layout
    read: list[Layout] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    @property
    def read_right(self) -> bool:
        return bool(self.read) and all(r == self.expected for r in self.read)


def score_recipe(recipe: str, set_name: str = "recipes") -> Outcome:
    spec = yaml.safe_load((suite(set_name) / recipe / "recipe.yaml").read_text(encoding="utf-8"))
    lay = spec["layout"]
    expected = (
        spec["engine"],
        lay["tp"],
        lay["pp"],
        lay["dp"],
        bool(lay["ep"]),
        lay.get("attn_dp", 1),
    )
    outcome = Outcome(recipe, expected)
    for rel in spec["config"]:
        outcome.read += [_layout(d) for d in deployments(recipe, rel, set_name)]
        for f in findings(recipe, rel, set_name):
            if f["severity"] == "error":
                outcome.errors.append(f["rule"])
            elif f["severity"] == "warning":
                outcome.warnings.append(f["rule"])
    return outcome


@dataclass
class Score:
    recipes: int
    read_right: int
    with_error: int
    with_warning: int


def score(outcomes: list[Outcome]) -> Score:
    return Score(
        recipes=len(outcomes),
        read_right=sum(o.read_right for o in outcomes),
        with_error=sum(bool(o.errors) for o in outcomes),
        with_warning=sum(bool(o.warnings) and not o.errors for o in outcomes),
    )


def run_half(name: str, set_name: str = "recipes") -> tuple[Score, list[Outcome]]:
    outcomes = [score_recipe(r, set_name) for r in halves(set_name)[name]]
    return score(outcomes), outcomes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", choices=SETS, default="recipes", dest="set_name")
    parser.add_argument("--half", choices=("development", "held-out", "both"), default="both")
    parser.add_argument("--recipes", action="store_true", help="itemise the development half")
    args = parser.parse_args(argv)
    names = halves_to_score(parser, args.half, args.recipes, "--recipes")
    for name in names:
        result, outcomes = run_half(name, args.set_name)
        print(
            f"{args.set_name} {name}: read right {result.read_right}/{result.recipes}; "
            f"with an error {result.with_error}/{result.recipes}; "
            f"with a warning (no error) {result.with_warning}/{result.recipes}"
        )
        if args.recipes and name == "development":
            for o in outcomes:
                mark = "ok  " if o.read_right else "READ"
                seen = sorted(set(o.read), key=str)  # a size toplint left unread is None
                print(
                    f"  {mark} {o.recipe}: expect {o.expected}, read {seen}"
                    + (f"; errors {sorted(set(o.errors))}" if o.errors else "")
                    + (f"; warnings {sorted(set(o.warnings))}" if o.warnings else "")
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
