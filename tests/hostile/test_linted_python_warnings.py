"""The compiler's warnings about the Python a user wrote never reach toplint's output.

``ast.parse`` warns about what the linted module writes (an invalid escape sequence, ``is``
against a literal) and Python prints those warnings on stderr as ``file:line: SyntaxWarning``
(by default from Python 3.12), which reads as toplint's own output; every reader parses
through ``toplint.parse.generic.pysource``, which silences them for the parse alone.
"""

from __future__ import annotations

import json
import sys
import warnings
from pathlib import Path

from toplint.parse.generic import pysource

from .conftest import run_toplint

# a Windows path in a plain string ("\l" is no escape) and ``is`` against a literal: both are
# compiler warnings, neither an error
MODULE = (
    'import os\nMODELS = "C:\\latest"\nif MODELS is "x":\n    pass\n'
    'os.system("vllm serve m -tp 2")\n'
)


def test_parsing_the_users_python_warns_nothing() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # any warning the parse let through would raise
        module = pysource.parse(MODULE, "serve.py")
    assert len(module.body) == 4


def test_a_check_prints_no_compiler_warning_about_the_linted_files(repo: Path) -> None:
    (repo / "serve.py").write_text(MODULE)
    cell = {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None}
    notebook = {
        "cells": [{**cell, "source": [MODULE]}],
        "metadata": {},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    (repo / "serve.ipynb").write_text(json.dumps(notebook))
    run = run_toplint(
        ["check", ".", "--format", "json", "--no-cache"],
        repo,
        launcher=(sys.executable, "-W", "always", "-m", "toplint"),
    )
    assert "Warning" not in run.stderr, run.stderr
    findings = json.loads(run.stdout)["findings"]
    read = {Path(f["path"]).name for f in findings if f["rule"] == "TL007"}
    assert read == {"serve.py", "serve.ipynb"}  # both still read: a deployment each


def test_every_reader_parses_python_through_pysource() -> None:
    package = Path(pysource.__file__).resolve().parents[2]
    direct = [
        str(p.relative_to(package))
        for p in package.rglob("*.py")
        if "ast.parse(" in p.read_text(encoding="utf-8") and p.name != "pysource.py"
    ]
    assert direct == []
