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

from toplint.record import record

__all__ = ["Served"]


@record
class Served:
    """The releases of one engine that serve one architecture."""

    architecture: str  # the class the engine registers (config.json ``architectures``)
    first: str  # the first release read to register it ("0.11.1")
    last_without: str  # the last release read not to: it and every earlier one refuse
    source: str  # where both were read (repository, path, the releases' tags)
