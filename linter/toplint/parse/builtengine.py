"""The layout an ahead-of-time-built engine runs, for a deployment that serves an engine (or a
checkpoint laid out for one) the same script converts and builds.

An engine with an offline pipeline (``Engine`` name -> ``toplint.engines.built.BuildPipeline``,
``toplint.engines.registry.build_pipeline``) fixes its layout before anything serves.
TensorRT-LLM's: ``convert_checkpoint.py --model_dir HF --output_dir CKPT --tp_size T
--pp_size P`` writes a checkpoint of T x P rank shards, ``trtllm-build --checkpoint_dir CKPT
--output_dir ENGINE`` one engine per rank, and ``trtllm-serve ENGINE`` runs T x P whatever its
own ``--tp_size`` says (1, the default, is overridden; another size is refused).

The shell reader records the converter and builder commands a script runs, as the shell runs
them (``build_steps``: words expanded by ``toplint.parse.text.shellrun``, so a command in a
loop, a function, an ``if`` arm or a sourced file, and a variable set twice, read as bash reads
them; each step in the order it runs).  A deployment whose model is a path that the pipeline's
builder (or a converter) writes, last before it, is given the sizes the converter was run
with, each at the position of the flag that set it (or of the command, for a size left at its
default of 1), and the checkpoint the converter read (which ``toplint.parse.modelref`` then
names).  The sizes the serving command wrote itself are kept (``BUILT_WRITTEN``) for TL213.  An
engine built from a checkpoint the script does not convert is not guessed: its sizes are
unresolved, and so is a size the converter got from a value not known here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from toplint.engines.built import BuildPipeline
from toplint.engines.registry import build_pipeline, build_pipelines
from toplint.model import Deployment, Position, Unresolved
from toplint.optionkeys import BUILT_FROM, BUILT_WRITTEN
from toplint.record import record, replace

__all__ = ["BuildStep", "build_steps", "builds_engines", "built_engines", "built_from"]


class Word(Protocol):
    """A command's word as the shell reader expanded it (``toplint.parse.options.Arg``)."""

    @property
    def value(self) -> str | None: ...  # None: not known here

    @property
    def position(self) -> Position: ...  # where it is written


@record
class BuildStep:
    """A converter or builder command the script runs: its program's name, where the program
    is written, and its ``--flag`` values (dashes as underscores; None: not known here)."""

    program: str
    at: Position
    args: dict[str, tuple[str | None, Position]]


def builds_engines(deployments: Iterable[Deployment]) -> bool:
    """Whether any of ``deployments`` runs an engine with an offline pipeline."""
    return any(build_pipeline(d.engine) is not None for d in deployments)


def build_steps(commands: Iterable[Sequence[Word]]) -> tuple[BuildStep, ...]:
    """The converter and builder commands among a script's ``commands`` (each its words as the
    shell reader expanded them, in the order they run): the first word named like a pipeline's
    program (``trtllm-build``, ``…/convert_checkpoint.py`` after ``python``) and its flags."""
    names = {n for p in build_pipelines() for n in (*p.converters, p.builder)}
    out = []
    for words in commands:
        start = next((k for k, w in enumerate(words) if w.value and _base(w.value) in names), None)
        if start is None:
            continue
        args: dict[str, tuple[str | None, Position]] = {}
        rest = words[start + 1 :]
        for i, w in enumerate(rest):
            if not w.value or not w.value.startswith("--"):
                continue
            flag, eq, written = w.value[2:].partition("=")
            args[flag.replace("-", "_")] = (written if eq else _apart(rest, i + 1), w.position)
        out.append(BuildStep(_base(words[start].value or ""), words[start].position, args))
    return tuple(out)


def _apart(words: Sequence[Word], k: int) -> str | None:
    """The value of a flag written apart from it (``--tp_size 4``), the word ``k``: "" when
    there is none or another flag follows."""
    following = words[k].value if k < len(words) else ""
    return "" if following is not None and following.startswith("-") else following


def _base(word: str) -> str:
    return word.rsplit("/", 1)[-1]


def built_from(dep: Deployment, commands: Iterable[Sequence[Word]]) -> Deployment:
    """``dep`` as served after the converter and builder ``commands`` a reader lexed beside it
    (a compose service's ``bash -c`` script, a pod's): ``built_engines`` of their steps."""
    if build_pipeline(dep.engine) is None:
        return dep
    return built_engines((dep,), build_steps(commands))[0]


def built_engines(
    deployments: tuple[Deployment, ...], steps: Sequence[BuildStep]
) -> tuple[Deployment, ...]:
    """``deployments``, each that serves an engine the ``steps`` build given that engine's
    layout (the module's docstring)."""
    out = []
    for dep in deployments:
        pipeline = build_pipeline(dep.engine)
        if pipeline is None or not steps or not dep.model or dep.model[:1] not in "/.~$":
            out.append(dep)
            continue
        out.append(_as_built(dep, pipeline, steps))
    return tuple(out)


def _as_built(dep: Deployment, pipeline: BuildPipeline, steps: Sequence[BuildStep]) -> Deployment:
    served = _folder(dep.model or "")
    builds = [s for s in steps if s.program == pipeline.builder and _fills(s, served)]
    checkpoint = _folder(_value(builds[-1], "checkpoint_dir")) if builds else served
    converts = [s for s in steps if s.program in pipeline.converters and _fills(s, checkpoint)]
    if not builds and not converts:
        return dep
    options, sources = dict(dep.options), dict(dep.sources)
    # built here: the sizes are the build's, not unknown for want of it (an engine's by_release
    # leaves them unresolved, named after the folder, where no build of it was seen)
    kept = tuple(u for u in dep.unresolved if u.field not in ("tp", "pp") or u.variable != served)
    dep = replace(dep, unresolved=kept)
    for field, key in BUILT_WRITTEN.items():
        if field in sources:  # written on the serving command: kept, and where, for TL213
            options[key] = str(getattr(dep, field))
            sources[f"{field}.written"] = sources[field]
    if not converts:  # the engine's checkpoint is converted elsewhere: its sizes are not known
        build = builds[-1]
        why = (
            f"read by {pipeline.builder}, which takes the engine's sizes from a "
            f"{pipeline.converters[0]} not run here"
        )
        gone = tuple(Unresolved(f, "--checkpoint_dir", build.at, why=why) for f in ("tp", "pp"))
        return replace(dep, tp=None, pp=None, options=options, unresolved=dep.unresolved + gone)
    convert = converts[-1]
    sizes: dict[str, int | None] = {}
    unknown: list[Unresolved] = []
    for field, flag in pipeline.sizes:
        value, at = convert.args.get(flag, ("1", convert.at))
        if value is None:  # the converter's size is a value not known here
            why = f"the size {pipeline.converters[0]} was run with, not known here"
            unknown.append(Unresolved(field, f"--{flag}", at, why=why))
        sizes[field] = (
            int(value) if value and value.isdigit() and 0 < int(value) < 1 << 16 else None
        )
        sources[field] = at
    line = convert.at.line
    where = f"line {line}" if convert.at.path == dep.path else f"{convert.at.path}:{line}"
    options[BUILT_FROM] = f"the checkpoint converted at {where}"
    model = _value(convert, pipeline.model_flag) or dep.model
    unresolved = dep.unresolved + tuple(unknown)
    return replace(
        dep, **sizes, model=model, options=options, sources=sources, unresolved=unresolved
    )


def _fills(step: BuildStep, folder: str) -> bool:
    return bool(folder) and _folder(_value(step, "output_dir")) == folder


def _value(step: BuildStep, flag: str) -> str:
    return step.args.get(flag, ("", step.at))[0] or ""


def _folder(path: str) -> str:
    return path.strip().rstrip("/") if path.strip() not in ("", "/") else ""
