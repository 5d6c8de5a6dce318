"""The context vLLM derives from config.json (toplint.hardware.hfcontext, vLLM's
``_get_and_verify_max_len``)."""

from __future__ import annotations

from typing import Any

import pytest

from toplint.hardware.hfcontext import max_context


@pytest.mark.parametrize(
    ("cfg", "expected"),
    [
        ({"max_position_embeddings": 32768}, 32768),
        ({"n_positions": 2048}, 2048),
        ({}, 0),
        # the smallest length key: Qwen-1's seq_length under its 8192 positions
        ({"max_position_embeddings": 8192, "seq_length": 2048}, 2048),
        ({"seq_length": 131072}, 131072),
        # deepseek-coder-33b: linear scaling by 4 (the older `type` key)
        (
            {"max_position_embeddings": 16384, "rope_scaling": {"type": "linear", "factor": 4.0}},
            65536,
        ),
        # YaRN scales the original positions, not max_position_embeddings
        (
            {
                "max_position_embeddings": 32768,
                "rope_scaling": {
                    "rope_type": "yarn",
                    "factor": 4.0,
                    "original_max_position_embeddings": 32768,
                },
            },
            131072,
        ),
        # Llama 3.1 and LongRoPE already state the scaled length
        (
            {
                "max_position_embeddings": 131072,
                "rope_scaling": {"rope_type": "llama3", "factor": 8.0},
            },
            131072,
        ),
        (
            {"max_position_embeddings": 131072, "rope_scaling": {"type": "longrope", "factor": 32}},
            131072,
        ),
        # mrope and default carry no factor: 1.0
        (
            {
                "max_position_embeddings": 32768,
                "rope_scaling": {"type": "mrope", "mrope_section": [16, 24, 24]},
            },
            32768,
        ),
        # nonsense is not a scaling
        (
            {"max_position_embeddings": 4096, "rope_scaling": {"type": "linear", "factor": True}},
            4096,
        ),
        (
            {
                "max_position_embeddings": 4096,
                "rope_scaling": {"type": "linear", "factor": float("nan")},
            },
            4096,
        ),
        ({"max_position_embeddings": 4096, "rope_scaling": "linear"}, 4096),
    ],
)
def test_max_context(cfg: dict[str, Any], expected: int) -> None:
    assert max_context(cfg) == expected
