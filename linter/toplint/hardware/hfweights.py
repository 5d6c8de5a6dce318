"""Bytes per weight of a Hugging Face checkpoint as an engine serves it, from config.json's
``quantization_config`` and dtype (cost-model.md §5.1, §5.3): one width, FP8 blocks, MXFP4 or
NVFP4 experts, and the checkpoints whose ``config_groups`` or ``ignore`` list give each kind of
layer its own width, weighed by what each kind holds (``Shares``).  Read by
``toplint.hardware.hfconfig``; the field readers and ``Shares`` are ``toplint.hardware.hfquant``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from toplint.hardware.hflayerkinds import ignored_kind, layer_kind
from toplint.hardware.hfquant import Shares, field_first, field_int

__all__ = [
    "expert_bytes_of",
    "lm_head_bytes_of",
    "vocab_fields",
    "weight_bytes_of",
    "width_unresolved",
]


# quant_method values that store 8-bit weights and carry no ``bits`` field: SGLang's
# BASE_QUANTIZATION_METHODS ``blockwise_int8`` (BlockInt8Config: INT8 weights, one scale per
# ``weight_block_size`` block; meituan/DeepSeek-R1-Block-INT8, which sgl-project/sglang
# benchmark/deepseek_v3/README.md serves on 16 A100), ``w8a8_int8`` and ``w8a8_fp8``
# (sgl-project/sglang python/sglang/srt/layers/quantization/__init__.py)
_EIGHT_BIT_METHODS = frozenset({"blockwise_int8", "w8a8_int8", "w8a8_fp8"})

# ModelOpt's MXFP8 (quant_algo "MXFP8", vLLM ``ModelOptMxFp8Config``): E4M3 weights with one E8M0
# scale per MXFP8_BLOCK_SIZE (32) of them, 8.25 bits (vllm-project/vllm
# vllm/model_executor/layers/quantization/modelopt.py, its MXFP8_BLOCK_SIZE / MXFP8_SCALE_DTYPE /
# MXFP8_VALUE_DTYPE from quantization/utils/mxfp8_utils.py); MiniMaxAI/MiniMax-M3-MXFP8 is one
# (vllm-project/recipes#653: its ~513 GB of weights fit 8 x H100 80GB at TP 8).
_MXFP8_BYTES = (8 + 8 / 32) / 8


# The quantization_config fields that give the weights' bits where a method writes them, each as
# its engine's config reads it: GPTQ, AWQ, AutoRound/INC, DeepSpeedFP, GPTQ-Marlin-2:4 ``bits``,
# AutoAWQ ``w_bit``, QQQ's and QoQ's ``wbits`` (vLLM ``QQQConfig.from_config``
# ``get_from_keys(config, ["wbits"])``, SGLang ``QoQConfig.from_config``).  The inventory of
# every quant_method vLLM and SGLang accept, and which of them this module reads, is
# docs/quantization-widths.md.
_BITS = ("bits", "w_bit", "wbits")


def weight_bytes_of(
    cfg: Mapping[str, Any], expert_share: float, shares: Shares | None = None
) -> tuple[float, int]:
    """Bytes per weight as served and the FP8 block size, from quantization_config/dtype.
    ``shares`` (of the layers outside the embedding and LM head) lets a checkpoint whose
    ``config_groups`` quantize named layers at different widths be weighed by what each
    group holds (``_mixed``).  A quantization_config this does not read gives 2 bytes, a
    placeholder ``width_unresolved`` says is one: the spec carries the reason
    (``ModelSpec.width_unknown``) and no fit is judged on it."""
    quant = cfg.get("quantization_config")
    read = _read(cfg, quant, expert_share, shares) if isinstance(quant, Mapping) else None
    # vLLM --dtype auto serves fp32 checkpoints in 16 bits (vllm/config ModelConfig dtype).
    return read if read is not None else (2.0, 0)


def width_unresolved(cfg: Mapping[str, Any]) -> str:
    """Why the checkpoint's bytes per weight cannot be read from its quantization_config, in
    the user's words; "" when they can (or it has none: its dtype's 16 bits).  What an engine
    loads for a method or algorithm toplint does not read (HQQ, GGUF, torchao, Quark, FP-Quant,
    a new ModelOpt ``quant_algo``) is not guessed: weighed at 16 bits, a 4-bit checkpoint's fit
    would be judged on four times its weights."""
    quant = cfg.get("quantization_config")
    if not isinstance(quant, Mapping) or _read(cfg, quant, 0.0, None) is not None:
        return ""
    method = str(quant.get("quant_method", "") or "").strip()
    algo = str(quant.get("quant_algo", "") or "").strip()
    what = f"quant_method {method!r}" if method else "a quantization_config with no quant_method"
    if algo:
        what += f" with quant_algo {algo!r}"
    return f"{what}: toplint does not read its bytes per weight"


def _read(
    cfg: Mapping[str, Any], quant: Mapping[str, Any], expert_share: float, shares: Shares | None
) -> tuple[float, int] | None:
    """``weight_bytes_of`` for a checkpoint with a quantization_config; None when the config
    names a method, algorithm or width toplint does not read."""
    method = str(quant.get("quant_method", "")).lower()
    algo = str(quant.get("quant_algo", "")).lower()
    mixed = _mixed(quant, shares) if shares is not None else None
    if mixed is not None:
        return mixed, 0
    if method in ("compressed-tensors", "modelopt") and shares is not None:
        width = _single_width(quant) if method == "compressed-tensors" else _modelopt(quant)
        if width is not None:
            return _ignoring(quant, shares, width), 0
    if method in ("fp8", "fbgemm_fp8") or algo == "fp8":
        block = quant.get("weight_block_size") or [0]
        if _mxfp4_experts(cfg, quant):
            return expert_share * 4.25 / 8 + (1 - expert_share) * 1.0, field_int(block[0])
        if algo == "mixed_precision" and _group_bits(quant) == {4}:
            # ModelOpt's FP4 re-release of an FP8 checkpoint (nvidia/DeepSeek-V4-*-NVFP4):
            # the routed experts NVFP4 (4 bits and one FP8 scale per 16 = 4.5 bits),
            # attention and shared experts left FP8 (hf_quant_config.json "quantized_layers"
            # layers.N.ffn.experts NVFP4 group_size 16, exclude_modules *.attn.*,
            # *.ffn.shared_experts.*: ai-dynamo/aiconfigurator@1808d648
            # model_configs/nvidia--DeepSeek-V4-Flash-NVFP4_hf_quant_config.json).
            return expert_share * 4.5 / 8 + (1 - expert_share) * 1.0, field_int(block[0])
        return 1.0, field_int(block[0])
    if method in _EIGHT_BIT_METHODS:
        return 1.0, 0
    if method == "mxfp4":
        # gpt-oss: only the experts are MXFP4 (4 bits + one 8-bit scale per 32 = 4.25
        # bits); attention, router and embeddings stay bf16 (cost-model.md §5.1).
        return expert_share * 4.25 / 8 + (1 - expert_share) * 2.0, 0
    if "fp4" in algo:
        return _modelopt(quant) or 0.5, 0
    if method == "modelopt" and algo == "mxfp8":
        return _MXFP8_BYTES, 0
    if method == "bitsandbytes":
        # A pre-quantized bitsandbytes checkpoint has no ``bits``: vLLM's
        # BitsAndBytesConfig.from_config reads load_in_8bit (int8 weights) and otherwise
        # load_in_4bit, default True (two 4-bit weights packed per uint8)
        # (vllm-project/vllm@01f5395f vllm/model_executor/layers/quantization/bitsandbytes.py);
        # unsloth's QwQ-32B-unsloth-bnb-4bit was read as 16-bit (vllm-project/vllm#14452).
        return (1.0 if quant.get("load_in_8bit") is True else 0.5), 0
    if method == "hqq" and (hqq := _hqq(quant)) is not None:
        return hqq
    bits = field_first(quant, *_BITS)
    for group in (quant.get("config_groups") or {}).values():  # compressed-tensors
        bits = bits or (group.get("weights") or {}).get("num_bits")
    if bits:
        return field_int(bits) / 8, 0
    return None


def _hqq(quant: Mapping[str, Any]) -> tuple[float, int] | None:
    """HQQ's width: ``quant_config.weight_quant_params`` ``nbits`` and ``group_size``, each group
    with a scale and a zero point in the model's 16-bit dtype (vLLM ``HQQMarlinConfig.from_config``
    reads those two fields, and ``HQQMarlinMethod.create_weights`` registers ``scale`` and
    ``zero`` of ``params_dtype`` per group: vllm-project/vllm@00119e4e
    vllm/model_executor/layers/quantization/hqq_marlin.py).  None when either is missing."""
    inner = quant.get("quant_config")
    params = inner.get("weight_quant_params") if isinstance(inner, Mapping) else None
    if not isinstance(params, Mapping):
        return None
    bits, size = params.get("nbits"), params.get("group_size")
    if not isinstance(size, int) or isinstance(size, bool) or size <= 0:
        return None
    return (field_int(bits) + 2 * 16 / size) / 8, 0


def lm_head_bytes_of(cfg: Mapping[str, Any]) -> float:
    """Bytes per weight of the LM head of a ModelOpt checkpoint whose ``config_groups`` name it
    (nvidia/Qwen3.6-27B-NVFP4 lists ``lm_head`` in its NVFP4 group beside the MLPs,
    ai-dynamo/aiconfigurator@095f58a5 model_configs/nvidia--Qwen3.6-27B-NVFP4_config.json): vLLM
    serves it as stored - ``ModelOptMixedPrecisionConfig.get_quant_method`` looks a
    ``ParallelLMHead`` up under ``lm_head`` and returns that group's method
    (``ModelOptNvFp4LinearMethod`` for NVFP4, vllm-project/vllm@00155cde
    vllm/model_executor/layers/quantization/modelopt.py).  0 when no group names it: the memory
    model then keeps the LM head in 16 bits (``toplint.outcome.memory.weight_bytes``)."""
    quant = cfg.get("quantization_config")
    if not isinstance(quant, Mapping) or str(quant.get("quant_method", "")).lower() != "modelopt":
        return 0.0
    groups = quant.get("config_groups")
    for group in groups.values() if isinstance(groups, Mapping) else ():
        weights = group.get("weights") if isinstance(group, Mapping) else None
        targets = _targets(group) if isinstance(group, Mapping) else None
        width = _group_width(weights) if isinstance(weights, Mapping) else None
        if width is not None and any(
            t.lower().split(".")[-1] == "lm_head" for t, _ in targets or ()
        ):
            return width
    return 0.0


def vocab_fields(cfg: Mapping[str, Any]) -> dict[str, Any]:
    """The ``ModelSpec`` fields of the vocabulary tables: the LM head's width
    (``lm_head_bytes_of``) and how many tables the config says there are
    (``tie_word_embeddings``: 1 tied, 2 not; 0 when it does not say, whatever default the
    model's own config class has)."""
    tied = cfg.get("tie_word_embeddings")
    tables = (1 if tied else 2) if isinstance(tied, bool) else 0
    return {"lm_head_bytes": lm_head_bytes_of(cfg), "vocab_tables": tables}


def expert_bytes_of(cfg: Mapping[str, Any]) -> float:
    """Bytes per routed-expert weight of a checkpoint that stores its routed experts at a width
    of their own, beside wider layers (``weight_bytes_of`` weighs the two together); 0.0 when
    its experts share its other layers' width or none is known.  The memory model splits the
    checkpoint's bytes by it: an engine spreads the routed experts over more ranks than the
    layers it replicates (vLLM's experts over TP x DP beside each DP rank's whole attention,
    ``toplint.outcome.weights.weights_per_gpu``), so the two parts' own widths decide what a
    rank holds.  The kinds of checkpoint ``weight_bytes_of`` reads so: MXFP4 experts (gpt-oss,
    DeepSeek-V4's ``expert_dtype`` fp4), ModelOpt's NVFP4 experts beside FP8 layers, a mixed
    ``config_groups``, one width whose ``ignore`` list keeps other kinds of layer in 16 bits."""
    quant = cfg.get("quantization_config")
    if not isinstance(quant, Mapping):
        return 0.0
    method = str(quant.get("quant_method", "")).lower()
    algo = str(quant.get("quant_algo", "")).lower()
    mixed = _kind_widths(quant)
    if mixed is not None:
        return mixed.get("experts", 2.0)
    if method in ("compressed-tensors", "modelopt"):
        width = _single_width(quant) if method == "compressed-tensors" else _modelopt(quant)
        kept = _kept_kinds(quant)
        if width is not None and kept - {"tables", None}:
            return 2.0 if "experts" in kept else width
        return 0.0
    if method in ("fp8", "fbgemm_fp8") or algo == "fp8":
        if _mxfp4_experts(cfg, quant):
            return 4.25 / 8
        if algo == "mixed_precision" and _group_bits(quant) == {4}:
            return 4.5 / 8
        return 0.0
    return 4.25 / 8 if method == "mxfp4" else 0.0


def _mixed(quant: Mapping[str, Any], shares: Shares) -> float | None:
    """Bytes per weight of a checkpoint whose ``config_groups`` name the layers each group
    quantizes and give them different widths (ModelOpt's MIXED_PRECISION: nvidia/Qwen3.6-27B-
    NVFP4 keeps every attention projection FP8 in one group and the MLPs NVFP4 in another;
    ai-dynamo/aiconfigurator@095f58a5 model_configs/nvidia--Qwen3.6-27B-NVFP4_config.json,
    which vLLM loads layer by layer as listed, vllm-project/vllm@00155cde
    vllm/model_executor/layers/quantization/modelopt.py ``MIXED_PRECISION``): each kind of
    layer at the widths of the groups naming it, in proportion to how many of its layers each
    names, a kind no group names at 16 bits.  None when the groups share one width or a
    target names no layer (a class or pattern): the checkpoint is then weighed as one width."""
    widths = _kind_widths(quant)
    if widths is None:
        return None

    def of(kind: str) -> float:
        return widths.get(kind, 2.0)

    return (
        shares.attention * of("attention") + shares.experts * of("experts")
        + shares.rest * of("rest")
    )  # fmt: skip


def _kind_widths(quant: Mapping[str, Any]) -> dict[str, float] | None:
    """Each kind of layer a mixed ``config_groups`` names (``_mixed``), at the widths of the
    groups naming it in proportion to how many of its layers each names; the embedding and LM
    head left out (kept at 16 bits by the memory model, ``toplint.outcome.memory``).  None when
    the groups share one width or a target names no layer."""
    groups = quant.get("config_groups")
    if not isinstance(groups, Mapping) or len(groups) < 2:
        return None
    counts: dict[str, dict[float, int]] = {}
    widths = set()
    for group in groups.values():
        weights = group.get("weights") if isinstance(group, Mapping) else None
        targets = _targets(group) if isinstance(group, Mapping) else None
        width = _group_width(weights) if isinstance(weights, Mapping) else None
        if width is None or not targets:
            return None
        widths.add(width)
        for target, n in targets:
            kind = layer_kind(target)
            if kind is None:
                return None
            per = counts.setdefault(kind, {})
            per[width] = per.get(width, 0) + n
    if len(widths) < 2:
        return None
    counts.pop("tables", None)
    return {
        kind: sum(w * n for w, n in per.items()) / sum(per.values()) for kind, per in counts.items()
    }


def _single_width(quant: Mapping[str, Any]) -> float | None:
    """The one width (scales counted) a quantization_config's ``config_groups`` give; None when
    they give none or several."""
    widths = set()
    for group in (quant.get("config_groups") or {}).values():
        weights = group.get("weights") if isinstance(group, Mapping) else None
        width = _group_width(weights) if isinstance(weights, Mapping) else None
        if width is None:
            return None
        widths.add(width)
    return widths.pop() if len(widths) == 1 else None


def _modelopt(quant: Mapping[str, Any]) -> float | None:
    """The width of a ModelOpt checkpoint's one format (``config_groups`` where it writes them):
    NVFP4's 4 bits and one FP8 scale per ``group_size`` (16) weights, 4.5 bits (vLLM
    ``ModelOptNvFp4Config``: ``group_size`` from config.json, 16 by default); FP8's 8 bits;
    MXFP8's 8 bits and one 8-bit scale per 32 (``_MXFP8_BYTES``)."""
    width = _single_width(quant)
    if width is not None:
        return width
    algo = str(quant.get("quant_algo", "")).lower()
    group = quant.get("group_size")
    if algo == "nvfp4":
        size = group if isinstance(group, int) and not isinstance(group, bool) and group > 0 else 16
        return (4 + 8 / size) / 8
    if algo == "mxfp8":
        return _MXFP8_BYTES
    return 1.0 if algo == "fp8" else None


def _ignoring(quant: Mapping[str, Any], shares: Shares, width: float) -> float:
    """Bytes per weight of a checkpoint whose one ``width`` is applied to every ``Linear``
    except the kinds of layer its ``ignore`` list keeps in 16 bits: Kimi-K2.5's and
    Kimi-K2-Thinking's INT4 routed experts beside 16-bit attention, shared experts and dense
    MLPs (``ignore: [lm_head, "re:.*self_attn.*", "re:.*shared_experts.*",
    "re:.*mlp\\.(gate|up|gate_up|down)_proj.*"]``, ai-dynamo/aiconfigurator@095f58a5
    aic-core/src/aiconfigurator_core/model_configs/moonshotai--Kimi-K2.5_config.json; vLLM
    loads an ignored layer unquantized, vllm-project/vllm tests/quantization/
    test_humming_ignore.py on Kimi-K2.6's list), and ModelOpt's NVFP4 releases that keep
    attention 16-bit (nvidia/Kimi-K2.5-NVFP4's ``ignore`` names every layer's ``self_attn``;
    vLLM's ModelOpt config reads config.json's ``ignore`` as its ``exclude_modules``)."""
    kept = _kept_kinds(quant)
    dense = max(0.0, shares.rest - shares.shared)
    parts = (
        (shares.attention, "attention"), (shares.experts, "experts"), (shares.shared, "shared"),
        (dense, "dense"),
    )  # fmt: skip
    return sum(share * (2.0 if kind in kept else width) for share, kind in parts)


def _kept_kinds(quant: Mapping[str, Any]) -> set[str | None]:
    """The kinds of layer a quantization_config's ``ignore`` list keeps in 16 bits
    (``ignored_kind``)."""
    listed = quant.get("ignore")
    if not isinstance(listed, list):
        return set()
    return {ignored_kind(p) for p in listed if isinstance(p, str)}


def _targets(group: Mapping[str, Any]) -> list[tuple[str, int]] | None:
    """A group's targets, each with how many layers it names: config.json's ``targets`` list
    (one layer a name), or the catalog's ``target_counts`` (the list with layer numbers written
    ``*``, counted: scripts/gen_models.py ``trim_group``)."""
    listed, counted = group.get("targets"), group.get("target_counts")
    if isinstance(listed, list):
        return [(str(t), 1) for t in listed]
    if isinstance(counted, Mapping):
        try:
            return [(str(t), field_int(n)) for t, n in counted.items()]
        except ValueError:
            return None
    return None


def _group_width(weights: Mapping[str, Any]) -> float | None:
    """Bytes per weight of one ``config_groups`` entry: its ``num_bits`` and the scale each
    group of ``group_size`` weights carries - 8 bits for a 4-bit float format (NVFP4's FP8
    scale per 16: 4.5 bits, NVIDIA/Model-Optimizer's NVFP4 export; MXFP4's E8M0 per 32), 16
    for an integer one (the model's dtype: vLLM's CompressedTensorsWNA16 ``weight_scale`` is
    ``params_dtype``, one per group; Kimi-K2.5's INT4 per 32 weighs 4.5 bits) with a zero point
    per group when not ``symmetric``."""
    try:
        bits = field_int(weights.get("num_bits"))
    except ValueError:
        return None
    if not 1 <= bits <= 16:
        return None
    size = weights.get("group_size")
    if not isinstance(size, int) or isinstance(size, bool) or size <= 0 or bits >= 8:
        return bits / 8
    kind = str(weights.get("type", "")).lower()
    if kind == "float" and bits == 4:
        return (bits + 8 / size) / 8
    if kind == "int":
        zero = bits if weights.get("symmetric") is False else 0
        return (bits + (16 + zero) / size) / 8
    return bits / 8


def _group_bits(quant: Mapping[str, Any]) -> set[int]:
    """The weight widths a compressed-tensors-style ``config_groups`` gives."""
    groups = quant.get("config_groups") or {}
    if not isinstance(groups, Mapping):
        return set()
    weights = [g.get("weights") for g in groups.values() if isinstance(g, Mapping)]
    return {
        field_int(w["num_bits"])
        for w in weights
        if isinstance(w, Mapping) and w.get("num_bits") is not None
    }


def _mxfp4_experts(cfg: Mapping[str, Any], quant: Mapping[str, Any]) -> bool:
    """A DeepSeek-V4 FP8 checkpoint whose routed experts are MXFP4 (4 bits and one 8-bit scale
    per 32 weights), its other layers FP8 blocks: vLLM keys the experts' method off the
    config's ``expert_dtype``, "fp4" (DeepSeek-V4-Flash) or "fp8" (Flash-Base), reading a
    missing one as "fp4" (vllm-project/vllm@023da1fc
    vllm/model_executor/models/deepseek_v4.py ``DeepseekV4FP8Config``: ``Mxfp4MoEMethod``
    for "fp4"; ``DeepseekV4MegaMoEExperts`` packs two weights per uint8 and one uint8 scale per
    32).  Only a config that says so counts: vLLM's default for a missing one is not applied,
    since the catalog keeps a re-release's quantization_config alone (an FP8 re-release's
    experts are FP8; ``Entry.spec``)."""
    dtype = cfg.get("expert_dtype") or quant.get("expert_dtype")
    return dtype is not None and str(dtype).lower() == "fp4"
