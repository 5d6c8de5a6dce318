"""NVIDIA Dynamo workers: ``python -m dynamo.<engine>`` forwards the engine's own arguments and
adds Dynamo's (engine-vocabulary.md §0, last row; ai-dynamo/dynamo components/backends/*/args.py).

Each engine module builds its worker vocabulary with ``worker``; this module names no engine.
"""

from __future__ import annotations

from toplint.engines.types import EngineSpec, options
from toplint.record import replace

# Options every Dynamo worker adds, whatever the engine behind it.
COMMON = """endpoint migration-limit dyn-tool-call-parser dyn-reasoning-parser
custom-jinja-template request-plane event-plane dyn-endpoint-types"""


def worker(base: EngineSpec, with_value: str = "", flags: str = "") -> EngineSpec:
    """The Dynamo worker of ``base``: its options plus Dynamo's, read for the same engine.

    Dynamo workers ship their own release cycle, so the engine's release is not theirs.
    """
    return replace(
        base,
        name=f"dynamo-{base.name}",
        options={**base.options, **options(COMMON + " " + with_value, flags)},
        engine=base.engine_name,
        env={},
        release="",
        program=f"Dynamo's {base.engine_name} worker",
    )


def module(engine: str) -> str:
    """The ``python -m`` module that starts an engine's Dynamo worker."""
    return f"dynamo.{engine}"
