"""Parse a snippet with the built-in parsers, the way `toplint check` would."""

from __future__ import annotations

from toplint.model import Deployment, ParseResult
from toplint.parse.base import Source
from toplint.parse.parallel import builtin_and_plugin_parsers
from toplint.parse.run import parse_source


def parse_text(path: str, text: str) -> ParseResult:
    return parse_source(Source.from_text(path, text), builtin_and_plugin_parsers())


def only(path: str, text: str) -> Deployment:
    result = parse_text(path, text)
    assert len(result.deployments) == 1, result
    return result.deployments[0]
