"""ROCm ATOM, read as its own parser and CoreManager read it (ROCm/ATOM@ffdf3bb5d)."""

from __future__ import annotations

from pathlib import Path

from tests.parse.helpers import only, parse_text
from toplint.engines.registry import get_engine
from toplint.outcome.starts import moe_tp

SERVER = "python3 -m atom.entrypoints.openai_server"


def test_the_readme_command_sets_model_and_tensor_parallel_size() -> None:
    """README.md "Serving": `-tp 8`, `--kv-cache-dtype fp8`."""
    dep = only("a.sh", f"{SERVER} --model deepseek-ai/DeepSeek-R1 --kv-cache-dtype fp8 -tp 8\n")
    assert (dep.engine, dep.model, dep.tp, dep.pp, dep.dp, dep.ep) == (
        "atom",
        "deepseek-ai/DeepSeek-R1",
        8,
        1,
        1,
        1,
    )
    assert dep.options["kv_cache_dtype"] == "fp8"


def test_both_spellings_of_an_option_are_one_option() -> None:
    """FlexibleArgumentParser registers --kv_cache_dtype and --kv-cache-dtype alike."""
    dep = only("a.sh", f"{SERVER} --model m --tensor_parallel_size 4 --kv_cache_dtype fp8\n")
    assert (dep.tp, dep.options["kv_cache_dtype"]) == (4, "fp8")


def test_the_api_server_module_runs_the_same_server() -> None:
    dep = only("a.sh", "python -m atom.entrypoints.openai.api_server --model m -tp 2\n")
    assert (dep.engine, dep.tp) == ("atom", 2)


def test_data_parallel_ranks_are_replicas_of_tp_groups() -> None:
    """Without DP attention CoreManager starts dp EngineCores, each a TP group."""
    dep = only("a.sh", f"{SERVER} --model m -tp 4 -dp 2\n")
    assert (dep.tp, dep.dp, dep.world_size) == (4, 2, 8)


def test_expert_parallel_is_the_tp_group() -> None:
    """FusedMoEParallelConfig.make: ep_size = tp_size (pure DP for MoE without DP attention)."""
    dep = only("a.sh", f"{SERVER} --model m -tp 8 --enable-expert-parallel\n")
    assert (dep.ep, dep.ep_enabled, moe_tp(dep)) == (8, True, 1)


def test_without_expert_parallel_each_expert_is_split_over_tp() -> None:
    dep = only("a.sh", f"{SERVER} --model m -tp 8\n")
    assert (dep.ep, dep.ep_enabled, moe_tp(dep)) == (1, False, 8)


def test_dp_attention_runs_tp_times_dp_ranks_of_attention_tp_one() -> None:
    """CoreManager: logical = tp x dp EngineCores of TP 1; MoE flattened over all of them."""
    dep = only(
        "a.sh", f"{SERVER} --model m -tp 4 -dp 2 --enable-dp-attention --enable-expert-parallel\n"
    )
    engine = get_engine("atom")
    assert (dep.world_size, dep.tp, dep.dp, dep.ep) == (8, 8, 1, 8)
    assert engine.attention_dp(dep) == 8


def test_dp_attention_with_tp_only() -> None:
    """InferenceX's `-tp $TP --enable-dp-attention`: TP GPUs, attention data-parallel."""
    dep = only("a.sh", f"{SERVER} --model m -tp 8 --enable-dp-attention\n")
    assert (dep.world_size, get_engine("atom").attention_dp(dep), moe_tp(dep)) == (8, 8, 8)


def test_negated_switch_is_known() -> None:
    result = parse_text("a.sh", f"{SERVER} --model m -tp 2 --no-enable_prefix_caching\n")
    (dep,) = result.deployments
    assert (dep.options["enable_prefix_caching"], result.findings) == ("false", ())


def test_unknown_option_is_tl005() -> None:
    result = parse_text("a.sh", f"{SERVER} --model m --tensor-paralel-size 2\n")
    assert [f.rule for f in result.findings] == ["TL005"]


def test_vllm_spelling_of_quantization_is_not_atom_s() -> None:
    """ATOM has no --quantization (online quantization is --online_quant_config JSON)."""
    result = parse_text("a.sh", f"{SERVER} --model m -tp 2 --quantization fp8\n")
    assert [f.rule for f in result.findings] == ["TL005"]


def test_dockerfile_cmd() -> None:
    text = (
        "FROM rocm/atom:rocm7.2.2_ubuntu24.04_py3.12_pytorch_release_2.10.0_atom0.1.2.post\n"
        'CMD ["python3", "-m", "atom.entrypoints.openai_server", "--model", "m", "-tp", "4"]\n'
    )
    dep = only("Dockerfile", text)
    assert (dep.engine, dep.tp) == ("atom", 4)


def test_compose_service() -> None:
    text = (
        "services:\n  atom:\n    image: rocm/atom-dev:latest\n"
        "    command: python3 -m atom.entrypoints.openai_server --model m -tp 8\n"
    )
    dep = only("compose.yaml", text)
    assert (dep.engine, dep.tp, dep.source_kind) == ("atom", 8, "compose")


def test_kubernetes_deployment() -> None:
    text = """\
apiVersion: apps/v1
kind: Deployment
metadata: {name: atom}
spec:
  template:
    spec:
      containers:
        - name: atom
          image: rocm/atom-dev:latest
          command: [python3, -m, atom.entrypoints.openai_server]
          args: [--model, m, -tp, "8", --enable-expert-parallel]
          resources: {limits: {amd.com/gpu: 8}}
"""
    dep = only("atom.yaml", text)
    assert (dep.engine, dep.tp, dep.ep, dep.gpus_per_node) == ("atom", 8, 8, 8)


def test_defaults_read_from_the_engine() -> None:
    engine = get_engine("atom")
    assert (engine.allreduce, engine.memory.default, engine.all_to_all, engine.single_node) == (
        "aiter-custom",
        0.9,
        None,
        True,
    )


def test_inferencex_script_with_unresolved_sizes() -> None:
    """SemiAnalysisAI/InferenceX dsr1_fp8_mi355x_atom.sh (development half of
    tests/data/atom_inferencex/SPLIT.md): the launch is read, `$TP` is unresolved, no TL005."""
    path = (
        Path(__file__).resolve().parents[1]
        / "data/atom_inferencex/benchmarks/single_node/fixed_seq_len/dsr1_fp8_mi355x_atom.sh"
    )
    result = parse_text(str(path), path.read_text())
    (dep,) = result.deployments
    assert (dep.engine, dep.tp) == ("atom", None)
    assert [f.rule for f in result.findings if f.rule == "TL005"] == []


def test_options_alone_are_not_read_as_atom() -> None:
    """ATOM's layout options are vLLM's names: an image run with flags only is read as vLLM,
    as before ATOM was registered (ATOM neither wins nor ties it into a TL008 note)."""
    text = (
        "docker run --gpus all example/server:1 --model m --tensor-parallel-size 2 "
        "--gpu-memory-utilization 0.8\n"
    )
    result = parse_text("a.sh", text)
    assert ([d.engine for d in result.deployments], result.findings) == (["vllm"], ())


def test_options_under_an_atom_image_are_atom_s() -> None:
    text = (
        "services:\n  llm:\n    image: rocm/atom-dev:latest\n"
        "    command: python3 -m atom.entrypoints.openai_server --model m "
        "--tensor-parallel-size 2 --gpu-memory-utilization 0.8\n"
    )
    dep = only("compose.yaml", text)
    assert (dep.engine, dep.tp, dep.options["gpu_memory_utilization"]) == ("atom", 2, "0.8")
