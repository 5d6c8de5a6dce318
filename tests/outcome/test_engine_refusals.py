"""TL213's refusals live in the outcome model (``toplint.outcome.refusals``): the outcome's start
problems count every one every release the deployment may run makes, so plan and the fixes,
which judge a layout by the outcome, never offer a layout TL213 flags (issue 25: plan and check
never disagree).  TurboMind's power of two: InternLM/lmdeploy@v0.5.3
lmdeploy/turbomind/turbomind.py ("tp should be 2^n"), gone from the serve path in v0.6.0."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from toplint.cli import main
from toplint.cost.types import Budgets, Workload
from toplint.hardware.manifest import hardware_from_text
from toplint.hardware.models import lookup_model
from toplint.model import Deployment
from toplint.outcome.starts import problems
from toplint.parse.base import Source
from toplint.parse.text.shellsrc import ShellParser
from toplint.plan.rank import candidates, rank
from toplint.plan.recommend import recommend
from toplint.record import replace

EIGHT = """\
version: 1
clusters:
  - name: eight
    nodes: 1
    gpu: H100-80GB
    gpus_per_node: 8
    intra_node: {fabric: nvlink, bandwidth: 450 GB/s}
"""

SIXTEEN = """\
version: 1
clusters:
  - name: two
    nodes: 2
    gpu: H200
    gpus_per_node: 8
    intra_node: {fabric: nvlink, bandwidth: 450 GB/s}
    inter_node: {network: infiniband, bandwidth: 400 Gb/s, nics_per_node: 8, rdma: true}
"""

TURBOMIND = "TurboMind needs a power of two for --tp"


def _dep(text: str, release: str = "") -> Deployment:
    [dep] = ShellParser().parse(Source.from_text("serve.sh", text)).deployments
    pin = {"engine_release": release} if release else {}  # a package install's (parse.pins)
    return replace(dep, options={**dep.options, **pin})


@pytest.mark.parametrize(
    ("pin", "extra", "refused"),
    [
        ("0.5.3", "", True),  # the pinned release refuses
        ("0.6.0", "", False),  # the assertion left the serve path
        ("0.5.3", " --backend pytorch", False),  # not TurboMind
        ("", "", False),  # some releases refuse: TL213 warns, the outcome does not guess
    ],
)
def test_turbomind_power_of_two_is_a_start_problem_where_the_release_refuses(
    pin: str, extra: str, refused: bool
) -> None:
    model = lookup_model("facebook/opt-125m")
    dep = _dep(f"lmdeploy serve api_server facebook/opt-125m --tp 6{extra}\n", pin)
    found = [p for p in problems(dep, model) if p.startswith(TURBOMIND)]
    assert found == (
        [
            f"{TURBOMIND}, got 6: the pinned LMDeploy 0.5.3 refuses it at start-up "
            "('tp should be 2^n')"
        ]
        if refused
        else []
    )


def test_tl202_fix_is_a_size_turbomind_starts(tmp_path: Path, capsys) -> None:
    """opt-125m's 12 heads at TP 8: the largest dividing size, 6, is one the pinned TurboMind
    refuses (TL213).  Before the refusal was the outcome's, TL202 proposed TP 6 and the judged
    fix was dropped ("it would add TL213"); now TP 6 is not a valid size there and TP 4 is
    offered, which TL213 does not flag."""
    (tmp_path / "hardware.yaml").write_text(EIGHT)
    serve = tmp_path / "serve.sh"
    serve.write_text(
        "pip install lmdeploy==0.5.3\nlmdeploy serve api_server facebook/opt-125m --tp 8\n"
    )
    args = ["check", str(serve), "--hardware", str(tmp_path / "hardware.yaml")]
    main([*args, "--format", "json"])
    found = json.loads(capsys.readouterr().out)["findings"]
    [tl202] = [f for f in found if f["rule"] == "TL202"]
    assert "Valid TP sizes: 1, 2, 4 (not 3, 6, 12: LMDeploy's own checks" in tl202["message"]
    assert tl202["fix"] is not None and tl202["fix"]["message"] == "--tp 4"
    main([*args, "--fix", "--unsafe-fixes", "--format", "json"])
    capsys.readouterr()
    assert "--tp 4" in serve.read_text()
    main([*args, "--format", "json"])
    after = json.loads(capsys.readouterr().out)["findings"]
    assert not [f for f in after if f["rule"] in ("TL202", "TL213")]


def test_plan_never_ranks_a_layout_the_engine_refuses() -> None:
    """A fused QKV stored pre-sharded over 8 KV heads (SGLang's MiMoV2 loader): TP 16 on two
    nodes of eight is refused.  Plan ranked it (last, as TL213 flags it); now it is refused."""
    cluster = hardware_from_text(SIXTEEN, "hardware.yaml").clusters[0]
    model = replace(lookup_model("meta-llama/Llama-3.1-70B"), fused_qkv_tp=8)
    cands = candidates(model, cluster, 16, "sglang", Workload(), Budgets())
    [whole] = [c for c in cands if c.layout.tp == 16]
    assert whole.refused and "TP=8-interleaved" in whole.refused[0]
    ranked = rank(cands, "latency")
    assert ranked and all(c.layout.tp <= 8 for c in ranked)


SIX = """\
version: 1
clusters:
  - name: six
    nodes: 1
    gpu: H100-80GB
    gpus_per_node: 6
    intra_node: {fabric: nvlink, bandwidth: 450 GB/s}
"""


def test_plan_ranks_a_layout_some_releases_refuse_behind_every_one_all_start() -> None:
    """No release pinned (plan pins none): TurboMind's TP 3 and 6 are refused by LMDeploy
    before 0.6.0 (release.holds "unknown").  They are judged as refused for the order - every
    layout all releases start ranks ahead, whatever else check says of it - and still listed,
    each saying the releases and the pin that settles it."""
    cluster = hardware_from_text(SIX, "hardware.yaml").clusters[0]
    model = lookup_model("facebook/opt-125m")
    ranked = rank(candidates(model, cluster, 6, "lmdeploy", Workload(), Budgets()), "latency")
    tps = [c.layout.tp for c in ranked]
    assert sorted(tps[-2:]) == [3, 6] and all(tp in (1, 2) for tp in tps[:-2])
    assert all(c.doubted for c in ranked[-2:]) and not any(c.doubted for c in ranked[:-2])
    assert "lmdeploy==<release>" in ranked[-1].doubted[0]


def test_plan_says_why_a_doubted_layout_is_behind() -> None:
    cluster = hardware_from_text(SIX, "hardware.yaml").clusters[0]
    model = lookup_model("facebook/opt-125m")
    rows = recommend(model, cluster, 6, "lmdeploy", Workload(), Budgets(), top=10)
    assert not rows[0]["reasons"][0].startswith("no layout")
    behind = [r for r in rows[0]["reasons"] if "ranked behind the layouts every release" in r]
    assert behind and "LMDeploy before 0.6.0 refuses it" in behind[0]
    last = rows[-1]["reasons"]
    assert any(r.startswith("may not start: TurboMind needs a power of two") for r in last)


def test_tl202_fix_unpinned_is_a_size_no_release_refuses(tmp_path: Path, capsys) -> None:
    """No release pinned: TurboMind's TP 6 is judged as refused (LMDeploy before 0.6.0,
    release.holds "unknown").  TL202 offered `--tp 6` and the judged-fix step dropped it ("it
    would add TL213"); now TP 4 is offered and the sizes left out are named."""
    (tmp_path / "hardware.yaml").write_text(SIXTEEN)
    serve = tmp_path / "serve.sh"
    serve.write_text("lmdeploy serve api_server facebook/opt-125m --tp 8\n")
    main(["check", str(serve), "--hardware", str(tmp_path / "hardware.yaml"), "--format", "json"])
    found = json.loads(capsys.readouterr().out)["findings"]
    [tl202] = [f for f in found if f["rule"] == "TL202"]
    assert (
        "Valid TP sizes: 1, 2, 4 (not 3, 6, 12: LMDeploy's own checks, TL213)" in (tl202["message"])
    )
    assert tl202["fix"] is not None and tl202["fix"]["message"] == "--tp 4"
