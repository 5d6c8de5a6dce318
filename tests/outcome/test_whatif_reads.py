"""A what-if's price, and a deployment's placement and cost, are shared by deployments whose
options agree on what they read (``toplint.infra.runmemo.RecordedOptions``), and only by
those."""

from __future__ import annotations

import pytest

import toplint.placement.place
from toplint.cost.types import Workload
from toplint.hardware.models import lookup_model
from toplint.infra.runmemo import forget_all
from toplint.model import Deployment
from toplint.outcome.build import whatif
from toplint.pipeline.deployment import place_and_cost
from toplint.record import replace
from toplint.testing import _hardware

MODEL = "meta-llama/Llama-3.1-70B-Instruct"


def _dep(**options: str) -> Deployment:
    # A context that fits 4 L40S: at Llama 3.1's default 131072 tokens it does not start, and
    # what does not start is never placed.
    return Deployment(
        path="serve.sh", line=1, column=1, engine="vllm", model=MODEL, tp=4, pp=1, dp=1, gpus=4,
        options={"max_model_len": "8192", **options},
    )  # fmt: skip


@pytest.fixture
def placed(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    forget_all()  # counts start from an empty run memo, whatever ran before in this process
    calls: list[object] = []
    place = toplint.placement.place.place
    monkeypatch.setattr(toplint.placement.place, "place", lambda *a: calls.append(a) or place(*a))
    return calls


def _price(dep: Deployment, cluster: object) -> object:
    model = lookup_model(MODEL)
    assert model is not None
    return whatif(dep, cluster, model, Workload())  # type: ignore[arg-type]


def test_an_option_nothing_reads_shares_the_price(placed: list[object]) -> None:
    cluster = _hardware({"nodes": 1, "gpu": "L40S", "gpus_per_node": 8}).clusters[0]
    first = _price(_dep(api_key="a"), cluster)
    again = _price(_dep(api_key="b", port="9000"), cluster)
    assert again is first and len(placed) == 1


def test_an_option_the_outcome_reads_is_priced_again(placed: list[object]) -> None:
    cluster = _hardware({"nodes": 1, "gpu": "H100-SXM-80GB", "gpus_per_node": 8}).clusters[0]
    more = _price(_dep(gpu_memory_utilization="0.9"), cluster)
    less = _price(_dep(gpu_memory_utilization="0.8"), cluster)
    assert less is not more
    assert less.memory.budget < more.memory.budget  # type: ignore[attr-defined]
    # Placement and cost read no memory fraction: the layout is placed and priced once.
    assert len(placed) == 1


def test_an_option_placement_reads_is_placed_again(placed: list[object]) -> None:
    cluster = _hardware({"nodes": 1, "gpu": "L40S", "gpus_per_node": 8}).clusters[0]
    _price(_dep(gpu_ids="0,1,2,3"), cluster)
    _price(_dep(gpu_ids="0,2,4,6"), cluster)
    assert len(placed) == 2


def test_a_shared_placement_is_bound_to_each_deployment(placed: list[object]) -> None:
    cluster = _hardware({"nodes": 1, "gpu": "L40S", "gpus_per_node": 8}).clusters[0]
    model = lookup_model(MODEL)
    assert model is not None
    one = replace(_dep(max_num_seqs="64"), path="a/serve.sh", line=3)
    two = replace(_dep(max_num_seqs="128"), path="b/serve.sh", line=9)
    first = place_and_cost(one, cluster, model, Workload())
    second = place_and_cost(two, cluster, model, Workload())
    assert len(placed) == 1 and first.cost is second.cost
    assert first.placement is not None and second.placement is not None
    assert first.placement.deployment is one and second.placement.deployment is two
    assert first.placement.groups == second.placement.groups
