"""toplint configuration: ``toplint.yaml`` / ``.toplint.yaml`` / ``[tool.toplint]`` in pyproject.

The nearest configuration file above a checked path wins; ``--config FILE`` overrides discovery;
command-line flags override the file.  Relative paths inside a config (``hardware:``, model
``config.json`` files) are relative to the config file's folder.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from toplint.errors import ConfigError

CONFIG_NAMES = ("toplint.yaml", ".toplint.yaml", "pyproject.toml")


@dataclass(frozen=True)
class Config:
    path: str | None = None  # file it came from; None = defaults
    base_dir: str = "."
    data: Mapping[str, Any] = field(default_factory=dict)

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, self.data.get(key.replace("-", "_"), default))

    def resolve_path(self, value: str) -> str:
        return (
            value if os.path.isabs(value) else os.path.normpath(os.path.join(self.base_dir, value))
        )


def _read_pyproject(path: str) -> Mapping[str, Any] | None:
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # Python 3.10
        import tomli as tomllib
    try:
        with open(path, "rb") as fh:
            data = tomllib.load(fh)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"{path}: cannot read: {exc}") from None
    section = data.get("tool", {}).get("toplint")
    return section if isinstance(section, dict) else None


def load_config(path: str) -> Config:
    """Read one configuration file (YAML or pyproject.toml)."""
    base = os.path.dirname(os.path.abspath(path))
    if path.endswith(".toml"):
        section = _read_pyproject(path)
        return Config(path, base, section or {})
    from toplint.errors import SourceError
    from toplint.yamlsafe import load_documents

    try:
        with open(path, encoding="utf-8") as fh:
            docs = load_documents(fh.read(), path)
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except SourceError as exc:
        raise ConfigError(f"{path}:{exc.line}:{exc.column}: {exc}") from None
    data = docs[0].data if docs else {}
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise ConfigError(f"{path}:1:1: the configuration must be a mapping of keys to values")
    from toplint.configcheck import validate_config

    validate_config(data, docs[0] if docs else None, path)
    return Config(path, base, data)


def find_config(start: str) -> Config | None:
    """The nearest configuration above ``start`` (a file or directory), or None."""
    here = os.path.abspath(start if os.path.isdir(start) else os.path.dirname(start) or ".")
    while True:
        for name in CONFIG_NAMES:
            candidate = os.path.join(here, name)
            if os.path.isfile(candidate):
                if name == "pyproject.toml" and _read_pyproject(candidate) is None:
                    continue
                return load_config(candidate)
        parent = os.path.dirname(here)
        if parent == here:
            return None
        here = parent
