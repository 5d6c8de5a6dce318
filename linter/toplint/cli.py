"""Command line: one parser, sub-commands in ``toplint.commands.*``, one error handler.

Each sub-command module defines ``register(subparsers)`` (adds its parser, sets ``run``) and
``run(args) -> int``.  Modules import their heavy dependencies inside ``run`` so that start-up
stays cheap for pre-commit.

Exit codes: 0 clean, 1 findings at or above ``--fail-on``, 2 usage/config/manifest error,
3 internal error.  No traceback reaches a user unless ``TOPLINT_DEBUG=1``.
"""

from __future__ import annotations

import argparse
import atexit
import gc
import importlib
import os
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from toplint import __version__
from toplint.errors import EXIT_INTERNAL, EXIT_USAGE, ToplintError, UsageError
from toplint.infra import argtext

COMMANDS: tuple[str, ...] = ("check", "hardware", "cost", "inspect", "rules", "rule", "plan")


class _Formatter(argparse.HelpFormatter):
    """argparse's help formatter, sized as ``shutil.get_terminal_size`` would size it.

    argparse builds a formatter for every ``add_argument`` and imports ``shutil`` (with
    ``fnmatch``, ``bz2``, ``lzma``) for the width: ~3 ms of every start-up.
    """

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24) -> None:
        super().__init__(prog, indent_increment, max_help_position, width=_columns() - 2)


def _columns() -> int:
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns if sys.__stdout__ else 0
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class _Parser(argparse.ArgumentParser):
    """argparse that raises instead of exiting, so usage errors share the one handler."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(f"{self.prog}: {message}")


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The command line parser; with ``argv`` naming a command, only that command's part.

    Importing and registering all seven commands costs a pre-commit run time it never uses;
    ``toplint --help`` and unknown commands still see them all.
    """
    argtext.install()  # argparse's texts without a catalogue search where none can exist
    parser = _Parser(
        prog="toplint",
        description="Lint LLM-serving deployment configs against the GPU interconnect.",
    )
    parser.add_argument("--version", action="version", version=f"toplint {__version__}")
    # An explicit prog: argparse would otherwise build a help formatter (and import shutil).
    sub = parser.add_subparsers(
        dest="command", metavar="COMMAND", parser_class=_Parser, prog=parser.prog
    )
    wanted = argv[0] if argv and argv[0] in COMMANDS else None
    for name in COMMANDS if wanted is None else (wanted,):
        importlib.import_module(f"toplint.commands.{name}").register(sub)
    return parser


def untrusted_path_entries() -> None:
    """Remove ``''`` and the working directory from ``sys.path`` before a plugin or a lazily
    imported module is loaded: the working directory is the linted tree in CI, and nothing
    from the tree is ever imported (``toplint.__main__`` does the same for ``python -m``)."""
    try:
        here = os.getcwd()
    except OSError:
        here = ""
    sys.path[:] = [p for p in sys.path if p and os.path.abspath(p) != here]


def program() -> NoReturn:
    """The ``toplint`` command (its console script and ``python -m toplint``): :func:`main`,
    then the process ends without tearing the interpreter down.

    Python's finalization frees every module, class and cached table one by one and runs the
    cycle collector three times over the whole heap: a tenth of a one-file check's instructions
    (32M of 294M, callgrind), paid after the report is written.  toplint leaves nothing for it
    to do -- every file it writes is closed where it is written and worker pools are joined
    -- so once the ``atexit`` hooks have run and both streams are flushed, the process exits
    with ``os._exit``.  A stream that cannot be flushed (a closed pipe, a full disk) takes
    Python's ordinary way out instead, which reports it as it always has.
    """
    # What the interpreter built before toplint ran (the standard library's modules) lives to
    # the end: frozen, the collections of the run never walk it.
    gc.freeze()
    code = main()
    try:
        atexit._run_exitfuncs()  # a plugin's hooks, if any, still run (the library's are no-ops)
        sys.stdout.flush()
        sys.stderr.flush()
    except BaseException:  # any failure: let the interpreter exit as usual and report it
        sys.exit(code)
    os._exit(code)


def main(argv: Sequence[str] | None = None) -> int:
    if argv is None:  # started as a program (tests call main with a list, in their own sys.path)
        untrusted_path_entries()
        # A run builds many small acyclic objects (YAML nodes, records) that reference counting
        # frees; the cycle collector's default threshold (700 allocations) walks them over and
        # over: 1-2% of a run's instructions (callgrind).  mypy's entry point does the same.
        gc.set_threshold(50_000, 20, 20)
    args_list = list(sys.argv[1:] if argv is None else argv)
    if sys.stdout is None:  # started with file descriptor 1 closed: nowhere to report to
        print(
            "toplint: error: standard output is closed; nothing could be reported", file=sys.stderr
        )
        return EXIT_USAGE
    try:
        parser = build_parser(args_list)
        args = parser.parse_args(args_list)
        if not getattr(args, "run", None):
            parser.print_help(sys.stderr)
            return EXIT_USAGE
        code: int = args.run(args)
        return code
    except ToplintError as exc:
        print(_printable(str(exc), "toplint: error: "), file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("toplint: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # `toplint check . | head`: the reader left; nothing more to say.
        sys.stderr.close()
        return EXIT_INTERNAL
    except Exception as exc:  # one handler: an internal error, reported without a traceback
        if os.environ.get("TOPLINT_DEBUG"):
            raise
        print(
            _printable(f"{type(exc).__name__}: {exc}", "toplint: internal error: ") + "\n"
            "Please report it with the input that caused it (set TOPLINT_DEBUG=1 for a traceback).",
            file=sys.stderr,
        )
        return EXIT_INTERNAL


def _printable(text: str, lead: str) -> str:
    """An error message may quote a path from the linted tree: each of its lines is escaped and
    starts with ``lead``, so no text from the tree starts a line (CI runners act on
    ``::error::`` at the start of a line on stderr too)."""
    # Imported here: `toplint --help` and usage errors need none of the report stage (report.base
    # and what it imports: ~50 ms from `import toplint.cli`, python -X importtime, this VM).
    from toplint.report.base import printable

    return "\n".join(lead + printable(line) for line in text.split("\n"))
