"""The arm of an ``if`` or a ``case`` bash would take, where the script's values decide it.

``toplint.parse.text.shellrun.Interpreter`` reads a script's tokens from top to bottom; at an
``if`` or a ``case`` whose blocks ``toplint.parse.text.branches`` found, ``Arms`` says where
reading goes on: the arm the test or the word selects, past the block when none is taken, or
every arm in order when the test is not decided here (an unknown value, or a variable a
command that may not run assigned: ``uncertain``).
"""

from __future__ import annotations

from collections.abc import Sequence

from toplint.infra.numbers import whole_text
from toplint.infra.patterns import lazy
from toplint.parse.text import branches, scriptshape
from toplint.parse.text.arraywords import ArrayWords
from toplint.parse.text.shell import Tok, Word
from toplint.parse.text.shellcalls import Budget
from toplint.parse.text.shellwords import is_assignment

_VARIABLE = lazy(r"\$\{?([A-Za-z_][A-Za-z0-9_]*)")
_Span = tuple[int, int]


class Covers:
    """Undecided blocks one of whose arms runs whatever the test (an ``if`` with an ``else``,
    a ``case`` with a ``*)`` arm), by span: the token range of each arm read; and for a
    variable whose choice one of them opened, the arms that assign it directly and every
    value assigned while the choice is open.  When every arm assigns it, the value before the
    block is gone: ``if …; then TP=8; else TP=8; fi`` leaves 8 whatever the test says."""

    def __init__(self) -> None:
        self.blocks: dict[_Span, list[_Span]] = {}
        self.names: dict[str, tuple[_Span | None, set[int], set[str | None]]] = {}

    def assign(self, name: str, span: _Span | None, begin: int) -> None:
        """``name`` assigned by the command at token ``begin``, directly in an arm of the
        block ``span`` (None: not directly in an arm of one block of this kind)."""
        ranges = self.blocks.get(span) if span is not None else None
        arm = next((k for k, (a, b) in enumerate(ranges or ()) if a <= begin < b), None)
        entry = self.names.setdefault(name, (span if arm is not None else None, set(), set()))
        if arm is not None and entry[0] == span:
            entry[1].add(arm)

    def assigned_everywhere(self, name: str) -> set[str | None] | None:
        """The values of ``name`` when every arm of its block assigned it (its choice closing),
        else None."""
        span, arms, values = self.names.pop(name, (None, set(), set()))
        ranges = self.blocks.get(span) if span is not None else None
        return values if ranges and arms == set(range(len(ranges))) else None


class Arms(ArrayWords):
    """The decisions of ``if`` and ``case`` over the interpreter's values."""

    # Variables a command that may not run assigned, and the token spans of arms read
    # undecided (``toplint.parse.text.shellrun.Interpreter`` sets these up).
    uncertain: set[str]
    undecided: list[tuple[int, int]]
    # An undecided ``if``'s span: a number of its own (``Budget.conditionals``) and where
    # each of its arms read starts, for ``Command.arm``.
    conditionals: dict[tuple[int, int], tuple[int, list[int]]]
    budget: Budget
    # Token spans where an ``exit`` may not end the script: a loop's body, a function never
    # called (``Interpreter._run``).
    open_spans: list[tuple[int, int]]
    # The test that chooses whether an undecided arm runs, by the arm's span, and the test
    # before the ``&&``/``||`` of the command being read: (its line, the variables it reads).
    tests: dict[tuple[int, int], tuple[int, frozenset[str]]]
    guard: tuple[int, frozenset[str]]
    # Variables a command that may not run assigned, while the choice is open: the values
    # they may hold (the one before among them), the line of the test that chooses, and the
    # token after which the choice is closed (the ``fi``/``esac``; the command itself after
    # ``&&``/``||``).
    choices: dict[str, tuple[set[str | None], int, int]]
    covers: Covers

    def _arm(
        self, block: branches.IfBlock, toks: Sequence[Tok], skip: dict[int, int]
    ) -> int | None:
        """Where reading goes on at an ``if``: the body of the arm bash takes (its end then
        jumps past ``fi``), past ``fi`` when none is taken, or the first arm whose test is not
        decided here, from which every arm is read in order (None: from the ``if`` itself)."""
        for k, arm in enumerate(block.arms):
            if arm.test[0] == arm.test[1]:  # ``else``
                return arm.body
            verdict = self._test(toks, arm.test)
            if verdict is None:
                self.undecided.append((arm.keyword, block.fi))
                self.tests[(arm.keyword, block.fi)] = _reads(toks[arm.test[0] : arm.test[1]])
                self.budget.conditionals += 1
                keywords = [a.keyword for a in block.arms[k:]]
                self.conditionals[(arm.keyword, block.fi)] = (self.budget.conditionals, keywords)
                if block.arms[-1].test[0] == block.arms[-1].test[1]:  # one arm always runs
                    ends = [*keywords[1:], block.fi]
                    self.covers.blocks[(arm.keyword, block.fi)] = list(
                        zip(keywords, ends, strict=True)
                    )
                return arm.keyword if k else None
            if verdict:
                end = block.arms[k + 1].keyword if k + 1 < len(block.arms) else block.fi
                skip[end] = block.fi + 1
                return arm.body
        return block.fi + 1

    def _case(
        self, block: branches.CaseBlock, toks: Sequence[Tok], skip: dict[int, int]
    ) -> int | None:
        """Where reading goes on at a ``case`` whose word the script's values decide: the body
        of the first arm whose pattern matches (its ``;;`` then jumps past ``esac``), past
        ``esac`` when none does; None (every arm read, in order) when the word or a pattern
        before the match is not known here."""
        target = self._case_arm(block, toks, skip)
        if target is None:
            self.undecided.append((block.word, block.esac))
            self.tests[(block.word, block.esac)] = _reads(toks[block.word : block.word + 1])
            if any(toks[p].raw == "*" for arm in block.arms for p in arm.patterns):
                ranges = [(arm.patterns[0], arm.end + 1) for arm in block.arms]
                self.covers.blocks[(block.word, block.esac)] = ranges
        return target

    def _case_arm(
        self, block: branches.CaseBlock, toks: Sequence[Tok], skip: dict[int, int]
    ) -> int | None:
        words = self._words(toks[block.word])
        if len(words) != 1 or words[0].value is None or self._unsettled(toks[block.word]):
            return None
        value = words[0].value
        for arm in block.arms:
            for at in arm.patterns:
                pattern = self._words(toks[at])
                if len(pattern) != 1 or pattern[0].value is None:
                    return None
                matched = branches.case_matches(value, toks[at].raw, pattern[0].value)
                if matched is None:
                    return None
                if matched:
                    exits = branches.exits(toks, arm)
                    if (
                        branches.leaves(toks, arm)
                        or exits == "fails"
                        or (exits and any(a <= block.word < b for a, b in self.open_spans))
                    ):
                        # ``return``/``break``; a failing ``exit 1`` (a guard: a right call
                        # takes another arm); an ``exit`` where the interpreter does not stop
                        # (a loop's body, a function never called): every arm read, as before
                        return None
                    skip[arm.end + 1] = block.esac + 1
                    return arm.body
        return block.esac + 1

    def _settle(self, words: list[Word], maybe: bool, begin: int, *, alone: bool) -> list[str]:
        """Note which variables the command (its first token ``begin``) assigns may hold
        another value (``uncertain``), and open their ``choices``; the names it assigns.
        ``alone``: the command runs whenever the undecided arm it is in does (no ``&&``, loop
        or subshell of its own), as far as this token list shows."""
        head = scriptshape.head(words)
        assigned = words[head:]
        if not assigned or not all(is_assignment(w.raw) for w in assigned):
            return []  # a command, not assignments alone
        names = [w.raw.split("=", 1)[0].split("[", 1)[0] for w in assigned]
        if not maybe:
            self.uncertain.difference_update(names)
            for name in names:
                self.choices.pop(name, None)  # set here: no choice open
                self.covers.names.pop(name, None)
            return names
        self.uncertain.update(names)
        spans = [span for span in self.tests if span[0] <= begin < span[1]]
        line, reads = self.tests[max(spans)] if spans else self.guard
        until = max(spans)[1] if spans else begin
        env, chosen = self.expander.env, self.expander.chosen
        direct = max(spans) if alone and len(spans) == 1 else None  # no block around it
        for name in names:
            if name not in self.choices:
                if name in reads and name not in env and name not in chosen:
                    # ``[ -z "$TP" ] && TP=8``, ``if [ -z "$TP" ]``: a default, as ``${TP:-8}``
                    continue
                self.choices[name] = ({env.get(name)}, line, until)
                self.covers.names.pop(name, None)  # a choice of its own
            self.covers.assign(name, direct, begin)
        return names

    def _guarded(self, toks: Sequence[Tok], begin: int, end: int) -> None:
        """The command ``toks[begin:end]`` is followed by ``&&``/``||``: the test that chooses
        whether what follows runs."""
        self.guard = _reads(toks[begin:end])

    def _close_all(self) -> None:
        for name, (values, line, _) in list(self.choices.items()):
            self._close(name, values, line)

    def _chose(self, names: list[str], at: int) -> None:
        """After the command that assigned ``names``: note the values they may hold; close
        each choice that ends before the token ``at``.  A variable that may hold more than one
        value is unresolved from there on (``Expander.chosen``), never the last one read."""
        for name in names:
            if name in self.choices:
                self.choices[name][0].add(self.expander.env.get(name))
                self.covers.names[name][2].add(self.expander.env.get(name))
        for name, (values, line, until) in list(self.choices.items()):
            if at > until:
                self._close(name, values, line)

    def _close(self, name: str, values: set[str | None], line: int) -> None:
        """Close a choice: a count or size (what a layout is made of) that may be one of
        several numbers, or a number or nothing, is unresolved.  A word of other text is
        read as before, the last one read: it is often a program (``DOCKER="sudo docker"``
        when ``docker ps`` fails) or a bundle of options that the same command gets either
        way, and reading it unresolved would lose the command itself."""
        del self.choices[name]
        if (everywhere := self.covers.assigned_everywhere(name)) is not None:
            values = everywhere  # every arm assigned it: the value before is gone
            if len(values) == 1:
                self.uncertain.discard(name)  # one value whatever the test: settled
        if len(values) > 1 and all(v is None or _count(v) for v in values):
            self.expander.env.pop(name, None)
            self.expander.partials.pop(name, None)
            self.expander.chosen[name] = line

    def _unsettled(self, tok: Tok) -> bool:
        """The word expands a variable whose value is not settled (``uncertain``)."""
        return any(f"${name}" in tok.raw or f"${{{name}" in tok.raw for name in self.uncertain)

    def _test(self, toks: Sequence[Tok], span: tuple[int, int]) -> bool | None:
        """The result of an ``if``'s test (``branches.decide``), None when not decided."""
        start, end = span
        while end > start and toks[end - 1].kind == "sep" and toks[end - 1].raw in (";", "\n"):
            end -= 1
        test = toks[start:end]
        if not test or any(t.kind != "word" for t in test):
            return None  # ``[ a ] && [ b ]``, a command's status, an array
        negate = test[0].raw == "!" and not test[0].quoted
        test = test[1:] if negate else test
        program = test[0].raw if test else ""
        closing = {"[": "]", "[[": "]]", "test": ""}.get(program)
        if closing is None or (closing and test[-1].raw != closing):
            return None
        args = test[1:-1] if closing else test[1:]
        values: list[str | None] = []
        for tok in args:
            if self._unsettled(tok):
                return None  # a value a command that may not run gave it
            words = self._words(tok)
            if len(words) == 1:
                values.append(words[0].value)
            elif not words and program == "[[":
                values.append("")  # ``[[`` does not split: an empty expansion is ""
            else:
                return None
        verdict = branches.decide(values, [t.raw for t in args], program)
        return None if verdict is None else verdict != negate

    def arm_of(self, begin: int) -> tuple[int, int] | None:
        """(the innermost undecided ``if`` the token ``begin`` is read in, its arm), or None."""
        inside = [span for span in self.conditionals if span[0] <= begin < span[1]]
        if not inside:
            return None
        number, keywords = self.conditionals[max(inside)]
        return number, sum(1 for k in keywords if k <= begin)


def _reads(test: Sequence[Tok]) -> tuple[int, frozenset[str]]:
    """(the line of a test, the variables it reads)."""
    line = test[0].line if test else 0
    return line, frozenset(m.group(1) for t in test for m in _VARIABLE.finditer(t.raw))


def _count(value: str) -> bool:
    """A number, or nothing: a size or a count as a script writes one."""
    text = value.strip()
    return not text or whole_text(text, -(1 << 63)) is not None
