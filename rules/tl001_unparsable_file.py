"""TL001 unparsable-file (raised by the parsers; listed and documented here)."""

from __future__ import annotations

from toplint.model import UNPARSABLE_FILE
from toplint.rulebook.types import Rule

DOC = """\
## What it does
Reports a file toplint should read (a shell script, Kubernetes manifest, Helm values file,
compose file) that cannot be parsed: invalid YAML, an unterminated quote, a file over the size
or nesting limits.

Outcome reported (toplint's severity policy): none of a deployment's — toplint cannot read the
file, so nothing in it is judged (error, so a broken file never passes).

## Why is this bad?
A deployment toplint cannot read is a deployment nobody checked: every topology and capacity
rule is silently skipped for it. The same file usually fails in `kubectl apply`, `helm` or the
shell too.

## Example
```yaml
args: ["--tensor-parallel-size", "8"   # the flow sequence is never closed
```

## Use instead
```yaml
args: ["--tensor-parallel-size", "8"]
```

## Options
None. The parser's limits (16 MiB, nesting depth 128, 2,000,000 YAML nodes) are fixed in
`toplint.infra.yamlsafe`.

## References
- PyYAML, safe loading: https://pyyaml.org/wiki/PyYAMLDocumentation
- Alias expansion ("billion laughs"): https://en.wikipedia.org/wiki/Billion_laughs_attack
"""

# Raised by a stage: the code, name and severity are written once, in
# toplint.model.UNPARSABLE_FILE (the one constructor of its findings).
RULE = Rule(
    code=UNPARSABLE_FILE.code,
    name=UNPARSABLE_FILE.name,
    summary="A file toplint should read cannot be parsed.",
    severity=UNPARSABLE_FILE.severity,
    check=None,
    doc=DOC,
    origin=__file__,
)
