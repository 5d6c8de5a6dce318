"""TL004 unknown-model."""

from __future__ import annotations

from collections.abc import Iterator

from toplint.model import Deployment, Finding, Severity
from toplint.rulebook.helpers import finding
from toplint.rulebook.types import Rule, RuleContext

DOC = """\
## What it does
Reports a served model that is not in toplint's model catalog, the toplint config's `models:`
mapping, a `config.json` beside the model's path in the repository, or the local Hugging Face
cache. Communication costs and the model checks (heads, layers, experts, memory) are skipped for
it. It suggests a catalog id only when one has the same family, parameter count and kind (base
or instruct): a suggestion of another size would be checked as the wrong model.  A
`config.json` beside the model's path that toplint cannot read into a model (a layer kind it
does not model, such as GraniteMoeHybrid's Mamba layers, or a field it needs and lacks) is
named with the reason, rather than read wrongly.

Outcome reported (toplint's severity policy): unknown — without the model's architecture there
is no memory, start or latency outcome; those checks are skipped (info).

## Why is this bad?
Every volume toplint computes starts from the model's shape (hidden size, layers, heads,
experts). Without it, a layout that cannot start (TL202) or does not fit (TL205) goes
unreported.

## Example
```bash
vllm serve /models/my-finetune --tensor-parallel-size 8
```

## Use instead
Point toplint at the checkpoint's `config.json` (or name the catalog model it derives from):
```yaml
# toplint.yaml
models:
  /models/my-finetune: meta-llama/Llama-3.1-70B   # or: path/to/config.json
```

## Options
None.

## Fix safety
Display only: the mapping belongs in toplint's config, not in the deployment.

## References
- Hugging Face model configuration (`config.json` fields toplint reads): https://huggingface.co/docs/transformers/main_classes/configuration
- Hugging Face cache layout (read locally, never downloaded): https://huggingface.co/docs/huggingface_hub/guides/manage-cache
"""


def check(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    dep = ctx.deployment
    if dep.model is None or ctx.model is not None:
        return
    from toplint.hardware.models import close_model

    close = close_model(dep.model)
    hint = f"; did you mean `{close}`?" if close else ""
    unread = ctx.model_unread
    beside = f" and the config.json beside it cannot be read ({unread})" if unread else ""
    target = close or ("org/catalog-model" if unread else "path/to/config.json")
    yield finding(
        rule,
        ctx,
        "model",
        f"model `{dep.model}`{_from(dep)} is not in the model catalog{beside}{hint}; "
        "communication costs and model checks are skipped",
        fix=f'models: {{"{dep.model}": {target}}}   # in toplint.yaml',
        data={
            "model": dep.model,
            **({"did_you_mean": close} if close else {}),
            **({"config_error": unread} if unread else {}),
        },
    )


def _from(dep: Deployment) -> str:
    """Where the model id was read, when not from the engine's model option (a URI, a download
    command or a label: ``toplint.parse.modelref``)."""
    how = dep.options.get("model.from")
    return f" (read from {how})" if how else ""


RULE = Rule(
    code="TL004",
    name="unknown-model",
    summary="The model is not in the catalog; costs and model checks are skipped.",
    severity=Severity.INFO,
    check=check,
    doc=DOC,
    fix_safety="display",
    origin=__file__,
    accelerators="any",
)
