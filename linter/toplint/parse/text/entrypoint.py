"""``docker run --entrypoint SHELL IMAGE -c 'SCRIPT'``: the shell the entrypoint names runs the
script the command words after the image give it.

Docker's run reference: ``--entrypoint`` overwrites the image's default ENTRYPOINT, and the words
after the image are the command passed to it.  So ``docker run --gpus all --entrypoint /bin/bash
IMAGE -c "pip install … && python -m sglang.launch_server …"`` runs ``/bin/bash -c "…"`` inside
IMAGE, the same as ``docker run --gpus all IMAGE /bin/bash -c "…"``, which the shell reader
already follows into the string (its ``--gpus``, ``-e`` and image kept for the engine it starts).
``entrypoint_first`` writes the first form as the second, for a shell entrypoint only: any other
entrypoint is read by ``toplint.parse.text.dockerrun.docker_run`` itself (the entrypoint then
the command words).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from toplint.parse.options import Arg
from toplint.parse.text.runtimes import RUN_VERBS


def entrypoint_first(
    args: Sequence[Arg],
    docker: Collection[str],
    value_options: Collection[str],
    shells: Collection[str],
) -> list[Arg]:
    """``args`` with a shell ``--entrypoint`` moved to just after the image of a ``docker run``
    (``docker``: the container CLIs; ``value_options``: docker run's options that take a value);
    ``args`` unchanged when they are no such command."""
    words = list(args)
    found = run_options(words, docker)
    if found is None:
        return words
    j = found[1]
    entry: tuple[int, int, Arg] | None = None  # (first word, words, the entrypoint's value)
    while j < len(words) and (words[j].value or words[j].raw).startswith("-"):
        name, eq, inline = (words[j].value or words[j].raw).partition("=")
        if name == "--entrypoint" and eq and words[j].value is not None:
            entry = (j, 1, Arg(inline, words[j].raw, words[j].position, (), words[j].anchor))
        elif name == "--entrypoint" and j + 1 < len(words):
            entry = (j, 2, words[j + 1])
        j += 2 if not eq and name in value_options else 1
    if entry is None or j >= len(words) or _base(entry[2]) not in shells:
        return words
    start, count, program = entry
    image = j - count  # the image's index once the option's words are taken out
    rest = words[:start] + words[start + count :]
    return [*rest[: image + 1], program, *rest[image + 1 :]]


def run_options(args: Sequence[Arg], docker: Collection[str]) -> tuple[int, int] | None:
    """(the container CLI's word, the first word after its ``run``) of ``docker [container]
    run`` (or ``create``, ``RUN_VERBS``), or None when ``args`` make no container."""
    i = next((k for k, a in enumerate(args) if _base(a) in docker), -1)
    if i < 0:
        return None
    j = i + 1
    if j < len(args) and args[j].value == "container":
        j += 1
    if j >= len(args) or args[j].value not in RUN_VERBS:
        return None
    return i, j + 1


def _base(arg: Arg) -> str:
    return (arg.value or "").rsplit("/", 1)[-1]


# tmux(1): ``tmux [-2CDlNuVv] [-c shell-command] [-f file] [-L socket-name] [-S socket-path]
# [-T features] [command [flags]]``: the options before its command that take a value.
_TMUX_VALUED = frozenset({"-c", "-f", "-L", "-S", "-T"})


def tmux_command(words: Sequence[str | None]) -> int:
    """The index, in the words after ``tmux``, of its command (``send-keys``, ``new-session``)
    past tmux's own options (``tmux -S /tmp/sock send-keys …``: ChristopherCho/MultiNode-vLLM-
    serve@3135b11c main.sh); ``len(words)`` when none follows them."""
    j = 0
    while j < len(words) and (words[j] or "").startswith("-"):
        j += 2 if words[j] in _TMUX_VALUED else 1
    return min(j, len(words))
