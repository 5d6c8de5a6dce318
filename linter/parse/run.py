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
    result = _parse(source, parsers)
    if result.deployments or result.findings or not _is_yaml(source):
        return result
    # No parser found anything: a malformed YAML file is still TL001 (the loader remembers the
    # outcome of the text a parser just read, so this does not parse twice).
    from toplint.infra.yamlsafe import syntax_error

    exc = syntax_error(source.text, source.path)
    if exc is None or "{{" in source.text:  # a Helm template is not YAML until rendered
        return result
    return ParseResult(source.path, (), (unparsable(source.path, str(exc), exc.line, exc.column),))


def _is_yaml(source: Source) -> bool:
    return source.name.endswith((".yaml", ".yml"))


def _parse(source: Source, parsers: Sequence[Parser]) -> ParseResult:
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
