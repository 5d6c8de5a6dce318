"""The scripts a script runs that toplint could not read, where nothing was checked.

``bash scripts/start.sh`` after ``cd "$WORKSPACE_DIR"`` (a folder not known here), ``exec bash
"$DIR/start.sh"`` with ``DIR`` its caller's: the interpreter (``toplint.parse.text.shellcalls``)
follows a script run only when it can read the script, and otherwise leaves the command as
written.  A script about an engine whose deployment is in such a script is then no deployment,
and the place that says why is the run: TL008 there, naming it, instead of at a name of the
engine in a string (``pkill -f "vllm serve …"`` names it and starts nothing), or, for a script
that names no engine and only hands the engine its settings (``export VLLM_MAX_MODEL_LEN=…``),
instead of silence.  A script run from outside the repository is TL009 already
(``toplint.parse.text.sourced``); one that names no engine and hands it nothing is not about
an engine, and stays silent.
"""

from __future__ import annotations

from collections.abc import Sequence

from toplint.engines.registry import all_engines
from toplint.model import NO_DEPLOYMENT_FOUND, Finding, Position, Severity
from toplint.parse.base import Source
from toplint.parse.text.chains import SHELLS
from toplint.parse.text.shell import Command, Word
from toplint.record import field, record

__all__ = ["MISSING", "UNKNOWN", "Ran", "handed_runs", "run_places", "unread_runs"]

# Why a script run could not be read (``Ran.unread``).
UNKNOWN = "its path is a value not known here"
MISSING = (
    "no such file where toplint looked in the repository, beside this script or in the "
    "folder a `cd` before it moved to when that folder is known"
)
_MOST_NAMED = 3  # settings named in the message; the rest counted


@record(frozen=False)
class Ran:
    """What a script ran beyond its own commands, for its reader (``lex(ran=)``): the commands
    the files it sourced ran (not the script's: each file is linted on its own, but what they
    ran is what the script ran, ``toplint.parse.builtengine``), and each script it runs that
    could not be read, as (the command, its script's word, why)."""

    sourced: list[Command] = field(default_factory=list)
    unread: list[tuple[Command, Word, str]] = field(default_factory=list)


def unread_runs(source: Source, ran: Ran, outside: Sequence[str]) -> list[Finding]:
    """TL008 at the script run of ``source`` that could not be read, for a script that yields
    no deployment and is about an engine: it hands the script run an engine's variables
    (exported before it, or ``VLLM_X=1 bash x.sh``; the first such run), or it names an engine
    outside a comment (the first run).  One finding a file, counting the other runs."""
    from toplint.parse.mentions import engine_mention  # only where none was read

    prefixes = _prefixes()
    runs: dict[tuple[int, int], tuple[Command, Word, str, list[str]]] = {}
    for command, target, why in ran.unread:
        if target.value in outside or target.path not in ("", source.path):
            continue  # TL009 says so; or run by another file, reported there
        start = command.words[0]  # a function's command called again is the same run
        runs.setdefault((start.line, start.column), (command, target, why, []))
        runs[(start.line, start.column)][3].extend(_handed(command, target, prefixes))
    if not runs:
        return []
    chosen = next((r for r in runs.values() if r[3]), None)
    if chosen is None:
        mention = engine_mention(source)
        if mention is None or mention.severity is Severity.INFO:
            return []  # about no engine (or one a comment names): nothing was left unchecked
        chosen = next(iter(runs.values()))
    command, target, why, settings = chosen
    settings = list(dict.fromkeys(settings))
    at = command.words.index(target)
    shell = [k for k, w in enumerate(command.words[:at]) if _base(w) in SHELLS]
    run = " ".join(w.raw for w in command.words[shell[-1] if shell else at : at + 1])
    handed = ""
    if settings:
        shown = ", ".join(f"`{s}`" for s in settings[:_MOST_NAMED])
        more = len(settings) - _MOST_NAMED
        handed = f" (handing it {shown}{f' and {more} more' if more > 0 else ''})"
    others = (
        f" ({len(runs) - 1} more scripts it runs were not read either)" if len(runs) > 1 else ""
    )
    # true wherever the file's deployments come from (a compose file a later reader follows)
    text = (
        f"runs `{run}`{handed}, a script toplint could not read: {why}; the engine it starts "
        f"was not read, and nothing it runs was checked{others}"
    )
    start = command.words[0]
    anchor = f"runs:{target.raw}"
    return [NO_DEPLOYMENT_FOUND.finding(source.path, start.line, start.column, text, anchor=anchor)]


def run_places(source: Source, ran: Ran) -> dict[str, Position]:
    """Where ``source`` writes each script run it could not read, by the script's name."""
    out: dict[str, Position] = {}
    for _, t, _ in ran.unread:
        if t.value and t.path in ("", source.path):
            out.setdefault(t.value, Position(source.path, t.line, t.column))
    return out


def handed_runs(source: Source, ran: Ran) -> set[str]:
    """The scripts ``source`` runs and could not read that it hands an engine's variables."""
    prefixes = _prefixes()
    return {
        t.value
        for c, t, _ in ran.unread
        if t.value and t.path in ("", source.path) and _handed(c, t, prefixes)
    }


def _prefixes() -> tuple[str, ...]:
    return tuple(p for e in all_engines() for p in e.env_prefixes)


def _base(word: Word) -> str:
    return (word.value or "").rsplit("/", 1)[-1]


def _handed(command: Command, target: Word, prefixes: tuple[str, ...]) -> list[str]:
    """The engine variables (``prefixes``: ``Engine.env_prefixes``) the script run gets: those
    exported before it and those assigned on its command line."""
    names = [name for name, _ in command.exported]
    for w in command.words[: command.words.index(target)]:
        name, eq, _ = w.raw.partition("=")
        if eq and name.isidentifier():
            names.append(name)
    return [n for n in dict.fromkeys(names) if n.startswith(prefixes)] if prefixes else []
