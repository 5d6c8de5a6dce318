"""The files a script sources or runs: read inside its repository only (``sourced_loader``), and
TL009 for those from outside it, with how much that matters.

A sourced file outside the repository is never opened (``toplint.infra.readpolicy``), so its
functions and variables are unknown.  That leaves something unjudged only where the script
needed them: a deployment of the script with a value toplint could not resolve (the file may
set it), or a script that names an engine but in which no engine command was read (the file
may define the function that starts it).  Elsewhere — a serving entrypoint that activates a
virtual environment and then runs the engine with its caller's arguments
(huggingface/text-generation-inference@db931fcf tgi-entrypoint.sh: ``source
/usr/src/.venv/bin/activate``, ``exec text-generation-launcher $@``), a deployment whose every
value is written in the script, a script that names no engine — the finding is information,
not an error that fails the run: it still says the file was not read.  So is a Python virtual
environment's activation script wherever it is sourced (``venv_activate``): what it does is
known, and it starts no engine and sets none of its values.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from toplint.infra.patterns import lazy
from toplint.infra.readpolicy import OUTSIDE, ReadRefused, read_reference, shown_path
from toplint.model import Deployment, Finding, Position, Severity, Sourced
from toplint.parse.base import Source
from toplint.parse.enginecfg import outside_reference
from toplint.parse.text.shell import SourceLoader
from toplint.parse.text.unreadruns import Ran, handed_runs, run_places, unread_runs
from toplint.parse.textpos import line_column, starts_of
from toplint.record import replace

# An unresolved value written only by a template's ``{{ … }}`` (masked ``{{____}}``), no shell
# expansion beside it.
_TEMPLATE_VALUE = lazy(r"^[^$]*\{\{_*\}\}[^$]*$")

_EFFECT = "its functions and variables are not known (keep it inside the repository)"
# A script the file runs (``bash /etc/club3090/w4a8/install.sh``, ``./start.sh``) rather than
# sources runs as a process of its own: bash(1) gives it the exported variables and takes none
# back, so no value of the file depends on it; what is lost is an engine it starts.
_RUN_EFFECT = "an engine command in it is not read (keep it inside the repository)"
_RUN_UNNEEDED = (
    "it runs as a process of its own, so no value of the deployments read here depends on it"
)
# A name the script sources: ``source FILE``, ``. FILE`` (``[[ -f F ]] && . F``), one pass.
_SOURCED_NAME = lazy(r"(?:^|[\s;&|({])(?:source|\.)[ \t]+[\"']?([^\s\"';&|<>()]+)", re.M)
# A name the script runs, written as the command (``/opt/x.sh``, ``./x.sh``) or a shell's
# script (``bash /etc/x/install.sh``, ``ExecStartPre=/usr/local/bin/x.sh`` of a unit).
_RUN_NAME = lazy(
    r"(?:^|[;&|({]|\b(?:bash|sh|zsh|dash|exec|nohup|sudo|Exec\w*=))[ \t]*(?:-\w+[ \t]+)*"
    r"[\"']?((?:/|\./)[^\s\"';&|<>()]+)",
    re.M,
)


_MAX_SOURCED_BYTES = 1024 * 1024  # a sourced helper script is small; larger is not one


def sourced_loader(script_path: str, outside: list[str] | None = None) -> SourceLoader:
    """Reads a file the script sources, relative to the script's folder, only inside the
    repository the script belongs to (``toplint.infra.readpolicy``: never outside the linted
    tree, regular files only, size-capped); anything else is not read (the script is still
    read; the functions it would get from there stay unknown).  References that resolve
    outside the repository are added to ``outside`` (TL009), at each time they are asked for.

    A reference is resolved and read once per loader: a script that runs another 30 times in
    a loop (or a chain of them, ``tests/hostile/test_round2_budgets.py``) asked the read policy
    to find the repository root, its configuration and the real path again at every run,
    15,900 times for 11 files (6.5 of 6.9 CPU seconds, cProfile).  One parse reads the tree as it
    is at one moment, so the answer for a reference does not change within it."""
    answers: dict[str, tuple[str, str] | None] = {}
    refused: set[str] = set()  # read-policy refusals as outside the repository

    def load(ref: str) -> tuple[str, str] | None:
        if script_path == "-" or not ref or ref.startswith("~"):
            return None
        if ref in answers:
            if ref in refused and outside is not None:
                outside.append(ref)
            return answers[ref]
        answers[ref] = None
        try:
            full, text = read_reference(script_path, ref, _MAX_SOURCED_BYTES)
        except ReadRefused as exc:
            if exc.reason == OUTSIDE:
                refused.add(ref)
                if outside is not None:
                    outside.append(ref)
            return None
        except OSError:
            del answers[ref]  # not remembered: raised again, as before, at every ask
            raise
        answers[ref] = shown_path(full), text  # ``dir/./start.sh`` is ``dir/start.sh``
        return answers[ref]

    return load


def sourced_outside(
    source: Source,
    refs: Sequence[str],
    deployments: Sequence[Deployment],
    wrapped: bool,
    ran: Ran | None = None,
) -> list[Finding]:
    """TL009 for each file the script sources from outside its repository, at the first place
    the name is written (the interpreter keeps no position for it); at info where nothing
    the script deploys depends on it (``why_unneeded``; ``wrapped``: an engine command taking its
    caller's arguments was read).  With ``ran`` (what the interpreter ran), for a script that
    yields no deployment: a script it runs from outside handed an engine's settings is needed,
    and TL008 at each script it runs that is not there (``toplint.parse.text.unreadruns``)."""
    ran = ran or Ran()
    unchecked = Ran() if deployments or wrapped else ran  # where nothing else was read
    unread = unread_runs(source, unchecked, refs) if unchecked.unread else []
    if not refs:
        return unread
    places = run_places(source, ran)  # a script run whose name is a variable's value
    out = []
    text = source.text
    starts = starts_of(text)
    unneeded = why_unneeded(text, deployments, wrapped)
    # Searched on from the previous name's place (scripts source in the order they are
    # written), from the start only while that costs no more than 8 reads of the file: a
    # search from the start and a line count per name were quadratic (10,000 names).
    cursor, budget = 0, 8 * len(text)
    sourced: set[str] | None = None
    run_names: set[str] = set()
    handed = handed_runs(source, unchecked)
    for ref in dict.fromkeys(refs):
        run_why = _RUN_UNNEEDED if deployments else unneeded
        if ref in places:
            out.append(_outside_run(places[ref], ref, None if ref in handed else run_why))
            continue
        offset = text.find(ref, cursor)
        if offset < 0 and budget > 0:
            budget -= len(text)
            offset = text.find(ref)
        if offset < 0 and ref not in text:
            continue  # sourced by a script this one runs: reported in that script
        offset = max(offset, 0)
        cursor = max(cursor, offset)
        at = Position(source.path, *line_column(starts, offset))
        if sourced is None:
            sourced = {m.group(1) for m in _SOURCED_NAME.finditer(text)}
            run_names = {m.group(1) for m in _RUN_NAME.finditer(text)}
        if ref in run_names and ref not in sourced:  # run, not sourced
            out.append(_outside_run(at, ref, run_why))
            continue
        found = outside_reference(at, f"source {ref}", _EFFECT, f"source:{ref}")
        why = unneeded if unneeded is not None or not venv_activate(ref) else _VENV
        if why is not None:
            found = replace(found, severity=Severity.INFO, message=f"{found.message}; {why}")
        out.append(found)
    return out + unread


def _outside_run(at: Position, ref: str, why: str | None) -> Finding:
    """TL009 for a script run from outside the repository; at info with ``why`` nothing
    judged depends on it (None: a script that hands the engine its settings, or one of a
    file naming an engine that yields no deployment, is where the engine is)."""
    found = outside_reference(at, f"runs {ref}", _RUN_EFFECT, f"runs:{ref}")
    if why is None:
        return found
    return replace(found, severity=Severity.INFO, message=f"{found.message}; {why}")


_VENV = (
    "it is a Python virtual environment's activate script, which sets PATH, VIRTUAL_ENV and the "
    "prompt and defines `deactivate`: no engine setting, so nothing checked depends on it"
)
# A conda installation's `bin/activate` runs `conda activate`, which runs the environment's
# `etc/conda/activate.d` scripts and sets its `conda env config vars` (conda/conda@1e6eb458
# conda/shell/bin/activate): those may set anything.
_CONDA = lazy(r"conda|mamba|miniforge", re.IGNORECASE)


def venv_activate(ref: str) -> bool:
    """Whether ``ref`` names a Python virtual environment's activation script, ``DIR/bin/
    activate`` of a venv or virtualenv (python/cpython@01ab8f41 Lib/venv/scripts/common/
    activate, pypa/virtualenv@00b0d108 src/virtualenv/activation/bash/activate.sh): it defines
    ``deactivate`` (virtualenv: ``pydoc``) and sets PATH, VIRTUAL_ENV, VIRTUAL_ENV_PROMPT and
    PS1 (virtualenv: PKG_CONFIG_PATH, TCL_LIBRARY, TK_LIBRARY), unsetting PYTHONHOME — no engine
    setting and no command that starts one.  Not a conda installation's, whose folders say so."""
    folders = ref.split("/")
    return folders[-2:] == ["bin", "activate"] and not _CONDA.search(ref)


def why_unneeded(text: str, deployments: Sequence[Deployment], wrapped: bool) -> str | None:
    """Why nothing checked depends on the files the script sources, or None when one could hold
    what the check lacks: a value a deployment left unresolved, or, with no engine command
    read, the engine the script names.  A value a template fills when it is rendered
    (``{{ model }}``, made ``{{____}}``: ``toplint.parse.text.sourcemap.masked_templates``) is
    written before any shell runs: no sourced file sets it."""
    if any(not _TEMPLATE_VALUE.search(u.variable) for d in deployments for u in d.unresolved):
        return None
    if any(d.unresolved for d in deployments):
        return (
            "the values its deployments leave open are the template's, filled when it is rendered"
        )
    if deployments:
        return "every value its deployments use is written here, so nothing was left unjudged"
    if wrapped:
        return "its engine command takes the caller's arguments and is judged where it is called"
    from toplint.parse.mentions import pattern_for

    if pattern_for(text).search(text) is not None:
        return None
    return "this script starts no engine toplint knows, so nothing checked depends on it"


def sourced_by(names: Sequence[str], deployments: Sequence[Deployment]) -> tuple[Sourced, ...]:
    """The files the script sourced and read (``names``, as the loader gives them), each with
    the engine of each of its deployments and where the first of that engine starts: what a
    file sourced from here is read with (``toplint.pipeline.readthrough`` says so on it, instead
    of TL008's "yields no deployment"); empty when the script yields no deployment."""
    first: dict[str, Position] = {}
    for d in deployments:
        if d.engine and d.engine not in first:
            first[d.engine] = Position(d.path, d.line, d.column)
    return tuple(
        Sourced(name, engine, at) for name in dict.fromkeys(names) for engine, at in first.items()
    )
