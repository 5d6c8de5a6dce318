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
in releases before v0.10.

## Why is this bad?
TurboMind asserts `(tp & (tp - 1) == 0) and tp != 0` with the message "tp should be 2^n"
when the engine starts (TurboMind's Python wrapper, see References; from #555 until its
removal in a5edd130d, "remove deprecated codes" #3759, first released in v0.10.0), so
`--tp 5` or `--tp 6` never serves.  A user with five GPUs hit it in InternLM/lmdeploy#2249;
the maintainer's answer was "You can only use 4 GPU now".  Releases from v0.10 no longer
assert it (the CLI help still says "Should be 2^n" at 1263d5c, v0.16.0), so without an
image tag the finding is a warning; with a tag older than v0.10 it is an error.

## Example
```bash
lmdeploy serve api_server internlm/internlm2_5-7b-chat --tp 6
```

## Use instead
```bash
lmdeploy serve api_server internlm/internlm2_5-7b-chat --tp 4
```

## Options
None.

## Fix safety
Unsafe: the largest power of two below the current size uses fewer GPUs; memory per GPU grows.

## References
- LMDeploy TurboMind assertion: https://github.com/InternLM/lmdeploy/blob/v0.9.2/lmdeploy/turbomind/turbomind.py
- Removal (#3759, v0.10.0): https://github.com/InternLM/lmdeploy/pull/3759
- Incident: https://github.com/InternLM/lmdeploy/issues/2249
"""

_REMOVED = (0, 10, 0)  # a5edd130d (#3759) is first in v0.10.0 (`git tag --contains`)


def _power_of_two(n: int) -> bool:
    return n > 0 and n & (n - 1) == 0


def check(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
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


RULE = Rule(
    code="TL213",
    name="engine-tensor-parallel-constraint",
    summary="The engine's own tensor-parallel constraint (LMDeploy TurboMind: a power of two).",
    severity=Severity.ERROR,
    check=check,
    doc=DOC,
    fix_safety="unsafe",
    origin=__file__,
    accelerators="gpu",
)
