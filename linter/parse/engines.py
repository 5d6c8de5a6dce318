"""Compatibility names for the engine vocabularies, which now live in ``toplint.engines``.

``ENGINES`` (vocabulary key -> ``EngineSpec``) is ``toplint.engines.registry.specs()``; new
code asks the registry (``get_engine``, ``get_spec``) directly.
"""

from __future__ import annotations

from typing import Any

from toplint.engines.types import EngineSpec

__all__ = ["EngineSpec"]  # and ENGINES, through __getattr__


def __getattr__(name: str) -> Any:
    if name == "ENGINES":
        from toplint.engines.registry import specs

        return specs()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
