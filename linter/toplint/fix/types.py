"""What a fix is checked with: a function that checks a file's new text the way ``toplint check``
would (``toplint.pipeline.lint.text_checker`` makes it), and what it found."""

from __future__ import annotations

from collections.abc import Callable

from toplint.model import Finding
from toplint.record import record


@record
class Checked:
    """What checking one file's text found: findings after suppressions and per-file ignores."""

    findings: tuple[Finding, ...]
    deployments: int


# (path, text) -> what checking that text as that file finds.
Checker = Callable[[str, str], Checked]
