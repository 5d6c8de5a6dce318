"""Function calls, scripts run and files sourced, in a script the interpreter runs.

``toplint.parse.text.shellrun.Interpreter`` reads a script's tokens into commands; a command
that calls a function of the script, runs a script of the repository (``bash x.sh``,
``srun … ./x.sh``) or sources a file (``source FILE``) is followed here: a function's body
is run with the call's words as ``$1``…, a script run gets its environment and arguments and
its commands come back with the launcher words before it, a sourced file's functions and
variables stay.  Files are read through the loader the caller gives (inside the repository
only; see ``toplint.parse.text.shellsrc``).  Budgets bound what a hostile script can make this
do: call depth (``MAX_DEPTH``) and the number of tokens replayed (``MAX_REPLAYED``; each file
is read once, ``Calls._loaded_tokens``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from toplint.errors import SourceError
from toplint.infra.budgets import BudgetExceeded, meter
from toplint.parse.text.arraywords import charge
from toplint.parse.text.chains import LAUNCHERS, SHELLS, SUBMITTERS
from toplint.parse.text.expand import Expander
from toplint.parse.text.shell import Command, SourceLoader, Tok, Word, tokens_of
from toplint.parse.text.shellwords import is_assignment
from toplint.parse.text.unreadruns import MISSING, UNKNOWN, Ran
from toplint.record import field, record, replace

MAX_DEPTH = 8  # nested calls and sourced files
# The variables a call sets for its own words ($1…$9, as _set_positional_env writes them).
POSITIONAL = (*(str(k) for k in range(1, 10)), "#")
MAX_REPLAYED = 20_000  # tokens replayed by calls in one script (a call tree can be exponential)


@record
class Function:
    tokens: tuple[Tok, ...]
    path: str  # "" for the script being lexed


@record(frozen=False)
class Budget:
    replayed: int = 0
    # What each function call and script run made (``_replayed``): one that makes the very
    # same commands as an earlier call of the function (run of the script) starts nothing new.
    calls: set[tuple[object, ...]] = field(default_factory=set)
    # The files read so far (path: text, tokens): running one again replays its tokens.
    files: dict[str, tuple[str, list[Tok]]] = field(default_factory=dict)
    conditionals: int = 0  # the undecided ``if`` blocks read so far (``Arms.arm_of``)
    # The files sourced and read, as the loader names them (``toplint.parse.text.sourced``).
    sourced: list[str] = field(default_factory=list)
    ran: Ran = field(default_factory=Ran)  # what the script ran beyond its own commands


class Calls:
    """The calls, script runs and sources of ``toplint.parse.text.shellrun.Interpreter``,
    which sets up this state and defines the methods declared below for the type checker."""

    expander: Expander
    array_words: dict[str, list[Word]]
    functions: dict[str, Function]
    positional: list[Word] | None
    loader: SourceLoader | None
    path: str
    depth: int
    budget: Budget
    commands: list[Command]
    cwd: str
    chain: tuple[tuple[str, str], ...]
    text: str
    uncertain: set[str]

    if TYPE_CHECKING:  # defined by ``Interpreter``, which is built from this class

        def run(self, toks: Sequence[Tok]) -> list[Command]: ...

        def _set_positional_env(self) -> None: ...

        def _child(
            self,
            path: str,
            env: Mapping[str, str],
            positional: Sequence[Word] | None,
            text: str | None = None,
        ) -> Calls: ...

    def _call(self, function: Function, args: Sequence[Word], command: Command) -> None:
        charge("function-calls", 1, command.line, command.column)
        self.budget.replayed += len(function.tokens)
        if self.budget.replayed > MAX_REPLAYED:
            self.commands.append(command)
            return
        # The caller's variables and arrays are shared, as bash shares them (a function's
        # assignments are global); only $1… and $# are the call's, put back after it.  Copying
        # the environment at every call was calls x variables.
        env, partials = self.expander.env, self.expander.partials
        saved = {key: env.get(key) for key in POSITIONAL}
        saved_partials = {key: partials.get(key) for key in POSITIONAL}
        child = self._child(function.path, {}, list(args))
        child.expander.env = env
        child.expander.exported = self.expander.exported  # one process environment
        child.expander.arrays = self.expander.arrays
        child.expander.partials = partials  # a variable known in part is the function's too
        child.array_words = self.array_words
        child.uncertain = self.uncertain  # one set of variables, one record of which may vary
        child.expander.chosen = self.expander.chosen
        child._set_positional_env()
        site = command.site or (command.line, command.column)
        try:
            made_commands = child.run(function.tokens)
        finally:
            for store, values in ((env, saved), (partials, saved_partials)):
                for key, value in values.items():
                    if value is None:
                        store.pop(key, None)
                    else:
                        store[key] = value
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
        if self.loader is None or self.depth >= MAX_DEPTH:
            return False
        if target.value is None:
            self.budget.ran.unread.append((command, target, UNKNOWN))
            return False
        loaded = None
        if self.cwd and not target.value.startswith("/"):
            loaded = self.loader(f"{self.cwd}/{target.value}")
        loaded = loaded or self.loader(target.value)
        if loaded is None:  # outside the repository (TL009 says so), or not there
            self.budget.ran.unread.append((command, target, MISSING))
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
        # Its process inherits what this one exports, and ``CUDA_VISIBLE_DEVICES=2,3 ./x.sh``'s
        # own assignments (bash(1), "ENVIRONMENT"): the engine it starts sees those GPUs.
        exported = dict(self.expander.exported)
        for w in words[:at]:
            if w.value is not None and is_assignment(w.raw) and "=" in w.value:
                exported[w.value.partition("=")[0]] = w
        child.expander.exported = exported
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
        child.expander.chosen = self.expander.chosen
        if path not in self.budget.sourced:
            self.budget.sourced.append(path)
        # its functions land in the shared table; its commands are its own, and recorded
        self.budget.ran.sourced.extend(child.run(toks))

    def _loaded_tokens(self, target: Word, path: str, text: str) -> Sequence[Tok] | None:
        """The tokens of a file a script sources or runs (``text`` at ``path``, named by
        ``target``), charged to the file's interpreter budget at ``target``: the first time,
        as a file read (``sourced-files`` counts the distinct files, ``sourced-bytes`` and
        ``shell-tokens`` what they hold); a file already read is run again, its tokens
        replayed as a function's are (``MAX_REPLAYED``; beyond it None, the command stays as
        written).  None too when it does not lex (it is linted on its own, where its error
        is reported)."""
        charge("sourced-bytes", len(text), target.line, target.column)
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
