"""Built-in output formats, as a toplint plugin."""

from __future__ import annotations

from toplint.plugins import hookimpl
from toplint.report.base import Formatter
from toplint.report.jsonfmt import JsonFormatter
from toplint.report.text import TextFormatter


@hookimpl
def toplint_formatters() -> dict[str, Formatter]:
    return {"text": TextFormatter(), "json": JsonFormatter()}
