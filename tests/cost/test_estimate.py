"""Volumes, counts, methods and totals of one prefill and one decode step."""

from __future__ import annotations

import pytest
from cost_builders import (
    DEEPSEEK_V3,
    ETH_100,
    H100,
    L40S,
    LLAMA_70B,
    PCIE4,
    cluster,
    place,
    with_options,
)

from toplint.cost.estimate import estimate
from toplint.cost.types import Collective, CostReport, Workload
from toplint.cost.uncertainty import METHODS
from toplint.hardware.types import Measurement
from toplint.record import replace

SEED = Workload(prompt_tokens=4096, decode_batch=1)
M = 67_108_864  # 4096 tokens x 8192 hidden x 2 bytes


def rows(r: CostReport, phase: str, group: str, op: str) -> list[Collective]:
    return [c for c in r.collectives if (c.phase, c.group, c.op) == (phase, group, op)]


def tp_prefill(r: CostReport) -> Collective:
    (row,) = rows(r, "prefill", "tp", "all_reduce")
    return row


def seed_report() -> CostReport:
    return estimate(place(LLAMA_70B, cluster(), tp=8), SEED)


def test_seed_message_size() -> None:
    assert tp_prefill(seed_report()).message_bytes == M


def test_seed_count_is_2l_plus_1() -> None:
    assert tp_prefill(seed_report()).count == 161


def test_seed_payload_is_message_times_count() -> None:
    assert tp_prefill(seed_report()).payload_bytes == 161 * M


def test_seed_wire_bytes_carry_the_ring_factor() -> None:
    assert tp_prefill(seed_report()).wire_bytes_per_gpu == 161 * 2 * 7 * M // 8


def test_prefill_note_shows_payload_over_link_bandwidth_beside_the_ring() -> None:
    pcie25 = replace(PCIE4, bandwidth_gb_per_s=25.0)
    r = estimate(place(LLAMA_70B, cluster(gpu=L40S, intra=pcie25), tp=8), SEED)
    note = tp_prefill(r).note
    assert "payload ÷ link bandwidth: 10 GiB ÷ 25 GB/s = 429 ms" in note
    assert "ring all-reduce with NCCL costs: 8.92 s" in note


def test_measured_table_used_for_matching_gpu_inside_a_node() -> None:
    row = tp_prefill(seed_report())
    assert (row.method, row.time_us) == ("other-system measurement", 322.9)


def test_between_measured_sizes_is_interpolated() -> None:
    r = estimate(place(LLAMA_70B, cluster(), tp=8), Workload(prompt_tokens=3000))
    row = tp_prefill(r)
    assert row.method == "interpolation"
    assert 122.3 < row.time_us < 322.9  # between the 16 MiB and 64 MiB measurements


def test_unmeasured_gpu_uses_alpha_beta() -> None:
    h800 = replace(H100, name="H800-80GB")
    r = estimate(place(LLAMA_70B, cluster(gpu=h800), tp=8), SEED)
    assert tp_prefill(r).method == "alpha-beta"


def test_user_measurement_takes_precedence() -> None:
    meas = (Measurement("all_reduce", 8, "intra", busbw_gb_per_s=100.0),)
    r = estimate(place(LLAMA_70B, cluster(measurements=meas), tp=8), SEED)
    row = tp_prefill(r)
    assert row.method == "same-system measurement"
    assert row.time_us > 2 * 7 / 8 * M / 100e3  # at least the bandwidth term at 100 GB/s


def test_decode_per_token_is_per_step_over_batch() -> None:
    r = estimate(place(LLAMA_70B, cluster(), tp=8), Workload(decode_batch=16))
    assert r.decode_comm_ms_per_token == pytest.approx(r.decode_comm_ms_per_step / 16)


def test_weight_stream_uses_80_percent_of_hbm() -> None:
    r = seed_report()
    assert r.decode_weight_stream_ms == pytest.approx(70.55e9 * 2 / 8 / (0.8 * 3350e6))


def test_prefill_compute_absent_without_peak_flops() -> None:
    r = estimate(place(LLAMA_70B, cluster(gpu=L40S, intra=PCIE4), tp=2), SEED)
    assert r.prefill_compute_ms is None


def test_logits_gather_per_sampled_sequence() -> None:
    r = estimate(place(LLAMA_70B, cluster(), tp=8), Workload(decode_batch=4))
    (row,) = rows(r, "decode", "tp", "gather")
    assert row.message_bytes == 4 * 128256 * 2


def test_pp_send_allgather_splits_boundary_over_tp() -> None:
    r = estimate(place(LLAMA_70B, cluster(nodes=2), tp=8, pp=2), SEED)
    (send,) = rows(r, "prefill", "pp", "send_recv")
    assert (send.message_bytes, send.count) == (2 * M // 8, 1)
    (gather,) = rows(r, "prefill", "pp", "all_gather")
    assert gather.message_bytes == 2 * M


def test_pp_across_nodes_uses_one_gpus_nic_share() -> None:
    r = estimate(place(LLAMA_70B, cluster(nodes=2), tp=8, pp=2), SEED)
    (send,) = rows(r, "prefill", "pp", "send_recv")
    assert (send.link, send.link_bandwidth_gb_per_s) == ("infiniband", 50.0)


def test_tp_across_nodes_uses_the_node_nic_aggregate() -> None:
    r = estimate(place(LLAMA_70B, cluster(nodes=2), tp=16), SEED)
    row = tp_prefill(r)
    assert (row.link, row.link_bandwidth_gb_per_s, row.method) == (
        "infiniband",
        400.0,
        "alpha-beta",
    )


def test_tcp_tp_all_reduce_has_the_socket_floor() -> None:
    r = estimate(place(LLAMA_70B, cluster(inter=ETH_100, nodes=2), tp=16), SEED)
    (row,) = rows(r, "decode", "tp", "all_reduce")
    assert row.time_us >= 125.0


def test_moe_without_ep_keeps_2l_plus_1_all_reduces() -> None:
    r = estimate(place(DEEPSEEK_V3, cluster(), tp=8), SEED)
    assert tp_prefill(r).count == 2 * 61 + 1
    assert not rows(r, "prefill", "ep", "all_to_all")


def test_vllm_ep_default_backend_moves_every_ranks_tokens() -> None:
    r = estimate(place(DEEPSEEK_V3, cluster(), tp=1, dp=8, ep=8), SEED)
    (ag,) = rows(r, "prefill", "ep", "all_gather")
    assert (ag.message_bytes, ag.count) == (8 * 4096 * 7168 * 2, 58)


def test_vllm_ep_with_dp_1_all_reduces_over_tp_instead_of_exchanging() -> None:
    r = estimate(place(DEEPSEEK_V3, cluster(), tp=8, ep=8), SEED)
    assert tp_prefill(r).count == 2 * 61 + 1
    assert not [c for c in r.collectives if c.group == "ep"]


def test_sglang_default_ep_combines_with_one_all_reduce() -> None:
    r = estimate(place(DEEPSEEK_V3, cluster(), tp=8, ep=8, engine="sglang"), SEED)
    assert tp_prefill(r).count == 2 * 61 + 1
    assert not [c for c in r.collectives if c.group == "ep"]


def test_deepep_backend_uses_sparse_dispatch_and_combine() -> None:
    p = place(DEEPSEEK_V3, cluster(), tp=1, dp=8, ep=8)
    p = with_options(p, all2all_backend="deepep_low_latency")
    r = estimate(p, SEED)
    dispatch, combine = rows(r, "prefill", "ep", "all_to_all")
    assert dispatch.message_bytes == 4096 * 8 * 7168 * 1  # fp8 dispatch (block-FP8 model)
    assert combine.message_bytes == 4096 * 8 * 7168 * 2


def test_container_env_all2all_backend_is_the_default_of_the_flag() -> None:
    # a Kubernetes container's `env:` arrives as `env.NAME` (k8s.container.env_options)
    p = place(DEEPSEEK_V3, cluster(), tp=1, dp=8, ep=8)
    r = estimate(with_options(p, **{"env.VLLM_ALL2ALL_BACKEND": "deepep_low_latency"}), SEED)
    assert len(rows(r, "prefill", "ep", "all_to_all")) == 2
    assert not rows(r, "prefill", "ep", "all_gather")


def test_the_assumptions_name_the_variable_that_chose_the_backend() -> None:
    p = place(DEEPSEEK_V3, cluster(), tp=1, dp=8, ep=8)
    r = estimate(with_options(p, **{"env.VLLM_ALL2ALL_BACKEND": "deepep_low_latency"}), SEED)
    assert any("VLLM_ALL2ALL_BACKEND deepep_low_latency" in a for a in r.assumptions)


def test_the_all2all_flag_wins_over_the_environment() -> None:
    p = place(DEEPSEEK_V3, cluster(), tp=1, dp=8, ep=8)
    options = {"env.VLLM_ALL2ALL_BACKEND": "deepep_low_latency"}
    r = estimate(with_options(p, all2all_backend="allgather_reducescatter", **options), SEED)
    assert rows(r, "prefill", "ep", "all_gather") and not rows(r, "prefill", "ep", "all_to_all")


def test_kv_transfer_only_when_configured() -> None:
    p = place(LLAMA_70B, cluster(), tp=8)
    assert not [c for c in estimate(p, SEED).collectives if c.group == "kv"]
    r = estimate(with_options(p, kv_transfer_config='{"kv_connector":"NixlConnector"}'), SEED)
    (kv,) = [c for c in r.collectives if c.group == "kv"]
    assert kv.message_bytes * kv.ranks == 4096 * 327680


def test_every_collective_says_how_it_was_timed() -> None:
    r = estimate(place(DEEPSEEK_V3, cluster(nodes=2), tp=8, pp=2, ep=8), SEED)
    assert {c.method for c in r.collectives} <= set(METHODS)
    assert all(c.band > 0 for c in r.collectives)


def test_unknown_model_costs_nothing_and_says_so() -> None:
    r = estimate(place(None, cluster(), tp=8), SEED)
    assert r.collectives == () and any("model unknown" in a for a in r.assumptions)


def test_an_unknown_all2all_backend_is_not_priced_by_a_default() -> None:
    p = place(DEEPSEEK_V3, cluster(), tp=1, dp=8, ep=8)
    r = estimate(with_options(p, **{"env.VLLM_ALL2ALL_BACKEND": "p2p_sends"}), SEED)
    assert not [c for c in r.collectives if c.group == "ep"]
    assert any("p2p_sends: not a value vLLM accepts" in u for u in r.unpriced)


def test_a_backend_toplint_has_not_read_is_not_priced() -> None:
    p = place(DEEPSEEK_V3, cluster(), tp=1, dp=8, ep=8)
    r = estimate(with_options(p, all2all_backend="deepep_v2"), SEED)
    assert not [c for c in r.collectives if c.group == "ep"] and r.unpriced


def test_deepep_rows_name_the_deepep_kernel() -> None:
    p = place(DEEPSEEK_V3, cluster(), tp=1, dp=8, ep=8)
    r = estimate(with_options(p, all2all_backend="deepep_low_latency"), SEED)
    assert {c.kernel for c in rows(r, "prefill", "ep", "all_to_all")} == {"DeepEP low-latency"}


def test_a_backend_priced_as_concurrent_sends_says_so() -> None:
    p = place(DEEPSEEK_V3, cluster(), tp=1, dp=8, ep=8)
    r = estimate(with_options(p, all2all_backend="mori_low_latency"), SEED)
    kernels = {c.kernel for c in rows(r, "decode", "ep", "all_to_all")}
    assert kernels == {"mori_low_latency (priced as concurrent sends)"}


def test_nccl_rows_name_nccl() -> None:
    r = estimate(place(LLAMA_70B, cluster(), tp=8, pp=2), SEED)
    assert {c.kernel for c in r.collectives if c.group == "pp"} == {"NCCL"}
