"""TL209 setting-ignored."""

from __future__ import annotations

from collections.abc import Iterator

from toplint.model import Deployment, Finding, Fix, Flag, Intent, Severity
from toplint.record import replace
from toplint.rulebook.helpers import expected_gpus, finding, finding_at
from toplint.rulebook.types import Rule, RuleContext

DOC = """\
## What it does
Reports settings the engine or chart silently ignores or overrides:

- an engine option given twice with different values (argparse keeps the last one; common
  when a Helm chart renders `vllmConfig` keys and `extraArgs` repeats one of them);
- a value a parser marked as ignored (`options["ignored.<key>"]`), e.g. the vLLM
  production-stack chart's `vllmConfig.pipelineParallelSize`, which only the Ray template
  (`raySpec.enabled: true`) renders, or a fractional `requestGPU` below 1, which the chart's
  `int(requestGPU) > 0` test renders as no GPU request at all (vllm-project/production-stack#1047:
  `requestGPU: 0.5` put both replicas of its two-pod test on one L4), or a KServe
  LLMInferenceService's `parallelism.pipeline` (or `data`, `expert`) without `worker`, which the
  controller's single-node template does not render (kserve/kserve#6044: TP 2 x PP 2 on a
  4-GPU pod ran TP 2 on two of them), or ms-swift's `--device_map`/`--max_memory` under
  `swift deploy --infer_backend vllm|sglang|lmdeploy`, which ms-swift passes only to its
  transformers backend (modelscope/ms-swift#3363: the model stayed on one GPU; use the engine's
  tensor parallelism).

Outcome reported (toplint's severity policy): runs, not as written — the setting has no effect
(warning).

## Why is this bad?
The config says one thing and the server does another: a reviewer reads
`--tensor-parallel-size 4` while the engine runs with the 8 that comes later, or expects two
pipeline stages that never exist, so the model runs with half the GPUs it was sized for.

## Example
```bash
vllm serve meta-llama/Llama-3.1-70B-Instruct --tensor-parallel-size 4 --max-model-len 8192 \\
    --tensor-parallel-size 8
```

## Use instead
```bash
vllm serve meta-llama/Llama-3.1-70B-Instruct --max-model-len 8192 --tensor-parallel-size 8
```

A `requestGPU` below 1 is a **warning** like the rest: the pod still starts where the node's
default container runtime exposes the GPUs (TL201's policy for a missing request), but the
scheduler does not count them, so replicas share them.

## Options
None.

## Fix safety
Safe for duplicates: removing the occurrence the engine ignores does not change what runs.
For an ignored chart value the fix is display advice (enable Ray or remove the key).

## References
- Python argparse (a repeated option's last value wins): https://docs.python.org/3/library/argparse.html
- vLLM production-stack Helm chart: https://github.com/vllm-project/production-stack/blob/main/helm/templates/deployment-vllm-multi.yaml
- production-stack `chart.resources`, a GPU request only when `int(requestGPU) > 0` (a6c01db0): https://github.com/vllm-project/production-stack/blob/main/helm/templates/_helpers.tpl
- vllm-project/production-stack#1047 (`requestGPU: 0.5`, two replicas on one GPU): https://github.com/vllm-project/production-stack/pull/1047
- KServe single-node template (renders only `--tensor-parallel-size`), kserve@aaac4e294: https://github.com/kserve/kserve/blob/aaac4e294dae2c7b1aa1886447793f3aa1c30912/config/llmisvcconfig/config-llm-template.yaml
- kserve/kserve#6044 (`parallelism.pipeline` ignored without `worker`): https://github.com/kserve/kserve/issues/6044
- ms-swift `get_infer_engine` (device_map only for transformers): https://github.com/modelscope/ms-swift/blob/3602360a562313afbf2ef6065fdf61f271a2c5b9/swift/pipelines/infer/infer.py
- modelscope/ms-swift#3363 (`--max_memory` with `--infer_backend vllm` has no effect): https://github.com/modelscope/ms-swift/issues/3363
"""


def _duplicates(flags: tuple[Flag, ...]) -> Iterator[tuple[Flag, Flag]]:
    """(ignored occurrence, effective occurrence) for each option given with another value."""
    last: dict[str, Flag] = {}
    for flag in flags:
        last[flag.name] = flag
    for flag in flags:
        effective = last[flag.name]
        if flag is not effective and flag.value != effective.value:
            yield flag, effective


def _spell(flag: Flag) -> str:
    return flag.raw if flag.value is None else f"{flag.raw} {flag.value}"


def check(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    dep = ctx.deployment
    for ignored, effective in _duplicates(dep.flags):
        where = f"{effective.position.line}:{effective.position.column}"
        yield finding_at(
            rule,
            ctx,
            ignored.position,
            f"`{_spell(ignored)}` is overridden by `{_spell(effective)}` at {where}; "
            "the engine uses the last value",
            fix=Fix(
                f"remove `{_spell(ignored)}`",
                applicability="safe",
                intents=(Intent("remove-flag", ignored.name, at=ignored.position),),
            ),
            data={"option": ignored.name, "ignored": ignored.value, "effective": effective.value},
            anchor=ignored.anchor or ignored.name,
        )
    for key, value in sorted(dep.options.items()):
        if not key.startswith("ignored."):
            continue
        name = key[len("ignored.") :]
        why = next((n for n in dep.notes if name in n), f"{name} is ignored")
        found = finding(
            rule,
            ctx,
            key if key in dep.sources else name if name in dep.sources else "pp",
            f"`{name}: {value}` has no effect: {why}" + _consequence(name, dep),
            data={"setting": name, "value": value},
        )
        yield replace(found, fix=Fix(_advice(name, dep), applicability="display"))


def _consequence(name: str, dep: Deployment) -> str:
    """What the ignored setting leaves the deployment with, when that is not just 'nothing'."""
    if name.startswith("parallelism."):
        world = expected_gpus(dep)
        if dep.gpus and world and dep.gpus > world:
            idle = dep.gpus - world
            return f"; {idle} of the {dep.gpus} GPUs requested stay idle (the layout uses {world})"
        return ""
    if name != "requestGPU":
        return ""
    replicas = dep.replicas or 1
    shared = f"; its {replicas} replicas may all land on the same GPU" if replicas > 1 else ""
    return (
        "; the pod gets GPUs only where the node's default container runtime exposes them, "
        f"unseen by the scheduler{shared}"
    )


def _advice(name: str, dep: Deployment) -> str:
    if name == "requestGPU":
        world = expected_gpus(dep) or 1
        return f"requestGPU: {world} (a whole number of GPUs per replica)"
    if name.startswith("parallelism."):
        return f"remove `{name}`, or add `worker` so the controller renders it across pods"
    if name == "pipelineParallelSize":
        return (
            f"remove `{name}`, or enable the setup that renders it (production-stack: "
            "`raySpec.enabled: true`)"
        )
    return f"remove `{name}`, or set what the engine itself reads in its place"


RULE = Rule(
    code="TL209",
    name="setting-ignored",
    summary="A setting the engine or chart silently ignores or overrides.",
    severity=Severity.WARNING,
    check=check,
    doc=DOC,
    fix_safety="safe",
    origin=__file__,
    accelerators="any",
)
