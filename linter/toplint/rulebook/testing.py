"""The rule-case runner's first import path, kept for rule packs written against it.

The runner runs a case through the whole pipeline and the fixer, so it lives above them, as
``toplint.testing``; new code imports it from there.
"""

from __future__ import annotations

from toplint.testing import (
    Case,
    case_text,
    check_case,
    fixed_text,
    load_case_file,
    load_cases,
    run_case,
)

__all__ = [
    "Case",
    "case_text",
    "check_case",
    "fixed_text",
    "load_case_file",
    "load_cases",
    "run_case",
]
