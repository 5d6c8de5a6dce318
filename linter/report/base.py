"""The formatter contract."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from toplint.model import Finding
from toplint.rulebook.types import Rule


@dataclass(frozen=True)
class Report:
    findings: Sequence[Finding]
    rules: Sequence[Rule]  # every rule known to the run (for SARIF rule metadata)
    files: int
    deployments: int
    show_fixes: bool = True


class Formatter(Protocol):
    name: str

    def render(self, report: Report) -> str:
        """The whole output for one run."""
