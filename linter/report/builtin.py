"""Built-in output formats (and the suppression meta-rules), as a toplint plugin.

The hooks are plain ``toplint_*`` functions: ``toplint.plugins`` marks them for pluggy when
pluggy is needed and calls them directly otherwise.
"""

from __future__ import annotations

from toplint.report.base import Formatter
from toplint.report.github import GithubFormatter
from toplint.report.gitlab import GitlabFormatter
from toplint.report.jsonfmt import JsonFormatter
from toplint.report.junit import JunitFormatter
from toplint.report.sarif import SarifFormatter
from toplint.report.text import TextFormatter
from toplint.rulebook.types import Rule


def toplint_formatters() -> dict[str, Formatter]:
    return {
        f.name: f
        for f in (
            TextFormatter(),
            JsonFormatter(),
            SarifFormatter(),
            GithubFormatter(),
            JunitFormatter(),
            GitlabFormatter(),
        )
    }


def toplint_rules() -> list[Rule]:
    # TL002/TL006 come from suppression comments, not from a check: documented here so that
    # `toplint rules`, SARIF rule metadata and severity overrides know them.
    from toplint.suppress import SUPPRESSION_RULES

    return list(SUPPRESSION_RULES)
