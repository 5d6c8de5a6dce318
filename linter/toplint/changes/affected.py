"""A changed manifest or configuration re-checks the deployments that resolve to it.

``pre-commit`` passes the names of the changed files: a commit that touches only
``hardware.yaml`` or ``toplint.yaml`` names no deployment, yet every deployment checked with
that file may now be wrong.  A named file that is a configuration (``toplint.yaml``,
``.toplint.yaml``, ``pyproject.toml`` with ``[tool.toplint]``), or the manifest a
configuration's ``hardware:`` names, stands for the folder that configuration governs: its
deployments are checked, each against its cluster (``assign:`` globs included) as always.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Sequence

from toplint.config.load import Config, load_config
from toplint.discover.files import SKIP_DIRS
from toplint.errors import ConfigError
from toplint.infra.patterns import lazy
from toplint.infra.readpolicy import CONFIG_NAMES, find_config_path, repository_root

# Folders searched for configurations that may name a manifest (a bound on a huge tree).
MAX_FOLDERS = 20_000


def _real(path: str) -> str:
    return os.path.realpath(path)


def _configs_in(root: str) -> Iterator[str]:
    """Configuration files of the git work tree ``root``."""
    for seen, (folder, dirs, files) in enumerate(os.walk(root)):
        dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS)
        if seen >= MAX_FOLDERS:
            return
        for name in CONFIG_NAMES:
            if name in files:
                yield os.path.join(folder, name)


def _governed_by(path: str, repository: dict[str, list[str]]) -> list[Config]:
    """The configurations ``path`` is (itself) or is the manifest of.  ``repository`` caches
    each work tree's configuration files for one run."""
    if os.path.basename(path) in CONFIG_NAMES:
        config = load_config(path)
        return [config] if config.data or not path.endswith(".toml") else []
    target = _real(path)
    nearest = find_config_path(path)
    root = repository_root(os.path.dirname(os.path.abspath(path)) or ".") or ""
    if root not in repository:
        repository[root] = list(_configs_in(root)) if root else []
    found: list[Config] = []
    for candidate in dict.fromkeys([*([nearest] if nearest else []), *repository[root]]):
        try:
            config = load_config(candidate, discovered=True)
        except ConfigError:
            continue  # another tree's broken configuration is reported when that tree is checked
        hardware = config.get("hardware")
        named = isinstance(hardware, str) and hardware != "none"
        if named and _real(os.path.join(config.base_dir, hardware)) == target:
            found.append(config)
    return found


def expand(paths: Sequence[str], notes: list[str]) -> list[str]:
    """``paths`` with each named configuration or manifest replaced by the folders it governs
    (named files inside those folders are then covered by them, and a manifest holds no
    deployment); ``notes`` gets one line per replacement, for stderr."""
    folders: list[str] = []
    replaced: set[str] = set()
    repository: dict[str, list[str]] = {}
    for path in paths:
        if path == "-" or not os.path.isfile(path) or not _may_govern(path):
            continue
        for config in _governed_by(path, repository):
            replaced.add(path)
            folder = os.path.relpath(config.base_dir)
            if folder.startswith(".."):
                folder = config.base_dir
            if folder not in folders:
                folders.append(folder)
                what = "configuration" if config.path == path else f"manifest of {config.path}"
                notes.append(f"{path} is the {what}: checking the deployments under {folder}")
    if not folders:
        return list(paths)
    inside = [os.path.join(_real(f), "") for f in folders]
    kept = [
        p
        for p in paths
        if p == "-"
        or (p not in replaced and not any(os.path.join(_real(p), "").startswith(i) for i in inside))
    ]
    return [*kept, *folders]


def _may_govern(path: str) -> bool:
    """Only a configuration, or a YAML/JSON file with a ``clusters:`` key (a manifest's one
    required key), can stand for a folder: other files cost no search."""
    name = os.path.basename(path)
    if name in CONFIG_NAMES:
        return True
    if not name.lower().endswith((".yaml", ".yml", ".json")):
        return False
    from toplint.infra.readpolicy import read_text

    try:
        return _CLUSTERS.search(read_text(path)) is not None
    except (OSError, UnicodeDecodeError):
        return False  # reported as the file it is when it is checked


# A manifest's top-level key, in YAML or JSON (``clusters:``, ``"clusters":``).
_CLUSTERS = lazy(r"""^\s*["']?clusters["']?\s*:""", re.MULTILINE)
