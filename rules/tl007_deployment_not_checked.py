"""TL007 deployment-not-checked."""

from __future__ import annotations

from collections.abc import Iterator

from toplint.model import Finding, Fix, Position, Severity
from toplint.rulebook.helpers import finding_at
from toplint.rulebook.types import Rule, RuleContext

DOC = """\
## What it does
Reports a deployment toplint could not check against the hardware: there is no hardware
manifest, the manifest has several clusters and nothing says which one the file deploys to,
or the deployment's Kubernetes node labels (`nodeSelector`, node affinity) match the
`selector` of no cluster, or its layout has more ranks than toplint places (65,536, the
`placement-ranks` budget), or it names no model (a command or image without `--model`: its
size, heads and layers decide every cost; a model written as a value toplint cannot resolve is
TL003's). The fix is the line to write.

Outcome reported (toplint's severity policy): not computed — the deployment was not checked
against the hardware, so toplint cannot say what it will do (error, so an unchecked deployment
never passes silently).

## Why is this bad?
Without a cluster, no placement, link, bandwidth, budget or memory rule runs for the
deployment, so a tensor-parallel group spanning two nodes over Ethernet passes unnoticed. A CI
gate that prints a green check while it checked nothing is worse than no gate.

## Example
```yaml
# hardware.yaml has two clusters, a100-eth and h100-ib; toplint.yaml has no `assign:`
hardware: hardware.yaml
```

## Use instead
```yaml
hardware: hardware.yaml
assign: {"deploy/seed/*": a100-eth, "deploy/k8s/*": h100-ib}
```
or `toplint check --cluster a100-eth deploy/seed/`. A repository that has no manifest on
purpose says so once in its configuration, and its deployments are then counted in the
summary as not checked but not reported one by one:
```yaml
hardware: none
```

## Options
None.

## Fix safety
Display only: the line belongs in toplint's configuration or the manifest.

## References
- Kubernetes, assigning pods to nodes (`nodeSelector`, node affinity):
  https://kubernetes.io/docs/concepts/scheduling-eviction/assign-pod-node/
"""

# Reasons this rule reports; the others have their own rule (TL003, TL201, TL004).
REPORTED = ("no-manifest", "no-cluster", "selector-mismatch", "placement-ranks", "no-model")


def check(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    unchecked = ctx.unchecked
    if unchecked is None or unchecked.kind not in REPORTED or unchecked.deliberate:
        return
    dep = ctx.deployment
    at = "labels" if unchecked.kind == "selector-mismatch" else ""
    pos = dep.position_of(at) if at else Position(dep.path, dep.line, dep.column)
    yield finding_at(
        rule,
        ctx,
        pos,
        f"not checked against hardware: {unchecked.reason}",
        fix=Fix(unchecked.fix) if unchecked.fix else None,
        data={"reason": unchecked.kind},
        anchor=unchecked.kind,
    )


RULE = Rule(
    code="TL007",
    name="deployment-not-checked",
    summary="A deployment was not checked against the hardware (no manifest, cluster or model).",
    severity=Severity.ERROR,
    check=check,
    doc=DOC,
    fix_safety="display",
    origin=__file__,
)
