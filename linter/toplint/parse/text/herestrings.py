"""Variables a script reads from a here-string: ``read -ra EXTRA_ARGS_ARRAY <<< "${EXTRA_ARGS}"``
then ``SGLANG_ARGS+=("${EXTRA_ARGS_ARRAY[@]}")`` (mark-ramsey-ri/sglang-dgx-spark@ad616ce1
start_cluster.sh:456-459: the head got no ``--enable-dp-attention`` its worker got), ``IFS=,
read -ra HOSTS <<< "$NODES"``, ``read -r HEAD PORT <<< "$ADDR"``, ``mapfile -t LINES <<<
"$TEXT"``.

Bash(1), "SHELL BUILTIN COMMANDS": ``read`` takes one line of its input (to ``-d``'s delimiter)
and splits it into fields by ``IFS`` ("Word Splitting": ``IFS`` white space at either end is
dropped and a run of it separates fields; each other ``IFS`` character separates one), the
fields going to ``-a``'s array or to the names in order, the last name taking the rest of the
line; ``mapfile``/``readarray`` make one element per line (``-t`` drops the newline).  An input
not known here leaves the variables unknown.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from toplint.parse.text.expand import Expander
from toplint.parse.text.shell import Word
from toplint.parse.text.shellwords import is_assignment

READERS = frozenset({"read", "mapfile", "readarray"})
# The options that take an argument (bash(1) ``read``; ``mapfile``/``readarray``)
_VALUED = {"read": frozenset("adinNptu"), "mapfile": frozenset("dnOsuCc")}
_WHITE = " \t\n"


def reads(words: Sequence[Word], head: int) -> bool:
    """The command is ``read``/``mapfile``/``readarray``, after assignments for its
    environment (``IFS=, read -ra HOSTS``)."""
    k = head
    while k < len(words) and is_assignment(words[k].raw):
        k += 1
    return k < len(words) and words[k].value in READERS


def read_into(
    expander: Expander,
    array_words: dict[str, list[Word]],
    words: Sequence[Word],
    head: int,
    given: Word,
) -> None:
    """``words`` (a ``read``/``mapfile`` command, its name at ``head`` or after assignments
    that set its environment) reading ``given``, the here-string's word, into the script's
    variables (``expander``) and arrays (their words: ``array_words``)."""
    k = head
    ifs = expander.env.get("IFS", _WHITE)
    while k < len(words) and is_assignment(words[k].raw):
        name, _, value = (words[k].value or "").partition("=")
        if name == "IFS":
            ifs = value
        k += 1
    if k >= len(words) or words[k].value not in READERS:
        return
    program = words[k].value or ""
    options, names = _options(words[k + 1 :], _VALUED["read" if program == "read" else "mapfile"])
    text = given.value
    if program == "read":
        array = options.get("a")
        targets = [array] if array else (names or ["REPLY"])
        if text is None:
            _forget(expander, array_words, targets)
            return
        line = text.split(options.get("d") or "\n", 1)[0]
        fields = _fields(line, ifs)
        if array:
            _set_array(expander, array_words, array, fields, given)
            return
        for n, name in enumerate(targets):
            if n == len(targets) - 1:
                value = _rest(line, ifs, n) if len(fields) > n else ""
            else:
                value = fields[n] if n < len(fields) else ""
            _set(expander, name, value)
        return
    array = names[-1] if names else "MAPFILE"
    if text is None:
        _forget(expander, array_words, [array])
        return
    lines = text.split("\n")
    _set_array(
        expander,
        array_words,
        array,
        lines if "t" in options else [f"{ln}\n" for ln in lines],
        given,
    )


def _options(words: Sequence[Word], valued: frozenset[str]) -> tuple[dict[str, str], list[str]]:
    """The options (``-ra ARR`` is ``r`` and ``a`` = ARR) and the names after them."""
    options: dict[str, str] = {}
    names: list[str] = []
    k = 0
    while k < len(words):
        text = words[k].value or ""
        k += 1
        if names or not text.startswith("-") or text == "-":
            if text.isidentifier():
                names.append(text)
            continue
        for j, flag in enumerate(text[1:], start=1):
            if flag in valued:
                value = text[j + 1 :]
                if not value and k < len(words):
                    value, k = words[k].value or "", k + 1
                options[flag] = value
                break
            options[flag] = ""
    return options, names


def _fields(line: str, ifs: str) -> list[str]:
    white = "".join(c for c in ifs if c in _WHITE)
    other = "".join(c for c in ifs if c not in _WHITE)
    text = line.strip(white) if white else line
    if not text:
        return []
    if not other:
        return re.split(f"[{re.escape(white)}]+", text) if white else [text]
    ws = f"[{re.escape(white)}]*" if white else ""
    separator = f"{ws}[{re.escape(other)}]{ws}" + (f"|[{re.escape(white)}]+" if white else "")
    return re.split(separator, text)


def _rest(line: str, ifs: str, n: int) -> str:
    """The line from its ``n``-th field on (the last name's), its ``IFS`` white space at the
    end dropped."""
    white = "".join(c for c in ifs if c in _WHITE)
    rest = line.strip(white) if white else line
    for _ in range(n):
        parts = re.split(f"[{re.escape(ifs)}]+", rest, maxsplit=1) if ifs else [rest]
        rest = parts[1] if len(parts) > 1 else ""
    return rest


def _set(expander: Expander, name: str, value: str) -> None:
    expander.env[name] = value
    expander.partials.pop(name, None)


def _set_array(
    expander: Expander,
    array_words: dict[str, list[Word]],
    name: str,
    values: Sequence[str],
    at: Word,
) -> None:
    items = [Word(v, v, at.line, at.column, (), True, at.path) for v in values]
    array_words[name] = items
    expander.arrays[name] = list(values)
    _set(expander, name, values[0] if values else "")


def _forget(expander: Expander, array_words: dict[str, list[Word]], names: Sequence[str]) -> None:
    for name in names:
        expander.env.pop(name, None)
        expander.partials.pop(name, None)
        expander.arrays.pop(name, None)
        array_words.pop(name, None)
