"""No module of toplint compiles a regular expression when it is imported.

A module-level ``re.compile`` is paid at import on the start-up path of every pre-commit run,
for patterns most runs never use: a one-file run compiled 24 unused patterns (10M
instructions, 3% of the run).  ``toplint.infra.patterns.lazy`` compiles on first use.
"""

from __future__ import annotations

import ast
from pathlib import Path

from conftest import parsed_module

import toplint

PACKAGE = Path(toplint.__file__).parent


def _module_level_compiles(path: Path) -> list[int]:
    tree = parsed_module(path)
    lines = []
    for node in tree.body:
        value = getattr(node, "value", None)
        if not isinstance(node, (ast.Assign, ast.AnnAssign)) or not isinstance(value, ast.Call):
            continue
        func = value.func
        is_compile = (
            isinstance(func, ast.Attribute)
            and func.attr == "compile"
            and isinstance(func.value, ast.Name)
            and func.value.id == "re"
        )
        text = value.args[0] if value.args else None
        is_bytes = isinstance(text, ast.Constant) and isinstance(text.value, bytes)
        if is_compile and not is_bytes:  # lazy() is typed for text patterns
            lines.append(node.lineno)
    return lines


def test_no_module_compiles_a_text_pattern_at_import() -> None:
    found = {
        str(path.relative_to(PACKAGE)): lines
        for path in sorted(PACKAGE.rglob("*.py"))
        if path.name != "patterns.py" and (lines := _module_level_compiles(path))
    }
    assert not found, f"module-level re.compile (use toplint.infra.patterns.lazy): {found}"


def test_a_one_file_run_compiles_no_pattern_at_import() -> None:
    import re
    import subprocess
    import sys

    probe = (
        "import re, sys\n"
        "real = re.compile\n"
        "seen = []\n"
        "def counting(p, f=0):\n"
        "    caller = sys._getframe(1).f_globals.get('__name__', '')\n"
        "    if caller.startswith('toplint.') and sys._getframe(1).f_code.co_name == '<module>':\n"
        "        seen.append(caller)\n"
        "    return real(p, f)\n"
        "re.compile = counting\n"
        "import toplint.cli, toplint.commands.check, toplint.pipeline.analyze\n"
        "print(sorted(set(seen)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert re.sub(r"\s", "", done.stdout) in ("[]", "['toplint.plugins']"), done.stdout
