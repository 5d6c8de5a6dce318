"""TL003 unresolved-value."""

from __future__ import annotations

from collections.abc import Iterator

from toplint.model import Finding, Fix, Position, Severity
from toplint.rulebook.helpers import finding_at
from toplint.rulebook.types import Rule, RuleContext

DOC = """\
## What it does
Reports, once per variable per deployment, a value toplint needs but cannot resolve: a shell
variable set outside the file, a positional parameter (`$1`), a Helm template expression. It
names the variable and the setting it feeds; the checks that need that value are skipped.

## Why is this bad?
toplint never guesses: a layout it cannot resolve is a layout it cannot check. An info finding
makes the gap visible instead of reporting a clean run that checked nothing.

## Example
```bash
vllm serve meta-llama/Llama-3.1-70B-Instruct --tensor-parallel-size "$TP"
```

## Use instead
```bash
TP=4
vllm serve meta-llama/Llama-3.1-70B-Instruct --tensor-parallel-size "$TP"
```
or give the variable a default in the script (`TP=${TP:-4}`).

## Options
None.

## Fix safety
Display only: toplint cannot know which value you meant.

## References
- Shell parameter expansion (`${TP:-4}`): https://www.gnu.org/software/bash/manual/html_node/Shell-Parameter-Expansion.html
- Compose variable interpolation: https://docs.docker.com/reference/compose-file/interpolation/
"""


def check(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    dep = ctx.deployment
    by_variable: dict[str, list[str]] = {}
    first: dict[str, Position] = {}
    for item in dep.unresolved:
        fields = by_variable.setdefault(item.variable, [])
        if item.field not in fields:
            fields.append(item.field)
        first.setdefault(item.variable, item.position)
    for variable, fields in by_variable.items():
        names = ", ".join(f"`{f}`" for f in fields)
        yield finding_at(
            rule,
            ctx,
            first[variable],
            f"`{variable}` cannot be resolved here; it sets {names}, so the checks that "
            "need it are skipped",
            fix=Fix(
                f"give `{variable}` a literal value (or a default) in this file",
                applicability="display",
            ),
            data={"variable": variable, "fields": list(fields)},
            anchor=variable,
        )


RULE = Rule(
    code="TL003",
    name="unresolved-value",
    summary="A value a check needs cannot be resolved; the checks needing it are skipped.",
    severity=Severity.INFO,
    check=check,
    doc=DOC,
    fix_safety="display",
    origin=__file__,
)
