"""The model catalog: Hugging Face ids to ``ModelSpec`` (architecture facts for cost and rules).

Sources, in order: the toplint config's ``models:`` mapping (``extra``), the shipped catalog
``data/models.yaml`` (cost-model.md §5), then the local Hugging Face cache.  Nothing is ever
downloaded.  An unknown model is ``None``: rule TL004 reports it and cost checks are skipped.

Ids match case-insensitively, with or without the org, as local paths (by basename) and with the
suffixes checkpoints are published under (``-Instruct``, ``-FP8``, ``-AWQ``, dates, ...).  A
quantization suffix changes the bytes per weight of the spec; the architecture stays.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from toplint.catalog_types import ModelSpec
from toplint.engines.registry import find_engine
from toplint.errors import ConfigError
from toplint.hardware.hfconfig import spec_from_hf_config
from toplint.infra.patterns import DeferredPattern
from toplint.infra.pkgdata import read_yaml
from toplint.infra.readpolicy import OUTSIDE, inside_root, read_text
from toplint.model import Deployment
from toplint.record import record, replace

if TYPE_CHECKING:
    from pathlib import Path

__all__ = ["as_served", "catalog_ids", "close_model", "lookup_model", "spec_from_hf_config"]

_MAX_CONFIG_BYTES = 4 * 1024 * 1024  # a config.json is a few KB; refuse anything absurd

# Suffixes a checkpoint name carries on top of its architecture name, stripped one at a time
# from the end.  "-vN.N" needs the dot so "DeepSeek-V3" keeps its "-v3"; dates are 4 digits
# (Mistral "2407", Qwen "2507", DeepSeek "0528") or 8 digits.
_SUFFIX = DeferredPattern(
    r"-(instruct|chat|it|base|hf|thinking|preview|"
    r"fp8-dynamic|fp8-block|fp8|bf16|fp16|awq|gptq-int4|gptq-int8|gptq|int4|int8|"
    r"w4a16|w8a8|w8a16|nvfp4|mxfp4|bnb-4bit|bnb-8bit|nf4|"
    r"v\d+(?:\.\d+)+|\d{4}|\d{8})$"
)
# Suffixes of weight-only integer checkpoints quantized in groups, and the group size their
# tools write by default: AutoAWQ ``q_group_size=128`` (the checkpoints vLLM's AWQ page uses)
# and AutoGPTQ ``group_size=128`` in the published "-GPTQ-Int4/-Int8" checkpoints' quantize_config;
# a checkpoint's own quantization_config (hfconfig._quant_group) says otherwise when it differs.
_GROUPED = frozenset({"awq", "gptq", "gptq-int4", "gptq-int8", "w4a16"})
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
    "nvfp4": 0.5,
    "mxfp4": 0.5,
    "bnb-4bit": 0.5,
    "nf4": 0.5,
    "bnb-8bit": 1.0,
    "bf16": 2.0,
    "fp16": 2.0,
}


@record
class _Entry:
    id: str
    config: Mapping[str, Any]
    source: str
    fp8_block: int = 0
    params_total: float | None = None
    params_active: float | None = None
    kv_bytes_per_token: int | None = None

    def spec(self) -> ModelSpec:
        spec = spec_from_hf_config(self.config, model_id=self.id, source=self.source)
        overrides: dict[str, Any] = {}
        if self.params_total is not None:
            overrides["params_total"] = float(self.params_total)
        if self.params_active is not None:
            overrides["params_active"] = float(self.params_active)
        if self.kv_bytes_per_token is not None:
            overrides["kv_bytes_per_token"] = int(self.kv_bytes_per_token)
        return replace(spec, **overrides)


def _key(name: str) -> str:
    return name.strip().lower().replace("_", "-").replace(" ", "-")


@functools.cache
def _catalog() -> dict[str, _Entry]:
    """Index every entry by its full id, its name without the org, and its aliases."""
    data = read_yaml("toplint.hardware", "data/models.yaml")
    index: dict[str, _Entry] = {}
    for raw in data["models"]:
        entry = _Entry(
            id=raw["id"],
            config=raw["config"],
            source=raw.get("source", ""),
            fp8_block=int(raw.get("fp8_block", 0)),
            params_total=raw.get("params_total"),
            params_active=raw.get("params_active"),
            kv_bytes_per_token=raw.get("kv_bytes_per_token"),
        )
        for name in (entry.id, entry.id.rsplit("/", 1)[-1], *raw.get("aliases", ())):
            index.setdefault(_key(name), entry)
    return index


def catalog_ids() -> tuple[str, ...]:
    """Canonical ids of every catalog model, in catalog order."""
    return tuple(dict.fromkeys(e.id for e in _catalog().values()))


def close_model(model_id: str) -> str | None:
    """The catalog id closest to an unknown ``model_id`` ("did you mean"), or None.

    Compared on the name without the organisation (``Llama-3.1-70B-Instruct``), case and
    ``_``/``-`` folded, as the catalog's own index is; a path compares by its last part.
    """
    import difflib

    index = _catalog()
    names = list(_candidates(model_id))
    if not names:
        return None
    # A suggestion must have the same parameter count ("0.6b", "8x7b"): Qwen3-0.6B is not a
    # misspelling of Qwen3-8B, and checking one as the other is wrong by 13x in memory.
    sizes = _sizes(names[-1])
    pool = [key for key in index if _sizes(key) == sizes] if sizes else list(index)
    close = difflib.get_close_matches(names[-1], pool, n=1, cutoff=0.7)
    return index[close[0]].id if close else None


def _sizes(name: str) -> frozenset[str]:
    """The parameter-count words of a folded model name ("qwen3-30b-a3b" -> {"30b"})."""
    return frozenset(_SIZE.findall(name))


_SIZE = DeferredPattern(r"(?<![a-z0-9.])(\d+(?:\.\d+)?(?:x\d+(?:\.\d+)?)?[bm])(?![a-z0-9])")


def _candidates(model_id: str) -> Iterator[str]:
    """Names to try for an id: as written (``org/name``), then the basename of a path."""
    text = model_id.strip().rstrip("/")
    parts = [p for p in text.split("/") if p]
    cache_dir = next((p for p in parts if p.startswith("models--")), None)
    if cache_dir is not None:  # a path inside a Hugging Face cache: models--ORG--NAME/...
        yield _key(cache_dir[len("models--") :].replace("--", "/", 1))
    if len(parts) == 2 and not text.startswith(("/", ".", "~")):
        yield _key(text)
    if parts:
        base = _key(parts[-1])
        yield base
        if base.startswith("meta-llama-"):  # "Meta-Llama-3.1-70B" is "Llama-3.1-70B"
            yield base[len("meta-") :]


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
    for suffix in suffixes:  # outermost first: "-AWQ-INT4" stops at "int4"
        if suffix not in _QUANT_BYTES:
            continue
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
            quant_block=block,
            quant_group=group,
            source=spec.source + note,
        )
    return spec


def as_served(spec: ModelSpec, dep: Deployment) -> ModelSpec:
    """The spec with the bytes per weight the engine serves it at: the engine's quantization
    option (``Engine.quantization_option``: ``--quantization fp8``, ``QUANTIZE=bitsandbytes-nf4``,
    ``quant_config.quant_algo``) quantizes a 16-bit checkpoint; a checkpoint already quantized
    (by its name or its ``quantization_config``) keeps its own bytes."""

    engine = find_engine(dep.engine)
    if engine is None or not engine.quantization_option or spec.weight_bytes < 2.0:
        return spec
    method = dep.options.get(engine.quantization_option)
    weight_bytes = engine.quantization_bytes.get(str(method).lower()) if method else None
    if weight_bytes is None or weight_bytes == spec.weight_bytes:
        return spec
    flag = dep.flag(engine.quantization_option.replace("_", "-")) or dep.flag(
        engine.quantization_option
    )
    written = flag.raw if flag is not None else engine.quantization_option
    note = f"; weights as served: {method} ({weight_bytes:g} bytes per weight, from {written})"
    return replace(spec, weight_bytes=weight_bytes, quant_block=0, source=spec.source + note)


def _find(model_id: str) -> tuple[_Entry, tuple[str, ...]] | None:
    """The catalog entry an id names, and the suffixes stripped to reach it."""
    index = _catalog()
    for candidate in _candidates(model_id):
        for name, removed in _strip(candidate):
            entry = index.get(name) or index.get(name.rsplit("/", 1)[-1])
            if entry is not None:
                return entry, removed
    return None


# Pure in its arguments (the catalog is read once): every deployment of a tree asks again.
@functools.lru_cache(maxsize=1024)
def _from_catalog(model_id: str, fallback_suffixes: tuple[str, ...] = ()) -> ModelSpec | None:
    found = _find(model_id)
    if found is None:
        return None
    entry, removed = found
    return _apply_quant(entry.spec(), entry.fp8_block, removed or fallback_suffixes)


def _same_model(key: str, model_id: str) -> bool:
    a, b = _key(key).rstrip("/"), _key(model_id).rstrip("/")
    return a == b or a.rsplit("/", 1)[-1] == b.rsplit("/", 1)[-1]


def _read_config_json(path: Path, root: str | None = None) -> Mapping[str, Any]:
    """A model's ``config.json`` (``path`` or the folder holding it); ``root``: the folder the
    file itself, links resolved, must lie in (the check of the folder does not cover it)."""
    import json

    if path.is_dir():
        path = path / "config.json"
    data = json.loads(read_text(str(path), _MAX_CONFIG_BYTES, root))
    if not isinstance(data, Mapping):
        raise ValueError(f"{path} does not hold a JSON object")
    return data


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
            return spec_from_hf_config(value, model_id=key, source=f"toplint config {where}")
        except ValueError as exc:
            raise ConfigError(f"{where}: {exc}") from None
    if not isinstance(value, str) or not value.strip():
        raise ConfigError(f"{where}: expected a catalog model name or a config.json path")
    # A catalog name: its own quantization suffix wins, else the deployed id's ("-FP8").
    spec = _from_catalog(value, _all_suffixes(_key(model_id).rsplit("/", 1)[-1]))
    if spec is not None:
        return replace(spec, source=f"{spec.source}; aliased by {where}")
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
        known = ", ".join(catalog_ids())
        raise ConfigError(
            f"{where}: {value!r} is neither a catalog model nor an existing config.json "
            f"(looked for {path}); catalog models: {known}"
        )
    try:
        config = _read_config_json(path, root)
        return spec_from_hf_config(config, model_id=key, source=f"{path} ({where})")
    except (OSError, ValueError) as exc:
        raise ConfigError(f"{where}: cannot read {path}: {exc}") from None


def _hf_hub_dirs() -> list[Path]:
    """Hugging Face cache roots, as huggingface_hub resolves them (HF_HUB_CACHE, HF_HOME)."""
    from pathlib import Path  # here: only a model outside the catalog needs it

    dirs = []
    if os.environ.get("HF_HUB_CACHE"):
        dirs.append(Path(os.environ["HF_HUB_CACHE"]))
    if os.environ.get("HF_HOME"):
        dirs.append(Path(os.environ["HF_HOME"]) / "hub")
    xdg = os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")
    dirs.append(Path(xdg) / "huggingface" / "hub")
    return [d for d in dict.fromkeys(dirs) if d.is_dir()]


def _from_hf_cache(model_id: str) -> ModelSpec | None:
    wanted = list(_candidates(model_id))
    for hub in _hf_hub_dirs():
        for repo in sorted(hub.iterdir()):
            if not repo.name.startswith("models--"):
                continue
            full = _key(repo.name[len("models--") :].replace("--", "/", 1))
            if full not in wanted and full.rsplit("/", 1)[-1] not in wanted:
                continue
            import glob
            from pathlib import Path

            snapshots = glob.glob(str(repo / "snapshots" / "*" / "config.json"))
            for config_path in sorted(snapshots, key=os.path.getmtime, reverse=True):
                try:
                    config = _read_config_json(Path(config_path))
                    return spec_from_hf_config(
                        config, model_id=full, source=f"Hugging Face cache: {config_path}"
                    )
                except (OSError, ValueError):
                    continue
    return None


def lookup_model(
    model_id: str | None,
    extra: Mapping[str, str | Mapping[str, Any]] | None = None,
    *,
    base_dir: str = ".",
    root: str | None = None,
    hf_cache: bool = True,
) -> ModelSpec | None:
    """The architecture of ``model_id``, or None when toplint cannot know it.

    ``extra`` is the config file's ``models:`` mapping (id -> catalog name, config.json path
    relative to ``base_dir`` and inside ``root`` when given, or inline config.json fields); it
    wins over the catalog.  A
    ``models:`` entry that resolves to nothing raises ``ConfigError``.
    """
    if model_id is None or not model_id.strip():
        return None
    for key, value in (extra or {}).items():
        if _same_model(key, model_id):
            return _from_extra(model_id, key, value, base_dir, root)
    spec = _from_catalog(model_id)
    if spec is None and hf_cache:
        spec = _from_hf_cache(model_id)
    return spec
