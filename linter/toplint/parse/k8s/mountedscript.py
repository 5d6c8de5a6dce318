"""A container that runs a shell script a ConfigMap in the same manifest mounts into it.

``command: ["bash", "/scripts/serve.sh"]`` with the ConfigMap ``serve-script`` mounted at
``/scripts``: the script is that ConfigMap's ``serve.sh`` key (``configmap.mounted_value``; a
ConfigMap volume's keys are its files, kubernetes.io "ConfigMaps": "Using ConfigMaps as files
from a Pod").  Its engine commands run in this container, with its environment, GPUs and
image, so they are read here, at the script's lines in the manifest, and not as a script of
nobody's (``toplint.parse.structured.anywhere``, which reads a data file only when no parser
found a deployment in it).  A path no ConfigMap of this file provides is in the image: nothing
is read, as before.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from toplint.errors import SourceError
from toplint.infra.readpolicy import ReadRefused
from toplint.infra.yamlsafe import Path
from toplint.model import Position
from toplint.parse.invocation import SHELLS, Invocation, find_invocations, with_positional
from toplint.parse.k8s.configmap import block_lines, mounted_value
from toplint.parse.options import Arg

if TYPE_CHECKING:
    from toplint.parse.k8s.context import Ctx

# ``toplint.parse.k8s.container.token_arg``: one word as the container's argv holds it.
MakeArg = Callable[[str | None, str, Position, tuple[str, ...], str], Arg]


def script_invocations(
    ctx: Ctx, cpath: Path, args: Sequence[Arg], env: Mapping[str, str], make_arg: MakeArg
) -> list[Invocation]:
    """The engine invocations of the ConfigMap script ``args`` runs (``bash FILE ARG...``,
    ``sh -e FILE``, ``FILE ARG...``), its ARGs as the script's positional parameters, the
    container's resolved ``env`` its environment; none when the file is not a ConfigMap key
    of this manifest."""
    at = _script_word(args)
    if at is None:
        return []
    try:
        where, value = mounted_value(ctx, cpath, str(args[at].value))
    except ReadRefused:
        return []
    if where.path != ctx.path:
        return []  # a chart's ConfigMap rendered from another template: not this file's lines
    import toplint.parse.text.shellrun  # only a container that runs a script needs the shell

    try:
        commands = toplint.parse.text.shellrun.lex(
            block_lines(ctx.source.text, where.line, value), env
        )
    except SourceError:
        return []  # the ConfigMap's text is read on its own then (TL001 where it breaks)
    positional = list(args[at + 1 :])
    out: list[Invocation] = []
    for command in commands:
        words = [
            make_arg(w.value, w.raw, Position(ctx.path, w.line, w.column), w.unresolved, "")
            for w in command.words
        ]
        out.extend(find_invocations(with_positional(words, positional)))
    return out


def _script_word(args: Sequence[Arg]) -> int | None:
    """Where the script file is among a container's words: after a shell and its options
    (``-c`` runs a string, not a file), or the first word when it names a ``.sh`` file."""
    words = [a.value for a in args]
    if not words or words[0] is None:
        return None
    if words[0].rsplit("/", 1)[-1] not in SHELLS:
        return 0 if words[0].endswith(".sh") else None
    i = 1
    while i < len(words) and (words[i] or "").startswith("-"):
        if words[i] == "-c" or "c" in (words[i] or "")[1:]:
            return None
        i += 1
    return i if i < len(words) and words[i] else None
