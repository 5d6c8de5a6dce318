"""No module of toplint imports ``dataclasses``: records are ``toplint.record``.

``dataclasses`` pulls ``inspect``, ``ast``, ``dis`` and ``tokenize`` onto the start-up path of
every pre-commit run, and a frozen dataclass compiles its methods from source when its class is
created: one vision-encoder table written as a dataclass cost a one-file run 47M instructions
(14%) until it became a record.
"""

from __future__ import annotations

import ast
from pathlib import Path

from conftest import parsed_module

import toplint

PACKAGE = Path(toplint.__file__).parent


def _imports_dataclasses(path: Path) -> list[int]:
    tree = parsed_module(path)
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module or ""]
        else:
            continue
        if "dataclasses" in names:
            lines.append(node.lineno)
    return lines


def test_no_module_imports_dataclasses() -> None:
    found = {
        str(path.relative_to(PACKAGE)): lines
        for path in sorted(PACKAGE.rglob("*.py"))
        if (lines := _imports_dataclasses(path))
    }
    assert not found, f"dataclasses imported (write a toplint.record record): {found}"
