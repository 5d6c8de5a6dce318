"""What a decode step streams is the memory model's accounting of the checkpoint's bytes
(``toplint.hardware.weightbytes``), less the input embedding a step gathers rows of."""

from __future__ import annotations

import pytest
from cost_builders import H100, LLAMA_70B

from toplint.catalog_types import ModelSpec
from toplint.cost.compute import HBM_EFFICIENCY, stream_ms
from toplint.hardware.hfweights import vocab_fields
from toplint.hardware.models import lookup_model
from toplint.hardware.weightbytes import gathered_bytes, streamed_bytes, weight_bytes
from toplint.outcome import memory
from toplint.record import replace

TABLE = 128256 * 8192  # Llama-3.1-70B's vocabulary x hidden


def ms(model: ModelSpec, tp: int = 1) -> float:
    out = stream_ms(H100, model, 1, tp, 1, tp, [])
    assert out is not None
    return out


def test_the_resident_accounting_is_the_memory_models() -> None:
    assert memory.weight_bytes is weight_bytes


def test_an_untied_embedding_is_gathered_not_read() -> None:
    untied = replace(LLAMA_70B, vocab_tables=2)
    assert gathered_bytes(untied) == TABLE * 2
    assert ms(untied, tp=8) == pytest.approx((70.55e9 - TABLE) * 2 / 8 / (HBM_EFFICIENCY * 3350e6))


def test_a_tied_table_is_the_lm_head_and_is_read() -> None:
    tied = replace(LLAMA_70B, vocab_tables=1)
    assert gathered_bytes(tied) == 0.0
    assert streamed_bytes(tied) == weight_bytes(tied)


def test_a_config_that_does_not_say_counts_the_table_as_read() -> None:
    assert LLAMA_70B.vocab_tables == 0
    assert ms(LLAMA_70B) == pytest.approx(70.55e9 * 2 / (HBM_EFFICIENCY * 3350e6))


def test_a_quantized_checkpoint_streams_its_16_bit_head_and_its_scales() -> None:
    """A w4a16 checkpoint in groups of 128: layers at 0.5 + 2/128 bytes, the LM head at 16 bits
    (llm-compressor ignores lm_head), the embedding gathered."""
    awq = replace(LLAMA_70B, weight_bytes=0.5, quant_group=128, vocab_tables=2)
    layers = (70.55e9 - 2 * TABLE) * (0.5 + 2 / 128)
    assert streamed_bytes(awq) == pytest.approx(layers + TABLE * 2)
    assert ms(awq) == pytest.approx((layers + TABLE * 2) / (HBM_EFFICIENCY * 3350e6))
    assert ms(awq) > 70.55e9 * 0.5 / (HBM_EFFICIENCY * 3350e6)  # what params x width gave


def test_an_lm_head_quantized_by_the_checkpoint_streams_at_its_width() -> None:
    fp4 = replace(LLAMA_70B, weight_bytes=0.5625, lm_head_bytes=0.5625, vocab_tables=2)
    assert streamed_bytes(fp4) == pytest.approx(
        weight_bytes(fp4) - TABLE * 2  # the embedding stays 16-bit and is gathered
    )


@pytest.mark.parametrize(
    ("config", "tables"),
    [({"tie_word_embeddings": False}, 2), ({"tie_word_embeddings": True}, 1), ({}, 0)],
)
def test_the_config_says_how_many_vocabulary_tables(config: dict[str, bool], tables: int) -> None:
    assert vocab_fields(config)["vocab_tables"] == tables


def test_catalog_entries_carry_their_configs_tying() -> None:
    llama = lookup_model("meta-llama/Llama-3.1-8B-Instruct", hf_cache=False)
    qwen = lookup_model("Qwen/Qwen2.5-1.5B-Instruct", hf_cache=False)
    assert llama is not None and llama.vocab_tables == 2
    assert qwen is not None and qwen.vocab_tables == 1


def test_an_mxfp4_checkpoint_streams_no_margin_scale() -> None:
    """MXFP4's 4.25 bits count its E8M0 scales: the memory model still holds a scale per group
    beyond them as a margin (``hfquant.MARGIN_SCALES``), which is no byte a decode step reads."""
    oss = lookup_model("openai/gpt-oss-120b")
    assert oss is not None and oss.quant_method == "mxfp4"
    assert weight_bytes(oss, margin=False) < weight_bytes(oss)
    assert streamed_bytes(oss) == pytest.approx(
        weight_bytes(oss, margin=False) - gathered_bytes(oss)
    )
    awq = replace(LLAMA_70B, weight_bytes=0.5, quant_group=128, quant_method="awq")
    assert weight_bytes(awq, margin=False) == weight_bytes(awq)  # AWQ's scales are real bytes
