"""The programs that run vLLM for their users, each with its own command line (its vocabulary is
``toplint.engines.vllm.cli``'s, or its own module's): Dynamo's worker, KServe's
huggingfaceserver, FastChat's vLLM worker, ms-swift's ``swift deploy``/``swift rollout``, TRL's
``trl vllm-serve``, Xinference's ``xinference launch --model-engine vllm`` and lighteval's
``lighteval vllm``.  ``ENGINE.wrappers`` lists their specs; ``ENGINE.platform_launches`` the
launch commands of those a platform's own CLI starts."""

from __future__ import annotations

from toplint.engines import swift, xinference
from toplint.engines.types import EngineSpec, Launch
from toplint.engines.vllm import lighteval, trl
from toplint.engines.vllm.cli import (
    DYNAMO,
    FASTCHAT_VLLM_WORKER,
    HUGGINGFACESERVER,
    SWIFT_ROLLOUT_VLLM,
    SWIFT_VLLM,
    XINFERENCE_VLLM,
)

__all__ = ["PLATFORM_LAUNCHES", "WRAPPERS"]

PLATFORM_LAUNCHES: tuple[Launch, ...] = (
    swift.launch("vllm"),
    swift.rollout_launch(SWIFT_ROLLOUT_VLLM),
    trl.LAUNCH,
    xinference.launch("vllm"),
    lighteval.LAUNCH,
)

WRAPPERS: tuple[EngineSpec, ...] = (
    DYNAMO,
    HUGGINGFACESERVER,
    FASTCHAT_VLLM_WORKER,
    SWIFT_VLLM,
    SWIFT_ROLLOUT_VLLM,
    trl.SPEC,
    XINFERENCE_VLLM,
    lighteval.SPEC,
)
