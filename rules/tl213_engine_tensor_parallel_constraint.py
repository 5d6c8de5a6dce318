"""TL213 engine-tensor-parallel-constraint."""

from __future__ import annotations

from collections.abc import Iterator

from toplint.engines.release import image_tag, version
from toplint.model import Finding, Severity
from toplint.rulebook.helpers import finding, layout_fix
from toplint.rulebook.types import Rule, RuleContext

DOC = """\
## What it does
Checks an engine's own tensor-parallel constraints beyond the model's shape.  LMDeploy's
TurboMind backend (its default, `--backend turbomind`) accepts only a power of two as `--tp`
in releases before v0.10.  Triton Inference Server's vLLM backend refuses a `KIND_GPU`
instance group for a model on more than one GPU (tensor × pipeline parallel size above one).

Outcome reported (toplint's severity policy): refuses to start (an error; a warning where the
release that refuses is not known).

## Why is this bad?
TurboMind asserts `(tp & (tp - 1) == 0) and tp != 0` with the message "tp should be 2^n"
when the engine starts (TurboMind's Python wrapper, see References; from #555 until its
removal in a5edd130d, "remove deprecated codes" #3759, first released in v0.10.0), so
`--tp 5` or `--tp 6` never serves.  A user with five GPUs hit it in InternLM/lmdeploy#2249;
the maintainer's answer was "You can only use 4 GPU now".  Releases from v0.10 no longer
assert it (the CLI help still says "Should be 2^n" at 1263d5c, v0.16.0), so without an
image tag the finding is a warning; with a tag older than v0.10 it is an error.

Triton's vLLM backend takes a `KIND_GPU` instance to hold one GPU: at load it raises
"KIND_GPU is currently for single-GPU models, please specify KIND_MODEL in the model's
config.pbtxt for multi-GPU models" when `model.json` asks for `tensor_parallel_size` ×
`pipeline_parallel_size` above one (`_validate_device_config`, see References), so the model
never loads.  `KIND_MODEL` leaves the devices to the engine (its `GPU_DEVICE_IDS` parameter
lists them).

## Example
```bash
lmdeploy serve api_server internlm/internlm2_5-7b-chat --tp 6
```

```
# model_repository/vllm_model/config.pbtxt          # 1/model.json: {"tensor_parallel_size": 2, ...}
backend: "vllm"
instance_group [ { count: 1, kind: KIND_GPU } ]
```

## Use instead
```bash
lmdeploy serve api_server internlm/internlm2_5-7b-chat --tp 4
```

```
backend: "vllm"
instance_group [ { count: 1, kind: KIND_MODEL } ]
```

## Options
None.

## Fix safety
Unsafe: the largest power of two below the current size uses fewer GPUs; memory per GPU grows.
The `KIND_MODEL` change is advice (display): it is written in `config.pbtxt`, not in the file
the engine arguments are read from.

## References
- LMDeploy TurboMind assertion: https://github.com/InternLM/lmdeploy/blob/v0.9.2/lmdeploy/turbomind/turbomind.py
- Removal (#3759, v0.10.0): https://github.com/InternLM/lmdeploy/pull/3759
- Incident: https://github.com/InternLM/lmdeploy/issues/2249
- Triton vLLM backend `_validate_device_config`: https://github.com/triton-inference-server/vllm_backend/blob/00ea75bc67f48ad7c6283b1983620e1dbb1a9cfe/src/model.py
"""

_REMOVED = (0, 10, 0)  # a5edd130d (#3759) is first in v0.10.0 (`git tag --contains`)


def _power_of_two(n: int) -> bool:
    return n > 0 and n & (n - 1) == 0


def check(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    yield from _triton_kind_gpu(rule, ctx)
    dep = ctx.deployment
    if dep.engine != "lmdeploy" or dep.tp is None or _power_of_two(dep.tp):
        return
    if str(dep.options.get("backend", "")).strip("'\"") == "pytorch":
        return
    image = str(dep.options.get("image", ""))
    release = version(image_tag(image)) if image else None
    if release is not None and release >= _REMOVED:
        return
    severity = Severity.ERROR if release is not None else Severity.WARNING
    best = 1 << (dep.tp.bit_length() - 1)
    when = (
        f"this image's LMDeploy {'.'.join(map(str, release))} refuses it at start-up"
        if release is not None
        else "LMDeploy releases before v0.10 refuse it at start-up ('tp should be 2^n'); "
        "name the image's release to know which applies"
    )
    yield finding(
        rule,
        ctx,
        "tp",
        f"TurboMind needs a power of two for --tp, got {dep.tp}: {when}",
        severity=severity,
        fix=layout_fix(dep.engine, tp=best),
        data={"tp": dep.tp, "suggested_tp": best},
    )


def _triton_kind_gpu(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    """Triton's vLLM backend: a ``KIND_GPU`` instance holds one GPU
    (``toplint.parse.structured.triton``)."""
    dep = ctx.deployment
    if dep.options.get("triton.instance_kind") != "KIND_GPU":
        return
    world = (dep.tp or 1) * (dep.pp or 1)
    if world <= 1:
        return
    yield finding(
        rule,
        ctx,
        "triton.instance_kind",
        f"Triton's vLLM backend refuses a KIND_GPU instance for a model on {world} GPUs "
        f"(TP {dep.tp or 1} × PP {dep.pp or 1}): 'KIND_GPU is currently for single-GPU "
        "models', and the model never loads",
        fix="kind: KIND_MODEL   # in config.pbtxt (GPU_DEVICE_IDS lists the GPUs it may use)",
        data={"instance_kind": "KIND_GPU", "world_size": world},
    )


RULE = Rule(
    code="TL213",
    name="engine-tensor-parallel-constraint",
    summary=(
        "The engine's own tensor-parallel constraint (LMDeploy TurboMind: a power of two; "
        "Triton's vLLM backend: KIND_MODEL for more than one GPU)."
    ),
    severity=Severity.ERROR,
    check=check,
    doc=DOC,
    fix_safety="unsafe",
    origin=__file__,
    accelerators="gpu",
)
