"""Every fix a rule offers — applied or only displayed — judged by the outcome.

A fix whose intents change the deployment (a TP, PP or DP size, an engine option, the GPUs a
container requests) is kept only when the deployment it makes starts and fits; a layout change
must also differ from the current layout (unless it writes down the layout the engine derives
today through a flag the deployment does not spell) and need no more GPUs; and when the
finding is not an error (the deployment runs as written) the fix must not make its time to
first token or inter-token latency worse at the declared workload (``toplint.outcome.judge``).
Otherwise the fix is dropped and the finding says why, so no rule can offer a TP size that
does not divide the heads, the current value, a layout that does not fit or one that makes
decode slower.
"""

from __future__ import annotations

from typing import Any

from toplint.engines.registry import get_engine
from toplint.model import Deployment, Finding, Severity
from toplint.optionkeys import BUILT_FROM
from toplint.record import replace
from toplint.rulebook.helpers import ranks_without_shared_memory
from toplint.rulebook.types import RuleContext

GPU_RESOURCES = ("nvidia.com/gpu", "requestGPU", "amd.com/gpu")


def _sizes(finding: Finding, engine: str) -> dict[str, Any]:
    """The layout a finding's fix sets ({"tp": 4, "pp": 2}, and the switches that change what
    the sizes mean: EP on, DP attention), by the engine's own flags."""
    if finding.fix is None or not finding.fix.intents:
        return {}
    names = get_engine(engine).layout
    flags = {
        getattr(names, dim).lstrip("-"): dim for dim in ("tp", "pp", "dp") if getattr(names, dim)
    }
    # A switch is a flag ("--enable-dp-attention") or a setting with its value ("--backend
    # pytorch": LMDeploy reads --dp as attention DP on PyTorch), which a fix writes as one
    # intent named with the value (toplint.engines.layout).
    attention = names.attention_dp.lstrip("-")
    switches = {
        names.ep_switch.lstrip("-"): "ep_on",
        attention: "attention_dp",
        attention.split(" ")[0]: "attention_dp",
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


def _fixed(dep: Deployment, finding: Finding, sizes: dict[str, Any]) -> Deployment | None:
    """``dep`` as the fix's intents make it (None: nothing the outcome reads changes)."""
    assert finding.fix is not None
    options = dict(dep.options)
    gpus, touched = dep.gpus, bool(sizes)
    for intent in finding.fix.intents:
        key = intent.name.replace("-", "_")
        if intent.kind == "set-flag":
            options[key], touched = intent.value or "true", True
        elif intent.kind == "remove-flag":
            touched = options.pop(key, None) is not None or touched
        elif intent.kind == "set-resource" and intent.name in GPU_RESOURCES:
            try:
                gpus, touched = int(str(intent.value)), True
            except ValueError:
                return None
    if not touched:
        return None
    import toplint.outcome.judge  # loaded by a run that places (not at start-up)

    new = toplint.outcome.judge.changed(
        dep, sizes.get("tp"), sizes.get("pp"), sizes.get("dp"), **_switches(sizes)
    )
    if "attention_dp" in new.options:  # what ``changed`` derived wins over the written flags
        options["attention_dp"] = new.options["attention_dp"]
    if dep.gpus_per_node is not None and dep.gpus == dep.gpus_per_node:  # one pod: its request
        return replace(new, options=options, gpus=gpus, gpus_per_node=gpus)
    return replace(new, options=options, gpus=gpus)


def _stops_without_shared_memory(dep: Deployment, new: Deployment) -> str:
    """Why ``new`` stops at start-up where ``dep`` did not: the fix puts several GPU ranks in
    a pod whose /dev/shm is 64 MiB (TL215: NCCL cannot create its segments)."""
    ranks = ranks_without_shared_memory(new)
    if ranks < 2 or ranks_without_shared_memory(dep) >= 2:
        return ""
    return (
        f"it puts {ranks} GPU ranks in a pod whose /dev/shm is 64 MiB, where NCCL stops at "
        "start-up: mount a memory-backed /dev/shm first (TL215)"
    )


def _switches(sizes: dict[str, Any]) -> dict[str, Any]:
    return {k: sizes[k] for k in ("ep_on", "attention_dp") if k in sizes}


def _writes_down(dep: Deployment, finding: Finding, sizes: dict[str, Any]) -> bool:
    """The fix spells the layout the engine derives today (TGI without ``--num-shard`` shards
    over the GPUs a pod was allocated: TL210 writes that count down): the same sizes, through a
    flag the deployment does not write.  That is no layout change, so not "the current
    layout"."""
    assert finding.fix is not None
    if any(getattr(dep, dim) != sizes[dim] for dim in ("tp", "pp", "dp") if dim in sizes):
        return False
    if sizes.get("ep_on") and not dep.ep_enabled:
        return False  # turns expert parallelism on: a new layout
    if "attention_dp" in sizes and str(sizes["attention_dp"]) != str(
        dep.options.get("attention_dp", "1")
    ):
        return False  # a new attention-DP degree (SGLang --enable-dp-attention --dp-size 8)
    written = {flag.name for flag in dep.flags}
    return any(i.kind == "set-flag" and i.name not in written for i in finding.fix.intents)


def judged(findings: list[Finding], ctx: RuleContext) -> list[Finding]:
    """``findings`` with each fix that the outcome rules out removed (and said why)."""
    if ctx.deployment.options.get(BUILT_FROM):  # an engine built for its layout
        return [_built_layout(f, ctx) for f in findings]
    if _declined(ctx):
        return [_unjudged_layout(f, ctx) for f in findings]
    if ctx.model is None or ctx.cluster is None:  # unplaced (too few GPUs) is still judged
        # No outcome: a layout change offered for speed cannot be judged; one that makes a
        # deployment the engine refuses start is still offered (its rule checked that).
        return [f if f.severity is Severity.ERROR else _unjudged_layout(f, ctx) for f in findings]
    import toplint.outcome.judge  # loaded by a run that places (not at start-up)

    out = []
    for f in findings:
        if f.fix is not None and f.fix.intents:
            sizes = _sizes(f, ctx.deployment.engine)
            new = _fixed(ctx.deployment, f, sizes)
            if new is not None:
                j = toplint.outcome.judge.judge_deployment(
                    ctx.deployment,
                    new,
                    ctx.outcome,
                    ctx.cluster,
                    ctx.model,
                    ctx.workload,
                    layout=bool(sizes) and not _writes_down(ctx.deployment, f, sizes),
                    keep_speed=f.severity is not Severity.ERROR,
                )
                why = j.why or _stops_without_shared_memory(ctx.deployment, new)
                if why:
                    change = f.fix.message.split(" (", 1)[0]
                    f = replace(f, fix=None, message=f"{f.message} (not `{change}`: {why})")
        out.append(f)
    return out


def _built_layout(finding: Finding, ctx: RuleContext) -> Finding:
    """A deployment serving an engine its file builds runs the layout the engine was converted
    for (``toplint.parse.builtengine``): a size written on the serving command cannot change it
    (TensorRT-LLM refuses one, TL213), so a layout fix is not offered there."""
    sizes = {} if finding.fix is None else _sizes(finding, ctx.deployment.engine)
    if not sizes:
        return finding
    assert finding.fix is not None
    change = finding.fix.message.split(" (", 1)[0]
    why = (
        f"the engine is built for its layout ({ctx.deployment.options[BUILT_FROM]}): convert "
        "and build it again at the new sizes"
    )
    return replace(finding, fix=None, message=f"{finding.message} (not `{change}`: {why})")


def _declined(ctx: RuleContext) -> bool:
    return ctx.unchecked is not None and ctx.unchecked.kind == "accelerator"


def _unjudged_layout(finding: Finding, ctx: RuleContext) -> Finding:
    """Without an outcome to judge a layout change by, a fix that changes TP, PP or DP is not
    offered, and the finding says why: on an accelerator toplint does not model (TL011), and,
    for a finding on a deployment that runs as written, on one not checked against hardware
    (no cluster chosen, no manifest, a model toplint cannot size: TL007), where whether the
    new layout is faster or slower than the one written is unknown (issue 25: a fix that makes
    the deployment slower is not a fix, and what cannot be resolved is not guessed)."""
    sizes = {} if finding.fix is None else _sizes(finding, ctx.deployment.engine)
    if not sizes or _writes_down(ctx.deployment, finding, sizes):
        return finding
    assert finding.fix is not None
    change = finding.fix.message.split(" (", 1)[0]
    if _declined(ctx):
        why = "toplint does not price this accelerator, so it cannot judge a new layout there"
    else:
        what = f" ({ctx.unchecked.label})" if ctx.unchecked is not None else ""
        why = (
            f"this deployment is not checked against hardware{what}, so whether a new layout "
            "is faster cannot be judged"
        )
    return replace(finding, fix=None, message=f"{finding.message} (not `{change}`: {why})")
