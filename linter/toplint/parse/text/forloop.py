"""What a ``for`` loop's variable holds when the loop is read (``parse.text.shellrun``).

bash runs a ``for`` loop's body once per word of its list, with the variable set to that word
(bash(1) "Compound Commands": "The list of words following in is expanded ... name is set to
each element of this list in turn, and list is executed each time").  A list of a few words all
known here (``for MODEL in "${MODELS[@]}"`` over a literal array, ``for i in 0 1``) is read the
same way: the body once per word (``iterations``).  A list with one known word binds it
(``for tp in 8`` is ``tp=8``); a longer list with an unknown word, a glob or a brace list the
shell expands leaves the variable unknown (its use stays unresolved: TL003), never the first
value guessed for all of them.
"""

from __future__ import annotations

from collections.abc import MutableMapping, Sequence

from toplint.infra.patterns import lazy
from toplint.parse.text.shell import Tok, Word


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


# Words a list may have for its body to be read once per word (a longer list is read once,
# its variable unknown, as before): an array of models or GPU ids, not a sweep of thousands.
MAX_ITERATIONS = 16
# A body that may leave the loop or an iteration early is read once: which iterations run
# all of it is not known here.  A failing ``exit N`` is a guard against a failed start (as
# ``scriptshape.ends_script`` reads it): reading goes on to what a run that works does.
_LEAVES = frozenset({"break", "continue", "exit", "return"})


def iterations(words: Sequence[Word]) -> tuple[str, list[str]] | None:
    """The variable of ``for NAME in WORDS`` and its values, one per iteration, when the list
    has two to ``MAX_ITERATIONS`` words, each known and not expanded further by the shell."""
    if len(words) < 5 or words[0].raw != "for" or words[2].raw != "in":
        return None
    name, items = words[1].raw, words[3:]
    if not name.isidentifier() or len(items) > MAX_ITERATIONS:
        return None
    values = []
    for item in items:
        literal = _EXPANSION.sub("", item.raw)
        if item.value is None or (not item.quoted and _EXPANDS.search(literal)):
            return None
        values.append(item.value)
    return name, values


def leaves(body: Sequence[Tok]) -> bool:
    """Whether the loop's body holds a ``break``, ``continue``, ``return`` or an ``exit`` that
    is not a failure's (``exit 1``)."""
    for k, t in enumerate(body):
        if t.kind != "word" or t.quoted or t.raw not in _LEAVES:
            continue
        status = body[k + 1].raw if k + 1 < len(body) and body[k + 1].kind == "word" else ""
        if not (t.raw == "exit" and status.isdigit() and int(status) != 0):
            return True
    return False


def indices(array: Sequence[Word], at: Word) -> list[Word]:
    """``"${!A[@]}"``: the indices of an array, one word each, written where the expansion is."""
    return [
        Word(at.raw, str(k), at.line, at.column, (), at.quoted, at.path) for k in range(len(array))
    ]
