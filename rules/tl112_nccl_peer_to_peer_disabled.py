"""TL112 nccl-peer-to-peer-disabled."""

from __future__ import annotations

from collections.abc import Iterator

from toplint.hardware.linkkinds import node_kind
from toplint.hardware.p2plevel import DISABLE, LEVEL, Override, forced, p2p_level
from toplint.model import Deployment, Finding, Severity
from toplint.placement.types import Group
from toplint.record import replace
from toplint.rulebook.helpers import finding, severity_for
from toplint.rulebook.types import Rule, RuleContext

DOC = """\
## What it does
Checks whether the deployment's environment turns NCCL's peer-to-peer (P2P) transport off
between GPUs whose link has it: `NCCL_P2P_DISABLE=1` on any node, or an `NCCL_P2P_LEVEL`
nearer than the path between the GPUs (`LOC` anywhere; `NVL`, `NVB` or `C2C` on GPUs joined by
PCIe only), set by the script, the compose service or the pod that starts the engine.  The
P2P level is read as NCCL reads it (`ncclGetLevel` in NCCL's paths.cc, linked below):
`NCCL_P2P_DISABLE` counts only when it reads as the number 1, and `NCCL_P2P_LEVEL` only as one
of NCCL's path names, upper case, or an old-style number.

Outcome reported (toplint's severity policy): runs, slower.  A warning when the same
deployment without the variable is clearly faster (more than 25% on the first token or per
token, the other no slower) or meets a budget this one misses; info otherwise.

## Why is this bad?
With P2P off, NCCL "divert[s] all traffic through the CPU": every copy between two GPUs of the
node goes GPU to pinned host memory to GPU (NCCL's SHM transport) instead of over NVLink or
PCIe peer-to-peer.  On an 8 x A100 NVSwitch node whose `NCCL_P2P_LEVEL` was `LOC`,
NVIDIA/nccl-tests#228 logged every ring channel `via SHM/direct/direct`; with P2P back
("export NCCL_P2P_DISABLE=0") all-reduce reached 220 GB/s.  Host-memory copies run at
about 6-8 GB/s per GPU (nccl-tests#117, NVIDIA/nccl#1817: 6.1 GB/s average bus bandwidth on 8
L20 over SHM).  The variable is often copied from a workaround for consumer GPUs or
virtual machines whose P2P is broken into a deployment on hardware where it works.

The engines' own all-reduce kernels (vLLM's and SGLang's custom all-reduce, used for small
decode messages on up to 8 GPUs) map peer memory with CUDA IPC after their own P2P test and
ignore the variable: toplint prices them on the link, and every NCCL collective (prefill
all-reduces, gathers, pipeline sends) through host memory.

## Example
```bash
export NCCL_P2P_DISABLE=1
vllm serve meta-llama/Llama-3.1-70B-Instruct --tensor-parallel-size 8   # 8 x H100 SXM
```

## Use instead
```bash
vllm serve meta-llama/Llama-3.1-70B-Instruct --tensor-parallel-size 8
```
If P2P really is broken on the host (a hang at start-up, "CANNOT Access Peer"), fix the host
(ACS or the IOMMU off, as NCCL's troubleshooting guide says) or write it in the manifest
(`intra_node: {p2p: false}`): toplint then prices the host-memory path as the hardware's.

## Options
None.

## Fix safety
Display only: toplint cannot tell whether the variable works around a broken host.

## References
- NCCL's P2P level and the path through the CPU: https://github.com/NVIDIA/nccl/blob/master/src/graph/paths.cc
- P2P level LOC on an NVSwitch node, SHM channels, 220 GB/s once removed: https://github.com/NVIDIA/nccl-tests/issues/228
- SHM transport bandwidth, 8 x L20: https://github.com/NVIDIA/nccl/issues/1817
- NCCL_P2P_DISABLE / NCCL_P2P_LEVEL: https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/env.html
- NCCL troubleshooting (ACS, IOMMU): https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting.html
- vLLM's own P2P test for its all-reduce kernel: https://github.com/vllm-project/vllm/blob/main/vllm/distributed/device_communicators/all_reduce_utils.py
"""

_NAMES = {"tp": "tensor-parallel", "pp": "pipeline-parallel", "ep": "expert-parallel"}


def _affected(ctx: RuleContext) -> tuple[Group, str, Override] | None:
    """The first group with two or more GPUs on one node whose NCCL copies the environment
    sends through host memory, the link kind it has there, and the override."""
    placement = ctx.placement
    options = ctx.deployment.options
    if placement is None or p2p_level(options) is None:
        return None
    for name in ("tp", "ep", "pp"):
        group = placement.worst(name)
        if group is None or group.size < 2:
            continue
        if group.crosses_nodes:
            per_node = max(group.size // max(len(group.nodes), 1), 1)
            if per_node < 2:
                continue
            intra = placement.cluster.intra
            link = node_kind(intra.fabric, intra.p2p)
        else:
            link = group.link.kind
        over = forced(link, options)
        if over is not None and over.kind:
            return group, link, over
    return None


def _without(dep: Deployment) -> tuple[Deployment, list[str]]:
    """``dep`` without the variables that turn P2P off, and those removed (as written)."""
    options, removed = dict(dep.options), []
    for variable in (DISABLE, LEVEL):
        value = options.pop(f"env.{variable}", None)
        if value is not None:
            removed.append(f"{variable}={value}")
    return replace(dep, options=options), removed


def check(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    found = _affected(ctx)
    if found is None:
        return
    group, link, over = found
    assert ctx.placement is not None
    dep, cluster = ctx.deployment, ctx.placement.cluster
    # Only the variable NCCL obeyed is removed, unless the other would still turn P2P off.
    plain, removed = _without(dep)
    only = replace(dep, options={k: v for k, v in dep.options.items() if k != over.field})
    if forced(link, only.options) is None:
        plain, removed = only, [over.written]
    shm = (
        " (and NCCL_SHM_DISABLE=1: through the network, slower still)"
        if over.through_network
        else ""
    )
    text = (
        f"{over.written} turns NCCL's peer-to-peer transport off between GPUs joined by {link} "
        f"on this {cluster.gpu.name} node: the NCCL collectives of the {group.size}-GPU "
        f"{_NAMES.get(group.kind, group.kind)} group go through host memory{shm}"
    )
    severity = Severity.INFO
    if ctx.model is not None and ctx.outcome is not None and ctx.outcome.latency is not None:
        import toplint.outcome.judge as judging  # loaded by a run that places

        after = judging.judge_deployment(
            dep, plain, ctx.outcome, cluster, ctx.model, ctx.workload, layout=False
        )
        before, lat = ctx.outcome.latency, after.outcome.latency
        if lat is not None:
            text += (
                f": first token {before.ttft_ms:.0f} ms, {lat.ttft_ms:.0f} ms without it; "
                f"{before.itl_ms:.1f} ms per token, {lat.itl_ms:.1f} ms without it"
            )
        if judging.clearly_better(ctx.outcome, after, ctx.budgets):
            severity = Severity.WARNING
    at = over.field if over.field in dep.sources else group.kind
    yield finding(
        rule,
        ctx,
        at,
        text,
        fix=(
            f"remove {' and '.join(removed)} (the manifest gives this node peer-to-peer; if it "
            "hangs without the variable, fix the host or write `intra_node: {p2p: false}`)"
        ),
        data={
            "variable": over.variable,
            "value": over.value,
            "level": over.level,
            "link": link,
            "group": group.kind,
        },
        severity=severity_for(rule, ctx, severity),
    )


RULE = Rule(
    code="TL112",
    name="nccl-peer-to-peer-disabled",
    summary="The environment turns NCCL's peer-to-peer transport off on GPUs whose link has it.",
    severity=Severity.WARNING,
    check=check,
    doc=DOC,
    origin=__file__,
    accelerators="gpu",
    # The host-memory path is why the step's collectives blow its budgets.
    explains=("TL105", "TL106"),
)
