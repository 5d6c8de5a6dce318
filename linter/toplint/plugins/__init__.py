"""Plugins: built-ins from an explicit tuple, third parties from the ``toplint`` entry points.

``call_hook`` is how the engine asks every plugin.  When no installed distribution declares a
``toplint`` entry point (the usual case) it calls the built-in hook functions directly, in the
order pluggy would, so a pre-commit run never imports pluggy (~20 ms of start-up with
``inspect``).  Otherwise, and whenever tests swap ``make_plugin_manager``, the pluggy manager
answers.  Third-party plugins mark their hooks with ``toplint.plugins.hookimpl``.
"""

from __future__ import annotations

import importlib
import os
import re
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pluggy

    hookimpl: pluggy.HookimplMarker

# Built-in plugins, in registration order.  Each is an ordinary module with hook implementations.
BUILTIN_PLUGINS: tuple[str, ...] = (
    "toplint.engines.registry",
    "toplint.parse.builtin",
    "toplint.rulebook.builtin",
    "toplint.report.builtin",
    "toplint.suppression.builtin",
)


def __getattr__(name: str) -> Any:
    """``hookimpl``, made on first use so that importing this module does not import pluggy."""
    if name == "hookimpl":
        import pluggy

        marker = pluggy.HookimplMarker("toplint")
        globals()["hookimpl"] = marker
        return marker
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# An entry-point file's section header for our group (entry_points.txt is INI-like).
_SECTION = re.compile(rb"^\s*\[\s*toplint\s*\]\s*$", re.MULTILINE)
_META_SUFFIXES = (".dist-info", ".egg-info")


def make_plugin_manager(*, entry_points: bool = True) -> pluggy.PluginManager:
    """A fresh manager with every hook spec, the built-ins and (optionally) installed plugins.

    ``check_pending`` makes a misspelled ``toplint_*`` hook fail loudly at start-up.
    """
    import pluggy

    from toplint.plugins import hookspecs

    pm = pluggy.PluginManager("toplint")
    pm.add_hookspecs(hookspecs)
    marker = __getattr__("hookimpl")
    for name in BUILTIN_PLUGINS:
        module = importlib.import_module(name)
        for attr in _builtin_hooks(module):
            marker(getattr(module, attr))  # built-in hooks are plain functions: mark them here
        pm.register(module, name=name)
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


def _builtin_hooks(module: object) -> list[str]:
    return sorted(
        a for a in vars(module) if a.startswith("toplint_") and callable(getattr(module, a))
    )


_ORIGINAL_FACTORY = make_plugin_manager


def hook_owner() -> pluggy.PluginManager | None:
    """None when only the built-in plugins exist (they are called directly), else the manager."""
    if make_plugin_manager is _ORIGINAL_FACTORY and not _scan_says_entry_points():
        return None
    return plugin_manager()


def call_hook(name: str) -> list[Any]:
    """The non-None results of hook ``name`` from every plugin, last registered first (pluggy's
    order: third-party plugins before the built-ins, built-ins in reverse tuple order)."""
    owner = hook_owner()
    if owner is not None:
        return list(getattr(owner.hook, name)())
    results = []
    for module_name in reversed(BUILTIN_PLUGINS):
        func = getattr(importlib.import_module(module_name), name, None)
        if func is not None:
            results.append(func())
    return [r for r in results if r is not None]


_scanned: dict[tuple[str, ...], bool] = {}


def _scan_says_entry_points() -> bool:
    key = tuple(sys.path)
    if key not in _scanned:
        _scanned[key] = may_have_entry_points()
    return _scanned[key]


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
