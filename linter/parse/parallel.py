"""Read and parse many files, in worker processes for large trees."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from toplint.model import ParseResult
from toplint.parse.base import Parser


@cache
def builtin_and_plugin_parsers() -> tuple[Parser, ...]:
    from toplint.plugins import make_plugin_manager

    pm = make_plugin_manager()
    # pluggy calls the last registered plugin first: third-party parsers get the first look.
    return tuple(p for group in pm.hook.toplint_parsers() for p in group)


def parse_file(path: str) -> ParseResult:
    from toplint.discover import read_source
    from toplint.model import Finding
    from toplint.parse.run import parse_source

    source = read_source(path)
    if isinstance(source, Finding):
        return ParseResult(path, (), (source,))
    return parse_source(source, builtin_and_plugin_parsers())


def parse_all(files: Sequence[str], jobs: int | None = None) -> list[ParseResult]:
    """Parse results in the order of ``files`` (output never depends on the worker count)."""
    return [parse_file(path) for path in files]
