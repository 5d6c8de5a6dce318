"""Regular expressions compiled on first use: toplint's rarely used ones, and PyYAML's.

Compiling a pattern costs 0.1-4 ms; a module-level ``re.compile`` pays it at import, on the
start-up path of every pre-commit run, for patterns many runs never use (the ``dirname "$0"``
form of a shell script, a model name's suffixes, an ignore comment).  ``DeferredPattern(...)``
in their place compiles them when first used.

PyYAML compiles about 15 patterns when it is imported, for its pure-Python reader,
constructor and resolver.  One of them, the reader's ``NON_PRINTABLE`` class spanning all of
Unicode, takes 4.4 ms to compile on the benchmark machine; all of them take 6.5 ms, a tenth of
a one-file pre-commit run (``benchmarks/RESULTS.md``).  toplint reads with the C loader, which
never uses the reader's pattern, and resolves plain scalars through a memo
(``toplint.infra.yamlsafe``), so most of these patterns are never used in a run.

While ``import yaml`` runs, ``re.compile`` called *from a module of the ``yaml`` package* returns
a ``DeferredPattern`` that compiles on its first use; any other caller (a module PyYAML imports
on the way) gets the real ``re.compile``.  PyYAML only calls ``match`` and ``search`` on its
patterns, which the deferred pattern provides directly (every other attribute is forwarded).
If PyYAML was imported before toplint (a plugin, a test runner), nothing is deferred.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

__all__ = ["DeferredPattern", "deferred_pyyaml_patterns", "lazy"]


class DeferredPattern:
    """``re.compile(pattern, flags)``, compiled on first use (``match``, ``search`` and every
    other attribute of a pattern).

    The first use stores the compiled pattern's methods on the instance, where attribute lookup
    finds them before the class's: later calls go straight to the compiled pattern, so a
    pattern used once per token costs what a module-level ``re.compile`` costs."""

    def __init__(self, pattern: Any, flags: int = 0) -> None:
        self._args = (pattern, flags)
        self._compiled: re.Pattern[Any] | None = None

    def compiled(self) -> re.Pattern[Any]:
        if self._compiled is not None:
            return self._compiled
        compiled = self._compiled = _REAL_COMPILE(*self._args)
        held = self.__dict__
        for name in _METHODS:
            held[name] = getattr(compiled, name)
        return compiled

    # Reached only before the first use: it binds the compiled pattern's methods.
    def match(self, *args: Any) -> Any:
        return self.compiled().match(*args)

    def search(self, *args: Any) -> Any:
        return self.compiled().search(*args)

    def fullmatch(self, *args: Any) -> Any:
        return self.compiled().fullmatch(*args)

    def __getattr__(self, name: str) -> Any:  # pattern, flags, groups, sub, findall, ...
        if name.startswith("__") or name in ("_args", "_compiled"):
            raise AttributeError(name)
        return getattr(self.compiled(), name)

    def __repr__(self) -> str:
        return f"DeferredPattern({self._args[0]!r})"


_METHODS = ("match", "search", "fullmatch", "finditer", "findall", "sub", "subn", "split")


def lazy(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """A module-level pattern compiled on its first use (``DeferredPattern``), typed as the
    pattern it stands for: a run pays only for the patterns its files need (24 of a one-file
    pre-commit run's patterns were compiled and never used: 10M instructions, 3% of the run)."""
    return DeferredPattern(pattern, flags)  # type: ignore[return-value]


_REAL_COMPILE = re.compile


def _compile_from_pyyaml(pattern: Any, flags: int = 0) -> Any:
    caller = sys._getframe(1).f_globals.get("__name__", "")
    if caller == "yaml" or caller.startswith("yaml."):
        return DeferredPattern(pattern, flags)
    return _REAL_COMPILE(pattern, flags)


@contextmanager
def deferred_pyyaml_patterns() -> Iterator[None]:
    """Wrap ``import yaml``: PyYAML's import-time patterns compile on first use."""
    if "yaml" in sys.modules or re.compile is not _REAL_COMPILE:
        yield  # already imported (nothing to defer), or someone else patches re.compile
        return
    re.compile = _compile_from_pyyaml
    try:
        yield
    finally:
        re.compile = _REAL_COMPILE
