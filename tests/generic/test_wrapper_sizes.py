"""Settings that size a parallel dimension but are not the engine's own, and an engine block
written in two parts of one record (sweep 29 and the spent halves of sweeps 26 and 28)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.parse.helpers import only, parse_text
from toplint.parse import sizing


@pytest.mark.parametrize(
    ("name", "dimension"),
    [
        ("tensor_model_parallel_size", "tensor"),  # verl's rollout, Megatron-LM
        ("pipeline_model_parallel_size", "pipeline"),
        ("vllm_tensor_parallel_size", "tensor"),  # OpenRLHF
        ("vllm_tp_size", "tensor"),
        ("infer_tp", "tensor"),
        ("tp", "tensor"),
        ("--ulysses-sequence-parallel-size", "sequence"),  # ArcticInference
        ("context_parallel_size", "sequence"),
        ("sp_degree", "sequence"),
        ("tensor_parallel_degree", "tensor"),  # DJL Serving's option.tensor_parallel_degree
        ("expert_parallel_size", "expert"),
        ("vllmTensorParallelSize", "tensor"),
        ("parallel_tool_calls", None),
        ("max_parallel_loading_workers", None),
        ("sequence_parallel", None),  # a switch
        ("world_size", None),
        ("data_parallel_size_local", None),
        ("num_gpus_per_engine", None),
    ],
)
def test_which_names_size_a_parallel_dimension(name: str, dimension: str | None) -> None:
    assert sizing.dimension(name) == dimension


def test_a_size_of_one_splits_nothing() -> None:
    assert sizing.trivial(1) and sizing.trivial("1") and sizing.trivial(None)
    assert sizing.trivial(True)  # a switch, not a size
    assert not sizing.trivial(2) and not sizing.trivial("${TP}")


# aws/sagemaker-hyperpod-recipes@263199555b2e1f8eb9b17459892e440f3242b5d9 hyperpod_recipes/
# recipes_src/fine-tuning/nemotron-0_7_0/verl-grpo-rlaif-nemotron-3-nano-30b-fft.yaml
# (trimmed): verl's rollout block under the recipe's `training_config`; its
# `tensor_model_parallel_size: 8` was not read, and the 30B model was a TL205 error at TP 1.
VERL_RECIPE = """\
trainer:
  num_nodes: 1
training_config:
  actor_rollout_ref:
    actor:
      megatron:
        tensor_model_parallel_size: 8
        expert_model_parallel_size: 8
    rollout:
      name: vllm
      prompt_length: 1024
      tensor_model_parallel_size: 8
      gpu_memory_utilization: 0.25
      max_num_batched_tokens: 6144
    model:
      path: nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-BF16
"""


def test_megatron_spelling_inside_the_rollout_block_is_the_engines_tp() -> None:
    dep = only("verl-grpo.yaml", VERL_RECIPE)
    assert (dep.engine, dep.tp, dep.unresolved) == ("vllm", 8, ())
    assert dep.provenance["tp"].endswith("rollout.tensor_model_parallel_size`")


def test_megatron_spelling_alone_is_a_training_jobs() -> None:
    """Outside a block that names its engine, the keys are a training job's, not options."""
    text = "parallelism:\n  tensor_model_parallel_size: 8\n  pipeline_model_parallel_size: 2\n"
    assert parse_text("megatron.yaml", text).deployments == ()


def test_a_wrapper_key_leaves_its_dimension_unresolved() -> None:
    text = "rollout:\n  name: vllm\n  model: org/m\n  vllm_tp: 4\n  gpu_memory_utilization: 0.8\n"
    dep = only("rollout.yaml", text)
    assert dep.tp is None
    (item,) = dep.unresolved
    assert (item.field, item.variable, item.position.line) == ("tp", "vllm_tp: 4", 4)
    assert "not an option vllm reads" in item.why


def test_a_wrapper_key_of_one_leaves_the_layout_as_written() -> None:
    text = "rollout:\n  name: vllm\n  model: org/m\n  sp_size: 1\n  tensor_parallel_size: 2\n"
    dep = only("rollout.yaml", text)
    assert (dep.tp, dep.unresolved) == (2, ())


def test_a_plugin_option_leaves_the_layout_unresolved() -> None:
    text = "vllm serve org/m --tensor-parallel-size 2 --ulysses-sequence-parallel-size 4\n"
    result = parse_text("serve.sh", text)
    (dep,) = result.deployments
    assert dep.tp is None
    assert [u.variable for u in dep.unresolved] == ["--ulysses-sequence-parallel-size 4"]
    assert [f.rule for f in result.findings] == ["TL005"]


def test_a_misspelt_layout_option_is_the_engines_refusal_not_a_plugin() -> None:
    result = parse_text("serve.sh", "vllm serve org/m --tensor-paralel-size 2\n")
    (dep,) = result.deployments
    assert dep.unresolved == ()
    assert [f.data.get("suggestion") for f in result.findings] == ["tensor-parallel-size"]


# amd-enterprise-ai/aim-build@2be2cf8ff7f0810fce19fbf75c0c8363a8680748
# profiles/meta-llama/Llama-3.1-405B-Instruct/vllm-mi325x-fp8-tp8-throughput.yaml (trimmed):
# the engine and GPUs in `metadata`, the engine's options in `engine_args` beside it.  Read as
# two deployments, the metadata one was TP 1 on the GPUs and a false TL205.
AIM_PROFILE = """\
aim_id: meta-llama/Llama-3.1-405B-Instruct
model_id: amd/Llama-3.1-405B-Instruct-FP8-KV
metadata:
  engine: vllm
  gpu: MI325X
  gpu_count: 8
  metric: throughput
engine_args:
  gpu-memory-utilization: 0.9
  max-model-len: 32768
  tensor-parallel-size: 8
env_vars:
  VLLM_ROCM_USE_AITER: '1'
"""


def test_an_engine_chosen_beside_its_options_is_one_deployment() -> None:
    dep = only("vllm-mi325x-fp8-tp8-throughput.yaml", AIM_PROFILE)
    assert (dep.engine, dep.model, dep.tp, dep.gpus) == (
        "vllm",
        "amd/Llama-3.1-405B-Instruct-FP8-KV",
        8,
        8,
    )
    assert dep.options["max_model_len"] == "32768"


def test_two_layouts_beside_one_chooser_stay_apart() -> None:
    """Which of two layouts the chosen engine runs is not written: no merge."""
    text = AIM_PROFILE.replace(
        "env_vars:",
        "engine_args_long:\n  tensor-parallel-size: 4\n  max-model-len: 131072\nenv_vars:",
    )
    deps = parse_text("p.yaml", text).deployments
    assert sorted(d.tp for d in deps) == [1, 4, 8]


# NVIDIA-NeMo/RL@7ea279abfbeb698b092856d0dab61e7cf39bc909 examples/configs/recipes/llm/
# grpo-nemotron3-super-120BA12B-16n8g-megatron.yaml (trimmed): `vllm_kwargs` beside `vllm_cfg` are
# the same vLLM's further arguments, read apart as a second vLLM at TP 1 (a false TL205).
NEMO_RL = """policy:
  model_name: nvidia/NVIDIA-Nemotron-3-Super-120B-A12B-BF16
  generation:
    vllm_cfg:
      tensor_parallel_size: 8
      gpu_memory_utilization: 0.5
      enable_prefix_caching: false
    vllm_kwargs:
      enable_chunked_prefill: true
      max_num_batched_tokens: 8480
      max_num_seqs: 16
cluster:
  gpus_per_node: 8
  num_nodes: 16
"""


def test_an_engines_further_arguments_beside_its_layout_are_one_deployment() -> None:
    dep = only("grpo.yaml", NEMO_RL)
    assert (dep.tp, dep.options["max_num_seqs"]) == (8, "16")
    assert dep.provenance["engine"] == "`vllm_cfg`"


def test_a_config_file_the_scope_names_beside_it_is_read(tmp_path: Path) -> None:
    """AI-Hypercomputer/gpu-recipes@2e1fd5efbf1af9c08f8ac50b9d7fef2cfa675b68 inference/a4x/
    single-host-serving/gemma-4-31b/vllm/v0_23_x/4gpus-bf16-isl1024-osl500/recipe: values.yaml's
    `workload: {framework: vllm, configFile: serving-args.yaml}`; the launcher passes the file's
    options to vLLM.  Unread, the recipe's `max-model-len: 1525` was missing and the model's
    262,144-token default context a false TL205 error."""
    from toplint.parse.base import Source
    from toplint.parse.parallel import builtin_and_plugin_parsers
    from toplint.parse.run import parse_source

    (tmp_path / ".git").mkdir()
    (tmp_path / "serving-args.yaml").write_text(
        "max-model-len: 1525\ntensor-parallel-size: 2\ngpu-memory-utilization: 0.90\n"
    )
    values = tmp_path / "values.yaml"
    values.write_text(
        "workload:\n  model:\n    name: google/gemma-3-27b-it\n  gpus: 2\n  framework: vllm\n"
        "  configFile: serving-args.yaml\n  configPath: /workload/configs\n"
    )
    result = parse_source(
        Source.from_text(str(values), values.read_text()), builtin_and_plugin_parsers()
    )
    (dep,) = result.deployments
    assert (dep.tp, dep.options["max_model_len"]) == (2, "1525")
    assert dep.sources["tp"].path == str(tmp_path / "serving-args.yaml")
    (tmp_path / "serving-args.yaml").unlink()  # named but absent: nothing is read from it
    result = parse_source(
        Source.from_text(str(values), values.read_text()), builtin_and_plugin_parsers()
    )
    (dep,) = result.deployments
    assert (dep.tp, dep.unresolved) == (1, ())


def test_an_env_block_beside_the_engine_block_is_its_environment() -> None:
    """tenstorrent/tt-inference-server@11ac526e008e3888e15fe3ec884973a26c8ca5bb
    release_model_spec.json (trimmed): ``env_vars`` beside ``vllm_args`` is what the engine
    runs with; its ``VLLM_ALLOW_LONG_MAX_MODEL_LEN`` lets vLLM take the 131,072-token context,
    which was a false TL216 error (the same reading as a command's: ``scopevars``)."""
    text = (
        '{"spec": {"vllm_args": {"model": "Qwen/Qwen3-32B", "max_model_len": "131072",'
        ' "max_num_seqs": "8", "data_parallel_size": 4},'
        ' "env_vars": {"MESH_DEVICE": "TG", "VLLM_ALLOW_LONG_MAX_MODEL_LEN": 1}}}\n'
    )
    dep = only("release_model_spec.json", text)
    assert dep.options["env.VLLM_ALLOW_LONG_MAX_MODEL_LEN"] == "1"
    assert "env.MESH_DEVICE" not in dep.options  # not vLLM's own variable
    # but Tenstorrent's mesh (tenstorrent/vllm@7c6685a5 vllm/v1/worker/tt_worker.py): TL011
    assert dep.options["accelerator.env"] == "MESH_DEVICE"
