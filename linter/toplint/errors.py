"""One exception hierarchy; ``toplint.cli`` maps it to exit codes in one handler."""

from __future__ import annotations

EXIT_CLEAN = 0
EXIT_FINDINGS = 1
EXIT_USAGE = 2
EXIT_INTERNAL = 3


class ToplintError(Exception):
    """Base of every error toplint reports to a user (never with a traceback)."""

    exit_code = EXIT_USAGE


class UsageError(ToplintError):
    """Bad command line."""


class ConfigError(ToplintError):
    """Invalid toplint.yaml / pyproject [tool.toplint] / --config."""


class ManifestError(ToplintError):
    """Invalid hardware manifest."""


class SourceError(ToplintError):
    """A lint target could not be read or parsed; becomes a TL001 finding, not an exit."""

    def __init__(self, message: str, line: int = 1, column: int = 1) -> None:
        super().__init__(message)
        self.line = line
        self.column = column


class RefusedYaml(SourceError):
    """Well-formed YAML toplint will not build: a tag it does not construct
    (``!!python/name:...``), a key written twice.  The file's own tool may read it (MkDocs
    constructs ``!!python/name`` tags; PyYAML keeps a duplicate key's last value)."""
