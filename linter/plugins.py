"""Build the plugin manager: built-ins from an explicit tuple, third parties from entry points."""

from __future__ import annotations

import importlib

import pluggy

from toplint import hookspecs

# Built-in plugins, in registration order.  Each is an ordinary module with hook implementations.
BUILTIN_PLUGINS: tuple[str, ...] = (
    "toplint.parse.builtin",
    "toplint.rulebook.builtin",
    "toplint.report.builtin",
)

hookimpl = pluggy.HookimplMarker("toplint")


def make_plugin_manager(*, entry_points: bool = True) -> pluggy.PluginManager:
    """A fresh manager with every hook spec, the built-ins and (optionally) installed plugins.

    ``check_pending`` makes a misspelled ``toplint_*`` hook fail loudly at start-up.
    """
    pm = pluggy.PluginManager("toplint")
    pm.add_hookspecs(hookspecs)
    for name in BUILTIN_PLUGINS:
        pm.register(importlib.import_module(name), name=name)
    if entry_points:
        pm.load_setuptools_entrypoints("toplint")
    pm.check_pending()
    return pm
