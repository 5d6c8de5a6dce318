"""Deployments the outcome tests judge: one engine command of ``serve.sh``."""

from __future__ import annotations

from toplint.model import Deployment


def serve(model: str, engine: str = "vllm", tp: int = 1, pp: int = 1, **options: str) -> Deployment:
    """``serve.sh``'s one command: ``model`` on ``engine`` at TP ``tp`` x PP ``pp``, on as many
    GPUs, with ``options``."""
    return Deployment(
        path="serve.sh",
        line=1,
        column=1,
        engine=engine,
        model=model,
        tp=tp,
        pp=pp,
        dp=1,
        gpus=tp * pp,
        options=options,
    )
