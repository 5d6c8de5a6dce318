"""Load built-in rules from the ``toplint.rules`` package (Python modules defining ``RULE``)."""

from __future__ import annotations

import importlib
import pkgutil

from toplint.rulebook.types import Rule


def load_python_rules(package: str = "toplint.rules") -> list[Rule]:
    pkg = importlib.import_module(package)
    rules: list[Rule] = []
    for info in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda i: i.name):
        module = importlib.import_module(f"{package}.{info.name}")
        rule = getattr(module, "RULE", None)
        if isinstance(rule, Rule):
            rules.append(rule)
    return rules
