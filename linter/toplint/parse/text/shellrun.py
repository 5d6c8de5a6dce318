"""Follow what a script does with its tokens, without executing anything.

``toplint.parse.text.shell`` splits a script into tokens; this module turns them into simple
commands the way bash would see them when the script runs from top to bottom:

* arrays: ``ARGS=(--tp 4)``, ``ARGS+=(…)``, ``"${ARGS[@]}"`` (one word per element, each keeping
  the position where the element is written), ``${ARGS[1]}``, ``${#ARGS[@]}``;
* functions (``name() { … }``, ``function name { … }``): a function called in the script yields
  its body's commands once per call, with the call's words as ``$1``… (a word that is only
  ``"$2"`` takes the position of the call's argument, where the value is written), ``"$@"``,
  ``$#`` and ``shift``; a function never called is read once in place, its ``$1`` unresolved;
* ``source FILE`` / ``. FILE``: the file's functions and variables, read through the loader the
  caller gives (inside the repository only; see ``toplint.parse.text.shellsrc``).

Nothing here runs a command: an ``if`` or a ``case`` the script's values decide reads the arm bash
would take, any other reads every arm (``toplint.parse.text.branches``), and loops are read
once.  Budgets bound what a hostile script can make this do: call depth and the
number of tokens replayed (by function calls, and by a file run or sourced again: each file is
read once, ``Interpreter._loaded_tokens``).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence

from toplint.errors import SourceError
from toplint.infra.budgets import BudgetExceeded, meter
from toplint.infra.numbers import whole_text
from toplint.parse.text import argloop, branches, herestrings, partialvars, scriptshape
from toplint.parse.text.chains import LAUNCHERS, SHELLS, SUBMITTERS, script_run
from toplint.parse.text.expand import Expander
from toplint.parse.text.shell import (
    Command,
    SourceLoader,
    Tok,
    Word,
    finish,
    is_assignment,
    split_fields,
    tokens_of,
    word,
)
from toplint.record import field, record, replace

_DECLARE = frozenset({"local", "declare", "typeset", "readonly", "export"})
MAX_DEPTH = 8  # nested calls and sourced files
# The variables a call sets for its own words ($1…$9, as _set_positional_env writes them).
_POSITIONAL = (*(str(k) for k in range(1, 10)), "#")
MAX_REPLAYED = 20_000  # tokens replayed by calls in one script (a call tree can be exponential)


@record
class Function:
    tokens: tuple[Tok, ...]
    path: str  # "" for the script being lexed


@record(frozen=False)
class _Budget:
    replayed: int = 0
    # What each function call and script run made (``_replayed``): one that makes the very
    # same commands as an earlier call of the function (run of the script) starts nothing new.
    calls: set[tuple[object, ...]] = field(default_factory=set)
    # The files read so far (path: text, tokens): running one again replays its tokens.
    files: dict[str, tuple[str, list[Tok]]] = field(default_factory=dict)


class Interpreter:
    """Runs the tokens of one script (or function body) into commands."""

    def __init__(
        self,
        env: Mapping[str, str],
        *,
        loader: SourceLoader | None = None,
        path: str = "",
        functions: dict[str, Function] | None = None,
        positional: Sequence[Word] | None = None,
        depth: int = 0,
        budget: _Budget | None = None,
        chain: tuple[tuple[str, str], ...] = (),
        text: str = "",
    ) -> None:
        self.expander = Expander(env)
        self.array_words: dict[str, list[Word]] = {}
        self.functions = functions if functions is not None else {}
        self.positional = list(positional) if positional is not None else None
        self.loader = loader
        self.path = path
        self.depth = depth
        self.budget = budget or _Budget()
        self.commands: list[Command] = []
        self.at: Word | None = None  # the word being expanded (``"${!A[@]}"``'s position)
        # The folder a ``cd`` moved to, relative to the script's ("" = the script's own; an
        # absolute or unknown one is not followed: a script run then is looked for beside it).
        self.cwd = ""
        self.dirs: list[str] = []  # the folders ``pushd`` left, for ``popd``
        # The scripts this one was run or sourced from, each as (path, text): one of them again
        # is a loop bash would never leave (or a folder change toplint did not follow), so it
        # is not read again.  The text tells apart a script its own file writes from a
        # here-document (``toplint.parse.text.scriptfiles.written_scripts``: the same path,
        # other text) from the file running itself.
        self.chain = chain
        self.text = text
        # the ``for`` header just read walks a list known to be empty (``run`` skips its body)
        self.no_iteration = False
        # Variables a command that may not run assigned (after ``&&``/``||``, in an ``if`` or
        # ``case`` arm read because the test was not decided): their value is one of several,
        # so no ``if`` or ``case`` is decided on them.  A later plain assignment settles one.
        self.uncertain: set[str] = set()
        self.undecided: list[tuple[int, int]] = []  # token spans of arms read undecided

    # -- the main loop -------------------------------------------------------------------

    def run(self, toks: Sequence[Tok]) -> list[Command]:
        # the undecided arms are spans of these tokens: a function's body run from here has its
        # own, and this script's are back when it returns
        outer, self.undecided = self.undecided, []
        try:
            return self._run(toks)
        finally:
            self.undecided = outer

    def _run(self, toks: Sequence[Tok]) -> list[Command]:
        starts_at = scriptshape.command_starts(toks)
        definitions = scriptshape.definitions(toks, starts_at)
        if "while" in (t.raw for t in toks):  # an option-parsing loop runs over the arguments
            given = [w.value for w in self.positional] if self.positional is not None else None
            spans = [(d.header, d.close) for d in definitions]
            toks = argloop.unrolled(toks, given, spans)
            starts_at = scriptshape.command_starts(toks)
            definitions = scriptshape.definitions(toks, starts_at)
        called = scriptshape.called(toks, {d.name for d in definitions}, starts_at)
        for d in definitions:
            self.functions[d.name] = Function(tuple(toks[d.body : d.close]), self.path)
        starts = {d.header: d for d in definitions}
        closes = {d.close for d in definitions if d.name not in called}
        blocks = branches.if_blocks(toks, starts_at) if any(t.raw == "fi" for t in toks) else {}
        cases = branches.case_blocks(toks, starts_at) if any(t.raw == "esac" for t in toks) else {}
        loops = branches.loop_ends(toks, starts_at) if any(t.raw == "done" for t in toks) else {}
        begin = 0  # where ``current`` starts
        skip: dict[int, int] = {}  # the end of an arm taken -> past its ``fi``
        current: list[Word] = []
        conditional = False  # ``current`` follows ``&&`` or ``||``: it may not run
        runs_string = False  # whether a word of ``current`` so far runs a string (sh -c, ssh)
        stdin: Tok | None = None  # the here-string ``current`` reads
        i = 0
        while i < len(toks):
            tok = toks[i]
            here = starts.get(i)
            if here is not None and not current:
                # A called function is read at its calls; one never called is read in place.
                i = here.close + 1 if here.name in called else here.body
                continue
            if not current and (i in skip or i in blocks or i in cases):
                # the arm of an ``if`` or a ``case`` bash would take, when decided here
                if i in skip:
                    target: int | None = skip.pop(i)
                elif i in blocks:
                    target = self._arm(blocks[i], toks, skip)
                else:
                    target = self._case(cases[i], toks, skip)
                if target is not None:
                    i = target
                    continue
            i += 1
            if tok.kind == "sep" or (i - 1) in closes:
                if current:
                    keyword = begin + scriptshape.head(current)  # ``do for …``: the ``for``
                    maybe = conditional or any(a <= begin < b for a, b in self.undecided)
                    self._settle(current, maybe)
                    self._command(current, stdin)
                    current, runs_string, stdin = [], False, None
                    if self.no_iteration and keyword in loops:
                        i = loops[keyword] + 1  # a loop over a list known to be empty
                    self.no_iteration = False
                conditional = tok.kind == "sep" and tok.raw in ("&&", "||")
            elif tok.kind == "array":
                self._assign_array(tok)
            elif tok.kind == "herestring":
                stdin = tok
            else:
                if not current:
                    begin = i - 1
                # asked of the words before each new one, kept as it grows (a command of
                # 100,000 words was asked 5 billion times)
                added = self._words(tok, runs_string=runs_string)
                current.extend(added)
                runs_string = runs_string or scriptshape.runs_string(added)
        if current:
            self._command(current, stdin)
        return self.commands

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
                    if branches.leaves(toks, arm):
                        return None  # ``exit 1``: the script stops there, which is not read
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

    def _command(self, words: list[Word], stdin: Tok | None = None) -> None:
        header = words[scriptshape.head(words) :]  # ``do for i in …``: after the keywords
        if header and header[0].raw == "for":  # a loop's header (its body is read once)
            from toplint.parse.text import forloop

            forloop.bind(header, self.expander.env)
            # ``for i in`` with nothing after: the list was known to be empty
            self.no_iteration = len(header) == 3 and header[2].raw == "in"
        command = finish(words, self.expander)
        head = scriptshape.head(words)
        name = words[head].value if head < len(words) else None
        if stdin is not None and herestrings.reads(words, head):
            given = word(stdin, self.expander, self.path)
            herestrings.read_into(self.expander, self.array_words, words, head, given)
            self.commands.append(command)
            return
        if name in self.functions and self.depth < MAX_DEPTH:
            self._call(self.functions[str(name)], words[head + 1 :], command)
            return
        if name in ("cd", "pushd") and head + 1 < len(words):
            if name == "pushd":  # bash(1) "Directory Stack Builtins": cd, remembering the folder
                self.dirs.append(self.cwd)
            target = words[head + 1].value or ""
            relative = target and not target.startswith(("/", "~", "-"))
            self.cwd = f"{self.cwd}/{target}".strip("/") if relative else ""
        elif name == "popd":
            self.cwd = self.dirs.pop() if self.dirs else ""
        script = script_run(words, head)
        if script is not None and self._run_script(words, script, command):
            return
        if name in ("source", ".") and head + 1 < len(words):
            self._source(words[head + 1])
        elif name == "shift" and self.positional is not None:
            n = words[head + 1].value if head + 1 < len(words) else "1"
            count = whole_text(n or "1", 0, 1 << 20)
            self.positional = self.positional[1 if count is None else count :]
            self._set_positional_env()
        self.commands.append(command)

    def _set_positional_env(self) -> None:
        """``$1``… and ``$#`` for words that mix them with text (``--model=$1``)."""
        env = self.expander.env
        for key in _POSITIONAL:
            env.pop(key, None)
        args = self.positional or []
        for k, arg in enumerate(args[:9], start=1):
            if arg.value is not None:
                env[str(k)] = arg.value
        env["#"] = str(len(args))

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
                _charge("array-elements", len(found), tok.line, tok.column)
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
        _charge("array-elements", len(items), tok.line, tok.column)
        if tok.raw.endswith("+="):
            items = self.array_words.get(name, []) + items
        self.array_words[name] = items
        self.expander.arrays[name] = [w.value for w in items]
        first = items[0].value if items else ""
        if first is None:
            self.expander.env.pop(name, None)
        else:
            self.expander.env[name] = first  # $A is ${A[0]}

    # -- calls and sourced files ---------------------------------------------------------

    def _call(self, function: Function, args: Sequence[Word], command: Command) -> None:
        _charge("function-calls", 1, command.line, command.column)
        self.budget.replayed += len(function.tokens)
        if self.budget.replayed > MAX_REPLAYED:
            self.commands.append(command)
            return
        # The caller's variables and arrays are shared, as bash shares them (a function's
        # assignments are global); only $1… and $# are the call's, put back after it.  Copying
        # the environment at every call was calls x variables.
        env = self.expander.env
        saved = {key: env.get(key) for key in _POSITIONAL}
        child = self._child(function.path, {}, list(args))
        child.expander.env = env
        child.expander.exported = self.expander.exported  # one process environment
        child.expander.arrays = self.expander.arrays
        child.array_words = self.array_words
        child.uncertain = self.uncertain  # one set of variables, one record of which may vary
        child._set_positional_env()
        site = command.site or (command.line, command.column)
        try:
            made_commands = child.run(function.tokens)
        finally:
            for key, value in saved.items():
                if value is None:
                    env.pop(key, None)
                else:
                    env[key] = value
        seen = _replayed(function.tokens, made_commands)
        if seen in self.budget.calls:
            return  # the same commands again (a restart loop calling ``start 0`` once more)
        self.budget.calls.add(seen)
        for made in made_commands:
            self.commands.append(made if made.site else replace(made, site=site))

    def _run_script(self, words: Sequence[Word], at: int, command: Command) -> bool:
        """``bash x.sh``, ``./x.sh``, ``srun … bash x.sh``, ``nohup sh x.sh &``: a script of the
        repository run by this one gets its environment and arguments; its commands come back
        with the launcher words before it (``srun -N 2``: the allocation it hands on) and the
        chain they ran through (``Command.via``).  A script that cannot be read (outside the
        repository, missing) leaves the command as written."""
        target = words[at]
        if self.loader is None or target.value is None or self.depth >= MAX_DEPTH:
            return False
        loaded = None
        if self.cwd and not target.value.startswith("/"):
            loaded = self.loader(f"{self.cwd}/{target.value}")
        loaded = loaded or self.loader(target.value)
        if loaded is None:
            return False
        path, text = loaded
        if self._running(path, text):
            return False  # the script runs itself (or toplint lost a folder change): not again
        toks = self._loaded_tokens(target, path, text)
        if toks is None:
            return False
        launchers = [w for w in words[:at] if (w.value or "").rsplit("/", 1)[-1] in LAUNCHERS]
        prefix = list(words[:at]) if launchers else []
        prefix = [w for w in prefix if (w.value or "").rsplit("/", 1)[-1] not in SHELLS]
        env = dict(self.expander.env)
        for k, w in enumerate(words[:at]):  # ``USE_X=1 ./start.sh``: the script's environment
            if w.value is None:
                continue
            if (k and words[k - 1].value == "-v") or w.value.startswith("--export="):
                # ``qsub -v A=1,B=2``, ``sbatch --export=ALL,A=1``: the job's variables
                items = w.value.removeprefix("--export=").split(",")
                env.update(i.partition("=")[::2] for i in items if is_assignment(i))
            elif is_assignment(w.raw) and "=" in w.value:
                name, _, value = w.value.partition("=")
                env[name] = value
        child = self._child(path, env, list(words[at + 1 :]), text)
        child._set_positional_env()
        where = f"`{' '.join(w.raw for w in words[: at + 1])}` at line {command.line}"
        site = command.site or (command.line, command.column)
        submits = any((w.value or "").rsplit("/", 1)[-1] in SUBMITTERS for w in launchers)
        made_commands = [replace(m, words=(*prefix, *m.words)) for m in child.run(toks)]
        seen = _replayed(toks, made_commands)
        if seen in self.budget.calls:
            return True  # the same commands again (the script run once more as it was)
        self.budget.calls.add(seen)
        for made in made_commands:
            made = replace(made, via=(where, *made.via))
            if submits and made.submitted is None:
                made = replace(made, submitted=(path, text))
            self.commands.append(made if made.site else replace(made, site=site))
        return True

    def _source(self, target: Word) -> None:
        if self.loader is None or target.value is None or self.depth >= MAX_DEPTH:
            return
        loaded = self.loader(target.value)
        if loaded is None:
            return
        path, text = loaded
        if self._running(path, text):
            return  # a file sourcing itself, or a loop of them: bash would not return from it
        toks = self._loaded_tokens(target, path, text)
        if toks is None:
            return  # the sourced file is linted on its own, where its error is reported
        child = self._child(path, self.expander.env, self.positional, text)
        child.expander.env = self.expander.env  # a sourced file's assignments stay
        child.expander.exported = self.expander.exported  # and its exports
        child.expander.arrays = self.expander.arrays
        child.array_words = self.array_words
        child.uncertain = self.uncertain  # one set of variables, one record of which may vary
        child.run(toks)  # its functions land in the shared table; its commands are its own

    def _loaded_tokens(self, target: Word, path: str, text: str) -> Sequence[Tok] | None:
        """The tokens of a file a script sources or runs (``text`` at ``path``, named by
        ``target``), charged to the file's interpreter budget at ``target``: the first time,
        as a file read (``sourced-files`` counts the distinct files, ``sourced-bytes`` and
        ``shell-tokens`` what they hold); a file already read is run again, its tokens
        replayed as a function's are (``MAX_REPLAYED``; beyond it None, the command stays as
        written).  None too when it does not lex (it is linted on its own, where its error
        is reported)."""
        _charge("sourced-bytes", len(text), target.line, target.column)
        read = self.budget.files.get(path)
        if read is not None and read[0] == text:
            self.budget.replayed += len(read[1])
            return read[1] if self.budget.replayed <= MAX_REPLAYED else None
        try:
            meter().count_once("sourced-files", path)
            toks = tokens_of(text)
        except BudgetExceeded as exc:
            raise exc.at(target.line, target.column) from None
        except SourceError:
            return None
        self.budget.files[path] = (text, toks)
        return toks

    def _running(self, path: str, text: str) -> bool:
        """Whether the script ``text`` at ``path`` is this one or one it was run from."""
        return (path == self.path and text == self.text) or (path, text) in self.chain

    def _child(
        self,
        path: str,
        env: Mapping[str, str],
        positional: Sequence[Word] | None,
        text: str | None = None,
    ) -> Interpreter:
        """An interpreter for a script run or sourced (``text`` at ``path``), or for a
        function's body (``text`` None: a function of a file read, or of this script)."""
        if text is None:
            text = self.text if path == self.path else self.budget.files.get(path, ("",))[0]
        return Interpreter(
            env,
            loader=self.loader,
            path=path,
            functions=self.functions,
            positional=positional,
            depth=self.depth + 1,
            budget=self.budget,
            chain=(*self.chain, (self.path, self.text)) if self.path else self.chain,
            text=text,
        )


def _replayed(tokens: Sequence[Tok], made: Sequence[Command]) -> tuple[object, ...]:
    """What a call of a function (or a run of a script) with ``tokens`` made, word for word
    (values where they are written) with the environment each command inherits: equal for two
    calls exactly when the second starts the same processes the first did (a function called
    again with the same arguments, a script run again as it was)."""
    return (
        id(tokens),
        tuple(
            (
                tuple((w.value, w.raw, w.line, w.column, w.path) for w in c.words),
                tuple((k, w.value) for k, w in c.exported),
            )
            for c in made
        ),
    )


def _charge(budget: str, amount: int, line: int, column: int) -> None:
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


def lex(
    text: str,
    env: Mapping[str, str] | None = None,
    *,
    loader: SourceLoader | None = None,
    origin: str = "",
    positional: Sequence[Word] | None = None,
) -> list[Command]:
    """Split a script into simple commands with expanded words.

    Assignments (``VAR=x`` alone, ``export VAR=x``, ``VAR=x cmd`` for that command) update the
    environment seen by later commands; ``env`` seeds it (e.g. a container's env vars).
    Functions called in the script yield their body's commands once per call, with the call's
    arguments as ``$1``...; ``loader`` reads the files the script sources (``source FILE``);
    ``origin`` is the script's own path as the loader names it (a script the file runs or
    sources that is the file itself is not read again); ``positional``: the script's ``$1``…
    (``sh -c SCRIPT NAME ARG…``: the words after its name).

    A script that reads no file is a function of its text and ``env`` alone, so its commands
    (immutable records) are remembered for the last few scripts: ``check`` reads a file again
    for each fix whose edits are in it (``toplint.pipeline.shown``), and a fix to a pod's GPU
    request or to one argument leaves its other scripts as they were.
    """
    if loader is not None or positional is not None:
        chain = ((origin, text),) if origin else ()
        interpreter = Interpreter(env or {}, loader=loader, chain=chain, positional=positional)
        if positional is not None:
            interpreter._set_positional_env()
        return interpreter.run(tokens_of(text))
    return list(_lexed(text, tuple(sorted((env or {}).items()))))


@functools.lru_cache(maxsize=16)  # a handful: a file's re-reading follows its reading
def _lexed(text: str, env: tuple[tuple[str, str], ...]) -> tuple[Command, ...]:
    return tuple(Interpreter(dict(env)).run(tokens_of(text)))
