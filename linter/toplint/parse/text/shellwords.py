"""What a command's word tokens become: a token expanded into a ``Word`` (``word``), field
splitting (``split_fields``), and the command's assignments recorded into the environment
later commands see (``finish``, with ``unset``; ``is_assignment`` says which words are).

The tokens come from the lexer (``toplint.parse.text.shell``) and are expanded by
``toplint.parse.text.expand``; the interpreter (``toplint.parse.text.shellrun``) calls these
for every command it reads.
"""

from __future__ import annotations

import re

from toplint.infra.budgets import BudgetExceeded
from toplint.infra.patterns import lazy
from toplint.parse.text import partialvars
from toplint.parse.text.expand import Expander
from toplint.parse.text.scanner import Part
from toplint.parse.text.shell import KEYWORDS, Command, Tok, Word

_ASSIGN = lazy(r"^([A-Za-z_][A-Za-z0-9_]*)=(.*)$", re.S)


def is_assignment(raw: str) -> bool:
    """``NAME=value`` as written: an assignment, not a program or an argument."""
    return _ASSIGN.match(raw) is not None


def word(tok: Tok, expander: Expander, path: str = "", partial_text: bool = False) -> Word:
    """One word token expanded; with ``partial_text``, an unresolved quoted script keeps its
    known parts expanded (``Word.partial``): a double-quoted one, or single-quoted text that
    splices a variable in (``bash -lc '... --num-cpus '"$SLURM_CPUS_PER_TASK"' ...'``,
    mehdidc/pi-slurm-vllm@77fcc1ce slurm/jupiter/*.sbatch)."""
    try:
        value, unresolved = expander.expand(tok.parts)
        partial = (
            expander.partial(tok.parts, script=True)
            if partial_text and value is None and tok.raw.startswith(('"', "'"))
            else None
        )
        if partial is not None and " " not in partial:
            partial = None  # one word, no script (a partly known variable's script has blanks)
        mark = None
        if value is None and (tok.raw.startswith('"') or _ASSIGN.match(tok.raw)):
            mark = partialvars.marked(
                tok.parts,
                lambda e: expander.expand_one(e, []),
                expander.partials,
                expander.default_parts,
            )
        raw = tok.raw if value is not None else _program_path(tok, expander)
    except BudgetExceeded as exc:
        raise exc.at(tok.line, tok.column) from None
    return Word(raw, value, tok.line, tok.column, unresolved, tok.quoted, path, partial, mark)


_BARE = lazy(r'^"?\$\{?[A-Za-z_][A-Za-z0-9_]*\}?"?$')


def _program_path(tok: Tok, expander: Expander) -> str:
    """An unresolved word as written, except a bare variable known in part whose value is a
    path with its last part written literally (``VLLM_BIN="$VENV/bin/vllm"`` with ``VENV`` set
    from ``$HOME``): that path, its unknown parts as written, so that ``$VLLM_BIN serve …``
    names its program as ``"$VENV/bin/vllm" serve …`` does (``toplint.parse.invocation._base``;
    PJAvinash/vLLM_multinode@4f470e0 scripts/start_vllm_multinode_ssh.sh)."""
    if not _BARE.match(tok.raw):
        return tok.raw
    known = expander.partial(tok.parts)
    head, slash, last = known.rpartition("/")
    if slash and head and last and "$" not in last and "`" not in last and " " not in known:
        return known
    return tok.raw


_IFS = lazy(r"[ \t\n]+")


def split_fields(word: Word, parts: list[Part]) -> list[Word]:
    """Field splitting: an unquoted expansion's value splits on whitespace and an empty one
    disappears (``vllm serve $EXTRA_ARGS``).  Assignments are never split.  The pieces keep the
    position of the word they came from."""
    if word.quoted or word.value is None or not any(k == "exp" for k, _ in parts):
        return [word]
    if _ASSIGN.match(word.raw):
        return [word]
    pieces = [p for p in _IFS.split(word.value) if p]
    if len(pieces) == 1 and pieces[0] == word.value:
        return [word]
    return [Word(p, p, word.line, word.column, (), False, word.path) for p in pieces]


def _unset(names: list[Word], expander: Expander) -> None:
    """``unset NAME…`` (``-v``: variables, the default; ``-f``: functions, none of these): the
    variables are gone from the script's environment and from what its commands inherit, and
    read as not known, as any variable the script never set."""
    if any(w.value == "-f" for w in names):
        return
    for w in names:
        name = w.value or ""
        if name.isidentifier():
            expander.env.pop(name, None)
            expander.partials.pop(name, None)
            expander.exported.pop(name, None)
            expander.arrays.pop(name, None)
            expander.chosen.pop(name, None)


def finish(words: list[Word], expander: Expander) -> Command:
    """Record assignments into the environment; return the command.  Keywords before them
    are not part of the command (``then TP=16; else TP=8``: bash(1) "Compound Commands")."""
    start = 0
    while start < len(words) and words[start].raw in KEYWORDS:
        start += 1
    if start == len(words):
        return Command(tuple(words), words[0].line, words[0].column)
    if words[start].value == "unset":
        _unset(words[start + 1 :], expander)
    head = 1 if words[start].value in ("export", "declare", "local", "readonly") else 0
    rest = words[start + head :]
    assigns = [w for w in rest if w.raw and _ASSIGN.match(w.raw)]
    exporting = head == 1 and words[start].value == "export"
    if head or len(assigns) == len(rest):
        for w in assigns:
            name = _ASSIGN.match(w.raw).group(1)  # type: ignore[union-attr]
            expander.partials.pop(name, None)
            expander.chosen.pop(name, None)  # a value set here, whatever was chosen before
            if w.value is not None and "=" in w.value:
                expander.env[name] = w.value.split("=", 1)[1]
            else:
                expander.env.pop(name, None)
                part = (w.marked or "").partition("=")[2]
                if part and partialvars.known(part):
                    expander.partials[name] = part
            if exporting or name in expander.exported:
                expander.exported[name] = w  # an exported variable's new value is exported
        if exporting:  # ``export NAME``: the value it has is exported from here on
            for w in rest:
                value = expander.env.get(w.value or "") if w not in assigns else None
                if value is not None and (w.value or "").isidentifier():
                    text = f"{w.value}={value}"
                    expander.exported[w.value or ""] = Word(
                        w.raw, text, w.line, w.column, (), False, w.path
                    )
    exported = expander.exported
    if not exported:  # the common case: nothing to carry
        return Command(tuple(words), words[0].line, words[0].column)
    carried = tuple((k, v) for k, v in exported.items() if isinstance(v, Word))
    return Command(tuple(words), words[0].line, words[0].column, exported=carried)
