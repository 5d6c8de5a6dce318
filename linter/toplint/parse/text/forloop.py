"""What a ``for`` loop's variable holds when the loop is read once (``parse.text.shellrun``).

The interpreter reads a loop's body once, so its variable has one value there only when the
list it walks has one known word: ``for i in "${!NAMES[@]}"`` over a one-element array is
``i=0``, ``for tp in 8`` is ``tp=8``.  A longer or unknown list leaves the variable unknown
(its use stays unresolved: TL003), never the first value guessed for all of them.
"""

from __future__ import annotations

from collections.abc import MutableMapping, Sequence

from toplint.infra.patterns import lazy
from toplint.parse.text.shell import Word


def bind(words: Sequence[Word], env: MutableMapping[str, str]) -> bool:
    """Bind the variable of ``for NAME in WORDS`` (the loop's header, read as one command) in
    ``env``; True when ``words`` is such a header."""
    if len(words) < 3 or words[0].raw != "for" or words[2].raw != "in":
        return False
    name = words[1].raw
    if not name.isidentifier():
        return False
    items = words[3:]
    one = items[0] if len(items) == 1 else None
    literal = _EXPANSION.sub("", one.raw) if one is not None else ""  # what the shell may glob
    if one is not None and one.value is not None and (one.quoted or not _EXPANDS.search(literal)):
        env[name] = one.value
    else:
        env.pop(name, None)  # several values, or a glob / brace list the shell expands to some
    return True


# A pathname pattern or a brace list, unquoted: the shell makes it any number of words.
_EXPANDS = lazy(r"[*?\[]|\{[^}]*(?:,|\.\.)[^}]*\}")
_EXPANSION = lazy(r"\$\{[^}]*\}|\$\w+")  # ``${A[0]}``, ``$x``: values, not patterns


def indices(array: Sequence[Word], at: Word) -> list[Word]:
    """``"${!A[@]}"``: the indices of an array, one word each, written where the expansion is."""
    return [
        Word(at.raw, str(k), at.line, at.column, (), at.quoted, at.path) for k in range(len(array))
    ]
