"""A built-in plugin object (a parser, an output format) whose module is imported on first use.

The built-in hooks return these instead of the objects themselves, so a run imports only the
readers and writers it uses (``toplint.parse.builtin``, ``toplint.report.builtin``).  Attributes
the wrapper does not define are the real object's.
"""

from __future__ import annotations

import importlib
from typing import Generic, TypeVar

T = TypeVar("T")


class Deferred(Generic[T]):
    """``module.cls()`` named ``name``, built the first time it is used."""

    def __init__(self, name: str, module: str, cls: str) -> None:
        self.name = name
        self._where = (module, cls)
        self._real: T | None = None

    def real(self) -> T:
        if self._real is None:
            module, cls = self._where
            made = getattr(importlib.import_module(module), cls)()
            if getattr(made, "name", self.name) != self.name:
                raise RuntimeError(f"{module}.{cls} is named {made.name!r}, not {self.name!r}")
            self._real = made
        return self._real

    def __getattr__(self, attr: str) -> object:  # the object's own extras (options, ...)
        if attr.startswith("_"):
            raise AttributeError(attr)
        return getattr(self.real(), attr)
