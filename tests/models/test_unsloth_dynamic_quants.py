"""Unsloth's dynamic 4-bit re-releases (``<model>-unsloth-bnb-4bit``) are the architecture they
quantize, at the bitsandbytes 4-bit their name states (open-world set 31:
Barakisa/Invoice-processing-using-vllm@1a0e0895 servers/gemma3-27-unsloth_vllm_server.sh serves
``unsloth/gemma-3-27b-it-unsloth-bnb-4bit``)."""

from __future__ import annotations

from toplint.hardware.models import lookup_model


def test_unsloth_dynamic_quant_is_its_architecture_at_four_bits() -> None:
    spec = lookup_model("unsloth/gemma-3-27b-it-unsloth-bnb-4bit", hf_cache=False)
    assert spec is not None and spec.id == "google/gemma-3-27b" and spec.weight_bytes == 0.5


def test_an_unknown_architecture_stays_unknown_with_the_tag() -> None:
    assert lookup_model("unsloth/no-such-model-unsloth-bnb-4bit", hf_cache=False) is None
