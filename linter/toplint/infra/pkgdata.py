"""Read files shipped inside toplint's packages (schemas, catalogs, YAML rules): the one way
shipped data is read.  JSON and YAML files are parsed once and then served from the data cache
(``toplint.infra.datacache``); YAML is parsed by ``toplint.infra.yamlsafe``, like every other
YAML toplint reads.

A package installed as a folder is read with plain file I/O; ``importlib.resources`` (which
costs ~15 ms to import with ``zipfile`` and ``tempfile``) is only the fallback for a package that
is not a folder on disk, such as one inside a zip archive.
"""

from __future__ import annotations

import importlib
import os
from typing import TYPE_CHECKING, Any

from toplint.infra.datacache import cached_data
from toplint.infra.yamlsafe import load_data

if TYPE_CHECKING:
    from importlib.abc import Traversable

__all__ = ["package_folder", "package_root", "read_json", "read_text", "read_yaml"]


def package_folder(package: str) -> str | None:
    """The package's folder on disk, or None when it is not a plain folder (a zip, say)."""
    module = importlib.import_module(package)
    file = getattr(module, "__file__", None)
    if not file:
        return None
    folder = os.path.dirname(file)
    return folder if os.path.isdir(folder) else None


def read_text(package: str, name: str) -> str:
    """The text of file ``name`` (``/``-separated) in ``package``, as UTF-8."""
    folder = package_folder(package)
    if folder is not None:
        with open(os.path.join(folder, *name.split("/")), encoding="utf-8") as handle:
            return handle.read()
    from importlib import resources

    return resources.files(package).joinpath(name).read_text("utf-8")


def read_json(package: str, name: str) -> Any:
    """The parsed JSON file ``name`` in ``package``, through the data cache (no ``json`` import
    once it is cached)."""

    return cached_data(read_text(package, name), "json", _json_loads)


def _json_loads(text: str) -> Any:
    import json

    return json.loads(text)


def read_yaml(package: str, name: str) -> Any:
    """The data of the one-document YAML file ``name`` in ``package``, through the data cache."""

    origin = f"{package}:{name}"
    return cached_data(read_text(package, name), "yamlsafe-v1", lambda t: _yaml_data(t, origin))


def _yaml_data(text: str, origin: str) -> Any:

    documents = load_data(text, origin, remember=False)
    if len(documents) != 1:
        raise ValueError(f"{origin}: a data file holds one YAML document, found {len(documents)}")
    return documents[0]


def package_root(package: str) -> Traversable:
    """The package's folder as a ``pathlib.Path``, else an ``importlib.resources`` traversable."""
    folder = package_folder(package)
    if folder is not None:
        from pathlib import Path

        return Path(folder)
    from importlib import resources

    return resources.files(package)
