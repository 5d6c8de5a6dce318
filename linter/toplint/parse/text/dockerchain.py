"""A Dockerfile whose ``CMD``/``ENTRYPOINT`` runs a script of the repository (issue 24, point 5).

``CMD ["sh", "start_server.sh"]``, ``ENTRYPOINT ["./serve.sh"]``, ``CMD bash run.sh --port 80``:
the image runs a script copied from the build context, so the engine command is in that script.
The build context is taken to be the Dockerfile's folder (``docker build .`` beside it, the usual
layout; an absolute path such as ``/app/run.sh`` names the image's file system and is not
followed).  The script is read as the shell reader reads a chained script
(``toplint.parse.text.shellrun``: inside the repository only, under the read policy), with the
Dockerfile's ``ENV``/``ARG`` values as its environment and the instruction's further words as its
arguments; its engine commands keep their own positions and name the chain.
"""

from __future__ import annotations

import shlex
from collections.abc import Mapping, Sequence

from toplint.model import Position
from toplint.parse.options import Arg
from toplint.parse.text.chains import SHELLS
from toplint.record import record

_SUFFIXES = (".sh", ".bash", ".zsh")


@record
class Chained:
    """One command of the script the image runs, and the chain it ran through."""

    args: tuple[Arg, ...]
    via: tuple[str, ...]


def runs_script(argv: Sequence[Arg]) -> bool:
    """``[sh|bash …] x.sh …`` or ``./x.sh …``: a relative script path, every word known."""
    if not argv or any(a.value is None for a in argv):
        return False
    words = [a.value or "" for a in argv]
    k = 0
    if words[0].rsplit("/", 1)[-1] in SHELLS:
        k = next((i for i in range(1, len(words)) if not words[i].startswith("-")), len(words))
    if k >= len(words):
        return False
    script = words[k]
    return script.endswith(_SUFFIXES) and not script.startswith("/")


def chained(argv: Sequence[Arg], env: Mapping[str, str], path: str, at: Position) -> list[Chained]:
    """The commands of the script ``argv`` runs, read from beside the Dockerfile at ``path``;
    empty when it cannot be read (outside the repository, missing)."""
    import toplint.parse.text.shellrun  # a Dockerfile with no script to follow never loads it
    from toplint.parse.text.shellsrc import command_args, sourced_loader

    line = " ".join(shlex.quote(a.value or "") for a in argv)
    loader = sourced_loader(path)
    where = f"`{line}` ({path.rsplit('/', 1)[-1]}:{at.line})"
    out = []
    for command in toplint.parse.text.shellrun.lex(line, env, loader=loader):
        if not command.via:
            continue  # the instruction itself, not a command of the script
        args = tuple(command_args(command, path))
        out.append(Chained(args, (where, *command.via[1:])))
    return out
