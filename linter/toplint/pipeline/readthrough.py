"""A file a script of the run sources (or a manifest's pods read a ConfigMap from), read with
that script's (manifest's) deployments.

A sweep's settings file (``configs/2a_fp8_baseline.env``: ``ENGINE="vllm"``, ``MODEL_ID=…``)
starts nothing: ``02_serve.sh`` sources it and builds the engine command from its values
(shekhars271991/LLMDeployment@fd1573fb self-hosted-coding-agent/phase-2-single-node-optimizations,
open-world set 25).  Read alone, the file names an engine and yields no deployment (TL008);
read beside the script, its values are the script's deployment's, checked there.  Parsing is
per file, so the script's parse result lists the files it sourced (``ParseResult.sourced``,
``toplint.parse.text.sourced.sourced_by``) and this step, once every file of the run is read,
says so on the sourced file instead: a TL008 note at info naming the deployment that takes its
values.  Only where every engine the file names is a value (``parse.generic.mention.
value_engines``: no engine command or module of its own) and each is the engine of a deployment
of a script that sourced it; a file sourced by nothing, or naming an engine no deployment read
from it runs (``2f_sglang.env`` selecting SGLang where the script's default configuration runs
vLLM), keeps its TL008.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Protocol

from toplint.discover.files import read_source
from toplint.model import NO_DEPLOYMENT_FOUND, Finding, Severity, Sourced


class Run(Protocol):
    """What the pipeline read from one file (``toplint.pipeline.analyze.FileRun``)."""

    @property
    def path(self) -> str: ...

    @property
    def findings(self) -> tuple[Finding, ...]: ...

    @property
    def coverage(self) -> tuple[object, ...]: ...

    @property
    def sourced(self) -> tuple[Sourced, ...]: ...


def read_through(runs: Sequence[Run]) -> dict[int, tuple[Finding, ...]]:
    """The findings of each run (by index) whose TL008 becomes the note that the file is read
    through a script that sources it; runs left as they are are not in the answer."""
    readers: dict[str, list[Sourced]] = {}
    for run in runs:
        own = os.path.realpath(run.path)
        for item in run.sourced:
            target = os.path.realpath(item.path)
            if target != own:
                readers.setdefault(target, []).append(item)
    if not readers:
        return {}
    out: dict[int, tuple[Finding, ...]] = {}
    for k, run in enumerate(runs):
        if run.coverage or not any(f.rule == NO_DEPLOYMENT_FOUND.code for f in run.findings):
            continue  # deployments of its own, or nothing said that it yields none
        taken = readers.get(os.path.realpath(run.path))
        if taken:
            notes = _notes(run, taken)
            if notes is not None:
                out[k] = notes
    return out


def _notes(run: Run, taken: Sequence[Sourced]) -> tuple[Finding, ...] | None:
    source = read_source(run.path)
    if isinstance(source, Finding):
        return None
    # loaded only where a sourced file drew a TL008: five modules a one-file run never needs
    from toplint.parse.generic.mention import value_engines

    engines = value_engines(source)
    by_engine: dict[str, Sourced] = {}
    for item in sorted(taken, key=lambda s: (s.deployment.path, s.deployment.line)):
        by_engine.setdefault(item.engine, item)
    if not engines or not engines <= by_engine.keys():
        return None  # an engine named here that no deployment read with this file runs
    return tuple(
        _note(f, [by_engine[e] for e in sorted(engines)])
        if f.rule == NO_DEPLOYMENT_FOUND.code
        else f
        for f in run.findings
    )


def _note(found: Finding, readers: Sequence[Sourced]) -> Finding:
    names = " and ".join(r.engine for r in readers)
    where = " and ".join(
        dict.fromkeys(
            f"the deployment at line {r.deployment.line} of `{r.deployment.path}`" for r in readers
        )
    )
    why = (
        f"names the engine {names} as a value and is read with {where}, which takes its values "
        "and is checked there; nothing here starts an engine"
    )
    return NO_DEPLOYMENT_FOUND.finding(
        found.path,
        found.line,
        found.column,
        why,
        anchor=f"sourced:{names}",
        severity=Severity.INFO,
    )
