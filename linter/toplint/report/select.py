"""Pick an output format by name from every plugin's formatters."""

from __future__ import annotations

from toplint.errors import UsageError
from toplint.plugins import call_hook
from toplint.report.base import Formatter


def formatters() -> dict[str, Formatter]:

    out: dict[str, Formatter] = {}
    for group in reversed(call_hook("toplint_formatters")):
        out.update(group)
    return out


def formatter(name: str) -> Formatter:
    found = formatters()
    if name not in found:
        raise UsageError(f"unknown format `{name}`; choose one of: {', '.join(sorted(found))}")
    return found[name]
