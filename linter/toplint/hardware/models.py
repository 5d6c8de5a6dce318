"""The model catalog: Hugging Face ids to ``ModelSpec`` (architecture facts for cost and rules).

Sources, in order: the toplint config's ``models:`` mapping (``extra``), the shipped catalog
``data/models.yaml`` (cost-model.md §5), then the local Hugging Face cache.  Nothing is ever
downloaded.  An unknown model is ``None``: rule TL004 reports it and cost checks are skipped.

Ids match case-insensitively, with or without the org, as local paths (by basename) and with
published suffixes (``-Instruct``, ``-FP8``, ``-AWQ``, dates): a quantization suffix changes the
bytes per weight, the architecture stays.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Iterator, Mapping
from typing import Any

from toplint.catalog_types import ModelSpec
from toplint.engines.registry import find_engine
from toplint.engines.types import Engine
from toplint.errors import ConfigError
from toplint.hardware.contexts import default_context
from toplint.hardware.hfconfig import spec_from_hf_config
from toplint.hardware.hfcontext import with_overrides
from toplint.hardware.localmodels import (
    from_hf_cache,
    from_repository,
    looks_like_path,
    read_config_json,
)
from toplint.hardware.modelcatalog import Entry, IdEntry, catalog, checkpoint_config, fold
from toplint.hardware.modelpaths import candidates
from toplint.infra.patterns import DeferredPattern
from toplint.infra.readpolicy import OUTSIDE, inside_root
from toplint.model import Deployment
from toplint.record import replace

__all__ = [
    "as_served",
    "catalog_ids",
    "close_model",
    "declares",
    "lookup_model",
    "spec_from_hf_config",
]

# Suffixes a checkpoint name carries on top of its architecture name, stripped one at a time
# from the end.  "-vN.N" needs the dot so "DeepSeek-V3" keeps its "-v3"; dates are 4 digits
# (Mistral "2407", Qwen "2507", DeepSeek "0528") or 8 digits.  "-unsloth" names Unsloth's
# dynamic quantization of the architecture ("<model>-unsloth-bnb-4bit": bitsandbytes 4-bit that
# "selectively skips quantizing certain parameters ... <10% more VRAM than BnB 4bit",
# huggingface.co/collections/unsloth/unsloth-4-bit-dynamic-quants); the bytes are its "-bnb-4bit"'s.
_SUFFIX = DeferredPattern(
    r"-(instruct|chat|it|base|hf|thinking|preview|unsloth|"
    r"fp8-dynamic|fp8-block|fp8|bf16|fp16|awq|gptq-int4|gptq-int8|gptq|int4|int8|"
    r"quantized\.w4a16|quantized\.w8a8|quantized\.w8a16|"
    r"w4a16|w8a8|w8a16|nvfp4|mxfp4|bnb-4bit|bnb-8bit|nf4|4bit|8bit|autoround|"
    r"v\d+(?:\.\d+)+|\d{4}|\d{8})$"
)
# Suffixes of weight-only integer checkpoints quantized in groups, and the group size their
# tools write by default: AutoAWQ ``q_group_size=128`` (the checkpoints vLLM's AWQ page uses)
# and AutoGPTQ ``group_size=128`` in the published "-GPTQ-Int4/-Int8" checkpoints' quantize_config;
# a checkpoint's own quantization_config (hfconfig._quant_group) says otherwise when it differs.
_GROUPED = frozenset({"awq", "gptq", "gptq-int4", "gptq-int8", "w4a16", "quantized.w4a16"})
_GROUP_DEFAULT = 128
# Bytes per weight a quantization suffix means (scales and zero points ignored: < 7%).
_QUANT_BYTES = {
    "fp8": 1.0,
    "fp8-block": 1.0,
    "fp8-dynamic": 1.0,
    "int8": 1.0,
    "gptq-int8": 1.0,
    "w8a8": 1.0,
    "w8a16": 1.0,
    "awq": 0.5,
    "gptq": 0.5,
    "gptq-int4": 0.5,
    "int4": 0.5,
    "w4a16": 0.5,
    # Neural Magic / Red Hat AI's llm-compressor releases name the scheme after "-quantized."
    # ("neuralmagic/DeepSeek-R1-Distill-Qwen-7B-quantized.w4a16": INT4 weights in groups of 128,
    # "…-quantized.w8a8": INT8 weights and activations; their model cards, "Weights are quantized
    # using a symmetric per-group scheme, with group size 128")
    "quantized.w4a16": 0.5,
    "quantized.w8a8": 1.0,
    "quantized.w8a16": 1.0,
    "nvfp4": 0.5,
    "mxfp4": 0.5,
    "bnb-4bit": 0.5,
    "nf4": 0.5,
    "bnb-8bit": 1.0,
    "bf16": 2.0,
    "fp16": 2.0,
    "fp4": 0.5,
    "awq-int4": 0.5,
    # a bit width alone ("cyankiwi/Qwen3.5-35B-A3B-AWQ-4bit"): the method a suffix inside it
    # names decides, when one does (``_apply_quant``); AutoRound (Intel's "-int4-AutoRound") is
    # the tool, its "int4" the width
    "4bit": 0.5,
    "8bit": 1.0,
}
_WIDTH_ONLY = frozenset({"4bit", "8bit"})


def _key(name: str) -> str:
    return fold(name)


def catalog_ids() -> tuple[str, ...]:
    """Canonical ids of every catalog architecture, hand-kept first."""
    return catalog().arch_ids


def close_model(model_id: str) -> str | None:
    """The catalog id an unknown ``model_id`` is probably a misspelling of ("did you mean"), or
    None: same family, parameter count and kind only (``toplint.hardware.suggest``); a path
    compares by its last part."""
    from toplint.hardware.suggest import close_model as suggest

    names = list(candidates(model_id))
    return suggest(names[-1]) if names else None


def _strip(name: str) -> Iterator[tuple[str, tuple[str, ...]]]:
    """The name, then with suffixes removed one by one; each with the suffixes removed so far."""
    removed: tuple[str, ...] = ()
    while name:
        yield name, removed
        match = _SUFFIX.search(name)
        if match is None:
            return
        removed = (*removed, match.group(1))
        name = name[: match.start()]


def _all_suffixes(name: str) -> tuple[str, ...]:
    return list(_strip(name))[-1][1] if name else ()


def _apply_quant(spec: ModelSpec, entry_block: int, suffixes: tuple[str, ...]) -> ModelSpec:
    """Bytes per weight (and FP8 block) the checkpoint's name says it is served with."""
    for at, suffix in enumerate(suffixes):  # outermost first: "-AWQ-INT4" stops at "int4"
        if suffix not in _QUANT_BYTES:
            continue
        if suffix in _WIDTH_ONLY and any(s in _QUANT_BYTES for s in suffixes[at + 1 :]):
            continue  # "-AWQ-4bit": the method inside it says more than the width
        weight_bytes = _QUANT_BYTES[suffix]
        block = 0
        if suffix == "fp8-block" or (suffix == "fp8" and entry_block):
            # cost-model.md §5.3: the org's "-FP8" checkpoint uses weight_block_size [128, 128]
            block = entry_block or 128
        elif suffix == "fp8" and spec.quant_block:
            block = spec.quant_block  # already a block-FP8 checkpoint (DeepSeek-V3, Kimi-K2)
        note = f"; weights as served: {suffix} (from the model name)"
        group = _GROUP_DEFAULT if suffix in _GROUPED else 0
        return replace(
            spec,
            weight_bytes=weight_bytes,
            expert_bytes=0.0,  # the name gives one width, the experts' too
            quant_block=block,
            quant_group=group,
            # A 4-bit re-release of an FP8 architecture is not FP8 (its scales are AWQ/GPTQ's,
            # counted by toplint.outcome.memory); an 8-bit name keeps the architecture's method.
            quant_method=(
                suffix
                if suffix in ("awq", "gptq")
                else ("" if weight_bytes < 1 else spec.quant_method)
            ),
            source=spec.source + note,
        )
    return spec


def as_served(spec: ModelSpec, dep: Deployment) -> ModelSpec:
    """The spec with the bytes per weight the engine serves it at: the engine's quantization
    option (``Engine.quantization_option``: ``--quantization fp8``, ``QUANTIZE=bitsandbytes-nf4``,
    ``quant_config.quant_algo``) quantizes a 16-bit checkpoint; a checkpoint already quantized
    (by its name or its ``quantization_config``, read or not) keeps its own bytes; and with the
    context the engine derives under the deployment's config overrides (``_context_as_served``)."""

    engine = find_engine(dep.engine)
    spec = _context_as_served(spec, dep, engine)
    quantized = spec.weight_bytes < 2.0 or spec.width_unknown  # a width not read: quantized
    if engine is None or not engine.quantization_option or quantized:
        return spec
    method = dep.options.get(engine.quantization_option)
    weight_bytes = engine.quantization_bytes.get(str(method).lower()) if method else None
    experts = engine.quantization_expert_bytes.get(str(method).lower()) if method else None
    if (weight_bytes is None or weight_bytes == spec.weight_bytes) and experts is None:
        return spec
    flag = dep.flag(engine.quantization_option.replace("_", "-")) or dep.flag(
        engine.quantization_option
    )
    written = flag.raw if flag is not None else engine.quantization_option
    if experts is not None:
        return _experts_as_served(spec, experts, f"{method} (from {written})")
    note = f"; weights as served: {method} ({weight_bytes:g} bytes per weight, from {written})"
    return replace(
        spec, weight_bytes=weight_bytes, expert_bytes=0.0, quant_block=0, source=spec.source + note
    )


def _experts_as_served(spec: ModelSpec, experts: float, why: str) -> ModelSpec:
    """A checkpoint whose routed experts alone the engine quantizes (``experts`` bytes each,
    ``Engine.quantization_expert_bytes``), its other layers as stored; a dense one as it is."""
    routed, layers = spec.routed_params, spec.params_total - spec.table_params
    if routed <= 0 or layers <= routed or experts >= spec.weight_bytes:
        return spec
    width = (routed * experts + (layers - routed) * spec.weight_bytes) / layers
    note = f"; weights as served: routed experts at {experts:g} bytes per weight, {why}"
    return replace(
        spec, weight_bytes=width, expert_bytes=experts, quant_block=0, source=spec.source + note
    )


def _context_as_served(spec: ModelSpec, dep: Deployment, engine: Engine | None) -> ModelSpec:
    """``spec`` with the context the engine derives from config.json once the options that
    override it (``MemoryAccounting.config_overrides``: vLLM's ``--hf-overrides``) are laid
    over it (``toplint.hardware.hfcontext.with_overrides``): a YaRN ``rope_scaling`` given there
    raises it.  Overrides that cannot be read leave it unknown (0), not the config's."""
    keys = engine.memory.config_overrides if engine is not None else ()
    if spec.max_context <= 0 or not any(k in dep.options for k in keys):
        return spec
    given = {k: dep.options[k] for k in keys if k in dep.options}
    derived = with_overrides(spec.max_context, given)
    if derived == spec.max_context:
        return spec
    if derived is None:
        note = "; context: not known (its --hf-overrides cannot be read)"
        return replace(spec, max_context=0, source=spec.source + note)
    note = f"; context {derived} with the deployment's --hf-overrides"
    return replace(spec, max_context=derived, context_overridden=True, source=spec.source + note)


def _find(model_id: str) -> tuple[Entry, tuple[str, ...], IdEntry | None] | None:
    """The architecture an id names, the suffixes stripped to reach it, and the published id
    entry it matched (which knows its checkpoint's own quantization), if any."""
    cat = catalog()
    for candidate in candidates(model_id):
        for name, removed in _strip(candidate):
            item = cat.published(name) or cat.published(name.rsplit("/", 1)[-1])
            if item is not None:
                return item.entry, removed, item
            entry = cat.architecture(name) or cat.architecture(name.rsplit("/", 1)[-1])
            if entry is not None:
                return entry, removed, None
            # an architecture published only under its 16-bit release's name (NVIDIA's
            # "NVIDIA-Nemotron-3-Nano-30B-A3B-BF16") is the one its "-FP8" release names
            bf16 = cat.published(name + "-bf16") if removed else None
            if bf16 is not None:
                return bf16.entry, removed, None
    return None


# Pure in its arguments (the catalog is read once): every deployment of a tree asks again.
@functools.lru_cache(maxsize=1024)
def _from_catalog(model_id: str, fallback_suffixes: tuple[str, ...] = ()) -> ModelSpec | None:
    found = _find(model_id)
    if found is None:
        return None
    entry, removed, item = found
    own = checkpoint_config(item.id) if item is not None and not removed else None
    if own is None and removed:  # a re-release named after its base (``-FP8``) with a row
        own = checkpoint_config(model_id)
    patch, where = own if own is not None else (None, "")
    if item is not None and item.quantization_config:  # the re-release's own config.json
        # A checkpoints.yaml row's quantization_config (the layers' widths the release
        # documents) over the id's generated one (ModelOpt's hf_quant_config.json algorithm alone)
        quant = (patch or {}).get("quantization_config") or item.quantization_config
        spec = entry.spec(quant, patch)
        note = f"; weights as served: from {item.id}'s own config ({item.source})"
        spec = _own_fields(spec, item, patch, where)
        block = _org_block(model_id, entry)
        return _apply_quant(replace(spec, source=spec.source + note), block, removed)
    suffixes = removed or fallback_suffixes
    if item is not None and item.quant and not removed:
        suffixes = (item.quant,)
    spec = _own_fields(entry.spec(None, patch), item, patch, where)
    if item is not None and item.note:  # a model built on this architecture (its language part)
        spec = replace(spec, source=f"{spec.source}; as {item.id}: {item.note} ({item.source})")
    if item is not None and spec.max_context <= 0:  # an architecture whose ids span contexts
        context, where = default_context(item.id)
        if context:
            spec = replace(spec, max_context=context, source=f"{spec.source}; context: {where}")
    return _apply_quant(spec, _org_block(model_id, entry), suffixes)


_ORG = DeferredPattern(r"[A-Za-z0-9][\w.-]*")  # a Hugging Face organisation's name


def _org_block(model_id: str, entry: Entry) -> int:
    """The FP8 block of the architecture's own organisation's "-FP8" release
    (``Entry.fp8_block``), for an id of that organisation or of none; 0 for another's: a
    third party's FP8 re-release is as often per-channel (llm-compressor's FP8_DYNAMIC,
    ``mahadev9/Qwen3.5-4B-fp8``) as block-quantized, and the name does not say which."""
    parts = model_id.split("/")
    org = parts[0].lower() if len(parts) == 2 and _ORG.fullmatch(parts[0]) else ""
    own = entry.id.split("/", 1)[0].lower() if "/" in entry.id else ""
    return entry.fp8_block if not org or org == own else 0  # a path names no organisation


def _own_fields(
    spec: ModelSpec, item: IdEntry | None, patch: Mapping[str, Any] | None, where: str
) -> ModelSpec:
    """``spec`` noting the checkpoint's own config.json fields it was built with."""
    if item is None or not patch:
        return spec
    fields = ", ".join(f"{k} {v}" for k, v in patch.items())
    return replace(spec, source=f"{spec.source}; {item.id}'s own config.json: {fields} ({where})")


def _same_model(key: str, model_id: str) -> bool:
    a, b = _key(key).rstrip("/"), _key(model_id).rstrip("/")
    return a == b or a.rsplit("/", 1)[-1] == b.rsplit("/", 1)[-1]


def declares(extra: Mapping[str, object] | None, model_id: str) -> bool:
    """Whether the configuration's ``models:`` mapping ``extra`` has an entry for ``model_id``
    (the entry ``lookup_model`` resolves it from before anything else)."""
    return bool(model_id) and any(_same_model(key, model_id) for key in (extra or {}))


def _from_extra(
    model_id: str, key: str, value: object, base_dir: str, root: str | None
) -> ModelSpec:
    """Resolve one ``models:`` entry: a catalog name, a config.json path, or inline fields.

    ``root``: the folder a path must resolve inside (an auto-discovered configuration's
    repository, ``toplint.infra.readpolicy``); None for a configuration named on the command line.
    """
    where = f"models: {key!r}"
    if isinstance(value, Mapping):
        try:
            inline = spec_from_hf_config(value, model_id=key, source=f"toplint config {where}")
        except ValueError as exc:
            raise ConfigError(f"{where}: {exc}") from None
        return replace(inline, origin="toplint.yaml")
    if not isinstance(value, str) or not value.strip():
        raise ConfigError(f"{where}: expected a catalog model name or a config.json path")
    # A catalog name: its own quantization suffix wins, else the deployed id's ("-FP8").
    spec = _from_catalog(value, _all_suffixes(_key(model_id).rsplit("/", 1)[-1]))
    if spec is not None:
        return replace(spec, source=f"{spec.source}; aliased by {where}", origin="toplint.yaml")
    from pathlib import Path  # here: only a config naming a config.json needs it

    if root is not None:
        path = Path(base_dir) / value
        if not inside_root(str(path), root):
            raise ConfigError(
                f"{where}: {OUTSIDE} (it resolves outside {root}); "
                "name a configuration with --config to use it"
            )
    else:
        path = Path(base_dir) / os.path.expanduser(value)
    if not path.exists():
        close = close_model(value)
        hint = f"did you mean `{close}`?" if close else "name a Hugging Face id or a config.json"
        raise ConfigError(
            f"{where}: {value!r} is neither a catalog model nor an existing config.json "
            f"(looked for {path}); {hint}"
        )
    try:
        config = read_config_json(path, root)
        spec = spec_from_hf_config(config, model_id=key, source=f"{path} ({where})")
    except (OSError, ValueError) as exc:
        raise ConfigError(f"{where}: cannot read {path}: {exc}") from None
    return replace(spec, origin="toplint.yaml")


def lookup_model(
    model_id: str | None,
    extra: Mapping[str, str | Mapping[str, Any]] | None = None,
    *,
    base_dir: str = ".",
    root: str | None = None,
    hf_cache: bool = True,
    referrer: str = "",
) -> ModelSpec | None:
    """The architecture of ``model_id``, or None when toplint cannot know it.

    In order: the config file's ``models:`` mapping ``extra`` (id -> catalog name, config.json
    path relative to ``base_dir`` and inside ``root`` when given, or inline config.json fields;
    one that resolves to nothing raises ``ConfigError``); a ``config.json`` beside a model path
    inside the repository of ``referrer`` (the deployment file); the shipped catalog; the local
    Hugging Face cache.  ``ModelSpec.origin`` says which.
    """
    if model_id is None or not model_id.strip():
        return None
    for key, value in (extra or {}).items():
        if _same_model(key, model_id):
            return _from_extra(model_id, key, value, base_dir, root)
    spec = from_repository(model_id, referrer) if referrer and looks_like_path(model_id) else None
    if spec is None:
        spec = _from_catalog(model_id)
    if spec is None and hf_cache:
        spec = from_hf_cache(candidates(model_id), fold)
    return spec
