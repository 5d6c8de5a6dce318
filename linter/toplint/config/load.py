"""toplint configuration: ``toplint.yaml`` / ``.toplint.yaml`` / ``[tool.toplint]`` in pyproject.

The nearest configuration file above a checked path wins; ``--config FILE`` overrides discovery;
command-line flags override the file.  Relative paths inside a config (``hardware:``, model
``config.json`` files) are relative to the config file's folder.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from toplint.errors import ConfigError, SourceError
from toplint.infra.patterns import lazy
from toplint.infra.readpolicy import (
    OUTSIDE,
    config_in,
    find_config_path,
    inside_root,
    read_pyproject,
    read_text,
    repository_root,
    start_dir,
)
from toplint.infra.yamlsafe import load_documents
from toplint.record import field, record

if TYPE_CHECKING:
    from toplint.config.validate import KeyPath

# toplint.config.validate is imported where a configuration file is read: a run without one
# (a tree whose settings are all on the command line) never loads it.


@record
class Config:
    path: str | None = None  # file it came from; None = defaults
    base_dir: str = "."
    data: Mapping[str, Any] = field(default_factory=dict)
    # Key path -> (line, column) of the key, for errors found after loading.
    positions: Mapping[KeyPath, tuple[int, int]] = field(default_factory=dict, compare=False)
    # The folder the files it names must resolve inside (``toplint.infra.readpolicy``): the
    # repository of an auto-discovered configuration; None for one named on the command line.
    root: str | None = None

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, self.data.get(key.replace("-", "_"), default))

    def where(self, *keys: str | int) -> str:
        """``file:line:col`` of a key (for error messages), or the file, or "configuration"."""
        if self.path is None:
            return "configuration"
        if keys and isinstance(keys[0], str):
            from toplint.config.validate import canonical_key  # (an error is being worded)

            top = next((k for k in self.data if canonical_key(k) == keys[0]), keys[0])
            keys = (top, *keys[1:])
        line, col = self.positions.get(tuple(keys), (0, 0))
        return f"{self.path}:{line}:{col}" if line else self.path

    def resolve_path(self, value: str, *keys: str | int) -> str:
        """``value`` relative to the config's folder; ``ConfigError`` when an auto-discovered
        configuration names a file outside its repository (``keys``: where, for the message)."""
        path = (
            value if os.path.isabs(value) else os.path.normpath(os.path.join(self.base_dir, value))
        )
        if self.root is not None and not inside_root(path, self.root):
            name = ".".join(str(k) for k in keys) or "path"
            raise ConfigError(
                f"{self.where(*keys)}: {name}: {OUTSIDE} (it resolves outside {self.root}); "
                "name it on the command line instead"
            )
        return path


_TOML_TABLE = lazy(r"^\s*\[\s*tool\.toplint(?P<sub>(?:\.[\w\"'-]+)*)\s*\]")
_TOML_KEY = lazy(r"^\s*(?P<key>\"[^\"]*\"|'[^']*'|[\w-]+)\s*=")


def toml_positions(text: str) -> dict[KeyPath, tuple[int, int]]:
    """Positions of the keys of ``[tool.toplint]`` and its sub-tables (tomllib keeps none).

    Covers ``key = value`` lines under ``[tool.toplint]`` / ``[tool.toplint.rules]`` headers,
    which is how the documented configuration is written; anything else falls back to line 1.
    """
    out: dict[KeyPath, tuple[int, int]] = {}
    table: KeyPath | None = None
    for number, line in enumerate(text.split("\n"), start=1):  # lines end at "\n" only
        header = _TOML_TABLE.match(line)
        if header:
            sub = header.group("sub")
            table = tuple(p.strip("\"'") for p in sub.split(".") if p)
            if table:
                out.setdefault(table, (number, line.index("[") + 1))
            continue
        if line.lstrip().startswith("["):
            table = None
            continue
        key = _TOML_KEY.match(line)
        if key and table is not None:
            out.setdefault((*table, key.group("key").strip("\"'")), (number, key.start("key") + 1))
    return out


def load_config(path: str, *, discovered: bool = False) -> Config:
    """Read one configuration file (YAML or pyproject.toml).

    ``discovered``: found by walking up from a checked path, not named on the command line;
    then it must be inside its own repository (not a symlink out of it), and so must the
    files it names (``toplint.infra.readpolicy``).
    """
    from toplint.config.validate import validate_config

    base = os.path.dirname(os.path.abspath(path))
    root = _discovered_root(path, base) if discovered else None
    if path.endswith(".toml"):
        section, text = read_pyproject(path, root)
        where = toml_positions(text)
        validate_config(section or {}, lambda keys, _value: where.get(keys), path)
        return Config(path, base, section or {}, where, root)

    try:
        docs = load_documents(read_text(path, root=root), path)
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read: {exc}") from None
    except SourceError as exc:
        raise ConfigError(f"{path}:{exc.line}:{exc.column}: {exc}") from None
    data = docs[0].data if docs else {}
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise ConfigError(f"{path}:1:1: the configuration must be a mapping of keys to values")
    doc = docs[0] if docs else None

    def locate(keys: KeyPath, value: bool) -> tuple[int, int] | None:
        if doc is None:
            return None
        pos = doc.value_position(keys) if value else doc.key_position(keys)
        return (pos.line, pos.column)

    validate_config(data, locate, path)
    return Config(path, base, data, doc.key_positions() if doc else {}, root)


def _discovered_root(path: str, base: str) -> str:
    """The repository of an auto-discovered configuration; ``ConfigError`` when the file
    itself is a symlink that leaves it."""

    root = repository_root(base) or os.path.realpath(base)
    if not inside_root(path, root):
        raise ConfigError(f"{path}: {OUTSIDE} (a symlink that leaves {root})")
    return root


def find_config(start: str) -> Config | None:
    """The nearest configuration above ``start`` (a file or directory), or None."""
    path = find_config_path(start)
    return load_config(path, discovered=True) if path else None


class ConfigFinder:
    """Nearest configuration per folder, remembered for one run (many files, few folders)."""

    def __init__(self) -> None:
        self._by_dir: dict[str, str | None] = {}
        self._loaded: dict[str, Config] = {}
        self._absolute: dict[str, str] = {}  # a file's folder as written -> absolute

    def path_for(self, start: str, *, is_file: bool = False) -> str | None:
        """The nearest configuration above ``start``; ``is_file``: ``start`` is known to be a
        file (discovered), so its folder is found without asking the file system."""
        if is_file:
            written = os.path.dirname(start)
            folder = self._absolute.get(written)
            if folder is None:
                folder = self._absolute[written] = os.path.abspath(written or ".")
        else:
            folder = start_dir(start)
        walked: list[str] = []  # folders up to the first one already known (no recursion)
        here = folder
        found: str | None = None
        while here not in self._by_dir:
            walked.append(here)
            found = config_in(here)
            parent = os.path.dirname(here)
            if found is not None or parent == here:
                break
            here = parent
        else:
            found = self._by_dir[here]
        for seen in walked:
            self._by_dir[seen] = found
        return self._by_dir[folder]

    def config_for(self, start: str, *, is_file: bool = False) -> Config | None:
        path = self.path_for(start, is_file=is_file)
        if path is None:
            return None
        if path not in self._loaded:
            self._loaded[path] = load_config(path, discovered=True)
        return self._loaded[path]
