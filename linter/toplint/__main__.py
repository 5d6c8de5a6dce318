"""``python -m toplint``.  Python put the working directory (the linted tree, in CI) first on
``sys.path``; it is removed before anything else is imported, so no module or plugin
distribution in the tree can shadow one of toplint's (docs/threat-model.md)."""

from __future__ import annotations

import os
import sys


def _drop_working_directory() -> None:
    try:
        here = os.getcwd()
    except OSError:  # the working directory was removed: nothing to shadow from it
        return
    sys.path[:] = [p for p in sys.path if p and os.path.abspath(p) != here]


_drop_working_directory()

from toplint.cli import program  # noqa: E402

program()
