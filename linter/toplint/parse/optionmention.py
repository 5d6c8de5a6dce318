"""A shell script from which nothing was read, whose command carries an engine's own
tensor-, pipeline- or data-parallel option: TL008 at info, so the run names the line it did
not understand instead of ending on a bare "no deployment was found".

``python3 api_server.py --model /data/models/DeepSeek-R1-Q2/ --tensor-parallel-size 8``
(vllm-project/vllm#15182) runs a script toplint does not know as an engine: vLLM's, LightLLM's
and Aphrodite's entry points are all called ``api_server.py`` (vllm-project/vllm@007d5005
vllm/entrypoints/openai/api_server.py, ModelTC/lightllm@3bed16df lightllm/server/api_server.py,
PygmalionAI/aphrodite-engine@aa4766d6 aphrodite/endpoints/openai/api_server.py), so the program
does not say which engine starts, and toplint does not guess one.  The option does say that a
layout is being set there.  Only the engines' long layout spellings count (``Engine.layout``: vLLM's
``--tensor-parallel-size``, SGLang's ``--tp-size``, TensorRT-LLM's ``--tp_size``, TGI's
``--num-shard``), never a short one such as LMDeploy's ``--tp`` that other tools share; the
engines are named from the registry, so a plugin engine's options count too.

When the command is a program of an engine's offline pipeline (``Engine`` name ->
``toplint.engines.built.BuildPipeline``: TensorRT-LLM's ``convert_checkpoint.py`` and
``trtllm-build``), the finding names it as that engine's converter or builder, whose output
nothing in the file serves with a command toplint reads (NVIDIA/TensorRT-LLM#1700 runs
``trtllm-build ... --tp_size 8`` and then ``mpirun -n 8 python3 run.py``, an example script, not
a server), rather than calling the engine's own program one toplint does not know.  It says
what the program does with the size as the pipeline defines it, not what the option on its
command line does: ``trtllm-build`` takes its sizes from the checkpoint it reads
(NVIDIA/TensorRT-LLM@008b2b8d tensorrt_llm/commands/build.py declares no ``--tp_size``).
"""

from __future__ import annotations

import re
from functools import cache

from toplint.engines.registry import all_engines, build_pipeline
from toplint.infra.patterns import lazy
from toplint.model import Finding, Severity
from toplint.parse.base import SHELL_SUFFIXES, Source
from toplint.parse.mentions import no_deployment
from toplint.parse.text.runners import program_of
from toplint.parse.textpos import after_comment_mark, point_of

# A long option an engine's layout is set with: two dashes, then words joined by "-" or "_"
# (``--tensor-parallel-size``, ``--tp_size``, ``--num-shard``); ``--tp`` and ``--dp`` are not.
_LONG = lazy(r"--[a-z]+(?:[-_][a-z]+)+")


@cache
def _layout_options() -> dict[str, tuple[str, ...]]:
    """Each engine's long layout option -> the engines that spell a layout with it."""
    found: dict[str, list[str]] = {}
    for engine in all_engines():
        layout = engine.layout
        for flag in (layout.tp, layout.pp, layout.dp):
            if _LONG.fullmatch(flag):
                found.setdefault(flag, []).append(engine.name)
    return {flag: tuple(sorted(set(names))) for flag, names in found.items()}


@cache
def _pipeline_programs() -> dict[str, tuple[str, str]]:
    """Each offline-pipeline program's name -> (its engine, "builder" or "converter")."""
    found: dict[str, tuple[str, str]] = {}
    for engine in all_engines():
        pipeline = build_pipeline(engine.name)
        if pipeline is not None:
            found[pipeline.builder] = (engine.name, "builder")
            found.update((name, (engine.name, "converter")) for name in pipeline.converters)
    return found


# where a command starts on a line: after a separator of the shell's command list
_SEPARATOR = lazy(r"(?:;|&&|\|\||\||(?<![<>])&)\s*")
_PYTHON = lazy(r"python(?:\d+(?:\.\d+)?)?")


def _program(text: str, offset: int) -> str | None:
    """The name of the program whose command line holds ``offset`` (backslash continuations
    followed back; leading ``NAME=value`` words, the programs that run the next one (``nohup``,
    ``sudo``, ``env``: ``runners.program_of``) and a ``python`` interpreter skipped): the
    script's or executable's base name, or None when the line does not say."""
    start = text.rfind("\n", 0, offset) + 1
    while start >= 2 and text[start - 2] == "\\":  # the line before ends in a continuation
        start = text.rfind("\n", 0, start - 1) + 1
    head = text[start:offset].replace("\\\n", " ")
    head = _SEPARATOR.split(head)[-1]
    program, rest = program_of([w for w in head.split() if w != "\\"])
    if _PYTHON.fullmatch(program):  # the script the interpreter runs
        program = next((w.rsplit("/", 1)[-1] for w in rest if not w.startswith("-")), "")
    return program if program and not program.startswith("-") else None


@cache
def _pattern() -> re.Pattern[str]:
    flags = sorted(_layout_options(), key=len, reverse=True)
    alternation = "|".join(re.escape(f) for f in flags)
    # the option as a word of a command line, with its value after a blank or "="
    return re.compile(rf"(?<![\w-])({alternation})(?:[ \t]+|=)([^\s\\;|&]+)")


def option_mention(source: Source) -> Finding | None:
    """TL008 at info at the first engine layout option on a command line of a shell script
    from which nothing was read (``toplint.parse.run._mention`` asks last, after every test
    for an engine's command, module, image or word has found none)."""
    if not source.name.endswith(SHELL_SUFFIXES) or "--" not in source.text:
        return None
    match = next(
        (
            m
            for m in _pattern().finditer(source.text)
            if not after_comment_mark(source.text, m.start())
        ),
        None,
    )
    if match is None:
        return None
    flag, value = match.group(1), match.group(2)
    engines = " or ".join(f"`{name}`" for name in _layout_options()[flag])
    line, column = point_of(source.text, match.start())
    program = _program(source.text, match.start())
    pipeline = _pipeline_programs().get(program or "")
    if program is not None and pipeline is not None:
        engine, role = pipeline
        # what the program writes, in BuildPipeline's terms: a converter lays a checkpoint out
        # for the sizes its flags give; the builder builds one engine per rank of the checkpoint
        # it reads (the size is the checkpoint's, whatever else its command line says)
        does = (
            "which builds one engine for each rank of the checkpoint it reads"
            if role == "builder"
            else "which lays out the checkpoint it writes for that size"
        )
        why = (
            f"sets `{flag} {value}` on `{program}`, the {role} of `{engine}`'s offline pipeline, "
            f"{does}; nothing in this file serves what it writes with a command toplint reads "
            "(it is run by a script or program of its own, such as a server or a benchmark, or "
            "not at all), so no deployment was read from it"
        )
    else:
        why = (
            f"sets `{flag} {value}`, a layout option of {engines}, on a command that is none of "
            "the engines' commands, `python -m` modules or images toplint reads (a script or "
            "program of its own: a server, a conversion or a benchmark), so no deployment was "
            "read from it"
        )
    return no_deployment(
        source.path, line, column, why, anchor=f"option:{flag}", severity=Severity.INFO
    )
