"""The text of one source file, as the discover stage reads it and every parser receives it."""

from __future__ import annotations

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
