"""The first release of an engine that serves a checkpoint's architecture (``Engine.served``).

An engine loads a checkpoint through the model class it registers for the config.json
``architectures`` entry (vLLM ``vllm/model_executor/models/registry.py``, SGLang the
``EntryClass`` of each ``python/sglang/srt/models/*.py``); a release that registers none
refuses to start ("Model architectures ['MiniMaxM2ForCausalLM'] are not supported for now").
Each engine's table maps the catalog's ``ModelSpec.model_type`` (what toplint knows of a
checkpoint) to the class that serves it there, the first release read to register it and the
last read not to: a release between them was not read (``engines.release.Releases``
``read_until``), and is judged with that doubt (``toplint.outcome.refusals``).
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Mapping
from typing import Protocol

from toplint.engines.versions import version
from toplint.record import record

__all__ = [
    "LACK_IN_TRANSFORMERS_4_57",
    "FallbackRefusal",
    "Retired",
    "Served",
    "ServedTable",
    "TransformersBound",
    "table_of",
]


@record
class Retired:
    """The release from which an engine no longer serves an architecture it served: it and
    every later one refuse; a release after ``last`` and before ``refused_from`` was not read."""

    last: str  # the last release read to register the class ("0.23.0")
    refused_from: str  # the first release read to refuse it ("0.24.0")
    says: str  # the engine's words when it refuses
    source: str  # where both were read (repository, path, the releases' tags or wheels)


@record
class Served:
    """The releases of one engine that serve one architecture."""

    architecture: str  # the class the engine registers (config.json ``architectures``)
    first: str  # the first release read to register it ("0.11.1")
    last_without: str  # the last release read not to: it and every earlier one refuse
    source: str  # where both were read (repository, path, the releases' tags)
    retired: Retired | None = None  # a later release that no longer serves it (None: none read)


@record
class TransformersBound:
    """Releases whose own requirement admits only ``transformers`` releases that lack some
    classes: their fallback cannot start those (it takes the class from the installed
    transformers, or from a checkpoint's ``auto_map``, which the classes' checkpoints lack)."""

    first: str  # the first and last engine release that state the requirement
    last: str
    requirement: str  # as the releases state it ("transformers>=4.56.0,<5")
    lacks: frozenset[str]  # classes no transformers release it admits has (each release read)
    source: str  # where the requirement and the transformers releases were read


@record
class FallbackRefusal:
    """A setting the fallback refuses from a release on (TGI's AutoModel path: "gptq
    quantization is not supported for AutoModel"): with it written, a class the release does not
    register is refused however the image's transformers stands."""

    option: str  # the engine option ("quantize")
    value: str  # the value refused ("gptq")
    since: str  # the first release read to refuse it there
    says: str  # the engine's words


# Catalog architectures no transformers release of 4.56.0-4.57.6 has (the PyPI wheels of
# 4.56.0-4.56.2 and 4.57.1-4.57.6 read: no models/<type>/, nor a name in models/auto), and
# whose catalog checkpoints name no auto_map (ai-dynamo/aiconfigurator@095f58a51c
# model_configs): an engine release bounded to those transformers has nothing to fall back to.
LACK_IN_TRANSFORMERS_4_57 = frozenset(
    {
        "Qwen3_5ForConditionalGeneration",
        "Qwen3_5MoeForConditionalGeneration",
        "GlmMoeDsaForCausalLM",
        "Gemma4ForConditionalGeneration",
        "DeepseekV4ForCausalLM",
    }
)


class ServedTable(dict[str, "Served"]):
    """An engine's rows by config.json ``model_type``, and the releases that fall back to the
    Transformers implementation of a class they do not register: from ``fallback_since`` ("":
    none known) until ``fallback_until`` (the first release that no longer does; "": none yet).
    In them a missing class is no certain refusal: the engine starts where the image's
    ``transformers`` has the class and it suits the backend, which the file does not say
    (vLLM's ``resolve_transformers_fallback``: "... has no vLLM implementation, falling back to
    Transformers implementation"), unless the release's own requirement bounds that
    transformers below every release with the class (``bounds``) and the file installs no
    other, or the fallback runs on one GPU only before ``sharded_fallback_since`` (TGI's
    ``CausalLM``: "sharded is not supported for AutoModel") and the model is sharded.
    ``refusal`` is what the engine says when it refuses, in its own words."""

    def __init__(
        self,
        rows: Mapping[str, Served] | None = None,
        fallback_since: str = "",
        source: str = "",
        bounds: tuple[TransformersBound, ...] = (),
        *,
        refusal: str = "",
        fallback_until: str = "",
        sharded_fallback_since: str = "",
        fallback_refuses: tuple[FallbackRefusal, ...] = (),
    ) -> None:
        super().__init__(rows or {})
        self.fallback_since = fallback_since
        self.fallback_source = source
        self.bounds = bounds
        self.refusal = refusal
        self.fallback_until = fallback_until
        self.sharded_fallback_since = sharded_fallback_since
        self.fallback_refuses = fallback_refuses

    def falls_back(self, pin: tuple[int, int, int] | None) -> bool:
        """Whether release ``pin`` falls back to the Transformers implementation (on one GPU
        at least: ``shards_fallback``)."""
        since = version(self.fallback_since) if self.fallback_since else None
        until = version(self.fallback_until) if self.fallback_until else None
        if pin is None or since is None or pin < since:
            return False
        return until is None or pin < until

    def shards_fallback(self, pin: tuple[int, int, int]) -> bool:
        """Whether release ``pin``'s fallback starts a model sharded over several GPUs."""
        sharded = version(self.sharded_fallback_since) if self.sharded_fallback_since else None
        return sharded is None or pin >= sharded

    def refused_by_fallback(
        self, pin: tuple[int, int, int], options: Mapping[str, str]
    ) -> FallbackRefusal | None:
        """The written setting release ``pin``'s fallback refuses (``fallback_refuses``)."""
        for refusal in self.fallback_refuses:
            written = str(options.get(refusal.option, "")).strip("'\"").lower()
            since = version(refusal.since)
            if written == refusal.value and since is not None and pin >= since:
                return refusal
        return None


class _Named(Protocol):
    @property
    def served(self) -> str: ...


def table_of(engine: _Named) -> ServedTable:
    """The engine's table, its module (``Engine.served``) imported on first use: only a
    deployment that pins a release asks, so a run that pins none never loads the rows."""
    return _table(engine.served)


@functools.cache
def _table(module: str) -> ServedTable:
    found: ServedTable = importlib.import_module(module).SERVED if module else ServedTable()
    return found
