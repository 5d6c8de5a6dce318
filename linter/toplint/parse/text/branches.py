"""The arms of a script's ``if``/``elif``/``else`` and the tests that choose between them, and
where its loops end.

The interpreter (``toplint.parse.text.shellrun``) reads a script's commands in order; both arms
of ``if [[ "$ENABLE_MULTIMODAL" == "1" ]]; then MM_ARGS+=(… "$LIMIT_MM_JSON"); else
MM_ARGS+=(--limit-mm-per-prompt "{}"); fi`` would run, and the engine would get both
(tasd12-ty/qwen35-vllm-ray-deploy@680e8d9e start_vllm_qwen35.sh:39-47, a false TL209).  A test
toplint can decide from what the script has set runs only the arm bash would run.  Decided are
the ``test``/``[``/``[[`` forms of bash(1) "CONDITIONAL EXPRESSIONS" and test(1) on words whose
values are known: a word alone (not empty), ``-n``/``-z``, ``=``/``==``/``!=`` (in ``[[`` the
right side's unquoted ``*`` and ``?`` are wildcards), the integer comparisons ``-eq -ne -lt
-le -gt -ge``, and ``!`` before one of them.  Anything else (a file test, a command's exit
status, ``&&``, a word not known here) is not decided: every arm is read, as before, in order.

A ``case WORD in PATTERN) … ;; esac`` whose word the script's values decide runs the first arm
whose pattern matches (bash's pattern matching, quoted parts literal), none when none does;
a word not known, a fall-through (``;&``), an extglob, or a matching arm that leaves a
function or loop (``return``, ``break``; an ``exit`` where the interpreter does not stop) reads
every arm, as before (jessedc/vllm-docker-gb10@18e91b50 run-qwen3.6-27b-prismascout.sh:137-140:
both speculative configs were read, a false TL209).
An ``exit`` that surely runs (a plain command of the script or of an arm taken, not after
``&&``/``||``, not in an arm read undecided, a loop, a subshell or a function never called)
ends the reading there, as it ends the script (``toplint.parse.text.shellrun``).
A variable a command that may not run assigned (after ``&&`` or ``||``, inside an arm read
undecided) decides neither an ``if`` nor a ``case``: it holds one of several values.

A ``for`` loop's body is read once (``toplint.parse.text.forloop``); a loop over a list known
to be empty (``for i in "${!WORKERS[@]}"`` over an empty array) runs no time, and its body is
not read: a worker it would start for each address given is no node when none is given.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from toplint.infra.numbers import whole_text
from toplint.parse.text.shell import Tok
from toplint.record import record


@record
class Arm:
    keyword: int  # index of its ``if``, ``elif`` or ``else``
    test: tuple[int, int]  # tokens of its test, ``[start, end)`` (empty for ``else``)
    body: int  # index of the first token after its ``then`` (``else``: after ``else``)


@record
class IfBlock:
    arms: tuple[Arm, ...]
    fi: int  # index of its ``fi``


def if_blocks(toks: Sequence[Tok], starts: Sequence[int]) -> dict[int, IfBlock]:
    """The ``if … fi`` blocks whose keywords start commands, by the index of their ``if``."""
    out: dict[int, IfBlock] = {}
    stack: list[tuple[list[list[int]], bool]] = []  # arms as [keyword, then]; seen else
    for i in starts:
        tok = toks[i]
        if tok.quoted or tok.kind != "word":
            continue
        raw = tok.raw
        if raw == "if":
            stack.append(([[i, -1]], False))
        elif not stack:
            continue
        elif raw == "then" and stack[-1][0][-1][1] < 0:
            stack[-1][0][-1][1] = i
        elif raw == "elif" and not stack[-1][1]:
            stack[-1][0].append([i, -1])
        elif raw == "else" and not stack[-1][1]:
            stack[-1][0].append([i, i])
            stack[-1] = (stack[-1][0], True)
        elif raw == "fi":
            arms, _ = stack.pop()
            if any(then < 0 for _, then in arms):
                continue  # malformed: read as before
            out[arms[0][0]] = IfBlock(
                tuple(Arm(k, (k + 1, then) if then != k else (k, k), then + 1) for k, then in arms),
                i,
            )
    return out


@record
class CaseArm:
    patterns: tuple[int, ...]  # its patterns' tokens (``a|b)``: two)
    body: int  # the first token after its ``)``
    end: int  # its ``;;`` (or the ``esac`` of a last arm without one)


@record
class CaseBlock:
    word: int  # the token ``case`` tests
    arms: tuple[CaseArm, ...]
    esac: int


def case_blocks(toks: Sequence[Tok], starts: Sequence[int]) -> dict[int, CaseBlock]:
    """The ``case WORD in PATTERN) … ;; esac`` blocks whose ``case`` starts a command, by its
    index; one with a fall-through (``;&``, ``;;&``) or a pattern toplint does not read (an
    extglob ``@(…)``) is left out: every arm is read, as before."""
    out: dict[int, CaseBlock] = {}
    begun = set(starts)
    for k in starts:
        tok = toks[k]
        if tok.quoted or tok.kind != "word" or tok.raw != "case":
            continue
        if k + 2 >= len(toks) or toks[k + 2].raw != "in" or toks[k + 1].kind != "word":
            continue
        block = _case_block(toks, k, begun)
        if block is not None:
            out[k] = block
    return out


def _case_block(toks: Sequence[Tok], k: int, begun: set[int]) -> CaseBlock | None:
    arms: list[CaseArm] = []
    j = k + 3
    while j < len(toks):
        while j < len(toks) and toks[j].kind == "sep" and toks[j].raw in ("\n", ";"):
            j += 1
        if j >= len(toks):
            return None
        if toks[j].kind == "word" and toks[j].raw == "esac" and not toks[j].quoted:
            return CaseBlock(k + 1, tuple(arms), j)
        if toks[j].raw == "(":
            j += 1
        patterns: list[int] = []
        while j < len(toks) and toks[j].raw != ")":
            if toks[j].kind == "word":
                patterns.append(j)
            elif toks[j].raw != "|":
                return None  # not a pattern list toplint reads
            j += 1
        if not patterns or j >= len(toks):
            return None
        body, depth = j + 1, 0
        j = body
        while j < len(toks):
            tok = toks[j]
            if tok.kind == "word" and not tok.quoted and j in begun:
                depth += tok.raw == "case"
                if tok.raw == "esac":
                    if depth == 0:
                        break
                    depth -= 1
            elif tok.kind == "sep" and depth == 0 and tok.raw in (";;", ";&", ";;&"):
                if tok.raw != ";;":
                    return None  # a fall-through: every arm is read
                break
            j += 1
        if j >= len(toks):
            return None
        arms.append(CaseArm(tuple(patterns), body, j))
        if toks[j].raw == "esac":
            return CaseBlock(k + 1, tuple(arms), j)
        j += 1
    return None


# ``exit`` is not among them: the interpreter stops at an ``exit`` that surely runs
# (``toplint.parse.text.shellrun``), so an arm that exits can be taken.
_LEAVES = frozenset({"return", "break", "continue"})


def exits(toks: Sequence[Tok], arm: CaseArm) -> str:
    """How the arm's body exits: "" (no ``exit``), "ok" (only ``exit``/``exit 0``) or "fails"
    (an ``exit 1``, or a status not known here: a guard against a wrong call)."""
    found = ""
    for k in range(arm.body, arm.end):
        t = toks[k]
        if t.kind != "word" or t.quoted or t.raw != "exit":
            continue
        after = toks[k + 1] if k + 1 < arm.end else None
        if after is not None and after.kind == "word" and after.raw != "0":
            return "fails"
        found = "ok"
    return found


def leaves(toks: Sequence[Tok], arm: CaseArm) -> bool:
    """The arm's body leaves the function or loop (``return``, ``break``): what follows the
    ``case`` would not run, and the interpreter does not model that."""
    return any(
        t.kind == "word" and not t.quoted and t.raw in _LEAVES for t in toks[arm.body : arm.end]
    )


def case_matches(value: str, raw: str, pattern_value: str) -> bool | None:
    """Whether a ``case`` pattern (as written, and its value) matches ``value``: bash's
    pattern matching, quoted parts literal (``_pattern``); None when not decided here."""
    if "(" in raw:
        return None  # an extglob
    regex = _pattern(raw, pattern_value)
    return None if regex is None else re.fullmatch(regex, value, re.S) is not None


def loop_ends(toks: Sequence[Tok], starts: Sequence[int]) -> dict[int, int]:
    """The ``done`` of each ``for``/``while``/``until``/``select`` loop whose keywords start
    commands, by the index of the loop's keyword."""
    out: dict[int, int] = {}
    stack: list[int] = []
    for i in starts:
        tok = toks[i]
        if tok.quoted or tok.kind != "word":
            continue
        if tok.raw in ("for", "while", "until", "select"):
            stack.append(i)
        elif tok.raw == "done" and stack:
            out[stack.pop()] = i
    return out


def decide(args: Sequence[str | None], raws: Sequence[str], program: str) -> bool | None:
    """The result of the test ``program args…`` (``test``, ``[`` without its ``]``, ``[[``
    without its ``]]``), or None when it is not decided here.  ``raws``: each argument as
    written (in ``[[``, the unquoted parts of the right side of ``==`` are a pattern, its
    quoted parts a string: ``*"gpt-oss"*``)."""
    if any(a is None for a in args):
        return None
    words = [a or "" for a in args]
    negate = False
    if words and words[0] == "!":
        negate, words, raws = True, words[1:], raws[1:]
    result = _truth(words, raws, program == "[[")
    return None if result is None else result != negate


_INTEGER = {
    "-eq": lambda a, b: a == b,
    "-ne": lambda a, b: a != b,
    "-lt": lambda a, b: a < b,
    "-le": lambda a, b: a <= b,
    "-gt": lambda a, b: a > b,
    "-ge": lambda a, b: a >= b,
}


def _truth(words: Sequence[str], raws: Sequence[str], double: bool) -> bool | None:
    if len(words) == 1:
        return words[0] != ""
    if len(words) == 2 and words[0] in ("-n", "-z"):
        return (words[1] != "") == (words[0] == "-n")
    if len(words) != 3:
        return None
    left, op, right = words
    if op in ("=", "==", "!="):
        pattern = _pattern(raws[2], right) if double else re.escape(right)
        if pattern is None:
            return None
        same = re.fullmatch(pattern, left, re.DOTALL) is not None
        return same if op != "!=" else not same
    compare = _INTEGER.get(op)
    if compare is None:
        return None
    a, b = _integer(left), _integer(right)
    return None if a is None or b is None else compare(a, b)


def _pattern(raw: str, value: str) -> str | None:
    """The right side of ``[[ … == RIGHT ]]`` as a regular expression: ``*`` and ``?`` outside
    quotes are wildcards, what is quoted or escaped is itself.  A side with an expansion is
    taken from its value when it is quoted whole (a string) or not at all (a pattern); a
    bracket expression is not decided here (None)."""
    if "$" in raw or "`" in raw:
        whole = len(raw) >= 2 and raw[0] == raw[-1] and raw[0] in "'\"" and raw.count(raw[0]) == 2
        if whole:
            return re.escape(value)
        if any(c in raw for c in "'\"\\"):
            return None  # a pattern mixing quoted and unquoted expansions
        raw = value
    out: list[str] = []
    quote, i = "", 0
    while i < len(raw):
        c = raw[i]
        i += 1
        if quote:
            if c == quote:
                quote = ""
            else:
                out.append(re.escape(c))
        elif c in "'\"":
            quote = c
        elif c == "\\" and i < len(raw):
            out.append(re.escape(raw[i]))
            i += 1
        elif c == "*":
            out.append(".*")
        elif c == "?":
            out.append(".")
        elif c == "[":
            return None
        else:
            out.append(re.escape(c))
    return "".join(out)


def _integer(text: str) -> int | None:
    text = text.strip()
    sign = -1 if text.startswith("-") else 1
    number = whole_text(text.lstrip("+-"), 0, 1 << 62)
    return None if number is None else sign * number
