"""Built-in rules, as a toplint plugin: Python modules and YAML files of ``toplint.rules``.

The hooks are plain ``toplint_*`` functions: ``toplint.plugins`` marks them for pluggy when
pluggy is needed and calls them directly otherwise.
"""

from __future__ import annotations

from toplint.rulebook.load import load_python_rules, load_yaml_rules
from toplint.rulebook.types import Rule


def toplint_rules() -> list[Rule]:
    return sorted(load_python_rules() + load_yaml_rules(), key=lambda r: r.code)
