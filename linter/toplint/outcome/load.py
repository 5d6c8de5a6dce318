"""The offered load two layouts of the same GPUs are compared at (issue 25).

The declared ``workload.decode_batch`` is the batch of one decode step on one replica and one
pipeline micro-batch (``toplint.outcome.latency``: tokens/s = batch x DP x PP per ITL), so a
layout has ``in_flight`` = batch x DP x PP sequences decoding at its ITL.  Two splits of the
same GPUs at the same declared batch therefore serve different numbers of sequences: TP 4 x PP 2
at batch 1 decodes 2, PP 8 at batch 1 decodes 8.  A split is *clearly better* than the
deployment (``toplint.outcome.judge.clearly_better``) at the declared workload - the outcome
``check`` gives the file a fix writes, so a fix, ``plan`` and ``check`` agree - and, where it
keeps fewer sequences in flight than the deployment, also when it serves the deployment's
sequences: each of its replicas and micro-batches then decodes ``at_load``'s batch
(rounded up: never fewer sequences than offered).  At the same offered load, tokens/s =
sequences / ITL, so the faster ITL is also the higher throughput: one criterion.  A split with at
least as many sequences in flight needs no second look: its ITL at the declared batch already
serves as many or more, and a step's streaming and KV reads grow with its batch.
"""

from __future__ import annotations

from toplint.cost.types import Workload
from toplint.model import Deployment
from toplint.record import replace


def in_flight(dep: Deployment, workload: Workload) -> int:
    """The sequences ``dep`` decodes at once: the declared batch on every replica and every
    pipeline micro-batch."""
    return max(workload.decode_batch, 1) * max(dep.dp or 1, 1) * max(dep.pp or 1, 1)


def at_load(dep: Deployment, new: Deployment, workload: Workload) -> Workload | None:
    """The workload at which ``new`` decodes as many sequences as ``dep`` does at
    ``workload``; None when ``new`` already decodes at least as many at ``workload``."""
    load = in_flight(dep, workload)
    if in_flight(new, workload) >= load:
        return None
    lanes = max(new.dp or 1, 1) * max(new.pp or 1, 1)
    return replace(workload, decode_batch=-(-load // lanes))
