"""The built-in engines, as a toplint plugin (``toplint_engines``)."""

from __future__ import annotations

from toplint.engines.types import Engine


def toplint_engines() -> list[Engine]:
    from toplint.engines import lmdeploy, sglang, tgi, trtllm, vllm

    return [vllm.ENGINE, sglang.ENGINE, trtllm.ENGINE, tgi.ENGINE, lmdeploy.ENGINE]
