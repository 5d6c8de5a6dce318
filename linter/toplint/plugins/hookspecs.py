"""Hook specifications: the contract for toplint plugins.

Every hook carries the ``toplint_`` prefix.  Built-in features are ordinary plugins registered
from an explicit tuple (``toplint.plugins.BUILTIN_PLUGINS``); third-party plugins are found
through the ``toplint`` entry-point group.  Plugins never run at import time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pluggy

if TYPE_CHECKING:
    from toplint.engines.types import Engine
    from toplint.parse.base import Parser
    from toplint.report.base import Formatter
    from toplint.rulebook.types import Rule

hookspec = pluggy.HookspecMarker("toplint")


@hookspec
def toplint_parsers() -> list[Parser]:
    """Return parsers for deployment sources.

    Each parser says whether it reads a file (by name and by content) and turns its text into
    deployments.  The first parser (in registration order, built-ins last) that accepts a file
    reads it.
    """
    raise NotImplementedError


@hookspec
def toplint_rules() -> list[Rule]:
    """Return rules.

    A rule's ``code`` must be unique across all plugins; a plugin may load declarative YAML
    rules with ``toplint.rulebook.load.load_yaml_rules`` and return them here.
    """
    raise NotImplementedError


@hookspec
def toplint_formatters() -> dict[str, Formatter]:
    """Return output formats by name (``--format NAME``)."""
    raise NotImplementedError


@hookspec
def toplint_engines() -> list[Engine]:
    """Return serving engines (``toplint.engines.types.Engine`` records).

    An engine brings its command-line vocabulary, how it is started (commands, ``python -m``
    modules, images), derived values, layout spellings and default all-reduce kernel; see
    ``toplint.engines.vllm`` for a complete example.  Engine names must be unique across all
    plugins: a name registered twice is a configuration error (exit 2).
    """
    raise NotImplementedError
