"""Checkpoint names of llm-compressor releases (Neural Magic, Red Hat AI): the scheme follows
"-quantized." ("DeepSeek-R1-Distill-Qwen-7B-quantized.w4a16"), and the name says the width."""

from __future__ import annotations

import pytest

from toplint.hardware.models import lookup_model


@pytest.mark.parametrize(
    ("name", "canonical", "width", "group"),
    [
        ("neuralmagic/DeepSeek-R1-Distill-Qwen-7B-quantized.w4a16", "Qwen/Qwen2.5-7B", 0.5, 128),
        (
            "neuralmagic/DeepSeek-R1-Distill-Llama-70B-quantized.w8a8",
            "meta-llama/Llama-3.3-70B",
            1.0,
            0,
        ),
        ("RedHatAI/Meta-Llama-3.1-8B-Instruct-quantized.w8a16", "meta-llama/Llama-3.1-8B", 1.0, 0),
    ],
)
def test_the_scheme_after_quantized_sets_the_width(
    name: str, canonical: str, width: float, group: int
) -> None:
    spec = lookup_model(name, hf_cache=False)
    assert spec is not None
    assert (spec.id, spec.weight_bytes, spec.quant_group) == (canonical, width, group)


def test_a_scheme_without_quantized_is_read_as_before() -> None:
    spec = lookup_model("neuralmagic/DeepSeek-R1-Distill-Qwen-7B-FP8-dynamic", hf_cache=False)
    assert spec is not None and spec.weight_bytes == 1.0
