"""Python source as ``ast`` reads it, without the compiler's warnings about the linted text.

``ast.parse`` warns about what the *linted* module writes - an invalid escape sequence in a
string (``"C:\\latest"``), ``is`` against a literal - and Python prints those warnings on
stderr in its own ``file:line: SyntaxWarning: ...`` form (shown by default from Python 3.12,
where they became SyntaxWarning; DeprecationWarning before), which reads as toplint's own
output about the user's file.  Every reader of Python source parses here, with those two
warnings silenced for the parse alone; what does not parse still raises ``SyntaxError``.
"""

from __future__ import annotations

import ast
import warnings


def parse(text: str, filename: str = "<unknown>") -> ast.Module:
    """``ast.parse(text, filename)`` with the compiler's warnings about ``text`` silenced."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SyntaxWarning)
        warnings.simplefilter("ignore", DeprecationWarning)
        return ast.parse(text, filename=filename)
