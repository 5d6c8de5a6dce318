"""Built-in rules, as a toplint plugin: Python modules and YAML files of ``toplint.rules``."""

from __future__ import annotations

from toplint.plugins import hookimpl
from toplint.rulebook.load import load_python_rules, load_yaml_rules
from toplint.rulebook.types import Rule


@hookimpl
def toplint_rules() -> list[Rule]:
    return sorted(load_python_rules() + load_yaml_rules(), key=lambda r: r.code)
