"""Why a deployment was not (fully) checked against the hardware, and what to write.

The analysis (``toplint.pipeline.coverage``) attaches an ``Unchecked`` to every deployment it
could not place and cost; TL007 reports it and the run's summary counts it by ``label``.  A
record every stage from the pipeline down may read, beside ``toplint.model``.
"""

from __future__ import annotations

from typing import Literal

from toplint.record import record

# Why a deployment was not checked (``Unchecked.kind``; labels in ``UNCHECKED_KINDS``).
UncheckedKind = Literal[
    "no-manifest",
    "no-cluster",
    "selector-mismatch",
    "gpu-mismatch",
    "unresolved-layout",
    "too-few-gpus",
    "placement-ranks",
    "no-model",
    "unresolved-model",
    "unknown-model",
    "unresolved-weights",
    "accelerator",
]


@record
class Unchecked:
    """Why a deployment was not (fully) checked against the hardware, and what to write.

    ``kind`` is one of ``UNCHECKED_KINDS``; ``reason`` says it in a sentence; ``fix`` is the line
    to write (``--cluster``, ``assign:``, the manifest); ``deliberate`` is True when the
    configuration says so on purpose (``hardware: none``), so nothing is reported for it;
    ``at`` is the ``Deployment.sources`` key of the value the reason is about ("" for the
    deployment's start).
    """

    kind: UncheckedKind
    reason: str
    fix: str = ""
    deliberate: bool = False
    at: str = ""

    @property
    def label(self) -> str:
        return UNCHECKED_KINDS[self.kind]


# Kind -> the short label the run's summary counts it under.
UNCHECKED_KINDS: dict[UncheckedKind, str] = {
    "no-manifest": "no hardware manifest",
    "no-cluster": "no cluster chosen",
    "selector-mismatch": "node labels match no cluster",
    "gpu-mismatch": "asks for a GPU no cluster has",
    "unresolved-layout": "layout not resolved",
    "too-few-gpus": "layout needs more GPUs than it is given",
    "placement-ranks": "more ranks than toplint places",
    "no-model": "no model named",
    "unresolved-model": "model not resolved",
    "unknown-model": "model not in the catalog",
    "unresolved-weights": "weight width not read",
    "accelerator": "accelerator not modelled",
}
