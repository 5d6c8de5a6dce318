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

Nothing here runs a command: an ``if``, a ``case`` or a ``test && …`` list the script's values
decide reads what bash would run, any other reads every arm (``toplint.parse.text.branches``,
``andor``), and loops are read once.  Budgets bound what a hostile script can make this do: call
depth and the number of tokens replayed (by function calls, and by a file run or sourced again:
each file is read once, ``Interpreter._loaded_tokens``).  The interpreter's parts sit beside it:
the words a token stands for (``arraywords``), the arm of an ``if`` or ``case`` taken (``arms``),
calls, scripts run and files sourced (``shellcalls``).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence

from toplint.infra.numbers import whole_text
from toplint.parse.text import (
    andor,
    argloop,
    branches,
    catfile,
    herestrings,
    partialvars,
    scriptshape,
)
from toplint.parse.text.arms import Arms, Covers
from toplint.parse.text.chains import script_run
from toplint.parse.text.expand import Expander
from toplint.parse.text.shell import Command, SourceLoader, Tok, Word, tokens_of
from toplint.parse.text.shellcalls import MAX_DEPTH, POSITIONAL, Budget, Calls, Function
from toplint.parse.text.shellwords import finish, is_assignment, word
from toplint.parse.text.unreadruns import Ran
from toplint.record import replace

_DECLARE = frozenset({"local", "declare", "typeset", "readonly", "export"})


class Interpreter(Calls, Arms):
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
        budget: Budget | None = None,
        chain: tuple[tuple[str, str], ...] = (),
        text: str = "",
    ) -> None:
        self.expander = Expander(env)
        if loader is not None:
            self.expander.reads = catfile.file_reader(loader)
        self.array_words: dict[str, list[Word]] = {}
        self.functions = functions if functions is not None else {}
        self.positional = list(positional) if positional is not None else None
        self.loader = loader
        self.path = path
        self.depth = depth
        self.budget = budget or Budget()
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
        # ... or a few known words: (variable, values), its body read once per value
        self.iterating: tuple[str, list[str]] | None = None
        self.loop_depth = 0  # bodies of such loops being read: their commands run in a loop
        # Variables a command that may not run assigned (after ``&&``/``||``, in an ``if`` or
        # ``case`` arm read because the test was not decided): their value is one of several,
        # so no ``if`` or ``case`` is decided on them.  A later plain assignment settles one.
        self.uncertain: set[str] = set()
        self.undecided: list[tuple[int, int]] = []  # token spans of arms read undecided
        self.tests: dict[tuple[int, int], tuple[int, frozenset[str]]] = {}
        self.guard: tuple[int, frozenset[str]] = (0, frozenset())
        self.choices: dict[str, tuple[set[str | None], int, int]] = {}
        self.covers = Covers()
        self.conditionals: dict[tuple[int, int], tuple[int, list[int]]] = {}
        self.open_spans: list[tuple[int, int]] = []  # where an ``exit`` may not end the script

    # -- the main loop -------------------------------------------------------------------

    def run(self, toks: Sequence[Tok]) -> list[Command]:
        # the undecided arms are spans of these tokens: a function's body run from here has its
        # own, and this script's are back when it returns
        outer, self.undecided = self.undecided, []
        spans, conditionals, self.conditionals = self.open_spans, self.conditionals, {}
        tests, choices, self.tests, self.choices = self.tests, self.choices, {}, {}
        covers, self.covers = self.covers, Covers()
        try:
            return self._run(toks)
        finally:
            self._close_all()  # a choice still open where these tokens end
            self.undecided, self.open_spans = outer, spans
            self.conditionals = conditionals
            self.tests, self.choices, self.covers = tests, choices, covers

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
        # where an ``exit`` may not end the script: a function never called (read in place),
        # a loop's body (a ``while`` may run no time)
        self.open_spans = [(d.body, d.close) for d in definitions if d.name not in called]
        self.open_spans += loops.items()
        # a loop's body read once may run no time, or with other values each time
        self.tests.update({span: (toks[span[0]].line, frozenset()) for span in loops.items()})
        if self.loop_depth:  # an iteration's body: an ``exit`` there may not run
            self.open_spans.append((0, len(toks)))
        subshells = 0  # ``( … )`` open around ``current``: an ``exit`` there ends the subshell
        groups: list[bool] = []  # ``{ … }`` open around ``current``: after ``&&``/``||`` or in one
        skip: dict[int, int] = {}  # the end of an arm taken -> past its ``fi``
        current: list[Word] = []
        conditional = False  # ``current`` follows ``&&`` or ``||``: it may not run
        # the list's status where a decided test set it; ``current`` not run after its ``&&``/``||``
        status, skipping = None, False  # type: tuple[bool | None, bool]
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
                if current and skipping:  # after a decided test's ``&&``/``||``: not run
                    current, runs_string, stdin = [], False, None
                elif current:
                    # ``[[ … ]] && …``: the status a decided test leaves the list (andor)
                    status = self._test(toks, (begin, i - 1)) if tok.raw in andor.JOINS else None
                    if status is None and tok.raw in andor.JOINS and not conditional:
                        self._guarded(toks, begin, i - 1)
                    keyword = begin + scriptshape.head(current)  # ``do for …``: the ``for``
                    in_arm = any(a <= begin < b for a, b in self.undecided)
                    in_body = any(a < begin < b for a, b in loops.items())
                    maybe = conditional or in_arm or in_body
                    nested = conditional or in_body or subshells or self.loop_depth
                    alone = in_arm and not (nested or (groups and groups[-1]))
                    assigned = self._settle(current, maybe, begin, alone=alone)
                    self._command(
                        current,
                        stdin,
                        background=tok.raw == "&",
                        in_loop=bool(self.loop_depth) or in_body,
                        undecided=in_arm,
                        arm=self.arm_of(begin) if in_arm else None,
                    )
                    self._chose(assigned, i)
                    guarded = maybe or (bool(groups) and groups[-1])
                    ends = scriptshape.ends_script(current, begin, self.open_spans)
                    if ends and not guarded and not subshells:
                        return self.commands  # bash reads no further
                    current, runs_string, stdin = [], False, None
                    if self.no_iteration and keyword in loops:
                        i = loops[keyword] + 1  # a loop over a list known to be empty
                    elif (
                        self.iterating
                        and keyword in loops
                        and self._iterate(*self.iterating, toks[i : loops[keyword]])
                    ):
                        i = loops[keyword] + 1  # its body, read once per value
                    self.no_iteration, self.iterating = False, None
                status, skipping = andor.after(status, tok, toks[i] if i < len(toks) else None)
                conditional = tok.kind == "sep" and tok.raw in andor.JOINS and status is None
                if tok.kind == "sep" and tok.raw in ("(", ")"):
                    subshells = subshells + 1 if tok.raw == "(" else max(0, subshells - 1)
            elif tok.kind == "array":
                if not skipping:  # not after a decided test's ``&&``/``||``
                    self._assign_array(tok)
            elif tok.kind == "herestring":
                stdin = tok
            else:
                if not current:
                    begin = i - 1
                    if tok.raw == "{" and not tok.quoted:  # a group: as conditional as its start
                        groups.append(conditional or (bool(groups) and groups[-1]))
                    elif tok.raw == "}" and not tok.quoted and groups:
                        groups.pop()
                # asked of the words before each new one, kept as it grows (a command of
                # 100,000 words was asked 5 billion times)
                added = self._words(tok, runs_string=runs_string)
                current.extend(added)
                runs_string = runs_string or scriptshape.runs_string(added)
        if current and not skipping:
            self._command(current, stdin)
        return self.commands

    def _command(
        self,
        words: list[Word],
        stdin: Tok | None = None,
        *,
        background: bool = False,
        in_loop: bool = False,
        undecided: bool = False,
        arm: tuple[int, int] | None = None,
    ) -> None:
        header = words[scriptshape.head(words) :]  # ``do for i in …``: after the keywords
        if header and header[0].raw == "for":  # a loop's header (its body is read once)
            from toplint.parse.text import forloop

            forloop.bind(header, self.expander.env)
            self.iterating = forloop.iterations(header)
            # ``for i in`` with nothing after: the list was known to be empty
            self.no_iteration = len(header) == 3 and header[2].raw == "in"
        command = finish(words, self.expander)
        if background or in_loop or undecided:
            command = replace(
                command, background=background, in_loop=in_loop, undecided=undecided, arm=arm
            )
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

    def _iterate(self, name: str, values: Sequence[str], body: Sequence[Tok]) -> bool:
        """Read a ``for`` loop's ``body`` once per value of its variable, as bash runs it
        (``toplint.parse.text.forloop``); False, reading nothing, when the body may leave the
        loop early or the replay budget would be spent.  An iteration that makes the very
        commands an earlier one made adds nothing (the variable unused by them)."""
        from toplint.parse.text import forloop
        from toplint.parse.text.shellcalls import MAX_REPLAYED

        cost = len(body) * len(values)
        if forloop.leaves(body) or self.budget.replayed + cost > MAX_REPLAYED:
            return False
        self.budget.replayed += cost
        seen: set[tuple[tuple[str | None, ...], ...]] = set()
        for value in values:
            self.expander.env[name] = value
            before = len(self.commands)
            self.loop_depth += 1
            try:
                self.run(body)
            finally:
                self.loop_depth -= 1
            made = tuple(tuple(w.value for w in c.words) for c in self.commands[before:])
            if made in seen:
                del self.commands[before:]
            seen.add(made)
        return True

    def _set_positional_env(self) -> None:
        """``$1``… and ``$#`` for words that mix them with text (``--model=$1``)."""
        env, partials = self.expander.env, self.expander.partials
        for key in POSITIONAL:
            env.pop(key, None)
            partials.pop(key, None)
        args = self.positional or []
        for k, arg in enumerate(args[:9], start=1):
            if arg.value is not None:
                env[str(k)] = arg.value
            elif arg.marked and not is_assignment(arg.raw) and partialvars.known(arg.marked):
                partials[str(k)] = arg.marked  # a string known in part (``run "$BIN serve …"``)
        env["#"] = str(len(args))

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


def lex(
    text: str,
    env: Mapping[str, str] | None = None,
    *,
    loader: SourceLoader | None = None,
    origin: str = "",
    positional: Sequence[Word] | None = None,
    sourced: list[str] | None = None,
    ran: Ran | None = None,
) -> list[Command]:
    """Split a script into simple commands with expanded words.

    Assignments (``VAR=x`` alone, ``export VAR=x``, ``VAR=x cmd`` for that command) update the
    environment seen by later commands; ``env`` seeds it (e.g. a container's env vars).
    Functions called in the script yield their body's commands once per call, with the call's
    arguments as ``$1``...; ``loader`` reads the files the script sources (``source FILE``);
    ``origin`` is the script's own path as the loader names it (a script the file runs or
    sources that is the file itself is not read again); ``positional``: the script's ``$1``…
    (``sh -c SCRIPT NAME ARG…``: the words after its name); ``sourced`` gets the names of the
    files the script sourced and read, as the loader gives them, ``ran`` what else it ran.

    A script that reads no file is a function of its text and ``env`` alone, so its commands
    (immutable records) are remembered for the last few scripts: ``check`` reads a file again
    for each fix whose edits are in it (``toplint.pipeline.shown``), and a fix to a pod's GPU
    request or to one argument leaves its other scripts as they were.
    """
    if loader is not None or positional is not None:
        chain = ((origin, text),) if origin else ()
        interpreter = Interpreter(env or {}, loader=loader, chain=chain, positional=positional)
        interpreter.budget.sourced = [] if sourced is None else sourced
        interpreter.budget.ran = Ran() if ran is None else ran
        if positional is not None:
            interpreter._set_positional_env()
        return interpreter.run(tokens_of(text))
    return list(_lexed(text, tuple(sorted((env or {}).items()))))


@functools.lru_cache(maxsize=16)  # a handful: a file's re-reading follows its reading
def _lexed(text: str, env: tuple[tuple[str, str], ...]) -> tuple[Command, ...]:
    return tuple(Interpreter(dict(env)).run(tokens_of(text)))
