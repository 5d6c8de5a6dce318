"""Run the right parser over one source; a file that cannot be parsed becomes TL001."""

from __future__ import annotations

import os
from collections.abc import Sequence

from toplint.errors import SourceError
from toplint.model import Finding, ParseResult, Severity
from toplint.parse.base import Parser, Source


def unparsable(path: str, reason: str, line: int = 1, column: int = 1) -> Finding:
    return Finding(
        rule="TL001",
        name="unparsable-file",
        severity=Severity.ERROR,
        path=path,
        line=line,
        column=column,
        message=f"cannot parse file: {reason}",
        anchor="file",
    )


def choose(source: Source, parsers: Sequence[Parser]) -> Parser | None:
    for parser in parsers:
        if parser.accepts(source):
            return parser
    return None


def parse_source(source: Source, parsers: Sequence[Parser]) -> ParseResult:
    """Deployments of one file.  Never raises for bad input."""
    parser = choose(source, parsers)
    if parser is None:
        return ParseResult(source.path)
    try:
        return parser.parse(source)
    except SourceError as exc:
        return ParseResult(
            source.path, (), (unparsable(source.path, str(exc), exc.line, exc.column),)
        )
    except RecursionError:
        return ParseResult(source.path, (), (unparsable(source.path, "nested too deeply"),))
    except MemoryError:
        return ParseResult(source.path, (), (unparsable(source.path, "out of memory"),))
    except Exception as exc:  # a parser bug must not lose the other files' findings
        if os.environ.get("TOPLINT_DEBUG"):
            raise
        reason = f"internal error in the {parser.name} parser: {type(exc).__name__}: {exc}"
        return ParseResult(source.path, (), (unparsable(source.path, reason),))
