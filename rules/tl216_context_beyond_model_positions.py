"""TL216 context-beyond-model-positions."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from toplint.catalog_types import said
from toplint.engines.registry import get_engine
from toplint.model import Finding, Severity
from toplint.rulebook.helpers import finding, flag_fix
from toplint.rulebook.types import Rule, RuleContext

DOC = """\
## What it does
Checks that vLLM's `--max-model-len` is no longer than the context the engine derives from the
checkpoint's config.json: the smallest of its length keys (`max_position_embeddings`, ...),
multiplied by a `rope_scaling` factor unless the rope type already states the scaled length
(`su`, `longrope`, `llama3`; `yarn` scales `original_max_position_embeddings`).

Outcome reported: the engine refuses to start (an error).

## Why is this bad?
vLLM's `_get_and_verify_max_len` raises "User-specified max_model_len (...) is greater than
the derived max_model_len (...)" when the engine starts, unless the environment sets
`VLLM_ALLOW_LONG_MAX_MODEL_LEN=1`; and with that escape hatch, positions past the derived
length give NaNs (rotary embeddings) or out-of-bounds reads (learned positions), as the
error itself says.  A user asked for Qwen2.5-72B-Instruct at `--max-model-len 131072` and
got exactly this refusal (its config.json has 32768 positions and no rope scaling;
EvolvingLMMs-Lab/LongVT#9).

## Example
```bash
vllm serve Qwen/Qwen2.5-72B-Instruct --tensor-parallel-size 8 --max-model-len 131072
```

## Use instead
```bash
vllm serve Qwen/Qwen2.5-72B-Instruct --tensor-parallel-size 8 --max-model-len 32768
```
(or add the checkpoint's documented YaRN `rope_scaling` through `--hf-overrides`, which
raises the derived length: toplint derives it as vLLM does, from the overrides laid over
config.json, and so does an exported `VLLM_ALLOW_LONG_MAX_MODEL_LEN=1`).

## Options
None.

## Fix safety
Unsafe: the served context becomes the derived length, shorter than the one asked for.

## References
- vLLM `_get_and_verify_max_len`: https://github.com/vllm-project/vllm/blob/0004438383ee731a6e44708609d175c48528a8d0/vllm/config.py
- Incident: https://github.com/EvolvingLMMs-Lab/LongVT/issues/9
"""


def _allowed(options: Mapping[str, str], env: str) -> bool:
    """The engine's escape hatch is set (vllm/envs.py: "1" or "true")."""
    value = options.get(f"env.{env}", options.get(env))
    return value is not None and str(value).strip().strip("'\"").lower() in ("1", "true")


_OVERRIDDEN = " with the --hf-overrides given"


def check(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    dep, model = ctx.deployment, ctx.model
    if model is None or model.max_context <= 0:
        return
    memory = get_engine(dep.engine).memory
    env = memory.beyond_positions_env
    if not env or not memory.context_keys:
        return
    key = memory.context_keys[0]
    written = dep.options.get(key)
    if written is None:
        return
    import toplint.outcome.lengths as lengths  # loaded by a run that places

    asked = lengths.context_length(written)  # human-readable lengths: "32k", "32K"
    if asked is None or asked <= 0:
        return  # not a length, or "auto": the engine fits it
    derived = model.max_context  # with the deployment's --hf-overrides laid over config.json
    if asked <= derived or _allowed(dep.options, env):
        return
    flag = "--" + key.replace("_", "-")
    yield finding(
        rule,
        ctx,
        key,
        f"{flag} {asked} is longer than the {derived} tokens the engine derives from "
        f"{said(model, dep.model)}'s config.json{_OVERRIDDEN if model.context_overridden else ''}: "
        "it refuses to start ('User-specified max_model_len is "
        f"greater than the derived max_model_len') unless {env}=1, and positions past "
        f"{derived} give wrong outputs",
        fix=flag_fix(f"{flag} {derived}", {flag.lstrip("-"): str(derived)}),
        data={key: asked, "derived": derived},
    )


RULE = Rule(
    code="TL216",
    name="context-beyond-model-positions",
    summary="vLLM's --max-model-len is longer than the context the checkpoint's config allows.",
    severity=Severity.ERROR,
    check=check,
    doc=DOC,
    fix_safety="unsafe",
    origin=__file__,
    accelerators="any",
)
