#!/usr/bin/env python3
"""Score toplint's reading of real files from platforms it was not built on (issue 24).

    python benchmarks/open_world.py [--set N] --half development [--details]
    python benchmarks/open_world.py [--set N] --half held-out  # totals only, by design

Data: tests/data/open_world/ (set 1), tests/data/open_world2/ (set 2, collected after set 1's
held-out half was spent), tests/data/open_world3/ (set 3, after set 2's), tests/data/open_world4/
(set 4, after set 3's), tests/data/open_world5/ (set 5, after set 4's), tests/data/open_world6/
(set 6, after set 5's), tests/data/open_world7/ (set 7, after set 6's), tests/data/open_world8/
(set 8), tests/data/open_world9/ (set 9, platform teams' repositories) and tests/data/open_world10/
(set 10, after sets 8 and 9), tests/data/open_world11/ (set 11, after set 10) and
tests/data/open_world12/ (set 12, multi-node and platform-injected layouts, after set 11),
tests/data/open_world13/ (set 13, operators and platforms earlier sets under-sample, after
set 12), tests/data/open_world14/ (set 14, TensorRT-LLM, LMDeploy, SGLang disaggregation, SageMaker,
Slurm and declined accelerators, after set 13), tests/data/open_world15/ (set 15, Modal,
Vast.ai, RunPod, Vertex AI, SageMaker LMI, Ray Serve, Triton TensorRT-LLM and Python launchers,
after set 14), tests/data/open_world16/ (set 16, systemd units, KubeRay RayServices, KServe, a
two-node SGLang launch, Slurm and Ascend, after set 15), tests/data/open_world17/ (set 17, KServe
LLMInferenceService, BentoML vLLM services, trtllm-serve and LMDeploy, OpenTofu user data, vLLM
multi-node data parallelism, Cloud TPU tasks and SGLang on CPUs, after set 16),
tests/data/open_world18/ (set 18, KAITO Workspaces, a KServe LLMInferenceService with a prefill
pool, Terraform file() manifests, an Ansible systemd template, kustomize --config ConfigMaps,
Triton TensorRT-LLM, Helm override values and SGLang worker loops, after set 17),
tests/data/open_world19/ (set 19, Dynamo graph deployments and a profiling request, llm-d chart
values, AIBrix, SkyPilot and SkyServe tasks, Ray Serve LLM configs and RayServices, Kubeflow KServe
services, OpenShift AI ServingRuntimes and TGI without a shard count, after set 18),
tests/data/open_world20/ (set 20, trtllm-serve with LLM-API option files, trtllm-bench, LMDeploy
pipelines, SGLang prefill/decode in Docker and its router, ROCm and MI35x to decline, NIM,
Xinference, Ollama and llama.cpp beside them, collected beside set 19),
tests/data/open_world21/ (set 21, 2026 MoE deployments: vLLM DP+EP and multi-node Ray/mp launchers
under Slurm, pods and DGX Spark ranks, wrapped SGLang images, a model-profile launcher, a
confidential-VM config, the NIM Operator and a Hygon DCU to decline, after set 20),
tests/data/open_world22/ (set 22, a Terraform external source provisioning a RunPod pod, a
RunPod worker image configured by environment, KServe behind a Kustomization, systemd, a
repository's own YAML-configured vLLM server and Docker Bake, Modal engine classes, vLLM's
Python API, compose images from .env, a wrapped SGLang image and ModelArts on Ascend to
decline, after set 21),
tests/data/open_world23/ (set 23, Ray Serve on KubeRay wrapping vLLM, Triton TensorRT-LLM model
repositories and launchers, a KubeAI Model through an OpenEverest Instance, NIM Helm values,
GKE/EKS/AKS blueprint Deployments, vLLM on CPU to decline and a mock of vLLM's API, after set
21), tests/data/open_world24/ (set 24, Fly.io, Replicate Cog, dstack, Azure ML and Container Apps,
Koyeb, Beam, Cloud Run and Modal files, `uv run` and env-file driven launchers, an image named in a
file beside its docker run, SGLang from a Python argv list, vLLM on Tenstorrent and on a CPU-only
VM to decline, after set 23), tests/data/open_world25/ (set 25, vLLM CPU images under
Podman and Railway to decline, OpenShift AI ServingRuntimes, pm2 replicas from a Python
launcher, a Pulumi program, a Bun Vast.ai launcher, `vllm serve --config` images, trtllm-bench
and `vllm bench` sweeps, scripts sourcing a sweep configuration, llama.cpp and transformers
apps beside them, after set 24), tests/data/open_world26/ (set 26, an OME
ClusterServingRuntime, a RunPod Hub listing and its worker image, an exec-form ENTRYPOINT with
an unexpanded variable, entrypoint scripts taking the GPU count from the environment, a
Terraform Theta EdgeCloud deployment, Slurm vLLM servers, hub-cache snapshot paths, TGI without
a shard count and a minimal SGLang re-implementation to leave alone, after set 25),
tests/data/open_world27/ (set 27, homelab, GitOps and course repositories: docker create, a
Crossplane XInstance's user data, Compose profiles with anchors, KServe OpenVINO on CPU behind
kustomize, a ROCm build, recipe-driven launchers and files that start nothing, after set 26),
tests/data/open_world28/ (set 28, companies' and research groups' repositories: multi-node
Slurm SGLang/vLLM servers, evaluation-harness model configs, lm-eval/lmms-eval over vLLM, an
operator's ArksApplication samples, Beaker launchers writing `vllm serve` tasks, a Ray Data
evaluation config and vLLM on ROCm to decline, after set 27),
tests/data/open_world29/ (set 29, launch managers and wrappers: llama-swap configs running vLLM
containers or llama.cpp, Open WebUI stacks beside vLLM, a CDK stack's systemd vLLM unit, a Ray
cluster manager, env files and a GPUStack server on GGUF, after set 28),
tests/data/open_world30/ (set 30, CI and orchestration formats: GitHub Actions workflows and
composite actions that start vLLM (on CPU runners to decline) or only build, install or test an
engine image, helmfile releases and chart values, a Chia cluster config, an envsubst template, a
systemd unit and launchers whose engine is an argument, after set 28),
tests/data/open_world31/ (set 31, the newest models - gpt-oss, Qwen3.5, Qwen3-Next, Qwen3-VL,
GLM-4.x, MiniMax-M2.1, Kimi-K2, Gemma 3, Nemotron 3 - with their newest engine flags: DP+EP
across Slurm nodes, multimodal encoder DP, speculative configs, FP8/NVFP4, Dynamo SGLang
workers, Koyeb, after set 30),
tests/data/open_world32/ (set 32, Asian cloud platforms and communities: Tencent TKE manifests,
H20 and AutoDL launchers from Chinese-language repositories, a Japanese team's Slurm/Ray
launcher, a Korean institute's vLLM image, MindIE on Ascend and vLLM on Moore Threads to
decline, MinerU images on MetaX and Ascend bases that start nothing, after set 30),
tests/data/open_world33/ (set 33, infrastructure-as-code: Ansible roles' unit and compose
templates, docker_container tasks and Kubernetes manifests with the defaults, group_vars and
profiles that start nothing, a vLLM --config file, a Packer template, a Slurm job and SGLang
compose services, after set 32),
tests/data/open_world34/ (set 34, training, evaluation and RL repositories: TRL's vLLM server
beside GRPO trainers, ms-swift `swift rollout` servers and their `swift rlhf` clients,
lighteval's in-process vLLM, judge and reward servers, SWE-agent and Modal SGLang endpoints,
and evaluation clients and training configs that start nothing, after set 33),
tests/data/open_world35/ (set 35, notebooks: Jupyter cells that start vLLM, SGLang or TGI --
`!vllm serve`, in-process `LLM(...)`/`Engine(...)`, `%%writefile` Dockerfiles, Vertex AI container
arguments -- marimo notebooks launching SGLang, and notebooks, Procfiles and a dev container that
start nothing, after set 34) and
tests/data/open_world_helm/ (set
helm: Helm charts whose templates bind values to engine flags), each with
the files copied unmodified, INDEX.yaml with the reading each file's platform documents and
SPLIT.md with the two halves drawn by lot. For the chosen half,
toplint runs as a user runs it, in two fresh processes over all the half's files: ``toplint
inspect --format json`` (what it read) and ``toplint check --format json --no-cache`` (its
findings and exit status), from the data folder
so paths are relative.

Per half it reports:

- **read right**: files whose reading matches INDEX.yaml -- the same number of deployments and,
  for each, the engine and every layout fact INDEX states (tp, pp, dp, ep, gpus, nodes); a
  ``none`` file yields no deployment; an ``unresolved`` file yields the engine with those
  fields unresolved (or no deployment and a finding that says the file was not understood);
  a ``declined`` file carries TL011 (accelerator not modelled);
- **model right**: among deployments read right whose model INDEX states, the share with it;
- **silent**: files that name an engine (a launch command, a ``python -m`` module, an engine
  image or import, ``type:``/``engine:`` naming one) but yield no deployment and no finding.
  Must be 0;
- **exit 3**: files with an internal error (TL000), or every file when a run ends with 3 and
  names none.  Must be 0.

Per-file lines (``--details``) are printed for the development half only: the held-out half
is scored once before and once after the work, never read for its failures.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import permutations
from pathlib import Path
from typing import Any

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
from splits import halves as split_halves

_TESTDATA = Path(__file__).resolve().parents[1] / "tests" / "data"
SETS = {
    "1": _TESTDATA / "open_world",
    "2": _TESTDATA / "open_world2",
    "3": _TESTDATA / "open_world3",
    "4": _TESTDATA / "open_world4",
    "5": _TESTDATA / "open_world5",
    "6": _TESTDATA / "open_world6",
    "7": _TESTDATA / "open_world7",
    "8": _TESTDATA / "open_world8",
    "9": _TESTDATA / "open_world9",
    "10": _TESTDATA / "open_world10",
    "11": _TESTDATA / "open_world11",
    "12": _TESTDATA / "open_world12",
    "13": _TESTDATA / "open_world13",
    "14": _TESTDATA / "open_world14",
    "15": _TESTDATA / "open_world15",
    "16": _TESTDATA / "open_world16",
    "17": _TESTDATA / "open_world17",
    "18": _TESTDATA / "open_world18",
    "19": _TESTDATA / "open_world19",
    "20": _TESTDATA / "open_world20",
    "21": _TESTDATA / "open_world21",
    "22": _TESTDATA / "open_world22",
    "23": _TESTDATA / "open_world23",
    "24": _TESTDATA / "open_world24",
    "25": _TESTDATA / "open_world25",
    "26": _TESTDATA / "open_world26",
    "27": _TESTDATA / "open_world27",
    "28": _TESTDATA / "open_world28",
    "29": _TESTDATA / "open_world29",
    "30": _TESTDATA / "open_world30",
    "31": _TESTDATA / "open_world31",
    "32": _TESTDATA / "open_world32",
    "33": _TESTDATA / "open_world33",
    "34": _TESTDATA / "open_world34",
    "35": _TESTDATA / "open_world35",
    "helm": _TESTDATA / "open_world_helm",
}
DATA = SETS["1"]
HALVES = {"development": "## Development files", "held-out": "## Held-out files"}
LAYOUT = ("engine", "tp", "pp", "dp", "ep", "gpus", "nodes")
INTERNAL = "TL000"

# What "names an engine" means here, written independently of toplint's own scan so that a
# gap in that scan shows up as a silent file.  Linear patterns over each line.
_ENGINE_NAMED = re.compile(
    r"\bvllm\s+serve\b|\bvllm\.entrypoints\b|\bsglang\.launch_server\b|\btrtllm-serve\b"
    r"|\btext-generation-launcher\b|\blmdeploy\s+serve\b|\bvllm/vllm-[a-z]+\b"
    r"|\blmsysorg/sglang\b|\btext-generation-inference\b|^\s*(?:from|import)\s+(?:vllm|sglang)\b"
    r"|\b(?:type|engine|backend|framework)\s*[:=]\s*[\"']?(?:vllm|sglang|trtllm|tgi|lmdeploy)\b"
    r"|\b(?:VLLM|SGLang)AppEnvironment\b|\bAsyncEngineArgs\b"
    r"|^\s*(?:from|import)\s+(?:lmdeploy|tensorrt_llm)\b|\bopenmmlab/lmdeploy\b",
    re.IGNORECASE,
)


@dataclass
class Verdict:
    file: str
    right: bool
    why: str
    silent: bool = False
    exit3: bool = False
    model_checked: int = 0
    model_right: int = 0


@dataclass
class Score:
    half: str
    verdicts: list[Verdict] = field(default_factory=list)
    exit_codes: tuple[int, int] = (0, 0)

    @property
    def right(self) -> int:
        return sum(v.right for v in self.verdicts)

    def line(self) -> str:
        n = len(self.verdicts)
        checked = sum(v.model_checked for v in self.verdicts)
        models = sum(v.model_right for v in self.verdicts)
        return (
            f"{self.half}: read right {self.right}/{n} ({100 * self.right / max(n, 1):.0f}%); "
            f"model right {models}/{checked}; "
            f"silent {sum(v.silent for v in self.verdicts)}; "
            f"exit 3 {sum(v.exit3 for v in self.verdicts)}; "
            f"exit codes inspect/check {self.exit_codes[0]}/{self.exit_codes[1]}"
        )


def index(data: Path = DATA) -> dict[str, dict[str, Any]]:
    rows = yaml.safe_load((data / "INDEX.yaml").read_text(encoding="utf-8"))
    return {row["file"]: row for row in rows}


def half_files(half: str, data: Path = DATA) -> list[str]:
    """The files SPLIT.md lists under the half's heading."""
    text = (data / "SPLIT.md").read_text(encoding="utf-8")
    return split_halves(text, HALVES["development"], HALVES["held-out"])[half]


def names_engine(text: str) -> bool:
    return any(_ENGINE_NAMED.search(line) for line in text.splitlines())


def _toplint(
    args: Sequence[str], files: Sequence[str], data: Path = DATA
) -> tuple[int, dict[str, Any]]:
    proc = subprocess.run(
        [sys.executable, "-m", "toplint", *args, *files],
        cwd=data,
        capture_output=True,
        text=True,
        check=False,
    )
    try:
        out = json.loads(proc.stdout) if proc.stdout.strip() else {}
    except json.JSONDecodeError:
        out = {}
    return proc.returncode, out


def matches(expected: Sequence[Mapping[str, Any]], found: Sequence[Mapping[str, Any]]) -> bool:
    """Some assignment of distinct found deployments gives every expected one its layout."""
    if len(expected) != len(found) or len(found) > 6:
        return False
    return any(
        all(
            all(d.get(k) == e[k] for k in LAYOUT if k in e)
            for e, d in zip(expected, order, strict=True)
        )
        for order in permutations(found)
    )


def _models(expected: Sequence[Mapping[str, Any]], found: Sequence[Mapping[str, Any]]) -> int:
    wanted = sorted(str(e["model"]) for e in expected if "model" in e)
    got = [str(d.get("model")) for d in found]
    return sum(1 for m in wanted if m in got)


def judge(
    row: Mapping[str, Any],
    found: Sequence[Mapping[str, Any]],
    rules: Iterable[str],
    text: str,
) -> Verdict:
    """One file's verdict from what toplint read (``found``) and the rules that fired."""
    rules = list(rules)
    name = str(row["file"])
    silent = names_engine(text) and not found and not rules
    exit3 = INTERNAL in rules
    seen = ", ".join(f"{d.get('engine')} tp={d.get('tp')} pp={d.get('pp')}" for d in found)
    if "declined" in row:
        ok = "TL011" in rules
        return Verdict(name, ok, "" if ok else f"no TL011; read [{seen}]", silent, exit3)
    if "none" in row:
        ok = not found
        return Verdict(name, ok, "" if ok else f"expected nothing; read [{seen}]", silent, exit3)
    if "unresolved" in row:
        fields = list(row["unresolved"])
        ok = (
            bool(found)
            and all(d.get("engine") == row["engine"] for d in found)
            and all(any(d.get(f) is None for f in fields) for d in found)
        ) or (not found and bool({"TL003", "TL008"} & set(rules)))
        return Verdict(name, ok, "" if ok else f"expected {fields} unresolved; read [{seen}]")
    expected = list(row["deployments"])
    ok = matches(expected, found)
    checked = sum(1 for e in expected if "model" in e) if ok else 0
    models = _models(expected, found) if ok else 0
    why = "" if ok else f"expected {[{k: e[k] for k in LAYOUT if k in e} for e in expected]}"
    why += f"; read [{seen}]" if not ok else ""
    return Verdict(name, ok, why, silent, exit3, checked, models)


def score(half: str, data: Path = DATA) -> Score:
    rows = index(data)
    files = half_files(half, data)
    code_i, inspected = _toplint(["inspect", "--format", "json"], files, data)
    code_c, checked = _toplint(["check", "--format", "json", "--no-cache"], files, data)
    deps: dict[str, list[dict[str, Any]]] = {}
    for d in inspected.get("deployments", []):
        deps.setdefault(str(d.get("path")), []).append(d)
    rules: dict[str, list[str]] = {}
    for f in checked.get("findings", []):
        rules.setdefault(str(f.get("path")), []).append(str(f.get("rule")))
    named_internal = any(INTERNAL in r for r in rules.values())
    result = Score(half, exit_codes=(code_i, code_c))
    for name in files:
        text = (data / name).read_text(encoding="utf-8", errors="replace")
        verdict = judge(rows[name], deps.get(name, []), rules.get(name, []), text)
        if 3 in (code_i, code_c) and not named_internal:
            verdict.exit3 = True  # the run crashed without saying where: every file counts
        result.verdicts.append(verdict)
    return result


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", choices=sorted(SETS), default="1", help="which open-world set")
    parser.add_argument("--half", choices=sorted(HALVES), default="development")
    parser.add_argument("--details", action="store_true", help="per-file lines (development)")
    args = parser.parse_args(argv)
    result = score(args.half, SETS[args.set])
    print(result.line())
    if args.details and args.half == "development":
        for v in result.verdicts:
            flags = " SILENT" if v.silent else ""
            flags += " EXIT3" if v.exit3 else ""
            print(f"  {'ok ' if v.right else 'BAD'} {v.file}{flags}  {v.why}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
