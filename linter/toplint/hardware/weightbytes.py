"""A checkpoint's bytes as the engines hold and read them: what the memory model counts resident
(``toplint.outcome.weights``) and what a decode step streams (``toplint.cost.compute``), from one
accounting.

Resident: a quantized checkpoint keeps its embeddings and LM head in 16 bits (the LM head at its
own width where the checkpoint quantizes it, ``ModelSpec.lm_head_bytes``), and a 4-bit one
carries a 16-bit scale per group of weights (its own group size; else 128, AWQ/GPTQ's default
``group_size``).

Streamed: every resident byte but the input embedding's.  The input embedding is a gather, not
a read of the table: vLLM's ``VocabParallelEmbedding.forward`` calls ``F.embedding`` on the
step's token ids (vllm-project/vllm@7f5d141a
vllm/model_executor/layers/vocab_parallel_embedding.py), and SGLang's calls its method's
``embedding``, ``F.embedding`` for an unquantized table (sgl-project/sglang@d457d825
python/sglang/srt/layers/vocab_parallel_embedding.py ``VocabParallelEmbedding.forward``,
``UnquantizedEmbeddingMethod``): a row of ``hidden_size`` per token in the batch.  The LM head
is read whole every step (``ParallelLMHead``'s weight multiplies the last hidden state in the
logits processor); when the checkpoint ties it to the embedding (SGLang's
``ParallelLMHead.tie_weights``: ``self.weight = embed_tokens.weight``) the one table is that
read, so nothing is gathered apart.
"""

from __future__ import annotations

from toplint.catalog_types import ModelSpec
from toplint.hardware.hfquant import MARGIN_SCALES, SCALES_IN_WIDTH

QUANT_GROUP = 128  # weights per 16-bit scale in a 4-bit checkpoint (AWQ/GPTQ group_size)
TABLE_BYTES = 2.0  # a quantized checkpoint's vocabulary tables: 16 bits


def weight_bytes(model: ModelSpec, *, margin: bool = True) -> float:
    """The checkpoint's bytes: quantized layers at ``layer_bytes`` (``margin``: with the memory
    model's margin scale), embeddings and LM head kept at 16 bits - the LM head at its own width
    where the checkpoint quantizes it (``ModelSpec.lm_head_bytes``)."""
    if model.weight_bytes >= 2.0:
        return model.params_total * model.weight_bytes
    embed = model.table_params
    head = (
        min(float(model.vocab_size * model.hidden_size), embed / 2) if model.lm_head_bytes else 0.0
    )
    tables = (embed - head) * TABLE_BYTES + head * model.lm_head_bytes
    return (model.params_total - embed) * layer_bytes(model, margin=margin) + tables


def layer_bytes(model: ModelSpec, *, margin: bool = True) -> float:
    """Bytes per weight of the checkpoint's layers, its vocabulary tables aside: ``weight_bytes``
    plus a 16-bit scale per group of a 4-bit checkpoint whose width does not count its scales
    (its own ``quant_group``, else 128; ``SCALES_IN_WIDTH``), or, with ``margin``, whose width
    counts them and which the memory model holds a margin for (``MARGIN_SCALES``)."""
    if model.weight_bytes >= 2.0:
        return model.weight_bytes
    method = model.quant_method
    counted = method in SCALES_IN_WIDTH or (not margin and method in MARGIN_SCALES)
    scaled = model.weight_bytes < 1 and not counted
    return model.weight_bytes + (2.0 / (model.quant_group or QUANT_GROUP) if scaled else 0.0)


def expert_bytes(model: ModelSpec, *, margin: bool = True) -> float:
    """The routed experts' share of ``weight_bytes``: at their own width where the checkpoint
    stores them narrower than the rest (``ModelSpec.expert_bytes``: NVFP4 experts beside FP8 or
    16-bit layers), else at the checkpoint's average width."""
    experts = model.routed_params
    total = weight_bytes(model, margin=margin)
    own = experts * model.expert_bytes
    if 0.0 < own < total and model.params_total > experts:
        return own
    return experts * (total / model.params_total) if model.params_total else 0.0


def gathered_bytes(model: ModelSpec) -> float:
    """The input embedding's bytes, which a decode step gathers a row of per token rather than
    reads: one vocabulary x hidden table at the width ``weight_bytes`` gives the tables, when the
    checkpoint's config says its embedding and LM head are two tables (``ModelSpec.vocab_tables``
    2); 0 when they are one (read as the LM head) or the config does not say."""
    if model.vocab_tables != 2:
        return 0.0
    width = model.weight_bytes if model.weight_bytes >= 2.0 else TABLE_BYTES
    return min(float(model.vocab_size * model.hidden_size), model.table_params / 2) * width


def streamed_bytes(model: ModelSpec) -> float:
    """The bytes a decode step reads of the whole checkpoint, before any split over ranks or
    experts: ``weight_bytes`` without the memory model's margin (``MARGIN_SCALES``), less the
    gathered input embedding (``gathered_bytes``)."""
    return weight_bytes(model, margin=False) - gathered_bytes(model)
