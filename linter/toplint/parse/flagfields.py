"""An engine's flags -> a deployment's fields.

``apply_flags`` folds flags (``toplint.parse.options.parse_args``'s, an engine's environment
variables read by ``env_flags``, a config file's from ``toplint.parse.enginecfg``) into a
``Deployment``, the last one winning: fields, options, sources and unresolved values; what
follows from the flags is each engine's ``Engine.derive`` (``derive``).  Below the readers of a
command line and a config file, above the option parser.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from toplint.engines.memoryinputs import engine_memory_inputs
from toplint.engines.registry import get_engine
from toplint.engines.release import pinned
from toplint.engines.types import EngineSpec
from toplint.model import Deployment, Flag, Unresolved
from toplint.parse.options import MISSING_VALUE, Arg
from toplint.record import replace

_INT_FIELDS = ("tp", "pp", "dp", "dp_local", "ep", "nodes", "gpus_per_node", "gpus")
# Options whose unresolved value is reported (TL003) besides the Deployment fields and the
# options the engine's memory accounting reads (``toplint.engines.memoryinputs``).
_REPORTED = frozenset(
    {*_INT_FIELDS, "model", "ep_enabled", "all2all_backend", "moe_a2a_backend", "node_rank"}
    | {"data_parallel_start_rank", "data_parallel_rank", "distributed_executor_backend"}
)


def apply_flags(base: Deployment, flags: Sequence[Flag], spec: EngineSpec) -> Deployment:
    """Fold flags (last wins) into a deployment: fields, options, sources and unresolved."""
    values: dict[str, object] = {}
    sources = dict(base.sources)
    options = {**spec.implied, **base.options}  # what the wrapper passes unless written
    unresolved = list(base.unresolved)
    sized_from = engine_memory_inputs(spec.engine_name)
    ignored: dict[str, None] = {}  # options the wrapper passes to another of its backends
    for flag in flags:
        field_name = spec.field_of(flag.name)
        if field_name.startswith("ignored."):
            ignored[field_name[len("ignored.") :]] = None
        # The option token (`--tensor-parallel-size`): findings point at the offending name;
        # a value written in another file than its option (an overlay's patch of one argument)
        # is where the finding goes, the option's own file is not where to change it.
        moved = flag.value_position is not None and flag.value_position.path != flag.position.path
        sources[field_name] = (
            flag.value_position if moved and flag.value_position else flag.position
        )
        unresolved = [u for u in unresolved if u.field != field_name]
        if flag.value is None:
            if field_name in (*_INT_FIELDS, "model"):
                values[field_name] = None
            options.pop(field_name, None)
            if (
                field_name not in _REPORTED
                and field_name not in spec.fields.values()
                and field_name not in sized_from
            ):
                continue  # an unresolved port or path does not matter to any check
            unresolved.extend(
                Unresolved(field_name, var, flag.value_position or flag.position)
                for var in flag.unresolved or ("<unresolved>",)
            )
        elif field_name in _INT_FIELDS:
            values[field_name] = _to_int(flag.value)
        elif field_name == "ep_enabled":
            values[field_name] = flag.value.lower() not in ("false", "0", "no")
        elif field_name == "model" and not flag.value.strip():
            # `--model=` with nothing after it (a chart's `model:` left empty for whoever
            # deploys it: silogen/ai-workloads@c32f131 workloads/llm-inference-vllm/helm/
            # overrides/dev-center/signature.yaml) names no checkpoint: unresolved, not a
            # model called "".
            values[field_name] = None
            at = flag.value_position or flag.position
            unresolved.append(Unresolved(field_name, MISSING_VALUE, at))
        elif field_name == "model":
            values[field_name] = flag.value
        else:
            options[field_name] = flag.value
    dep = replace(
        base,
        flags=base.flags + tuple(flags),
        options=options,
        sources=sources,
        unresolved=tuple(unresolved),
        notes=base.notes + _ignored_notes(ignored, spec) if ignored else base.notes,
        **values,
    )
    return derive(spec.layout(dep) if spec.layout is not None else dep)


def _ignored_notes(names: Iterable[str], spec: EngineSpec) -> tuple[str, ...]:
    """Why each option a wrapper's spec reads as ``ignored.<name>`` has no effect: the wrapper
    takes it but passes it to another of its backends, not to this engine (TL209 quotes it)."""
    engine = get_engine(spec.engine_name).title
    return tuple(
        f"{spec.program_name} does not pass `{name}` to {engine}; it reaches only another "
        "of its backends, so the engine's own settings decide the layout"
        for name in names
    )


# The largest parallel size or count toplint believes: the largest GPU clusters built hold about
# 100,000 GPUs, so no serving instance spans more than 2^16 on any axis.  A larger, zero,
# negative or non-integer value is left unset (None) with its position kept in ``sources``,
# which TL010 reports; no later stage does arithmetic on it.
MAX_PARALLEL_SIZE = 1 << 16


def _to_int(text: str) -> int | None:
    """A size from 1 to ``MAX_PARALLEL_SIZE`` written as a decimal integer, else None."""
    digits = text.strip().strip("'\"").removeprefix("+")
    # Refuses "nan", "-1", "2.0", "[2]" and 4,000-digit numbers before int() sees them.
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 6:
        return None
    value = int(digits)
    return value if 1 <= value <= MAX_PARALLEL_SIZE else None


def env_flags(spec: EngineSpec, env: Mapping[str, Arg]) -> list[Flag]:
    """Options an engine reads from environment variables (clap ``env``: ``NUM_SHARD``)."""
    out: list[Flag] = []
    for name, arg in env.items():
        canonical = spec.env.get(name)
        if canonical is None:
            continue
        value = arg.value
        if value is not None and not spec.options.get(canonical, False):
            value = "true" if value.lower() not in ("false", "0", "") else "false"
        out.append(
            Flag(canonical, value, name, arg.position, arg.position, arg.unresolved, arg.anchor)
        )
    return out


def derive(dep: Deployment) -> Deployment:
    """Engine-specific values that follow from the flags (idempotent: reads flags, not fields);
    each engine's own ``Engine.derive``, then its ``Engine.by_release`` with the release the
    image pins."""
    engine = get_engine(dep.engine)
    derived = engine.derive(dep)
    return engine.by_release(derived, pinned(derived)) if engine.by_release else derived
