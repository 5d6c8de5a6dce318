"""Generate the model catalog (``toplint/hardware/data/models_gen.json``) from real config.json.

Run by hand, never at lint time::

    python scripts/gen_models.py [--mirrors /work/.mirror] [--check]

Every architecture is read from a public repository pinned to a commit
(``scripts/models_manifest.yaml`` names the repository, commit and file of each): a verbatim
``config.json`` copy (NVIDIA aiconfigurator's ``model_configs/``, or a model folder another project
commits: a source whose ``reader`` is ``json``), a ``config.json`` dict literal
(MLC-LLM's ``model_preset.py``, read with ``ast.literal_eval``) or a transcription of one
(GenZ-LLM-Analyzer ``Model_sets``, whose comments cite the Hugging Face config.json each was
copied from).  Nothing is imported or executed from those files.  The fields kept are the ones
``toplint.hardware.hfconfig.spec_from_hf_config`` reads, so the script and the linter read a
config the same way; each architecture is checked by that reader, and one whose computed
parameter count disagrees with the size in its name by more than 25% is left out (printed), as
is one that two sources disagree on.

The repositories are read from bare git mirrors (``<mirrors>/<owner>+<name>/repo``, as the
project's ``fetch`` tool lays them out) with ``git show COMMIT:PATH``; ``--check`` regenerates
and fails when the shipped file differs.
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "linter"))

from toplint.hardware.hfconfig import spec_from_hf_config  # noqa: E402
from toplint.hardware.modelcatalog import build_index  # noqa: E402

MANIFEST = ROOT / "scripts" / "models_manifest.yaml"
HAND = ROOT / "linter" / "toplint" / "hardware" / "data" / "models.yaml"
OUT = ROOT / "linter" / "toplint" / "hardware" / "data" / "models_gen.json"
INDEX = OUT.with_name("models_index.json")

# The config.json fields spec_from_hf_config reads (toplint.hardware.hfconfig), and nothing else.
FIELDS = (
    "model_type",
    "hidden_size",
    "n_embd",
    "d_model",
    "num_hidden_layers",
    "n_layer",
    "num_layers",
    "num_attention_heads",
    "n_head",
    "num_key_value_heads",
    "num_kv_heads",
    "n_head_kv",
    "num_heads",
    "multi_query",
    "new_decoder_architecture",
    "head_dim",
    "intermediate_size",
    "intermediate_size_mlp",
    "ffn_dim",
    "n_inner",
    "d_kv",
    "d_ff",
    "num_decoder_layers",
    "feed_forward_proj",
    "moe_intermediate_size",
    "shared_expert_intermediate_size",
    "vocab_size",
    "n_routed_experts",
    "num_local_experts",
    "num_experts",
    "num_experts_per_tok",
    "num_experts_per_token",
    "experts_per_token",
    "top_k_experts",
    "n_shared_experts",
    "num_shared_experts",
    "routed_expert_hidden_size",
    "expert_dtype",  # DeepSeek-V4: MXFP4 routed experts in an FP8 checkpoint (hfweights)
    "compress_ratios",  # DeepSeek-V4: compressed attention's KV per layer (hfattention)
    "index_head_dim",
    "first_k_dense_replace",
    "moe_layer_freq",
    "decoder_sparse_step",
    "interleave_moe_layer_step",
    "mlp_only_layers",
    "kv_lora_rank",
    "q_lora_rank",
    "qk_rope_head_dim",
    "qk_nope_head_dim",
    "v_head_dim",
    "sliding_window",
    "sliding_window_pattern",
    "layer_types",
    "linear_attn_config",  # Kimi Linear / Kimi-K3: KDA layers and widths (trimmed below)
    # Gated DeltaNet layers (Qwen3-Next, Qwen3.5/3.6: toplint.hardware.hflinear)
    "linear_num_key_heads",
    "linear_key_head_dim",
    "linear_num_value_heads",
    "linear_value_head_dim",
    "linear_conv_kernel_dim",
    "full_attention_interval",
    "attn_output_gate",
    "cross_attention_layers",
    "tie_word_embeddings",
    "torch_dtype",
    "dtype",
    "max_position_embeddings",
    "n_positions",
    # hybrid Mamba/attention/MoE stacks (toplint.hardware.hfhybrid)
    "hybrid_override_pattern",
    "layers_block_type",
    "mamba_num_heads",
    "mamba_head_dim",
    "n_groups",
    "ssm_state_size",
    "conv_kernel",
    "mamba_ssm_cache_dtype",
    "moe_latent_size",
    "moe_shared_expert_intermediate_size",
    "attention_head_dim",
    "checkpoint_bytes",
    # multi-token-prediction layers a speculative draft loads (toplint.hardware.hfmtp)
    "num_nextn_predict_layers",
    "mtp_num_hidden_layers",
)
# The linear_attn_config fields toplint.hardware.hfkda reads (Kimi Linear, Kimi-K3).
KDA_FIELDS = ("kda_layers", "num_heads", "head_dim", "short_conv_kernel_size")
# Checkpoints whose vision tower toplint counts (toplint.hardware.hftower.KINDS) and the
# vision_config fields it reads.  InternVL's (internvl_chat) is not carried: no architecture
# row reads an InternVL config.json, and its tower needs the outer select_layer and
# downsample_ratio too (hftower.internvit_params).
TOWER_KINDS = ("qwen3_5", "qwen3_5_moe")
VISION_FIELDS = (
    *("depth", "hidden_size", "intermediate_size", "out_hidden_size", "num_heads"),
    *("patch_size", "temporal_patch_size", "in_channels", "spatial_merge_size"),
    *("num_position_embeddings", "deepstack_visual_indexes"),
)
QUANT_FIELDS = ("quant_method", "quant_algo", "bits", "w_bit", "weight_block_size")
# Suffixes a re-release carries (quantization) on top of its architecture's name; a bit width
# alone ("lmdeploy/llama2-chat-70b-4bit") is the width its weights are served at, as
# toplint.hardware.models reads such a name (``_QUANT_BYTES`` "4bit"/"8bit"); a release number
# after it ("nvidia/DeepSeek-R1-0528-NVFP4-v2", NVIDIA's second NVFP4 release) keeps the format.
QUANT_SUFFIX = re.compile(
    r"[-.](NVFP4-FP8|FP8-Static-PerTensor|FP8-dynamic|FP8|NVFP4|FP4|BF16|AWQ|GPTQ-Int4|GPTQ-Int8|"
    r"AWQ-INT4|GPTQ-INT4|GPTQ|W4A16|W8A16|W8A8|MXFP4|4bit|8bit)(?:-v\d+)?$",
    re.IGNORECASE,
)
INSTRUCT = re.compile(r"(?i)(instruct|chat|-it\b|-it-|thinking|-sft|hermes)")
SIZE = re.compile(r"(?i)(?<![a-z0-9.])(\d+(?:\.\d+)?(?:x\d+(?:\.\d+)?)?)([bm])(?![a-z0-9])")


def git_show(mirrors: Path, repo: str, commit: str, path: str) -> str:
    git_dir = mirrors / repo.replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout


def trim(config: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {k: config[k] for k in FIELDS if config.get(k) is not None}
    linear = out.get("linear_attn_config")
    if isinstance(linear, Mapping):  # what toplint.hardware.hfkda reads of it
        out["linear_attn_config"] = {k: linear[k] for k in KDA_FIELDS if k in linear}
    for nested in ("text_config", "llm_config"):  # hfconfig._NESTED_LM
        text = config.get(nested)
        if isinstance(text, Mapping) and "hidden_size" in text:
            out[nested] = trim(text)
            # The model's output embedding is tied or not as the outer config says when the
            # language model's own config is silent (Molmo2's text_config): the reader takes the
            # nested config alone, so the outer value is carried into it.
            if "tie_word_embeddings" in config and "tie_word_embeddings" not in text:
                out[nested]["tie_word_embeddings"] = config["tie_word_embeddings"]
    quant = config.get("quantization_config")
    if isinstance(quant, Mapping):
        out["quantization_config"] = trim_quant(quant)
    vision = config.get("vision_config")
    if isinstance(vision, Mapping) and config.get("model_type") in TOWER_KINDS:
        # the widths toplint.hardware.hftower counts the vision tower's parameters from
        out["vision_config"] = {k: vision[k] for k in VISION_FIELDS if vision.get(k) is not None}
    return out


def trim_quant(quant: Mapping[str, Any]) -> dict[str, Any]:
    out = {k: quant[k] for k in QUANT_FIELDS if quant.get(k) is not None}
    groups = quant.get("config_groups")
    if isinstance(groups, Mapping):
        out["config_groups"] = {
            name: trim_group(g) for name, g in groups.items() if isinstance(g, Mapping)
        }
    ignore = quant.get("ignore")
    if isinstance(ignore, list) and ignore:
        # The layers kept unquantized (toplint.hardware.hfweights weighs the kinds of layer they
        # name), numbered layers folded as in target_counts, each name once.
        folded = (re.sub(r"\.\d+(?=[.*]|$)", ".*", str(i)).replace("**", "*") for i in ignore)
        out["ignore"] = list(dict.fromkeys(folded))
    return out


GROUP_WEIGHT_FIELDS = ("num_bits", "type", "group_size")


def trim_group(group: Mapping[str, Any]) -> dict[str, Any]:
    """One ``config_groups`` entry: its weights' width and format, and its targets counted by
    name with the layer number written ``*`` (``target_counts``: 64 ``model.layers.*.mlp.
    down_proj`` for 64 names), which ``toplint.hardware.hfweights`` reads as it reads the list."""
    weights = group.get("weights") or {}
    out: dict[str, Any] = {
        "weights": {k: weights[k] for k in GROUP_WEIGHT_FIELDS if weights.get(k) is not None}
    }
    targets = group.get("targets")
    if isinstance(targets, list) and targets:
        counts: dict[str, int] = {}
        for target in targets:
            name = re.sub(r"\.\d+\.", ".*.", str(target))
            counts[name] = counts.get(name, 0) + 1
        out["target_counts"] = dict(sorted(counts.items()))
    return out


def quant_of_hf_quant_config(text: str) -> dict[str, Any]:
    """ModelOpt's hf_quant_config.json (``quantization.quant_algo``) as quantization_config."""
    algo = (json.loads(text).get("quantization") or {}).get("quant_algo")
    return {"quant_method": "modelopt", "quant_algo": algo} if algo else {}


# ---- readers -------------------------------------------------------------------------------------


def read_aic(mirrors: Path, src: Mapping[str, Any], stem: str) -> tuple[dict[str, Any], str]:
    path = f"{src['dir']}/{stem}_config.json"
    config = trim(json.loads(git_show(mirrors, src["repo"], src["commit"], path)))
    if "quantization_config" not in config:
        try:
            quant_text = git_show(
                mirrors, src["repo"], src["commit"], f"{src['dir']}/{stem}_hf_quant_config.json"
            )
        except subprocess.CalledProcessError:
            quant_text = ""
        quant = quant_of_hf_quant_config(quant_text) if quant_text else {}
        if quant:
            config["quantization_config"] = quant
    return config, f"github.com/{src['repo']}@{src['commit'][:10]} {path}"


_MLC: dict[str, dict[str, Any]] = {}


def read_mlc(mirrors: Path, src: Mapping[str, Any], key: str) -> tuple[dict[str, Any], str]:
    if not _MLC:
        tree = ast.parse(git_show(mirrors, src["repo"], src["commit"], src["path"]))
        for node in tree.body:
            value = getattr(node, "value", None)
            if isinstance(value, ast.Dict):
                _MLC.update(ast.literal_eval(value))
    return trim(
        _MLC[key]
    ), f"github.com/{src['repo']}@{src['commit'][:10]} {src['path']} MODEL_PRESETS[{key!r}]"


_GENZ_FIELDS = {
    "hidden_size": "hidden_size",
    "num_attention_heads": "num_attention_heads",
    "num_key_value_heads": "num_key_value_heads",
    "head_dim": "head_dim",
    "intermediate_size": "intermediate_size",
    "num_decoder_layers": "num_hidden_layers",
    "vocab_size": "vocab_size",
    "sliding_window": "sliding_window",
    "num_experts": "num_local_experts",
    "expert_top_k": "num_experts_per_tok",
    "moe_intermediate_size": "moe_intermediate_size",
    "n_shared_experts": "n_shared_experts",
    "shared_expert_intermediate_size": "shared_expert_intermediate_size",
    "first_k_dense_replace": "first_k_dense_replace",
}


def _arith(node: ast.AST) -> Any:
    """A literal or a product/sum of literals (GenZ writes ``4*2048``); anything else raises."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Mult, ast.Add, ast.FloorDiv)):
        left, right = _arith(node.left), _arith(node.right)
        if isinstance(node.op, ast.FloorDiv):
            return left // right
        return left * right if isinstance(node.op, ast.Mult) else left + right
    if isinstance(node, (ast.List, ast.Tuple)):
        return [_arith(e) for e in node.elts]
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        return f"{node.value.id}.{node.attr}"  # an enum member, by name
    return ast.literal_eval(node)


def read_genz(mirrors: Path, src: Mapping[str, Any], ref: str) -> tuple[dict[str, Any], str]:
    module, var = ref.split(".", 1)
    path = f"{src['dir']}/{module}.py"
    text = git_show(mirrors, src["repo"], src["commit"], path)
    for node in ast.parse(text).body:
        if not (isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)):
            continue
        if not any(isinstance(t, ast.Name) and t.id == var for t in node.targets):
            continue
        config: dict[str, Any] = {}
        for kw in node.value.keywords:
            if kw.arg in _GENZ_FIELDS:
                value = _arith(kw.value)
                config[_GENZ_FIELDS[kw.arg]] = int(value) if isinstance(value, float) else value
        if config.get("num_local_experts", 1) <= 1:
            config.pop("num_local_experts", None)
            config.pop("num_experts_per_tok", None)
        cited = text.splitlines()[node.lineno - 2].lstrip("# ").strip()
        where = (
            f"github.com/{src['repo']}@{src['commit'][:10]} {path} {var} (transcribed from {cited})"
        )
        return config, where
    raise KeyError(f"{path}: no {var}")


_GEMMA_TYPES = {
    "Architecture.GEMMA_1": "gemma",
    "Architecture.GEMMA_2": "gemma2",
    "Architecture.GEMMA_3": "gemma3_text",
}
_GEMMA_LAYERS = {
    "AttentionType.GLOBAL": "full_attention",
    "AttentionType.LOCAL_SLIDING": "sliding_attention",
}


def read_gemma(mirrors: Path, src: Mapping[str, Any], func: str) -> tuple[dict[str, Any], str]:
    """Google's own config of one Gemma size: gemma_pytorch ``gemma/config.py`` ``func``
    (``GemmaConfig`` keywords over the dataclass defaults; ``attn_types`` repeats over the
    layers, as gemma/model.py applies it)."""
    tree = ast.parse(git_show(mirrors, src["repo"], src["commit"], src["path"]))
    values: dict[str, Any] = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == "GemmaConfig":
            for item in node.body:
                named = isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)
                if named and item.value is not None and item.target.id != "tokenizer":
                    values[item.target.id] = _arith(item.value)
    call = next(
        n
        for f in tree.body
        if isinstance(f, ast.FunctionDef) and f.name == func
        for n in ast.walk(f)
        if isinstance(n, ast.Call) and getattr(n.func, "id", "") == "GemmaConfig"
    )
    for kw in call.keywords:
        if kw.arg in ("dtype", "tokenizer", "vision_config", "rope_wave_length"):
            continue
        values[str(kw.arg)] = _arith(kw.value)
    config = {k: values[k] for k in CORE if k in values}
    config["model_type"] = _GEMMA_TYPES[values["architecture"]]
    config["torch_dtype"] = "bfloat16"
    kinds = values.get("attn_types")
    if kinds:
        layers = int(values["num_hidden_layers"])
        config["layer_types"] = [_GEMMA_LAYERS[kinds[i % len(kinds)]] for i in range(layers)]
        config["sliding_window"] = values["sliding_window_size"]
    return config, f"github.com/{src['repo']}@{src['commit'][:10]} {src['path']} {func}()"


_KAITO: dict[str, dict[str, Any]] = {}
_KAITO_FIELDS = {
    "hiddenSize": "hidden_size",
    "numHiddenLayers": "num_hidden_layers",
    "numAttentionHeads": "num_attention_heads",
    "numKeyValueHeads": "num_key_value_heads",
    "headDim": "head_dim",
    "kvLoraRank": "kv_lora_rank",
    "qkRopeHeadDim": "qk_rope_head_dim",
}
_GIB = {"Gi": 1024**3, "Mi": 1024**2}


def read_kaito(mirrors: Path, src: Mapping[str, Any], name: str) -> tuple[dict[str, Any], str]:
    """A partial architecture: the fields KAITO's generator copied from the model's config.json
    into presets/workspace/models/model_catalog.yaml, and the checkpoint's size (modelFileSize)."""
    if not _KAITO:
        data = yaml.safe_load(git_show(mirrors, src["repo"], src["commit"], src["path"]))
        _KAITO.update({m["name"]: m for m in data["models"]})
    raw = _KAITO[name]
    config = {hf: raw[k] for k, hf in _KAITO_FIELDS.items() if raw.get(k)}
    size = str(raw["modelFileSize"])
    config["checkpoint_bytes"] = int(float(size[:-2]) * _GIB[size[-2:]])
    return config, f"github.com/{src['repo']}@{src['commit'][:10]} {src['path']} name={name}"


# A transcription leaves out fields the config class then defaults: transformers
# Qwen2Config(tie_word_embeddings=False) (models/qwen2/configuration_qwen2.py).
_TYPE_DEFAULTS: dict[str, dict[str, Any]] = {"qwen2": {"tie_word_embeddings": False}}

_GPUPOOR: dict[str, dict[str, Any]] = {}
# What the config class of each architecture fills in for a field its config.json leaves out
# (gpu_poor keeps six fields only): transformers LlamaConfig(model_type="llama",
# tie_word_embeddings=False); Baichuan2's remote-code config as MLC-LLM's verbatim copy writes it
# (model_type "baichuan", tie_word_embeddings False).
_CLASS_DEFAULTS = {
    "LlamaForCausalLM": {"model_type": "llama", "tie_word_embeddings": False},
    # the pre-release spelling of the same class (transformers before 4.28)
    "LLaMAForCausalLM": {"model_type": "llama", "tie_word_embeddings": False},
    "BaichuanForCausalLM": {"model_type": "baichuan", "tie_word_embeddings": False},
    # transformers 4.46.3 models/gpt_neox/configuration_gpt_neox.py: model_type "gpt_neox",
    # GPTNeoXConfig(tie_word_embeddings=False) (a separate embed_out).
    "GPTNeoXForCausalLM": {"model_type": "gpt_neox", "tie_word_embeddings": False},
    # Falcon's RW remote code: model_type differs by size ("RefinedWebModel" 7B, "RefinedWeb"
    # 40B), so the manifest entry names it; RWConfig leaves tie_word_embeddings at
    # PretrainedConfig's True and RWForCausalLM loads without an lm_head.weight (tied):
    # tenstorrent/tt-buda@97caab7903 pybuda/test/falcon/models/falcon7b/modelling_RW_original.py.
    "RWForCausalLM": {"tie_word_embeddings": True},
    # Qwen-1's remote-code config as MLC-LLM's verbatim copy of one writes it (mlc-ai/mlc-llm@
    # 79d603f085 model_preset.py MODEL_PRESETS["qwen"]: model_type "qwen", tie_word_embeddings
    # False; its intermediate_size counts both MLP halves, hfconfig._FFN_COUNTS_BOTH).
    "QWenLMHeadModel": {"model_type": "qwen", "tie_word_embeddings": False},
    # GPT-2 as MLC-LLM's verbatim gpt2-medium config.json writes it (MODEL_PRESETS["gpt2_medium"]:
    # model_type "gpt2", no tie_word_embeddings, so PretrainedConfig's True: lm_head tied).
    "GPT2LMHeadModel": {"model_type": "gpt2"},
    # Mistral as MLC-LLM's verbatim Mistral-7B config.json writes it (MODEL_PRESETS["mistral_7b"]:
    # model_type "mistral", tie_word_embeddings False).
    "MistralForCausalLM": {"model_type": "mistral", "tie_word_embeddings": False},
    # huggingface/transformers@d94ee404ad src/transformers/models/bloom/configuration_bloom.py:
    # model_type "bloom", no tie_word_embeddings argument (PretrainedConfig's True: the output
    # head is the word embeddings); its n_embed is the hidden size, which gpu_poor drops.
    "BloomForCausalLM": {"model_type": "bloom"},
    # LLaVA 1.5's language model: haotian-liu/LLaVA@5d310ff03f
    # llava/model/language_model/llava_llama.py (LlavaConfig(LlamaConfig), model_type "llava";
    # LlavaLlamaForCausalLM builds its own lm_head: LlamaConfig's untied embeddings).
    "LlavaLlamaForCausalLM": {"model_type": "llava", "tie_word_embeddings": False},
}


def read_gpupoor(mirrors: Path, src: Mapping[str, Any], name: str) -> tuple[dict[str, Any], str]:
    """Six fields of a model's config.json (architectures, hidden size, FFN width, heads, layers,
    vocabulary) as gpu_poor's ``public/all_configs.json`` copies them per Hugging Face id.  It
    keeps no ``num_key_value_heads``: only architectures without grouped KV heads are read from
    it (the reader then counts one KV head per head)."""
    if not _GPUPOOR:
        _GPUPOOR.update(json.loads(git_show(mirrors, src["repo"], src["commit"], src["path"])))
    raw = _GPUPOOR[name]
    arch = (raw.get("architectures") or [""])[0]
    config = {**_CLASS_DEFAULTS[arch], **trim(raw)}
    return config, f"github.com/{src['repo']}@{src['commit'][:10]} {src['path']} [{name!r}]"


def read_json(mirrors: Path, src: Mapping[str, Any], path: str) -> tuple[dict[str, Any], str]:
    """A verbatim ``config.json`` copy committed to a public repository (a model folder a
    project vendors): ``path`` in the source's repository at its commit."""
    config = trim(json.loads(git_show(mirrors, src["repo"], src["commit"], path)))
    return config, f"github.com/{src['repo']}@{src['commit'][:10]} {path}"


def _sku_names(tree: ast.Module) -> dict[str, Any]:
    """Module-level NAME = <literal> assignments (sku_list.py's LLAMA3_VOCAB_SIZE)."""
    names: dict[str, Any] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Name) and isinstance(node.value, ast.Constant):
                names[target.id] = node.value.value
    return names


def read_meta(mirrors: Path, src: Mapping[str, Any], repo_id: str) -> tuple[dict[str, Any], str]:
    """A Llama 3.2 Vision model's language model as Meta states it (llama-models
    ``models/sku_list.py``: the ``Model(huggingface_repo=<id>, arch_args={...})`` dict, read with
    ``ast``), turned into the Hugging Face mllama text config the way transformers' own converter
    does (transformers 4.46.3 models/mllama/convert_mllama_weights_to_hf.py ``write_model``:
    ``compute_intermediate_size`` = multiple_of-rounded int(1.3 * 4 * int(2 * dim / 3));
    n_layers + vision_num_cross_attention_layers layers, the cross-attention ones at
    range(f - 1, total, f + 1) for f = ceil(n_layers / cross layers); untied embeddings; bf16;
    CONTEXT_LENGTH 131072)."""
    tree = ast.parse(git_show(mirrors, src["repo"], src["commit"], src["path"]))
    names = _sku_names(tree)
    call = next(
        n
        for n in ast.walk(tree)
        if isinstance(n, ast.Call)
        and any(
            kw.arg == "huggingface_repo"
            and isinstance(kw.value, ast.Constant)
            and kw.value.value == repo_id
            for kw in n.keywords
        )
    )
    node = next(kw.value for kw in call.keywords if kw.arg == "arch_args")
    if not isinstance(node, ast.Dict):
        raise SystemExit(f"{src['path']} {repo_id}: arch_args is not a dict literal")
    args = {
        ast.literal_eval(k): names[v.id] if isinstance(v, ast.Name) else ast.literal_eval(v)
        for k, v in zip(node.keys, node.values, strict=True)
        if k is not None
    }
    dim, layers = int(args["dim"]), int(args["n_layers"])
    cross, multiple = int(args["vision_num_cross_attention_layers"]), int(args["multiple_of"])
    ffn = int(1.3 * (4 * int(2 * dim / 3)))
    every, total = -(-layers // cross), layers + cross
    config = {
        "model_type": "mllama_text_model",
        "hidden_size": dim,
        "num_hidden_layers": total,
        "num_attention_heads": int(args["n_heads"]),
        "num_key_value_heads": int(args["n_kv_heads"]),
        "intermediate_size": multiple * ((ffn + multiple - 1) // multiple),
        "vocab_size": int(args["vocab_size"]),
        "cross_attention_layers": list(range(every - 1, total, every + 1)),
        "tie_word_embeddings": False,
        "torch_dtype": "bfloat16",
        "max_position_embeddings": 131072,
    }
    where = f"github.com/{src['repo']}@{src['commit'][:10]} {src['path']} arch_args of {repo_id}"
    return config, where + " (as transformers' convert_mllama_weights_to_hf.py converts them)"


def read_evo(mirrors: Path, src: Mapping[str, Any], path: str) -> tuple[dict[str, Any], str]:
    """An InternLM2 size as InternLM's own training framework configures it (InternEvo
    ``configs/_base_/models/internlm2_*.py``: VOCAB_SIZE, HIDDEN_SIZE, NUM_ATTENTION_HEAD,
    NUM_KV_ATTENTION_HEAD, MLP_RATIO, NUM_LAYER, read with ``ast``).  The MLP is gated and
    int(hidden * MLP_RATIO) wide rounded up to a multiple of 256, and the output head is its
    own layer (internlm/model/modeling_internlm2.py ``self.feed_forward``/``self.output``,
    internlm/model/modules/mlp.py ``multiple_of=256``)."""
    tree = ast.parse(git_show(mirrors, src["repo"], src["commit"], path))
    values: dict[str, Any] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Name) and target.id.isupper():
                value = node.value
                if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Div):
                    values[target.id] = _arith(value.left) / _arith(value.right)
                elif isinstance(value, ast.Constant):
                    values[target.id] = value.value
    if values.get("model_type") is not None or "MLP_RATIO" not in values:
        raise SystemExit(f"{path}: not an InternEvo model config with an MLP_RATIO")
    hidden = int(values["HIDDEN_SIZE"])
    ffn = int(hidden * values["MLP_RATIO"])
    config = {
        "model_type": "internlm2",
        "hidden_size": hidden,
        "num_hidden_layers": int(values["NUM_LAYER"]),
        "num_attention_heads": int(values["NUM_ATTENTION_HEAD"]),
        "num_key_value_heads": int(values["NUM_KV_ATTENTION_HEAD"]),
        "intermediate_size": 256 * ((ffn + 255) // 256),
        "vocab_size": int(values["VOCAB_SIZE"]),
        "tie_word_embeddings": False,
    }
    return config, f"github.com/{src['repo']}@{src['commit'][:10]} {path}"


_MEGATRON = {
    "--num-layers": "num_hidden_layers",
    "--hidden-size": "hidden_size",
    "--ffn-hidden-size": "intermediate_size",
    "--num-attention-heads": "num_attention_heads",
    "--kv-channels": "head_dim",
    "--vocab-size": "vocab_size",
    "--padded-vocab-size": "vocab_size",
    "--num-experts": "n_routed_experts",
    "--moe-router-topk": "num_experts_per_tok",
    "--moe-ffn-hidden-size": "moe_intermediate_size",
    "--moe-shared-expert-intermediate-size": "shared_expert_intermediate_size",
}
_SHELL_INT = re.compile(r"^([A-Z_]+)=(\d+)$", re.MULTILINE)


def read_megatron(mirrors: Path, src: Mapping[str, Any], path: str) -> tuple[dict[str, Any], str]:
    """An architecture as a Megatron model script states it for converting the Hugging Face
    checkpoint (slime's ``scripts/models/*.sh`` ``MODEL_ARGS``: layers, widths, heads, query
    groups, vocabulary, experts; ``--moe-layer-freq [0]*N+[1]*M`` = N leading dense layers).
    Only gated (``--swiglu``) models; shell integers and ``$((A + B))`` are evaluated, nothing
    else is."""
    text = git_show(mirrors, src["repo"], src["commit"], path)
    names = {k: int(v) for k, v in _SHELL_INT.findall(text)}

    def value(name: str) -> int:
        if name not in names:
            raise SystemExit(f"{path}: ${name} is not a plain integer the script sets")
        return names[name]

    args = text.split("MODEL_ARGS=(", 1)[1].split("\n)", 1)[0]  # the closing line
    args = re.sub(r"\$\(\((\w+) \+ (\w+)\)\)", lambda m: str(value(m[1]) + value(m[2])), args)
    args = re.sub(r"\$(\w+)", lambda m: str(value(m[1])), args)
    tokens = [t for line in args.splitlines() for t in line.split("#", 1)[0].split()]
    if "--swiglu" not in tokens:
        raise SystemExit(f"{path}: not a gated (--swiglu) model; the reader would misread it")
    config: dict[str, Any] = {}
    for flag, value in zip(tokens, [*tokens[1:], ""], strict=True):
        if flag in _MEGATRON:
            config[_MEGATRON[flag]] = int(value)
    if "--group-query-attention" in tokens:
        config["num_key_value_heads"] = int(tokens[tokens.index("--num-query-groups") + 1])
    config["tie_word_embeddings"] = "--untie-embeddings-and-output-weights" not in tokens
    if "--moe-layer-freq" in tokens:
        freq = tokens[tokens.index("--moe-layer-freq") + 1]
        dense = re.fullmatch(r"\[0\]\*(\d+)\+\[1\]\*(\d+)", freq)
        if dense is None:
            raise SystemExit(f"{path}: --moe-layer-freq {freq} is not N dense then M MoE layers")
        config["first_k_dense_replace"] = int(dense[1])
    return config, f"github.com/{src['repo']}@{src['commit'][:10]} {path} MODEL_ARGS"


_PAI = {
    "NUM_LAYERS": "num_hidden_layers",
    "HIDDEN_SIZE": "hidden_size",
    "NUM_ATTN_HEADS": "num_attention_heads",
    "INTERMEDIATE_SIZE": "intermediate_size",
    "NUM_KEY_VALUE_HEADS": "num_key_value_heads",
    "VOCAB_SIZE": "vocab_size",
    # a MoE size (examples/qwen2/run_mcore_qwen.sh MODEL_SIZE=A14B: --num-experts,
    # --moe-router-topk, --moe-ffn-hidden-size, --shared-moe-ffn-hidden-size)
    "NUM_EXPERTS": "num_experts",
    "NUM_EXPERTS_PER_TOPK": "num_experts_per_tok",
    "MOE_INTERMEDIATE_SIZE": "moe_intermediate_size",
    "SHARED_EXPERT_INTERMEDIATE_SIZE": "shared_expert_intermediate_size",
    # DeepSeek-V2's MLA and MoE (examples/deepseek_v2/run_mcore_deepseek.sh MODEL_SIZE=A21B:
    # --q-lora-rank, --kv-lora-rank, --qk-head-dim, --qk-pos-emb-head-dim, --v-head-dim,
    # --moe-router-topk, --moe-layer-freq; the shared experts' width is NUM_SHARED_EXPERTS x
    # MOE_INTERMEDIATE_SIZE, as the script's --moe-shared-expert-intermediate-size computes)
    "Q_LORA_RANK": "q_lora_rank",
    "KV_LORA_RANK": "kv_lora_rank",
    "QK_NOPE_HEAD_DIM": "qk_nope_head_dim",
    "QK_ROPE_HEAD_DIM": "qk_rope_head_dim",
    "V_HEAD_DIM": "v_head_dim",
    "ROUTER_TOPK": "num_experts_per_tok",
    "NUM_SHARED_EXPERTS": "n_shared_experts",
    "MOE_LAYER_FREQ": "moe_layer_freq",
}
# The scripts' own arithmetic for a vocabulary given as extra tokens: "151643 + 293 = 151936".
_PAI_EXTRA = re.compile(r"# (\d+) \+ \d+ = \d+")


def read_pai(mirrors: Path, src: Mapping[str, Any], key: str) -> tuple[dict[str, Any], str]:
    """One size of a Qwen family as Alibaba's Pai-Megatron-Patch run script sets it for
    converting the checkpoint (``key`` = ``<script>#<size>``; the ``if [ $MODEL_SIZE = <size> ]``
    block: layers, hidden, heads, FFN width, KV heads or ``--num-query-groups``, vocabulary as
    ``VOCAB_SIZE`` or base + ``EXTRA_VOCAB_SIZE`` where the script states its base, untied
    embeddings).  A Qwen2-VL/2.5-VL script sets the language model only."""
    path, size = key.split("#", 1)
    text = git_show(mirrors, src["repo"], src["commit"], path)
    pattern = rf"if \[ \$MODEL_SIZE = {re.escape(size)} \]; then\n(.*?)\n(?:elif|fi)\b"
    match = re.search(pattern, text, re.S)
    if match is None:
        raise KeyError(f"{path}: no MODEL_SIZE {size}")
    block = match[1]
    config = {
        hf: int(v) for k, hf in _PAI.items() for v in re.findall(rf"^{k}=(\d+)\b", block, re.M)
    }
    groups = re.search(r"--num-query-groups (\d+)", block)
    if groups:
        config["num_key_value_heads"] = int(groups[1])
    config.setdefault("num_key_value_heads", config["num_attention_heads"])
    extra = re.search(r"^EXTRA_VOCAB_SIZE=(\d+)", block, re.M)
    base = _PAI_EXTRA.search(text)
    if extra and base and "vocab_size" not in config:
        config["vocab_size"] = int(base[1]) + int(extra[1])
    if "vocab_size" in config:  # a whole architecture: its embeddings as the script ties them
        config["tie_word_embeddings"] = "--untie-embeddings-and-output-weights" not in block
    return config, f"github.com/{src['repo']}@{src['commit'][:10]} {path} MODEL_SIZE={size}"


_AIAK = {
    "num_layers": "num_hidden_layers",
    "hidden_size": "hidden_size",
    "ffn_hidden_size": "intermediate_size",
    "num_attention_heads": "num_attention_heads",
    "kv_channels": "head_dim",
    "vocab_size_in_config_file": "vocab_size",
}


def read_aiak(mirrors: Path, src: Mapping[str, Any], arch: str) -> tuple[dict[str, Any], str]:
    """One dense model as Baidu's AIAK-Training-LLM registers it for loading the Hugging Face
    checkpoint (``@register_model_config(..., model_arch=<arch>)`` returning ``QwenConfig(...)``
    keywords over the dataclass defaults: layers, widths, heads, query groups when
    ``group_query_attention``, the config file's vocabulary, untied embeddings).  Read with
    ``ast``; a MoE or an ungated (no ``swiglu``) config is refused."""
    tree = ast.parse(git_show(mirrors, src["repo"], src["commit"], src["path"]))
    values: dict[str, Any] = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == "QwenConfig":
            for item in node.body:
                named = isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)
                if named and item.value is not None:
                    values[item.target.id] = ast.literal_eval(item.value)
    func = next(
        f
        for f in tree.body
        if isinstance(f, ast.FunctionDef)
        and any(
            kw.arg == "model_arch" and ast.literal_eval(kw.value) == arch
            for d in f.decorator_list
            if isinstance(d, ast.Call)
            for kw in d.keywords
        )
    )
    call = next(
        n
        for n in ast.walk(func)
        if isinstance(n, ast.Call) and getattr(n.func, "id", "") == "QwenConfig"
    )
    values.update({str(kw.arg): ast.literal_eval(kw.value) for kw in call.keywords})
    if values.get("num_experts") or not values.get("swiglu"):
        raise SystemExit(
            f"{src['path']} {arch}: not a dense gated model; the reader would misread it"
        )
    config = {hf: values[k] for k, hf in _AIAK.items() if values.get(k) is not None}
    gqa = values.get("group_query_attention")
    config["num_key_value_heads"] = (
        values["num_query_groups"] if gqa else config["num_attention_heads"]
    )
    config["tie_word_embeddings"] = not values["untie_embeddings_and_output_weights"]
    where = f"github.com/{src['repo']}@{src['commit'][:10]} {src['path']} {func.name}()"
    return config, where


READERS = {
    "json": read_json,
    "evo": read_evo,
    "meta": read_meta,
    "aiak": read_aiak,
    "pai": read_pai,
    "megatron": read_megatron,
    "gpupoor": read_gpupoor,
    "aic": read_aic,
    "mlc": read_mlc,
    "genz": read_genz,
    "kaito": read_kaito,
    "gemma": read_gemma,
}
CORE = (
    "hidden_size",
    "num_hidden_layers",
    "num_attention_heads",
    "num_key_value_heads",
    "head_dim",
    "intermediate_size",
    "vocab_size",
)


def name_size(name: str) -> float | None:
    """Billions of parameters a name states ("Qwen3-30B-A3B" -> 30, "Mixtral-8x7B" -> 46.7 is not
    derivable, so "NxM" names are not checked)."""
    for number, unit in SIZE.findall(name.rsplit("/", 1)[-1]):
        if "x" in number.lower():
            return None
        return float(number) / (1000.0 if unit.lower() == "m" else 1.0)
    return None


def kind(model_id: str) -> str:
    return "instruct" if INSTRUCT.search(model_id.rsplit("/", 1)[-1]) else "base"


def quant_word(model_id: str) -> str | None:
    match = QUANT_SUFFIX.search(model_id)
    return match.group(1).lower() if match else None


_NOT_COUNTS = {
    *("model_type", "torch_dtype", "dtype", "layer_types", "mlp_only_layers"),
    "mamba_ssm_cache_dtype",  # Nemotron-H: the SSM state's dtype ("float32"), read as a word
    "feed_forward_proj",  # T5's MLP kind ("gated-silu"), read as a word
    *("hybrid_override_pattern", "layers_block_type"),  # a hybrid stack's layer kinds
    "cross_attention_layers",  # mllama: the indices of its cross-attention layers
    "expert_dtype",  # DeepSeek-V4: its routed experts' format ("fp4", "fp8"), read as a word
    "compress_ratios",  # DeepSeek-V4: one compression ratio per layer, read as a list
    "linear_attn_config",  # Kimi linear attention: its KDA layers and widths, a mapping
}
PARTIAL_FIELDS = ("checkpoint_bytes",)


def _odd_fields(config: Mapping[str, Any]) -> list[str]:
    """Fields the reader takes as one whole number that this config writes otherwise (a
    per-layer list of ``moe_layer_freq``): the reader would silently misread them."""
    odd = [
        k
        for k, v in config.items()
        if k not in _NOT_COUNTS and k in FIELDS and not isinstance(v, (int, bool))
    ]
    text = _nested(config)
    return odd + (_odd_fields(text) if text is not None else [])


def _nested(config: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The language model a vision-language config nests (hfconfig._NESTED_LM), if any."""
    for key in ("text_config", "llm_config"):
        text = config.get(key)
        if isinstance(text, Mapping):
            return text
    return None


def _core(config: Mapping[str, Any]) -> dict[str, Any]:
    text = _nested(config) or config
    return {k: text.get(k) for k in CORE if text.get(k) is not None}


def _disagree(a: Mapping[str, Any], b: Mapping[str, Any]) -> list[str]:
    ca, cb = _core(a), _core(b)
    return [f"{k}: {ca[k]} vs {cb[k]}" for k in ca.keys() & cb.keys() if ca[k] != cb[k]]


def _outvoted(
    config: Mapping[str, Any],
    item: Mapping[str, Any],
    read: Any,
) -> tuple[list[str], list[str]]:
    """A source listed under ``outvoted`` disagrees with the read one on some core fields; it is
    outvoted only where the read source and at least one ``also`` source (which must agree with
    it) both state the field.  Returns the problems (a disagreement no second source settles, or
    an outvoted source that agrees) and the notes naming each outvoted value."""
    confirmed: dict[str, str] = {}
    for ref in item.get("also", ()):
        also, also_where = read(ref)
        for k in _core(also):
            confirmed.setdefault(k, also_where)
    problems: list[str] = []
    notes: list[str] = []
    for ref in item.get("outvoted", ()):
        other, where = read(ref)
        ours, theirs = _core(config), _core(other)
        differ = sorted(k for k in ours.keys() & theirs.keys() if ours[k] != theirs[k])
        if not differ:
            problems.append(f"{where} is listed as outvoted but agrees")
        for k in differ:
            if k not in confirmed:
                problems.append(f"{k}: {ours[k]} vs {theirs[k]} ({where}), no second source")
            else:
                notes.append(
                    f"{k} {ours[k]}, as {confirmed[k]} agrees; outvoted: {where} writes {theirs[k]}"
                )
    return problems, notes


def _id_entry(
    model_id: str, arch: str, quant_config: Mapping[str, Any] | None = None, source: str = ""
) -> dict[str, Any]:
    entry: dict[str, Any] = {"arch": arch, "kind": kind(model_id)}
    if quant_config:
        entry["quantization_config"] = dict(quant_config)
        entry["source"] = source
    elif quant_word(model_id):
        entry["quant"] = quant_word(model_id)
    return entry


_EXTEND_KEYS = frozenset({"extend", "ids", "derived"})


def merge_extensions(items: list[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The manifest's architecture rows with each ``extend`` row's ids and derived ids added to
    the row it names (``extend: <architecture id>``), so one session's additions to architectures
    listed elsewhere stay one block.  An ``extend`` row naming no architecture row, or carrying
    anything but ids and derived ids, is refused."""
    rows = [dict(item) for item in items if "extend" not in item]
    by_id = {row["id"]: row for row in rows}
    for item in items:
        if "extend" not in item:
            continue
        target = by_id.get(item["extend"])
        if target is None:
            raise SystemExit(f"extend: {item['extend']} is not an architecture row")
        other = sorted(set(item) - _EXTEND_KEYS)
        if other:
            raise SystemExit(f"extend {item['extend']}: only ids and derived, not {other}")
        for key in ("ids", "derived"):
            if item.get(key):
                target[key] = [*target.get(key, ()), *item[key]]
    return rows


def generate(mirrors: Path) -> tuple[dict[str, Any], list[str]]:
    manifest = yaml.safe_load(MANIFEST.read_text())
    sources = manifest["sources"]
    hand = {m["id"] for m in yaml.safe_load(HAND.read_text())["models"]}
    archs: dict[str, Any] = {}
    ids: dict[str, Any] = {}
    dropped: list[str] = []

    def read(ref: list[str]) -> tuple[dict[str, Any], str]:
        source = sources[ref[0]]  # a source names its reader, else it is named as one
        return READERS[source.get("reader", ref[0])](mirrors, source, ref[1])

    for item in merge_extensions(manifest["architectures"]):
        arch = item["id"]
        if item.get("hand"):
            if arch not in hand:
                raise SystemExit(f"{arch}: marked hand but not in {HAND.name}")
            archs[arch] = {"family": item["family"], "hand": True}
        else:
            if item["read"][0] == "genz" and not item.get("also"):
                dropped.append(f"{arch}: a transcription no second source confirms")
                continue
            config, source = read(item["read"])
            config.pop("quantization_config", None) if item.get("strip_quant") else None
            if item.get("model_type"):
                config.setdefault("model_type", item["model_type"])
            for key, default in _TYPE_DEFAULTS.get(config.get("model_type", ""), {}).items():
                config.setdefault(key, default)  # what the config class reads for a missing key
            if item.get("add"):  # fields a cited model card states (``add_source``)
                config.update(item["add"])
                source += f"; {', '.join(item['add'])} from {item['add_source']}"
            if item.get("correct"):  # a field the read source copied from an earlier release
                config.update(item["correct"])
                fixed = ", ".join(f"{k} {v}" for k, v in item["correct"].items())
                source += f"; {fixed} as {item['correct_source']}"
            problems = [
                f"{p} ({read(ref)[1]})"
                for ref in item.get("also", ())
                for p in _disagree(config, read(ref)[0])
            ]
            votes, outvoted = _outvoted(config, item, read)
            problems += votes
            odd = _odd_fields(config)
            if odd:
                dropped.append(
                    f"{arch}: toplint's reader does not read {', '.join(odd)} as written"
                )
                continue
            try:
                spec = spec_from_hf_config(config, model_id=arch, source=source)
            except ValueError as exc:
                dropped.append(f"{arch}: toplint's reader cannot use it: {exc}")
                continue
            size = name_size(item.get("size_name", arch))
            billions = spec.params_total / 1e9
            if size and abs(billions - size) / size > 0.25:
                problems.append(f"computes {billions:.1f}B parameters, the name says {size:g}B")
            if problems:
                dropped.append(f"{arch}: " + "; ".join(problems))
                continue
            archs[arch] = {"family": item["family"], "config": config, "source": source}
            if item.get("fp8_block"):  # the org's own "-FP8" release is block-quantized
                archs[arch]["fp8_block"] = item["fp8_block"]
                archs[arch]["source"] += (
                    f"; its -FP8 release: FP8 blocks of {item['fp8_block']} "
                    f"({item['fp8_block_source']})"
                )
            note = "; ".join(n for n in (item.get("note"), *outvoted) if n)
            if note:
                archs[arch]["note"] = note
        for model_id in (arch, *item.get("ids", ())):
            ids[model_id] = _id_entry(model_id, arch)
        for derived in item.get("derived", ()):  # another model built on this one, cited
            entry = _id_entry(derived["id"], arch)
            entry.update(note=derived["note"], source=derived["source"])
            ids[derived["id"]] = entry
        for stem in item.get("checkpoints", ()):
            config, source = read(["aic", stem])
            problems = _disagree(config, archs[arch].get("config") or config)
            model_id = stem.replace("--", "/", 1)
            if problems:
                dropped.append(f"{model_id}: differs from {arch}: " + "; ".join(problems))
                continue
            ids[model_id] = _id_entry(model_id, arch, config.get("quantization_config"), source)
    catalog = {
        "generated_by": "scripts/gen_models.py from scripts/models_manifest.yaml",
        "architectures": dict(sorted(archs.items())),
        "ids": dict(sorted(ids.items(), key=lambda kv: kv[0].lower())),
    }
    return catalog, dropped


def dump(catalog: Mapping[str, Any]) -> str:
    """One line per architecture and per id: compact to read at lint time (the file is read and
    hashed on every run that looks a model up), and still a one-line diff per change."""
    lines = ["{", f' "generated_by": {json.dumps(catalog["generated_by"])},']
    for section in catalog:
        if section == "generated_by":
            continue
        last = section == list(catalog)[-1]
        if isinstance(catalog[section], list):
            value = json.dumps(catalog[section], separators=(",", ":"))
            lines.append(f' "{section}": {value}' + ("" if last else ","))
            continue
        items = list(catalog[section].items())
        lines.append(f' "{section}": {{')
        for i, (key, value) in enumerate(items):
            comma = "," if i < len(items) - 1 else ""
            lines.append(f"  {json.dumps(key)}: {json.dumps(value, separators=(',', ':'))}{comma}")
        lines.append(" }" if last else " },")
    return "\n".join(lines) + "\n}\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    parser.add_argument("--check", action="store_true", help="fail when the shipped file differs")
    args = parser.parse_args()
    catalog, dropped = generate(args.mirrors)
    for line in dropped:
        print(f"left out: {line}", file=sys.stderr)
    text = dump(catalog)
    hand_models = yaml.safe_load(HAND.read_text())["models"]
    index = {"generated_by": catalog["generated_by"]}
    index.update(build_index(hand_models, catalog["architectures"], catalog["ids"]))
    index_text = dump(index)
    if args.check:
        return 0 if (OUT.read_text(), INDEX.read_text()) == (text, index_text) else 1
    OUT.write_text(text)
    INDEX.write_text(index_text)
    n_arch = sum(1 for a in catalog["architectures"].values() if not a.get("hand"))
    print(
        f"{OUT.relative_to(ROOT)}: {len(catalog['ids'])} ids, {n_arch} architectures read "
        f"(+{len(catalog['architectures']) - n_arch} from models.yaml), {len(dropped)} left out"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
