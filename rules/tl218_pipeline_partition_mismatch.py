"""TL218 pipeline-partition-mismatch."""

from __future__ import annotations

from collections.abc import Iterator

from toplint.engines.registry import get_engine
from toplint.model import Finding, Severity
from toplint.outcome.weights import pp_partition, stage_layers
from toplint.rulebook.helpers import finding
from toplint.rulebook.types import Rule, RuleContext

DOC = """\
## What it does
Checks the hidden layers per pipeline stage a deployment's environment writes for the engine's
partitioner - vLLM's `VLLM_PP_LAYER_PARTITION="24,40"` - against its pipeline-parallel size and
its model: one whole number a stage, their sum the model's hidden layers.

Outcome reported (toplint's severity policy): refuses to start — vLLM raises a ValueError while
placing the layers (error).  A partition it accepts is priced as written: the stage with the
most layers (and the vocabulary table beside it) is the one whose weights and KV cache must fit
(TL205).

## Why is this bad?
vLLM's `get_pp_indices` reads the variable on every rank while the model is built: "Invalid
partition string" when a part is not an int, "len(partitions)=3 does not match pp_size=2" when
the stages differ, "sum(partitions)=60 does not match num_hidden_layers=64" when the layers do
(vLLM's `get_pp_indices`, linked below).  The variable outlives the layout it
was written for: a partition for four stages in a script that now runs two, or for a model of
64 layers exported beside one of 48.

## Example
```bash
export VLLM_PP_LAYER_PARTITION="15,15,15,19"
vllm serve Qwen/Qwen2.5-32B-Instruct --pipeline-parallel-size 2
```

## Use instead
```bash
export VLLM_PP_LAYER_PARTITION="24,40"
vllm serve Qwen/Qwen2.5-32B-Instruct --pipeline-parallel-size 2
```

## Options
None.

## Fix safety
Displayed only: which stage takes more layers (a larger GPU, the stage without the vocabulary
table) is the user's choice; the fix names the engine's own even split.

## References
- vLLM `get_pp_indices` (`VLLM_PP_LAYER_PARTITION`): https://github.com/vllm-project/vllm/blob/main/vllm/distributed/utils.py
- vLLM environment variables (`VLLM_PP_LAYER_PARTITION`): https://github.com/vllm-project/vllm/blob/main/vllm/envs.py
- A user's uneven partition for a hybrid MoE model: https://github.com/vllm-project/vllm/issues/42927
"""


def check(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    model, dep = ctx.model, ctx.deployment
    if model is None:
        return
    problem = pp_partition(model, dep)[1]
    if not problem:
        return
    key = get_engine(dep.engine).memory.pp_partition_env
    pp = max(dep.pp or 1, 1)
    even = ",".join(str(n) for n in stage_layers(model.num_layers, pp))
    yield finding(
        rule,
        ctx,
        f"env.{key}",
        f"{problem}: {get_engine(dep.engine).title} refuses to start while placing the layers",
        fix=f'{key}="{even}" (the engine\'s own split of {model.num_layers} layers over {pp} '
        "stages), or leave it unset",
        data={"pp": pp, "layers": model.num_layers},
    )


RULE = Rule(
    code="TL218",
    name="pipeline-partition-mismatch",
    summary="The environment's layers per pipeline stage do not fit the layout or the model.",
    severity=Severity.ERROR,
    check=check,
    doc=DOC,
    origin=__file__,
    accelerators="gpu",
)
