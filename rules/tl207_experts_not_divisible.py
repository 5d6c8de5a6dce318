"""TL207 experts-not-divisible."""

from __future__ import annotations

from collections.abc import Iterator

from toplint.engines.registry import get_engine
from toplint.model import Finding, Fix, Severity
from toplint.rulebook.helpers import finding, flag_fix
from toplint.rulebook.types import Rule, RuleContext

DOC = """\
## What it does
Checks that the routed experts, plus the redundant experts of EPLB (vLLM
`--eplb-config '{"num_redundant_experts": N}'` or `--num-redundant-experts`, SGLang
`--ep-num-redundant-experts`), divide evenly across the expert-parallel ranks, and that there
are at least as many experts as ranks.

Outcome reported (toplint's severity policy): refuses to start — the engine requires the experts
to divide by the expert-parallel size (error).

## Why is this bad?
Each EP rank holds `(experts + redundant) / EP` experts; the engines assert the division is
exact and refuse to start otherwise. DeepSeek-V3 (256 experts) runs EP 32 with 32 redundant
experts in production (288 / 32 = 9 per rank); at EP 24 it needs 8 or 32 redundant experts.

## Example
```bash
vllm serve Qwen/Qwen3-30B-A3B --tensor-parallel-size 3 --enable-expert-parallel
```

## Use instead
```bash
vllm serve Qwen/Qwen3-30B-A3B --tensor-parallel-size 4 --enable-expert-parallel
```
or add redundant experts with EPLB so that the total divides (`--enable-eplb --eplb-config
'{"num_redundant_experts": 1}'` for 128 + 1 = 129 = 3 × 43).

## Options
None.

## Fix safety
Unsafe: redundant experts take memory; a different EP changes the layout.

## References
- vLLM expert parallel deployment (EPLB, redundant experts): https://docs.vllm.ai/en/latest/serving/expert_parallel_deployment/
"""


def check(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    model, dep = ctx.model, ctx.deployment
    if model is None or dep.ep is None:
        return
    # the engine's own start check, as the outcome model reads it (no model is loaded)
    import toplint.outcome.shards as shards

    split = shards.expert_split(dep, model)
    if split is None:
        return
    (experts, extra), ep = split, dep.ep
    total = experts + extra
    need = (-total) % ep
    what = f"{experts} routed experts" + (f" + {extra} redundant" if extra else "")
    at = "ep" if "ep" in dep.sources else ("ep_enabled" if "ep_enabled" in dep.sources else "tp")
    yield finding(
        rule,
        ctx,
        at,
        f"{what} = {total} do not split evenly over {ep} expert-parallel ranks "
        f"({total / ep:.2f} per rank); the engine refuses to start",
        fix=redundant_fix(dep.engine, extra + need),
        data={"experts": experts, "redundant": extra, "ep": ep, "missing": need},
    )


def redundant_fix(engine: str, count: int) -> Fix | str | None:
    """The engine's own spelling of N redundant experts (``Engine.redundant_experts``).

    A single ``--option {n}`` becomes an edit; anything more (vLLM's EPLB config is a JSON
    word whose quoting depends on the file) stays advice."""
    template = get_engine(engine).redundant_experts
    if not template:
        return None
    text = template.replace("{n}", str(count))
    option, _, rest = template.partition(" ")
    if option.startswith("--") and rest == "{n}":
        return flag_fix(text, {option[2:]: str(count)})
    return text


RULE = Rule(
    code="TL207",
    name="experts-not-divisible",
    summary="Routed (+ redundant) experts are not divisible by the expert-parallel size.",
    severity=Severity.ERROR,
    check=check,
    doc=DOC,
    fix_safety="unsafe",
    origin=__file__,
    accelerators="any",
)
