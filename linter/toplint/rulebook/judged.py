"""Every layout fix a rule offers — applied or only displayed — judged by the outcome.

A fix whose intents set the tensor-, pipeline- or data-parallel size is kept only when the
deployment it makes starts, fits, runs on the GPUs the deployment has and is no slower to
first token or per token at the declared workload (``toplint.outcome.judge``).  Otherwise the
fix is dropped and the finding says why, so no rule can offer a TP size that does not divide
the heads, the current value, a layout that does not fit or one that makes decode slower.
"""

from __future__ import annotations

from typing import Any

from toplint.engines.registry import get_engine
from toplint.model import Finding
from toplint.outcome.judge import judge
from toplint.record import replace
from toplint.rulebook.types import RuleContext


def _sizes(finding: Finding, engine: str) -> dict[str, Any]:
    """The layout a finding's fix sets ({"tp": 4, "pp": 2}, and the switches that change what
    the sizes mean: EP on, DP attention), by the engine's own flags."""
    if finding.fix is None or not finding.fix.intents:
        return {}
    names = get_engine(engine).layout
    flags = {
        getattr(names, dim).lstrip("-"): dim for dim in ("tp", "pp", "dp") if getattr(names, dim)
    }
    switches = {
        names.ep_switch.lstrip("-"): "ep_on",
        names.attention_dp.split(" ")[0].lstrip("-"): "attention_dp",
    }
    out: dict[str, Any] = {}
    on: set[str] = set()
    for intent in finding.fix.intents:
        if intent.kind != "set-flag":
            continue
        dim = flags.get(intent.name)
        if dim is not None:
            try:
                out[dim] = int(str(intent.value))
            except ValueError:
                return {}
        elif intent.name and switches.get(intent.name):
            on.add(switches[intent.name])
    if not out:
        return {}
    if "ep_on" in on:
        out["ep_on"] = True
    if "attention_dp" in on:  # the DP size is the attention-DP degree inside the TP group
        out["attention_dp"] = out.pop("dp", 1)
    return out


def judged(findings: list[Finding], ctx: RuleContext) -> list[Finding]:
    """``findings`` with each layout fix that the outcome rules out removed (and said why)."""
    if ctx.model is None or ctx.cluster is None or ctx.placement is None:
        return findings
    out = []
    for f in findings:
        sizes = _sizes(f, ctx.deployment.engine)
        if sizes:
            j = judge(ctx.deployment, ctx.outcome, ctx.cluster, ctx.model, ctx.workload, **sizes)
            if not j.ok:
                assert f.fix is not None
                layout = f.fix.message.split(" (", 1)[0]
                f = replace(f, fix=None, message=f"{f.message} (not `{layout}`: {j.why})")
        out.append(f)
    return out
