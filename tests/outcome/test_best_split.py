"""``best_split`` judges only what its answer takes: it must answer as judging every split
(priced unless its floor cannot beat the deployment) and ranking them all would."""

from __future__ import annotations

import pytest

from toplint.catalog_types import ModelSpec
from toplint.cost.types import Budgets, Workload
from toplint.hardware.models import lookup_model
from toplint.hardware.types import Cluster
from toplint.model import Deployment
from toplint.outcome.build import whatif
from toplint.outcome.judge import (
    Judged,
    _at_same_load,
    _rank,
    best_split,
    clearly_better,
    judge_deployment,
    splits,
)
from toplint.outcome.types import Outcome
from toplint.testing import _hardware

WORK = Workload()


def _every_split(
    dep: Deployment,
    before: Outcome,
    cluster: Cluster,
    model: ModelSpec,
    budgets: Budgets | None,
    fewer_tp: bool,
) -> tuple[Judged | None, str, int, bool]:
    """The eager answer: every split judged and priced (no floor pruning), all ranked, the
    first clearly better one."""
    judged = [
        (judge_deployment(dep, new, before, cluster, model, WORK), new)
        for new in splits(dep, cluster, model, fewer_tp=fewer_tp)
    ]
    dp = max(dep.dp or 1, 1)
    ranked = sorted(judged, key=lambda w: _rank(w[0], replicas=w[0].dp != dp))
    for alt, new in ranked:
        how = clearly_better(before, alt, budgets)
        if how:
            how = _at_same_load(dep, new, alt, how, before, cluster, model, WORK, budgets)
        if how:
            return alt, how, len(judged), True
    return None, "", len(judged), any(j.outcome.runs for j, _ in judged)


def _cluster(gpu: str, fabric: str) -> Cluster:
    raw: dict[str, object] = {"nodes": 1, "gpu": gpu, "gpus_per_node": 8}
    raw["intra_node"] = {"fabric": fabric}
    if gpu == "L40S":  # the generated bench tree's cluster: 4 GPUs a node over 100 Gb/s
        raw["nodes"], raw["gpus_per_node"] = 4, 4
        raw["inter_node"] = {"network": "ethernet", "bandwidth": "100 Gb/s", "nics_per_node": 1}
    cluster: Cluster = _hardware(raw).clusters[0]
    return cluster


CASES = [
    # (model, engine, tp, pp, GPU, fabric)
    ("meta-llama/Llama-3.1-70B", "vllm", 16, 1, "L40S", "pcie"),
    ("meta-llama/Llama-3.1-70B", "vllm", 8, 1, "L40S", "pcie"),
    ("meta-llama/Llama-3.1-70B", "vllm", 4, 2, "L40S", "pcie"),
    ("meta-llama/Llama-3.1-8B", "vllm", 4, 1, "L40S", "pcie"),
    ("meta-llama/Llama-3.1-8B", "sglang", 8, 1, "A100-80GB", "pcie"),
    ("meta-llama/Llama-3.1-8B", "tgi", 4, 1, "L40S", "pcie"),
    ("Qwen/Qwen2.5-72B-Instruct", "vllm", 8, 1, "A100-80GB", "pcie"),
]
BUDGETS = [None, Budgets(), Budgets(itl_ms=20.0), Budgets(itl_ms=1.0, ttft_ms=50.0)]


@pytest.mark.parametrize(("name", "engine", "tp", "pp", "gpu", "fabric"), CASES)
def test_best_split_answers_as_judging_every_split(
    name: str, engine: str, tp: int, pp: int, gpu: str, fabric: str
) -> None:
    model = lookup_model(name)
    assert model is not None
    cluster = _cluster(gpu, fabric)
    dep = Deployment(
        path="serve.sh", line=1, column=1, engine=engine, model=model.id,
        tp=tp, pp=pp, dp=1, gpus=tp * pp, options={},
    )  # fmt: skip
    before = whatif(dep, cluster, model, WORK)
    for budgets in BUDGETS:
        for fewer_tp in (False, True):
            want = _every_split(dep, before, cluster, model, budgets, fewer_tp)
            got = best_split(dep, before, cluster, model, WORK, budgets, fewer_tp=fewer_tp)
            assert got == want, (budgets, fewer_tp)


def test_some_case_finds_a_better_split_and_some_none() -> None:
    """The cases above reach both answers (a comparison of two Nones would prove nothing)."""
    found = set()
    for name, engine, tp, pp, gpu, fabric in CASES:
        model = lookup_model(name)
        assert model is not None
        cluster = _cluster(gpu, fabric)
        dep = Deployment(
            path="serve.sh", line=1, column=1, engine=engine, model=model.id,
            tp=tp, pp=pp, dp=1, gpus=tp * pp, options={},
        )  # fmt: skip
        before = whatif(dep, cluster, model, WORK)
        alt, _, count, runs = best_split(dep, before, cluster, model, WORK, Budgets())
        found.add((alt is not None, count > 0, runs))
    assert (True, True, True) in found
    assert (False, True, True) in found
