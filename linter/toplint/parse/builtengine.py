"""The layout an ahead-of-time-built engine runs, for a deployment that serves an engine (or a
checkpoint laid out for one) the same file converts and builds.

An engine with an offline pipeline (``Engine`` name -> ``toplint.engines.built.BuildPipeline``,
``toplint.engines.registry.build_pipeline``) fixes its layout before anything serves.
TensorRT-LLM's: ``convert_checkpoint.py --model_dir HF --output_dir CKPT --tp_size T
--pp_size P`` writes a checkpoint of T x P rank shards, ``trtllm-build --checkpoint_dir CKPT
--output_dir ENGINE`` one engine per rank, and ``trtllm-serve ENGINE`` runs T x P whatever its
own ``--tp_size`` says (1, the default, is overridden; another size is refused).

A deployment whose model is a path that the pipeline's builder (or a converter) of the same
file writes is given the sizes the converter was run with, each at the position of the flag
that set it (or of the command, for a size left at its default of 1), and the checkpoint the
converter read (which ``toplint.parse.modelref`` then names).  The sizes the serving command
wrote itself are kept (``BUILT_WRITTEN``) for TL213.  An engine built from a checkpoint the
file does not convert is not guessed: its sizes are unresolved.  Variables the file assigns
once to a plain value are expanded in the pipeline's folders; the command words are read in
one pass each, a bounded number of them.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator

from toplint.engines.built import BuildPipeline
from toplint.engines.registry import build_pipeline
from toplint.infra.patterns import lazy
from toplint.model import Deployment, Position, Unresolved
from toplint.optionkeys import BUILT_FROM, BUILT_WRITTEN
from toplint.parse.textpos import after_comment_mark, line_column, line_starts
from toplint.record import record, replace

__all__ = ["builds_engines", "built_engines"]

_ASSIGN = lazy(r"^[ \t]*(?:export[ \t]+)?([A-Za-z_]\w*)=([^\s;&|]*)", re.M)
_ENDS = frozenset(";&|\n")
_MOST_ARGS = 256  # a converter or builder command has a few dozen


@record
class _Command:
    builds: bool  # the builder (else a converter)
    at: Position
    args: dict[str, tuple[str, Position]]  # flag (dashes as underscores) -> (value, position)


def builds_engines(deployments: Iterable[Deployment]) -> bool:
    """Whether any of ``deployments`` runs an engine with an offline pipeline."""
    return any(build_pipeline(d.engine) is not None for d in deployments)


def built_engines(
    deployments: tuple[Deployment, ...], text: str, path: str
) -> tuple[Deployment, ...]:
    """``deployments``, each that serves an engine this file builds given that engine's layout
    (the module's docstring)."""
    found: dict[BuildPipeline, list[_Command]] = {}
    out = []
    for dep in deployments:
        pipeline = build_pipeline(dep.engine)
        if pipeline is None or not dep.model or dep.model[:1] not in "/.~$":
            out.append(dep)
            continue
        if pipeline not in found:
            found[pipeline] = list(_commands(pipeline, text, path, _variables(text)))
        out.append(_as_built(dep, pipeline, found[pipeline]))
    return tuple(out)


def _as_built(dep: Deployment, pipeline: BuildPipeline, commands: list[_Command]) -> Deployment:
    served = _folder(dep.model or "")
    builds = [c for c in commands if c.builds and _fills(c, served)]
    checkpoint = _folder(_value(builds[-1], "checkpoint_dir")) if builds else served
    converts = [c for c in commands if not c.builds and _fills(c, checkpoint)]
    if not builds and not converts:
        return dep
    options, sources = dict(dep.options), dict(dep.sources)
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
    for field, flag in pipeline.sizes:
        value, at = convert.args.get(flag, ("1", convert.at))
        sizes[field] = int(value) if value.isdigit() and 0 < int(value) < 1 << 16 else None
        sources[field] = at
    options[BUILT_FROM] = f"the checkpoint converted at line {convert.at.line}"
    model = _value(convert, pipeline.model_flag) or dep.model
    return replace(dep, **sizes, model=model, options=options, sources=sources)


def _fills(command: _Command, folder: str) -> bool:
    return bool(folder) and _folder(_value(command, "output_dir")) == folder


def _value(command: _Command, flag: str) -> str:
    return command.args.get(flag, ("", command.at))[0]


def _folder(path: str) -> str:
    return path.strip().rstrip("/") if path.strip() not in ("", "/") else ""


def _variables(text: str) -> dict[str, str]:
    """Variables the file assigns once, to a plain value (``ENGINE_DIR=/engines/tp4``)."""
    seen: dict[str, set[str]] = {}
    for m in _ASSIGN.finditer(text):
        seen.setdefault(m.group(1), set()).add(m.group(2).strip("\"'"))
    return {k: next(iter(v)) for k, v in seen.items() if len(v) == 1 and "$" not in next(iter(v))}


def _expand(word: str, names: dict[str, str]) -> str:
    if "$" not in word:
        return word
    for name, value in names.items():
        word = word.replace("${" + name + "}", value)
        bare = "$" + name
        if bare in word and not word.partition(bare)[2][:1].isalnum():
            word = word.replace(bare, value)
    return word


@functools.cache
def _pattern(pipeline: BuildPipeline) -> re.Pattern[str]:
    names = "|".join(re.escape(n) for n in (*pipeline.converters, pipeline.builder))
    return re.compile(rf"(?<![\w.-])(?:{names})(?=\s)")


def _commands(
    pipeline: BuildPipeline, text: str, path: str, names: dict[str, str]
) -> Iterator[_Command]:
    starts = line_starts(text)

    def at(offset: int) -> Position:  # one bisect a position: the file is counted once
        return Position(path, *line_column(starts, offset))

    for m in _pattern(pipeline).finditer(text):
        if after_comment_mark(text, m.start()):
            continue
        words = [(word, at(offset)) for word, offset in _words(text, m.end())]
        args: dict[str, tuple[str, Position]] = {}
        for i, (word, where) in enumerate(words):
            if not word.startswith("--"):
                continue
            flag, eq, value = word[2:].partition("=")
            if not eq:
                following = words[i + 1][0] if i + 1 < len(words) else ""
                value = "" if following.startswith("-") else following
            args[flag.replace("-", "_")] = (_expand(value, names), where)
        yield _Command(m.group(0) == pipeline.builder, at(m.start()), args)


def _words(text: str, start: int) -> Iterator[tuple[str, int]]:
    """The words of the command from ``start`` to its end (an unescaped newline, ``;``, ``&``
    or ``|``), each with its offset; a backslash-newline continues the command.  One pass."""
    i, count, n = start, 0, len(text)
    while i < n and count < _MOST_ARGS:
        ch = text[i]
        if ch == "\\" and text.startswith("\n", i + 1):
            i += 2
            continue
        if ch in _ENDS:
            return
        if ch.isspace():
            i += 1
            continue
        begin = i
        while i < n and not text[i].isspace() and text[i] not in _ENDS:
            i += 1
        count += 1
        yield text[begin:i].strip("\"'"), begin
