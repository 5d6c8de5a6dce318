"""Facts published from a placed, costed deployment."""

from __future__ import annotations

import pytest
from cost_builders import LLAMA_70B, cluster, place

from toplint.cost.estimate import estimate
from toplint.cost.types import Budgets, Workload
from toplint.facts.collect import collect

WORK = Workload()
NO_BUDGETS = Budgets()


def facts(budgets: Budgets = NO_BUDGETS) -> dict[str, object]:
    p = place(LLAMA_70B, cluster(nodes=2), tp=16)
    return collect(p.deployment, p, estimate(p, WORK), LLAMA_70B, budgets, WORK)


def test_group_facts_name_the_slowest_link() -> None:
    f = facts()
    assert (f["tp.size"], f["tp.crosses_nodes"], f["tp.link.kind"]) == (16, True, "infiniband")


def test_seed_volume_facts() -> None:
    f = facts()
    assert f["tp.prefill.message_bytes"] == 4096 * 8192 * 2
    assert f["tp.prefill.payload_bytes"] == 161 * 4096 * 8192 * 2


def test_itl_share_is_decode_comm_over_budget() -> None:
    f = facts(Budgets(itl_ms=20.0))
    assert f["decode.comm_share_of_itl"] == pytest.approx(f["decode.comm_ms_per_step"] / 20.0)


def test_share_absent_without_budget() -> None:
    assert "decode.comm_share_of_itl" not in facts()


def test_weight_stream_share() -> None:
    f = facts()
    expected = f["decode.comm_ms_per_step"] / f["decode.weight_stream_ms"]
    assert f["decode.comm_share_of_weight_stream"] == pytest.approx(expected)


def test_without_placement_only_deployment_facts() -> None:
    p = place(None, cluster(), tp=8)
    f = collect(p.deployment, None, None, None, Budgets(), WORK)
    assert f["model.known"] is False and f["deployment.tp"] == 8 and "tp.size" not in f


def test_no_comm_totals_when_the_ep_exchange_is_not_priced() -> None:
    from cost_builders import DEEPSEEK_V3, with_options

    p = with_options(place(DEEPSEEK_V3, cluster(), tp=1, dp=8, ep=8), all2all_backend="bogus")
    f = collect(p.deployment, p, estimate(p, WORK), DEEPSEEK_V3, NO_BUDGETS, WORK)
    assert "prefill.comm_ms" not in f and "decode.comm_ms_per_step" not in f
