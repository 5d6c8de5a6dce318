"""The scripts a command runs from a string: ``sh -c 'SCRIPT'``, ``eval 'SCRIPT'``,
``ssh HOST 'SCRIPT'``, ``tmux new-session … 'SCRIPT'``, ``sbatch --wrap="SCRIPT"`` and a shell
reading a here-document (``bash <<'EOF'``).

The shell reader (``toplint.parse.text.shellsrc``) hands each command the interpreter
(``toplint.parse.text.shellrun``) made to ``run_strings``: the string is lexed again, with
positions mapped back into the file (``toplint.parse.text.sourcemap``), a few levels deep, and
each command it holds comes back with what the launchers before the shell grant
(``toplint.parse.text.launchers``), the ``docker run`` it runs inside, the chain it ran through
and the exported variables its process inherits (``exported_env``).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Mapping, Sequence

from toplint.errors import SourceError
from toplint.infra.budgets import BudgetExceeded
from toplint.model import Finding, Position, unparsable
from toplint.parse.invocation import SHELLS, find_invocations
from toplint.parse.options import Arg
from toplint.parse.text.dockerrun import DOCKER_VALUE
from toplint.parse.text.entrypoint import entrypoint_first, tmux_command
from toplint.parse.text.launchers import Allocation, launcher_allocation
from toplint.parse.text.runtimes import DOCKER
from toplint.parse.text.scriptfiles import fed_scripts
from toplint.parse.text.shell import Command, SourceLoader, Word
from toplint.parse.text.sourced import sourced_loader
from toplint.parse.text.sourcemap import command_args, source_map
from toplint.record import replace


def _sh_c_script(args: Sequence[Arg]) -> Arg | None:
    """The script word of ``sh -c 'SCRIPT'`` (also ``bash -lc``, ``bash -ec``), of ``eval
    'SCRIPT'``, and the shell command ``tmux new-session ... 'SCRIPT'`` / ``ssh HOST 'SCRIPT'``
    end with (tmux(1): "shell-command"; ssh(1): "command" is run on the remote host)."""
    for k, a in enumerate(args):
        program = (a.value or "").rsplit("/", 1)[-1]
        if program in SHELLS:  # options up to the one with ``c`` (``bash -l -c``, ``-lc``)
            j = k + 1
            while j + 1 < len(args) and (args[j].value or "").startswith("-"):
                flag = args[j].value or ""
                if not flag.startswith("--") and "c" in flag:
                    return args[j + 1]
                j += 1
            return None
        if program == "eval" and len(args) == k + 2:
            return args[k + 1]
        if program == "sbatch":  # ``sbatch [options] --wrap="CMD"``: the job's script (sbatch(1))
            return _wrapped_script(args[k + 1 :])
        at = k + 1 + (tmux_command([b.value for b in args[k + 1 :]]) if program == "tmux" else 0)
        sub = args[at].value if at < len(args) else None
        if program == "tmux" and sub in ("send-keys", "send"):
            return _typed_line(args[at + 1 :])
        if program == "pm2" and sub == "start":
            return _pm2_command(args[k + 2 :])
        if program in _STRING_RUNNERS and len(args) > k + 2:
            # the last word, past a redirection's file descriptor (``… "CMD" 2>&1``)
            last = next(a for a in reversed(args) if not (a.value or "x").isdigit())
            text = last.value if last.value is not None else last.raw
            return last if " " in text.strip() and last is not args[k] else None
    return None


# tmux(1) ``send-keys [-FHKlMRX] [-c target-client] [-N repeat-count] [-t target-pane] key ...``:
# the options that take a value, and the keys that type a newline (Enter, ``C-m``, ``C-j``).
_SEND_KEYS_VALUED = frozenset({"-c", "-N", "-t"})
_ENTER_KEYS = frozenset({"Enter", "KPEnter", "C-m", "C-M", "^M", "C-j", "C-J", "^J"})


def _typed_line(args: Sequence[Arg]) -> Arg | None:
    """The command line ``tmux send-keys -t SESSION "CMD" C-m`` types into the shell of a pane
    (lupantech/AgentFlow@b9400643 scripts/serve_vllm.sh): the first argument that is no key
    name and holds a command (a blank in it), when a newline key follows it — tmux(1): each key
    "is sent as a series of characters" when it is not a key name, and the shell runs what is
    typed at the newline.  With ``-l`` every argument is literal text and no key ends the line
    here: None, as for anything else."""
    j = 0
    while j < len(args) and (args[j].value or "").startswith("-"):
        flag = args[j].value or ""
        if "l" in flag[1:]:
            return None
        j += 2 if flag in _SEND_KEYS_VALUED else 1
    for i in range(j, len(args)):
        # text not known here (``"$CMD_START"``) may hold the line: its known parts decide
        # (``Word.partial``, in ``run_strings``)
        text = args[i].value
        if text is None or " " in text.strip():
            entered = any(a.value in _ENTER_KEYS for a in args[i + 1 :])
            return args[i] if entered else None
    return None


# pm2's ``start`` options that take a value (Unitech/pm2@31adee80 lib/binaries/CLI.js, ``<…>``),
# and those whose value is optional (``[…]``: commander takes the next word unless it is an
# option).
_PM2_VALUED = frozenset(
    [
        "-n",
        "--name",
        "--interpreter",
        "--interpreter-args",
        "--node-args",
        "-o",
        "--output",
        "-e",
        "--error",
        "--log-type",
        "--log-date-format",
        "--env",
        "-i",
        "--instances",
        "--parallel",
        "-p",
        "--pid",
        "-k",
        "--kill-timeout",
        "--listen-timeout",
        "--max-memory-restart",
        "--restart-delay",
        "--exp-backoff-restart-delay",
        "-u",
        "--user",
        "--uid",
        "--gid",
        "--namespace",
        "--cwd",
        "--hp",
        "--service-name",
        "-c",
        "--cron",
        "--cron-restart",
        "--only",
        "--ignore-watch",
        "--watch-delay",
        "--sort",
        "--ext",
    ]
)
_PM2_OPTIONAL = frozenset({"-l", "--log", "--filter-env", "--max-restarts", "--watch"})


def _pm2_command(args: Sequence[Arg]) -> Arg | None:
    """The command of ``pm2 start [options] "CMD ARGS" [options]``
    (thomas-chu123/subnet45@60b84efc scripts/vllm_deploy.sh): a script word with a blank in it
    is run as ``bash -c`` with it (Unitech/pm2@31adee80 lib/Common.js ``prepareAppConf``: "If
    command is like pm2 start "python xx.py --ok" Then automatically start the script with bash
    -c").  A file or program to start (``pm2 start app.js``, ``pm2 start vllm -- serve m``) is
    no command string: None."""
    j = 0
    while j < len(args):
        word = args[j].value
        if word is None or not word.startswith("-") or word == "--":
            break
        after = args[j + 1].value if j + 1 < len(args) else None
        if "=" in word:
            j += 1
        elif word in _PM2_VALUED or (
            word in _PM2_OPTIONAL and after is not None and not after.startswith("-")
        ):
            j += 2
        else:
            j += 1
    if j >= len(args) or args[j].value == "--":
        return None
    script = args[j]
    text = script.value if script.value is not None else script.raw
    return script if " " in text.strip() else None


def _holds(word: Arg, script: Arg) -> bool:
    """``word`` is the script word itself, or ``--wrap=…`` holding it."""
    return word is script or (
        word.position.line == script.position.line
        and word.position.column == script.position.column - len("--wrap=")
        and word.raw.startswith("--wrap=")
    )


def _wrapped_script(args: Sequence[Arg]) -> Arg | None:
    """The command string of sbatch's ``--wrap=CMD`` / ``--wrap CMD``, positioned at its word."""
    for k, a in enumerate(args):
        word = a.value if a.value is not None else a.raw
        if word == "--wrap" and k + 1 < len(args):
            return args[k + 1]
        if word.startswith("--wrap="):
            value = a.value[len("--wrap=") :] if a.value is not None else None
            at = a.position
            moved = Position(at.path, at.line, at.column + len("--wrap="))  # at the string
            return replace(a, value=value, position=moved)
    return None


@functools.lru_cache(maxsize=4)
def _has_heredoc(text: str) -> bool:
    """Whether the file writes a here-document at all: asked once per file, not once per
    command (a script of 40,000 commands scanned its whole text 40,000 times)."""
    return "<<" in text


_MAX_STRING_DEPTH = 3  # ``ssh HOST "bash -lc 'sh -c …'"``: shells nested in strings


def run_strings(
    command: Command,
    args: list[Arg],
    env: Mapping[str, str],
    text: str,
    path: str,
    loader: SourceLoader,
    unread: list[Finding],
    depth: int = 0,
) -> list[tuple[list[Arg], Allocation, tuple[str, ...], dict[str, Arg]]]:
    """The commands a command runs: itself, or the script its ``sh -c``/``eval``/``ssh HOST``
    string holds, lexed again (inside that string too, a few levels deep), each with what the
    launchers before the shell grant and the chain it ran through.  A string with a part known
    only at run time (``ssh $host "cd $DIR && ./run.sh $model"``) is lexed with what is known
    expanded and the rest unresolved (``Word.partial``); a script of the repository it runs is
    read as ``bash x.sh`` is (``shellrun``), with the variables it exports.

    A string that does not lex is the command's own word, not a script this file runs: a
    launcher may join its words again before a shell sees them (``mason.py … -- bash -c \\"cd
    /stage \\&\\& …\\"``, allenai/open-instruct@e6c3044 scripts/merge/direct_merge.sh).  The
    rest of the file is read as before; a TL001 at the string, in ``unread``, only when the
    string names an engine (what it starts was not checked)."""
    import toplint.parse.text.shellrun  # see toplint.parse.text.shellsrc.lex_embedded

    args = entrypoint_first(args, DOCKER, DOCKER_VALUE, SHELLS)
    stdin = _stdin_script(args, text, path) if _has_heredoc(text) else None
    value: str | None
    if stdin is not None:  # ``bash <<'EOF'``: the document at its own lines is the script
        end, value = stdin
        smap = None
    else:
        script = _sh_c_script(args)
        end = next((k for k, a in enumerate(args) if script and _holds(a, script)), -1)
        value = script.value if script is not None else None
        if value is None and 0 <= end < len(command.words):
            value = command.words[end].partial
        if script is None or value is None or script.position.path != path:
            return [(args, Allocation(), (), {})]
        pos = script.position
        smap = source_map(text, path, pos.line, pos.column, value)
    outer = launcher_allocation([(a.value, a.position) for a in args[:end]])
    container = _container_words(args[:end])
    out: list[tuple[list[Arg], Allocation, tuple[str, ...], dict[str, Arg]]] = []
    # sh(1) -c: "the first argument after the string is assigned to $0 and the rest to the
    # positional parameters" (``bash -c 'exec vllm serve "$@"' -- --model M``)
    shell_c = stdin is None and any(_base(a.value) in SHELLS for a in args[:end])
    given = [_as_word(a) for a in args[end + 2 :]] if shell_c and end + 1 < len(args) else None
    try:
        inners = toplint.parse.text.shellrun.lex(value, env, loader=loader, positional=given)
    except BudgetExceeded:
        raise
    except SourceError as exc:
        from toplint.parse.mentions import pattern_for

        if pattern_for(value).search(value) is not None:
            at = (
                smap.position(exc.line, exc.column)
                if smap
                else Position(path, exc.line, exc.column)
            )
            unread.append(
                unparsable(
                    path,
                    f"{exc} (in the script string this command runs; the engine command "
                    "in it was not checked)",
                    at.line,
                    at.column,
                )
            )
        return [(args, Allocation(), (), {})]
    for inner in inners:
        inner_args = command_args(inner, path, smap)
        exported = exported_env(inner, path)
        nested = (
            run_strings(inner, inner_args, env, text, path, loader, unread, depth + 1)
            if depth + 1 < _MAX_STRING_DEPTH
            else [(inner_args, Allocation(), (), {})]
        )
        for found, granted, via, more in nested:
            if container and find_invocations(found):  # the container's GPUs, env and image
                found = [*container, *found]
            out.append((found, granted.over(outer), (*inner.via, *via), {**exported, **more}))
    return out


def _base(word: str | None) -> str:
    return (word or "").rsplit("/", 1)[-1]


def _as_word(arg: Arg) -> Word:
    """An argument as a shell word written where it is (a positional parameter's)."""
    at = arg.position
    return Word(arg.raw, arg.value, at.line, at.column, arg.unresolved, False, at.path)


def _stdin_script(args: Sequence[Arg], text: str, path: str) -> tuple[int, str] | None:
    """For a command whose shell reads its script from a here-document written on the
    command's lines (``bash <<'EOF'``, ``sudo -u ubuntu bash -s <<EOF``, ``ssh "$HEAD" bash -s
    <<EOF``, ``ssh "$HEAD" <<EOF``: the remote login shell reads it; bash(1): with no operand
    or with ``-s`` the commands are read from the standard input), the index of the shell's
    word and the document as a script at its own lines of the file
    (``toplint.parse.text.scriptfiles.fed_scripts``)."""
    lines = {a.position.line for a in args if a.position.path == path}
    docs = fed_scripts(text, path, sourced_loader(path))
    at = next((n for n in sorted(lines) if n in docs), None)
    if at is None:
        return None
    words = [a.value or "" for a in args]
    for k, word in enumerate(words):
        program = _base(word)
        if program in SHELLS:
            options = list(itertools.takewhile(lambda w: w.startswith("-"), words[k + 1 :]))
            short = "".join(o[1:] for o in options if not o.startswith("--"))
            operands = words[k + 1 + len(options) :]
            if "c" in short or (operands and "s" not in short):
                return None  # ``bash -c STRING``, ``bash x.sh``: not the document
            return k, docs[at]
        if program == "ssh" and _ssh_operands(words[k + 1 :]) == 1:
            return k, docs[at]  # ``ssh HOST <<EOF``: no command, the remote shell reads it
    return None


_SSH_VALUED = frozenset("BbcDEeFIiJLlmOopQRSWw")  # ssh(1): the options that take an argument


def _ssh_operands(words: Sequence[str]) -> int:
    """How many words after ``ssh`` are not its options: the host, then the command's."""
    count, k = 0, 0
    while k < len(words):
        word = words[k]
        if word.startswith("-") and len(word) > 1 and count == 0:
            k += 2 if word[-1] in _SSH_VALUED and len(word) == 2 else 1
            continue
        count += 1
        k += 1
    return count


def _container_words(words: Sequence[Arg]) -> list[Arg]:
    """``docker run [OPTIONS] IMAGE`` before the shell of ``… IMAGE bash -c 'SCRIPT'``: the
    engine command the script starts runs in that container (its ``--gpus``, ``-e`` and image:
    ``docker_run`` reads them with the command put after the image), else []."""
    shell = max(
        (k for k, a in enumerate(words) if (a.value or "").rsplit("/", 1)[-1] in SHELLS),
        default=-1,
    )
    if shell < 2 or (words[0].value or "").rsplit("/", 1)[-1] not in DOCKER:
        return []
    return list(words[:shell]) if words[1].value == "run" else []


# Commands whose last argument is a shell command they run (tmux(1) new-session, new-window,
# split-window, respawn-pane: "shell-command"; ssh(1): "command").
_STRING_RUNNERS = ("tmux", "ssh")


def exported_env(command: Command, path: str) -> dict[str, Arg]:
    """The exported variables a command's process inherits, as environment entries
    positioned where they were set (``export CUDA_VISIBLE_DEVICES=0,1``,
    ``export VLLM_ALLOW_LONG_MAX_MODEL_LEN=1``)."""
    out: dict[str, Arg] = {}
    for name, word in command.exported:
        value = word.value.split("=", 1)[1] if word.value and "=" in word.value else None
        pos = Position(word.path or path, word.line, word.column)
        out[name] = Arg(value, word.raw, pos, word.unresolved)
    return out
