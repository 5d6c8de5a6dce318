"""Entries keyed by name that each hold an engine's options, one of which runs (a preset per
model, chosen at run time), are not one configuration written in parts: the layout one of them
writes is unresolved (open-world set 22, transcope/llm-deploy@5057da2f configs/vllm_serve.yaml)."""

from __future__ import annotations

from tests.parse.helpers import only, parse_text

PRESETS = """gpu-memory-utilization: 0.9
enable-prefix-caching: true
model_presets:
  small-model:
    max-model-len: 32768
    gpu-memory-utilization: 0.9
  large-model:
    max-model-len: 16384
    tensor-parallel-size: 2
    gpu-memory-utilization: 0.92
  reasoning-model:
    max-model-len: 8192
    gpu-memory-utilization: 0.92
    tool-call-parser: deepseek_v3
"""


def test_a_layout_one_preset_writes_is_unresolved() -> None:
    dep = only("serve.yaml", PRESETS)
    assert dep.engine == "vllm"
    assert dep.tp is None
    (left,) = [u for u in dep.unresolved if u.field == "tp"]
    assert left.variable == "model_presets.large-model.tensor-parallel-size"
    assert "model_presets" in left.why and "chosen at run time" in left.why


def test_the_other_presets_options_do_not_override_the_kept_ones() -> None:
    """Read as one record, the reasoning preset's 8192 overrode the large one's 16384 (TL209)."""
    dep = only("serve.yaml", PRESETS)
    assert dep.options["max_model_len"] == "16384"
    assert dep.options["gpu_memory_utilization"] == "0.92"
    assert "tool_call_parser" not in dep.options


def test_parts_of_one_record_that_repeat_no_option_still_merge() -> None:
    """A block of options beside the block with the layout, each writing different options, is
    one deployment (``scopes._siblings_merged``), its TP resolved."""
    text = """serving:
  engine_cfg:
    tensor-parallel-size: 4
    gpu-memory-utilization: 0.9
    max-model-len: 8192
  engine_extra:
    enable-prefix-caching: true
    max-num-seqs: 64
    swap-space: 4
"""
    deps = parse_text("serve.yaml", text).deployments
    assert [(d.engine, d.tp) for d in deps] == [("vllm", 4)]
    assert deps[0].options["max_num_seqs"] == "64"
