"""Built-in rules, as a toplint plugin."""

from __future__ import annotations

from toplint.plugins import hookimpl
from toplint.rulebook.load import load_python_rules
from toplint.rulebook.types import Rule


@hookimpl
def toplint_rules() -> list[Rule]:
    return load_python_rules()
