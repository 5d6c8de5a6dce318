"""An option-parsing loop, run over the arguments the script is given.

Launch scripts take their options in a loop over the positional parameters (bash(1), "Special
Parameters" ``$#``; "Compound Commands" ``while`` and ``case``; ``shift``)::

    NUM_GPUS="1"
    while [[ $# -gt 0 ]]; do
      case $1 in
        --gpus) NUM_GPUS="$2"; shift 2 ;;
        --model) MODEL_PATH="$2"; shift 2 ;;
        *) echo "Unknown: $1"; exit 1 ;;
      esac
    done
    vllm serve "$MODEL_PATH" --tensor-parallel-size "$NUM_GPUS"

The interpreter reads a loop's body once, in order, so every arm's assignment would run and
``NUM_GPUS`` would be ``$2``, unknown.  Run as the shell runs it instead: a script given no
arguments (read on its own, as ``${1:-default}`` takes its default) never enters the loop, so the
defaults stand; a script called with known arguments (``sbatch job.sh --model m``, ``bash x.sh
…``) enters, for each option in turn, the arm its pattern matches, which assigns and shifts.
The loop is replaced by the arms it runs, in order; the interpreter's own ``shift`` keeps ``$1``
and ``$2`` right for each.  Anything else in the loop (an option whose value is unknown here, an
arm with no literal ``shift``, ``exit``, ``break``, a nested ``case``, a pattern with an
expansion, an arm that falls through with ``;&`` or ``;;&``) leaves the loop as it was read
before; given no arguments, such a loop is still never entered (NVIDIA/Model-Optimizer@a2fbac7b
plugins/modelopt/skills/deployment/scripts/deploy.sh validates an option's value in a ``;;&``
arm before the arm that assigns it).

A ``getopts`` loop (``while getopts "m:e:h" opt; do case $opt in m) MODEL="$OPTARG" ;; … esac;
done``) is the same pattern through the shell's builtin (bash(1) SHELL BUILTIN COMMANDS
``getopts``: it "returns false" when the options end, at once when there are no arguments):
a script given no arguments never enters it, so the defaults stand and the loop is dropped;
given arguments, it is left as read.
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Collection, Sequence

from toplint.infra.patterns import lazy
from toplint.parse.text.shell import Tok

# The loop's test: arguments remain (``[[ $# -gt 0 ]]``, ``[ "$#" -ne 0 ]``, ``[ -n "$1" ]``).
_TEST = lazy(
    r"^\[\[?\s*(?:\$\{?#\}?\s*(?:-gt\s+0|-ge\s+1|-ne\s+0|>\s*0|!=\s*0)|-n\s+\$\{?1\}?)\s*\]\]?$"
)
_SUBJECT = frozenset({"$1", "${1}"})
_STOPS = frozenset({"exit", "break", "return", "continue", "case", "while", "until", "for"})
MAX_ROUNDS = 64


# How a case arm ends (bash(1) "Compound Commands" ``case``): ``;;`` stops; ``;&`` runs the
# next arm's commands too and ``;;&`` tests the next arms' patterns, so an option may run
# several arms.  A loop with such an arm is not followed over given arguments (left as read).
_ENDS = (";;", ";&", ";;&")


class _Arm:
    __slots__ = ("body", "falls", "patterns")

    def __init__(self, patterns: list[str], body: list[Tok], falls: bool) -> None:
        self.patterns = patterns
        self.body = body
        self.falls = falls


def unrolled(
    toks: Sequence[Tok], args: Sequence[str | None] | None, skip: Sequence[tuple[int, int]] = ()
) -> list[Tok]:
    """``toks`` with each option-parsing loop outside the ``skip`` ranges (function bodies, run
    with their own arguments) replaced by the arms ``args`` select (None: none given)."""
    out: list[Tok] = []
    i = 0
    while i < len(toks):
        inside = any(a <= i <= b for a, b in skip)
        loop = None if inside or not _starts_command(toks, i) else _loop(toks, i)
        if loop is None and not inside and not args and _starts_command(toks, i):
            end = _getopts(toks, i)
            if end is not None:  # no arguments: getopts is false at once, the body never runs
                i = end
                continue
        if loop is None:
            out.append(toks[i])
            i += 1
            continue
        end, arms, trailing = loop
        run = _run(arms, trailing, list(args or ()))
        if run is None:
            out.extend(toks[i:end])
        else:
            out.extend(run)
        i = end
    return out


def _getopts(toks: Sequence[Tok], i: int) -> int | None:
    """The index after ``done`` of ``while getopts OPTSTRING NAME; do case $NAME in … esac;
    … done`` at ``i`` (no loop after ``esac``), else None.  What the arms do does not matter:
    with no arguments none of them runs."""
    words: list[str] = []
    k = i + 1
    while k < len(toks) and toks[k].kind == "word":
        words.append(_unquoted(toks[k].raw))
        k += 1
    if len(words) != 3 or words[0] != "getopts" or not re.fullmatch(r"[A-Za-z_]\w*", words[2]):
        return None
    body = _case_body(toks, k, {f"${words[2]}", f"${{{words[2]}}}"})
    return body[0] if body is not None else None


def _starts_command(toks: Sequence[Tok], i: int) -> bool:
    return (
        toks[i].kind == "word" and toks[i].raw == "while" and (i == 0 or toks[i - 1].kind == "sep")
    )


def _unquoted(raw: str) -> str:
    return raw.replace('"', "").replace("'", "")


def _loop(toks: Sequence[Tok], i: int) -> tuple[int, list[_Arm], list[Tok]] | None:
    """(index after ``done``, the arms, the commands after ``esac``) of ``while TEST; do case
    $1 in … esac; [shift;] done`` at ``i``, else None."""
    k = i + 1
    header: list[str] = []
    while k < len(toks) and toks[k].kind == "word":
        header.append(_unquoted(toks[k].raw))
        k += 1
    if not _TEST.match(" ".join(header)):
        return None
    return _case_body(toks, k, _SUBJECT)


def _case_body(
    toks: Sequence[Tok], k: int, subject: Collection[str]
) -> tuple[int, list[_Arm], list[Tok]] | None:
    """(index after ``done``, the arms, the commands after ``esac``) of ``; do case SUBJECT in
    … esac; … done`` from ``k`` (after a loop's test), where SUBJECT is one of ``subject``;
    else None."""
    k = _skip_seps(toks, k)
    if not _word(toks, k, "do"):
        return None
    k = _skip_seps(toks, k + 1)
    if not (_word(toks, k, "case") and k + 2 < len(toks)):
        return None
    if _unquoted(toks[k + 1].raw) not in subject or not _word(toks, k + 2, "in"):
        return None
    arms, k = _arms(toks, k + 3)
    if arms is None:
        return None
    k = _skip_seps(toks, k)
    trailing: list[Tok] = []
    while k < len(toks) and not _word(toks, k, "done"):
        trailing.append(toks[k])
        k += 1
    if k >= len(toks) or not _plain(trailing):
        return None
    return k + 1, arms, trailing


def _arms(toks: Sequence[Tok], k: int) -> tuple[list[_Arm] | None, int]:
    arms: list[_Arm] = []
    while True:
        k = _skip_seps(toks, k)
        if k >= len(toks):
            return None, k
        if _word(toks, k, "esac"):
            return arms, k + 1
        if toks[k].kind == "sep" and toks[k].raw == "(":
            k += 1
        patterns: list[str] = []
        while k < len(toks) and not (toks[k].kind == "sep" and toks[k].raw == ")"):
            tok = toks[k]
            if tok.kind == "word":
                patterns.append(_unquoted(tok.raw))
            elif tok.raw != "|":
                return None, k
            k += 1
        k += 1
        body: list[Tok] = []
        while k < len(toks) and not (toks[k].kind == "sep" and toks[k].raw in _ENDS):
            if _word(toks, k, "esac") and toks[k - 1].kind == "sep":
                break
            body.append(toks[k])
            k += 1
        falls = k < len(toks) and toks[k].kind == "sep" and toks[k].raw in _ENDS[1:]
        if k < len(toks) and toks[k].kind == "sep":
            k += 1
        if not patterns or any("$" in p or "`" in p for p in patterns):
            return None, k
        arms.append(_Arm(patterns, body, falls))


def _run(arms: list[_Arm], trailing: list[Tok], args: list[str | None]) -> list[Tok] | None:
    """The arms the loop runs over ``args``, in order, each followed by ``trailing``; None when
    the run cannot be followed here."""
    out: list[Tok] = []
    at = 0
    for _ in range(MAX_ROUNDS):
        if at >= len(args):
            return out
        if any(a.falls for a in arms):
            return None
        value = args[at]
        if value is None:
            return None
        arm = next(
            (a for a in arms if any(fnmatch.fnmatchcase(value, p) for p in a.patterns)), None
        )
        if arm is None or not _plain(arm.body):
            return None
        moved = _shifts(arm.body) + _shifts(trailing)
        if moved <= 0:
            return None
        out.extend(_separated(arm.body, trailing))
        at += moved
    return None


def _plain(body: Sequence[Tok]) -> bool:
    """No command that leaves the loop or nests another (``exit``, ``break``, ``case``…)."""
    return not any(
        t.kind == "word" and t.raw in _STOPS and (k == 0 or body[k - 1].kind == "sep")
        for k, t in enumerate(body)
    )


def _shifts(body: Sequence[Tok]) -> int:
    """Arguments the body's ``shift`` commands move past (``shift``: 1, ``shift 2``: 2)."""
    moved = 0
    for k, tok in enumerate(body):
        if tok.kind != "word" or tok.raw != "shift" or (k and body[k - 1].kind != "sep"):
            continue
        nxt = body[k + 1] if k + 1 < len(body) else None
        if nxt is not None and nxt.kind == "word":
            if not re.fullmatch(r"[0-9]{1,3}", nxt.raw):
                return -1 << 20
            moved += int(nxt.raw)
        else:
            moved += 1
    return moved


def _separated(body: list[Tok], trailing: list[Tok]) -> list[Tok]:
    """An arm's body, then the commands after ``esac``, each ended by a separator (the body
    ends where ``;;`` was, so the next arm's first word would join its last command)."""
    out: list[Tok] = []
    for part in (body, trailing):
        if part:
            last = part[-1]
            out.extend((*part, Tok("sep", last.line, last.column, ";", [], False)))
    return out


def _skip_seps(toks: Sequence[Tok], k: int) -> int:
    while k < len(toks) and toks[k].kind == "sep" and toks[k].raw in ("\n", ";"):
        k += 1
    return k


def _word(toks: Sequence[Tok], k: int, raw: str) -> bool:
    return k < len(toks) and toks[k].kind == "word" and toks[k].raw == raw and not toks[k].quoted
