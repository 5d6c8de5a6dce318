"""Build the plugin manager: built-ins from an explicit tuple, third parties from entry points."""

from __future__ import annotations

import importlib
import os
import re
import sys

import pluggy

from toplint import hookspecs

# Built-in plugins, in registration order.  Each is an ordinary module with hook implementations.
BUILTIN_PLUGINS: tuple[str, ...] = (
    "toplint.parse.builtin",
    "toplint.rulebook.builtin",
    "toplint.report.builtin",
)

hookimpl = pluggy.HookimplMarker("toplint")

# An entry-point file's section header for our group (entry_points.txt is INI-like).
_SECTION = re.compile(rb"^\s*\[\s*toplint\s*\]\s*$", re.MULTILINE)
_META_SUFFIXES = (".dist-info", ".egg-info")


def make_plugin_manager(*, entry_points: bool = True) -> pluggy.PluginManager:
    """A fresh manager with every hook spec, the built-ins and (optionally) installed plugins.

    ``check_pending`` makes a misspelled ``toplint_*`` hook fail loudly at start-up.
    """
    pm = pluggy.PluginManager("toplint")
    pm.add_hookspecs(hookspecs)
    for name in BUILTIN_PLUGINS:
        pm.register(importlib.import_module(name), name=name)
    if entry_points and may_have_entry_points():
        pm.load_setuptools_entrypoints("toplint")
    pm.check_pending()
    return pm


_built: tuple[object, pluggy.PluginManager] | None = None


def plugin_manager() -> pluggy.PluginManager:
    """The process's manager, built once by ``make_plugin_manager`` (about 15 ms each build).

    The cache is keyed on the factory itself, looked up at call time, so replacing
    ``make_plugin_manager`` (as tests do) builds a new manager.
    """
    global _built
    factory = make_plugin_manager
    if _built is None or _built[0] is not factory:
        _built = (factory, factory())
    return _built[1]


def may_have_entry_points() -> bool:
    """False only when no installed distribution declares a ``[toplint]`` entry-point group.

    Reading ``*.dist-info/entry_points.txt`` files directly skips importing
    ``importlib.metadata`` and building its distribution objects (about 40 ms at start-up).  The
    scan is conservative: anything it cannot read plainly (a zip or egg on ``sys.path``, a
    finder that supplies distributions of its own) answers True, and pluggy does the full scan.
    """
    if any(_custom_distributions(finder) for finder in sys.meta_path):
        return True
    for entry in sys.path:
        folder = entry or "."
        if os.path.isfile(folder):
            return True
        if _folder_declares(folder):
            return True
    return False


def _custom_distributions(finder: object) -> bool:
    # The standard PathFinder reads sys.path folders, which the scan below covers.
    if getattr(finder, "__module__", "") == "_frozen_importlib_external":
        return False
    return callable(getattr(finder, "find_distributions", None))


def _folder_declares(folder: str) -> bool:
    try:
        names = os.listdir(folder)
    except OSError:
        return False
    for name in names:
        if not name.endswith(_META_SUFFIXES):
            continue
        path = os.path.join(folder, name)
        if not os.path.isdir(path):
            return True  # a single-file egg-info: leave it to importlib.metadata
        try:
            with open(os.path.join(path, "entry_points.txt"), "rb") as handle:
                if _SECTION.search(handle.read()):
                    return True
        except OSError:
            continue
    return False
