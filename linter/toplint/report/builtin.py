"""Built-in output formats, as a toplint plugin.

The hooks are plain ``toplint_*`` functions: ``toplint.plugins`` marks them for pluggy when
pluggy is needed and calls them directly otherwise.
"""

from __future__ import annotations

from toplint.infra.deferred import Deferred
from toplint.report.base import Formatter, Report

# name -> (module, class): each format's module is imported when that format renders, so a run
# that prints text does not import the SARIF, JUnit or GitLab writers (and their imports).
BUILTIN_FORMATS: dict[str, tuple[str, str]] = {
    "text": ("toplint.report.text", "TextFormatter"),
    "json": ("toplint.report.jsonfmt", "JsonFormatter"),
    "sarif": ("toplint.report.sarif", "SarifFormatter"),
    "github": ("toplint.report.github", "GithubFormatter"),
    "junit": ("toplint.report.junit", "JunitFormatter"),
    "gitlab": ("toplint.report.gitlab", "GitlabFormatter"),
    "markdown": ("toplint.report.markdown", "MarkdownFormatter"),
}


# Formats that show a finding's message and its fix's message only: never a fix's text edits
# (text shows them only with --show-fixes, which the check handles itself), a finding's
# machine-readable ``data`` or its ``related`` locations.  A format not named here, and any
# plugin format without ``uses_edits = False`` (``uses_details = False``), gets them.
MESSAGE_ONLY_FORMATS = frozenset({"text", "github", "junit", "gitlab", "markdown"})


class DeferredFormatter(Deferred[Formatter]):
    """A built-in format whose module is imported on first use."""

    def __init__(self, name: str, module: str, cls: str) -> None:
        super().__init__(name, module, cls)
        self.uses_edits = self.uses_details = name not in MESSAGE_ONLY_FORMATS

    def render(self, report: Report) -> str:
        return self.real().render(report)


def toplint_formatters() -> dict[str, Formatter]:
    return {name: DeferredFormatter(name, *where) for name, where in BUILTIN_FORMATS.items()}
