"""The environment a Python module gives itself with python-dotenv's ``load_dotenv()``.

``from dotenv import load_dotenv`` and ``load_dotenv()`` at the top of a service module load the
``.env`` file python-dotenv finds (its README: ``find_dotenv`` searches from the folder of the
calling file upward until it finds one) into ``os.environ``, without overriding a variable the
process already has (``override=False``; the process's own environment is not known when
linting, so the file's value is what the module reads unless the shell sets it).  Each variable
is placed at its line of ``.env``; ``os.getenv("X", default)`` in the module then reads it
(``pytree``).  The search stays inside the repository (``infra.readpolicy``); ``load_dotenv``
given a path or a stream is not read here.  The file's syntax: ``infer.scopevars.dotenv_lines``.
"""

from __future__ import annotations

import re

from toplint.infra.patterns import lazy
from toplint.infra.readpolicy import OUTSIDE, ReadRefused, read_reference, shown_path
from toplint.model import Position
from toplint.parse.generic.pyexpr import Environment
from toplint.parse.infer.scopevars import dotenv_lines
from toplint.parse.infer.scoping import MAX_ENV_BYTES

__all__ = ["dotenv_environment"]

_IMPORTED = lazy(
    r"^[ \t]*(?:from[ \t]+dotenv[ \t]+import[^\n]*\bload_dotenv\b|import[ \t]+dotenv\b)", re.M
)
# ``load_dotenv()`` with no file named (``override=`` and ``verbose=`` aside).
_FOUND = lazy(r"\bload_dotenv\(\s*(?:(?:override|verbose)\s*=\s*\w+\s*,?\s*)*\)")
MAX_LEVELS = 16


def dotenv_environment(path: str, text: str) -> Environment | None:
    """The variables of the ``.env`` the module's ``load_dotenv()`` finds; None when it calls
    none or none is found inside the repository."""
    if path in ("-", "<stdin>") or not (_IMPORTED.search(text) and _FOUND.search(text)):
        return None
    for up in range(MAX_LEVELS):
        try:
            full, body = read_reference(path, "../" * up + ".env", MAX_ENV_BYTES)
        except ReadRefused as refused:
            if refused.reason == OUTSIDE:
                return None  # above the repository
            continue  # none at this level
        except (OSError, ValueError):
            continue
        shown = shown_path(full)
        return {k: (v, Position(shown, line, 1)) for k, (v, line) in dotenv_lines(body).items()}
    return None
