"""The arm of an ``if`` or a ``case`` bash would take, where the script's values decide it.

``toplint.parse.text.shellrun.Interpreter`` reads a script's tokens from top to bottom; at an
``if`` or a ``case`` whose blocks ``toplint.parse.text.branches`` found, ``Arms`` says where
reading goes on: the arm the test or the word selects, past the block when none is taken, or
every arm in order when the test is not decided here (an unknown value, or a variable a
command that may not run assigned: ``uncertain``).
"""

from __future__ import annotations

from collections.abc import Sequence

from toplint.parse.text import branches, scriptshape
from toplint.parse.text.arraywords import ArrayWords
from toplint.parse.text.shell import Tok, Word
from toplint.parse.text.shellcalls import Budget
from toplint.parse.text.shellwords import is_assignment


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
                self.budget.conditionals += 1
                keywords = [a.keyword for a in block.arms[k:]]
                self.conditionals[(arm.keyword, block.fi)] = (self.budget.conditionals, keywords)
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

    def _settle(self, words: list[Word], maybe: bool) -> None:
        """Note which variables the command assigns may hold another value (``uncertain``)."""
        head = scriptshape.head(words)
        assigned = words[head:]
        if not assigned or not all(is_assignment(w.raw) for w in assigned):
            return  # a command, not assignments alone
        names = [w.raw.split("=", 1)[0].split("[", 1)[0] for w in assigned]
        if maybe:
            self.uncertain.update(names)
        else:
            self.uncertain.difference_update(names)

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
