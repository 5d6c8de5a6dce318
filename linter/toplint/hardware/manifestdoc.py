"""The manifest document being resolved (``toplint.hardware.manifest``): where a key path is in
the file, the errors and warnings gathered while resolving it (every error of the file reported
together, exit 2), and the bandwidth and latency readers that name the key a bad unit is at."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from toplint.errors import ManifestError
from toplint.hardware.manifest_schema import Path, dotted
from toplint.hardware.units import UnitError, parse_bandwidth, parse_latency
from toplint.model import Position

T = TypeVar("T")


class ManifestDoc:
    """A manifest document plus the warnings gathered while resolving it."""

    def __init__(self, path: str, doc: Any) -> None:
        self.path = path
        self.doc = doc
        self.warnings: list[str] = []
        self.errors: list[str] = []  # every error of the file, reported together at the end

    def attempt(self, resolve: Callable[..., T], *args: Any) -> T | None:
        """``resolve(*args)``, or None with its error kept: one run lists every error."""
        try:
            return resolve(*args)
        except ManifestError as exc:
            self.errors.append(str(exc))
            return None

    def where(self, at: Path, key: bool = False) -> Position:
        if self.doc is None:
            return Position(self.path, 1, 1)
        pos: Position = self.doc.key_position(at) if key else self.doc.value_position(at)
        return pos

    def error(self, at: Path, message: str, key: bool = False) -> ManifestError:
        name = dotted(at)
        return ManifestError(f"{self.where(at, key)}: {name + ': ' if name else ''}{message}")

    def warn(self, at: Path, message: str) -> None:
        self.warnings.append(f"{self.where(at)}: {dotted(at)}: {message}")

    def bandwidth(self, at: Path, value: Any, kind: str) -> float:
        try:
            return parse_bandwidth(value, kind="network" if kind == "network" else "link")
        except UnitError as exc:
            raise self.error(at, str(exc)) from None

    def latency(self, at: Path, value: Any) -> float:
        try:
            return parse_latency(value)
        except UnitError as exc:
            raise self.error(at, str(exc)) from None
