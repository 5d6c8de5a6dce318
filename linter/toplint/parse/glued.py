"""Options glued to an escaped space (TL012): the engine gets them as words, not options.

A YAML folded block (``>``, ``>-``) joins its lines with a space (yaml.org/spec/1.2.2 §8.1.3,
"Folded Style": "line breaks ... are folded" into a space), so a launch written there over
several lines, each ending in ``\\`` as in a shell script, reaches ``sh -c`` as one line in which
every ``\\`` stands before a space.  The shell reads ``\\ `` as a quoted space (bash(1),
"QUOTING": a backslash "preserves the literal value of the next character") and glues it to the
next word: ``\\ --tensor-parallel-size`` is the one word `` --tensor-parallel-size``.  A word
that begins with a space is no option to the engine's parser (argparse takes a word as an
option only when its first character is a prefix character, ``_parse_optional``), so it is an
argument the engine does not take, and the server refuses to start ("unrecognized
arguments").  akash-network/awesome-akash@0a6f1d55 Llama-4-Scout-17B-16E-Instruct/deploy.yaml
writes its ``vllm serve`` so.
"""

from __future__ import annotations

from collections.abc import Sequence

from toplint.infra.patterns import lazy
from toplint.model import DETACHED_OPTIONS, Finding, Fix
from toplint.parse.options import Arg

__all__ = ["glued_options"]

_GLUED = lazy(r"[ \t]+(--?[A-Za-z][A-Za-z0-9_-]*)(?:=.*)?")


def glued_options(path: str, args: Sequence[Arg]) -> tuple[list[str], list[Finding]]:
    """(the option names glued to an escaped space, one TL012 finding at the first of them)."""
    names: list[str] = []
    first: Arg | None = None
    for arg in args:
        found = _GLUED.fullmatch(arg.value) if arg.value is not None else None
        if found is not None:
            names.append(found.group(1))
            first = first or arg
    if first is None:
        return [], []
    shown = ", ".join(f"`{n}`" for n in names[:6]) + (
        f" and {len(names) - 6} more" if len(names) > 6 else ""
    )
    message = (
        f"{shown} {'reaches' if len(names) == 1 else 'reach'} the engine as "
        f"{'a word' if len(names) == 1 else 'words'} beginning with a space, not as "
        f"{'an option' if len(names) == 1 else 'options'}: a line ending in `\\` is joined to "
        "the next with a space (as a folded YAML block `>` joins its lines), and the shell reads "
        "`\\ ` as a quoted space glued to the next word; the engine refuses an argument it does "
        "not take, so the server does not start"
    )
    fix = Fix(
        "remove the `\\` at the ends of the command's lines (a folded `>` block already joins "
        "them with spaces)",
        applicability="display",
    )
    at = first.position
    finding = DETACHED_OPTIONS.finding(
        path,
        at.line,
        at.column,
        message,
        fix=fix,
        data={"options": names, "glued": True},
        anchor=f"glued:{names[0]}",
    )
    return names, [finding]
