"""Programs that run the command after their own options, and which of those options take a value.

``sudo -E -u svc pkill -f vllm`` runs ``pkill``: to find the program a command runs, a reader
skips a runner's own options, and the word after an option that takes a value is that value, not
the program.  Each runner's options are read from its own source:

* ``sudo``: getopt string ``+Aa:BbC:c:D:Eeg:Hh::iKklNnPp:R:r:SsT:t:U:u:Vv`` and ``sudo_long_opts``
  (sudo-project/sudo@2ac99851 src/parse_args.c): ``-h`` takes a value only attached
  (``-hhost``; a bare ``-h`` before a non-option word is read as ``--host`` there, which a serving
  script does not write), ``--preserve-env`` only with ``=``; ``NAME=value`` words may stand among
  the options (``is_envar``).
* ``env``: ``+C:iS:u:v0`` and its long options (coreutils/coreutils@5e778f7c src/env.c): ``-S``/
  ``--split-string`` splits its value into the words of the command (``env -S 'pkill -f x'``).
* ``nohup`` takes no options but ``--help``/``--version`` (coreutils src/nohup.c); bash's ``exec``
  takes ``-a NAME``, ``-c``, ``-l`` and ``command`` ``-p``, ``-v``, ``-V`` (bash(1) "SHELL BUILTIN
  COMMANDS").
* ``nice`` ``-n N``/``--adjustment=N`` (coreutils src/nice.c), ``timeout`` ``-s SIG``/``-k
  DURATION`` and one operand, its duration, before the command (coreutils src/timeout.c),
  ``stdbuf`` ``-i``/``-o``/``-e MODE`` (coreutils src/stdbuf.c), ``taskset`` one operand, its mask
  or CPU list, before the command (util-linux schedutils/taskset.c: ``taskset [options] mask
  command``, ``-c`` only reads the mask as a list).

A runner not in this table is the program itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

__all__ = ["RUNNERS", "Runner", "program_of"]

# What a runner reads before the command it runs: the options whose value is the next word (or
# attached: ``-uroot``), how many words it reads after its options before the command, and the
# options whose value holds the command's words.  A plain tuple, not a record: a record class
# costs ~0.7M instructions at import, on every start-up's path for one table's rows.
Runner = tuple[frozenset[str], int, frozenset[str]]


def _runner(short: str, long: str = "", operands: int = 0, split: str = "") -> Runner:
    valued = frozenset({f"-{c}" for c in short} | {f"--{w}" for w in long.split()})
    return valued, operands, frozenset(split.split())


RUNNERS: Mapping[str, Runner] = {
    "sudo": _runner(
        "aCcDgpRrTtUu",
        "auth-type close-from login-class chdir group host prompt chroot role "
        "command-timeout type other-user user",
    ),
    "env": _runner("CSu", "chdir split-string unset", split="-S --split-string"),
    "nohup": _runner(""),
    "exec": _runner("a"),
    "command": _runner(""),
    "nice": _runner("n", "adjustment"),
    "timeout": _runner("sk", "signal kill-after", operands=1),
    "stdbuf": _runner("ioe", "input output error"),
    "taskset": _runner("", operands=1),
}


def program_of(words: Sequence[str]) -> tuple[str, Sequence[str]]:
    """The program a command runs (past assignments, the runners in ``RUNNERS`` and their own
    options and operands) and the words after it; ("", ()) when it runs none."""
    k = 0
    while k < len(words):
        word = words[k]
        program = word.rsplit("/", 1)[-1]
        runner = RUNNERS.get(program)
        if "=" in word and not word.startswith("-"):
            k += 1  # an assignment before the program, or among sudo's and env's options
        elif runner is None:
            return program, words[k + 1 :]
        else:
            k, split = _after_options(words, k + 1, runner)
            if split is not None:
                return program_of([*split.split(), *words[k:]])
    return "", ()


def _after_options(words: Sequence[str], k: int, runner: Runner) -> tuple[int, str | None]:
    """Where the runner's command starts, from ``k`` just after its name, and the value of a
    splitting option (``env -S``) when one is written."""
    valued, operands, split_options = runner
    while k < len(words):
        word = words[k]
        if word == "--":
            k += 1
            break
        if word.startswith("-") and len(word) > 1:
            option, value, k = _option(words, k, valued)
            if value is not None and option in split_options:
                return k, value
            continue
        if "=" in word:
            k += 1  # ``sudo A=b cmd``, ``env A=b cmd``
            continue
        if operands:
            operands -= 1
            k += 1
            continue
        break
    while operands and k < len(words):
        operands, k = operands - 1, k + 1
    return k, None


def _option(words: Sequence[str], k: int, valued: frozenset[str]) -> tuple[str, str | None, int]:
    """The option at ``k`` that takes a value (or its word, for flags), its value (None for a
    flag) and the index after it."""
    word = words[k]
    if word.startswith("--"):
        name, eq, attached = word.partition("=")
        if eq:
            return name, attached, k + 1
        if name in valued:
            return name, (words[k + 1] if k + 1 < len(words) else ""), k + 2
        return name, None, k + 1
    for i, letter in enumerate(word[1:], start=1):  # a cluster of one-letter options
        if f"-{letter}" in valued:
            if i + 1 < len(word):
                return f"-{letter}", word[i + 1 :], k + 1  # attached: ``-uroot``
            return f"-{letter}", (words[k + 1] if k + 1 < len(words) else ""), k + 2
    return word, None, k + 1
