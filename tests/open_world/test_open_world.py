"""The open-world scorer (benchmarks/open_world.py) judges as INDEX.yaml says, and the development
half keeps its score (issue 24).  The held-out half is never asserted on file by file."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest
from conftest import load_benchmark

ROOT = Path(__file__).resolve().parents[2]


OW = load_benchmark("open_world.py", "open_world")
ROW = {"file": "a/x.sh", "deployments": [{"engine": "vllm", "tp": 4, "pp": 2, "model": "m"}]}


def test_layout_must_match_each_stated_fact() -> None:
    right = OW.judge(ROW, [{"engine": "vllm", "tp": 4, "pp": 2, "model": "m"}], ["TL007"], "")
    assert right.right and right.model_right == 1
    wrong = OW.judge(ROW, [{"engine": "vllm", "tp": 4, "pp": 1}], [], "")
    assert not wrong.right and "expected" in wrong.why


def test_count_of_deployments_must_match() -> None:
    found = [{"engine": "vllm", "tp": 4, "pp": 2}] * 2
    assert not OW.judge(ROW, found, [], "").right


def test_none_declined_and_unresolved_rows() -> None:
    assert OW.judge({"file": "f", "none": "why"}, [], [], "").right
    assert not OW.judge({"file": "f", "none": "why"}, [{"engine": "vllm"}], [], "").right
    assert OW.judge({"file": "f", "declined": "TPU"}, [], ["TL011"], "").right
    row = {"file": "f", "unresolved": ["tp"], "engine": "vllm"}
    assert OW.judge(row, [{"engine": "vllm", "tp": None}], ["TL003"], "").right
    assert OW.judge(row, [], ["TL008"], "").right
    assert not OW.judge(row, [{"engine": "vllm", "tp": 1}], [], "").right


def test_silent_is_an_engine_named_file_with_no_deployment_and_no_finding() -> None:
    text = "python -m vllm.entrypoints.openai.api_server --model m\n"
    assert OW.judge({"file": "f", "none": "x"}, [], [], text).silent
    assert not OW.judge({"file": "f", "none": "x"}, [], ["TL008"], text).silent
    assert not OW.judge({"file": "f", "none": "x"}, [], [], "echo 'vLLM Makefile'\n").silent


def test_internal_errors_count_as_exit_3() -> None:
    assert OW.judge({"file": "f", "none": "x"}, [], ["TL000"], "").exit3


CHART_SETS = ("helm",)  # sets whose rows are Helm charts (values.yaml beside templates/)
NUMBERED = [n for n in OW.SETS if n.isdigit()]


@functools.cache
def _repositories(which: str) -> frozenset[str]:
    """The repositories a set's files come from (its INDEX, read once per test process)."""
    return frozenset(row["repository"] for row in OW.index(OW.SETS[which]).values())


@pytest.mark.parametrize("which", sorted(OW.SETS))
def test_every_file_is_indexed_and_in_exactly_one_half(which: str) -> None:
    data = OW.SETS[which]
    files = sorted(
        p.relative_to(data).as_posix() for p in data.rglob("*") if p.is_file() and p.parent != data
    )
    if which in CHART_SETS:  # a chart's templates and Chart.yaml are read through its values
        charts = {f.rsplit("/", 1)[0] + "/" for f in OW.index(data)}
        assert all(any(f.startswith(c) for c in charts) for f in files)
        files = [f for f in files if f.rsplit("/", 1)[-1].startswith("values")]
    dev, held = OW.half_files("development", data), OW.half_files("held-out", data)
    assert sorted(OW.index(data)) == files
    assert sorted(dev + held) == files and not set(dev) & set(held)


def test_the_second_set_shares_no_repository_with_the_first() -> None:
    first = {row["repository"] for row in OW.index(OW.SETS["1"]).values()}
    second = {row["repository"] for row in OW.index(OW.SETS["2"]).values()}
    assert len(second) >= 20 and not first & second


def test_the_third_set_shares_no_repository_with_the_first_two() -> None:
    earlier = {row["repository"] for n in ("1", "2") for row in OW.index(OW.SETS[n]).values()}
    third = [row for row in OW.index(OW.SETS["3"]).values()]
    assert len({row["repository"] for row in third}) >= 15 and len(third) >= 30
    assert not earlier & {row["repository"] for row in third}


def test_the_fourth_set_shares_no_repository_with_the_first_three() -> None:
    earlier = {row["repository"] for n in "123" for row in OW.index(OW.SETS[n]).values()}
    fourth = [row for row in OW.index(OW.SETS["4"]).values()]
    assert len({row["repository"] for row in fourth}) >= 15 and len(fourth) >= 30
    assert not earlier & {row["repository"] for row in fourth}


def test_the_fifth_set_shares_no_repository_with_the_first_four() -> None:
    earlier = {row["repository"] for n in "1234" for row in OW.index(OW.SETS[n]).values()}
    fifth = [row for row in OW.index(OW.SETS["5"]).values()]
    assert len({row["repository"] for row in fifth}) >= 15 and len(fifth) >= 30
    assert not earlier & {row["repository"] for row in fifth}


# Sets drawn from fewer repositories than 15, each with the reason (the lead decides whether
# it stands): set 28's companies' and research groups' repositories hold several deployment
# files each (an R1 reproduction's six Slurm jobs), 30 files from 7 repositories.
FEWER_REPOSITORIES = {"28": 7}


def test_the_sixth_and_later_sets_share_no_repository_with_earlier_sets() -> None:
    for which in [n for n in NUMBERED if int(n) >= 6]:
        earlier = frozenset().union(*(_repositories(n) for n in NUMBERED if int(n) < int(which)))
        rows = list(OW.index(OW.SETS[which]).values())
        assert len(_repositories(which)) >= FEWER_REPOSITORIES.get(which, 15) and len(rows) >= 30
        assert not earlier & _repositories(which)


def test_the_helm_set_shares_no_repository_with_the_numbered_sets() -> None:
    """The Helm chart set (tests/data/open_world_helm) was collected after set 12, from
    repositories none of the numbered sets used: at least 12 repositories and 20 charts."""
    earlier = frozenset().union(*(_repositories(n) for n in NUMBERED))
    rows = list(OW.index(OW.SETS["helm"]).values())
    assert len({row["repository"] for row in rows}) >= 12 and len(rows) >= 20
    assert not earlier & {row["repository"] for row in rows}


@pytest.mark.slow
def test_the_development_half_keeps_its_score() -> None:
    """Development half only (the held-out half is scored by hand, once before and once after):
    no engine-naming file is silent, no run ends in exit 3, and the share read right does not
    fall below what issue 24 reached (31 of 31 with the second set's work)."""
    score = OW.score("development")
    assert sum(v.silent for v in score.verdicts) == 0
    assert sum(v.exit3 for v in score.verdicts) == 0 and 3 not in score.exit_codes
    assert score.right >= 31, score.line()


@pytest.mark.slow
def test_the_second_sets_development_half_keeps_its_score() -> None:
    """As above for the second set (tests/data/open_world2/SPLIT.md): all 22 read right."""
    score = OW.score("development", OW.SETS["2"])
    assert sum(v.exit3 for v in score.verdicts) == 0 and 3 not in score.exit_codes
    assert score.right >= 22, score.line()


@pytest.mark.slow
def test_the_third_sets_development_half_keeps_its_score() -> None:
    """As above for the third set (tests/data/open_world3/SPLIT.md): all 17 read right, none
    silent."""
    score = OW.score("development", OW.SETS["3"])
    assert sum(v.silent for v in score.verdicts) == 0
    assert sum(v.exit3 for v in score.verdicts) == 0 and 3 not in score.exit_codes
    assert score.right >= 17, score.line()


@pytest.mark.slow
def test_the_fourth_sets_development_half_keeps_its_score() -> None:
    """As above for the fourth set (tests/data/open_world4/SPLIT.md): all 17 read right (9 of 17
    before the round-4 work), none silent."""
    score = OW.score("development", OW.SETS["4"])
    assert sum(v.silent for v in score.verdicts) == 0
    assert sum(v.exit3 for v in score.verdicts) == 0 and 3 not in score.exit_codes
    assert score.right >= 17, score.line()


@pytest.mark.slow
def test_the_fifth_sets_development_half_keeps_its_score() -> None:
    """As above for the fifth set (tests/data/open_world5/SPLIT.md): 15 of 16 read right (11 of
    16 before the round-5 work), none silent."""
    score = OW.score("development", OW.SETS["5"])
    assert sum(v.silent for v in score.verdicts) == 0
    assert sum(v.exit3 for v in score.verdicts) == 0 and 3 not in score.exit_codes
    assert score.right >= 15, score.line()


# Development levels of the sixth and later sets (each set's SPLIT.md says what is left):
# 6: all 16 (13 before the round-6 work, after the relabelling SPLIT.md records); 7: 15 of 17
# (11 before; the two left are a vLLM rebuild whose own entrypoint sets the layout, TL008 names
# it); 8: all 24 (16 of 23 before, the compose file one of them starts added after); 9: 16 of 19
# (11 before; the three left are files INDEX.yaml says deploy nothing that toplint reads as
# options); 10: 12 of 15 (11 before); 11: 20 of 21 (16 before; the one left is a settings file
# INDEX.yaml says deploys nothing that toplint reads as the engine's options); 12: all 20 (14
# before: multi-node Slurm jobs, an option-parsing loop, Ascend NPU serving); 13: 20 of 22 (16
# before; the two left need the repository around the file: a script run inside the
# repository's CPU-only vLLM build, a compose service of the repository's own SGLang worker
# image configured by environment); 14: 13 of 20 (11 before, after its relabelling; left: AMD
# parts outside the catalog named only by the repository or a module, a FastChat worker in an
# image named for vLLM, engine arguments forwarded through an array, a launcher a heredoc
# writes); 15: 16 of 17 (11 before; left: a Vast.ai renter whose command is a Vast template's);
# 16: 15 of 16 (12 before; left: a two-node SGLang launch whose containers get every GPU of a
# host the file does not describe); 17: 19 of 20 (11 before, after its relabelling; left: a
# benchmark script that starts its launcher by the path an Apptainer definition installs it
# at, a definition not in the set); 18: 16 of 18 (12 before; left: Helm override values kept
# outside their chart, and a Makefile that starts tritonserver on a model repository outside
# the repository); 19: all 18 (16 before, after its relabelling: a RayService's Serve module
# in a mounted ConfigMap, TGI run from a SIF pulled under its default name); 20: 14 of 17 (11
# before, after its relabelling; left: an SGLang launcher whose MI35x image is named only in
# its usage note, a trtllm-bench latency sweep over an engine built elsewhere, a compose
# service of a locally built vLLM image whose Dockerfile is not in the repository); 21: 12 of 17
# (10 before; left: an 8-node DGX Spark vLLM rank whose hosts' GPUs are not counted, three Hygon
# DCU files not declined, a tinfoil confidential-VM config whose image names no engine); 22: 23
# of 24 (19 before, after its relabelling: a compose override file; left: a ModelArts start
# script on Ascend that starts no engine itself); 23: 15 of 19 (12
# before; left: a RayService whose Serve module is a ConfigMap of another file and that
# ConfigMap alone, a podman run of an image the repository builds elsewhere, an EKS Deployment
# of an ECR placeholder image); 24: 19 of 20 (17 before: a Koyeb image and its FastAPI server
# building vllm.LLM from argparse defaults; left: a docker run whose image is read from a file
# beside it that the set does not hold); 27: all 15 (14 before: a vLLM container made with `docker
# create` for a manager to start); 28: 12 of 16 (11 before: TRL's `trl vllm-serve` beside
# training; the models of two getopts defaults now read too; left: lighteval over vLLM with its
# sizes chosen by an if on the job's argument, three Beaker launchers whose `vllm serve` is in
# a Python heredoc's string (TL008)); 29: 14 of 16 (12 before: llama-swap configurations,
# toplint.parse.structured.llamaswap; left: a Ray cluster manager whose vLLM runs only under its
# `load-model` subcommand, and a vLLM image whose ENTRYPOINT has no CMD, both TL008); 31: 15 of
# 16 (13 before: programs named by a `${NAME:-DEFAULT}` path known in part; left: a Koyeb service
# of an image the file does not tie to the repository's Dockerfile); 32: 15 of 17 (11 before: a
# rank's share of an --nnodes layout, MindIE's files declined; left: vLLM on MUSA whose variables
# a loop exports through eval, a MindIE config template that is not JSON until sed fills it); 33: 13
# of 18 (10 before: Ansible templates of YAML read as their role renders them, toplint.parse.text.
# jinjayaml; left: two compose templates with Jinja statements, a loop and an if, a compose template
# whose play is not in the set, one whose --config file the role writes elsewhere, and a unit an
# Ansible copy task writes inline with variables from a task file not in the set); 35: 15 of 17
# (6 before: Jupyter notebooks' cells and marimo notebooks' cells, toplint.parse.generic.notebook
# and .marimo; left, both against labels ow35 wrote too strictly before any run: a notebook whose
# later cell also runs `!nohup bash -c "python -m vllm.entrypoints.openai.api_server ..."`, and one
# defining a FastAPI app that builds vllm.LLM in its lifespan).  The
# repositories of these sets are held apart from every earlier set's by
# ``test_the_sixth_and_later_sets_share_no_repository_with_earlier_sets``.
# helm (the Helm chart set): all 11 (5 before the chart renderer, toplint.parse.helmtpl).
LATER_LEVELS = {
    "6": 16,
    "7": 15,
    "8": 24,
    "9": 16,
    "10": 12,
    "11": 20,
    "12": 20,
    "13": 20,
    "14": 13,
    "15": 16,
    "16": 15,
    "17": 19,
    "18": 16,
    "19": 18,
    "20": 14,
    "21": 12,
    "22": 23,
    "23": 15,
    "24": 19,
    "25": 25,
    "26": 19,
    "27": 15,
    "28": 12,
    "29": 14,
    "30": 14,
    "31": 15,
    "32": 15,
    "33": 13,
    "34": 13,
    "35": 15,
    "helm": 11,
}


@pytest.mark.slow
@pytest.mark.parametrize(("which", "level"), list(LATER_LEVELS.items()))
def test_a_later_sets_development_half_keeps_its_score(which: str, level: int) -> None:
    """As above for the sixth and later sets: none silent, no exit 3, at least ``level``."""
    score = OW.score("development", OW.SETS[which])
    assert sum(v.silent for v in score.verdicts) == 0
    assert sum(v.exit3 for v in score.verdicts) == 0 and 3 not in score.exit_codes
    assert score.right >= level, score.line()
