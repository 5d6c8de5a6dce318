"""Whether a script's engine command leaves the script going on while it runs.

A server runs until it is stopped, so a command bash waits for holds the script there: what the
lines below it start begins only once it has exited.  A command ending with ``&`` is run in the
background ("If a command is terminated by the control operator &, the shell executes the
command in the background in a subshell. The shell does not wait for the command to finish",
bash(1) "Lists"), and ``docker run -d`` returns once the container has started ("--detach, -d:
Run container in background and print container ID", the docker CLI reference).  Either way,
the process runs beside every command the script starts after it: two servers so started on one
GPU share its memory (``toplint.outcome.colocation``).

Process managers and terminal multiplexers return once they have started the command, too:
``pm2 start`` hands it to PM2's daemon ("PM2 is a daemon process manager", pm2.keymetrics.io);
``tmux new-session -d`` ("-d: the new session is not attached to the current terminal"), and
``tmux new-window``, ``split-window``, ``respawn-pane`` and ``send-keys`` in a session, return at
once (tmux(1)); ``screen -dm`` starts "in detached mode" (screen(1)); ``systemd-run`` starts a
transient unit and returns unless told to wait (``--wait``, ``--pty``, ``--pipe``,
systemd-run(1)); ``setsid -f`` always forks (setsid(1)).

It runs until a later command stops processes (``kill``, ``pkill``, ``docker stop``...: which
one is not told, so any such command ends them all here).  A command in a loop's body runs once
per iteration with that iteration's values, and one in an ``if``/``case`` arm the script's values
do not decide may not run at all; neither is judged beside another.

The deployment keeps how it was started in ``Deployment.options``: ``RUNS_DETACHED`` ("&" or
"-d"), ``DETACHED_UNTIL`` (the line of the next command that stops processes), ``RUNS_IN_LOOP``
and ``RUNS_UNDECIDED``.
"""

from __future__ import annotations

from collections.abc import Sequence

from toplint.model import Deployment
from toplint.optionkeys import DETACHED_UNTIL, RUNS_DETACHED, RUNS_IN_LOOP, RUNS_UNDECIDED
from toplint.parse.options import Arg
from toplint.parse.text.dockerrun import docker_options
from toplint.parse.text.entrypoint import run_options, tmux_command
from toplint.parse.text.runners import program_of
from toplint.parse.text.runtimes import DOCKER
from toplint.parse.text.shell import Command
from toplint.record import record, replace

__all__ = [
    "Start",
    "detached",
    "detaches",
    "runs_detached",
    "start_of",
    "stopped",
]

_TMUX_RETURNS = frozenset({"new-window", "neww", "split-window", "splitw", "respawn-pane"})
_SYSTEMD_RUN_WAITS = frozenset({"--wait", "--pty", "-t", "--pipe", "-P", "--shell", "-S"})


@record
class Start:
    """How a script's command starts what it runs."""

    line: int  # where it is written (its call site for a function's)
    background: bool  # the script does not wait for it (``&``, a process manager)
    in_loop: bool  # in a loop's body: run once per iteration
    undecided: bool  # in an ``if``/``case`` whose arm is not decided here
    stops: bool  # it stops processes started before it (``kill``, ``docker stop``...)
    arm: tuple[int, int] | None = None  # (its undecided ``if``, the arm): ``Command.arm``


def start_of(command: Command) -> Start:
    words = [w.value or "" for w in command.words]
    line = command.site[0] if command.site else command.line
    background = command.background or detaches(words)
    return Start(line, background, command.in_loop, command.undecided, _stops(words), command.arm)


# Commands that stop processes a script started: kill(1), pkill(1), killall(1); ``docker stop``,
# ``kill`` and ``rm`` (and podman's); ``docker compose down``/``stop``; ``pm2 stop``/``delete``/
# ``kill``; tmux's ``kill-*``; ``systemctl stop``/``kill``; ``supervisorctl stop``.
_STOPPERS = frozenset({"kill", "pkill", "killall"})
_STOP_SUBCOMMANDS = {
    "docker": frozenset({"stop", "kill", "rm", "down"}),
    "podman": frozenset({"stop", "kill", "rm"}),
    "pm2": frozenset({"stop", "delete", "kill"}),
    "tmux": frozenset({"kill-session", "kill-server", "kill-window", "kill-pane"}),
    "systemctl": frozenset({"stop", "kill"}),
    "supervisorctl": frozenset({"stop"}),
}


# xargs(1) runs the command after its own options with the words it reads (``pgrep python3 |
# xargs -r kill -9``); these of its options take the next word as their value (GNU xargs's
# ``-i``, ``-e`` and ``-l`` take theirs only attached: ``-i{}``).
_XARGS_VALUED = frozenset({"-a", "-d", "-E", "-I", "-L", "-n", "-P", "-s"})


def _stops(words: Sequence[str]) -> bool:
    program, rest = program_of(words)
    if program == "xargs":
        program, rest = _after_xargs(rest)
    if program in _STOPPERS:
        return True
    subs = _STOP_SUBCOMMANDS.get(program)
    if subs is not None:
        return any(w in subs for w in rest[:3])
    return program == "screen" and "quit" in rest


def _after_xargs(rest: Sequence[str]) -> tuple[str, Sequence[str]]:
    """The program ``xargs`` runs and the words after it."""
    k = 0
    while k < len(rest) and rest[k].startswith("-"):
        k += 2 if rest[k] in _XARGS_VALUED else 1
    return program_of(rest[k:]) if k < len(rest) else ("", ())


def one_per_arm(
    deployments: Sequence[Deployment], arms: Sequence[tuple[int, int] | None]
) -> list[Deployment]:
    """The deployments, less each that an earlier arm of the same undecided ``if`` starts the
    same way (engine, model, layout, options, what is unresolved): bash runs one arm of an
    ``if`` (bash(1) "Compound Commands": the first whose test succeeds), so arms that differ
    only in how they start the engine (``podman run`` or ``docker run``) start one deployment,
    whichever runs.  ``arms``: beside each deployment, its command's ``Command.arm``."""
    seen: dict[tuple[object, ...], int] = {}  # (conditional, reading) -> the arm that read it
    out = []
    for dep, arm in zip(deployments, arms, strict=True):
        if arm is not None:
            key = (arm[0], *_reading(dep))
            if seen.setdefault(key, arm[1]) != arm[1]:
                continue
        out.append(dep)
    return out


def _reading(dep: Deployment) -> tuple[object, ...]:
    layout = (dep.engine, dep.model, dep.tp, dep.pp, dep.dp, dep.ep, dep.nodes, dep.gpus)
    unknown = tuple((u.field, u.variable) for u in dep.unresolved)
    return (*layout, dep.gpus_per_node, tuple(sorted(dep.options.items())), unknown)


def stopped(
    deployments: Sequence[Deployment],
    starts: Sequence[Start],
    arms: Sequence[tuple[int, int] | None],
) -> list[Deployment]:
    """The deployments (one per arm of an undecided ``if``: ``one_per_arm``, ``arms`` beside
    them), each started in the background marked with the line of the script's next command
    that stops processes (``DETACHED_UNTIL``): which process that command stops is not told, so
    it is taken to stop them all."""
    stops = sorted(s.line for s in starts if s.stops)
    out = []
    for dep in one_per_arm(deployments, arms):
        options = dict(dep.options)
        if dep.options.get(RUNS_DETACHED):
            until = next((line for line in stops if line > dep.line), None)
            if until is not None:
                options[DETACHED_UNTIL] = str(until)
        out.append(replace(dep, options=options) if options != dep.options else dep)
    return out


def detached(args: Sequence[Arg], background: bool) -> str:
    """How the command ``args`` leaves the script going on: "&", "-d" (a detached container)
    or "" (the script waits for it)."""
    if background:
        return "&"
    started = run_options(args, DOCKER)
    if started is None:
        return ""
    for name, value in docker_options(args, started[1])[0]:  # up to the image
        if name == "--detach":
            return "-d" if value is None or (value.value or "").lower() in ("true", "1") else ""
        if value is None and _short(name, "d"):
            return "-d"  # -d, or a cluster of one-letter flags (-itd)
    return ""


def runs_detached(dep: Deployment, how: str, start: Start) -> Deployment:
    """``dep`` marked as started by a command the script does not wait for (``how``), in a
    loop's body or in an arm not decided here."""
    if not how and not start.in_loop and not start.undecided:
        return dep
    options = {**dep.options}
    if how:
        options[RUNS_DETACHED] = how
    if start.in_loop:
        options[RUNS_IN_LOOP] = "true"
    if start.undecided:
        options[RUNS_UNDECIDED] = "true"
    return replace(dep, options=options)


def detaches(words: Sequence[str]) -> bool:
    """Whether the command ``words`` (its values) hands what it runs to a process manager or a
    terminal multiplexer and returns: ``pm2 start``, ``tmux new-session -d`` (and tmux's
    commands in a session), ``screen -dm``, ``systemd-run``, ``setsid -f``."""
    program, rest = program_of(words)
    if program == "tmux":
        rest = rest[tmux_command(rest) :]
    sub = rest[0] if rest else ""
    if program == "pm2":
        return sub == "start"
    if program == "tmux":
        if sub in ("new-session", "new"):
            return any(_short(w, "d") for w in rest[1:])
        return sub in _TMUX_RETURNS or sub in ("send-keys", "send")
    if program == "screen":
        return any(_short(w, "d") for w in rest) and any(_short(w, "m") for w in rest)
    if program == "systemd-run":
        return not any(w.split("=", 1)[0] in _SYSTEMD_RUN_WAITS for w in rest)
    if program == "setsid":
        return any(w in ("-f", "--fork") or _short(w, "f") for w in rest[:2])
    return False


def _short(word: str, letter: str) -> bool:
    """``word`` is a cluster of one-letter options holding ``letter`` (``-dm``, ``-dmS``)."""
    return word.startswith("-") and not word.startswith("--") and letter in word[1:]
