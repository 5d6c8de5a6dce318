"""What makes a text a supervisord configuration: a ``[program:NAME]`` section (supervisor docs,
"Configuration File").  Asked by the supervisord reader (``toplint.parse.text.supervisord``) of
a file and by the here-document reader (``toplint.parse.text.heredocs``) of a document a script
writes, so both read one rule; kept apart from the reader, which imports the shell reader."""

from __future__ import annotations

import re

from toplint.infra.patterns import lazy

# A program's section header, its name in group 1.
PROGRAM_SECTION = lazy(r"^[ \t]*\[[ \t]*program:([^\]\n]+?)[ \t]*\][ \t]*$", re.M)


def configures_programs(text: str) -> bool:
    """The text has a ``[program:NAME]`` section."""
    return "[program:" in text and PROGRAM_SECTION.search(text) is not None
