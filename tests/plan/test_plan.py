"""toplint plan: the seed case, PCIe-only cards, MoE on PCIe, the JSON shape and the reasons."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from toplint.cli import main
from toplint.hardware.models import lookup_model
from toplint.outcome.memory import memory
from toplint.plan.enumerate import Layout, layouts, memory_fit
from toplint.plan.rank import deployment_for

SEED = """\
version: 1
clusters:
  - name: a100-eth
    nodes: 2
    gpu: {gpu}
    gpus_per_node: 4
    intra_node: {{fabric: nvlink, bandwidth: 300 GB/s}}
    inter_node: {{network: ethernet, bandwidth: 100 Gb/s, nics_per_node: 1, rdma: false}}
"""

PCIE = """\
version: 1
clusters:
  - name: l40s
    nodes: 1
    gpu: L40S
    gpus_per_node: 4
    intra_node: {fabric: pcie}
    inter_node: {network: none}
"""


def _plan(tmp_path: Path, capsys: pytest.CaptureFixture[str], manifest: str, *argv: str):
    path = tmp_path / "hardware.yaml"
    path.write_text(manifest)
    code = main(["plan", "--hardware", str(path), "--format", "json", *argv])
    out = capsys.readouterr().out
    assert code == 0
    return json.loads(out)["recommendations"]


@pytest.mark.parametrize("gpu", ["A100-SXM4-80GB", "A100-SXM4-40GB"])
def test_seed_case_is_tp4_pp2_first(tmp_path: Path, capsys, gpu: str) -> None:
    recs = _plan(tmp_path, capsys, SEED.format(gpu=gpu), "--model", "meta-llama/Llama-3.1-70B")
    assert (recs[0]["tp"], recs[0]["pp"], recs[0]["dp"]) == (4, 2, 1)
    assert (recs[0]["nodes"], recs[0]["gpus_per_node"]) == (2, 4)


def test_model_fitting_one_pcie_gpu_gets_tp1_and_replicas_for_throughput(
    tmp_path: Path, capsys
) -> None:
    recs = _plan(
        tmp_path, capsys, PCIE, "--model", "meta-llama/Llama-3.1-8B", "--objective", "throughput"
    )
    assert (recs[0]["tp"], recs[0]["pp"], recs[0]["dp"]) == (1, 1, 4)


def test_model_fitting_one_pcie_gpu_gets_the_fastest_token_for_latency(
    tmp_path: Path, capsys
) -> None:
    """Issue 25: TP over PCIe is not an error when it runs; at batch 1 four GPUs streaming a
    quarter of the weights each decode faster than one (the outcome's ITL), and check agrees
    (TL102 is info: no split of the four GPUs is clearly better)."""
    recs = _plan(tmp_path, capsys, PCIE, "--model", "meta-llama/Llama-3.1-8B")
    assert (recs[0]["tp"], recs[0]["pp"], recs[0]["dp"]) == (4, 1, 1)
    assert recs[0]["decode_ms_per_token"] < min(r["decode_ms_per_token"] for r in recs[1:])


def test_moe_on_pcie_avoids_expert_parallelism(tmp_path: Path, capsys) -> None:
    recs = _plan(tmp_path, capsys, PCIE, "--model", "mistralai/Mixtral-8x7B")
    assert recs[0]["ep"] == 1
    assert "--enable-expert-parallel" not in recs[0]["command"]


def test_json_shape(tmp_path: Path, capsys) -> None:
    recs = _plan(
        tmp_path,
        capsys,
        SEED.format(gpu="A100-SXM4-80GB"),
        "--model",
        "meta-llama/Llama-3.1-70B",
        "--top",
        "2",
    )
    assert len(recs) == 2
    keys = {
        "tp",
        "pp",
        "dp",
        "ep",
        "nodes",
        "gpus_per_node",
        "prefill_comm_ms",
        "decode_comm_ms_per_token",
        "fits",
        "reasons",
        "command",
    }
    assert keys <= set(recs[0])
    assert recs[0]["fits"] is True
    assert recs[0]["command"].startswith("vllm serve meta-llama/Llama-3.1-70B")
    assert "--tensor-parallel-size 4 --pipeline-parallel-size 2" in recs[0]["command"]


def test_reasons_say_why_tp8_loses_with_numbers(tmp_path: Path, capsys) -> None:
    recs = _plan(
        tmp_path, capsys, SEED.format(gpu="A100-SXM4-80GB"), "--model", "meta-llama/Llama-3.1-70B"
    )
    tp8 = [r for r in recs[0]["reasons"] if r.startswith("TP=8 PP=1 DP=1")]
    assert tp8, recs[0]["reasons"]
    assert "would cross 100 Gb/s ethernet" in tp8[0]
    assert "ms per 4096-token prompt" in tp8[0]


def test_sglang_command(tmp_path: Path, capsys) -> None:
    recs = _plan(
        tmp_path,
        capsys,
        SEED.format(gpu="A100-SXM4-80GB"),
        "--model",
        "meta-llama/Llama-3.1-70B",
        "--engine",
        "sglang",
    )
    assert recs[0]["command"].startswith("python -m sglang.launch_server --model-path ")
    assert "--tp-size 4 --pp-size 2 --nnodes 2" in recs[0]["command"]


def test_text_table_lists_layouts(tmp_path: Path, capsys) -> None:
    path = tmp_path / "hardware.yaml"
    path.write_text(SEED.format(gpu="A100-SXM4-80GB"))
    code = main(["plan", "--hardware", str(path), "--model", "meta-llama/Llama-3.1-70B"])
    out = capsys.readouterr().out
    assert code == 0
    assert "objective: latency" in out
    assert "vllm serve meta-llama/Llama-3.1-70B --tensor-parallel-size 4" in out


def test_unknown_model_is_a_usage_error(tmp_path: Path, capsys) -> None:
    path = tmp_path / "hardware.yaml"
    path.write_text(PCIE)
    assert main(["plan", "--hardware", str(path), "--model", "nobody/NoSuchModel-3B"]) == 2


def test_tp_must_divide_heads_and_kv_rule() -> None:
    model = lookup_model("meta-llama/Llama-4-Scout-17B-16E")
    assert model is not None
    tps = {lay.tp for lay in layouts(model, 16, "vllm")}
    assert 16 not in tps  # 40 heads (cost-model.md §5.3)
    assert {1, 2, 4, 8} <= tps


def test_vllm_expert_parallel_is_tp_times_dp() -> None:
    model = lookup_model("mistralai/Mixtral-8x7B")
    assert model is not None
    for lay in layouts(model, 8, "vllm"):
        assert lay.ep in (1, lay.tp * lay.dp)


def test_block_fp8_limits_tp_without_ep() -> None:
    model = lookup_model("Qwen/Qwen3-235B-A22B-FP8")
    assert model is not None and model.quant_block == 128
    no_ep = {lay.tp for lay in layouts(model, 8, "vllm") if lay.ep == 1}
    assert no_ep <= {1, 2, 4}  # moe_intermediate 1536 / TP must be whole 128-blocks (§5.3)


def test_memory_fit_rejects_70b_on_one_gpu() -> None:
    model = lookup_model("meta-llama/Llama-3.1-70B")
    assert model is not None
    one, four = (deployment_for(Layout(tp, 1, 1), model, "vllm") for tp in (1, 4))
    assert not memory_fit(memory(one, model, 80), 4096).fits
    assert memory_fit(memory(four, model, 80), 4096).fits


def test_layouts_check_would_flag_rank_after_clean_ones(tmp_path: Path, capsys) -> None:
    recs = _plan(tmp_path, capsys, PCIE, "--model", "mistralai/Mixtral-8x7B", "--top", "50")
    flagged = [i for i, r in enumerate(recs) if any("misses: TL104" in x for x in r["reasons"])]
    clean = [i for i, r in enumerate(recs) if r["ep"] == 1 and r["tp"] == 1]
    assert flagged and clean
    assert max(clean) < min(flagged)  # expert parallel over PCIe never ahead of a clean layout


HGX = """\
version: 1
clusters:
  - name: hgx
    nodes: 1
    gpu: H100-SXM5-80GB
    gpus_per_node: 8
    intra_node: {fabric: nvswitch, bandwidth: 450 GB/s}
"""


def test_latency_objective_ranks_by_total_decode_time(tmp_path: Path, capsys) -> None:
    recs = _plan(tmp_path, capsys, HGX, "--model", "meta-llama/Llama-3.1-70B-Instruct")
    times = [r["decode_ms_per_token"] for r in recs]
    assert (recs[0]["tp"], recs[0]["pp"]) == (8, 1)
    assert times[0] == min(times)


def test_plan_pick_is_clean_in_check(tmp_path: Path, capsys) -> None:
    recs = _plan(tmp_path, capsys, HGX, "--model", "meta-llama/Llama-3.1-70B-Instruct")
    (tmp_path / "serve.sh").write_text(recs[0]["command"] + "\n")
    argv = ["check", str(tmp_path / "serve.sh"), "--hardware", str(tmp_path / "hardware.yaml")]
    assert main([*argv, "--no-cache", "--fail-on", "info"]) == 0, capsys.readouterr().out


def test_prompt_deltas_count_compute_too(tmp_path: Path, capsys) -> None:
    recs = _plan(tmp_path, capsys, HGX, "--model", "meta-llama/Llama-3.1-70B-Instruct")
    second = recs[1]
    delta = round(second["prompt_ms"] - recs[0]["prompt_ms"])
    assert f"{delta:+d} ms per 4096-token prompt" in second["reasons"][-1]


def test_other_rows_are_compared_with_the_best_not_themselves(tmp_path: Path, capsys) -> None:
    recs = _plan(tmp_path, capsys, HGX, "--model", "meta-llama/Llama-3.1-70B-Instruct")
    best = f"TP={recs[0]['tp']} PP={recs[0]['pp']} DP={recs[0]['dp']}"
    for r in recs[1:]:
        own = f"TP={r['tp']} PP={r['pp']} DP={r['dp']}"
        assert r["reasons"][-1].startswith(f"against #1 {best}")
        assert not any(reason.startswith(own) for reason in r["reasons"])


def test_model_id_is_printed_as_given(tmp_path: Path, capsys) -> None:
    path = tmp_path / "hardware.yaml"
    path.write_text(HGX)
    main(["plan", "--hardware", str(path), "--model", "meta-llama/Llama-3.1-70B-Instruct"])
    out = capsys.readouterr().out
    assert out.startswith("meta-llama/Llama-3.1-70B-Instruct on 8 GPUs")
    assert "vllm serve meta-llama/Llama-3.1-70B-Instruct --tensor-parallel-size 8" in out


V100 = """\
version: 1
clusters:
  - {name: v100, nodes: 1, gpu: V100-SXM2-32GB, gpus_per_node: 8}
"""


def test_a_checkpoint_format_the_gpus_lack_is_no_plan(tmp_path: Path, capsys) -> None:
    """FP8 on Volta: vLLM refuses to start on every layout (TL212), so plan names the refusal
    and what would start instead of ranking layouts that all fail."""
    path = tmp_path / "hardware.yaml"
    path.write_text(V100)
    argv = ["plan", "--hardware", str(path), "--model", "Qwen/Qwen3-30B-A3B-FP8"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "no layout of Qwen/Qwen3-30B-A3B starts on 8 GPUs of 'v100'" in err
    assert "volta GPUs have no FP8 tensor cores; vLLM refuses to start" in err
    assert "use Ada, Hopper, Blackwell or MI300X GPUs" in err


UNDESCRIBED = """\
version: 1
clusters:
  - name: acme
    nodes: 1
    gpus_per_node: 4
    gpu: {gpu}
    intra_node: {{fabric: nvswitch, bandwidth: 300 GB/s}}
"""


def test_a_gpu_check_declines_is_not_planned_on(tmp_path: Path, capsys) -> None:
    path = tmp_path / "hardware.yaml"
    path.write_text(UNDESCRIBED.format(gpu="{name: Acme-X1}"))  # not even its memory
    code = main(["plan", "--hardware", str(path), "--model", "meta-llama/Llama-3.1-8B"])
    assert code == 2  # check reports TL011 for it: plan and check agree
    err = capsys.readouterr().err
    assert "cannot plan on it" in err and "with no memory" in err


def test_a_gpu_described_by_its_memory_is_planned_unpriced(tmp_path: Path, capsys) -> None:
    """Layouts are weighed by whether they fit its memory; none is ranked by a speed it has
    no figure for."""
    manifest = UNDESCRIBED.format(gpu="{name: Acme-X1, memory: 128 GB}")
    recs = _plan(tmp_path, capsys, manifest, "--model", "meta-llama/Llama-3.1-8B")
    assert recs
    for rec in recs:
        assert rec["decode_ms_per_token"] is None and rec["prompt_ms"] is None
        assert not rec["meets_budgets"]
        assert any("not priced" in r for r in rec["reasons"])


NO_YARDSTICK = """\
version: 1
clusters:
  - name: m2
    nodes: 1
    gpus_per_node: 1
    gpu: Apple-M2-Ultra
    intra_node: {fabric: none}
"""


def test_a_gpu_without_yardsticks_is_not_priced_as_free(tmp_path: Path, capsys) -> None:
    recs = _plan(tmp_path, capsys, NO_YARDSTICK, "--model", "meta-llama/Llama-3.1-8B")
    for rec in recs:  # unresolved, never 0.0 ms
        assert rec["decode_ms_per_token"] is None and rec["prompt_ms"] is None
        assert not rec["meets_budgets"]
        assert any("not priced" in r for r in rec["reasons"])


def test_v100_is_priced_at_its_fp16_rate(tmp_path: Path, capsys) -> None:
    recs = _plan(tmp_path, capsys, SEED.format(gpu="V100-SXM2-32GB"), "--model",
                 "meta-llama/Llama-3.1-8B")  # fmt: skip
    assert all(r["decode_ms_per_token"] > 1 and r["prompt_ms"] > 10 for r in recs)


def test_a_bf16_checkpoint_on_volta_is_planned_as_float16(tmp_path: Path, capsys) -> None:
    """Qwen2.5-1.5B-Instruct (BF16) on a V100, as the shared corpus's aibrix/docker-compose.yml
    serves it on tests/corpus/manifests/v100-nvlink-pairs.yaml: plan's command says
    ``--dtype half`` (TL212's fix), so ``check`` on the command plan prints finds nothing,
    where it warned TL212 about every layout plan ranked."""
    manifest = (
        Path(__file__).resolve().parents[1] / "corpus" / "manifests" / "v100-nvlink-pairs.yaml"
    )
    recs = _plan(
        tmp_path,
        capsys,
        manifest.read_text(),
        "--model",
        "Qwen/Qwen2.5-1.5B-Instruct",
        "--gpus",
        "1",
    )
    assert recs[0]["command"] == "vllm serve Qwen/Qwen2.5-1.5B-Instruct --dtype half"
    script = tmp_path / "serve.sh"
    script.write_text(recs[0]["command"] + "\n")
    assert main(["check", str(script), "--hardware", str(manifest), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["findings"] == []


H100X8 = """\
version: 1
clusters:
  - {name: h100, nodes: 1, gpu: H100-SXM-80GB, gpus_per_node: 8}
"""


def test_plan_weighs_the_checkpoint_the_user_named(tmp_path: Path, capsys) -> None:
    """A checkpoint whose format only its id says (``-NVFP4``) is planned as that checkpoint, as
    ``check`` reads the printed command: NVIDIA-NeMo/Nemotron#289's Nemotron-3-Ultra NVFP4 on
    8 H100s runs as weight-only Marlin kernels there, whose 64-wide tiles TP 8's Mamba in_proj
    shard (4,384) misses.  Planned as the architecture's BF16 entry, TP 8 had been the first
    pick, which check calls an error (TL206)."""
    model = "nvidia/NVIDIA-Nemotron-3-Ultra-550B-A55B-NVFP4"
    recs = _plan(tmp_path, capsys, H100X8, "--model", model)
    assert recs[0]["tp"] != 8
    assert any(
        "TP=8 PP=1 DP=1: the engine would refuse it: Mamba in_proj" in r for r in recs[0]["reasons"]
    )
    script = tmp_path / "serve.sh"
    script.write_text(recs[0]["command"] + "\n")
    main(["check", str(script), "--hardware", str(tmp_path / "hardware.yaml"), "--format", "json"])
    found = json.loads(capsys.readouterr().out)["findings"]
    assert not [f for f in found if f["severity"] == "error"], found


FOUR_HGX = """\
version: 1
clusters:
  - name: h100-ib
    nodes: 4
    gpu: H100-SXM-80GB
    gpus_per_node: 8
    intra_node: {fabric: nvswitch}
    inter_node: {network: infiniband, bandwidth: 400 Gb/s, nics_per_node: 8}
"""


def test_no_data_parallel_rank_spans_nodes_where_the_command_places_whole_ranks(
    tmp_path: Path, capsys
) -> None:
    """vLLM places DP ranks per node (``--data-parallel-size-local``): a TP 16 rank beside
    another on 8-GPU nodes has no command (``--data-parallel-size-local 1`` asks one node for
    16 GPUs, TL201), so plan never offers it; TP 16 with one rank, or TP 8 ranks, it does."""
    recs = _plan(tmp_path, capsys, FOUR_HGX, "--model", "deepseek-ai/DeepSeek-R1-0528")
    assert recs
    assert not [r for r in recs if r["dp"] > 1 and r["tp"] * r["pp"] > 8]
    assert any(r["tp"] * r["pp"] > 8 for r in recs) and any(r["dp"] > 1 for r in recs)
    (tmp_path / "serve.sh").write_text(recs[0]["command"] + "\n")
    argv = ["check", str(tmp_path / "serve.sh"), "--hardware", str(tmp_path / "hardware.yaml")]
    main([*argv, "--no-cache", "--format", "json"])
    found = json.loads(capsys.readouterr().out)["findings"]
    assert not [f for f in found if f["rule"] == "TL201"]
