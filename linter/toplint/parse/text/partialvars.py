"""Variables known in part: ``ARGS="--model $HF_MODEL --tensor-parallel-size 2"`` with
``HF_MODEL`` known only at run time (read from a file, a command's output, the job's input).

Bash(1), "Word Splitting": an unquoted ``$ARGS`` is split into fields at whitespace after it is
expanded.  The fields the assignment wrote literally are known whatever ``HF_MODEL`` turns out to
be, so ``vllm serve $ARGS`` is read with ``--model`` unresolved and ``--tensor-parallel-size 2``
as written, not as one unknown word that could hide the layout.  An unknown expansion inside the
value is kept as one unresolved field (as an unquoted ``$X`` of unknown value is anywhere else);
a value built in steps (``ARGS="$ARGS --enable-prefix-caching"``) keeps its known fields.

The value is kept with each unknown expansion between two private-use characters, so a literal
``$`` in the value is never taken for one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from toplint.infra.patterns import lazy

OPEN, CLOSE = "\ue000", "\ue001"
_FIELD = lazy(r"(?:[^\s\ue000]|\ue000[^\ue001]*\ue001)+")
_UNKNOWN = lazy(r"\ue000\$\{?([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*#?$!-])[^\ue001]*\ue001")
_NAME = lazy(r"\{?([A-Za-z_][A-Za-z0-9_]*|[1-9])\}?")  # a variable, or $1 … $9


def marked(
    parts: list[tuple[str, str]],
    expand_one: Callable[[str], str | None],
    partials: Mapping[str, str],
    defaults: Callable[[str], list[tuple[str, str]] | None] | None = None,
) -> str:
    """The value of a word with its unknown expansions marked, a partly known variable's own
    marked value put in its place, and an unknown ``${NAME:-WORD}`` that takes its default
    (``defaults``: the parts of WORD then, else None) that word marked in turn."""
    out: list[str] = []
    for kind, text in parts:
        if kind == "lit":
            out.append(text)
            continue
        value = expand_one(text)
        name = _NAME.fullmatch(text)
        default = defaults(text) if value is None and defaults is not None else None
        if value is None and name and name.group(1) in partials:
            out.append(partials[name.group(1)])
        elif default is not None:
            out.append(marked(default, expand_one, partials, defaults))
        elif value is None:
            out.append(f"{OPEN}${text}{CLOSE}")
        else:
            out.append(value)
    return "".join(out)


def known(value: str) -> bool:
    """Some field of the marked value is written out, or ends in a path part written out
    (``"$HOME/venv/bin/vllm"``: the program it names); else there is nothing to gain."""
    return any(OPEN not in piece or _named_tail(piece) for piece in _FIELD.findall(value))


def _named_tail(piece: str) -> bool:
    tail = piece.rsplit(CLOSE, 1)[-1]
    return "/" in tail and bool(tail.rsplit("/", 1)[-1])


def fields(value: str) -> list[tuple[str, str | None, tuple[str, ...]]]:
    """(text as written, value or None, variables unresolved) of each field of an unquoted
    expansion of a marked value."""
    out: list[tuple[str, str | None, tuple[str, ...]]] = []
    for m in _FIELD.finditer(value):
        piece = m.group(0)
        if OPEN not in piece:
            out.append((piece, piece, ()))
            continue
        names = tuple(dict.fromkeys("$" + n for n in _UNKNOWN.findall(piece)))
        out.append((piece.replace(OPEN, "").replace(CLOSE, ""), None, names))
    return out


def variable(parts: list[tuple[str, str]]) -> str | None:
    """The name a word that is only ``$NAME``/``${NAME}`` expands; else None."""
    if len(parts) != 1 or parts[0][0] != "exp":
        return None
    m = _NAME.fullmatch(parts[0][1])
    return m.group(1) if m else None
