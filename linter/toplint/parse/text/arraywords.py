"""The words a token stands for in a script the interpreter runs: arrays and positional
parameters.

``toplint.parse.text.shellrun.Interpreter`` reads a script's tokens into commands; each word
token goes through ``ArrayWords._words`` here: ``"$@"`` and ``"${A[@]}"`` become one word per
element (each keeping the position where the element is written), ``"$2"`` the caller's word
itself, ``${TP:+--tp "$TP"}`` its fields (``toplint.parse.text.alternative``), a variable known
in part its written fields (``toplint.parse.text.partialvars``), anything else one word,
field-split (``toplint.parse.text.shellwords.word``).  ``ARGS=(…)`` and ``ARGS+=(…)`` are recorded
here too, each element charged to the file's interpreter budget.
"""

from __future__ import annotations

from toplint.infra.budgets import BudgetExceeded, meter
from toplint.infra.numbers import whole_text
from toplint.parse.text import partialvars
from toplint.parse.text.expand import Expander
from toplint.parse.text.shell import Tok, Word
from toplint.parse.text.shellwords import split_fields, word


class ArrayWords:
    """What the interpreter knows of arrays and positional parameters, and the word tokens it
    expands with them (``toplint.parse.text.shellrun.Interpreter`` sets these up)."""

    expander: Expander
    array_words: dict[str, list[Word]]
    positional: list[Word] | None
    path: str
    at: Word | None

    # -- words ---------------------------------------------------------------------------

    def _words(self, tok: Tok, runs_string: bool = False) -> list[Word]:
        """A word token expanded: ``"$@"`` and ``"${A[@]}"`` become one word per element,
        ``"$2"`` the caller's word itself; everything else one word, field-split.  A word of a
        command that runs a string (``runs_string``) keeps its partial text when unresolved."""
        whole = _whole_expansion(tok)
        if whole is not None:
            self.at = Word(tok.raw, tok.raw, tok.line, tok.column, (), tok.quoted, self.path)
            found = self._elements(whole)
            if found is not None:
                charge("array-elements", len(found), tok.line, tok.column)
                if tok.quoted:
                    return found
                return [piece for w in found for piece in split_fields(w, [("exp", "")])]
        elif not tok.quoted and tok.raw.startswith("${") and "+" in tok.raw:
            from toplint.parse.text.alternative import alternative_fields

            fields = alternative_fields(tok.parts, self.expander)  # ${TP:+--tp "$TP"}
            if fields is not None:
                return [
                    Word(text, value, tok.line, tok.column, missing, True, self.path)
                    for text, value, missing in fields
                ]
        name = None if tok.quoted else partialvars.variable(tok.parts)
        if name is not None and name in self.expander.partials and name not in self.expander.env:
            return [  # ``$ARGS`` known in part: its written fields, the rest unresolved
                Word(text, value, tok.line, tok.column, missing, False, self.path)
                for text, value, missing in partialvars.fields(self.expander.partials[name])
            ]
        return split_fields(word(tok, self.expander, self.path, runs_string), tok.parts)

    def _elements(self, name: str) -> list[Word] | None:
        if name in ("@", "*") and self.positional is not None:
            return list(self.positional)
        index = whole_text(name, 1, 1 << 20) if name.isdigit() else None
        if index is not None and self.positional is not None:
            k = index - 1
            return [self.positional[k]] if k < len(self.positional) else []
        if name.endswith(("[@]", "[*]")) and name[:-3] in self.array_words:
            return list(self.array_words[name[:-3]])
        if name.startswith("!") and name[1:-3] in self.array_words and self.at is not None:
            from toplint.parse.text import forloop

            return forloop.indices(self.array_words[name[1:-3]], self.at)
        return None

    def _assign_array(self, tok: Tok) -> None:
        name = tok.raw.rstrip("=").rstrip("+")
        items = [w for item in tok.items for w in self._words(item)]
        charge("array-elements", len(items), tok.line, tok.column)
        if tok.raw.endswith("+="):
            items = self.array_words.get(name, []) + items
        self.array_words[name] = items
        self.expander.arrays[name] = [w.value for w in items]
        first = items[0].value if items else ""
        if first is None:
            self.expander.env.pop(name, None)
        else:
            self.expander.env[name] = first  # $A is ${A[0]}


def charge(budget: str, amount: int, line: int, column: int) -> None:
    """Count against the file's interpreter budget; over it, a TL001 at ``line``:``column``."""
    try:
        meter().count(budget, amount)
    except BudgetExceeded as exc:
        raise exc.at(line, column) from None


def _whole_expansion(tok: Tok) -> str | None:
    """``@`` for a word that is only ``$@``/``"$@"``/``${@}``, ``2`` for ``"$2"``, ``A[@]`` for
    ``"${A[@]}"``; else None."""
    if len(tok.parts) != 1 or tok.parts[0][0] != "exp":
        return None
    exp = tok.parts[0][1]
    if exp.startswith("{") and exp.endswith("}"):
        exp = exp[1:-1]
    if exp in ("@", "*") or exp.isdigit():
        return exp
    name, bracket, index = exp.partition("[")
    if bracket and index in ("@]", "*]") and name.removeprefix("!").isidentifier():
        return f"{name}[{index[0]}]"  # ``!A[@]``: the array's indices
    return None
