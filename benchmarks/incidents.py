"""Score toplint on the real-incident suite (tests/incidents/): `python benchmarks/incidents.py`.

For each half of a round's split it prints (`--set round1`: tests/incidents/SPLIT.md, the first
40 cases; `--set round2`: tests/incidents/SPLIT2.md, the fresh 22 collected after round 1's held-out
half was spent; `--set round3`: tests/incidents/SPLIT3.md, 16 more after round 2's; `--set round4`:
tests/incidents/SPLIT4.md, 20 more after round 3's; `--set round5`: tests/incidents/SPLIT5.md,
16 more after round 4's; `--set round6`: tests/incidents/SPLIT6.md, 9 more after
round 5's; `--set round7`: tests/incidents/SPLIT7.md, 10 more after round 6's; `--set round8`:
tests/incidents/SPLIT8.md, 12 more after round 7's; `--set round9`:
tests/incidents/SPLIT9.md, 16 more from the engines and operators other than vLLM and SGLang;
`--set round10`: tests/incidents/SPLIT10.md, 10 more after round 9's; `--set round11`:
tests/incidents/SPLIT11.md, 12 more from operators, platforms and model repositories;
`--set round12`: tests/incidents/SPLIT12.md, 14 more after rounds 10 and 11; `--set round13`:
tests/incidents/SPLIT13.md, 12 more after round 12; `--set round14`: tests/incidents/SPLIT14.md,
14 more after round 13; `--set round15`: tests/incidents/SPLIT15.md, 14 more after round 14;
`--set round16`: tests/incidents/SPLIT16.md, 14 more after round 15; `--set round17`:
tests/incidents/SPLIT17.md, 15 more after round 16; `--set round18`: tests/incidents/SPLIT18.md,
11 more from web pages and less-mined trackers; `--set round19`: tests/incidents/SPLIT19.md, 4 more
from the trackers of niche serving projects; `--set round20`: tests/incidents/SPLIT20.md, 3 more
from operators' and engines' trackers; `--set round21`: tests/incidents/SPLIT21.md, 10 more on
co-located processes sharing a GPU; `--set round22`: tests/incidents/SPLIT22.md, 7 more from
2025-2026 trackers and pull requests; `--set round23`: tests/incidents/SPLIT23.md, 5 more from web
pages and incident write-ups; `--set round24`: tests/incidents/SPLIT24.md, 4 more, most of them TGI
start-up memory failures; `--set round25`: tests/incidents/SPLIT25.md, 3 more on communication,
shared memory and capacity; `--set round26`: tests/incidents/SPLIT26.md, 3 more, hybrid models
whose default sequence count outruns their Mamba state blocks; `--set round27`:
tests/incidents/SPLIT27.md, 4 more from 2026 threads of less-mined trackers; `--set round28`:
tests/incidents/SPLIT28.md, 4 more from recipe and cookbook fixes and PD disaggregation; `--set
round29`: tests/incidents/SPLIT29.md, 6 more from multi-stage deploy configs, chart values and
unified-memory GB10 threads; `--set round30`: tests/incidents/SPLIT30.md, 7 more from SGLang
cookbook fixes and the trackers other than vLLM's; `--set round31`: tests/incidents/SPLIT31.md,
6 more from model publishers' trackers (GLM-V, MiniMax-M1, Kimi-K2, Kimi-VL, Hunyuan-A13B);
`--set round32`: tests/incidents/SPLIT32.md, 6 more from 2025-2026 vLLM and SGLang threads and pull
requests;
`--set round33`: tests/incidents/SPLIT33.md, 6 more from NVIDIA's srt-slurm recipes, LWS and CI
deployments and InferenceX;
`--set round34`: tests/incidents/SPLIT34.md, 6 more from web pages in Chinese, Japanese, Korean and
English (blogs, a team wiki, a gist, a vendor forum);
`--set round35`: tests/incidents/SPLIT35.md, 9 more from 2025-2026 vLLM threads and pull requests;
`--set round36`: tests/incidents/SPLIT36.md, 8 more from the SGLang, TensorRT-LLM and LMDeploy
trackers;
`--set round37`: tests/incidents/SPLIT37.md, 8 more web pages (NVIDIA's developer forums,
discuss.vllm.ai, r/LocalLLaMA and blog benchmarks);
`--set round38`: tests/incidents/SPLIT38.md, 8 more pull requests fixing recipes, examples and
deploy guides (vLLM recipes, Dynamo, StepFun's Step3);
`--set round40`: tests/incidents/SPLIT40.md, 4 more web pages (an NVIDIA developer-forum thread and
three field reports: a personal blog, an operator's write-up, a Show HN post);
`--set round41`: tests/incidents/SPLIT41.md, 8 more threads from operator and platform trackers
(production-stack, KServe, Ray Serve LLM and KubeRay, GPUStack, KAITO);
`--set round42`: tests/incidents/SPLIT42.md, 4 more threads from model publishers' trackers
(zai-org's GLM-4 and Open-AutoGLM, OpenBMB's MiniCPM-V);
`--set round43`: tests/incidents/SPLIT43.md, 8 more Chinese-language threads (GPUStack, LMDeploy,
MiniCPM-V trackers);
`--set round44`: tests/incidents/SPLIT44.md, 8 more vLLM threads and pull requests on multi-GPU and
multi-node layout (Ray clusters, pipeline parallelism, multi-node TP);
`--set round45`: tests/incidents/SPLIT45.md, 8 more vLLM threads and pull requests on single-node
memory and start-up (memory share, quantized checkpoints and dtypes the GPU refuses);
`--set round46`: tests/incidents/SPLIT46.md, 8 more threads from the trackers of the engines other
than vLLM (SGLang, TGI, LMDeploy, Dynamo);
`--set round47`: tests/incidents/SPLIT47.md, 8 more vLLM and ROCm/vllm threads on Blackwell and ROCm
start-up refusals, LoRA, speculative decoding and CPU offload;
`--set round48`: tests/incidents/SPLIT48.md, 8 more threads from model owners' trackers
(DeepSeek-R1, DeepSeek-V2, Kimi-K2, MiniMax-M1, MiniMax-M2);
`--set round49`: tests/incidents/SPLIT49.md, 6 more threads from model owners' trackers (OpenGVLab's
InternVL, zai-org's GLM-4 and GLM-V);
`--set round50`: tests/incidents/SPLIT50.md, 8 more threads from operators' and serving platforms'
trackers (Dynamo, KServe, KubeAI);
`--set round51`: tests/incidents/SPLIT51.md, 9 more threads from hardware vendors' and lesser
engines' trackers (TensorRT-LLM, Triton's TensorRT-LLM backend, ROCm/vllm, rtp-llm, LightLLM,
ipex-llm);
`--set round52`: tests/incidents/SPLIT52.md, 7 more threads from the engines' fix pull requests that
link a user's issue (vLLM, SGLang);
`--set round53`: tests/incidents/SPLIT53.md, 8 more threads from the tracker of ms-swift, a wrapper
users serve through (`swift deploy`, `swift infer`, `swift rollout`, `swift eval`);
`--set round54`: tests/incidents/SPLIT54.md, 8 more threads from serving wrappers' trackers
(LLaMA-Factory, FastChat, Xinference);
`--set round55`: tests/incidents/SPLIT55.md, 10 more threads on the newest models users deploy
(gpt-oss, Qwen3 / Qwen3.5 / Qwen3-VL, GLM-4.7, DeepSeek-V3.2, Llama 4, Mistral Small 3.1) from the
vLLM, SGLang and TensorRT-LLM trackers;
default round1):

- root cause on top: the share of judgeable cases whose top finding (the first finding of the
  highest severity) is the rule the case expects (or one it also accepts);
- controls with an error: how many of the working configs the threads show get an error.

`--cases` prints each development case's top finding and scores nothing else; the held-out half
is never itemised (it is scored, not read: `--half held-out`, or the default `both` without
`--cases`).  Each case runs `toplint check` in this process with the case's
`toplint.yaml` (its manifest and models), one job, no cache.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from splits import halves as split_halves
from splits import halves_to_score

ROOT = Path(__file__).resolve().parents[1]
SUITE = ROOT / "tests" / "incidents"
SPLITS = {
    "round1": "SPLIT.md",
    "round2": "SPLIT2.md",
    "round3": "SPLIT3.md",
    "round4": "SPLIT4.md",
    "round5": "SPLIT5.md",
    "round6": "SPLIT6.md",
    "round7": "SPLIT7.md",
    "round8": "SPLIT8.md",
    "round9": "SPLIT9.md",
    "round10": "SPLIT10.md",
    "round11": "SPLIT11.md",
    "round12": "SPLIT12.md",
    "round13": "SPLIT13.md",
    "round14": "SPLIT14.md",
    "round15": "SPLIT15.md",
    "round16": "SPLIT16.md",
    "round17": "SPLIT17.md",
    "round18": "SPLIT18.md",
    "round19": "SPLIT19.md",
    "round20": "SPLIT20.md",
    "round21": "SPLIT21.md",
    "round22": "SPLIT22.md",
    "round23": "SPLIT23.md",
    "round24": "SPLIT24.md",
    "round25": "SPLIT25.md",
    "round26": "SPLIT26.md",
    "round27": "SPLIT27.md",
    "round28": "SPLIT28.md",
    "round29": "SPLIT29.md",
    "round30": "SPLIT30.md",
    "round31": "SPLIT31.md",
    "round32": "SPLIT32.md",
    "round33": "SPLIT33.md",
    "round34": "SPLIT34.md",
    "round35": "SPLIT35.md",
    "round36": "SPLIT36.md",
    "round37": "SPLIT37.md",
    "round38": "SPLIT38.md",
    "round40": "SPLIT40.md",
    "round41": "SPLIT41.md",
    "round42": "SPLIT42.md",
    "round43": "SPLIT43.md",
    "round44": "SPLIT44.md",
    "round45": "SPLIT45.md",
    "round46": "SPLIT46.md",
    "round47": "SPLIT47.md",
    "round48": "SPLIT48.md",
    "round49": "SPLIT49.md",
    "round50": "SPLIT50.md",
    "round51": "SPLIT51.md",
    "round52": "SPLIT52.md",
    "round53": "SPLIT53.md",
    "round54": "SPLIT54.md",
    "round55": "SPLIT55.md",
}
RANK = {"error": 3, "warning": 2, "info": 1}


@dataclass
class Outcome:
    case: str
    expect: str
    top: str | None = None
    top_severity: str | None = None
    control_errors: list[str] = field(default_factory=list)
    has_control: bool = False

    @property
    def judgeable(self) -> bool:
        return self.expect != "not-judgeable"


def halves(round_: str = "round1") -> dict[str, list[str]]:
    """The case ids of each half, as the round's split file lists them."""
    text = (SUITE / SPLITS[round_]).read_text(encoding="utf-8")
    return split_halves(text, "## Development", "## Held out")


def _case(case_id: str) -> dict[str, Any]:
    text = (SUITE / "cases" / case_id / "case.yaml").read_text(encoding="utf-8")
    spec: dict[str, Any] = {}
    for key in ("expect", "config", "control"):
        m = re.search(rf"^{key}: (.+)$", text, re.M)
        if m:
            value = m[1].strip()
            spec[key] = None if value == "null" else json.loads(value) if value[0] == '"' else value
    m = re.search(r"^also_accept: (.+)$", text, re.M)
    spec["also_accept"] = json.loads(m[1]) if m else []
    return spec


def findings(case_id: str, rel: str) -> list[dict[str, Any]]:
    """toplint's findings on one file of a case, with the case's configuration."""
    import toplint.cli

    folder = SUITE / "cases" / case_id
    argv = ["check", str(folder / rel), "--config", str(folder / "toplint.yaml")]
    argv += ["--format", "json", "--exit-zero", "--jobs", "1", "--no-cache"]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = toplint.cli.main(argv)
    if not out.getvalue().strip():
        return [{"rule": f"exit-{code}", "severity": "error", "message": err.getvalue()}]
    found: list[dict[str, Any]] = json.loads(out.getvalue())["findings"]
    return found


def top(found: list[dict[str, Any]]) -> dict[str, Any] | None:
    best = max((RANK.get(f["severity"], 0) for f in found), default=0)
    return next((f for f in found if RANK.get(f["severity"], 0) == best), None)


def score_case(case_id: str) -> Outcome:
    spec = _case(case_id)
    outcome = Outcome(case_id, spec["expect"])
    if spec.get("config"):
        first = top(findings(case_id, spec["config"]))
        if first is not None:
            outcome.top, outcome.top_severity = first["rule"], first["severity"]
    if spec.get("control"):
        outcome.has_control = True
        outcome.control_errors = [
            f["rule"] for f in findings(case_id, spec["control"]) if f["severity"] == "error"
        ]
    if outcome.top in spec["also_accept"]:
        outcome.top = spec["expect"]
    return outcome


@dataclass
class Score:
    judgeable: int
    on_top: int
    controls: int
    controls_with_error: int

    @property
    def share(self) -> float:
        return self.on_top / self.judgeable if self.judgeable else 0.0


def score(outcomes: list[Outcome]) -> Score:
    judged = [o for o in outcomes if o.judgeable and o.case]
    return Score(
        judgeable=len(judged),
        on_top=sum(o.top == o.expect for o in judged),
        controls=sum(o.has_control for o in outcomes),
        controls_with_error=sum(bool(o.control_errors) for o in outcomes),
    )


def run_half(name: str, round_: str = "round1") -> tuple[Score, list[Outcome]]:
    outcomes = [score_case(c) for c in halves(round_)[name]]
    return score(outcomes), outcomes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--half", choices=("development", "held-out", "both"), default="both")
    parser.add_argument("--set", choices=tuple(SPLITS), default="round1", dest="round_")
    parser.add_argument("--cases", action="store_true", help="itemise the development half")
    args = parser.parse_args(argv)
    names = halves_to_score(parser, args.half, args.cases, "--cases")
    for name in names:
        result, outcomes = run_half(name, args.round_)
        print(
            f"{args.round_} {name}: root cause on top in "
            f"{result.on_top}/{result.judgeable} judgeable cases "
            f"({result.share:.0%}); controls with an error: "
            f"{result.controls_with_error}/{result.controls}"
        )
        if args.cases and name == "development":
            for o in outcomes:
                mark = "ok " if (o.top == o.expect) or not o.judgeable else "MISS"
                print(
                    f"  {mark} {o.case}: expect {o.expect}, top {o.top} ({o.top_severity})"
                    + (f", control errors {o.control_errors}" if o.control_errors else "")
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
