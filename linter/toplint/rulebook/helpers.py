"""Small helpers shared by Python rules: a positioned finding, a fix, typed options."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from toplint.engines import layout as render
from toplint.engines import release
from toplint.engines.registry import get_engine
from toplint.model import (
    Applicability,
    Deployment,
    Dimension,
    Finding,
    Fix,
    Intent,
    Position,
    Severity,
)
from toplint.rulebook.types import Rule, RuleContext

_T = TypeVar("_T")

# Deployment field -> the canonical flag names that set it (for anchors of findings).
_FIELD_FLAGS = {
    "tp": ("tensor-parallel-size", "tp", "tp-size", "num-shard"),
    "pp": ("pipeline-parallel-size", "pp", "pp-size"),
    "dp": ("data-parallel-size", "dp", "dp-size"),
    "dp_local": ("data-parallel-size-local",),
    "ep": ("enable-expert-parallel", "ep", "ep-size", "expert-parallel-size"),
    "model": ("model", "model-path", "model-id"),
}


def anchor_of(ctx: RuleContext, field: str) -> str:
    """The flag (or YAML path) that set ``field``, else the field name."""
    dep = ctx.deployment
    for name in (*_FIELD_FLAGS.get(field, ()), field, field.replace("_", "-")):
        flag = dep.flag(name)
        if flag is not None:
            return flag.anchor or flag.name
    return field


def finding(
    rule: Rule,
    ctx: RuleContext,
    at: str,
    message: str,
    *,
    fix: str | Fix | None = None,
    data: Mapping[str, Any] | None = None,
    severity: Severity | None = None,
) -> Finding:
    """A finding at the value of deployment field ``at``.

    A fix given as text is advice (``display``): only a ``Fix`` with intents (``layout_fix``,
    ``flag_fix``) can be applied, so only such a fix is ``safe`` or ``unsafe``.
    """
    return finding_at(
        rule,
        ctx,
        ctx.deployment.position_of(at),
        message,
        fix=Fix(fix, applicability="display") if isinstance(fix, str) else fix,
        data=data,
        severity=severity,
        anchor=anchor_of(ctx, at),
    )


def finding_at(
    rule: Rule,
    ctx: RuleContext,
    pos: Position,
    message: str,
    *,
    fix: Fix | None = None,
    data: Mapping[str, Any] | None = None,
    severity: Severity | None = None,
    anchor: str = "",
) -> Finding:
    """A finding at an explicit position (a flag occurrence, an unresolved variable)."""
    return Finding(
        rule=rule.code,
        name=rule.name,
        severity=severity or ctx.severity,
        path=pos.path,
        line=pos.line,
        column=pos.column,
        message=message,
        fix=fix,
        data=dict(data or {}),
        anchor=anchor,
    )


def severity_for(rule: Rule, ctx: RuleContext, wanted: Severity) -> Severity:
    """A condition-dependent severity, unless the config overrode the rule's severity."""
    return wanted if ctx.severity == rule.severity else ctx.severity


def opt_float(ctx: RuleContext, name: str, default: float) -> float:
    return _option(ctx, name, default, float)


def opt_int(ctx: RuleContext, name: str, default: int) -> int:
    return _option(ctx, name, default, int)


def _option(ctx: RuleContext, name: str, default: _T, convert: Callable[[Any], _T]) -> _T:
    """The rule option ``name`` as ``convert`` reads it; ``default`` when unset or unreadable."""
    value = ctx.options.get(name, default)
    try:
        return convert(value)
    except (TypeError, ValueError):
        return default


def truthy(value: object) -> bool:
    """An option value as the engines read booleans ("true", "1", "yes"; bare flag = None)."""
    if value is None:
        return True
    return str(value).strip().strip("'\"").lower() in ("true", "1", "yes", "on", "")


def divisors(n: int, limit: int | None = None) -> list[int]:
    """Divisors of ``n`` up to ``limit`` (ascending)."""
    top = n if limit is None else min(n, limit)
    return [d for d in range(1, top + 1) if n % d == 0]


def layout_flags(
    engine: str,
    tp: int | None = None,
    pp: int | None = None,
    dp: int | None = None,
    ep: int | None = None,
) -> str:
    """Command-line flags setting a layout, in the engine's own spelling (``Engine.layout``,
    rendered by ``toplint.engines.layout``); a dimension the engine has no flag for is left out
    (``layout_missing`` names it)."""
    return render.text(render.flags(get_engine(engine).layout, tp=tp, pp=pp, dp=dp, ep=ep))


def layout_missing(
    engine: str,
    tp: int | None = None,
    pp: int | None = None,
    dp: int | None = None,
    ep: int | None = None,
) -> list[str]:
    """Dimensions of a wanted layout (above 1) that the engine cannot spell with a flag."""
    return render.missing(get_engine(engine).layout, tp=tp, pp=pp, dp=dp, ep=ep)


def release_lacks(dep: Deployment, dimension: Dimension) -> str:
    """``"SGLang 0.4.3"`` when the release the deployment's image pins predates the engine's
    ``dimension`` (``Engine.dimensions_since``), else ``""``."""
    engine = get_engine(dep.engine)
    if dimension not in engine.dimensions_since or dimension in release.dimensions(dep):
        return ""
    shown = ".".join(map(str, release.pinned(dep) or ()))
    return f"{engine.title} {shown}"


def layout_fix(
    engine: str,
    *,
    tp: int | None = None,
    pp: int | None = None,
    dp: int | None = None,
    note: str = "",
    applicability: Applicability = "unsafe",
) -> Fix | None:
    """A fix setting a layout with the engine's own flags (``Engine.layout``); None when the
    engine has no flag for one of the sizes above 1 (TGI has no pipeline parallelism: never
    suggest a flag it lacks)."""

    layout = get_engine(engine).layout
    if render.missing(layout, tp=tp, pp=pp, dp=dp):
        return None
    settings = render.flags(layout, tp=tp, pp=pp, dp=dp)
    return settings_fix(settings, note, applicability) if settings else None


def settings_fix(
    settings: list[render.Setting], note: str = "", applicability: Applicability = "unsafe"
) -> Fix:
    """A fix pasting options rendered by ``toplint.engines.layout.flags``: the text as typed,
    the intents by canonical name."""
    changes: dict[str, str | None] = {name.lstrip("-"): value for name, value in settings}
    text = render.text(settings)
    return flag_fix(f"{text} ({note})" if note else text, changes, applicability)


def flag_fix(
    message: str, changes: Mapping[str, str | None], applicability: Applicability = "unsafe"
) -> Fix:
    """A fix setting canonical engine options (``""``: a bare boolean flag; None removes it)."""
    intents = tuple(
        Intent("remove-flag", name) if value is None else Intent("set-flag", name, value)
        for name, value in changes.items()
    )
    return Fix(message, applicability=applicability, intents=intents)


def attention_dp(dep: Deployment) -> bool:
    """Attention runs data-parallel inside the TP group's GPUs (``Engine.attention_dp``:
    SGLang ``--enable-dp-attention``, TensorRT-LLM ``enable_attention_dp``, LMDeploy PyTorch)."""
    return attention_dp_size(dep) > 1


def attention_dp_size(dep: Deployment) -> int:
    """The attention data-parallel degree inside the TP group (1 = none)."""

    return get_engine(dep.engine).attention_dp(dep)


def attention_tp(dep: Deployment) -> int | None:
    """Ranks that shard one attention layer: TP divided by the attention-DP degree."""
    if dep.tp is None:
        return None
    return max(dep.tp // attention_dp_size(dep), 1)


def expected_gpus(dep: Deployment) -> int | None:
    """GPUs one instance uses: TP×PP×DP (an engine's derive folds attention DP into TP's GPUs
    and leaves DP at 1; an engine without PP or DP leaves them at 1)."""
    if dep.tp is None or dep.pp is None:
        return None
    if attention_dp(dep):
        return dep.tp * dep.pp
    return None if dep.dp is None else dep.tp * dep.pp * dep.dp


def ranks_without_shared_memory(dep: Deployment) -> int:
    """GPU ranks sharing one pod whose /dev/shm is the container runtime's 64 MiB (parsed as
    ``dev_shm: default``): NCCL's shared-memory transport cannot start there with 2 or more
    (TL215); 0 when the pod has a memory-backed /dev/shm, hostIPC, or is no pod."""
    if dep.options.get("dev_shm") != "default":
        return 0
    ranks = (dep.tp or 1) * (dep.pp or 1)
    if dep.gpus_per_node is not None:
        return min(ranks, dep.gpus_per_node)
    return ranks if (dep.nodes or 1) == 1 else 1
