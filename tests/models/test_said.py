"""A message names the model the user wrote, not only the catalog entry read for it."""

from __future__ import annotations

from toplint.catalog_types import said
from toplint.hardware.models import lookup_model


def test_an_alias_is_named_as_written_with_the_entry_read_for_it() -> None:
    spec = lookup_model("deepseek-ai/DeepSeek-R1")
    assert spec is not None and spec.id != "deepseek-ai/DeepSeek-R1"
    assert said(spec, "deepseek-ai/DeepSeek-R1") == (
        f"deepseek-ai/DeepSeek-R1 ({spec.id}'s architecture)"
    )


def test_the_same_checkpoint_is_named_once_and_a_variant_as_written() -> None:
    spec = lookup_model("meta-llama/Llama-3.1-8B")
    assert spec is not None and spec.id == "meta-llama/Llama-3.1-8B"
    assert said(spec, "meta-llama/Llama-3.1-8B") == spec.id
    # a local copy named after the checkpoint, and nothing written at all
    assert said(spec, "/models/Llama-3.1-8B/") == spec.id
    assert said(spec, None) == spec.id
    # a fine-tune or re-release named after the entry: the user's own words
    assert said(spec, "RedHatAI/Llama-3.1-8B-Instruct-FP8") == "RedHatAI/Llama-3.1-8B-Instruct-FP8"
