"""A what-if's price is shared by deployments whose options agree on what it read
(``toplint.infra.runmemo.RecordedOptions``), and only by those."""

from __future__ import annotations

import pytest

import toplint.placement.place
from toplint.cost.types import Workload
from toplint.hardware.models import lookup_model
from toplint.model import Deployment
from toplint.outcome.build import whatif
from toplint.testing import _hardware

MODEL = "meta-llama/Llama-3.1-70B-Instruct"


def _dep(**options: str) -> Deployment:
    return Deployment(
        path="serve.sh", line=1, column=1, engine="vllm", model=MODEL, tp=4, pp=1, dp=1, gpus=4,
        options=options,
    )  # fmt: skip


@pytest.fixture
def placed(monkeypatch: pytest.MonkeyPatch) -> list[object]:
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
    first = _price(_dep(max_num_seqs="64"), cluster)
    again = _price(_dep(max_num_seqs="256", port="9000"), cluster)
    assert again is first and len(placed) == 1


def test_an_option_the_outcome_reads_is_priced_again(placed: list[object]) -> None:
    cluster = _hardware({"nodes": 1, "gpu": "H100-SXM-80GB", "gpus_per_node": 8}).clusters[0]
    more = _price(_dep(gpu_memory_utilization="0.9"), cluster)
    less = _price(_dep(gpu_memory_utilization="0.8"), cluster)
    assert less is not more and len(placed) == 2
    assert less.memory.budget < more.memory.budget  # type: ignore[attr-defined]
