"""Whether a script's engine command leaves the script going on while it runs.

A server runs until it is stopped, so a command bash waits for holds the script there: what the
lines below it start begins only once it has exited.  A command ending with ``&`` is run in the
background ("If a command is terminated by the control operator &, the shell executes the
command in the background in a subshell. The shell does not wait for the command to finish",
bash(1) "Lists"), and ``docker run -d`` returns once the container has started ("--detach, -d:
Run container in background and print container ID", the docker CLI reference).  Either way,
the process runs beside every command the script starts after it: two servers so started on one
GPU share its memory (``toplint.outcome.colocation``).

The deployment keeps how it was started in ``Deployment.options[RUNS_DETACHED]`` ("&" or
"-d").
"""

from __future__ import annotations

from collections.abc import Sequence

from toplint.model import RUNS_DETACHED, Deployment
from toplint.parse.options import Arg
from toplint.parse.text.dockerrun import DOCKER, DOCKER_VALUE
from toplint.parse.text.entrypoint import run_options
from toplint.record import replace

__all__ = ["detached", "runs_detached"]


def detached(args: Sequence[Arg], background: bool) -> str:
    """How the command ``args`` leaves the script going on: "&", "-d" (a detached container)
    or "" (the script waits for it)."""
    if background:
        return "&"
    started = run_options(args, DOCKER)
    if started is None:
        return ""
    j = started[1]
    while j < len(args):
        token = args[j].value or args[j].raw
        if not token.startswith("-"):
            return ""  # the image: the container's own command follows
        name, eq, inline = token.partition("=")
        if name == "--detach":
            return "-d" if not eq or inline.lower() in ("true", "1") else ""
        if not name.startswith("--") and not eq and "d" in name[1:] and name not in DOCKER_VALUE:
            return "-d"  # -d, or a cluster of one-letter flags (-itd)
        j += 2 if name in DOCKER_VALUE and not eq else 1
    return ""


def runs_detached(dep: Deployment, how: str) -> Deployment:
    """``dep`` marked as started by a command the script does not wait for."""
    if not how:
        return dep
    return replace(dep, options={**dep.options, RUNS_DETACHED: how})
