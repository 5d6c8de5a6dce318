"""Path globs compiled once (docs/threat-model.md, "Budgets").

``fnmatch.fnmatch`` compiles its pattern on every call through a cache of 32,768 entries; an
in-tree configuration's globs were matched file by file and pattern by pattern, so 20,000
``exclude`` and 20,000 ``per-file-ignores`` globs over 300 files took 58 s (the cache
overflowed: each call compiled again).  A configuration holds at most 512 globs per key
(``schemas/config.schema.json``); each key's globs are compiled once, into one pattern that
answers "does any match" in one call.
"""

from __future__ import annotations

import fnmatch
import os
import re
from collections.abc import Sequence
from functools import lru_cache

__all__ = ["Globs", "globs"]


class Globs:
    """Globs with ``fnmatch`` semantics (``case``: ``fnmatchcase``, else names are
    ``os.path.normcase``d first, as ``fnmatch.fnmatch`` does)."""

    __slots__ = ("_any", "_case", "_each", "_either", "_suffix", "_texts")

    def __init__(self, patterns: Sequence[str], case: bool) -> None:
        self._case = case
        self._texts = [p if case else os.path.normcase(p) for p in patterns]
        self._either = "|".join(f"(?:{fnmatch.translate(t)})" for t in self._texts) or "(?!)"
        self._any = re.compile(self._either)
        # Compiled when first asked (a run asks most sets only ``any``; each compile is
        # ``sre``'s parser and compiler in Python, ~100k instructions for a small glob).
        self._each: list[re.Pattern[str]] | None = None
        self._suffix: re.Pattern[str] | None = None

    def _name(self, name: str) -> str:
        return name if self._case else os.path.normcase(name)

    def any(self, name: str) -> bool:
        """Whether any glob matches ``name``."""
        return self._any.match(self._name(name)) is not None

    def any_suffix(self, path: str) -> bool:
        """Whether any glob matches ``path`` or a part of it after a ``/`` ("a/b/c", "b/c",
        "c"), in one match (making each suffix was the path's length squared)."""
        if self._suffix is None:  # never the empty rest
            self._suffix = re.compile(f"(?s:.*/)?(?s:(?=.))(?:{self._either})")
        return self._suffix.match(self._name(path)) is not None

    def which(self, name: str) -> list[int]:
        """Indices of the globs that match ``name``."""
        text = self._name(name)
        if self._any.match(text) is None:
            return []
        if self._each is None:
            self._each = [re.compile(fnmatch.translate(t)) for t in self._texts]
        return [k for k, r in enumerate(self._each) if r.match(text) is not None]


@lru_cache(maxsize=64)
def globs(patterns: tuple[str, ...], case: bool = False) -> Globs:
    """The compiled globs of one configuration key (remembered: asked once per file)."""
    return Globs(patterns, case)
