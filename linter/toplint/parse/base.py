"""The parser contract and the text of one source file."""

from __future__ import annotations

from typing import Protocol

from toplint.model import ParseResult
from toplint.record import record


@record
class Source:
    """One lint target, read once.  ``text`` is decoded UTF-8; ``path`` is as the user named it."""

    path: str
    text: str
    name: str  # basename, lower-cased

    @property
    def yaml_named(self) -> bool:
        """Named like YAML, or stdin (whose name says nothing)."""
        return self.name.endswith((".yaml", ".yml")) or self.name in ("-", "<stdin>")

    @classmethod
    def from_text(cls, path: str, text: str) -> Source:
        return cls(path=path, text=text, name=path.replace("\\", "/").rsplit("/", 1)[-1].lower())


class Parser(Protocol):
    """Reads one kind of deployment source."""

    name: str  # "shell", "kubernetes", "compose", ...

    def accepts(self, source: Source) -> bool:
        """True when this parser should read the file (by name and/or content)."""

    def parse(self, source: Source) -> ParseResult:
        """Deployments and file-level findings.  Raise ``SourceError`` for unparsable input."""


def is_template(text: str) -> bool:
    """The text holds template markup (Helm/Jinja ``{{ … }}``) that renders before it is read.

    GitHub Actions' ``${{ … }}`` is an expression the runner substitutes into a value, not a
    template of the file: such a file is read as it is, its expressions unresolved values.
    """
    at = text.find("{{")
    while at != -1:
        if at == 0 or text[at - 1] != "$":
            return True
        at = text.find("{{", at + 2)
    return False
