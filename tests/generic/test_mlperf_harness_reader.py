"""AMD's MLPerf Inference LLM harness configuration (the shipped record
``mlperf-amd-harness-llm``): one engine block per backend, of which the harness runs one, and
``harness_config.device_count`` GPUs split into engines of TP x PP GPUs each.

The text is mlcommons/inference_results_v5.1@965182b03376a00fcae415c54e560e1c83937932
closed/AMD/code/llama2-70b-99/harness_llm/models/llama2-70b/offline_mi325x.yaml, shortened (its
sampling, environment and sorting blocks left out).  Read as plain data, both engine blocks were
deployments - an SGLang server the harness never starts (config_parser.py deletes
``sglang_engine_config`` when the backend is vLLM, its fallback) - and the eight one-GPU engines
were one engine on one GPU.
"""

from __future__ import annotations

from tests.parse.helpers import parse_text

CONFIG = """\
benchmark_name: llama2-70b
scenario: offline
test_mode: performance
engine_version: sync

sglang_engine_config:
  model_path: /model/llama2-70b-chat-hf/fp8_quantized
  max_prefill_tokens: 70000
  max_running_requests: 2560
  mem_fraction_static: 0.95

vllm_engine_config:
  model: /model/llama2-70b-chat-hf/fp8_quantized
  tensor_parallel_size: 1
  num_scheduler_steps: 7
  quantization: fp8
  max_model_len: 2048
  gpu_memory_utilization: 0.98

harness_config:
  dataset_path: /data/processed-openorca/open_orca_gpt4_tokenized_llama.sampled_24576.pkl
  device_count: 8
"""


def test_the_vllm_block_is_the_engine_when_no_backend_is_written() -> None:
    """config_parser.py: "backend is not set, fallback to vllm"; the SGLang block is deleted."""
    result = parse_text("offline_mi325x.yaml", CONFIG)
    got = [(d.engine, d.model, d.tp, d.pp, d.gpus, d.replicas) for d in result.deployments]
    assert got == [("vllm", "/model/llama2-70b-chat-hf/fp8_quantized", 1, 1, 1, 8)]
    dep = result.deployments[0]
    assert dep.options["quantization"] == "fp8"
    assert dep.provenance["engine"] == "reader `mlperf-amd-harness-llm`"
    assert dep.sources["tp"].line == 14
    assert not [f for f in result.findings if f.severity == "error"]


def test_backend_sglang_runs_the_sglang_block_on_its_tp_size() -> None:
    """``backend: sglang`` keeps ``sglang_engine_config`` (sglang.Engine's keys: ``tp_size``);
    eight devices at TP 2 are four engines (offline_sut.py: ``effective_dp = dp // (tp * pp)``)."""
    text = "backend: sglang\n" + CONFIG.replace(
        "  mem_fraction_static: 0.95\n", "  mem_fraction_static: 0.95\n  tp_size: 2\n"
    )
    result = parse_text("offline_mi325x.yaml", text)
    got = [(d.engine, d.tp, d.gpus, d.replicas) for d in result.deployments]
    assert got == [("sglang", 2, 2, 4)]
    assert result.deployments[0].options["mem_fraction_static"] == "0.95"


def test_a_file_without_device_count_leaves_the_gpus_to_the_command_line() -> None:
    """The README passes ``harness_config.device_count=8`` on the command line; a file that
    writes none says no count, and none is guessed."""
    text = CONFIG.replace("  device_count: 8\n", "")
    [dep] = parse_text("offline_mi325x.yaml", text).deployments
    assert (dep.engine, dep.tp, dep.gpus) == ("vllm", 1, None)
    assert dep.replicas == 1
